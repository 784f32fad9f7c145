"""Undo is derived from one declaration of the state's fields (``STATE_FIELDS``): after random
games, undoing every action restores every field in turn; a state survives pickle, deepcopy
and copy, and plays on the same."""

from __future__ import annotations

import copy
import pickle
import random

from skat.core import Deal, GameState, Rules
from skat.core.state import STATE_FIELDS

RULES = (
    "isko",
    "pub",
    "isko,ramsch=schieberamsch,spitze=on,schenken=on",
    "isko,kontra=on,kontra_timing=lead,open_play=on,show_skat=on",
)


def fields(state: GameState) -> tuple[object, ...]:
    return tuple(getattr(state, name) for name in STATE_FIELDS)


def test_undo_restores_every_field_after_random_games() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        state = GameState(Deal.random(rng), Rules.parse(RULES[seed % len(RULES)]))
        seen = [fields(state)]
        views = [state.view(None)]
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            seen.append(fields(state))
            views.append(state.view(None))
        for before, view in zip(reversed(seen[:-1]), reversed(views[:-1]), strict=True):
            state.undo()
            assert fields(state) == before
            assert state.view(None) == view
        assert state.history == [] and state.result is None


def test_pickle_deepcopy_and_copy_round_trip_a_game_in_play() -> None:
    rng = random.Random(5)
    state = GameState(Deal.random(rng), Rules.parse("pub"))
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.copy()):
        assert fields(twin) == fields(state) and twin.history == state.history
        assert twin.view(0) == state.view(0)
        moves = random.Random(9)
        a, b = state.copy(), twin
        while not a.is_over:
            action = moves.choice(a.legal_actions())
            assert a.apply(action) == b.apply(action)
        assert a.result == b.result
