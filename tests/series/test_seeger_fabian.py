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


# ----------------------------------------------------------------- Ramsch on the list
# English Wikipedia, Skat (Ramsch): Gewinner-Ramsch "the winner is who achieves the lowest score
# and is awarded 23 points, the score of a won Null. Additionally they are awarded the won
# game. ... If two players achieve the same lowest score they will both be awarded the 23
# points and the won game."  A Durchmarsch "won" the Ramsch; a plain Ramsch writes no game.


GEWINNER_SEEGER = "isko,ramsch=gewinner,score_sheet=seeger"
RAMSCH_SEEGER = "isko,ramsch=ramsch,durchmarsch=on,score_sheet=seeger"


def _ramsch(kind: str, points: tuple[int, int, int], tricks: tuple[int, int, int]) -> Result:
    from skat.core.scoring import score_ramsch

    return score_ramsch(kind, seat_points=points, seat_tricks=tricks, rules=Rules.parse("pub"))


def test_gewinner_ramsch_winner_is_awarded_23_and_the_won_game() -> None:
    s = Series(["A", "B", "C"], Rules.parse(GEWINNER_SEEGER), seed=1)
    s.add(_ramsch("gewinner", (50, 30, 40), (4, 3, 3)))  # Forehand B 50, C 30, A 40
    assert s.records[-1].entries == (0, 0, 23 + 50)  # C: 23, + 50 for the won game
    assert (s.won, s.lost) == ([0, 0, 1], [0, 0, 0])
    assert s.standings()[0].player == "C"


def test_gewinner_ramsch_tied_winners_are_each_awarded_the_won_game() -> None:
    s = Series(["A", "B", "C"], Rules.parse(GEWINNER_SEEGER), seed=1)
    s.add(_ramsch("gewinner", (30, 30, 60), (3, 3, 4)))  # B and C tie on 30
    assert s.records[-1].entries == (0, 73, 73)
    assert s.won == [0, 1, 1]


def test_gewinner_ramsch_win_counts_in_the_games_won_tie_break() -> None:
    # plain list: C wins a Gewinner-Ramsch (+ 23, a won game), A a Null (+ 23, a won game):
    # equal in total, games won and lost, they share the first place
    s = Series(["A", "B", "C"], Rules.parse("isko,ramsch=gewinner"), seed=1)
    s.add(_ramsch("gewinner", (50, 30, 40), (4, 3, 3)))  # Forehand B, Middlehand C
    s.add(won("N", 23, MH))  # game 2: B deals, Middlehand is A
    assert s.totals == [23, 0, 23] and s.won == [1, 0, 1]
    assert [(st.place, st.player) for st in s.standings()][:2] == [(1, "A"), (1, "C")]


def test_a_durchmarsch_is_a_won_game_and_a_plain_ramsch_writes_none() -> None:
    s = Series(["A", "B", "C"], Rules.parse(RAMSCH_SEEGER), seed=1)
    s.add(_ramsch("ramsch", (120, 0, 0), (10, 0, 0)))  # B takes every trick
    assert s.records[-1].entries == (0, 120 + 50, 0) and s.won == [0, 1, 0]
    s.add(_ramsch("ramsch", (60, 40, 20), (5, 3, 2)))  # C loses 60: no game lost
    assert s.records[-1].entries == (0, 0, -60)
    assert (s.won, s.lost) == ([0, 1, 0], [0, 0, 0])
