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

from skat.core.cards import Card
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
        try:
            pos = Position.from_state(game)
        except PositionError:
            pick = cards[0]
        else:
            if pos.game_type != NULL:  # the claimer's side against the rest; the first lost
                side = claimer if claimer >= 0 else pos.declarer  # trick ends the claim
                pos = dataclasses.replace(pos, declarer=side, schwarz=True)
            values = solver.values(pos, TRICKS)
            best = (max if seat == pos.declarer else min)(values.values())
            pick = next(c for c in cards if values.get(c) == best)
        out.append((seat, str(pick)))
        game.apply(pick, seat)
    return out
