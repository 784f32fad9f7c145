"""pagat.com: the Seeger-Fabian tournament list.  Won: value + 50; lost: − 2 × value − 50 and
every other player at the table + 40 at a 3-table, + 30 at a 4-table (the sitting dealer
included); with seeger_bonus=active the two active defenders + 40 and the sitting dealer nothing.

The expected totals below are worked out by hand from the scripted games, not by the code.
"""

from __future__ import annotations

from skat.core import Result, Rules
from skat.series import Series

from ._support import PASSED, lost, won

FH, MH, RH = 0, 1, 2

# 3-table, players A B C, A deals first: Forehand is B, C, A, B, C, A, ...
BLOCK_3: list[Result] = [
    won("G", 48, FH),  # 1  B  +98
    won("C", 24, FH),  # 2  C  +74
    lost("H", 20, FH),  # 3  A  -90, B +40, C +40
    won("N", 23, FH),  # 4  B  +73
    PASSED,  # 5
    won("S", 22, FH),  # 6  A  +72
    lost("G", 72, FH),  # 7  B  -194, A +40, C +40
    won("D", 18, FH),  # 8  C  +68
    won("C", 36, FH),  # 9  A  +86
    won("NO", 46, FH),  # 10 B  +96
    lost("H", 30, FH),  # 11 C  -110, A +40, B +40
    PASSED,  # 12
]
# per block: A -90+72+40+86+40 = 148, B 98+40+73-194+96+40 = 153, C 74+40+40+68-110 = 112


def test_a_complete_36_game_list_at_a_3_table() -> None:
    s = Series(["A", "B", "C"], Rules.parse("tournament"), seed=36)
    for result in BLOCK_3 * 3:
        s.add(result)
    assert s.is_over and len(s.records) == 36
    assert s.totals == [3 * 148, 3 * 153, 3 * 112] == [444, 459, 336]
    assert s.won == [6, 9, 6] and s.lost == [3, 3, 3]
    assert [(x.place, x.player, x.total) for x in s.standings()] == [
        (1, "B", 459),
        (2, "A", 444),
        (3, "C", 336),
    ]


def test_the_3_table_list_equals_the_classic_seeger_formula() -> None:
    # total = sum of list scores + 50 x (won - lost) + 40 x games the others lost
    s = Series(["A", "B", "C"], Rules.parse("tournament"), seed=36)
    for result in BLOCK_3 * 3:
        s.add(result)
    assert s.totals[0] == 3 * (-40 + 22 + 36) + 50 * (6 - 3) + 40 * 6
    assert s.totals[1] == 3 * (48 + 23 - 144 + 46) + 50 * (9 - 3) + 40 * 6
    assert s.totals[2] == 3 * (24 + 18 - 60) + 50 * (6 - 3) + 40 * 6


# 4-table, players A B C D, A deals first.  Dealer / Forehand / Middlehand / Rearhand:
#   games 1,5: A / B C D    2,6: B / C D A    3,7: C / D A B    4,8: D / A B C
BLOCK_4: list[Result] = [
    won("G", 72, MH),  # 1 C +122
    lost("S", 33, RH),  # 2 A -116; B (sitting dealer), C, D +30
    won("H", 30, FH),  # 3 D +80
    PASSED,  # 4
    lost("N", 23, RH),  # 5 D -96; A (sitting dealer), B, C +30
    won("C", 48, FH),  # 6 C +98
    won("D", 27, MH),  # 7 A +77
    lost("G", 48, FH),  # 8 A -146; B, C, D (sitting dealer) +30
]
# per block: A -116+30+77-146 = -155, B 30+30+30 = 90, C 122+30+30+98+30 = 310,
#            D 30+80-96+30 = 44


def test_a_complete_48_game_list_at_a_4_table() -> None:
    s = Series(["A", "B", "C", "D"], Rules.parse("tournament"), seed=48)
    for result in BLOCK_4 * 6:
        s.add(result)
    assert s.is_over and len(s.records) == 48
    assert s.totals == [6 * -155, 6 * 90, 6 * 310, 6 * 44] == [-930, 540, 1860, 264]
    assert s.won == [6, 0, 12, 6] and s.lost == [12, 0, 0, 6]
    assert [x.player for x in s.standings()] == ["C", "B", "D", "A"]


def test_the_sitting_dealer_gets_the_bonus_for_a_lost_game() -> None:
    s = Series(["A", "B", "C", "D"], Rules.parse("tournament"), seed=1)
    s.add(lost("S", 33, FH))  # A deals and sits; B loses
    assert s.records[0].entries == (30, -116, 30, 30)


def test_active_variant_only_the_two_active_defenders_get_40() -> None:
    s = Series(["A", "B", "C", "D"], Rules.parse("tournament,seeger_bonus=active"), seed=48)
    for result in BLOCK_4 * 6:
        s.add(result)
    # per block: A -116+77-146 = -185, B 40+40 = 80, C 122+40+40+98+40 = 340, D 40+80-96 = 24
    assert s.totals == [-1110, 480, 2040, 144]


def test_active_variant_at_a_3_table_is_the_ordinary_list() -> None:
    plain = Series(["A", "B", "C"], Rules.parse("tournament"), seed=3)
    active = Series(["A", "B", "C"], Rules.parse("tournament,seeger_bonus=active"), seed=3)
    for result in BLOCK_3:
        plain.add(result)
        active.add(result)
    assert plain.totals == active.totals


def test_an_overbid_game_is_lost_with_the_minus_50() -> None:
    s = Series(["A", "B", "C"], Rules.parse("tournament"), seed=1)
    s.add(lost("C", 48, MH, overbid=True, bid=46))  # "loses 2 x 48 = 96" (pagat.com)
    assert s.records[0].entries == (40, 40, -146)


def test_kontra_doubles_the_score_not_the_50() -> None:
    s = Series(["A", "B", "C"], Rules.parse("tournament"), seed=1)
    s.add(won("G", 48, FH, multiplier=2, kontra=1))
    assert s.records[0].entries == (0, 146, 0)
