"""The fixed action space and the action mask against the engine's legal actions."""

from __future__ import annotations

import random

import numpy as np
import pytest

from skat.core import GameState, Rules
from skat.env import ACTIONS, NUM_ACTIONS, action_id, action_of, aec_env
from skat.env.action_ids import BID_IDS, DECLARE_IDS, DISCARD_IDS, PASS_ID

from ._games import PRESETS, states


def test_every_action_has_one_id_and_back() -> None:
    assert NUM_ACTIONS == len(ACTIONS) == 644
    for i, a in enumerate(ACTIONS):
        assert action_id(a) == i and action_of(i) is a
    assert len(BID_IDS) == 63 and len(DISCARD_IDS) == 496 and len(DECLARE_IDS) == 29


def test_ids_accept_numpy_integers_and_reject_outside_ids() -> None:
    assert action_of(np.int64(PASS_ID)) is ACTIONS[PASS_ID]
    with pytest.raises(ValueError, match=r"outside 0\.\.643"):
        action_of(-1)


@pytest.mark.parametrize("rules", PRESETS)
def test_every_legal_action_of_the_engine_has_an_id(rules: str) -> None:
    for state in states(rules, 60):
        ids = [action_id(a) for a in state.legal_actions()]
        assert len(set(ids)) == len(ids)


@pytest.mark.parametrize("rules", PRESETS)
def test_the_mask_equals_the_legal_actions_at_every_step(rules: str) -> None:
    env = aec_env(rules=rules)
    env.reset(seed=11)
    rng = random.Random(5)
    games = steps = 0
    while games < 300:
        for agent in env.agent_iter():
            obs, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
                continue
            state = env.game
            legal = {action_id(a) for a in state.legal_actions()}
            assert set(np.flatnonzero(obs["action_mask"]).tolist()) == legal
            for other in env.agents:  # a seat not to move has nothing to do
                if other != agent:
                    assert not env.observe(other)["action_mask"].any()
            env.step(rng.choice(sorted(legal)))
            steps += 1
        games += 1
        env.reset()
    assert steps > 300 * 10


def test_an_illegal_action_is_refused_with_its_name() -> None:
    env = aec_env()
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"action 31 \(play CJ\) is not legal for player_1 now"):
        env.step(31)


def test_stepping_without_a_game_is_one_clear_error() -> None:
    env = aec_env()
    with pytest.raises(ValueError, match=r"no game under way: call reset\(\)"):
        env.step(96)


def test_the_same_seed_deals_the_same_games() -> None:
    a, b = aec_env(rules="pub"), aec_env(rules="pub")
    a.reset(seed=42)
    b.reset(seed=42)
    assert a.game.deal == b.game.deal
    a.reset()
    b.reset()
    assert a.game.deal == b.game.deal
    c = aec_env(rules="pub")
    c.reset(seed=43)
    assert c.game.deal != b.game.deal


def test_a_deal_can_be_given() -> None:
    deal = GameState(seed=9).deal
    env = aec_env(rules=Rules.parse("isko"))
    env.reset(options={"deal": deal})
    assert env.game.deal == deal
