"""`skat thirty-one --rules schwimmen`: Schwimmen in the terminal, its moves read from standard
input in plain line mode, the arena, and one-line errors."""

from __future__ import annotations

import io
import re

import pytest

from skat.cli.main import main


def play(args: list[str], moves: str, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(moves))
    return main(["thirty-one", "--rules", "schwimmen", "--plain", *args])


def test_schwimmen_plays_a_whole_match_in_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # knock when allowed, else swap your first card for the middle's first
    assert play(["--players", "3", "--seed", "4"], "k\n1 1\n" * 400, monkeypatch) == 0
    out = capsys.readouterr().out
    assert out.startswith("Schwimmen, 3 players, rules schwimmen, seed 4")
    assert re.search(r"— round 1: \w+ \w+ —  middle \S+ \S+ \S+", out)
    assert "swap: your card then a middle card" in out and "You knock" in out
    assert re.search(r"Bot \d (swaps|passes|knocks)", out)
    assert "swims" in out and "lives: You out" in out
    assert re.search(r"^(You win|Bot \d wins) the match$", out, re.M)


def test_schwimmen_terminal_takes_positions_names_all_and_pass(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert play(["--players", "2", "--seed", "1"], "h\n7 1\nHA\nw\na\nq\n", monkeypatch) == 0
    out = capsys.readouterr().out
    assert "three fresh cards replace the middle" in out  # the help
    assert "positions are 1 to 3" in out and "is no Schwimmen turn" in out
    assert "You pass" in out and "You swap" in out and out.rstrip().endswith("bye")


def test_schwimmen_arena_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--arena", "heuristic,random", "--matches", "10", "--seed", "1"]
    assert main(["thirty-one", "--rules", "schwimmen", *args]) == 0
    out = capsys.readouterr().out
    assert "rules: schwimmen, seed: 1" in out and re.search(r"^heuristic\s+10\s+\d+", out, re.M)


def test_schwimmen_bad_options_are_one_line_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["thirty-one", "--rules", "schwimmen,throw_down=on"]) == 2
    err = capsys.readouterr().err
    assert "throw_down=on is a rule of the draw turn" in err and len(err.strip().splitlines()) == 1
