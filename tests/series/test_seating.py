"""ISkO 2, Skatordnung: who deals, who plays and who sits out at tables of 3, 4, 5 and more."""

from __future__ import annotations

import pytest

from skat.series import SeatingError, SeatingOrder, Series, SeriesError

from ._support import PASSED


def test_three_players_the_dealer_is_rearhand() -> None:
    t = SeatingOrder(["A", "B", "C"])
    assert [t.seats(d) for d in range(3)] == [(1, 2, 0), (2, 0, 1), (0, 1, 2)]
    assert all(t.sitting(d) == () for d in range(3))


def test_four_players_the_dealer_sits_out_and_his_right_neighbour_is_rearhand() -> None:
    t = SeatingOrder(["A", "B", "C", "D"])
    assert t.seats(0) == (1, 2, 3) and t.sitting(0) == (0,)
    assert t.seats(2) == (3, 0, 1) and t.sitting(2) == (2,)


def test_five_players_the_dealers_two_left_neighbours_and_right_neighbour_play() -> None:
    t = SeatingOrder(["A", "B", "C", "D", "E"])
    names = t.players
    expected = {  # dealer: (Forehand, Middlehand, Rearhand), sitting
        "A": (("B", "C", "E"), ("A", "D")),
        "B": (("C", "D", "A"), ("B", "E")),
        "C": (("D", "E", "B"), ("C", "A")),
        "D": (("E", "A", "C"), ("D", "B")),
        "E": (("A", "B", "D"), ("E", "C")),
    }
    for d, name in enumerate(names):
        seats, sitting = expected[name]
        assert tuple(names[p] for p in t.seats(d)) == seats
        assert tuple(names[p] for p in t.sitting(d)) == sitting


def test_six_players_three_sit_out() -> None:
    t = SeatingOrder(list("ABCDEF"))
    assert t.seats(0) == (1, 2, 5) and t.sitting(0) == (0, 3, 4)


def test_each_player_is_forehand_middlehand_and_rearhand_once_a_round_at_every_size() -> None:
    for n in range(3, 8):
        t = SeatingOrder([f"P{i}" for i in range(n)])
        for seat in range(3):
            assert sorted(t.seats(d)[seat] for d in range(n)) == list(range(n))


def test_dealer_rotates_clockwise_and_a_passed_in_game_counts() -> None:
    s = Series(["A", "B", "C", "D", "E"], seed=1, games=10)
    dealers = []
    for _ in range(10):
        dealers.append(s.dealer_name)
        s.add(PASSED)
    assert dealers == list("ABCDEABCDE")
    assert s.is_over and s.round == 3


def test_series_lengths_default_to_36_and_48_games() -> None:
    assert Series(["A", "B", "C"], seed=0).planned == 36
    assert Series(["A", "B", "C", "D"], seed=0).planned == 48
    assert Series(list("ABCDE"), seed=0).planned == 60
    assert Series(["A", "B", "C"], seed=0, games=9).planned == 9


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["A", "B"], "at least 3 players"),
        (["A", "", "C"], "non-empty"),
        (["A", " B", "C"], "space"),
        (["A", "B\nX", "C"], "control character"),
        (["A", "B", "A"], "given twice"),
        ("ABC", "not one string"),
    ],
)
def test_bad_tables_are_refused_with_a_reason(players: object, message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        SeatingOrder(players)  # type: ignore[arg-type]


def test_series_options_are_checked() -> None:
    with pytest.raises(SeriesError, match="seed"):
        Series(["A", "B", "C"], seed="x")  # type: ignore[arg-type]
    with pytest.raises(SeriesError, match="games"):
        Series(["A", "B", "C"], seed=1, games=0)
