"""Hand evaluation: how strong a hand is for a suit game, Grand or Null, the chance to win a
contract with it and the expected Seeger-Fabian score of declaring it.

>>> round(win_chance(TRUMP_THRESHOLD, TRUMP_THRESHOLD), 2)
0.5
"""

from __future__ import annotations

import math
from functools import cache
from typing import Final

from skat.core.cards import ALL_MASK, JACKS_MASK, SUIT_MASKS, indices_of
from skat.core.contracts import EFFECTIVE_SUIT, GRAND, NULL, POWER, TRUMP_MASKS, Contract, matadors
from skat.core.rules import ISKO, Rules
from skat.core.scoring import contract_value
from skat.core.sheets import SEEGER_DEFENCE_BONUS, SEEGER_GAME_BONUS

# ranks (index & 7): 7 8 9 Q K T A J
SEVEN, EIGHT, NINE, QUEEN, KING, TEN, ACE, JACK = range(8)
CJ, SJ, HJ, DJ = 31, 23, 15, 7

TRUMP_THRESHOLD: Final = 7.7
"""Suit-game strength of a 10-card hand (after the discard) that wins half the time."""
GRAND_THRESHOLD: Final = 7.6
"""Grand strength of a 10-card hand that wins half the time."""
SKAT_BONUS: Final = 0.9
"""What the two unseen skat cards add to a hand's strength, on average, when bidding."""
SLOPE: Final = 1.8
"""How fast the chance to win grows with strength (logistic slope)."""


def _eff_masks(gt: int) -> tuple[int, ...]:
    out = [0] * 5
    for i in range(32):
        out[EFFECTIVE_SUIT[gt][i]] |= 1 << i
    return tuple(out)


EFF_MASKS: Final = tuple(_eff_masks(gt) for gt in range(7))
"""``EFF_MASKS[gt][e]``: the cards of effective suit ``e`` (0..3 plain, 4 trump) per game type."""

PLAIN_MASKS: Final = tuple(SUIT_MASKS[s] & ~JACKS_MASK for s in range(4))
"""Each suit without its jack."""


# --------------------------------------------------------------------------------------------
# Hand evaluation


def suit_strength(hand: int, trump: int) -> float:
    """Strength of a 10-card hand for a suit game: trumps, high jacks, side aces, tens with
    their ace, voids; blank tens count against it.

    >>> from skat.core import CardSet
    >>> round(suit_strength(CardSet.parse("CJ HJ HA HT H9 H8 SA S7 C8 D9").mask, 1), 2)
    9.0
    >>> round(suit_strength(CardSet.parse("DJ HT H9 H8 H7 SK S8 C9 D7 D8").mask, 1), 2)
    5.55
    """
    trumps = hand & TRUMP_MASKS[trump]
    t = trumps.bit_count()
    s = float(t)
    s += 0.75 * (hand >> CJ & 1) + 0.5 * (hand >> SJ & 1) + 0.25 * (hand >> HJ & 1)
    s += 0.15 * (hand >> DJ & 1)
    s += 0.6 * (hand >> (8 * trump + ACE) & 1) + 0.4 * (hand >> (8 * trump + TEN) & 1)
    for suit in range(4):
        if suit == trump:
            continue
        side = hand & PLAIN_MASKS[suit]
        n = side.bit_count()
        if n == 0:
            s += 0.5 if t >= 5 else 0.2
            continue
        ace = side >> (8 * suit + ACE) & 1
        ten = side >> (8 * suit + TEN) & 1
        if ace:
            s += 1.0
            if ten:
                s += 0.7
        elif ten:
            s += -0.35 if n == 1 else 0.1 if side >> (8 * suit + KING) & 1 else -0.1
        if not ace and n >= 3:
            s -= 0.15 * (n - 2)
    return s


def grand_strength(hand: int, forehand: bool = False) -> float:
    """Strength of a 10-card hand for Grand: jacks, aces, tens with aces, long suits headed by
    the ace; the lead (Forehand) helps.

    >>> from skat.core import CardSet
    >>> round(grand_strength(CardSet.parse("CJ SJ CA CT CK SA ST HA H7 D7").mask), 2)
    9.6
    """
    jacks = hand & JACKS_MASK
    s = 1.5 * jacks.bit_count() + 0.5 * (hand >> CJ & 1) + 0.25 * (hand >> SJ & 1)
    if forehand:
        s += 0.5
    for suit in range(4):
        side = hand & PLAIN_MASKS[suit]
        n = side.bit_count()
        if n == 0:
            s += 0.1
            continue
        ace = side >> (8 * suit + ACE) & 1
        ten = side >> (8 * suit + TEN) & 1
        king = side >> (8 * suit + KING) & 1
        if ace:
            s += 1.2
            if ten:
                s += 1.0
                if king:
                    s += 0.4
            if n >= 4:
                s += 0.5 * (n - 3)
        elif ten:
            s += -0.6 if n == 1 else -0.1
        else:
            s -= 0.15 * min(n, 3)
    if jacks.bit_count() < 2:
        s -= 1.0
    return s


NULL_RANK: Final = POWER[NULL]
"""Rank of each card in Null, 0 (seven) to 7 (ace)."""


def null_risk(hand: int) -> int:
    """Dangerous cards for Null: in each suit the i-th lowest card (from 0) is dangerous when
    its Null rank is above 2i + 1 (8, 10, Q is safe; 9 alone or 8, J is not).  In the arena
    this finds 7 % Null games and gains 1 TP/game over the stricter 2i; 2i + 2 loses 2.6.

    >>> from skat.core import CardSet
    >>> null_risk(CardSet.parse("C7 C9 CJ S7 S8 H7 D7 D9 DJ DK").mask)
    0
    >>> null_risk(CardSet.parse("CA C8 S7 S8 H7 D7 D9 DJ DK DA").mask)
    1
    >>> null_risk(CardSet.parse("CA CK S7 S8 H7 D7 D9 DJ DK DA").mask)
    2
    """
    bad = 0
    for suit in range(4):
        ranks = sorted(NULL_RANK[i] for i in indices_of(hand & SUIT_MASKS[suit]))
        bad += sum(1 for i, r in enumerate(ranks) if r > 2 * i + 1)
    return bad


def null_open_safe(hand: int) -> bool:
    """Safe even when the defenders see the hand: no dangerous card and every suit held starts
    with the seven.

    >>> from skat.core import CardSet
    >>> null_open_safe(CardSet.parse("C7 C8 C9 S7 S9 H7 H8 H9 HT D7").mask)
    True
    """
    if null_risk(hand):
        return False
    return all(not hand & SUIT_MASKS[s] or hand >> (8 * s) & 1 for s in range(4))


def win_chance(strength: float, threshold: float) -> float:
    """Probability to win from a strength and the strength that wins half the time.

    >>> win_chance(7.0, 7.0), round(win_chance(9.0, 7.0), 2)
    (0.5, 0.97)
    """
    return 1.0 / (1.0 + math.exp(-SLOPE * (strength - threshold)))


NULL_CHANCE: Final = (0.95, 0.5, 0.2, 0.06, 0.02)
"""Chance to win a Null by the number of dangerous cards (:func:`null_risk`, after the
discard), the first for a hand with no suit a defender can catch (:func:`null_holes`)."""
NULL_HOLED_CHANCE: Final = (0.66, 0.57)
"""Chance to win a Null with no dangerous card but one suit (then two or more) with a hole.

Against two ``pimc-hard`` defenders the heuristic's Nulls with no dangerous card won 9 of 9
without a hole, 30 of 43 with one suit holed and 61 of 110 with more (the ``--contract
oracle`` Nulls of 2,500 deals of seed 99 as the heuristic of 2026-11-29 declared them:
``bench/declarer_rates.py --only null``); a Null (23) needs 71 % to gain on the Seeger list,
a Null Hand (35) 70 %."""


def null_caught(hand: int, defenders: int) -> int:
    """The cards of ``hand`` a defender can catch in Null (as a mask): more of the
    ``defenders``' cards of the suit below it than the hand's own.

    >>> from skat.core import CardSet
    >>> str(CardSet(null_caught(CardSet.parse("D9 H8").mask, CardSet.parse("D8 DT HT").mask)))
    'D9'
    """
    caught = 0
    for suit in range(4):
        theirs = [NULL_RANK[i] for i in indices_of(defenders & SUIT_MASKS[suit])]
        own = sorted(indices_of(hand & SUIT_MASKS[suit]), key=NULL_RANK.__getitem__)
        for n, card in enumerate(own):
            if sum(1 for t in theirs if t < NULL_RANK[card]) > n:
                caught |= 1 << card
    return caught


def null_holes(hand: int, known: int = 0) -> int:
    """Suits with a hole (:func:`null_caught`), every card not in ``hand`` nor in ``known``
    (the declarer's discard) taken as a defender's.  A defender who leads the suit from below
    catches it; :func:`null_risk` counts one gap a card as safe (8, 10, Q), which weak
    defenders miss and strong ones find.

    >>> from skat.core import CardSet
    >>> null_holes(CardSet.parse("C7 C9 CJ S7 S8 H7 D7 D9 DJ DA").mask)  # DA over 8, 10, Q, K
    1
    >>> null_holes(CardSet.parse("C7 C9 CJ S7 S8 H7 D7 D9 DJ DA").mask, CardSet.parse("DK").mask)
    0
    >>> null_holes(CardSet.parse("C8 CT S7 S9 H7 H9 HJ D7 D9 DJ").mask)  # C8 under C7
    1
    """
    caught = null_caught(hand, ALL_MASK & ~hand & ~known)
    return sum(1 for suit in range(4) if caught & SUIT_MASKS[suit])


def null_chance(hand: int, known: int = 0, *, pickup: bool = False, ouvert: bool = False) -> float:
    """Chance to win a Null with the 10-card ``hand`` (``known``: the cards put away;
    ``pickup``: the skat is still to come, and with the discard fixes the worst weakness).

    >>> from skat.core import CardSet
    >>> hand = CardSet.parse("C7 C9 CJ S7 S8 H7 D7 D9 DJ DA").mask
    >>> null_chance(hand, CardSet.parse("DK").mask), null_chance(hand), null_chance(hand, pickup=True)
    (0.95, 0.66, 0.95)
    """
    risk, holes = null_risk(hand), null_holes(hand, known)
    if ouvert and risk == holes == 0:
        return NULL_CHANCE[0]
    if pickup:
        risk, holes = (risk - 1, holes) if risk else (0, max(0, holes - 1))
    if risk == 0:
        p = NULL_CHANCE[0] if holes == 0 else NULL_HOLED_CHANCE[min(holes, 2) - 1]
    else:
        p = NULL_CHANCE[min(risk, 4)]
    if not ouvert:
        return p
    if not pickup and null_open_safe(hand):
        return 0.75  # no dangerous card and every suit from the seven: 12 of 17 won
    return p * (0.6 if pickup else 0.5)


def expected_score(p: float, value: int) -> float:
    """Expected Seeger-Fabian score of a declarer who wins with probability ``p``, relative
    to the defenders (who get 40 each for a lost game).

    >>> expected_score(1.0, 24), expected_score(0.0, 24)
    (74.0, -178.0)
    """
    won = value + SEEGER_GAME_BONUS
    lost = 2 * value + SEEGER_GAME_BONUS + 2 * SEEGER_DEFENCE_BONUS[3]
    return p * won - (1 - p) * lost


def game_value(contract: Contract, cards: int, rules_go_base: int = ISKO.grand_ouvert_base) -> int:
    """Value of a contract if won simply (no Schneider made), with the matadors of ``cards``:
    :func:`skat.core.scoring.contract_value`.

    >>> from skat.core import CardSet
    >>> game_value(Contract.parse("H"), CardSet.parse("CJ DJ HA HT HK H8 H7 D9 D8 D7 SA SQ").mask)
    20
    """
    m = matadors(contract.game_type, cards)
    return contract_value(contract, m, _rules_with(rules_go_base))


@cache
def _rules_with(grand_ouvert_base: int) -> Rules:
    return Rules(grand_ouvert_base=grand_ouvert_base)


def contract_chance(contract: Contract, hand: int, forehand: bool, pickup: bool) -> float:
    """Chance to win ``contract`` with this 10-card hand (``pickup``: the skat is still to
    come and adds :data:`SKAT_BONUS`)."""
    gt = contract.game_type
    bonus = SKAT_BONUS if pickup else 0.0
    if gt == NULL:
        return null_chance(hand, pickup=pickup, ouvert=contract.ouvert)
    if gt == GRAND:
        s, threshold = grand_strength(hand, forehand) + bonus, GRAND_THRESHOLD
    else:
        s, threshold = suit_strength(hand, gt) + bonus, TRUMP_THRESHOLD
    if contract.hand:
        threshold += 0.3  # no skat to fix the hand (its points still count)
    if contract.schneider_announced:
        threshold += 3.0
    if contract.schwarz_announced:
        threshold += 3.0
    if contract.ouvert:
        threshold += 2.0
    return win_chance(s, threshold)
