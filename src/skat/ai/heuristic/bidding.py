"""Bidding and the choice between a Hand game and picking up the skat.

>>> from skat.core import CardSet
>>> max_bid(CardSet.parse("CJ SJ HJ DJ CA CT CK SA ST HA").mask) > 0
True
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from skat.ai.heuristic.evaluation import (
    ACE,
    EIGHT,
    KING,
    NINE,
    PLAIN_MASKS,
    QUEEN,
    SEVEN,
    TEN,
    contract_chance,
    expected_score,
    game_value,
)
from skat.core.actions import HOLD, PASS, PICK_UP, Action, Bid, Declare
from skat.core.cards import JACKS_MASK
from skat.core.contracts import NULL, Contract
from skat.core.rules import ISKO
from skat.core.state import View

# --------------------------------------------------------------------------------------------
# Bidding and declaring

_BID_CONTRACTS: Final = tuple(
    Contract.parse(code)
    for code in (
        *("D", "H", "S", "C", "G", "N", "NO"),
        *("DH", "HH", "SH", "CH", "GH", "NH", "NOH"),
        *("GHS", "CHS", "SHS", "HHS", "DHS"),
    )
)
"""The contracts the player considers: plain, Hand, Null (Ouvert), Schneider announced."""


def evaluate_hand(
    hand: int, forehand: bool, go_base: int = ISKO.grand_ouvert_base
) -> list[tuple[float, int, Contract]]:
    """(expected score, value, contract) of every game the player considers, best first,
    for a 10-card hand before the skat is seen."""
    out = []
    for c in _BID_CONTRACTS:
        pickup = not c.hand
        p = contract_chance(c, hand, forehand, pickup)
        value = game_value(c, hand, go_base)
        out.append((expected_score(p, value), value, c))
    out.sort(key=lambda x: (-x[0], -x[1]))
    return out


@lru_cache(maxsize=4096)
def max_bid(hand: int, forehand: bool = False, go_base: int = ISKO.grand_ouvert_base) -> int:
    """The highest bid the player holds: the value of the best game with a positive expected
    score (0: none).

    >>> from skat.core import CardSet
    >>> max_bid(CardSet.parse("CJ SJ HA HT HK H9 H7 SA ST D7").mask)  # Grand Hand with 2
    96
    >>> max_bid(CardSet.parse("DJ HT H9 H8 H7 SK S8 C9 D7 D8").mask)
    0
    """
    best = game_value(GRAND_OUVERT, hand, go_base) if grand_solid(hand) else 0
    for ev, value, _ in evaluate_hand(hand, forehand, go_base):
        if ev > 0:
            best = max(best, value)
    return best


GRAND_OUVERT: Final = Contract.parse("GO")
_GRAND_SEQUENCE: Final = (ACE, TEN, KING, QUEEN, NINE, EIGHT, SEVEN)


def grand_solid(hand: int) -> bool:
    """All four jacks and every suit held from the ace down without a gap: every trick is
    the declarer's whoever leads (he follows with the best card or trumps), so he announces
    Grand Ouvert.

    >>> from skat.core import CardSet
    >>> grand_solid(CardSet.parse("CJ SJ HJ DJ CA CT CK SA ST HA").mask)
    True
    >>> grand_solid(CardSet.parse("CJ SJ HJ DJ CA CT CQ SA ST HA").mask)
    False
    """
    if hand & JACKS_MASK != JACKS_MASK:
        return False
    for suit in range(4):
        n = (hand & PLAIN_MASKS[suit]).bit_count()
        top = sum(1 << (8 * suit + r) for r in _GRAND_SEQUENCE[:n])
        if hand & PLAIN_MASKS[suit] != top:
            return False
    return True


def choose_bid(view: View) -> Action:
    """Say the next bid, hold, or pass, up to :func:`max_bid`."""
    limit = max_bid(view.hand.mask, view.seat == 0, view.rules.grand_ouvert_base)
    legal = view.legal_actions
    if HOLD in legal:
        return HOLD if view.bid <= limit else PASS
    bids = [a for a in legal if isinstance(a, Bid)]
    if bids and bids[0].value <= limit:
        return bids[0]
    return PASS


def _declarations(legal: Iterable[Action]) -> list[Contract]:
    return [a.contract for a in legal if isinstance(a, Declare)]


def choose_hand_or_pickup(view: View) -> Action:
    """Play Hand when a Hand game (among the legal ones) expects more than picking up."""
    hand = view.hand.mask
    forehand = view.seat == 0
    go_base = view.rules.grand_ouvert_base
    if grand_solid(hand) and Declare.of(GRAND_OUVERT) in view.legal_actions:
        return Declare.of(GRAND_OUVERT)
    best_hand: tuple[float, Action] | None = None
    for c in _declarations(view.legal_actions):
        if c.ouvert and c.game_type != NULL:
            continue
        if c.schwarz_announced:
            continue
        value = game_value(c, hand, go_base)
        if value < view.bid:
            continue
        ev = expected_score(contract_chance(c, hand, forehand, pickup=False), value)
        if best_hand is None or ev > best_hand[0]:
            best_hand = (ev, Declare.of(c))
    pickup_ev = max(
        (
            ev
            for ev, value, c in evaluate_hand(hand, forehand, go_base)
            if not c.hand and value >= view.bid
        ),
        default=-1e9,
    )
    if best_hand is not None and best_hand[0] > pickup_ev and best_hand[0] > 0:
        return best_hand[1]
    if PICK_UP in view.legal_actions:
        return PICK_UP
    if best_hand is not None:
        return best_hand[1]
    return view.legal_actions[-1]
