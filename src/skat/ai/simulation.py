"""The declarer's decisions by simulation: bid, Hand or skat, discard and game.

The strong :class:`~skat.ai.pimc.PimcAgent` levels judge the games a hand could play by
sampling the cards they cannot see and solving each deal double-dummy
(:class:`skat.ai.dds.Solver`, the declarer's threshold: 61 card points, Null: no trick):

* **After picking up the skat** (:func:`choose_plan`): the seat knows its 12 cards.  For every
  game worth a look it takes the best few discards by the heuristic's hand strength
  (:func:`skat.ai.heuristic.best_discard`) and Null Ouvert beside Null, deals the 20 cards it
  cannot see to the defenders many times, and counts the deals each plan wins.  The chance
  to win is that count, :func:`calibrated` to real play, shrunk towards the heuristic's
  estimate (a prior worth :data:`PRIOR_WEIGHT` deals), and the plan with the best expected Seeger-Fabian score
  (:func:`skat.ai.heuristic.expected_score`; a game worth less than the bid is lost
  overbid) is played.
* **Before the skat is seen** (:func:`evaluate_bids`, used for bidding and for the choice
  between Hand and picking up): each sampled world fixes the skat too.  Picking up is judged
  as the heuristic would play it after seeing that skat (its best discard and its choice of
  game for the bid), the Hand games with the ten cards as they are; the deal is solved for
  each.  The seat bids up to the highest value that still has a positive expected score,
  and plays Hand when a Hand game expects more than picking up.

The double-dummy result stands in for real play: both sides see every card.  It is a noisy
and pessimistic judge (the defenders never misplay), which is why the chances are calibrated
(:func:`calibrated`) and shrunk towards the heuristic's.

The auction says something of the other hands (an :data:`Evidence`): a seat that bid 30 holds
a game worth 30 by the heuristic's bidding, one that passed at 18 holds none.  The worlds are
drawn to fit it (each kept with the chance :func:`~skat.ai.auction.auction_weight` gives it),
and a :class:`BidTable` drawn earlier in the auction is reweighted to what was said since
(:meth:`BidTable.weights`).

>>> import random
>>> from skat.core import CardSet
>>> from skat.ai.dds import Solver
>>> hand = CardSet.parse("CJ SJ HJ CA CT CK C9 SA ST HA").mask
>>> bids = evaluate_bids(hand, 0, random.Random(1), Solver(), worlds=8)
>>> bids.limit() >= 48   # Clubs with 3 (and the skat) is worth 48
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from skat.ai.auction import auction_weight
from skat.ai.dds import Position, Solver
from skat.ai.heuristic import (
    GRAND_THRESHOLD,
    TRUMP_THRESHOLD,
    _discard_candidates,
    best_plan,
    contract_chance,
    expected_score,
    game_value,
    grand_strength,
    max_bid,
    null_chance,
    null_holes,
    null_risk,
    suit_strength,
    win_chance,
)
from skat.core.bidding import BID_VALUES
from skat.core.cards import JACKS_MASK, indices_of, points_of
from skat.core.contracts import GRAND, NULL, TRUMP_MASKS, Contract
from skat.core.rules import ISKO
from skat.core.scoring import overbid_value

__all__ = [
    "CALIBRATION",
    "PRIOR_WEIGHT",
    "BidTable",
    "Evidence",
    "Plan",
    "calibrated",
    "choose_plan",
    "evaluate_bids",
    "plan_candidates",
]

ALL_CARDS: Final = (1 << 32) - 1
CALIBRATION: Final = (1.4, 0.74)
"""``(a, b)`` of the map from the double-dummy chance to the real one,
``logit(real) = a + b · logit(double-dummy)`` (:func:`calibrated`)."""
PRIOR_WEIGHT: Final = 4.0
"""How many sampled deals the heuristic's own chance is worth when the two are combined."""
MIN_WORLDS: Final = 6
"""Deals sampled at least, whatever the node budget says."""
MIN_PRIOR: Final = 0.1
"""Plans the heuristic gives less chance than this are not solved (unless nothing is left)."""
MAX_PLANS: Final = 6
"""Plans solved at most after picking up: the best by the heuristic's expected score."""
NULL_OUVERT_FACTOR: Final = 0.9
"""Null Ouvert: the double-dummy chance times this (one slip loses it)."""
CLOCK_WORLDS: Final = 2
"""Deals sampled at least when a clock stops the sampling (see ``until``)."""
DRAW_TRIES: Final = 60
"""Deals drawn at most for one world that fits the auction (then the last one is taken)."""

Evidence = Mapping[int, tuple[int, int]]
"""What the auction showed of the other seats: seat → (the highest value it bid or held, the
bid on the table when it passed or -1), as :func:`skat.ai.auction.auction_limits` gives it."""


def _fit(limits: tuple[int, int], seats: tuple[int, int], evidence: Evidence) -> float:
    """How well two hands the heuristic would bid up to ``limits`` fit the ``evidence`` of
    their ``seats`` (1: both as said)."""
    w = 1.0
    for limit, seat in zip(limits, seats, strict=True):
        if seat in evidence:
            w *= auction_weight(limit, *evidence[seat])
    return w


def _draw_others(
    unseen: list[int],
    skip: int,
    rng: random.Random,
    seats: tuple[int, int],
    evidence: Evidence,
    go_base: int,
    want_limits: bool = False,
) -> tuple[int, int, tuple[int, int]]:
    """Shuffle ``unseen`` for one world: the ten cards after the first ``skip`` go to
    ``seats[0]``, the rest to ``seats[1]``, kept with the chance that they fit ``evidence``
    (without evidence the first shuffle).  Returns both hands and the heuristic's bid limits
    for them."""
    a = b = 0
    limits = (0, 0)
    for _ in range(DRAW_TRIES):
        rng.shuffle(unseen)
        a = sum(1 << i for i in unseen[skip : skip + 10])
        b = sum(1 << i for i in unseen[skip + 10 :])
        if not (evidence or want_limits):
            break
        limits = (max_bid(a, seats[0] == 0, go_base), max_bid(b, seats[1] == 0, go_base))
        w = _fit(limits, seats, evidence) if evidence else 1.0
        if w >= 1.0 or rng.random() < w:
            break
    return a, b, limits


def _strength(rest: int, gt: int, discard: int, forehand: bool) -> float:
    """The heuristic's strength of a 10-card hand kept for a game (higher is better)."""
    if gt == NULL:
        return -null_risk(rest) - 0.5 * null_holes(rest, discard)
    if gt == GRAND:
        return grand_strength(rest, forehand) + 0.03 * points_of(discard)
    return suit_strength(rest, gt) + 0.03 * points_of(discard)


def _prior(contract: Contract, rest: int, forehand: bool, discard: int) -> float:
    """The heuristic's chance to win ``contract`` with the 10 cards kept."""
    gt = int(contract.game_type)
    if gt == NULL:
        return null_chance(rest, discard, ouvert=contract.ouvert)
    if gt == GRAND:
        return win_chance(grand_strength(rest, forehand), GRAND_THRESHOLD)
    return win_chance(suit_strength(rest, gt), TRUMP_THRESHOLD)


def calibrated(wins: float, n: float) -> float:
    """The real chance to win a game that the declarer won in ``wins`` of ``n`` sampled deals
    solved double-dummy.

    The solver's defenders see every card and never misplay, so it wins fewer games than real
    play does.  Measured on 400 seeded deals of heuristic players (``python
    bench/calibration.py --deals 400``, 332 games declared, 16 deals solved each): games the
    solver won in under a fifth of the deals were won 48 % of the time, those it won in over
    four fifths 96 %, 69 % on average against 83 % real.  :data:`CALIBRATION` fits a line
    through those figures on the logit scale.

    >>> round(calibrated(0, 16), 2), round(calibrated(8, 16), 2), round(calibrated(16, 16), 2)
    (0.23, 0.8, 0.98)
    """
    p = (wins + 0.5) / (n + 1)
    a, b = CALIBRATION
    z = a + b * math.log(p / (1 - p))
    return 1 / (1 + math.exp(-z))


def _worth_a_look(cards: int, gt: int) -> bool:
    if gt == NULL:
        return null_risk(cards) <= 4
    if gt == GRAND:
        return bool(cards & JACKS_MASK)
    return (cards & TRUMP_MASKS[gt]).bit_count() >= 4


@dataclass(frozen=True)
class Plan:
    """A game to declare after picking up and the two cards put away for it."""

    contract: Contract
    discard: int
    value: int
    """The game's value if won simply, with the matadors of the 12 cards."""
    prior: float
    """The heuristic's chance to win it."""


def plan_candidates(
    cards: int, forehand: bool, per_game: int = 2, go_base: int = ISKO.grand_ouvert_base
) -> list[Plan]:
    """The plans worth solving for 12 cards: for every game worth a look, the ``per_game``
    best discards by the heuristic's strength (Null Ouvert with Null's best discard); plans
    the heuristic gives less than :data:`MIN_PRIOR` are left out, and at most
    :data:`MAX_PLANS` are kept, the best by the heuristic's expected score first.

    >>> from skat.core import CardSet
    >>> cards = CardSet.parse("CJ SJ HA HT HK H9 H7 SA ST DT D7 C8").mask
    >>> [str(p.contract) for p in plan_candidates(cards, True)]
    ['G', 'G', 'H', 'H', 'D', 'D']
    """
    out: list[Plan] = []
    looks = [gt for gt in range(6) if _worth_a_look(cards, gt)] or [GRAND]
    for gt in looks:
        ranked = sorted(
            _discard_candidates(cards, gt),
            key=lambda d: -_strength(cards & ~d, gt, d, forehand),
        )[:per_game]
        contracts = [Contract.make(gt)]
        if gt == NULL:
            contracts.append(Contract.parse("NO"))
        for c in contracts:
            for d in ranked if not c.ouvert else ranked[:1]:
                rest = cards & ~d
                out.append(Plan(c, d, game_value(c, cards, go_base), _prior(c, rest, forehand, d)))
    out.sort(key=lambda p: -expected_score(p.prior, p.value))
    likely = [p for p in out if p.prior >= MIN_PRIOR]
    return (likely or out)[:MAX_PLANS]


def _position(declarer: int, gt: int, hands: tuple[int, int, int], skat_points: int) -> Position:
    return Position(
        hands=hands,
        game_type=gt,
        declarer=declarer,
        leader=0,
        declarer_points=skat_points if gt != NULL else 0,
    )


def _wins(solver: Solver, pos: Position) -> bool:
    """Does the declarer win from the first trick on: 61 card points, Null: no trick?"""
    if pos.game_type == NULL:
        return solver.at_least(pos, 1)
    return solver.at_least(pos, 61 - pos.declarer_points)


def _overbid_score(contract: Contract, bid: int) -> float:
    """The expected score of a game worth less than the bid: lost at the lowest multiple of
    its base value that reaches the bid."""
    return expected_score(0.0, overbid_value(contract, bid))


def _others(seat: int) -> tuple[int, int]:
    return (seat + 1) % 3, (seat + 2) % 3


def choose_plan(
    cards: int,
    seat: int,
    bid: int,
    rng: random.Random,
    solver: Solver,
    worlds: int,
    nodes: int = 10**9,
    go_base: int = ISKO.grand_ouvert_base,
    evidence: Evidence | None = None,
    until: float | None = None,
) -> Plan:
    """The plan (game and discard) with the best expected score for the declarer at
    ``seat`` holding the 12 ``cards`` after picking up, for a game of at least ``bid``; the
    defenders' hands are drawn to fit what they said in the auction (``evidence``).  No
    deal is started after the ``time.monotonic()`` time ``until`` (at least :data:`CLOCK_WORLDS`).

    >>> from skat.core import CardSet
    >>> cards = CardSet.parse("CJ SJ HJ DJ CA CT CK SA ST HA H7 D7").mask
    >>> str(choose_plan(cards, 0, 18, random.Random(1), Solver(), worlds=6).contract)
    'G'
    """
    plans = plan_candidates(cards, seat == 0, go_base=go_base)
    unseen = indices_of(ALL_CARDS & ~cards)
    left, right = _others(seat)
    wins = [0] * len(plans)
    start = solver.nodes
    n = 0
    for n in range(1, worlds + 1):
        a, b, _ = _draw_others(unseen, 0, rng, (left, right), evidence or {}, go_base)
        for k, plan in enumerate(plans):
            hands = [0, 0, 0]
            hands[seat] = cards & ~plan.discard
            hands[left], hands[right] = a, b
            gt = int(plan.contract.game_type)
            pos = _position(seat, gt, (hands[0], hands[1], hands[2]), points_of(plan.discard))
            wins[k] += _wins(solver, pos)
        if _enough(n, solver.nodes - start, nodes, until):
            break
    best: tuple[float, Plan] | None = None
    for k, plan in enumerate(plans):
        p = (n * calibrated(wins[k], n) + PRIOR_WEIGHT * plan.prior) / (n + PRIOR_WEIGHT)
        if plan.contract.ouvert:
            p *= NULL_OUVERT_FACTOR
        ev = (
            expected_score(p, plan.value)
            if plan.value >= bid
            else _overbid_score(plan.contract, bid) - 1000
        )
        if best is None or ev > best[0]:
            best = (ev, plan)
    assert best is not None
    return best[1]


_HAND_GAMES: Final = tuple(Contract.parse(code) for code in ("DH", "HH", "SH", "CH", "GH", "NH"))


@dataclass
class BidTable:
    """What the sampled worlds say about a 10-card hand before the skat is seen.

    ``pickup[w]`` lists, for world ``w``, each game the heuristic might choose after picking
    up that world's skat as ``(value, heuristic expected score, won double-dummy, chance)``;
    ``hand[c]`` lists, for each Hand game worth solving, ``(value, won)`` per world.
    ``limits[w]`` are the heuristic's bid limits of the other two hands of world ``w`` (the
    seats ``seats``; kept only when the worlds were drawn reading the auction), ``evidence``
    what the auction had shown then.
    The scores take optional ``weights``, one a world (:meth:`weights`; none: all 1).
    """

    worlds: int = 0
    pickup: list[list[tuple[int, float, bool, float]]] = field(default_factory=list)
    hand: dict[Contract, list[tuple[int, bool]]] = field(default_factory=dict)
    priors: dict[Contract, float] = field(default_factory=dict)
    limits: list[tuple[int, int]] = field(default_factory=list)
    seats: tuple[int, int] = (1, 2)
    evidence: Evidence = field(default_factory=dict)

    def weights(self, evidence: Evidence) -> list[float]:
        """Each world's weight once the auction has shown ``evidence``: how much better it
        fits that than what the worlds were drawn for.

        >>> t = BidTable(worlds=2, limits=[(0, 0), (30, 0)], seats=(1, 2))
        >>> t.weights({1: (27, -1)})
        [0.03, 1.0]
        """
        return [
            _fit(lim, self.seats, evidence) / _fit(lim, self.seats, self.evidence)
            for lim in self.limits
        ]

    def pickup_score(self, bid: int, weights: Sequence[float] | None = None) -> float:
        """Expected score of picking up the skat and then playing the heuristic's best game
        worth at least ``bid`` (an overbid loss when none is)."""
        if not self.pickup:
            return -1e9
        ws = weights or [1.0] * len(self.pickup)
        overbid = heuristic = 0.0
        won = 0.0
        values: list[tuple[int, float]] = []
        for options, w in zip(self.pickup, ws, strict=True):
            fit = [o for o in options if o[0] >= bid]
            if not fit:
                overbid -= w * (2 * bid + 130)
                heuristic -= w * (2 * bid + 130)
                continue
            value, ev, win, _ = max(fit, key=lambda o: o[1])
            won += w * win
            values.append((value, w))
            heuristic += w * ev
        n = sum(ws)
        solved = overbid
        if values:
            p = calibrated(won, sum(w for _, w in values))
            solved += sum(w * expected_score(p, v) for v, w in values)
        return (solved + PRIOR_WEIGHT * heuristic / n) / (n + PRIOR_WEIGHT)

    def hand_score(
        self, contract: Contract, bid: int, weights: Sequence[float] | None = None
    ) -> float:
        """Expected score of the Hand game ``contract`` at ``bid`` (shrunk to the heuristic's
        chance like :func:`choose_plan`)."""
        rows = self.hand.get(contract)
        if not rows:
            return -1e9
        ws = weights or [1.0] * len(rows)
        won = sum(w * win for (_, win), w in zip(rows, ws, strict=True))
        n = sum(ws)
        p = (n * calibrated(won, n) + PRIOR_WEIGHT * self.priors[contract]) / (n + PRIOR_WEIGHT)
        total = 0.0
        for (value, _), w in zip(rows, ws, strict=True):
            score = expected_score(p, value) if value >= bid else _overbid_score(contract, bid)
            total += w * score
        return total / n

    def best_hand(
        self, bid: int, weights: Sequence[float] | None = None
    ) -> tuple[float, Contract | None]:
        """The best Hand game at ``bid`` and its expected score."""
        best: tuple[float, Contract | None] = (-1e9, None)
        for c in self.hand:
            s = self.hand_score(c, bid, weights)
            if s > best[0]:
                best = (s, c)
        return best

    def score(self, bid: int, weights: Sequence[float] | None = None) -> float:
        """The best expected score at ``bid``: picking up or a Hand game."""
        return max(self.pickup_score(bid, weights), self.best_hand(bid, weights)[0])

    def limit(self, margin: float = 0.0, weights: Sequence[float] | None = None) -> int:
        """The highest bid with an expected score above ``-margin`` (0: pass)."""
        best = 0
        for v in BID_VALUES:
            if self.score(v, weights) > -margin:
                best = v
        return best


def evaluate_bids(
    hand: int,
    seat: int,
    rng: random.Random,
    solver: Solver,
    worlds: int,
    nodes: int = 10**9,
    go_base: int = ISKO.grand_ouvert_base,
    min_bid: int = 18,
    evidence: Evidence | None = None,
    until: float | None = None,
) -> BidTable:
    """Sample ``worlds`` deals of the 22 unseen cards (skat and both other hands; the other
    hands drawn to fit ``evidence``; ``None``: uniform, and no bid limits kept for
    :meth:`BidTable.weights`) and judge picking up and each Hand game worth it for the
    10-card ``hand`` at ``seat`` (no deal started after the ``time.monotonic()`` time
    ``until``)."""
    forehand = seat == 0
    left, right = _others(seat)
    table = BidTable(seats=(left, right), evidence=dict(evidence or {}))
    hand_games = []
    for c in _HAND_GAMES:
        gt = int(c.game_type)
        if gt == NULL:
            if null_risk(hand) > 2:
                continue
        elif not _worth_a_look(hand, gt):
            continue
        prior = contract_chance(c, hand, forehand, pickup=False)
        if prior < 0.15:
            continue
        hand_games.append(c)
        table.hand[c] = []
        table.priors[c] = prior
    unseen = indices_of(ALL_CARDS & ~hand)
    start = solver.nodes
    for n in range(1, worlds + 1):
        a, b, limits = _draw_others(
            unseen, 2, rng, (left, right), table.evidence, go_base, evidence is not None
        )
        if evidence is not None:
            table.limits.append(limits)
        skat = (1 << unseen[0]) | (1 << unseen[1])
        cards = hand | skat
        options: list[tuple[int, float, bool, float]] = []
        chosen = {best_plan(cards, v, forehand, go_base) for v in _bid_steps(cards, min_bid)}
        for contract, discard in chosen:
            rest = cards & ~discard
            hands = [0, 0, 0]
            hands[seat], hands[left], hands[right] = rest, a, b
            gt = int(contract.game_type)
            pos = _position(seat, gt, (hands[0], hands[1], hands[2]), points_of(discard))
            value = game_value(contract, cards, go_base)
            prior = _prior(contract, rest, forehand, discard)
            ev = expected_score(prior, value)
            options.append((value, ev, _wins(solver, pos), prior))
        table.pickup.append(options)
        for c in hand_games:
            hands = [0, 0, 0]
            hands[seat], hands[left], hands[right] = hand, a, b
            gt = int(c.game_type)
            pos = _position(seat, gt, (hands[0], hands[1], hands[2]), points_of(skat))
            table.hand[c].append((game_value(c, cards, go_base), _wins(solver, pos)))
        table.worlds = n
        if _enough(n, solver.nodes - start, nodes, until):
            break
    return table


def _enough(n: int, spent: int, nodes: int, until: float | None) -> bool:
    """Stop sampling after ``n`` deals that took ``spent`` solver nodes of ``nodes``, or when
    the clock says so?"""
    if n >= MIN_WORLDS and spent >= nodes:
        return True
    return until is not None and n >= CLOCK_WORLDS and time.monotonic() >= until


def _bid_steps(cards: int, min_bid: int) -> list[int]:
    """The bids at which the heuristic's choice of game may change: the simple values of
    the games these 12 cards could play, and the lowest bid."""
    steps = {min_bid}
    for gt in range(6):
        v = game_value(Contract.make(gt), cards)
        if v >= min_bid:
            steps.add(v)
    return sorted(steps)
