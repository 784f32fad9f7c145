"""Random games for the environment tests: every state along seeded random games."""

from __future__ import annotations

import random
from collections.abc import Iterator

from skat.core import GameState, Rules

PRESETS = (
    "isko",
    "pub",
    "iss",
    "danish",
    "old",  # the ladder up to 360: the bid ids 640-643 and the observation's high_* blocks
    "isko,ramsch=schieberamsch,schieberamsch_grand_hand=on",
    "isko,kontra=on,kontra_timing=lead,kontra_eligibility=bid,supra=on,spitze=on,schenken=on,"
    "open_play=on,show_skat=on,ramsch=gewinner",
)
"""Rules under which the tests play: the presets and every house rule the env can meet."""


def states(rules: str, games: int, seed: int = 0) -> Iterator[GameState]:
    """Every state (before each action and the final one) of ``games`` random games."""
    r = Rules.parse(rules)
    for g in range(games):
        rng = random.Random(f"{seed}:{g}")
        state = GameState(seed=rng.randrange(1 << 30), rules=r)
        while True:
            yield state
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
