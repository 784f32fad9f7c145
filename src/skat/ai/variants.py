"""Computer players for the variants of :mod:`skat.variants`: Strohmann, Officers' Skat and
Tournee Skat, each a heuristic player, a random one and a PIMC player (:func:`variant_agent`;
the PIMC players are in :mod:`skat.ai.variant_pimc`).

Each agent's ``choose(view)`` takes what its seat knows (the variant's own view) and returns one
of ``view.legal_actions``.  The heuristic players reuse :class:`~skat.ai.heuristic.HeuristicAgent`
wherever the position is ordinary Skat, and decide the variant's own questions by stated rules:

* **Strohmann** (:class:`StrohmannHeuristic`): bidding, skat and declaring, and the card play
  of the declarer and of the defender's own hand, are Skat's heuristic on the Skat view.  On
  the dummy's turn the defender plays the dummy's card as Skat's heuristic would play it from
  the dummy's seat (the dummy's open hand as its hand, the public rest of the view).
* **Officers' Skat** (:class:`OfficersHeuristic`): the declaration from the four face-up cards
  of Forehand's first row: Null when all four are a nine or lower (and Null is allowed);
  Grand with two jacks or more; else the suit with most trumps among the four (jacks count
  for every suit), ties to the suit with more card points, then the higher suit.  Card play
  sees both players' face-up rows: leading, the highest card the opponent's face-up cards
  cannot beat (a sure trick), else the lowest card; second, the cheapest card that wins the
  trick when it holds 10 points or more or can be won without a trump, else the lowest
  card.  Among cards of equal rank the one lying on a face-down card goes first (it turns
  a new card up).  Null: the declarer plays his highest card that still loses the trick
  (lowest when leading), the dealer leads his lowest card and ducks likewise.
* **Tournee Skat** (:class:`TourneeHeuristic`): bids up to the value of the best Solo in a
  suit whose strength (:func:`~skat.ai.heuristic.suit_strength`) is 9 or more, a Grand Solo
  from a Grand strength of 10; else, with a strength of 6.5 or more in some suit, up to the
  lowest value a Tournée can have with its matadors (the turned suit is not known yet).  It
  declares that Solo when it has one, a Guckser from a Grand strength of 7.5, else turns a
  card.  It takes a turned card's suit when its strength with the card is 5.5 or more (the
  second card always: there is no choice), a turned jack as Grand from Grand strength 7;
  puts away the two non-trump cards of the shortest suits, tens and kings first; a Guckser
  plays Null with no dangerous card, else Grand.  The card
  play is Skat's heuristic on the Skat view of the same position.

>>> from skat.variants import find_variant
>>> from skat.ai.variants import play_variant
>>> game = find_variant("officers").start(seed=3)
>>> play_variant(game, [variant_agent("officers", "heuristic")] * 2).is_over
True
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any, Final, Protocol

from skat.ai.heuristic import HeuristicAgent
from skat.ai.heuristic.evaluation import grand_strength, null_risk, suit_strength
from skat.core.actions import PICK_UP, Declare, Discard, Resign
from skat.core.cards import CARDS, JACKS_MASK, SUIT_MASKS, Card, cards_of
from skat.core.contracts import (
    EFFECTIVE_SUIT,
    GRAND,
    NULL,
    TRUMP_MASKS,
    WIN_KEY,
    Contract,
    matadors,
)
from skat.core.state import PLAY as SKAT_PLAY
from skat.core.state import View
from skat.core.tricks import pair_winner
from skat.variants.officers import OfficersView
from skat.variants.strohmann import StrohmannView
from skat.variants.tournee import (
    BIDDING,
    DECLARE,
    DISCARD,
    PASST_MIR_NICHT,
    PLAY,
    SKAT,
    TURN,
    TURNED,
    TourneeBid,
    TourneePhase,
    TourneeView,
)
from skat.variants.tournee_scoring import SOLO, TOURNEE, base_value

__all__ = [
    "AGENT_KINDS",
    "OfficersHeuristic",
    "StrohmannHeuristic",
    "TourneeHeuristic",
    "VariantAgent",
    "VariantRandom",
    "play_variant",
    "variant_agent",
]

AGENT_KINDS: Final = ("heuristic", "pimc", "random")
"""The computer players every variant has."""

_ACE, _TEN, _KING, _JACK = 6, 5, 4, 7
_NINE = 2


class VariantAgent(Protocol):
    """A player of a variant: given what its seat knows, one of ``view.legal_actions``."""

    def choose(self, view: Any) -> Any:
        """The action to take (``view.legal_actions`` is not empty)."""
        ...


class VariantRandom:
    """A uniformly random legal action (never an end action: those are not listed)."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any) -> Any:
        """A random legal action."""
        return self.rng.choice(view.legal_actions)


# ------------------------------------------------------------------------------ Strohmann


class StrohmannHeuristic:
    """Skat's heuristic, the dummy's cards played as from the dummy's seat (module doc)."""

    def __init__(self, seed: int | None = 0) -> None:
        self.skat = HeuristicAgent(seed, endgame=False)  # the views are rebuilt: rules only

    def choose(self, view: StrohmannView) -> Any:
        """The action for the player who moves now."""
        base = {f.name: getattr(view, f.name) for f in fields(View)}
        if view.to_move == view.dummy and view.seat != view.dummy and view.dummy_hand is not None:
            base["seat"] = view.dummy
            base["hand"] = view.dummy_hand
        return self.skat.choose(View(**base))


# ------------------------------------------------------------------------------ Officers


def _officers_declaration(cards: Sequence[Card], legal: Sequence[Any]) -> Any:
    """The declaration from Forehand's four face-up cards (module doc)."""
    by_code = {a.contract.code: a for a in legal if isinstance(a, Declare)}
    if "N" in by_code and all(c.rank <= _NINE for c in cards):
        return by_code["N"]
    jacks = sum(1 for c in cards if c.rank == _JACK)
    if jacks >= 2:
        return by_code["G"]

    def weight(suit: int) -> tuple[int, int, int]:
        trumps = [c for c in cards if c.rank == _JACK or c.suit == suit]
        return (len(trumps), sum(c.points for c in trumps), suit)

    best = max(range(4), key=weight)
    return by_code["DHSC"[best]]


class OfficersHeuristic:
    """Officers' Skat by the rules of the module doc."""

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed

    def choose(self, view: OfficersView) -> Any:
        """The declaration or the card for this view."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.contract is None:
            return _officers_declaration(list(view.face_up[0]), legal)
        cards = [a for a in legal if isinstance(a, Card)]
        gt = int(view.contract.game_type)
        covering = {p.top.index for p in view.piles[view.seat] if p.top is not None and p.hidden}
        opponent = [c.index for c in view.face_up[1 - view.seat]]
        return CARDS[
            _officers_card(gt, view.seat, [c.index for c in cards], view, covering, opponent)
        ]


def _officers_card(
    gt: int,
    seat: int,
    legal: list[int],
    view: OfficersView,
    covering: set[int],
    opponent: list[int],
) -> int:
    """The card to play (card indices); ``covering``: own cards lying on a face-down card."""
    eff = EFFECTIVE_SUIT[gt]

    def low(i: int) -> tuple[int, int, int]:  # cheapest first; uncovering first among equals
        return (
            CARDS[i].points + (50 if eff[i] == 4 and gt != NULL else 0),
            WIN_KEY[gt][eff[i]][i],
            i not in covering,
        )

    trick = [c.index for c in view.current_trick]
    if gt == NULL:
        return _officers_null_card(seat, legal, trick, covering)
    if trick:
        led = trick[0]
        winners = [i for i in legal if pair_winner(gt, (led, i), 1 - seat) == seat]
        worth = CARDS[led].points >= 10
        cheap = [i for i in winners if eff[i] != 4]
        if winners and (worth or cheap):
            return min(cheap or winners, key=low)
        return min(legal, key=low)
    sure = [i for i in legal if all(pair_winner(gt, (i, o), seat) == seat for o in opponent)]
    if sure:
        return max(sure, key=lambda i: (CARDS[i].points, i in covering))
    return min(legal, key=low)


def _officers_null_card(seat: int, legal: list[int], trick: list[int], covering: set[int]) -> int:
    """Null: the declarer ducks with his highest card that loses the trick; else the lowest."""
    gt = NULL
    eff = EFFECTIVE_SUIT[gt]
    keyed = {i: WIN_KEY[gt][eff[trick[0] if trick else i]][i] for i in legal}
    if trick and seat == 0:  # the declarer ducks with his highest card that loses
        losers = [i for i in legal if pair_winner(gt, (trick[0], i), 1) != 0]
        if losers:
            return max(losers, key=keyed.__getitem__)
    return min(legal, key=lambda i: (keyed[i], i not in covering))


# ------------------------------------------------------------------------------ Tournee


def _best_solo(hand: int) -> tuple[Contract, float] | None:
    """The Solo (Hand) contract the hand is strong enough for, with its strength."""
    best: tuple[Contract, float] | None = None
    for suit in range(4):
        s = suit_strength(hand, suit)
        if s >= 9.0 and (best is None or s > best[1]):
            best = (Contract.parse("DHSC"[suit] + "H"), s)
    g = grand_strength(hand)
    if g >= 10.0:
        best = (Contract.parse("GH"), g)
    return best


def _matadors_value(contract: Contract, hand: int) -> int:
    """The Solo's value with the matadors of ``hand`` (one level for the game)."""
    return base_value(SOLO, contract) * (abs(matadors(contract.game_type, hand)) + 1)


def _tournee_limit(hand: int) -> int:
    """The highest bid the heuristic Tournee player makes (0: pass)."""
    solo = _best_solo(hand)
    if solo is not None:
        return _matadors_value(solo[0], hand)
    if max(suit_strength(hand, s) for s in range(4)) >= 6.5:
        return min(
            base_value(TOURNEE, c) * (abs(matadors(c.game_type, hand)) + 1)
            for c in (Contract.parse(x) for x in "DHSC")
        )
    return 0


def _tournee_discard(hand: int, contract: Contract | None, legal: Sequence[Any]) -> Any:
    """Two non-trump cards of the shortest suits, tens and kings first (Grand when the
    contract is not known yet: a Guckser)."""
    gt = int(contract.game_type) if contract is not None else GRAND
    trumps = TRUMP_MASKS[gt] if gt != NULL else 0
    side = [c for c in cards_of(hand) if not (trumps | JACKS_MASK) & c.bit]
    if len(side) < 2:
        side = [c for c in cards_of(hand) if not JACKS_MASK & c.bit] or cards_of(hand)

    def order(c: Card) -> tuple[int, int, int]:
        length = (hand & SUIT_MASKS[c.suit] & ~JACKS_MASK).bit_count()
        has_ace = bool(hand >> (8 * c.suit + _ACE) & 1)
        return (c.rank == _ACE, length + (3 if has_ace else 0), -c.points)

    a, b = sorted(side, key=order)[:2]
    mask = a.bit | b.bit
    return next(x for x in legal if isinstance(x, Discard) and x.mask == mask)


class TourneeHeuristic:
    """Tournee Skat by the rules of the module doc; Skat's heuristic plays the cards."""

    def __init__(self, seed: int | None = 0) -> None:
        self.skat = HeuristicAgent(seed, endgame=False)  # the views are rebuilt: rules only

    def choose(self, view: TourneeView) -> Any:
        """The action for this view."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase == PLAY:
            return self.skat.choose(_skat_view(view))
        return _TOURNEE_DECISIONS[view.phase](view, list(legal))


def _tournee_skat(view: TourneeView, legal: list[Any]) -> Any:
    """After the auction: a Solo when strong enough, a Guckser, else turn a card."""
    hand = view.hand.mask
    solo = _best_solo(hand)
    if solo is not None and Declare.of(solo[0]) in legal:
        return Declare.of(solo[0])
    if grand_strength(hand) >= 7.5 and PICK_UP in legal:
        return PICK_UP
    return TURN


def _tournee_turned(view: TourneeView, legal: list[Any]) -> Any:
    """The turned card's suit, Grand on a jack, or passt mir nicht."""
    hand = view.hand.mask
    card = view.turned[-1]
    declares = [a for a in legal if isinstance(a, Declare)]
    grand = [a for a in declares if a.contract.game_type == GRAND]
    if card.rank == _JACK and grand and grand_strength(hand | card.bit) >= 7.0:
        return grand[0]
    if PASST_MIR_NICHT in legal and suit_strength(hand | card.bit, card.suit) < 5.5:
        return PASST_MIR_NICHT
    return next(a for a in declares if a.contract.game_type != GRAND)


def _tournee_discard_choice(view: TourneeView, legal: list[Any]) -> Any:
    return _tournee_discard(view.hand.mask, view.contract, legal)


def _tournee_guckser(view: TourneeView, legal: list[Any]) -> Any:
    """A Guckser's game: Null with no dangerous card, else Grand."""
    codes = {a.contract.code: a for a in legal if isinstance(a, Declare)}
    if null_risk(view.hand.mask) == 0 and "N" in codes:
        return codes["N"]
    return codes.get("G", legal[0])


def _tournee_bid(view: TourneeView, legal: list[Any]) -> Any:
    """The auction: bid up to the limit, hold up to it, else pass."""
    limit = _tournee_limit(view.hand.mask)
    bids = [a for a in legal if isinstance(a, TourneeBid) and a.value <= limit]
    if bids:
        return bids[0]
    names = {type(a).__name__: a for a in legal}
    if "Hold" in names and view.bid <= limit:
        return names["Hold"]
    return names.get("Pass", legal[-1])


_TOURNEE_DECISIONS: Final[dict[TourneePhase, Callable[[TourneeView, list[Any]], Any]]] = {
    BIDDING: _tournee_bid,
    SKAT: _tournee_skat,
    TURNED: _tournee_turned,
    DISCARD: _tournee_discard_choice,
    DECLARE: _tournee_guckser,
}


def _skat_view(view: TourneeView) -> View:
    """The Skat view of a Tournee position in the card play."""
    values = {f.name: getattr(view, f.name) for f in fields(View) if hasattr(view, f.name)}
    values["phase"] = SKAT_PLAY
    return View(**values)


# ------------------------------------------------------------------------------ factory and play

_PIMC_MODULE: Final = "skat.ai.variant_pimc"
"""The module of the PIMC players (``PIMC_PLAYERS``), imported when one is asked for."""

_HEURISTICS: Final[dict[str, type]] = {
    "strohmann": StrohmannHeuristic,
    "officers": OfficersHeuristic,
    "tournee": TourneeHeuristic,
}


def variant_agent(variant: str, kind: str = "heuristic", seed: int | None = 0) -> VariantAgent:
    """A computer player of ``variant`` (``strohmann``, ``officers``, ``tournee``) of ``kind``
    (:data:`AGENT_KINDS`); ``ValueError`` naming the known ones for any other.

    >>> variant_agent("tournee", "random").__class__.__name__
    'VariantRandom'
    """
    if variant not in _HEURISTICS:
        raise ValueError(
            f"no computer player for variant {variant!r} (known: {', '.join(_HEURISTICS)})"
        )
    if kind == "random":
        return VariantRandom(seed)
    if kind == "heuristic":
        agent: VariantAgent = _HEURISTICS[variant](seed)
        return agent
    if kind == "pimc":  # by name: skat.ai.variant_pimc builds on this module (and the solver)
        players = importlib.import_module(_PIMC_MODULE).PIMC_PLAYERS
        pimc: VariantAgent = players[variant](seed)
        return pimc
    raise ValueError(f"unknown computer player {kind!r} (known: {', '.join(AGENT_KINDS)})")


def mover(state: Any) -> int:
    """The seat whose player acts now (Strohmann: the defender on the dummy's turn)."""
    who = getattr(state, "player_to_move", None)
    return int(state.to_move if who is None else who)


def play_variant(state: Any, agents: Sequence[VariantAgent]) -> Any:
    """Play ``state`` to the end, ``agents[seat]`` choosing for each seat; returns the state.
    A chosen action that is not legal raises ``ValueError``."""
    while not state.is_over:
        seat = mover(state)
        view = state.view(seat)
        action = agents[seat].choose(view)
        if action not in view.legal_actions and not isinstance(action, Resign):
            raise ValueError(f"{type(agents[seat]).__name__} chose {action}, not a legal action")
        state.apply(action, seat)
    return state
