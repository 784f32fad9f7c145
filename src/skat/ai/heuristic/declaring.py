"""After picking up the skat: which two cards to put away and which game to declare.

>>> from skat.core import CardSet
>>> cards = CardSet.parse("CJ SJ HA HT HK H9 H7 SA ST DT D7 C8").mask
>>> contract, discard = best_plan(cards, 18, forehand=False)
>>> str(contract), str(CardSet(discard))  # Grand with two aces and their tens
('G', 'DT D7')
"""

from __future__ import annotations

from functools import lru_cache

from skat.ai.heuristic.bidding import _declarations
from skat.ai.heuristic.evaluation import (
    GRAND_THRESHOLD,
    NULL_RANK,
    TRUMP_THRESHOLD,
    _rules_with,
    expected_score,
    game_value,
    grand_strength,
    null_chance,
    null_holes,
    null_risk,
    suit_strength,
    win_chance,
)
from skat.core.actions import Action, Declare, Discard
from skat.core.cards import JACKS_MASK, indices_of, points_of
from skat.core.contracts import GRAND, NULL, TRUMP_MASKS, Contract
from skat.core.rules import ISKO
from skat.core.scoring import overbid_value
from skat.core.state import View


def _discard_candidates(cards: int, game_type: int) -> list[int]:
    """Two-card discards worth looking at for a game: no trumps unless the hand holds almost
    nothing else."""
    idx = indices_of(cards)
    if game_type == NULL:
        keep = idx
    else:
        plain = [i for i in idx if not TRUMP_MASKS[game_type] >> i & 1]
        keep = plain if len(plain) >= 2 else idx
    return [(1 << a) | (1 << b) for n, a in enumerate(keep) for b in keep[n + 1 :]]


def best_discard(cards: int, game_type: int, forehand: bool = False) -> tuple[float, int]:
    """(strength after it, discard mask) of the best discard from 12 cards for a game type.

    >>> from skat.core import CardSet
    >>> s, d = best_discard(CardSet.parse("CJ SJ HA HT HK H9 H7 SA ST DT D7 C8").mask, 1)
    >>> str(CardSet(d))     # a diamond void and ten points in the skat
    'DT D7'
    """
    best = (-1e9, 0)
    for d in _discard_candidates(cards, game_type):
        rest = cards & ~d
        if game_type == NULL:
            s = (
                -null_risk(rest)
                - 0.5 * null_holes(rest, d)
                - 0.01 * sum(NULL_RANK[i] for i in indices_of(rest))
            )
        elif game_type == GRAND:
            s = grand_strength(rest, forehand) + 0.03 * points_of(d)
        else:
            s = suit_strength(rest, game_type) + 0.03 * points_of(d)
        if s > best[0]:
            best = (s, d)
    return best


def _worth_a_look(cards: int, gt: int) -> bool:
    """Skip games a 12-card hand cannot hope to win: a suit with fewer than four trumps,
    Grand without a jack, Null with many dangerous cards."""
    if gt == NULL:
        return null_risk(cards) <= 5
    if gt == GRAND:
        return bool(cards & JACKS_MASK)
    return (cards & TRUMP_MASKS[gt]).bit_count() >= 4


@lru_cache(maxsize=1024)
def best_plan(
    cards: int, bid: int, forehand: bool, go_base: int = ISKO.grand_ouvert_base
) -> tuple[Contract, int]:
    """The contract to declare after picking up, and the discard for it, from 12 cards: the
    best expected score among the games worth the bid (if none is, the least bad)."""
    best: tuple[float, Contract, int] | None = None
    looks = [gt for gt in range(6) if _worth_a_look(cards, gt)] or list(range(6))
    for gt in looks:
        s, discard = best_discard(cards, gt, forehand)
        rest = cards & ~discard
        options = [Contract.make(gt)] if gt != NULL else [Contract.parse("N"), Contract.parse("NO")]
        for c in options:
            value = game_value(c, cards, go_base)
            if gt == NULL:
                p = null_chance(rest, discard, ouvert=c.ouvert)
            elif gt == GRAND:
                p = win_chance(s, GRAND_THRESHOLD)
            else:
                p = win_chance(s, TRUMP_THRESHOLD)
            if value >= bid:
                ev = expected_score(p, value)
            else:  # overbid: lost for sure; the loss grows with the bid
                ev = expected_score(0.0, overbid_value(c, bid, _rules_with(go_base))) - 1000
            if best is None or ev > best[0]:
                best = (ev, c, discard)
    assert best is not None
    return best[1], best[2]


def choose_discard(view: View) -> Action:
    """Put away the discard of :func:`best_plan`."""
    _, discard = best_plan(view.hand.mask, view.bid, view.seat == 0, view.rules.grand_ouvert_base)
    for a in view.legal_actions:
        if isinstance(a, Discard) and a.mask == discard:
            return a
    return view.legal_actions[0]


def choose_declaration(view: View) -> Action:
    """Declare the game of :func:`best_plan` (the hand plus the cards put away)."""
    discard = view.discard.mask if view.discard is not None else 0
    cards = view.hand.mask | discard
    contract, _ = best_plan(cards, view.bid, view.seat == 0, view.rules.grand_ouvert_base)
    action = Declare.of(contract)
    if action in view.legal_actions:
        return action
    legal = _declarations(view.legal_actions)
    simple = [c for c in legal if not c.ouvert and not c.schneider_announced]
    pool = simple or legal
    if not pool:
        return view.legal_actions[0]
    return Declare.of(max(pool, key=lambda c: game_value(c, cards, view.rules.grand_ouvert_base)))
