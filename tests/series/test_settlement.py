"""pagat.com, Skatordnung: settlement with a stake.  Between each pair of players the lower
total pays the higher the difference times the stake; with four or more players the declarer is
paid by (or pays) every other participant, the sitting ones included."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skat.core import Rules
from skat.series import (
    Series,
    SettlementError,
    format_amount,
    settle,
    settle_each,
    stake_of,
    total_net,
)

from ._support import PASSED, lost, won

FH, MH, RH = 0, 1, 2


def _paid(settlement: object) -> list[str]:
    return [str(p) for p in settlement.payments]  # type: ignore[attr-defined]


def test_pagat_abc_example_five_pfennig_a_point() -> None:
    """pagat.com, Skat: "A, B and C are playing for 5 Pfennig a point. At the end the scores are
    A: ..." - every copy we read is cut off before the figures, so the totals here are ours;
    the rule (lower pays higher the difference x 5 Pfennig) is pagat's."""
    s = settle({"A": 320, "B": -90, "C": 110}, stake=5)
    assert _paid(s) == ["B pays A 2050", "C pays A 1050", "B pays C 1000"]
    # 2050 = (320 - -90) x 5, 1050 = (320 - 110) x 5, 1000 = (110 - -90) x 5
    assert s.net == {"A": 3100, "B": -3050, "C": -50}


def test_fosters_hoyle_three_handed_example() -> None:
    """R. F. Foster, Foster's Complete Hoyle (1909), Skat, "balancing the scores": A - 7,
    B + 88, C + 19 come to A - 121, B + 164, C - 43."""
    s = settle({"A": -7, "B": 88, "C": 19})
    assert _paid(s) == ["A pays B 95", "A pays C 26", "C pays B 69"]
    assert s.net == {"A": -121, "B": 164, "C": -43}


def test_fosters_hoyle_four_handed_example_and_the_league_stake() -> None:
    """Foster: A 186, B 42, C 344, D 116 balance to + 56, - 520, + 688, - 224 points; at the
    League stake of a quarter cent a point (the "average" shortcut) + 14, - 130, + 172, - 56 cents."""
    totals = {"A": 186, "B": 42, "C": 344, "D": 116}
    assert settle(totals).net == {"A": 56, "B": -520, "C": 688, "D": -224}
    assert settle(totals, stake="1/4").net == {"A": 14, "B": -130, "C": 172, "D": -56}


def test_the_declarer_is_paid_by_every_other_participant_sitting_ones_included() -> None:
    s = Series(["A", "B", "C", "D"], seed=1)
    s.add(won("G", 48, FH))  # A deals and sits; B wins 48
    s.add(lost("C", 24, MH))  # B deals and sits; D loses 48
    first, second = s.game_settlements(stake="1/2")
    assert _paid(first) == ["A pays B 24", "C pays B 24", "D pays B 24"]
    assert _paid(second) == ["D pays A 24", "D pays B 24", "D pays C 24"]


def test_five_players_the_declarer_settles_with_all_four_others() -> None:
    s = Series(list("ABCDE"), seed=1)
    s.add(won("H", 30, RH))  # A deals: B C E play; E (Rearhand) wins 30
    assert s.game_settlements()[0].net == {"A": -30, "B": -30, "C": -30, "D": -30, "E": 120}


def test_per_game_settlement_adds_up_to_the_end_of_list_settlement() -> None:
    s = Series(["A", "B", "C", "D"], Rules.parse("tournament"), seed=1)
    for r in [won("G", 72, MH), lost("S", 33, RH), PASSED, won("N", 23, FH), lost("G", 48, FH)]:
        s.add(r)
    assert total_net(s.game_settlements("1/10")) == s.settlement("1/10").net


def test_amounts_are_exact_and_print_as_money() -> None:
    s = settle({"A": 33, "B": 0, "C": 0}, stake="1/10")
    assert s.net["A"] == Fraction(33, 5) and format_amount(s.net["A"]) == "6.60"
    assert str(s).splitlines() == [
        "B pays A 3.30",
        "C pays A 3.30",
        "A: +6.60",
        "B: -3.30",
        "C: -3.30",
    ]
    assert format_amount(Fraction(1, 3)) == "1/3"


def test_equal_totals_pay_nothing_and_nets_sum_to_zero() -> None:
    s = settle({"A": 10, "B": 10, "C": -5}, stake=2)
    assert _paid(s) == ["C pays A 30", "C pays B 30"]
    assert sum(s.net.values()) == 0


@pytest.mark.parametrize("stake", ["x", -1, 0.1, True, "1/0"])
def test_bad_stakes_are_refused(stake: object) -> None:
    with pytest.raises(SettlementError):
        stake_of(stake)  # type: ignore[arg-type]


def test_stakes_in_the_seeds_units() -> None:
    assert [stake_of(x) for x in ("1/10", "1/4", "1/2", 1)] == [
        Fraction(1, 10),
        Fraction(1, 4),
        Fraction(1, 2),
        Fraction(1),
    ]


def test_settle_each_rows() -> None:
    rows = [{"A": 24, "B": 0, "C": 0}, {"A": 0, "B": -96, "C": 0}]
    assert [s.net for s in settle_each(rows)] == [
        {"A": 48, "B": -24, "C": -24},
        {"A": 96, "B": -192, "C": 96},
    ]


def test_danish_money_is_settled_on_the_plain_list() -> None:
    """docs/variants/danish.md: pagat says Danish money games use normal scoring; the Danish
    tournament list is for the highest score."""
    s = Series(["A", "B", "C"], Rules.parse("danish"), seed=1)
    s.add(lost("C", 48, FH))  # B loses 48: the Danish list gives A and C + 48
    assert s.totals == [48, 0, 48] and s.money_sheet == "plain"
    assert _paid(s.settlement()) == ["B pays A 96", "B pays C 96"]
    assert _paid(s.settlement(sheet="danish")) == ["B pays A 48", "B pays C 48"]


def test_any_list_can_be_settled_on_another_sheet() -> None:
    s = Series(["A", "B", "C", "D"], Rules.parse("tournament,bock=on"), seed=1)
    s.add(won("G", 120, FH))  # Bock round next
    s.add(lost("C", 24, FH))  # doubled: plain -96 for C
    assert s.entries_on("plain") == [(0, 120, 0, 0), (0, 0, -96, 0)]
    assert s.settlement(sheet="plain").net == {"A": -24, "B": 456, "C": -408, "D": -24}
