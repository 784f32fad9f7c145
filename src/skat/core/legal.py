"""The legal actions of the seat to move, by phase (the game state dispatches to them; the
card play, its fast path, and the declarations stay in the state).

>>> from skat.core import GameState
>>> state = GameState(seed=3)
>>> [str(a) for a in legal_bidding(state)][:3], legal_none(state)
(['18', '20', '22'], [])
"""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Final

from skat.core.actions import BIDS, DISCARDS, HOLD, PASS, PICK_UP, SHOW_SKAT, Action, Bid
from skat.core.auction import FH_ALONE
from skat.core.bidding import BID_VALUES
from skat.core.cards import cards_of
from skat.core.declarations import possible_declarations
from skat.core.ramsch import push_choices, push_discards

if TYPE_CHECKING:
    from skat.core.state import GameState

BID_AND_PASS: Final[tuple[Action, ...]] = (*BIDS, PASS)
"""Every bid from the lowest up, then the pass: the calls open with jumps allowed, from a place."""


def legal_bidding(state: GameState) -> list[Action]:
    ladder, jumps, stage, bid, _, listener, turn = state.auction[:7]
    if turn == listener and stage < FH_ALONE:  # Auction.answering, inlined (each call counts)
        return [HOLD, PASS]
    start = bisect_right(ladder, bid) if bid else 0  # Auction.lowest
    if ladder is not BID_VALUES:  # another ladder (the old rules'): its own bids
        return [*map(Bid.of, ladder[start:] if jumps else ladder[start : start + 1]), PASS]
    if jumps:
        return list(BID_AND_PASS[start:])
    return [BIDS[start], PASS] if start < len(BIDS) else [PASS]


def legal_skat(state: GameState) -> list[Action]:
    """Pick up the skat (or show it, by the rules), or declare a Hand game that can reach the
    bid."""
    rules = state.rules
    hand_games = possible_declarations(
        state.declarer_mask(True), True, state.bid, rules.grand_ouvert_base
    )
    if rules.show_skat:
        return [PICK_UP, SHOW_SKAT, *hand_games]
    return [PICK_UP, *hand_games]


def legal_declare(state: GameState) -> list[Action]:
    """The declarations that can reach the bid after picking up the skat (all if none can)."""
    mask = state.declarer_mask(False)
    return list(possible_declarations(mask, False, state.bid, state.rules.grand_ouvert_base))


def legal_discard(state: GameState) -> list[Action]:
    idx = [c.bit for c in cards_of(state.hand_masks[state.course.declarer])]
    return [DISCARDS[a | b] for i, a in enumerate(idx) for b in idx[i + 1 :]]


def legal_answer(state: GameState) -> list[Action]:
    """The answers to the question asked (its kind says which)."""
    return state.course.questions.answers(state.play, state.course)


def legal_push(state: GameState) -> list[Action]:
    return push_choices(state.rules)


def legal_push_discard(state: GameState) -> list[Action]:
    return push_discards(state.hand_masks[state.to_move], state.rules)


def legal_none(state: GameState) -> list[Action]:
    return []
