"""pagat.com: Bock rounds.  After an agreed event the next round (one game per player at the
table) scores double on the list; bids and game values are unchanged; triggers during a Bock
round stack as further rounds."""

from __future__ import annotations

from skat.core import Rules
from skat.series import TRIGGERS, Rounds, Series, bock_triggers

from ._support import PASSED, lost, won

FH, MH, RH = 0, 1, 2
BOCK = Rules.parse("isko,bock=on")  # triggers: 6060, kontra_re, grand_hand, value100


def test_a_bock_round_is_triggered_and_played_out() -> None:
    s = Series(["A", "B", "C"], BOCK, seed=1)
    s.add(won("G", 120, FH))  # game 1: B wins a Grand worth 120 -> Bock round (value100)
    assert s.records[0].triggers == ("value100",) and s.records[0].factor == 1
    assert s.kind == "bock" and s.rounds == Rounds([("bock", 3)])
    s.add(won("C", 24, FH))  # game 2: C +48 (doubled)
    s.add(PASSED)  # game 3: passed in, counts as a Bock game
    s.add(lost("H", 20, FH))  # game 4: B -80 (doubled)
    s.add(won("D", 18, FH))  # game 5: normal again: C +18
    assert [r.kind for r in s.records] == ["normal", "bock", "bock", "bock", "normal"]
    assert [r.entries for r in s.records] == [
        (0, 120, 0),
        (0, 0, 48),
        (0, 0, 0),
        (0, -80, 0),
        (0, 0, 18),
    ]
    assert s.records[1].result.value == 24  # the game value is unchanged
    assert s.kind == "normal" and s.totals == [0, 40, 66]


def test_a_trigger_during_a_bock_round_stacks_a_further_round() -> None:
    s = Series(["A", "B", "C"], BOCK, seed=1)
    s.add(won("G", 120, FH))  # Bock round: games 2-4
    s.add(won("C", 24, FH))  # game 2, Bock
    s.add(won("GH", 72, FH))  # game 3, Bock, a won Grand Hand: another round, games 5-7
    assert s.records[2].triggers == ("grand_hand",) and s.records[2].entries == (144, 0, 0)
    assert s.rounds == Rounds([("bock", 1), ("bock", 3)])
    for _ in range(4):
        s.add(PASSED)  # games 4-7
    s.add(PASSED)  # game 8
    assert [r.factor for r in s.records] == [1, 2, 2, 2, 2, 2, 2, 1]


def test_a_bock_round_at_a_4_table_has_four_games() -> None:
    s = Series(["A", "B", "C", "D"], BOCK, seed=1)
    s.add(lost("S", 60, FH, points=60))  # lost 60:60
    assert s.records[0].triggers == ("6060",)
    for _ in range(5):
        s.add(PASSED)
    assert [r.kind for r in s.records] == ["normal"] + ["bock"] * 4 + ["normal"]


def test_each_trigger_fires_only_when_agreed() -> None:
    only_kontra = Series(
        ["A", "B", "C"], Rules.parse("isko,kontra=on,bock=on,bock_triggers=kontra_re"), seed=1
    )
    only_kontra.add(won("G", 120, FH))  # worth 120, but value100 is not agreed
    assert only_kontra.kind == "normal"
    only_kontra.add(won("C", 24, FH, kontra=2, multiplier=4))
    assert only_kontra.records[1].triggers == ("kontra_re",) and only_kontra.kind == "bock"


def test_no_bock_rounds_unless_bock_is_on() -> None:
    s = Series(["A", "B", "C"], seed=1)
    s.add(won("GH", 120, FH))
    assert s.records[0].triggers == () and s.kind == "normal"


def test_list_total_trigger_multiple_of_100_or_three_equal_digits() -> None:
    rules = Rules.parse("isko,bock=on,bock_triggers=list_total")
    s = Series(["A", "B", "C"], rules, seed=1)
    s.add(won("C", 48, RH))  # A (the dealer) 48: nothing
    assert s.kind == "normal"
    s.add(won("D", 63, MH))  # A (Middlehand when B deals) 111
    assert s.records[-1].totals[0] == 111 and s.records[-1].triggers == ("list_total",)
    t = Series(["A", "B", "C"], rules, seed=1)
    t.add(won("H", 40, RH))
    t.add(won("H", 60, MH))  # A 100
    assert t.records[-1].triggers == ("list_total",)


def test_trigger_rules_in_detail() -> None:
    assert bock_triggers(lost("N", 23, FH, points=60), TRIGGERS) == ()  # Null has no 60:60
    assert bock_triggers(won("G", 60, FH, points=60), TRIGGERS) == ()  # won, so not 60:60
    assert bock_triggers(lost("GH", 72, FH), TRIGGERS) == ()  # a lost Grand Hand: no Bock
    assert bock_triggers(lost("C", 108, FH), TRIGGERS) == ("value100",)  # lost counts too
    assert bock_triggers(PASSED, TRIGGERS, [100, 0, 0], [100, 0, 0]) == ()  # unchanged total
    assert bock_triggers(PASSED, TRIGGERS, [0, 0, 0], [-222, 0, 0]) == ("list_total",)
    assert bock_triggers(PASSED, TRIGGERS, [0, 0, 0], [1111, 0, 0]) == ()
