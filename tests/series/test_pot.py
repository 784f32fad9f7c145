"""pagat.com: the pot.  Everyone pays in at the start (and again when it is empty);
a lost game (or a lost Ramsch) pays the pot too; a won Grand Hand takes it; a lost one doubles it."""

from __future__ import annotations

from skat.core import Rules
from skat.series import Series

from ._support import PASSED, lost, ramsch, won

FH, MH, RH = 0, 1, 2
POT = Rules.parse("isko,ramsch=ramsch,pot=10")


def test_pot_pay_in_lost_games_grand_hand_takes_it() -> None:
    s = Series(["A", "B", "C"], POT, seed=1)
    s.add(won("C", 24, FH))  # everyone pays 10 in: pot 30
    assert s.records[0].pot == (-10, -10, -10) and s.pot.content == 30
    s.add(lost("H", 20, FH))  # C lost: pays 10: pot 40
    s.add(ramsch(-40, 0, 0))  # A (Forehand when C deals) lost the Ramsch: pot 50
    s.add(PASSED)
    assert s.pot.content == 50 and s.pot_balance() == {"A": -20, "B": -10, "C": -20}
    s.add(won("GH", 72, FH))  # game 5, dealer B: C wins a Grand Hand and takes 50
    assert s.records[-1].pot == (0, 0, 50) and s.pot.content == 0
    assert s.pot_balance() == {"A": -20, "B": -10, "C": 30}
    s.add(PASSED)  # the empty pot is filled again before the next game
    assert s.records[-1].pot == (-10, -10, -10) and s.pot.content == 30


def test_a_lost_grand_hand_doubles_the_pot() -> None:
    s = Series(["A", "B", "C"], POT, seed=1)
    s.add(lost("GH", 48, FH))  # pot 30, B loses a Grand Hand: pays 30 more
    assert s.records[0].pot == (-10, -40, -10) and s.pot.content == 60


def test_the_pot_is_money_and_bock_does_not_double_it() -> None:
    rules = Rules.parse("isko,bock=on,pot=5")
    s = Series(["A", "B", "C"], rules, seed=1)
    s.add(won("G", 120, FH))  # Bock round next
    s.add(lost("C", 24, FH))  # Bock: the list doubles, the pot payment stays 5
    assert s.records[1].entries == (0, 0, -96) and s.records[1].pot == (0, 0, -5)


def test_pot_money_always_balances() -> None:
    s = Series(["A", "B", "C", "D"], POT, seed=1)
    for result in [won("GH", 48, FH), lost("C", 24, MH), lost("GH", 72, RH), ramsch(-30, 0, -30)]:
        s.add(result)
        assert s.pot.content + sum(s.pot.balance) == 0


def test_no_pot_by_default() -> None:
    s = Series(["A", "B", "C"], seed=1)
    s.add(lost("GH", 48, FH))
    assert s.pot.content == 0 and s.records[0].pot == (0, 0, 0)
