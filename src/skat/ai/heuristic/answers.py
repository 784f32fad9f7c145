"""Answers outside card play: Kontra/Re, Spitze, Schenken, and Schieberamsch (pass the skat on
or take it, which cards to pass).

>>> from skat.core import CardSet
>>> ramsch_danger(CardSet.parse("CJ SJ CA SA HA DA CT ST HT DT").mask) > 6.0
True
"""

from __future__ import annotations

from skat.ai.heuristic.bidding import _declarations
from skat.ai.heuristic.evaluation import (
    ACE,
    CJ,
    GRAND_THRESHOLD,
    KING,
    PLAIN_MASKS,
    QUEEN,
    TEN,
    TRUMP_THRESHOLD,
    contract_chance,
    expected_score,
    game_value,
    grand_strength,
    null_risk,
    suit_strength,
)
from skat.core.actions import HOLD, PASS, PICK_UP, Action, Declare, Discard, Double, Spitze
from skat.core.cards import JACKS_MASK, indices_of
from skat.core.contracts import GRAND, NULL, TRUMP_MASKS, Contract
from skat.core.state import View

# --------------------------------------------------------------------------------------------
# Answers: Kontra/Re, Spitze, Schenken; Schieberamsch


def defender_says_kontra(hand: int, contract: Contract) -> bool:
    """A defender doubles with five trumps, or four with two jacks and a side ace (three
    jacks, or two with the club jack and three aces against Grand); never against Null.

    >>> from skat.core import CardSet
    >>> defender_says_kontra(CardSet.parse("CJ SJ HA HT H9 SA CA D7 D8 D9").mask, Contract.parse("H"))
    True
    """
    gt = contract.game_type
    if gt == NULL:
        return False
    aces = sum(hand >> (8 * s + ACE) & 1 for s in range(4) if gt != s)
    jacks = (hand & JACKS_MASK).bit_count()
    if gt == GRAND:
        return jacks >= 3 or (jacks >= 2 and aces >= 3 and bool(hand >> CJ & 1))
    t = (hand & TRUMP_MASKS[gt]).bit_count()
    return t >= 5 or (t >= 4 and jacks >= 2 and aces >= 1)


def choose_answer(view: View) -> Action:
    """Kontra, Re, Spitze and Schenken answers (the ``ANSWER`` phase and Kontra in play)."""
    legal = view.legal_actions
    contract = view.contract
    doubles = [a for a in legal if isinstance(a, Double)]
    if doubles and contract is not None:
        return doubles[0] if _doubles(doubles[0].level, view.hand.mask, contract) else PASS
    spitzen = [a for a in legal if isinstance(a, Spitze)]
    if spitzen and contract is not None:
        return spitzen[0] if _spitze_safe(view) else PASS
    if HOLD in legal:  # the defenders concede (Schenken): take the won game
        return HOLD
    return PASS if PASS in legal else legal[0]


def _doubles(level: int, hand: int, contract: Contract) -> bool:
    """Say Kontra (``level`` 1, :func:`defender_says_kontra`) or Re (2: the declarer is sure
    of his game); never a higher level.

    >>> from skat.core import CardSet
    >>> _doubles(2, CardSet.parse("CJ SJ HJ DJ HA HT HK SA ST CA").mask, Contract.parse("H"))
    True
    """
    if level == 1:
        return defender_says_kontra(hand, contract)
    if level != 2:
        return False
    gt = contract.game_type
    if gt == NULL:
        return null_risk(hand) == 0
    s = grand_strength(hand) if gt == GRAND else suit_strength(hand, gt)
    threshold = GRAND_THRESHOLD if gt == GRAND else TRUMP_THRESHOLD
    return s >= threshold + 2.0


def _spitze_safe(view: View) -> bool:
    """Spitze (win the last trick with the lowest trump) only when no defender holds a trump."""
    contract = view.contract
    assert contract is not None
    known = view.hand.mask | (view.discard.mask if view.discard is not None else 0)
    outside = TRUMP_MASKS[contract.game_type] & ~known
    return outside == 0


def ramsch_danger(hand: int, gt: int = GRAND) -> float:
    """How likely a Ramsch hand takes points: jacks, aces and tens without small cards.

    >>> from skat.core import CardSet
    >>> ramsch_danger(CardSet.parse("C7 C8 S7 S8 H7 H8 D7 D8 D9 H9").mask)
    0.0
    """
    danger = 0.0
    for i in indices_of(hand & JACKS_MASK):
        danger += (1.0, 1.3, 1.6, 2.0)[i >> 3]
    for suit in range(4):
        side = hand & PLAIN_MASKS[suit]
        low = (side & ((1 << (8 * suit + QUEEN)) - 1) & ~((1 << (8 * suit)) - 1)).bit_count()
        for i in indices_of(side):
            r = i & 7
            if r in (ACE, TEN):
                danger += 1.5 if low == 0 else 0.6
            elif r == KING:
                danger += 0.5 if low == 0 else 0.2
    del gt
    return danger


def choose_push(view: View) -> Action:
    """Schieberamsch: Grand Hand with a Grand hand; take the skat with dangerous cards to
    pass on; else pass it on unseen."""
    hand = view.hand.mask
    for c in _declarations(view.legal_actions):
        if (
            c.game_type == GRAND
            and expected_score(
                contract_chance(c, hand, view.seat == 0, pickup=False), game_value(c, hand)
            )
            > 0
        ):
            return Declare.of(c)
    if PICK_UP in view.legal_actions and ramsch_danger(hand) >= 6.0:
        return PICK_UP
    return PASS if PASS in view.legal_actions else view.legal_actions[0]


def choose_push_discard(view: View) -> Action:
    """Schieberamsch: pass on the two cards that most endanger the hand."""
    hand = view.hand.mask
    best: tuple[float, Action] | None = None
    for a in view.legal_actions:
        if not isinstance(a, Discard):
            continue
        danger = ramsch_danger(hand & ~a.mask)
        if best is None or danger < best[0]:
            best = (danger, a)
    return best[1] if best is not None else view.legal_actions[0]
