"""A claim at the web table, decided at once: the rest of the game as the rules test it.

ISkO 4.4: a declarer who shows his cards claims every remaining trick; if he cannot take them
all, every remaining trick goes to the defenders.  A defender may claim only the tricks he takes
himself.  At a table nobody clicks the rest out: when a binding claim is made
(:attr:`skat.server.table.Table.claim_open`) the server plays the remaining cards at once, every
hand open, each side as well as it can (the double-dummy solver of :mod:`skat.ai.dds`: the
claimer takes as many tricks as he can, the others try to take one from him).  The claim holds
exactly when the claimer takes every trick against that defence, and the core scores what was
played (:mod:`skat.core.ending`: a failed claim gives the defenders the rest); these moves are
marked ``claim`` in the log.

>>> from skat.core import GameState
>>> state = GameState(seed=3)
>>> for a in ("p", "p", "18", "GH", "SC"):
...     _ = state.apply(a)
>>> line = claim_line(state)
>>> len(line) > 0, all(len(card) == 2 for _, card in line)
(True, True)
>>> for seat, card in line:
...     _ = state.apply(card, seat)
>>> state.is_over
True
"""

from __future__ import annotations

import dataclasses
from typing import Any

from skat.core.cards import Card, sorted_cards
from skat.core.contracts import NULL
from skat.core.state import GameState


def claim_line(state: GameState) -> list[tuple[int, str]]:
    """The cards that play a claimed game out, ``(seat, card)`` in order, until the core says
    the game is over (module doc).  ``state`` is not changed."""
    from skat.ai.dds import TRICKS, Position, PositionError, Solver

    game = state.copy()
    claimer = game.course.claimer
    solver = Solver(tt_bits=18)
    out: list[tuple[int, str]] = []
    while not game.is_over:
        seat = game.to_move
        cards = [a for a in game.legal_actions() if isinstance(a, Card)]
        if not cards:  # a question open (cannot happen after a claim): nothing to play
            break
        pick = cards[0]  # (a position the solver cannot take: the first legal card)
        try:
            pos = Position.from_state(game)
        except PositionError:
            pos = None
        if pos is not None:
            if pos.game_type != NULL:  # the claimer's side against the rest, counted from
                side = claimer if claimer >= 0 else pos.declarer  # the claim: its first lost
                pos = dataclasses.replace(  # trick ends it
                    pos, declarer=side, schwarz=True, declarer_tricks=0, defender_tricks=0
                )
            values = solver.values(pos, TRICKS)
            if values:
                best = (max if seat == pos.declarer else min)(values.values())
                pick = next((c for c in cards if values.get(c) == best), pick)
        out.append((seat, str(pick)))
        game.apply(pick, seat)
    return out


def claim_view(state: GameState) -> dict[str, Any] | None:
    """A finished game's claim as the result shows it (``None``: nobody claimed): who claimed
    (``seat``), every hand and the trick on the table when he did (the cards then open),
    the tricks played out after it, and whether it held (he took every one of them).

    >>> from skat.core import GameState
    >>> state = GameState(seed=3)
    >>> for a in ("p", "p", "18", "GH", "SC"):
    ...     _ = state.apply(a)
    >>> for seat, card in claim_line(state):
    ...     _ = state.apply(card, seat)
    >>> view = claim_view(state)
    >>> view["seat"], [len(h) for h in view["hands"]], len(view["tricks"]) > 0
    (0, [10, 10, 10], True)
    """
    at = next((i for i, e in enumerate(state.history) if str(e.action) in ("SC", "open")), None)
    if at is None:
        return None
    seat = state.history[at].seat
    then = state.copy()
    while len(then.history) > at + 1:
        then.undo()
    before = len(then.tricks)
    tricks = [
        {"leader": t.leader, "cards": [c.name for c in t.cards], "winner": t.winner}
        for t in state.tricks[before:]
    ]
    return {
        "seat": seat,
        "hands": [[c.name for c in sorted_cards(then.hand(s).mask)] for s in range(3)],
        "trick": [c.name for c in then.current_trick],
        "trick_leader": then.trick_leader,
        "tricks": tricks,
        "held": all(t["winner"] == seat for t in tricks),
    }
