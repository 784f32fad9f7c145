"""What each place, and each spectator, may see of a variant table: the ``state`` message of
a :class:`~skat.server.variant_table.VariantTable` (:func:`variant_state_message`, the
counterpart of :func:`skat.server.protocol.state_message`).

A seat gets its variant view (:meth:`view` of the state: its own hand, everything public)
and nothing else: the Strohmann dummy's cards only once they lie face up, of the Officers'
piles only the face-up cards (a face-down card is ``{"top": null, "hidden": true}``), the
Tournee skat only as the declarer took it; a spectator sees what is public.  Once a game is
over its deal is public in the last game's record (``last``).  Every legal action comes with
its words in English and German (``labels``), every result with its explanation
(:meth:`explain` of the result) in both.

>>> from skat.server.variant_table import VariantConfig, VariantTable
>>> t = VariantTable("t", VariantConfig.parse({"variant": "strohmann",
...     "seats": ["human", "random"]}, seed=2), claims={0: "-"})
>>> m = variant_state_message(t, 0)
>>> m["variant"], m["game"]["dummy"], m["game"]["dummy_hand"], len(m["game"]["hand"])
('strohmann', 1, None, 10)
>>> variant_state_message(t, None)["game"]["hand"] is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, Final

from skat.core.actions import Bid, Declare, Discard, Hold, Pass, PickUp, Resign, describe
from skat.core.cards import Card, CardSet
from skat.core.language import LANGUAGES, N_, say
from skat.core.scoring import base_value as skat_base_value
from skat.server.variant_table import VariantTable
from skat.server.visibility import cards, player_lines
from skat.server.webwords import every_language
from skat.variants import find_variant
from skat.variants.tournee import PasstMirNicht, TourneeBid, Turn
from skat.variants.tournee_scoring import GUCKSER, SOLO, TOURNEE, base_value

TITLES: Final = {
    "strohmann": N_("web.variantTitle.strohmann"),
    "officers": N_("web.variantTitle.officers"),
    "tournee": N_("web.variantTitle.tournee"),
}
"""Each variant's name (a message of the catalogs)."""


def label(state: Any, action: Any, lang: str) -> str:
    """An action in words with its value (a bid, a game with its base value).

    >>> from skat.variants import find_variant
    >>> s = find_variant("officers").start(seed=1)
    >>> label(s, s.legal_actions()[4], "de"), label(s, s.legal_actions()[0], "en")
    ('Grand (Grundwert 24)', 'Diamonds (base 9)')
    """
    if isinstance(action, Card):
        return describe(action, lang)
    if isinstance(action, (Bid, TourneeBid)):
        return say(lang, "server.variant.bid", v=action.value)
    if isinstance(action, Hold):
        return say(lang, "server.variant.hold", v=state.bid)
    if isinstance(action, Pass):
        return say(lang, "server.variant.pass")
    if isinstance(action, PickUp):
        if state.variant == "tournee":
            return say(lang, "server.variant.guckser")
        return say(lang, "server.variant.pickup")
    if isinstance(action, Turn):
        return say(lang, "server.variant.turn")
    if isinstance(action, PasstMirNicht):
        return say(lang, "server.variant.pmn")
    if isinstance(action, Declare):
        return _declaration(state, action, lang)
    if isinstance(action, Discard):  # "put away the Jack of Diamonds and the Ten of Clubs"
        return describe(action, lang)
    if isinstance(action, Resign):
        return say(lang, "server.variant.resign")
    return str(action)


def _declaration(state: Any, action: Declare, lang: str) -> str:
    c = action.contract
    words = c.describe(lang)
    if state.variant != "tournee":
        return say(lang, "server.variant.base", game=words, v=skat_base_value(c, state.rules))
    # the kind is set when the declarer turns a card, picks the skat up or says a Solo; before
    # (the skat phase) the declarations on offer are Solos; a said game keeps its kind's value
    kind = state.kind or SOLO
    if kind == SOLO:
        return say(lang, "server.variant.solo", game=words, v=base_value(kind, c))
    return say(lang, "server.variant.base", game=words, v=base_value(kind, c))


def variant_state_message(
    table: VariantTable,
    player: int | None,
    *,
    online: frozenset[int] = frozenset(),
    remaining: float | None = None,
) -> dict[str, Any]:
    """Everything the holder of ``player``'s place (``None``: a spectator) may see of the
    variant table now (module doc)."""
    series = table.series
    state = table.state
    seats = series.seats if state is not None else ()
    seat = table.seat_of(player)
    players = [  # each place's running total beside (a variant's sheet has no sum row)
        {**line, "total": series.totals[i]} for i, line in enumerate(player_lines(table, online))
    ]
    return {
        "type": "state",
        "table": table.id,
        "variant": table.variant,
        **every_language(lambda lang: say(lang, TITLES[table.variant]), "title"),
        "counter": table.counter,
        "you": player,
        "seat": seat,
        "rules": table.rules_text,
        "players": players,
        "seats": list(seats),
        "clock": 0,
        "remaining": remaining,
        "waiting": table.waiting,
        "host": table.config.host,
        "series": sheet(table),
        "game": (
            game_view(state, seat, list(seats)) if state is not None and not table.waiting else None
        ),
        "last": last_game(table),
    }


def _names(table: VariantTable, seats: Sequence[int | None], lang: str) -> list[str]:
    """The names by seat (the Strohmann dummy's seat: "Dummy")."""
    dummy = say(lang, "server.variant.dummy")
    return [dummy if p is None else table.players[p] for p in seats]


def sheet(table: VariantTable) -> dict[str, Any]:
    """The list: one row per finished game (its declarer, game, each player's score), the
    totals, and whether the series is over."""
    series = table.series
    rows = []
    for r in series.records:
        result = r.result
        declarer = getattr(result, "declarer", None)
        rows.append(
            {
                "number": r.number,
                "dealer": _dealer(table, r.seats),
                "declarer": r.seats[declarer] if declarer is not None else None,
                "value": getattr(result, "value", 0),
                "kind": table.variant,
                **every_language(partial(_game_words, result), "game"),
                "won": getattr(result, "won", False),
                "entries": list(r.entries),
                "totals": list(r.totals),
            }
        )
    return {
        "number": series.number,
        "planned": series.planned,
        "over": series.is_over,
        "totals": list(series.totals),
        "rows": rows,
    }


def _dealer(table: VariantTable, seats: Sequence[int | None]) -> int | None:
    """The player who dealt: Officers' dealer, the Strohmann Rearhand; in Tournee Skat the
    player before Forehand (Rearhand at three, the first to sit out at four or five)."""
    if table.variant != "tournee":
        return seats[-1]
    forehand = seats[0]
    return None if forehand is None else (forehand - 1) % len(table.players)


def _game_words(result: Any, lang: str) -> str:
    if result is None or result.contract is None:
        return say(lang, "server.variant.passed")
    game_name_in = getattr(result, "game_name_in", None)
    if game_name_in is not None:
        return str(game_name_in(lang))
    return str(result.contract.describe(lang))


def last_game(table: VariantTable) -> dict[str, Any] | None:
    """The game finished last: its result explained in English and German, each player's
    score, and its whole deal (public once it is over)."""
    series = table.series
    if not series.records:
        return None
    r = series.records[-1]
    result = r.result
    state = table.finished_games[-1] if table.finished_games else None
    out: dict[str, Any] = {
        "number": r.number,
        "seats": list(r.seats),
        **every_language(
            lambda lang: result.explain(lang, names=_names(table, r.seats, lang)), "text"
        ),
        "declarer": result.declarer,
        "won": result.won,
        "entries": list(r.entries),
        "events": [list(e) for e in r.events],
        "deal": find_variant(table.variant).deal_text(state) if state is not None else None,
        "points": list(state.points()) if state is not None and result.contract else None,
        "last_trick": _last_trick(state),
    }
    return out


def _last_trick(state: Any) -> dict[str, Any] | None:
    """The finished game's last trick (the page shows it with the result)."""
    tricks = state.tricks if state is not None else ()
    if not tricks:
        return None
    t = tricks[-1]
    return {"leader": t.leader, "cards": [c.name for c in t.cards], "winner": t.winner}


def game_view(state: Any, seat: int | None, players: list[int | None]) -> dict[str, Any]:
    """The current game as ``seat`` (``None``: a spectator) knows it."""
    view = state.view(seat) if seat is not None else _public(state)
    mover = getattr(state, "player_to_move", None)
    mover = state.to_move if mover is None and not state.is_over else mover
    legal = list(view.legal_actions) if seat is not None else []
    said = [e[1] for e in view.history if e[1] is not None] + legal  # the words of each
    out: dict[str, Any] = {
        "variant": state.variant,
        "seat": seat,
        "players": players,
        "phase": view.phase.name.lower(),
        "to_move": view.to_move,
        "mover": mover if not state.is_over else None,
        "hand": cards(view.hand) if seat is not None else None,
        "declarer": view.declarer,
        "bid": getattr(view, "bid", 0),
        **_contract(view.contract),
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
        "history": [[e[0], None if e[1] is None else str(e[1])] for e in view.history],
        "legal": [str(a) for a in legal],
        "labels": {
            lang: {str(a): label(state, a, lang) for a in said if not isinstance(a, Card)}
            for lang in LANGUAGES
        },
        "points": list(state.points()) if state.is_over else None,
        "open_hand": cards(getattr(view, "open_hand", None)),
    }
    out.update(_own(state, view, seat))
    return out


def _contract(contract: Any) -> dict[str, Any]:
    """The declared game: its code and its name in English and German (``None`` before)."""
    if contract is None:
        return {"contract": None, **every_language(lambda lang: None, "contract")}
    return {"contract": str(contract), **every_language(contract.describe, "contract")}


def _public(state: Any) -> Any:
    """What a spectator sees: the public view (Officers' Skat: a player's view holds only
    what both see; the others: the view of a seat with no cards of its own)."""
    if state.variant == "officers":
        return state.view(0)
    if state.variant == "strohmann":
        return state.view(state.dummy)  # the dummy's own view is the public one
    declarer = state.declarer
    return state.view(next(s for s in range(3) if s != declarer))  # its hand is not sent


def _own(state: Any, view: Any, seat: int | None) -> dict[str, Any]:
    """The variant's own part: the dummy, the piles, the turned card."""
    if state.variant == "strohmann":
        shown = view.dummy_hand
        left = 10 - len(view.tricks)  # the dummy plays a card to every trick
        left -= sum(
            1
            for k, _ in enumerate(view.current_trick)
            if (view.trick_leader + k) % 3 == state.dummy
        )
        return {
            "dummy": state.dummy,
            "dummy_hand": cards(shown) if shown is not None else None,
            "dummy_left": left,
            "defender": state.defender,
            "for_dummy": state.to_move == state.dummy and not state.is_over,
            "skat": cards(view.skat) if seat is not None else None,
        }
    if state.variant == "officers":
        return {
            "piles": [
                [
                    {"top": p.top.name if p.top is not None else None, "hidden": p.hidden}
                    for p in row
                ]
                for row in view.piles
            ],
            "hand": cards(view.hand) if seat is not None else None,
        }
    return {
        "turned": [c.name for c in view.turned],
        "kind": view.kind,
        "skat": cards(view.skat) if seat is not None and view.skat is not None else None,
    }


def knowable(state: Any, seat: int | None) -> set[str]:
    """Every card ``seat`` (or a spectator) may have seen of the game so far, from the game
    alone (the no-leak tests check every message against it)."""
    if state.is_over:
        return {c.name for c in CardSet.all()}
    known = 0
    for event in state.history:
        if isinstance(event.action, Card):
            known |= event.action.bit
    variant = state.variant
    if variant == "officers":
        for player in (0, 1):
            known |= state.view(player).face_up[player].mask
        return {c.name for c in CardSet(known)}
    if seat is not None:
        known |= state.deal.hand_masks[seat]
    contract = state.contract
    if contract is not None and contract.ouvert and state.declarer is not None:
        known |= state.hand(state.declarer).mask  # an open hand lies on the table
    known |= _known_skat(state, seat)
    return {c.name for c in CardSet(known)}


def _known_skat(state: Any, seat: int | None) -> int:
    """The cards beyond the hands ``seat`` may have seen: the Strohmann dummy's once it lies
    face up, the skat its declarer picked up, the turned Tournee cards."""
    known = 0
    declarer = seat is not None and seat == state.declarer
    if state.variant == "strohmann":
        if state.contract is not None:
            known |= state.deal.hand_masks[state.dummy]
        if declarer and state.picked_up:
            known |= state.deal.skat_mask
    else:  # Tournee Skat
        known |= sum(c.bit for c in state.turned)
        if declarer and state.kind in (TOURNEE, GUCKSER):
            known |= state.deal.skat_mask
    return known
