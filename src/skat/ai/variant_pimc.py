"""PIMC players of the variants (Strohmann, Officers' Skat, Tournee Skat): sample what the
seat cannot see, search each sampled world with every card open, play the card that does best
over the worlds (``variant_agent(variant, "pimc")``).

Every decision that is not a card (bidding, the skat, declaring) is the heuristic's of
:mod:`skat.ai.variants`; so is a card decision with one legal card.

* **Strohmann** (:class:`StrohmannPimc`): in the card play the dummy's hand lies open, so the
  seat sees its own hand and the dummy's; hidden are the other player's hand and the skat (the
  declarer who picked it up knows the two cards he put away).  The worlds are drawn uniformly
  among those that fit the suits the other player showed he is void in
  (:func:`strohmann_worlds`), and each is solved by the double-dummy solver
  (:class:`~skat.ai.dds.Solver`, a three-handed Skat position: the dummy is a defender seat)
  exactly as :class:`~skat.ai.pimc.PimcAgent` does: the card after which the declarer reaches
  his goal in the most worlds (the declarer) or the fewest (the defender, also for the
  dummy's cards).
* **Tournee Skat** (:class:`TourneePimc`): three-handed Skat's card play.  The Tournee view
  is read as a Skat view (the turned cards, public, lie with the declarer or among the two he
  put away) and played by :class:`~skat.ai.pimc.PimcAgent` with uniform sampling (its
  inference from Skat's bids does not fit Tournee's bid ladder).
* **Officers' Skat** (:class:`OfficersPimc`): the only hidden cards are the face-down ones,
  hidden from both players; a world lays the unseen cards uniformly at random under the piles
  that still hide one (not following suit says nothing of them: only face-up cards must
  follow).  The solver is for three hands of ten, so each world is searched by a small
  two-player minimax of this module (:func:`officers_value`): the rest of the current trick
  and :data:`HORIZON` more tricks, then the card points still out shared by an estimate
  from the trumps in sight; to the end of the game once at most :data:`EXACT` tricks are
  left.  The value is the declarer's card points from here on (Null: 1 if he stays
  trickless); the card with the best total over the worlds is played, ties to the
  heuristic's card.

The work is bounded by counts (worlds per decision, solver nodes), never by the clock, and
each decision's sampling is seeded from the agent's seed and the position, so a seed gives the
same play on any machine.

>>> from skat.variants import find_variant
>>> from skat.ai.variants import play_variant
>>> game = find_variant("officers").start(seed=3)
>>> agents = [OfficersPimc(seed=1), OfficersPimc(seed=2)]
>>> play_variant(game, agents).is_over
True
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any, Final

from skat.ai.pimc import Level, PimcAgent, Sample
from skat.ai.variants import OfficersHeuristic, StrohmannHeuristic, TourneeHeuristic, _skat_view
from skat.core.actions import PICK_UP, Event
from skat.core.cards import ALL_MASK, CARDS, Card, CardSet, points_of
from skat.core.contracts import EFFECTIVE_SUIT, FOLLOW_MASKS, NULL, TRUMP_MASKS
from skat.core.knowledge import suit_masks, tricks_read
from skat.core.state import PLAY as SKAT_PLAY
from skat.core.state import View
from skat.core.tricks import pair_winner
from skat.variants.officers import OfficersView
from skat.variants.strohmann import StrohmannView
from skat.variants.tournee import PLAY as TOURNEE_PLAY
from skat.variants.tournee import TourneeView
from skat.variants.tournee_actions import PASST_MIR_NICHT, TURN

__all__ = [
    "EXACT",
    "HORIZON",
    "LEVEL",
    "OfficersPimc",
    "StrohmannPimc",
    "TourneePimc",
    "officers_value",
    "officers_worlds",
    "strohmann_worlds",
]

LEVEL: Final = Level(samples=20, nodes=1_000_000, from_trick=3)
"""The work of a card decision in Strohmann and Tournee Skat: 20 worlds, a million solver
nodes, from the third trick on (before it the heuristic's card: the solver's work is largest
in the first tricks); in Null from the first trick."""
OFFICERS_WORLDS: Final = 8
"""Worlds per card decision in Officers' Skat."""
HORIZON: Final = 2
"""Full tricks an Officers' Skat world is searched beyond the current one."""
EXACT: Final = 3
"""Tricks left from which an Officers' Skat world is searched to the end."""


def _void_cards(game_type: int, voids: int) -> int:
    """The cards of the effective suits in the bits of ``voids`` (bit 4: the trumps)."""
    masks = suit_masks(game_type)
    return sum(masks[e] for e in range(5) if voids >> e & 1)


def _random_subset(cards: int, k: int, rng: random.Random) -> int:
    """``k`` of the cards in the mask ``cards``, uniformly."""
    pool = [i for i in range(32) if cards >> i & 1]
    out = 0
    for i in rng.sample(pool, k):
        out |= 1 << i
    return out


# ------------------------------------------------------------------------------ Strohmann


def strohmann_worlds(view: StrohmannView, count: int, rng: random.Random) -> list[Sample]:
    """``count`` deals of what the player ``view.seat`` cannot see in the card play: the other
    player's hand and the skat, uniformly among those that fit the suits the other player
    showed he is void in.  The seat's own hand and the dummy's open hand are kept as they are.

    ``view`` is the player's own view (not the dummy's)."""
    assert view.contract is not None and view.declarer is not None
    assert view.dummy_hand is not None
    seat, dummy = view.seat, view.dummy
    other = 3 - seat - dummy
    gt = int(view.contract.game_type)
    played, voids = tricks_read(view, gt)
    gone = played[0] | played[1] | played[2]
    own, open_ = view.hand.mask, view.dummy_hand.mask
    known_skat = view.discard.mask if seat == view.declarer and view.discard is not None else 0
    hidden = ALL_MASK & ~gone & ~own & ~open_ & ~known_skat
    may = hidden & ~_void_cards(gt, voids[other])
    forced = hidden & ~may  # cards the other player cannot hold: in the skat
    out: list[Sample] = []
    for _ in range(count):
        if known_skat:
            skat = known_skat
        else:
            free = 2 - forced.bit_count()
            skat = forced | (_random_subset(may, free, rng) if free > 0 else 0)
        hands = [0, 0, 0]
        hands[seat], hands[dummy] = own, open_
        hands[other] = hidden & ~skat
        out.append(Sample((hands[0], hands[1], hands[2]), skat))
    return out


class _StrohmannSearch(PimcAgent):
    """:class:`PimcAgent` drawing its worlds by :func:`strohmann_worlds` from the player's own
    view (:attr:`player_view`), whichever hand it plays a card from."""

    player_view: StrohmannView | None = None

    def scores(self, view: View, cards: list[Card]) -> tuple[dict[Card, int], int]:
        """For each card, in how many worlds the declarer reaches his goal after it."""
        from skat.ai.dds import declarer_wins, goal
        from skat.ai.pimc import position_of

        assert self.player_view is not None
        target = goal(view)
        rng = random.Random(f"strohmann:{self.seed}:{len(view.history)}:{view.seat}")
        wins = dict.fromkeys(cards, 0)
        start = self.solver.nodes
        solved = 0
        self._positions = []
        for sample in strohmann_worlds(self.player_view, self.level.samples, rng):
            pos = position_of(view, sample)
            self._positions.append(pos)
            for card in cards:
                if declarer_wins(self.solver, pos.play(card), target):
                    wins[card] += 1
            solved += 1
            if self.solver.nodes - start >= self.level.nodes:
                break
        return wins, solved


class StrohmannPimc:
    """Strohmann's PIMC player (module doc); the heuristic's bidding and declaring."""

    def __init__(self, seed: int | None = 0, level: Level = LEVEL) -> None:
        self.heuristic = StrohmannHeuristic(seed)
        self.search = _StrohmannSearch(level, seed=seed, inference="none")

    def choose(self, view: StrohmannView) -> Any:
        """The action for the player who moves now."""
        if view.phase != SKAT_PLAY or len(view.legal_actions) <= 1 or view.dummy_hand is None:
            return self.heuristic.choose(view)
        base = {f.name: getattr(view, f.name) for f in fields(View)}
        if view.to_move == view.dummy and view.seat != view.dummy:
            base["seat"] = view.dummy
            base["hand"] = view.dummy_hand
        self.search.player_view = view
        return self.search.choose(View(**base))


# ------------------------------------------------------------------------------ Tournee


def tournee_skat_view(view: TourneeView) -> View:
    """The Skat view of a Tournee position in the card play, for sampling: a Tournée's turn
    reads as picking up the skat, "passt mir nicht" is left out, and for the other seats the
    turned cards are a skat shown to everybody (with the declarer, or put away by him)."""
    skat_view = _skat_view(view)
    history: list[Any] = []
    for event in view.history:
        action = event[1]
        if action == TURN:
            history.append(Event(event[0], PICK_UP))
        elif action != PASST_MIR_NICHT:
            history.append(event)
    values = {f.name: getattr(skat_view, f.name) for f in fields(View)}
    values["history"] = tuple(history)
    if view.turned and view.seat != view.declarer:
        values["skat"] = CardSet(view.turned)
    return View(**values)


class TourneePimc:
    """Tournee Skat's PIMC player (module doc); the heuristic's bidding and declaring."""

    def __init__(self, seed: int | None = 0, level: Level = LEVEL) -> None:
        self.heuristic = TourneeHeuristic(seed)
        self.search = PimcAgent(level, seed=seed, inference="none")

    def choose(self, view: TourneeView) -> Any:
        """The action for this view."""
        if view.phase != TOURNEE_PLAY or len(view.legal_actions) <= 1:
            return self.heuristic.choose(view)
        return self.search.choose(tournee_skat_view(view))


# ------------------------------------------------------------------------------ Officers


class OfficersWorld:
    """One deal of the face-down cards: which card lies under each card still in play
    (``under[card index]``: the bit of the card below, 0 for none)."""

    __slots__ = ("under",)

    def __init__(self, under: dict[int, int]) -> None:
        self.under = under


def _hidden_piles(view: OfficersView) -> list[int]:
    """The cards (indices) that lie on a face-down card, a played card of the current trick
    included (its pile still hides one)."""
    out: list[int] = []
    in_trick = {p: c for p, c in _trick_by_player(view)}
    for player in (0, 1):
        for pile in view.piles[player]:
            if not pile.hidden:
                continue
            if pile.top is not None:
                out.append(pile.top.index)
            elif player in in_trick:  # the top card lies in the trick
                out.append(in_trick[player])
    return out


def _trick_by_player(view: OfficersView) -> list[tuple[int, int]]:
    """(player, card index) of the cards in the current trick."""
    return [((view.trick_leader + k) % 2, c.index) for k, c in enumerate(view.current_trick)]


def officers_worlds(view: OfficersView, count: int, rng: random.Random) -> list[OfficersWorld]:
    """``count`` deals of the face-down cards that fit what both players see: the unseen
    cards laid uniformly at random under the piles that hide one."""
    seen = view.face_up[0].mask | view.face_up[1].mask
    for t in view.tricks:
        for c in t.cards:
            seen |= c.bit
    for c in view.current_trick:
        seen |= c.bit
    unseen = [i for i in range(32) if not seen >> i & 1]
    tops = _hidden_piles(view)
    if len(tops) != len(unseen):  # pragma: no cover - the view is always consistent
        raise ValueError("the face-down cards do not fit the piles that hide one")
    out = []
    for _ in range(count):
        cards = unseen[:]
        rng.shuffle(cards)
        out.append(OfficersWorld({t: 1 << c for t, c in zip(tops, cards, strict=True)}))
    return out


class _Search:
    """A two-player minimax over one Officers' Skat world, memoised (module doc)."""

    def __init__(self, gt: int, under: dict[int, int], tricks_left: int) -> None:
        self.gt = gt
        self.null = gt == NULL
        self.under = under
        self.eff = EFFECTIVE_SUIT[gt]
        self.follow = FOLLOW_MASKS[gt]
        self.trumps = TRUMP_MASKS[gt] if gt != NULL else 0
        self.memo: dict[tuple[int, int, tuple[int, ...], int, int], float] = {}
        self.horizon = tricks_left if tricks_left <= EXACT else None
        pile = [CARDS[i].points + points_of(under.get(i, 0)) for i in range(32)]
        self.bytes = tuple(
            tuple(sum(pile[8 * k + j] for j in range(8) if m >> j & 1) for m in range(256))
            for k in range(4)
        )
        """Card points of the cards in a byte of a mask, the cards under them included."""
        self.nodes = 0

    def leaf(self, up0: int, up1: int) -> float:
        """The declarer's share of the card points still out, from the trumps in sight."""
        if self.null:
            return 1.0
        rest = up0 | up1
        b = self.bytes
        out = b[0][rest & 255] + b[1][rest >> 8 & 255] + b[2][rest >> 16 & 255] + b[3][rest >> 24]
        t0 = (up0 & self.trumps).bit_count()
        t1 = (up1 & self.trumps).bit_count()
        return min(0.8, max(0.2, 0.5 + 0.06 * (t0 - t1))) * out

    def value(self, up0: int, up1: int, trick: tuple[int, ...], leader: int, depth: int) -> float:
        """The declarer's card points from here (Null: 1 if he takes no trick); ``depth``:
        full tricks still searched after the current one (-1: stop when it closes)."""
        if not (up0 | up1) and not trick:
            return 1.0 if self.null else 0.0
        key = (up0, up1, trick, leader, depth)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.nodes += 1
        mover = leader if not trick else 1 - leader
        hand = up0 if mover == 0 else up1
        playable = hand
        if trick:
            follow = hand & self.follow[trick[0]]
            if follow:
                playable = follow
        best: float | None = None
        m = playable
        while m:
            low = m & -m
            m ^= low
            card = low.bit_length() - 1
            v = self.after(up0, up1, trick, leader, depth, mover, card)
            if best is None or (v > best if mover == 0 else v < best):
                best = v
        assert best is not None
        self.memo[key] = best
        return best

    def after(
        self,
        up0: int,
        up1: int,
        trick: tuple[int, ...],
        leader: int,
        depth: int,
        mover: int,
        card: int,
    ) -> float:
        """The value after ``mover`` plays ``card``."""
        bit = 1 << card
        if mover == 0:
            up0 &= ~bit
        else:
            up1 &= ~bit
        if not trick:
            return self.value(up0, up1, (card,), leader, depth)
        first = trick[0]
        winner = pair_winner(self.gt, (first, card), leader)
        if self.null:
            if winner == 0:
                return 0.0
            gain = 0.0
        else:
            gain = float(CARDS[first].points + CARDS[card].points) if winner == 0 else 0.0
        below_lead, below = self.under.get(first, 0), self.under.get(card, 0)
        if leader == 0:
            up0, up1 = up0 | below_lead, up1 | below
        else:
            up0, up1 = up0 | below, up1 | below_lead
        if not (up0 | up1):
            return gain + (1.0 if self.null else 0.0)
        if depth == 0 and self.horizon is None:
            return gain + self.leaf(up0, up1)
        return gain + self.value(up0, up1, (), winner, depth - 1)


def officers_value(
    view: OfficersView, world: OfficersWorld, card: Card, search: _Search | None = None
) -> float:
    """The declarer's card points from here on (Null: 1 if he stays trickless) after the seat
    to move plays ``card`` in ``world``, both players playing best within the search's reach
    (module doc); ``search``: one made by :func:`officers_search` for this view and world
    (it keeps what it found for the other cards)."""
    search = search or officers_search(view, world)
    tricks_left = 16 - len(view.tricks)
    up0, up1 = view.face_up[0].mask, view.face_up[1].mask
    trick = tuple(c.index for c in view.current_trick)
    depth = tricks_left if search.horizon is not None else HORIZON
    mover = view.seat
    return search.after(up0, up1, trick, view.trick_leader, depth, mover, card.index)


def officers_search(view: OfficersView, world: OfficersWorld) -> _Search:
    """The search of ``world`` from the position of ``view``."""
    assert view.contract is not None
    return _Search(int(view.contract.game_type), world.under, 16 - len(view.tricks))


class OfficersPimc:
    """Officers' Skat's PIMC player (module doc); the heuristic's declaration."""

    def __init__(self, seed: int | None = 0, worlds: int = OFFICERS_WORLDS) -> None:
        self.seed = seed
        self.worlds = worlds
        self.heuristic = OfficersHeuristic(seed)

    def choose(self, view: OfficersView) -> Any:
        """The declaration or the card for this view."""
        preferred = self.heuristic.choose(view)
        cards = [a for a in view.legal_actions if isinstance(a, Card)]
        if view.contract is None or len(cards) <= 1:
            return preferred
        return self.best_card(view, cards, preferred)

    def totals(self, view: OfficersView, cards: list[Card]) -> dict[Card, float]:
        """Each card's total value for the declarer over the sampled worlds."""
        rng = random.Random(f"officers:{self.seed}:{len(view.history)}:{view.seat}")
        totals = dict.fromkeys(cards, 0.0)
        for world in officers_worlds(view, self.worlds, rng):
            search = officers_search(view, world)
            for card in cards:
                totals[card] += officers_value(view, world, card, search)
        return totals

    def best_card(self, view: OfficersView, cards: list[Card], preferred: Any) -> Card:
        """The card with the best total for the seat's side; ties to ``preferred``."""
        totals = self.totals(view, cards)
        sign = 1 if view.seat == 0 else -1
        best = max(sign * v for v in totals.values())
        top = [c for c in cards if sign * totals[c] >= best - 1e-9]
        return preferred if preferred in top else top[0]


PIMC_PLAYERS: Final[dict[str, type]] = {
    "strohmann": StrohmannPimc,
    "officers": OfficersPimc,
    "tournee": TourneePimc,
}
"""The PIMC player of each variant (``variant_agent(variant, "pimc")``)."""
