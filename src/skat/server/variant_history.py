"""A finished game of a variant (Strohmann, Officers' Skat, Tournee Skat) move by move, for
the history viewer (the counterpart of :func:`skat.server.history.steps_of`).

The game is over, so every card is open: each step has every seat's cards (the Strohmann
dummy's too), the skat, Officers' Skat's two layouts (each pile's face-up card and the
face-down card under it, as they lay at that step), Tournee Skat's turned cards, the trick,
the declared game in words and the card points.  Each event comes with its words in every
language (a bid, a game with its value: :func:`skat.server.variant_view.label`), the result
with its explanation, and one line saying that the double-dummy analysis reads Skat for
three only.

>>> import random
>>> from skat.variants import find_variant
>>> from skat.ai.variants import play_variant, variant_agent
>>> from skat.records.jsonrecord import dumps, state_to_json
>>> g = play_variant(find_variant("officers").start(seed=3),
...                  [variant_agent("officers", "random", s) for s in (1, 2)])
>>> h = variant_steps_of(dumps(state_to_json(g, {"players": ["Anna", "Ben"]})))
>>> len(h["steps"]) == len(g.history) + 1, h["variant"], h["analysis"]
(True, 'officers', None)
>>> [len(row) for row in h["steps"][0]["piles"]], h["steps"][0]["piles"][0][0]["up"] is not None
([8, 8], True)
>>> h["names_de"], h["steps"][-1]["piles"][0][0]
(['Anna', 'Ben'], {'up': None, 'down': None})
"""

from __future__ import annotations

from typing import Any

from skat.core.cards import Card
from skat.core.language import N_, say
from skat.records.jsonrecord import load_json
from skat.server.variant_view import TITLES, label
from skat.server.visibility import cards
from skat.server.webwords import every_language
from skat.variants import find_variant

__all__ = ["NO_ANALYSIS", "variant_steps_of"]

NO_ANALYSIS = N_("server.history.variantOnly")
"""What a variant's history says instead of the analysis (one line)."""
_ROLES = (N_("web.forehand"), N_("web.middlehand"), N_("web.rearhand"), N_("web.dealer"))


def variant_steps_of(json_text: str) -> dict[str, Any]:
    """Every position of a variant's finished game from the deal to the end (module doc);
    ``ValueError`` for a record of Skat for three (:func:`~skat.server.history.steps_of`)."""
    game = load_json(json_text, check_result=False)
    final = game.state
    name = getattr(final, "variant", "skat")
    if name == "skat":
        raise ValueError("a game of Skat for three: skat.server.history.steps_of shows it")
    entry = find_variant(name)
    state = entry.from_record(entry.deal_text(final), final.rules, {**entry.record_setup(final)})
    steps = [_step(state, None, None, None)]
    for i, ev in enumerate(final.history):
        before = state.copy()
        if len(state.history) <= i:  # not one the game recorded by itself (a dummy's pass)
            state.apply(ev.action, ev.seat)
        steps.append(_step(state, before, ev.action, [ev.seat, str(ev.action)]))
    players = game.meta.get("players")
    result = final.result

    def names(lang: str) -> list[str]:
        return _names(final, players, lang)

    return {
        "variant": name,
        **every_language(lambda lang: say(lang, TITLES[name]), "title"),
        "rules": str(final.rules),
        "players": players,
        **every_language(names, "names"),
        "seats": _seat_count(final),
        "dummy": getattr(final, "dummy", None),
        "steps": steps,
        "result": {
            **every_language(lambda lang: result.explain(lang, names=names(lang)), "text"),
            "declarer": result.declarer,
            "won": result.won,
        }
        if result is not None
        else None,
        "analysis": None,
        **every_language(lambda lang: say(lang, NO_ANALYSIS), "no_analysis"),
    }


def _seat_count(state: Any) -> int:
    return 2 if state.variant == "officers" else 3


def _names(state: Any, players: Any, lang: str) -> list[str]:
    """The names by seat in ``lang`` (the Strohmann dummy's seat: its word; a record without
    names: the seats' roles)."""
    count = _seat_count(state)
    dummy = getattr(state, "dummy", None)
    roles = _ROLES[:1] + _ROLES[3:] if count == 2 else _ROLES[:3]
    out = []
    for seat in range(count):
        if seat == dummy:
            out.append(say(lang, "server.variant.dummy"))
        elif isinstance(players, list) and seat < len(players) and isinstance(players[seat], str):
            out.append(players[seat])
        else:
            out.append(say(lang, roles[seat]))
    return out


def _step(state: Any, before: Any, action: Any, event: list[Any] | None) -> dict[str, Any]:
    """One position, all cards open, with the words of the event (``action``, made in
    ``before``) that led to it."""
    spoken = event is not None and not isinstance(action, Card)
    out: dict[str, Any] = {
        "event": event,
        **every_language(lambda lang: label(before, action, lang) if spoken else None, "words"),
        "phase": state.phase.name.lower(),
        "trick": [c.name for c in state.current_trick],
        "trick_leader": state.trick_leader,
        "last_trick": [c.name for c in state.tricks[-1].cards] if state.tricks else [],
        "declarer": state.declarer if state.contract is not None else None,
        "contract": str(state.contract) if state.contract is not None else None,
        **every_language(
            lambda lang: state.contract.describe(lang) if state.contract else None, "contract"
        ),
        "points": list(state.points()),
    }
    if state.variant == "officers":
        out["hands"] = None
        out["piles"] = [_piles(state, p) for p in (0, 1)]
        return out
    out["hands"] = [cards(state.hand(s)) for s in range(3)]
    out["skat"] = cards(state.skat)
    if state.variant == "tournee":
        out["turned"] = [c.name for c in state.turned]
        out["kind"] = state.kind
    return out


def _piles(state: Any, player: int) -> list[dict[str, str | None]]:
    """``player``'s eight piles as they lie: the face-up card (``None``: played, or in the
    trick) and the face-down card under it (``None``: turned up or played)."""
    up, down = state.face_up(player), state.face_down(player)
    piles = []
    for top, below in zip(state.deal.up[player], state.deal.down[player], strict=True):
        if top in up:
            piles.append({"up": top.name, "down": below.name})
        elif below in down:
            piles.append({"up": None, "down": below.name})
        else:
            piles.append({"up": below.name if below in up else None, "down": None})
    return piles
