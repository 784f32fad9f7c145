"""A rule-based Skat player: hand evaluation, bidding, skat-putting and card play.

The player decides from ``view(seat)`` alone, in well under a millisecond a move (a
discard looks at every pair of cards for every game: a few milliseconds).  Every decision is
a small function over card masks (bit ``suit * 8 + rank``, see :mod:`skat.core.cards`):

* **Hand strength** (:func:`suit_strength`, :func:`grand_strength`, :func:`null_risk`): a
  number on the scale "trumps plus sure side tricks" for suit games and Grand, and the count
  of dangerous cards for Null.  :func:`win_chance` maps strength to a probability and
  :func:`expected_score` weighs it with the Seeger-Fabian list (won + value + 50, lost
  − 2 × value − 50).
* **Bidding** (:func:`max_bid`): up to the value of the best game with a positive expected
  score, Hand games and announcements included when the hand is strong enough (Schneider
  announced; Grand Ouvert with a hand that takes every trick, :func:`grand_solid`).
* **Skat** (:func:`best_plan`): after picking up, every game with every discard; the
  discard keeps trumps and aces, makes voids, puts away blank tens and points.
* **Card play** (:func:`play_card`): as declarer draw trumps with sure winners, cash aces,
  then lead short suits; as defender cash aces, lead through the declarer, give points to a
  partner who wins the trick (schmieren), take the declarer's tricks cheaply; Null and Ramsch
  have their own rules (duck under, dump high cards).
* **House rules**: Kontra/Re from the strength of the hand, Spitze only when the
  defenders hold no trump, Schenken accepted, Schieberamsch: pass the skat on unless the hand
  has high cards to get rid of.

>>> from skat.core import GameState
>>> from skat.ai.arena import play_game
>>> state = play_game(GameState(seed=3), [HeuristicAgent() for _ in range(3)])
>>> state.is_over
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import Final

from skat.core.actions import (
    HOLD,
    PASS,
    PICK_UP,
    Action,
    Bid,
    Declare,
    Discard,
    Double,
    Hold,
    Pass,
    PickUp,
    Spitze,
)
from skat.core.cards import CARDS, JACKS_MASK, SUIT_MASKS, Card, points_of
from skat.core.contracts import (
    EFFECTIVE_SUIT,
    GRAND,
    NULL,
    POWER,
    TRUMP_MASKS,
    TRUMP_ORDER,
    WIN_KEY,
    Contract,
    matadors,
)
from skat.core.knowledge import Knowledge, game_type_of, tricks_read
from skat.core.rules import ISKO, Rules
from skat.core.scoring import contract_value, overbid_value
from skat.core.sheets import SEEGER_DEFENCE_BONUS, SEEGER_GAME_BONUS
from skat.core.state import Phase, View

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


def _bits(mask: int) -> list[int]:
    """Card indices of a mask, low to high.

    >>> _bits(0b1010)
    [1, 3]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _eff_masks(gt: int) -> tuple[int, ...]:
    out = [0] * 5
    for i in range(32):
        out[EFFECTIVE_SUIT[gt][i]] |= 1 << i
    return tuple(out)


EFF_MASKS: Final = tuple(_eff_masks(gt) for gt in range(7))
"""``EFF_MASKS[gt][e]``: the cards of effective suit ``e`` (0..3 plain, 4 trump) per game type."""

PLAIN_MASKS: Final = tuple(SUIT_MASKS[s] & ~JACKS_MASK for s in range(4))
"""Each suit without its jack."""


def _card(suit: int, rank: int) -> int:
    return 1 << (8 * suit + rank)


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
        ranks = sorted(NULL_RANK[i] for i in _bits(hand & SUIT_MASKS[suit]))
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


NULL_CHANCE: Final = (0.9, 0.5, 0.2, 0.06, 0.02)
"""Chance to win a Null by the number of dangerous cards (after the discard)."""


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
        risk = null_risk(hand)
        if pickup:
            risk = max(0, risk - 1)  # two cards go away, the skat may bring new ones
        p = NULL_CHANCE[min(risk, 4)]
        if contract.ouvert:
            p = 0.85 if (not pickup and null_open_safe(hand)) else p * 0.6
        return p
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


def _discard_candidates(cards: int, game_type: int) -> list[int]:
    """Two-card discards worth looking at for a game: no trumps unless the hand holds almost
    nothing else."""
    idx = _bits(cards)
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
            s = -float(null_risk(rest)) - 0.01 * sum(NULL_RANK[i] for i in _bits(rest))
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
                p = NULL_CHANCE[min(null_risk(rest), 4)]
                if c.ouvert:
                    p = 0.85 if null_open_safe(rest) else p * 0.5
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
    hand = view.hand.mask
    doubles = [a for a in legal if isinstance(a, Double)]
    if doubles and contract is not None:
        level = doubles[0].level
        if level == 1:
            return doubles[0] if defender_says_kontra(hand, contract) else PASS
        if level == 2:  # Re: the declarer is sure of his game
            gt = contract.game_type
            if gt == NULL:
                return doubles[0] if null_risk(hand) == 0 else PASS
            s = grand_strength(hand) if gt == GRAND else suit_strength(hand, gt)
            threshold = GRAND_THRESHOLD if gt == GRAND else TRUMP_THRESHOLD
            return doubles[0] if s >= threshold + 2.0 else PASS
        return PASS
    spitzen = [a for a in legal if isinstance(a, Spitze)]
    if spitzen and contract is not None:
        return spitzen[0] if _spitze_safe(view) else PASS
    if HOLD in legal:  # the defenders concede (Schenken): take the won game
        return HOLD
    return PASS if PASS in legal else legal[0]


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
    for i in _bits(hand & JACKS_MASK):
        danger += (1.0, 1.3, 1.6, 2.0)[i >> 3]
    for suit in range(4):
        side = hand & PLAIN_MASKS[suit]
        low = (side & ((1 << (8 * suit + QUEEN)) - 1) & ~((1 << (8 * suit)) - 1)).bit_count()
        for i in _bits(side):
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


# --------------------------------------------------------------------------------------------
# Card play


class PlaySituation:
    """The situation of the seat to play a card: what it knows about the cards
    (:class:`skat.core.knowledge.Knowledge`: its hand, the cards gone, who is void in what,
    the declarer's open hand, where each unseen card may be) and the current trick."""

    __slots__ = (
        "_know",
        "declarer",
        "gone",
        "gt",
        "hand",
        "led_suit",
        "open_hand",
        "seat",
        "trick",
        "trick_leader",
        "unseen",
        "view",
        "voids",
    )

    def __init__(self, view: View) -> None:
        self.view = view
        self._know: Knowledge | None = None
        self.seat = view.seat
        self.hand = view.hand.mask
        self.gt = game_type_of(view)
        played, self.voids = tricks_read(view, self.gt)
        self.gone = played[0] | played[1] | played[2]
        self.declarer = view.declarer if view.declarer is not None else -1
        self.trick = [card.index for card in view.current_trick]
        self.trick_leader = view.trick_leader
        self.led_suit = EFFECTIVE_SUIT[self.gt][self.trick[0]] if self.trick else -1
        known = 0
        if self.seat == self.declarer:  # the skat he picked up and the cards he put away
            for cs in (view.skat, view.discard):
                known |= cs.mask if cs is not None else 0
        self.open_hand = view.open_hand.mask if view.open_hand is not None else -1
        self.unseen = 0xFFFFFFFF & ~self.hand & ~self.gone & ~known

    @property
    def know(self) -> Knowledge:
        """Where every unseen card may be (built when first asked)."""
        if self._know is None:
            self._know = Knowledge(self.view)
        return self._know

    def possible(self, seat: int) -> int:
        """The cards ``seat`` may hold."""
        return self.know.may[seat]

    def key(self, card: int, led: int) -> int:
        """Trick-taking key of a card when ``led`` (an effective suit) was led."""
        return WIN_KEY[self.gt][led][card]

    def winning(self) -> tuple[int, int]:
        """(position in the trick, card) of the card winning the current trick."""
        led = self.led_suit
        best_pos, best = 0, self.trick[0]
        for pos, i in enumerate(self.trick[1:], 1):
            if self.key(i, led) > self.key(best, led):
                best_pos, best = pos, i
        return best_pos, best

    def after_me(self) -> list[int]:
        """Seats still to play to the current trick after this one."""
        n = 2 - len(self.trick)
        return [(self.seat + k) % 3 for k in range(1, n + 1)]

    def can_be_beaten(self, card: int, led: int, seats: Sequence[int]) -> bool:
        """Could one of ``seats`` (still to play) beat ``card`` in a trick led with ``led``?"""
        eff_masks = EFF_MASKS[self.gt]
        mine = self.key(card, led)
        for s in seats:
            cards = self.possible(s)
            follow = cards & eff_masks[led]
            if follow and not (self.voids[s] >> led & 1):
                if any(self.key(i, led) > mine for i in _bits(follow)):
                    return True
                # he may hold a card of the suit: assume he follows and cannot trump (in
                # the arena this optimism beats assuming a void: +1.5 TP/game)
                continue
            trumps = cards & eff_masks[4]
            if led != 4 and any(self.key(i, led) > mine for i in _bits(trumps)):
                return True
        return False

    def is_trump(self, i: int) -> bool:
        """Is card ``i`` a trump?"""
        return EFFECTIVE_SUIT[self.gt][i] == 4

    def power(self, i: int) -> int:
        """Strength of a card within its effective suit (trumps above 50)."""
        return POWER[self.gt][i]


def _points(i: int) -> int:
    return CARDS[i].points


def _lowest(cards: Iterable[int], table: PlaySituation) -> int:
    """The cheapest card: fewest points, no trump, from the shortest suit, the weakest."""
    masks = EFF_MASKS[table.gt]
    eff = EFFECTIVE_SUIT[table.gt]
    return min(
        cards,
        key=lambda i: (
            _points(i),
            table.is_trump(i),
            (table.hand & masks[eff[i]]).bit_count(),
            table.power(i),
        ),
    )


def _highest_points(cards: Iterable[int], table: PlaySituation) -> int:
    """The card with most points, jacks last (they are worth more as trumps)."""
    return max(cards, key=lambda i: (i & 7 != JACK, _points(i), -table.power(i)))


def play_card(view: View, cards: Sequence[Card]) -> Card:
    """The card to play: declarer, defender, Null or Ramsch rules."""
    table = PlaySituation(view)
    legal = [c.index for c in cards]
    if len(legal) == 1:
        return CARDS[legal[0]]
    reserve = _spitze_reserve(view, table)
    pool = [i for i in legal if i not in reserve] or legal
    if view.contract is None:
        choice = ramsch_play(table, pool)
    elif table.gt == NULL:
        if table.seat == table.declarer:
            choice = null_declarer_play(table, pool)
        else:
            choice = null_defender_play(table, pool)
    elif table.seat == table.declarer:
        choice = declarer_play(table, pool)
    else:
        choice = defender_play(table, pool)
    return CARDS[choice]


def _spitze_reserve(view: View, table: PlaySituation) -> set[int]:
    """The lowest trumps kept for the last tricks when Spitze was announced."""
    if table.seat != table.declarer or table.gt == NULL:
        return set()
    for a in view.announcements:
        if a.startswith("spitze "):
            n = int(a.split()[1])
            return set(TRUMP_ORDER[table.gt][-n:])
    return set()


def declarer_play(table: PlaySituation, legal: list[int]) -> int:
    """Declarer of a suit game or Grand: draw trumps, cash winners, then short suits;
    following, take the trick cheaply when it can be held, else play the cheapest card."""
    if not table.trick:
        return _declarer_lead(table, legal)
    return _take_or_duck(table, legal, partner=-1)


def _declarer_lead(table: PlaySituation, legal: list[int]) -> int:
    gt = table.gt
    trump_mask = EFF_MASKS[gt][4]
    my_trumps = [i for i in legal if trump_mask >> i & 1]
    opp_trumps = table.unseen & trump_mask
    defenders = [s for s in range(3) if s != table.seat]
    if my_trumps and opp_trumps:
        top = max(_bits(opp_trumps) + my_trumps, key=table.power)
        if top in my_trumps:
            return top
        if len(my_trumps) >= 3 and len(my_trumps) > opp_trumps.bit_count() // 2:
            return _lowest(my_trumps, table)
    # sure winners in the plain suits
    winners = []
    for i in legal:
        if trump_mask >> i & 1:
            continue
        led = EFFECTIVE_SUIT[gt][i]
        if not table.can_be_beaten(i, led, defenders):
            winners.append(i)
    if winners:
        return max(winners, key=lambda i: (_points(i), table.power(i)))
    plain = [i for i in legal if not trump_mask >> i & 1]
    if not plain:
        return max(my_trumps, key=table.power) if not opp_trumps else _lowest(my_trumps, table)
    # a low card of the shortest suit, not a lone ten
    by_suit: dict[int, list[int]] = {}
    for i in plain:
        by_suit.setdefault(EFFECTIVE_SUIT[gt][i], []).append(i)

    def rank(suit: int) -> tuple[int, int]:
        cards = by_suit[suit]
        lone_ten = len(cards) == 1 and cards[0] & 7 == TEN
        return (lone_ten, len(cards))

    suit = min(by_suit, key=rank)
    return _lowest(by_suit[suit], table)


def _take_or_duck(table: PlaySituation, legal: list[int], partner: int) -> int:
    """Follow to a trick: win it when worth it and safe, give points to a partner who holds
    it, else play the cheapest card."""
    led = table.led_suit
    pos, best = table.winning()
    winner_seat = (table.trick_leader + pos) % 3
    later = table.after_me()
    trick_points = sum(_points(i) for i in table.trick)
    partner_wins = partner >= 0 and winner_seat == partner
    opponents_later = [s for s in later if s != partner]
    if partner_wins and not table.can_be_beaten(best, led, opponents_later):
        return _highest_points(legal, table)  # schmieren
    beating = [i for i in legal if table.key(i, led) > table.key(best, led)]
    if beating:
        safe = [i for i in beating if not table.can_be_beaten(i, led, opponents_later)]
        if safe:
            plain = [i for i in safe if not table.is_trump(i)]
            if plain:
                return max(plain, key=lambda i: (_points(i), table.power(i)))
            if trick_points >= 3 or len(safe) == len(legal) or (not later and partner >= 0):
                return min(safe, key=lambda i: (table.power(i), _points(i)))
        elif trick_points >= 10 and partner < 0:  # a declarer fights for a full trick
            return max(beating, key=table.power)
    return _lowest(legal, table)


def defender_play(table: PlaySituation, legal: list[int]) -> int:
    """Defender of a suit game or Grand: cash aces, lead through the declarer; following,
    give points to the partner, take the declarer's tricks."""
    partner = 3 - table.seat - table.declarer
    if table.trick:
        return _take_or_duck(table, legal, partner)
    return _defender_lead(table, legal, partner)


def _defender_lead(table: PlaySituation, legal: list[int], partner: int) -> int:
    gt = table.gt
    trump_mask = EFF_MASKS[gt][4]
    d = table.declarer
    plain = [i for i in legal if not trump_mask >> i & 1]
    if not plain:
        return _lowest(legal, table)
    declarer_void = table.voids[d]
    declarer_trumps = table.possible(d) & trump_mask
    # sure winners first (an ace the declarer cannot trump)
    for i in sorted(plain, key=lambda i: -_points(i)):
        led = EFFECTIVE_SUIT[gt][i]
        if declarer_void >> led & 1 and declarer_trumps:
            continue
        if not table.can_be_beaten(i, led, [d]) and (i & 7) in (ACE, TEN):
            return i
    by_suit: dict[int, list[int]] = {}
    for i in plain:
        by_suit.setdefault(EFFECTIVE_SUIT[gt][i], []).append(i)
    declarer_next = (table.seat + 1) % 3 == d

    def score(suit: int) -> tuple[bool, bool, bool, int]:
        cards = by_suit[suit]
        ruffed = bool(declarer_void >> suit & 1 and declarer_trumps)
        partner_void = bool(table.voids[partner] >> suit & 1)
        # lone tens and unguarded tens are poor leads
        bare_ten = any(i & 7 == TEN for i in cards) and not any(i & 7 == ACE for i in cards)
        length = -len(cards) if declarer_next else len(cards)
        return (ruffed, bare_ten and len(cards) <= 2, not partner_void, length)

    suit = min(by_suit, key=score)
    cards = by_suit[suit]
    non_ten = [i for i in cards if i & 7 not in (TEN, ACE)] or cards
    return _lowest(non_ten, table)


def null_declarer_play(table: PlaySituation, legal: list[int]) -> int:
    """Null declarer: lead the card the defenders must overtake; follow with the highest card
    that stays below the trick; dump the most dangerous card when void."""
    null = NULL_RANK
    if not table.trick:

        def risk(i: int) -> tuple[int, int]:
            suit_cards = table.unseen & SUIT_MASKS[i >> 3]
            lower = sum(1 for j in _bits(suit_cards) if null[j] < null[i])
            return (lower, null[i])

        return min(legal, key=risk)
    led_suit = table.trick[0] >> 3
    _pos, best = table.winning()
    following = [i for i in legal if i >> 3 == led_suit]
    if following:
        under = [i for i in following if null[i] < null[best]]
        if under:
            return max(under, key=lambda i: null[i])
        return (
            min(following, key=lambda i: null[i])
            if table.after_me()
            else max(following, key=lambda i: null[i])
        )
    return _null_dump(table, legal)


def _null_dump(table: PlaySituation, legal: list[int]) -> int:
    """The most dangerous card to get rid of in Null: high cards with low unseen cards below."""
    null = NULL_RANK

    def danger(i: int) -> tuple[int, int]:
        suit_cards = table.unseen & SUIT_MASKS[i >> 3]
        lower = sum(1 for j in _bits(suit_cards) if null[j] < null[i])
        return (lower, null[i])

    return max(legal, key=danger)


def null_defender_play(table: PlaySituation, legal: list[int]) -> int:
    """Null defender: lead low where the declarer must go over it; keep the trick low while
    the declarer is still to play; under the declarer's card when he is winning."""
    null = NULL_RANK
    d = table.declarer
    if not table.trick:
        declarer_cards = table.possible(d)

        def score(i: int) -> tuple[int, int]:
            theirs = declarer_cards & SUIT_MASKS[i >> 3]
            if not theirs:
                return (2, null[i])
            below = sum(1 for j in _bits(theirs) if null[j] < null[i])
            if table.open_hand >= 0:
                return (0 if below == 0 else 1, null[i])
            return (1, null[i])

        return min(legal, key=score)
    led_suit = table.trick[0] >> 3
    pos, best = table.winning()
    winner = (table.trick_leader + pos) % 3
    following = [i for i in legal if i >> 3 == led_suit]
    if d in table.after_me():
        if following:
            return min(following, key=lambda i: null[i])
        return max(legal, key=lambda i: null[i])
    if winner == d:
        under = [i for i in following if null[i] < null[best]]
        if under:
            return max(under, key=lambda i: null[i])
        if not following:
            return max(legal, key=lambda i: null[i])
    if following:
        return (
            max(following, key=lambda i: null[i])
            if winner != d
            else min(following, key=null.__getitem__)
        )
    return max(legal, key=lambda i: null[i])


def ramsch_play(table: PlaySituation, legal: list[int]) -> int:
    """Ramsch (everyone for himself, fewest points wins): lead low, stay under the trick,
    dump high cards when void or when the trick is lost anyway."""
    if not table.trick:
        plain = [i for i in legal if not table.is_trump(i)] or legal
        masks = EFF_MASKS[table.gt]
        eff = EFFECTIVE_SUIT[table.gt]
        return min(
            plain,
            key=lambda i: (
                _points(i) >= 10,
                (table.hand & masks[eff[i]]).bit_count(),
                table.power(i),
                _points(i),
            ),
        )
    led = table.led_suit
    _pos, best = table.winning()
    best_key = table.key(best, led)
    following = [i for i in legal if EFFECTIVE_SUIT[table.gt][i] == led]
    if following:
        under = [i for i in following if table.key(i, led) < best_key]
        if under:
            return max(under, key=lambda i: (table.power(i), _points(i)))
        if not table.after_me():  # the trick is ours anyway: get rid of the highest card
            return max(following, key=lambda i: (table.power(i), -_points(i)))
        return min(following, key=lambda i: (table.power(i), _points(i)))
    plain = [i for i in legal if not table.is_trump(i)]
    if plain:
        return max(plain, key=lambda i: (_points(i), table.power(i)))
    return min(legal, key=table.power)


# --------------------------------------------------------------------------------------------
# The agent


class HeuristicAgent:
    """The rule-based player; deterministic, ``seed`` is accepted for the arena's factory."""

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> Action:
        """The action for this view (one of ``view.legal_actions``)."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == Phase.BIDDING:
            return choose_bid(view)
        if phase == Phase.SKAT:
            return choose_hand_or_pickup(view)
        if phase == Phase.DISCARD:
            return choose_discard(view)
        if phase == Phase.DECLARE:
            return choose_declaration(view)
        if phase == Phase.PUSH:
            return choose_push(view)
        if phase == Phase.PUSH_DISCARD:
            return choose_push_discard(view)
        if phase == Phase.ANSWER:
            return choose_answer(view)
        cards = [a for a in legal if isinstance(a, Card)]
        doubles = [a for a in legal if isinstance(a, Double)]
        if (
            doubles
            and view.contract is not None
            and defender_says_kontra(view.hand.mask, view.contract)
        ):
            return doubles[0]
        if cards:
            return play_card(view, cards)
        for a in legal:
            if isinstance(a, (Pass, Hold, PickUp)):
                return a
        return legal[0]

    def __repr__(self) -> str:
        return "HeuristicAgent()"
