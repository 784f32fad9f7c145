"""A Perfect Information Monte Carlo (PIMC) player: sample the hidden cards, solve each
sample double-dummy, play the card that does best on average.

In the card play of a suit game, Grand or Null, :class:`PimcAgent` draws deals of the cards it
cannot see that agree with everything its seat knows (:class:`skat.core.knowledge.Knowledge`:
its own hand, the cards played, the suits a player showed he is void in, the declarer's discard
when it is the declarer, the declarer's open hand in an Ouvert game or after he showed his cards,
a defender's open hand after a claim; the skat is two of the unseen cards unless the seat put it
away), drawn by :func:`skat.core.sampling.sample`.  As a defender it prefers deals in which the
declarer holds the trumps his game needs (several trumps in a suit game, a jack or two in Grand)
and twelve cards worth the bid he won with (the matadors a high bid implies), and, early in the
play, a partner whose cards fit his part in the auction: the others are kept with a lower
probability.

Each deal is solved with :class:`skat.ai.dds.Solver` from the current position, one threshold
search per legal card: "does the declarer still reach his goal after this card?" (61 card
points, 90 with Schneider announced or required, every trick with Schwarz, no trick in Null).
The declarer plays the card that wins in the most deals, a defender the card that wins in the
fewest; among equally good cards the Schneider decides (:meth:`PimcAgent.tie_break`), and
remaining ties go to the card :class:`~skat.ai.heuristic.HeuristicAgent` would play.  At the
levels ``hard`` and ``expert`` the bidding, the choice between Hand and the skat, the discard and
the game are simulated too (:mod:`skat.ai.simulation`); every other decision (Kontra, Ramsch,
Spitze, Schenken) is the heuristic's.

The work per decision is bounded by a number of deals and a number of solver nodes (not by the
clock, so a seed gives the same play on any machine): ``easy``, ``medium``, ``hard`` (the
default) and ``expert``, see :data:`LEVELS`.  Level ``fast`` plays the heuristic's cards in the
first tricks of a suit game or Grand and samples only from :attr:`Level.from_trick` on, where
the solver's work is small (and in the whole of a Null game, whose solver is cheap throughout):
a few milliseconds a card, the default level of ``skat play`` and the web table.

>>> from skat.core import GameState
>>> from skat.ai.arena import play_game
>>> state = play_game(GameState(seed=3), [PimcAgent("easy", seed=s) for s in range(3)])
>>> state.is_over
True
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Final

from skat.ai.auction import auction_limits, fits_auction
from skat.ai.dds import Position, Solver, declarer_wins, goal, schneider_open
from skat.ai.heuristic import (
    HeuristicAgent,
    PlaySituation,
    _spitze_reserve,
    evaluate_hand,
    grand_solid,
    max_bid,
)
from skat.ai.simulation import BidTable, Plan, choose_plan, evaluate_bids
from skat.core.actions import HOLD, PASS, PICK_UP, Action, Bid, Declare, Discard
from skat.core.cards import Card
from skat.core.contracts import NULL
from skat.core.knowledge import SKAT, Knowledge, Slots
from skat.core.sampling import sample as draw_deal
from skat.core.state import Phase, View

__all__ = ["LEVELS", "Level", "PimcAgent", "Sample", "auction_limits", "sample_deals"]


@dataclass(frozen=True)
class Level:
    """How much work one card decision may take."""

    samples: int
    """Deals sampled at most (0: the heuristic's card play)."""
    nodes: int
    """Solver nodes after which no further deal is started (at least one deal is solved)."""
    worlds: int = 0
    """Deals sampled for the bidding, Hand and skat decisions (0: the heuristic's rules)."""
    world_nodes: int = 0
    """Solver nodes after which no further deal is started for those decisions."""
    bid_margin: float = 0.0
    """Bid on while the expected score of playing is above minus this: passing is not
    worth 0 when an opponent then plays a game he mostly wins."""
    auction_worlds: bool = False
    """Draw the worlds of those decisions to fit what the other seats said in the auction
    (:data:`skat.ai.simulation.Evidence`) instead of uniformly.  Off at every level: against
    the heuristic on 100 duplicate deals it changed nothing measurable (docs/performance.md);
    ``skat.ai.pimc:hard_auction`` is level ``hard`` with it."""
    from_trick: int = 1
    """The first trick of a suit game or Grand whose cards are chosen by sampling; before it
    the heuristic's card (the solver is cheapest in the last tricks)."""
    null_from_trick: int = 1
    """The same for Null games (whose solver is cheap from the first trick)."""


LEVELS: Final[dict[str, Level]] = {
    "fast": Level(samples=12, nodes=600_000, from_trick=4),
    "easy": Level(samples=8, nodes=200_000),
    "medium": Level(samples=20, nodes=1_000_000),
    "hard": Level(samples=100, nodes=6_000_000, worlds=24, world_nodes=3_000_000),
    "expert": Level(samples=250, nodes=20_000_000, worlds=60, world_nodes=12_000_000),
}
"""The levels by name."""


@dataclass(frozen=True)
class Sample:
    """One deal of the hidden cards: each seat's current hand and the skat (as it counts for
    the declarer: the discard, or the dealt skat of a Hand game)."""

    hands: tuple[int, int, int]
    skat: int


AUCTION_TRICKS: Final = 6
"""The auction is read in the first tricks only: later the cards played and the voids say
more, and each sample costs a bidding evaluation per defender."""


def _fits_auction(
    know: Knowledge, deal: Slots, seat: int, said: int, passed: int, view: View
) -> float:
    """1 when the heuristic, holding ``seat``'s cards of the auction (its hand and the cards
    it played), would have bid what it bid and passed where it passed; else
    :data:`skat.ai.auction.MISREAD_CHANCE`."""
    limit = max_bid(deal[seat] | know.played[seat], seat == 0, view.rules.grand_ouvert_base)
    return fits_auction(limit, said, passed)


def sample_deals(
    view: View, count: int, rng: random.Random, infer: bool | str = True
) -> list[Sample]:
    """``count`` deals of the hidden cards consistent with ``view`` (a view in the card play
    of a declared game), drawn by :func:`skat.core.sampling.sample`.  With ``infer`` a
    defender's samples favour declarer hands that fit the game declared and the bid
    (:meth:`Knowledge.weight`) and, in the first :data:`AUCTION_TRICKS` tricks, a hand of the
    other defender that fits his part in the auction (:func:`_fits_auction`).  With
    ``infer="learned"`` the deals follow the learned belief model instead
    (:func:`skat.ai.belief.sample_learned`; needs numpy).
    """
    if infer == "learned":
        from skat.ai.belief import sample_learned  # numpy: only for this mode

        deals = sample_learned(view, count, rng)
        return [Sample((d[0], d[1], d[2]), d[SKAT]) for d in deals]
    infer = bool(infer)
    know = Knowledge(view)
    bidders: list[tuple[int, int, int]] = []  # the other defender's part in the auction
    if infer and len(view.tricks) < AUCTION_TRICKS:
        limits = auction_limits(view)
        for s in range(3):
            if s not in (know.seat, know.declarer) and not know.known[s] and s in limits:
                bidders.append((s, *limits[s]))

    def fits(deal: Slots) -> float:
        p = 1.0
        for s, said, passed in bidders:
            p *= _fits_auction(know, deal, s, said, passed, view)
        return p

    weight = fits if bidders else None
    out: list[Sample] = []
    for _ in range(count):
        deal = draw_deal(know, rng, infer, weight)
        out.append(Sample((deal[0], deal[1], deal[2]), deal[SKAT]))
    return out


def position_of(view: View, sample: Sample) -> Position:
    """The solver's position for ``sample`` (:meth:`Position.from_view`)."""
    return Position.from_view(view, sample.hands, sample.skat)


INFERENCES: Final[dict[str, bool | str]] = {"rules": True, "learned": "learned", "none": False}
"""The inference modes of :class:`PimcAgent` and the ``infer`` of :func:`sample_deals`."""

_DECLARER_PHASES: Final = (Phase.BIDDING, Phase.SKAT, Phase.DISCARD, Phase.DECLARE)
RESAMPLE_SHARE: Final = 0.5
"""The bidding's worlds are drawn again when, reweighted to the auction so far, they count
for less than this share of their number."""
SIMULATE_FROM: Final = -100.0
"""Hands whose best game the heuristic expects to score less than this pass unsimulated."""


class PimcAgent:
    """Samples the hidden cards and solves each deal; see the module doc.

    ``level`` is one of :data:`LEVELS` (or a :class:`Level`); ``seed`` makes the sampling
    reproducible (the same view and seed give the same card).  ``inference`` is how the card
    play draws the hidden cards: ``"rules"`` (the hand-made inference above), ``"learned"``
    (the learned belief model, :mod:`skat.ai.belief`) or ``"none"`` (uniform over the deals
    that fit the hard constraints).
    """

    def __init__(
        self,
        level: str | Level = "hard",
        seed: int | None = 0,
        inference: str = "rules",
        clock: float | None = None,
    ) -> None:
        if inference not in INFERENCES:
            raise ValueError(f"unknown inference {inference!r} (known: {', '.join(INFERENCES)})")
        if inference == "learned":
            try:
                import skat.ai.belief  # noqa: F401  (numpy: only for this mode)
            except ImportError:
                raise ValueError(
                    "the learned inference needs numpy: pip install 'skat[ai]'"
                ) from None
        self.level = LEVELS[level] if isinstance(level, str) else level
        self.level_name = level if isinstance(level, str) else "custom"
        self.inference = inference
        self.seed = seed
        # the rules' card for the ties of a sampling level; a level that samples no card
        # plays the heuristic's whole card play (its counted ending too)
        self.heuristic = HeuristicAgent(seed, endgame=not self.level.samples)
        self.solver = Solver()
        self.decisions = 0
        """Card decisions made by sampling."""
        self._table: tuple[tuple[int, int], BidTable | None] | None = None
        self._plan: tuple[tuple[int, int, int], Plan] | None = None
        self._positions: list[Position] = []
        self.clock = clock
        """Seconds of wall time a decision may take (``None``: no limit, the level's counts
        alone bound the work): after them no further deal is sampled (at least one is
        solved), so the answer comes in time whatever the machine's load; the play then
        depends on the machine (the arena sets none)."""
        self._until: float | None = None

    def choose(self, view: View) -> Action:
        """The action for this view (one of ``view.legal_actions``)."""
        self._until = None if self.clock is None else time.monotonic() + self.clock
        fallback = self.heuristic.choose(view)
        if len(view.legal_actions) <= 1:
            return fallback
        if self.level.worlds and view.phase in _DECLARER_PHASES:
            return self.declarer_decision(view, fallback)
        if view.phase != Phase.PLAY or not isinstance(fallback, Card) or not self.level.samples:
            return fallback
        c = view.contract
        if c is None or view.declarer is None:
            return fallback  # Ramsch
        start = self.level.null_from_trick if c.game_type == NULL else self.level.from_trick
        if len(view.tricks) + 1 < start:
            return fallback
        cards = [a for a in view.legal_actions if isinstance(a, Card)]
        reserve = _spitze_reserve(view, PlaySituation(view))
        cards = [a for a in cards if a.index not in reserve] or cards
        if len(cards) <= 1:
            return fallback
        return self.play(view, cards, fallback)

    # ---------------------------------------------------------------- bidding and skat

    def bid_table(self, view: View) -> tuple[BidTable | None, list[float] | None]:
        """What sampling says about this seat's ten cards and the weights of its worlds after
        what the auction has shown (``None``: the table when the heuristic sees no game worth
        :data:`SIMULATE_FROM`; the weights when every world counts the same).

        The worlds are drawn once a hand, to fit what the auction had shown then, and
        reweighted as it goes on; when few of them still fit (an effective number below
        :data:`RESAMPLE_SHARE` of them) they are drawn again for what it shows now."""
        hand = view.hand.mask
        key = (hand, view.seat)
        evidence = self.evidence(view)
        if self._table is not None and self._table[0] == key:
            table = self._table[1]
            if table is None or not self.level.auction_worlds:
                return table, None
            weights = table.weights(evidence)
            if sum(weights) ** 2 >= RESAMPLE_SHARE * table.worlds * sum(w * w for w in weights):
                return table, weights
        go_base = view.rules.grand_ouvert_base
        table = None
        if evaluate_hand(hand, view.seat == 0, go_base)[0][0] >= SIMULATE_FROM:
            said = "".join(f":{s}={v}" for s, v in sorted(evidence.items()))
            rng = random.Random(f"bid:{self.seed}:{hand}:{view.seat}{said}")
            table = evaluate_bids(
                hand,
                view.seat,
                rng,
                self.solver,
                self.level.worlds,
                self.level.world_nodes,
                go_base,
                evidence=evidence if self.level.auction_worlds else None,
                until=self._until,
            )
        self._table = (key, table)
        return table, None

    def evidence(self, view: View) -> dict[int, tuple[int, int]]:
        """What the auction has shown of the other seats (nothing at a level that draws its
        worlds without it)."""
        if not self.level.auction_worlds:
            return {}
        return {s: v for s, v in auction_limits(view).items() if s != view.seat}

    def plan_for(self, view: View, cards: int) -> Plan:
        """The game and discard for the 12 ``cards`` after picking up (computed once)."""
        key = (cards, view.seat, view.bid)
        if self._plan is not None and self._plan[0] == key:
            return self._plan[1]
        rng = random.Random(f"plan:{self.seed}:{cards}:{view.seat}")
        plan = choose_plan(
            cards,
            view.seat,
            view.bid,
            rng,
            self.solver,
            self.level.worlds,
            self.level.world_nodes,
            view.rules.grand_ouvert_base,
            evidence=self.evidence(view),
            until=self._until,
        )
        self._plan = (key, plan)
        return plan

    def declarer_decision(self, view: View, fallback: Action) -> Action:
        """Bid, Hand or skat, discard and game by simulation (:mod:`skat.ai.simulation`);
        the heuristic's action where the simulation has nothing to say."""
        if view.phase == Phase.BIDDING:
            return self._bid(view, fallback)
        if view.phase == Phase.SKAT:
            return self._hand_or_skat(view, fallback)
        legal = view.legal_actions
        hand = view.hand.mask
        if view.phase == Phase.DISCARD:
            plan = self.plan_for(view, hand)
            for a in legal:
                if isinstance(a, Discard) and a.mask == plan.discard:
                    return a
            return fallback
        if view.phase == Phase.DECLARE and view.discard is not None:
            plan = self.plan_for(view, hand | view.discard.mask)
            action = Declare.of(plan.contract)
            if action in legal:
                return action
        return fallback

    def _bid(self, view: View, fallback: Action) -> Action:
        """Bid on (or hold) while the simulated expected score allows."""
        legal = view.legal_actions
        if grand_solid(view.hand.mask):
            return fallback
        table, weights = self.bid_table(view)
        limit = table.limit(self.level.bid_margin, weights) if table is not None else 0
        if HOLD in legal:
            return HOLD if view.bid <= limit else PASS
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids and bids[0].value <= limit:
            return bids[0]
        return PASS if PASS in legal else fallback

    def _hand_or_skat(self, view: View, fallback: Action) -> Action:
        """A Hand game when it expects more than picking up the skat."""
        legal = view.legal_actions
        if isinstance(fallback, Declare) and (
            fallback.contract.ouvert or fallback.contract.schneider_announced
        ):
            return fallback  # a hand the heuristic knows to be overwhelming
        table, weights = self.bid_table(view)
        if table is None:
            return fallback
        score, contract = table.best_hand(view.bid, weights)
        if contract is not None and score > table.pickup_score(view.bid, weights):
            action = Declare.of(contract)
            if action in legal:
                return action
        return PICK_UP if PICK_UP in legal else fallback

    # ---------------------------------------------------------------- card play

    def scores(self, view: View, cards: list[Card]) -> tuple[dict[Card, int], int]:
        """For each of ``cards``, in how many sampled deals the declarer reaches his goal
        after it; and the number of deals solved."""
        target = goal(view)
        rng = random.Random(f"pimc:{self.seed}:{len(view.history)}:{view.seat}")
        wins = dict.fromkeys(cards, 0)
        start = self.solver.nodes
        solved = 0
        self._positions = []
        infer = INFERENCES[self.inference]
        for sample in sample_deals(view, self.level.samples, rng, infer):
            pos = position_of(view, sample)
            self._positions.append(pos)
            for card in cards:
                if declarer_wins(self.solver, pos.play(card), target):
                    wins[card] += 1
            solved += 1
            if self.solver.nodes - start >= self.level.nodes or self._out_of_time():
                break
        return wins, solved

    def play(self, view: View, cards: list[Card], preferred: Card) -> Card:
        """The card with the best count of sampled wins for the seat's side; ties go to
        ``preferred`` (the heuristic's card) when it is among the best, else the first."""
        wins, solved = self.scores(view, cards)
        self.decisions += 1
        sign = 1 if view.seat == view.declarer else -1
        best = max(sign * w for w in wins.values())
        top = [card for card in cards if sign * wins[card] == best]
        if len(top) > 1:
            top = self.tie_break(view, top, wins[top[0]], solved)
        return preferred if preferred in top else top[0]

    def tie_break(self, view: View, top: list[Card], won: int, solved: int) -> list[Card]:
        """Among cards equally good for the game, the best for the Schneider: when the
        declarer wins in every sampled deal, the cards that make (declarer) or deny
        (defenders) 90 card points most often; when he loses in every deal, the cards that
        save (declarer) or deny (defenders) him 31.  Mixed results keep all ``top``."""
        if not schneider_open(view):
            return top
        if won == solved:
            target = 90
        elif won == 0:
            target = 31
        else:
            return top
        sign = 1 if view.seat == view.declarer else -1
        counts = dict.fromkeys(top, 0)
        start = self.solver.nodes
        for pos in self._positions[:solved]:
            for card in top:
                if declarer_wins(self.solver, pos.play(card), target):
                    counts[card] += 1
            if self.solver.nodes - start >= self.level.nodes or self._out_of_time():
                break
        best = max(sign * n for n in counts.values())
        return [card for card in top if sign * counts[card] == best]

    def _out_of_time(self) -> bool:
        return self._until is not None and time.monotonic() >= self._until

    def __repr__(self) -> str:
        extra = f", inference={self.inference!r}" if self.inference != "rules" else ""
        if self.clock is not None:
            extra += f", clock={self.clock!r}"
        return f"PimcAgent({self.level_name!r}, seed={self.seed!r}{extra})"


def fast(seed: int | None = 0) -> PimcAgent:
    """A :class:`PimcAgent` at level ``fast`` (an arena factory: ``pimc-fast``): the
    heuristic's cards in the first tricks, sampled and solved from :attr:`Level.from_trick`
    on and in the whole of a Null game."""
    return PimcAgent("fast", seed=seed)


def easy(seed: int | None = 0) -> PimcAgent:
    """A :class:`PimcAgent` at level ``easy`` (an arena factory)."""
    return PimcAgent("easy", seed=seed)


def medium(seed: int | None = 0) -> PimcAgent:
    """A :class:`PimcAgent` at level ``medium`` (an arena factory)."""
    return PimcAgent("medium", seed=seed)


def hard(seed: int | None = 0) -> PimcAgent:
    """A :class:`PimcAgent` at level ``hard`` (an arena factory)."""
    return PimcAgent("hard", seed=seed)


def expert(seed: int | None = 0) -> PimcAgent:
    """A :class:`PimcAgent` at level ``expert`` (an arena factory)."""
    return PimcAgent("expert", seed=seed)


def learned(seed: int | None = 0) -> PimcAgent:
    """A :class:`PimcAgent` at level ``hard`` drawing the hidden cards from the learned belief
    model (an arena factory: ``pimc-learned``)."""
    return PimcAgent("hard", seed=seed, inference="learned")


def hard_auction(seed: int | None = 0) -> PimcAgent:
    """A :class:`PimcAgent` at level ``hard`` whose bidding, Hand and skat worlds fit the
    auction (``Level.auction_worlds``; an arena factory: ``skat.ai.pimc:hard_auction``)."""
    return PimcAgent(replace(LEVELS["hard"], auction_worlds=True), seed=seed)


def hard_many_worlds(seed: int | None = 0) -> PimcAgent:
    """A :class:`PimcAgent` playing its cards at level ``hard`` and simulating the bidding,
    Hand and skat with ``expert``'s worlds (60 worlds, 12 M nodes; an arena factory:
    ``skat.ai.pimc:hard_many_worlds``)."""
    more = LEVELS["expert"]
    return PimcAgent(
        replace(LEVELS["hard"], worlds=more.worlds, world_nodes=more.world_nodes), seed=seed
    )


def hard_bidding_only(seed: int | None = 0) -> PimcAgent:
    """A :class:`PimcAgent` bidding, choosing Hand or skat, discarding and declaring at level
    ``hard`` and playing its cards as the heuristic does (an arena factory:
    ``skat.ai.pimc:hard_bidding_only``): what the simulated bidding is worth without the
    sampled card play."""
    return PimcAgent(replace(LEVELS["hard"], samples=0), seed=seed)


def medium_learned(seed: int | None = 0) -> PimcAgent:
    """A :class:`PimcAgent` at level ``medium`` (the heuristic's bidding) drawing the hidden
    cards from the learned belief model (an arena factory: ``skat.ai.pimc:medium_learned``)."""
    return PimcAgent("medium", seed=seed, inference="learned")
