"""The list check against hand-worked entries: legal game values with or without matadors,
overbid losses (ISkO 5.4), the declarer at the table and not the dealer at a 4-table, passed-in
games, the number of games per table size (36 at a 3-table, 48 at a 4-table, fewer only under a
time limit) and the totals and won/lost counts the table wrote."""

from __future__ import annotations

import pytest

from skat.core import Rules
from skat.tournament import GameEntry, TableList, check_list, parse_list, table_points

T = Rules.parse("tournament")
THREE = ("Anna", "Ben", "Cora")
FOUR = ("Anna", "Ben", "Cora", "Dirk")


def _problems(games: list[GameEntry], players: tuple[str, ...] = THREE) -> list[str]:
    tl = TableList(1, 1, players, tuple(games))
    return [str(p) for p in check_list(tl, T, planned=len(games))]


@pytest.mark.parametrize(
    ("contract", "won", "value"),
    [
        ("D", True, 18),  # with 1, game 2 × 9
        ("D", False, 27),  # with/without 2, game 3
        ("H", True, 110),  # with 10, game 11 × 10
        ("S", True, 132),  # with 11, game 12 × 11
        ("C", True, 168),  # with 11, game 12, schneider 13, schwarz 14 × 12
        ("G", True, 48),  # with 1, game 2 × 24
        ("G", True, 168),  # with 4, game 5, schneider 6, schwarz 7 × 24
        ("GH", True, 72),  # with 1, game 2, hand 3
        ("GHS", True, 120),  # with 1, game 2, hand 3, schneider 4, announced 5
        ("GO", True, 264),  # with 4 … ouvert 11
        ("CO", True, 216),  # with 11, game 12, hand 13, S, SA, Z, ZA 17, ouvert 18 × 12
        ("N", True, 23),
        ("NH", False, 35),
        ("NO", True, 46),
        ("NOH", False, 59),
        ("N", False, 35),  # a Null overbid at 24: lost with Null Hand's 35
        ("G", False, 72),
    ],
)
def test_legal_game_values_pass_the_check(contract: str, won: bool, value: int) -> None:
    assert _problems([GameEntry("Ben", contract, won, value)]) == []


@pytest.mark.parametrize(
    ("contract", "won", "value", "reason"),
    [
        ("D", True, 20, "20 is no value of a won D"),  # not a multiple of 9
        ("H", True, 150, "150 is no value of a won H"),  # 15 levels: 11 matadors + 3 at most
        ("G", True, 24, "24 is no value of a won G"),  # a Grand is at least with 1, game 2
        ("G", True, 192, "192 is no value of a won G"),  # 8 levels needs Hand or announcements
        ("GH", True, 48, "48 is no value of a won GH"),  # a Hand game is at least 3 levels
        ("N", True, 35, "35 is no value of a won N"),  # a Null is won with its own value
        ("G", False, 24, "24 is no value of a lost G"),  # not even an overbid Grand
        ("C", False, 30, "30 is no value of a lost C"),
        ("GO", True, 168, "168 is no value of a won GO"),
    ],
)
def test_impossible_game_values_are_flagged_with_the_reason(
    contract: str, won: bool, value: int, reason: str
) -> None:
    assert [p for p in _problems([GameEntry("Ben", contract, won, value)]) if reason in p]


def test_lost_overbid_must_be_the_lowest_multiple_of_the_base_value_reaching_the_bid() -> None:
    # Clubs Hand bid 46: "with 1, game 2, hand 3" = 36 < 46, lost with 48 (ISkO 5.4)
    assert _problems([GameEntry("Ben", "CH", False, 48, bid=46)]) == []
    assert _problems([GameEntry("Ben", "CH", False, 36, bid=46)]) == [
        "game 1: a game lost below the bid (36 < 46) is lost overbid with 48"
    ]
    # Spades "with 1, game 2" = 22 at bid 23: lost overbid with 33, never with 22
    assert _problems([GameEntry("Ben", "S", False, 33, bid=23)]) == []
    assert _problems([GameEntry("Ben", "S", False, 22, bid=23)]) == [
        "game 1: a game lost below the bid (22 < 23) is lost overbid with 33"
    ]
    # without a bid on the list, 33 may be an overbid loss or "with 2, game 3"; 25 is neither
    assert "25 is no value of a lost S" in _problems([GameEntry("Ben", "S", False, 25)])[0]


def test_a_game_won_below_the_bid_is_flagged() -> None:
    assert _problems([GameEntry("Ben", "H", True, 20, bid=22)]) == [
        "game 1: a game won below the bid (20 < 22) is lost overbid with 30"
    ]
    assert _problems([GameEntry("Ben", "H", True, 20, bid=21)]) == ["game 1: 21 is no bid"]


def test_the_dealer_sits_out_at_a_four_table() -> None:
    games = [GameEntry("Anna", "G", True, 48), GameEntry("Anna", "G", True, 48)]
    assert _problems(games, FOUR) == ["game 1: Anna dealt game 1 and sits out at a 4-table"]
    # at a 3-table the dealer plays (Rearhand)
    assert _problems([GameEntry("Anna", "G", True, 48)]) == []


def test_a_declarer_not_at_the_table_and_an_unknown_game_are_flagged() -> None:
    assert _problems([GameEntry("Eva", "G", True, 48)]) == [
        "game 1: 'Eva' does not sit at this table"
    ]
    assert _problems([GameEntry("Ben", "X", True, 48)]) == ["game 1: not a contract: 'X'"]
    assert _problems([GameEntry("Ben", "CS", True, 60)]) == [
        "game 1: Schneider can be announced only in a Hand game: 'CS'"
    ]


def test_a_passed_in_game_has_no_value() -> None:
    assert _problems([GameEntry(None)]) == []
    assert _problems([GameEntry(None, "G", False, 48)]) == [
        "game 1: a passed-in game has no game, value or winner"
    ]


def test_a_series_is_36_games_at_a_3_table_and_48_at_a_4_table() -> None:
    def count(n: int, players: tuple[str, ...], planned: int, limit: bool = False) -> list[str]:
        tl = TableList(1, 1, players, (GameEntry(None),) * n)
        return [str(p) for p in check_list(tl, T, planned, time_limit=limit)]

    assert count(36, THREE, 36) == [] and count(48, FOUR, 48) == []
    assert count(35, THREE, 36) == ["35 games, a table of 3 plays 36"]
    assert count(49, FOUR, 48) == ["49 games, a table of 4 plays 48"]


def test_a_time_limit_strikes_the_games_not_started() -> None:
    tl = TableList(1, 1, THREE, (GameEntry(None),) * 30)
    assert check_list(tl, T, 36, time_limit=True) == ()
    tl = TableList(1, 1, THREE, (GameEntry(None),) * 37)
    assert [str(p) for p in check_list(tl, T, 36, time_limit=True)] == [
        "37 games, a table of 3 plays 36"
    ]


def test_the_totals_and_counts_the_table_wrote_are_checked() -> None:
    text = "Ben G won 72\nAnna C lost 48\ntotals 0 162 40\nwon 0 1 0\nlost 1 0 1"
    games, written = parse_list(text, THREE)
    tl = TableList(1, 1, THREE, games, written["totals"], written["won"], written["lost"])
    assert [str(p) for p in check_list(tl, T, 2)] == [
        "the table wrote totals 0 162 40, the games give -146 162 40",
        "the table wrote lost games 1 0 1, the games give 1 0 0",
    ]


def test_seeger_fabian_points_of_a_list_at_a_3_table_and_a_4_table() -> None:
    games = (GameEntry("Ben", "G", True, 72), GameEntry("Anna", "C", False, 48))
    three = table_points(TableList(1, 1, THREE, games), T)
    assert three.points == (-146, 162, 40)  # won 72 + 50; lost −96 − 50, + 40 each other
    four = table_points(TableList(1, 1, FOUR, (GameEntry("Ben", "G", True, 72), games[1])), T)
    assert four.points == (-146, 152, 30, 30)  # + 30 each other at a 4-table, dealer included
    assert four.won == (0, 1, 0, 0) and four.lost == (1, 0, 0, 0)


def test_old_rules_list_accepts_every_bid_of_the_old_ladder() -> None:
    """The Skatordnung before 1998 bids by game values up to 360 (Grand Ouvert base 36)."""
    old = Rules.parse("old")

    def problems(entry: GameEntry, rules: Rules) -> list[str]:
        tl = TableList(1, 1, THREE, (entry,))
        return [str(p) for p in check_list(tl, rules, planned=1)]

    assert problems(GameEntry("Ben", "GO", True, 360, bid=360), old) == []  # with 4: 10 × 36
    assert problems(GameEntry("Ben", "GO", True, 252, bid=252), old) == []  # with 1: 7 × 36
    assert problems(GameEntry("Ben", "GO", True, 324, bid=288), old) == []
    assert problems(GameEntry("Ben", "GO", True, 360, bid=264), old) == ["game 1: 264 is no bid"]
    # the ISkO ladder stops at 264
    assert problems(GameEntry("Ben", "GO", True, 264, bid=288), T) == ["game 1: 288 is no bid"]
