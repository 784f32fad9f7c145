"""How a game of a declarer ends and is scored: played out, a party resigned, the defenders'
Schenken accepted, a violation (ISkO 4.1, 4.3).  Pure functions of the trick play and the
course of the game.

>>> from skat.core import GameState
>>> state = GameState(seed=3)
>>> for a in ("p", "p", "18", "GH"):
...     _ = state.apply(a)
>>> _ = state.apply("RE.0")          # Forehand gives up before the first card
>>> state.result.won, state.result.score
(False, -192)
"""

from __future__ import annotations

from skat.core.cards import points_of
from skat.core.contracts import NULL, TRUMP_ORDER
from skat.core.course import Course
from skat.core.play import Play
from skat.core.rules import Rules
from skat.core.scoring import Result, score


def spitze_made(play: Play, declarer: int, spitze: int) -> bool:
    """The declarer won the last tricks, one for each card of his Spitze, with those cards,
    the very last one with the lowest trump."""
    if not spitze:
        return True
    if play.count != 10 or len(play.tricks) != 10:
        return False
    lowest = TRUMP_ORDER[play.game_type][-spitze:]
    d = declarer
    for trick in play.tricks[-spitze:]:
        if trick.winner != d or trick.cards[(d - trick.leader) % 3].index not in lowest:
            return False
    last = play.tricks[-1]
    return last.cards[(d - last.leader) % 3].index == lowest[-1]


def violation_outcome(play: Play, course: Course, by_declarer: bool) -> tuple[bool, bool, bool]:
    """A violation (or giving up, ISkO 4.3.3) loses the game for the guilty party unless it
    has won already; the other party wins "simple", or Schneider if its tricks already make
    the losers Schneider (ISkO 4.1.3, 4.1.4)."""
    contract = course.contract
    assert contract is not None
    q = course.questions
    decl_won, def_won, decl_tricks, def_tricks = play.party(course.declarer)
    points = points_of(decl_won | course.skat)
    def_points = points_of(def_won)
    need = 90 if (contract.schneider_announced or q.schenken_refused >= 1) else 61
    schwarz_needed = contract.schwarz_announced or q.schenken_refused >= 2
    if play.game_type == NULL:
        declarer_has_won = False
        defenders_have_won = decl_tricks > 0
    else:
        declarer_has_won = points >= need and not schwarz_needed and not q.spitze
        defenders_have_won = def_points > 120 - need or (schwarz_needed and def_tricks > 0)
    won = declarer_has_won if by_declarer else not defenders_have_won
    schneider = points >= 90 if won else def_points >= 90
    return (won, schneider, False)


def final_result(
    play: Play,
    course: Course,
    rules: Rules,
    *,
    declarer_resigned: bool = False,
    defenders_resigned: bool = False,
    schenken: bool = False,
    violation: tuple[int, str] | None = None,
    outcome: tuple[bool, bool, bool] | None = None,
) -> Result:
    """The scored result of the declarer's game as it ends now."""
    contract = course.contract
    assert contract is not None
    d = course.declarer
    q = course.questions
    decl_won, _, decl_tricks, def_tricks = play.party(d)
    extras: tuple[str, ...] = ()
    if course.lay_open:
        extras += ("open",)
    if course.skat_shown:
        extras += ("skat shown",)
    if schenken:
        outcome = (True, q.schenken_refused >= 1, False)
    elif violation is not None:
        outcome = violation_outcome(play, course, violation[0] == d)
    return score(
        contract,
        bid=course.auction.bid_value,
        cards=course.twelve,
        points=points_of(decl_won | course.skat),
        tricks=decl_tricks,
        defender_tricks=def_tricks,
        declarer=d,
        declarer_resigned=declarer_resigned,
        defenders_resigned=defenders_resigned,
        trick_complete=play.count > 0,
        rules=rules,
        multiplier=1 << q.kontra,
        kontra=q.kontra,
        extra_levels=extras,
        spitze=q.spitze,
        spitze_made=defenders_resigned or schenken or spitze_made(play, d, q.spitze),
        required=q.schenken_refused,
        outcome=outcome,
        schenken=schenken,
        violation=violation,
    )
