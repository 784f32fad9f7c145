"""A game seen from its start: what an action stands for now (:func:`spelled_out`), whether a
game is a Ramsch round's forced Ramsch (:func:`forced_ramsch`) and the same game before its
first action (:func:`restarted`), to replay a finished game's history.

>>> from skat.core.rules import Rules
>>> from skat.core.state import GameState
>>> g = GameState(seed=2, rules=Rules.parse("pub"), ramsch=True)
>>> _ = g.apply("GH")              # Grand Hand instead of the Schieberamsch
>>> again = restarted(g)
>>> forced_ramsch(again), again.phase.name, str(again.apply("GH").action)
(True, 'PUSH', 'GH')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skat.core.actions import Action, ActionParseError, Bid, PickUp, parse_action
from skat.core.auction import FH_ALONE
from skat.core.phase import BIDDING

if TYPE_CHECKING:
    from skat.core.state import GameState


def spelled_out(state: GameState, action: Action | str) -> tuple[Action | str, ...]:
    """The actions ``action`` stands for now, to apply one by one: when Middlehand and
    Rearhand passed, Forehand's pick-up (``s``) is the lowest bid and the pick-up (taking the
    skat declares a game, which only the holder of a bid does: ISkO 3.2, the pick-up says the
    18); any other action stands for itself (text the engine cannot read too: applying it says
    why).  The record keeps both (``18``, ``s``); :meth:`GameState.legal_actions` lists only
    the bid, so that every listed action is one step.

    >>> from skat.core.state import GameState
    >>> g = GameState(seed=11)
    >>> _ = g.apply("p"), g.apply("p")
    >>> [str(a) for a in spelled_out(g, "s")], [str(a) for a in spelled_out(g, "p")]
    (['18', 's'], ['p'])
    """
    parsed: Action | str = action
    if isinstance(action, str):
        try:
            parsed = parse_action(action)
        except ActionParseError:
            return (action,)
    auction = state.auction
    if (
        state.phase == BIDDING
        and isinstance(parsed, PickUp)
        and auction.stage == FH_ALONE
        and auction.values()
    ):
        return (Bid.of(auction.values()[0]), parsed)
    return (action,)


def forced_ramsch(state: GameState) -> bool:
    """True for a Ramsch round's Ramsch, played without an auction (every auction starts with
    Middlehand: a first action by Forehand is the forced Ramsch's)."""
    if state.course.ramsch is None:
        return False
    return not state.history or state.history[0].seat == 0


def restarted(state: GameState) -> GameState:
    """The same game before its first action: the deal, the rules and, in a Ramsch round, the
    forced Ramsch (to replay a finished game's history, e.g. to analyse it)."""
    return type(state)(state.deal, state.rules, ramsch=forced_ramsch(state))
