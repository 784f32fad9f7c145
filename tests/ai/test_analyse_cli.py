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
    assert out[0].startswith("ID 9: vaun loses Clubs Hand with 56 card points")
    assert out[1] == (
        "  double dummy: vaun could not make it against best defence (61 card points) "
        "(double-dummy value 31: the card points the declarer ends with, skat included)"
    )
    # the terminal review's words: "trick 2: Bob ♣10, better ♣9 (cost 56 points)"
    cards = [line for line in out[2:] if line.startswith("  trick ")]
    assert cards and all(", better " in line and "(cost " in line for line in cards)
    assert all(int(line.rsplit("(cost ", 1)[1].split()[0]) > 0 for line in cards)
    assert not any("seat " in line or "declarer 2" in line for line in out)


def test_analyse_all_lists_every_card_played(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(REAL), "--id", "9", "--all"]) == 0
    out = capsys.readouterr().out.splitlines()
    cards = [line for line in out if line.startswith("  trick ")]
    assert len(cards) == 30  # the record plays all ten tricks
    assert cards[0].startswith("  trick 1: ") and cards[-1].startswith("  trick 10: ")


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


def test_analyse_and_solve_give_one_double_dummy_value_skat_included(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """ID 26496: Clubs Schwarz announced, the declarer takes every trick: the value is all 120
    card points (the two cards put away count for him), not the 117 the tricks alone hold."""
    assert main(["analyse", str(REAL), "--id", "26496"]) == 0
    head = capsys.readouterr().out.splitlines()[1]
    assert head.startswith("  double dummy: ") and "could make it (all tricks)" in head
    assert head.endswith(
        "(double-dummy value 120: the card points the declarer ends with, skat included)"
    )
    assert main(["analyse", str(REAL), "--id", "9"]) == 0
    analysed = capsys.readouterr().out.splitlines()[1]
    assert main(["solve", "--record", str(REAL), "--id", "9"]) == 0
    solved = capsys.readouterr().out.splitlines()[2]
    words = "double-dummy value 31: the card points the declarer ends with, skat included"
    assert words in analysed and solved.startswith(words)


def test_analyse_and_solve_state_the_same_meaning_in_their_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    helps = []
    for name in ("analyse", "solve"):
        with pytest.raises(SystemExit):
            main([name, "--help"])
        helps.append(" ".join(capsys.readouterr().out.split()))
    meaning = (
        "The double-dummy value is the card points the declarer ends with when every hand is "
        "open and both sides play perfectly, the skat (or the two cards put away) counted for "
        "him as the rules count it; in Null: whether he stays without a trick."
    )
    assert all(meaning in text for text in helps)


def test_a_null_game_that_cannot_be_made_is_said_without_a_double_negative(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["analyse", str(REAL), "--limit", "2"]) == 0
    out = capsys.readouterr().out
    assert "  double dummy: foo could not make it against best defence (no trick)" in out
    assert "no trick could not" not in out
