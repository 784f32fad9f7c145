"""`skat thirty-one --rules schwimmen`: Schwimmen in the terminal, fed through standard input."""

from __future__ import annotations

import os
import re
import subprocess
import sys

CMD = [sys.executable, "-m", "skat.cli.main", "thirty-one"]


def run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        CMD + args, input=stdin, capture_output=True, text=True, timeout=120, env=env, check=False
    )


def test_schwimmen_plays_a_whole_match_in_the_terminal() -> None:
    # knock when allowed, else swap your first card for the middle's first, else pass
    proc = run(
        ["--rules", "schwimmen", "--plain", "--players", "3", "--seed", "4"], "k\n1 1\n" * 400
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("Schwimmen, 3 players, rules schwimmen, seed 4")
    assert re.search(r"— round 1: \w+ \w+ —  middle \S+ \S+ \S+", out)
    assert "swap: your card then a middle card" in out and "You knock" in out
    assert re.search(r"Bot \d (swaps|passes|knocks)", out)
    assert "swims" in out and "lives: You out" in out
    assert re.search(r"^(You win|Bot \d wins) the match$", out, re.M)


def test_schwimmen_terminal_takes_positions_names_all_and_pass() -> None:
    proc = run(
        ["--rules", "schwimmen", "--plain", "--players", "2", "--seed", "1"],
        "h\n7 1\nHA\nw\na\nq\n",
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "three fresh cards replace the middle" in out  # the help
    assert "positions are 1 to 3" in out
    assert "You pass" in out and "You swap" in out and out.rstrip().endswith("bye")


def test_schwimmen_arena_runs_from_the_command_line() -> None:
    proc = run(
        ["--rules", "schwimmen", "--arena", "heuristic,random", "--matches", "10", "--seed", "1"],
        "",
    )
    assert proc.returncode == 0, proc.stderr
    assert "rules: schwimmen, seed: 1" in proc.stdout and "heuristic" in proc.stdout


def test_schwimmen_bad_options_are_one_line_errors() -> None:
    proc = run(["--rules", "schwimmen,throw_down=on"], "")
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert "throw_down=on is a rule of the draw turn" in proc.stderr
