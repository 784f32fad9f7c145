"""The house-rule actions open during the play besides the cards: Kontra for a defender before
he plays to the first trick, laying the cards open (the declarer, after the first lead),
Schenken (the defenders before the first card).  The questions asked (Kontra before the
lead, Spitze …) are kinds of :mod:`skat.core.questions`.

Pure functions of the parts of a game (:class:`~skat.core.play.Play`,
:class:`~skat.core.course.Course`) and the rules.

>>> from skat.core import GameState, Rules
>>> state = GameState(seed=3, rules=Rules.parse("isko,schenken=on"))
>>> schenken_open(state.play, state.course, state.rules)   # nobody has declared yet
False
"""

from __future__ import annotations

from typing import Final

from skat.core.actions import KONTRA, LAY_OPEN, RESIGNS, SCHENKEN, SHOW_CARDS, Action, Resign
from skat.core.contracts import NULL
from skat.core.course import Course
from skat.core.play import Play
from skat.core.questions import kontra_eligible
from skat.core.rules import Rules

__all__ = [
    "auto_concedes",
    "ending_actions",
    "kontra_eligible",
    "may_kontra",
    "may_lay_open",
    "play_extras",
    "schenken_open",
]

_LOWEST_GAMES: Final = {18: ("D", "DH"), 20: ("D", "DH", "H", "HH")}
"""The games conceded at once (``rules.auto_concede``) by the bid: Diamonds at 18, Diamonds
or Hearts at 20, with or without Hand."""


def auto_concedes(code: str, bid: int, rules: Rules) -> bool:
    """Do the defenders concede this game at once (house rule ``auto_concede``)?  Diamonds at a
    bid of 18, Diamonds or Hearts at 20, won simple; not when more can be said: Kontra, Spitze,
    laying open, or an announcement in the contract (pagat.com, Skat: house rules).

    >>> rules = Rules(auto_concede=True)
    >>> auto_concedes("D", 18, rules), auto_concedes("H", 20, rules), auto_concedes("H", 18, rules)
    (True, True, False)
    >>> auto_concedes("D", 18, Rules(auto_concede=True, kontra=True)), auto_concedes("D", 18, Rules())
    (False, False)
    """
    return (
        rules.auto_concede
        and code in _LOWEST_GAMES.get(bid, ())
        and not (rules.kontra or rules.spitze or rules.open_play)
    )


def may_kontra(seat: int, play: Play, course: Course, rules: Rules) -> bool:
    """A defender before he plays to the first trick, nobody having doubled yet."""
    return (
        rules.kontra
        and rules.kontra_timing == "trick"
        and course.questions.kontra == 0
        and seat != course.declarer
        and play.completed == 0
        and kontra_eligible(course.auction, seat, rules)
    )


def may_lay_open(seat: int, play: Play, course: Course, rules: Rules) -> bool:
    """The declarer of a suit or Grand game, not open yet, once the first card is led."""
    contract = course.contract
    return bool(
        rules.open_play
        and seat == course.declarer
        and not course.lay_open
        and contract is not None
        and not contract.ouvert
        and play.game_type != NULL
        and (play.completed or play.trick)
    )


def play_extras(seat: int, play: Play, course: Course, rules: Rules) -> list[Action]:
    """Kontra and laying the cards open, when open to ``seat`` (the seat to move)."""
    out: list[Action] = []
    if course.declarer < 0:
        return out
    if may_kontra(seat, play, course, rules):
        out.append(KONTRA)
    if may_lay_open(seat, play, course, rules):
        out.append(LAY_OPEN)
    return out


def schenken_open(play: Play, course: Course, rules: Rules) -> bool:
    """The defenders may offer Schenken: a game declared (not Null), before the first card,
    nothing asked, and refused fewer than twice."""
    q = course.questions
    return (
        rules.schenken
        and course.contract is not None  # a game declared
        and play.game_type != NULL
        and play.completed == 0
        and not play.trick
        and not q.pending
        and q.schenken_refused < 2
    )


def ending_actions(play: Play, course: Course, rules: Rules) -> list[Action]:
    """The ways to end the declarer's game early open now to any seat (during the play, no
    question open): the declarer shows his cards (unless he did), each party resigns (the
    declarer, under ISkO rules once he has played two cards, with a defender's consent), a
    defender offers Schenken."""
    d = course.declarer
    if d < 0:
        return []
    out: list[Action] = [] if course.claimed else [SHOW_CARDS]
    for s in range(3):
        if course.resigned >> s & 1:
            continue
        if s == d and rules.declarer_resign == "isko" and play.hands[d].bit_count() < 9:
            out.extend(Resign(d, x) for x in range(3) if x != d)  # with a defender's consent
        else:
            out.append(RESIGNS[s])
    if schenken_open(play, course, rules):
        out.extend(SCHENKEN[s] for s in range(3) if s != d)
    return out
