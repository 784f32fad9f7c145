"""A seeded random player: a uniformly random legal action.

>>> from skat.core import GameState
>>> state = GameState(seed=5)
>>> a, b = RandomAgent(seed=1), RandomAgent(seed=1)
>>> a.choose(state.view(1)) == b.choose(state.view(1))
True
"""

from __future__ import annotations

import random

from skat.core.actions import Action
from skat.core.state import View


class RandomAgent:
    """Chooses uniformly among ``view.legal_actions`` with its own ``random.Random(seed)``."""

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        """A random legal action."""
        return self.rng.choice(view.legal_actions)

    def __repr__(self) -> str:
        return "RandomAgent()"
