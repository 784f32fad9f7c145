"""`skat thirty-one`: a whole game in a pseudo-terminal (pexpect), the plain line mode fed
through standard input, the arena, and one-line errors."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys

import pytest

from skat.cli.main import main

CMD = [sys.executable, "-m", "skat.cli.main", "thirty-one"]


def run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        CMD + args, input=stdin, capture_output=True, text=True, timeout=120, env=env, check=False
    )


def test_plain_line_mode_plays_a_whole_match_from_standard_input() -> None:
    # knock when allowed, else draw from the stock and discard the first card
    proc = run(["--plain", "--players", "3", "--seed", "4"], "k\ns\n1\n" * 400)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "\033[" not in out  # no colour in plain mode
    assert out.startswith("Scat (Thirty-one), 3 players, rules scat, seed 4")
    assert "lives: You 3 pennies | Bot 1 3 pennies | Bot 2 3 pennies" in out
    assert "your turn: s = stock" in out and "You knock" in out
    assert "— the round is over —" in out
    assert "lives: You on the county" in out and "lives: You out" in out
    assert "You are out. The computer players finish the match." in out
    assert re.search(r"^(You win|Bot \d wins) the match$", out, re.M)


def test_plain_line_mode_explains_illegal_input_in_one_line_and_asks_again() -> None:
    proc = run(["--plain", "--players", "2", "--seed", "1"], "H1\n9\nfold\nq\n")
    assert proc.returncode == 0
    assert "not an action: 'H1'" in proc.stdout and "not an action: 'fold'" in proc.stdout
    assert proc.stdout.rstrip().endswith("bye")


def test_plain_line_mode_shows_who_took_what_and_who_knocked() -> None:
    proc = run(["--plain", "--players", "4", "--seed", "2"], "s\n1\n" * 300)
    assert proc.returncode == 0
    out = proc.stdout
    assert re.search(r"Bot \d draws from the (stock|pile)", out)
    assert re.search(r"Bot \d knocks!", out)
    assert "your cards:" in out and "discard which? 1=" in out


def test_end_of_input_quits_cleanly() -> None:
    proc = run(["--plain", "--seed", "3"], "")
    assert proc.returncode == 0 and "bye" in proc.stdout and not proc.stderr


def test_pseudo_terminal_full_game() -> None:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, PYTHONIOENCODING="utf-8", TERM="xterm")
    child = pexpect.spawn(
        CMD[0],
        [*CMD[1:], "--players", "3", "--seed", "9"],
        env=env,
        encoding="utf-8",
        timeout=300,
        dimensions=(40, 120),
    )
    transcript = io.StringIO()
    child.logfile_read = transcript
    seen = {"turn": 0, "discard": 0, "next": 0}
    turns = 0
    try:
        while True:
            i = child.expect(
                [
                    r"your turn: ([^\r\n]*)",
                    r"discard which\?",
                    r"Enter for the next round",
                    r"(You win|Bot \d wins) the match",
                    pexpect.EOF,
                ],
            )
            if i == 0:
                seen["turn"] += 1
                turns += 1
                child.sendline(
                    "k" if "k = knock" in child.match.group(1) and turns % 3 == 0 else "s"
                )
            elif i == 1:
                seen["discard"] += 1
                child.sendline("1")
            elif i == 2:
                seen["next"] += 1
                child.sendline("")
            elif i == 3:
                break
            else:
                pytest.fail("the game ended without a winner:\n" + (child.before or ""))
            assert turns < 500
    finally:
        child.close(force=True)
    assert seen["turn"] and seen["discard"] and seen["next"]
    screen = transcript.getvalue()
    assert "lives: You ●" in screen and "\033[" in screen  # pennies, colour on a terminal
    assert "— the round is over —" in screen and "your cards:" in screen


def test_arena_reports_win_rates_with_an_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["thirty-one", "--arena", "heuristic,random", "--matches", "10", "--seed", "1"]) == 0
    )
    out = capsys.readouterr().out
    assert "rules: scat, seed: 1" in out and "95% CI" in out
    assert re.search(r"^heuristic\s+10\s+\d+", out, re.M)


def test_rules_help_lists_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["thirty-one", "--rules", "help"]) == 0
    out = capsys.readouterr().out
    for name in ("pack=52|32", "min_knock=0..31", "three_of_a_kind=off|30|30.5", "throw_down"):
        assert name in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "12"], "--players must be 2 to 9"),
        (["--rules", "scat,pack=40"], "rules option pack takes 52 or 32"),
        (["--arena", "heuristic,clever"], "unknown agent 'clever'"),
        (["--arena", "heuristic"], "--arena takes 2 to 9 agents"),
        (["--arena", "random,random", "--matches", "0"], "--matches must be at least 1"),
    ],
)
def test_bad_options_are_one_line_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["thirty-one", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and err.startswith("skat thirty-one: error:")
