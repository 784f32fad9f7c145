"""What each seat, and each spectator, may see of a game: the one function that decides it.

:func:`game_view` turns a :class:`~skat.core.GameState` into the JSON-able dictionary sent to
one connection.  A seat gets exactly its :meth:`GameState.view` (its own hand, everything
public, the skat once it picked it up, the open declarer's hand …) plus the ways it may end
the game early; a spectator (``seat=None``) gets only what is public (the cards played, an open
hand, a shown skat) until the game is over.  When the game is over the whole deal is public
(``deal``), as in the game record.

>>> from skat.core import GameState
>>> state = GameState(seed=5)
>>> mine = game_view(state, 1)
>>> mine["phase"], mine["to_move"], len(mine["hand"]), mine["legal"][:3]
('bidding', 1, 10, ['18', '20', '22'])
>>> watcher = game_view(state, None)
>>> watcher["hand"], watcher["legal"], watcher["deal"]
(None, [], None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from skat.core.actions import Action, Bid, Declare, Discard, Event, describe
from skat.core.cards import Card, CardSet, sorted_cards
from skat.core.contracts import Contract
from skat.core.declarations import DeclarationOption, declarations_of
from skat.core.language import LANGUAGES
from skat.core.state import GameState, Phase, View
from skat.server.table import Table
from skat.server.webwords import every_language

PHASE_NAMES: dict[Phase, str] = {p: p.name.lower() for p in Phase}
"""The phase as the protocol names it (``bidding``, ``skat``, ``discard``, ``declare`` …)."""


def cards(cs: CardSet | Iterable[Card] | None) -> list[str] | None:
    """Card names in display order (jacks, then Clubs, Spades, Hearts, Diamonds).

    >>> cards(CardSet.parse("D7 CJ HA")), cards(None)
    (['CJ', 'HA', 'D7'], None)
    """
    if cs is None:
        return None
    return [c.name for c in sorted_cards(CardSet(cs).mask)]


def game_view(state: GameState, seat: int | None) -> dict[str, Any]:
    """The game as ``seat`` (0 Forehand, 1 Middlehand, 2 Rearhand) knows it, or as a
    spectator (``None``) sees it.  See the module doc."""
    done = state.phase == Phase.DONE
    view = state.view(seat)
    contract = view.contract
    ends = state.end_actions(seat) if seat is not None else []
    out: dict[str, Any] = {
        "seat": seat,
        "phase": PHASE_NAMES[view.phase],
        "to_move": view.to_move,
        "hand": cards(view.hand) if seat is not None else None,
        "declarer": view.declarer,
        "bid": view.bid,
        "contract": str(contract) if contract is not None else None,
        **every_language(
            lambda lang: _contract_words(contract, lang) if contract is not None else None,
            "contract",
        ),
        "skat": cards(view.skat),
        "discard": cards(view.discard),
        "open_hand": cards(view.open_hand),
        "claimer": view.claimer,
        "claimer_hand": cards(view.claimer_hand),
        "tricks": [
            {
                "leader": t.leader,
                "cards": [c.name for c in t.cards],
                "winner": t.winner,
                "points": t.points,
            }
            for t in view.tricks
        ],
        "trick": [c.name for c in view.current_trick],
        "trick_leader": view.trick_leader,
        "history": [_event(e) for e in view.history],
        "legal": [str(a) for a in view.legal_actions],
        "declarations": declarations(state, view) if seat is not None else [],
        "end_actions": [str(a) for a in ends],  # to end the play early, even out of turn
        "labels": labels(state, view, seat, ends),
        "kontra": view.kontra,
        "announcements": list(view.announcements),
        "ramsch": view.ramsch,
        "result": result_view(state) if done else None,
        "deal": deal_view(state) if done else None,
    }
    return out


def declarations(state: GameState, view: View) -> list[dict[str, Any]]:
    """The declarations open to this seat now, each with its name and its game value from the
    cards the declarer knows (:func:`skat.core.declarations.declarations_of`: his hand, and
    once picked up the skat and the two cards put away, which count for the matadors;
    Schneider and Schwarz counted only when announced).  ``estimate`` marks the values of Hand
    games: the unseen skat's jacks may change them; ``below_bid`` says how far a value falls
    short of the bid.

    >>> s = GameState(seed=5)
    >>> for a in ("p", "18", "y", "p"):
    ...     _ = s.apply(a)
    >>> [(d["action"], d["en"], d["value"]) for d in declarations(s, s.view(0))][:2]
    [('DH', 'Diamonds Hand', 27), ('DHS', 'Diamonds Hand Schneider announced', 45)]
    """
    legal = {a for a in view.legal_actions if isinstance(a, Declare)}
    if not legal or view.declarer is None:
        return []
    return [_declaration(o) for o in declarations_of(view) if o.action in legal]


def labels(
    state: GameState, view: View, seat: int | None, ends: Sequence[Action] | None = None
) -> dict[str, dict[str, str]]:
    """The core's words (:func:`skat.core.actions.describe`, or the open question's own words
    for its answers) for every action the page may show as a button or in the history: the
    legal actions, the ways to end the game early and what was said so far, in every language
    (``{"en": {"spitze.2": "announce Spitze with 2 trumps"}, "de": {…}, "da": {…}}``).  Cards and
    bids the page names itself.  ``ends``: the seat's :meth:`~GameState.end_actions` when
    the caller has them already.

    >>> s = GameState(seed=5)
    >>> labels(s, s.view(1), 1)["de"]["p"]
    'passe'
    """
    asked = state.course.questions.kind
    shown: list[Action] = list(view.legal_actions)
    if seat is not None:
        shown += state.end_actions(seat) if ends is None else ends
    shown += [e.action for e in view.history if isinstance(e, Event)]
    named = {str(a): a for a in shown if not isinstance(a, _NAMED_BY_PAGE)}  # each once
    answer = asked.say if asked is not None else _words  # an answer in the question's words
    legal = set(view.legal_actions)
    return {
        lang: {
            text: answer(a, lang) if a in legal else _words(a, lang) for text, a in named.items()
        }
        for lang in LANGUAGES
    }


_NAMED_BY_PAGE = (Card, Bid, Discard)
"""Actions the page names itself (cards, bids, the cards put away): no label sent."""


@lru_cache(maxsize=4096)
def _words(action: Action, lang: str) -> str:
    """:func:`~skat.core.actions.describe` (the same words each time: made once)."""
    return describe(action, lang)


@lru_cache(maxsize=1024)
def _contract_words(contract: Contract, lang: str) -> str:
    """A contract's name in ``lang`` (made once)."""
    return contract.describe(lang)


def _declaration(o: DeclarationOption) -> dict[str, Any]:
    c = o.contract
    return {
        "action": str(o.action),
        **{lang: c.describe(lang) for lang in LANGUAGES},
        "value": o.value,
        "estimate": o.estimate,
        "below_bid": o.below_bid,
        "game": c.game_type.letter,  # the page's staged choice: game, then announcements
        "hand": c.hand,
        "schneider": c.schneider_announced,
        "schwarz": c.schwarz_announced,
        "ouvert": c.ouvert,
    }


def _event(e: Event | tuple[int, None]) -> list[Any]:
    if isinstance(e, Event):
        return [e.seat, str(e.action)]
    return [e[0], None]


def result_view(state: GameState) -> dict[str, Any] | None:
    """The scored result in every language (the spoken explanation) and its numbers."""
    r = state.result
    if r is None:
        return None
    return {
        **every_language(r.explain, "text"),
        "declarer": r.declarer,
        "won": r.won,
        "value": r.value,
        "score": r.score,
        "points": r.points,
        "passed": r.passed,
        "ramsch": r.ramsch,
        "seat_scores": list(r.seat_scores),
        "seat_points": list(r.seat_points),
    }


def deal_view(state: GameState) -> dict[str, Any]:
    """The deal as dealt: public once the game is over."""
    deal = state.deal
    return {
        "hands": [cards(CardSet(m)) for m in deal.hand_masks],
        "skat": cards(CardSet(deal.skat_mask)),
    }


def knowable_cards(state: GameState, seat: int | None) -> set[str]:
    """Every card name ``seat`` (or a spectator) may ever have seen of this game so far,
    computed from the game alone, independently of :func:`game_view`: the no-leak test
    checks every message against it.

    >>> s = GameState(seed=5)
    >>> len(knowable_cards(s, 0)), len(knowable_cards(s, None))
    (10, 0)
    """
    if state.phase == Phase.DONE:
        return {c.name for c in CardSet.all()}
    known = 0
    d = state.declarer
    if seat is not None:
        known |= state.deal.hand_masks[seat]
        if d == seat and state.picked_up:
            known |= state.deal.skat_mask
    c = state.contract
    known |= _shown_in_history(state, seat)
    if d is not None and ((c is not None and c.ouvert) or state.claimed):
        known |= state.hand(d).mask
    ramsch = state.course.ramsch  # a Schieberamsch round may follow plain Ramsch rules (pub)
    if seat is not None and ramsch is not None and ramsch.pushing:
        known |= _pushed_seen(state, seat)
    return {card.name for card in CardSet(known)}


def _shown_in_history(state: GameState, seat: int | None) -> int:
    """The cards the events showed ``seat``: every card played, the skat shown, a hand laid
    open (less what was played since), its own discard."""
    known = 0
    for ev in state.history:
        if isinstance(ev.action, Card):
            known |= ev.action.bit
        if str(ev.action) == "showskat":
            known |= state.deal.skat_mask
        if str(ev.action) in ("SC", "open"):  # the declarer's, or a claiming defender's
            known |= state.hand(ev.seat).mask  # what he showed, less what he played since
        if seat is not None and isinstance(ev.action, Discard) and ev.seat == seat:
            known |= ev.action.mask
    return known


def _pushed_seen(state: GameState, seat: int) -> int:
    """Schieberamsch: the skat as ``seat`` took it (the engine's own record of it)."""
    view = state.view(seat)
    mask = 0
    for cs in (view.skat, view.discard):
        if cs is not None:
            mask |= cs.mask
    return mask


def player_lines(table: Table, online: frozenset[int]) -> list[dict[str, Any]]:
    """Every place of ``table`` as all connections see it: name, kind, seat in the current
    game (``None``: sitting out or nothing dealt), taken, connected."""
    seats = table.series.seats if table.state is not None else ()
    return [
        {
            "name": s.name,
            "kind": s.kind,
            "seat": seats.index(i) if i in seats else None,
            "claimed": i in table.claims,
            "online": i in online,
        }
        for i, s in enumerate(table.config.seats)
    ]
