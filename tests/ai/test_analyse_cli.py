"""`skat analyse`: every card of a played game against the double-dummy best."""

from __future__ import annotations

from pathlib import Path

import pytest

from skat.cli.main import main

REAL = Path(__file__).resolve().parent.parent / "data" / "iss" / "real.sgf"


def test_analyse_names_the_declarers_goal_and_each_card_that_lost_value(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["analyse", str(REAL), "--id", "9"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("ID 9: with 2, game 3, hand 4, × Clubs 12 = 48")
    assert out[1].startswith("  declarer 2: 61 card points could")
    cards = [line for line in out[2:] if line.startswith("  seat ")]
    assert cards and all("lost" in line for line in cards)
    assert all(int(line.rsplit("lost ", 1)[1].rstrip(")")) > 0 for line in cards)


def test_analyse_all_lists_every_card_played(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(REAL), "--id", "9", "--all"]) == 0
    cards = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  seat ")]
    assert len(cards) == 30  # the record plays all ten tricks


def test_analyse_skips_games_without_play_and_stops_at_the_limit(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["analyse", str(REAL), "--limit", "1"]) == 0  # games without play don't count
    out = capsys.readouterr().out
    assert "ID 8: no game was played" in out
    assert "ID 9:" in out and "ID 25:" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--limit", "-1"], "--limit must be 0 (no limit) or more"),
        (["--id", "nosuchgame"], "no game to analyse with ID nosuchgame"),
    ],
)
def test_analyse_user_errors_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["analyse", str(REAL), *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err


def test_analyse_a_missing_file_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "/nonexistent/games.sgf"]) == 2
    err = capsys.readouterr().err.strip()
    assert "No such file" in err and "\n" not in err
