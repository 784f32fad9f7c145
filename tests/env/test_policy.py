"""PolicyAgent: a policy (a callable, or a model with predict() as in Stable-Baselines3 and
sb3-contrib's MaskablePPO) plays as a skat.ai agent in the arena and as a Gymnasium opponent."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from skat.ai.agent import Agent
from skat.ai.arena import play_game
from skat.ai.random_agent import RandomAgent
from skat.core import GameState
from skat.env import PolicyAgent, SkatGymEnv, action_id, observe_view
from skat.env.observation import decode


class MaskedModel:
    """Shaped like sb3-contrib's MaskablePPO.predict: a random legal id from the given mask."""

    def __init__(self) -> None:
        self.rng = np.random.default_rng(0)
        self.calls: list[tuple[bool, bool]] = []

    def predict(
        self,
        observation: dict[str, Any],
        state: Any = None,
        episode_start: Any = None,
        deterministic: bool = False,
        action_masks: Any = None,
    ) -> tuple[np.ndarray, None]:
        self.calls.append((action_masks is not None, deterministic))
        assert np.array_equal(action_masks, observation["action_mask"].astype(bool))
        return np.array(self.rng.choice(np.flatnonzero(action_masks))), None


class PlainModel:
    """Shaped like stable_baselines3 PPO.predict (no masks): always id 0 (play ♦7)."""

    def predict(
        self,
        observation: Any,
        state: Any = None,
        episode_start: Any = None,
        deterministic: bool = False,
    ) -> tuple[np.ndarray, None]:
        return np.array([0]), None


def test_the_observation_of_a_view_is_the_environments() -> None:
    state = GameState(seed=9)
    for a in ("18", "y", "p"):
        state.apply(a)
    obs = observe_view(state.view(state.to_move))
    assert decode(obs["observation"]).bids == ((1, 18),)
    assert sorted(np.flatnonzero(obs["action_mask"])) == sorted(
        action_id(a) for a in state.legal_actions()
    )


def test_a_callable_policy_plays_whole_games_in_the_arena() -> None:
    seen: list[int] = []

    def policy(obs: dict[str, Any]) -> int:
        legal = np.flatnonzero(obs["action_mask"])
        seen.append(len(legal))
        return int(random.Random(len(seen)).choice(legal.tolist()))

    agent = PolicyAgent(policy, name="mine")
    assert isinstance(agent, Agent)
    for seed in range(5):
        game = play_game(GameState(seed=seed), [RandomAgent(1), agent, RandomAgent(2)])
        assert game.is_over
    assert seen and min(seen) >= 1


def test_a_maskable_model_gets_the_mask_and_plays_every_seat() -> None:
    model = MaskedModel()
    agents = [PolicyAgent(model) for _ in range(3)]
    game = play_game(GameState(seed=3), agents)
    assert game.is_over and len(model.calls) == len(game.history)
    assert set(model.calls) == {(True, True)}


def test_an_illegal_id_raises_or_falls_back_to_the_first_legal_one() -> None:
    state = GameState(seed=1)  # Middlehand bids first: ♦7 is not legal
    view = state.view(state.to_move)
    with pytest.raises(ValueError, match=r"policy chose action 0 \(play D7\), which is not legal"):
        PolicyAgent(PlainModel()).choose(view)
    lowest = min(action_id(a) for a in view.legal_actions)
    assert action_id(PolicyAgent(PlainModel(), illegal="first").choose(view)) == lowest
    with pytest.raises(TypeError, match="a policy is a callable or has predict"):
        PolicyAgent(42)


def test_a_policy_agent_is_an_opponent_of_the_gym_env() -> None:
    env = SkatGymEnv(rules="isko", seat=0, opponents=[PolicyAgent(MaskedModel()), "random"])
    obs, _ = env.reset(seed=2)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.state.is_over
