"""The fast event-by-event observations equal the ones built from the view."""

from __future__ import annotations

import random

import numpy as np
import pytest

from skat.core import GameState, Rules
from skat.env.observation import encode, observation_of
from skat.env.tracker import ObservationTracker

from ._games import PRESETS


@pytest.mark.parametrize("rules", PRESETS)
def test_tracked_observations_equal_the_views_at_every_step(rules: str) -> None:
    r = Rules.parse(rules)
    for g in range(200):
        rng = random.Random(g)
        state = GameState(seed=g, rules=r)
        tracker = ObservationTracker(state)
        while True:
            seats = range(3) if len(state.history) % 4 == 0 or state.is_over else [state.to_move]
            for s in seats:
                assert np.array_equal(tracker.observe(s), encode(observation_of(state.view(s)))), (
                    rules,
                    g,
                    len(state.history),
                    s,
                )
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))


def test_the_tracker_follows_an_undo_and_events_outside_the_action_space() -> None:
    r = Rules.parse("pub")
    claims = 0
    for seed in range(20):
        rng = random.Random(seed)
        state = GameState(seed=seed, rules=r)
        tracker = ObservationTracker(state)
        for _ in range(14):
            if not state.is_over:
                state.apply(rng.choice(state.legal_actions()))
        tracker.observe(0)
        state.undo()
        state.undo()
        assert np.array_equal(tracker.observe(0), encode(observation_of(state.view(0))))
        while not state.is_over and not state.end_actions():
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over:
            continue
        state.apply(state.end_actions()[0])  # the declarer shows his cards and claims
        claims += 1
        for s in range(3):
            assert np.array_equal(tracker.observe(s), encode(observation_of(state.view(s))))
    assert claims > 5
