"""The other score sheets: plain (ISkO 5.3), Bierlachs (Lehnhoff, via Wikipedia "Bierlachs"),
Danish (pagat.com: the defenders of a lost game each score its value), Ramsch on every sheet."""

from __future__ import annotations

import pytest

from skat.core import Rules
from skat.series import Series, entries

from ._support import PASSED, lost, ramsch, won

FH, MH, RH = 0, 1, 2


def test_plain_list_writes_the_declarers_score_only() -> None:
    s = Series(["A", "B", "C", "D"], seed=1)
    s.add(won("G", 96, MH))  # A deals: B C D play, C is Middlehand
    s.add(lost("H", 30, FH))  # B deals: C D A play, C is Forehand
    s.add(PASSED)
    assert [r.entries for r in s.records] == [(0, 0, 96, 0), (0, 0, -60, 0), (0, 0, 0, 0)]
    assert s.totals == [0, 0, 36, 0] and s.won == [0, 0, 1, 0] and s.lost == [0, 0, 1, 0]


def test_plain_list_keeps_the_kontra_multiplier_in_the_score() -> None:
    s = Series(["A", "B", "C"], seed=1)
    s.add(lost("C", 24, RH, multiplier=4, kontra=2))  # Kontra and Re: -2 x 24 x 4
    assert s.records[0].entries == (-192, 0, 0)


def test_bierlachs_only_minus_points_the_defenders_of_a_won_game() -> None:
    s = Series(["A", "B", "C"], Rules.parse("isko,score_sheet=bierlachs"), seed=1)
    s.add(won("S", 40, FH))  # B wins 40: A and C -40 each (Wikipedia's example)
    s.add(lost("S", 40, FH))  # C loses: -80
    assert [r.entries for r in s.records] == [(-40, 0, -40), (0, 0, -80)]


def test_bierlachs_ends_when_a_player_reaches_the_limit() -> None:
    s = Series(["A", "B", "C"], Rules.parse("isko,score_sheet=bierlachs"), seed=1, limit=501)
    while not s.is_over:
        s.add(won("G", 120, RH))  # the dealer wins each time; the two others pay
    # A is a defender in games 2, 3 (dealers B, C): after 6 games A, B, C have -480 each,
    # game 7 (dealer A) puts B and C at -600
    assert len(s.records) == 7 and s.totals == [-480, -600, -600]
    assert s.bierlachs_loser == "B"


def test_danish_the_defenders_of_a_lost_game_each_score_its_value() -> None:
    s = Series(["A", "B", "C"], Rules.parse("isko,score_sheet=danish"), seed=1)
    s.add(won("C", 48, FH))  # B +48
    s.add(lost("C", 48, FH))  # C lost: A and B +48 each, C nothing
    assert [r.entries for r in s.records] == [(0, 48, 0), (48, 48, 0)]


def test_danish_four_table_the_sitting_dealer_scores_nothing() -> None:
    s = Series(["A", "B", "C", "D"], Rules.parse("isko,score_sheet=danish"), seed=1)
    s.add(lost("H", 20, FH))  # A sits; B lost: C, D +20
    assert s.records[0].entries == (0, 0, 20, 20)


def test_ramsch_on_every_sheet() -> None:
    r = ramsch(0, -45, 0)
    seats = (1, 2, 0)
    assert entries(r, seats, 3, "plain") == (0, 0, -45)
    assert entries(r, seats, 3, "seeger") == (0, 0, -45)
    assert entries(r, seats, 3, "danish") == (0, 0, -45)
    assert entries(r, seats, 3, "bierlachs") == (0, 0, -45)
    durchmarsch = ramsch(120, 0, 0)  # Forehand takes every trick: the others pay in Bierlachs
    assert entries(durchmarsch, seats, 3, "plain") == (0, 120, 0)
    assert entries(durchmarsch, seats, 3, "bierlachs") == (-120, 0, -120)


def test_bock_factor_doubles_every_entry() -> None:
    r = lost("G", 48, FH)
    assert entries(r, (1, 2, 0), 3, "seeger", factor=2) == (80, -292, 80)


def test_unknown_sheet_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown score sheet"):
        entries(PASSED, (1, 2, 0), 3, "golf")
