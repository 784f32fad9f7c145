"""The move clock's move: what the table plays for a player whose time ran out (or who is
away past the waiting time of the ``online`` rules, :mod:`skat.server.disconnects`)."""

from __future__ import annotations

import dataclasses
from typing import Final

from skat.ai.agent import SafeAgent, fallback_action
from skat.ai.heuristic import HeuristicAgent
from skat.core.actions import Action
from skat.core.cards import Card
from skat.core.state import Phase, View

_CLOCK_PLAYER: Final = SafeAgent(HeuristicAgent(endgame=False), budget=None, name="clock")
"""The heuristic by its rules: microseconds on the server's event loop (no solver there)."""


def timeout_action(view: View) -> Action:
    """The move made for a player whose time ran out: in the play the card the heuristic's
    rules choose (never a careless first card), elsewhere the cautious
    answer (pass, no Kontra, pick up the skat): the clock bids and doubles for nobody.

    >>> from skat.core import GameState
    >>> s = GameState(seed=4)
    >>> str(timeout_action(s.view(s.to_move)))  # the auction: pass
    'p'
    >>> for a in ("18", "y", "p", "p", "HH"):
    ...     _ = s.apply(a)
    >>> card = timeout_action(s.view(s.to_move))
    >>> card == HeuristicAgent(endgame=False).choose(s.view(s.to_move))
    True
    """
    cards = tuple(a for a in view.legal_actions if isinstance(a, Card))
    if view.phase == Phase.PLAY and cards:  # only the cards: no Kontra, no claim
        return _CLOCK_PLAYER.choose(dataclasses.replace(view, legal_actions=cards))
    return fallback_action(view)
