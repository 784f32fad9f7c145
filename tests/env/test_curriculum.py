"""Curriculum hooks: games that start at card play, the sensible-random opponent, zero-sum
rewards and the reward scale."""

from __future__ import annotations

import random

import numpy as np
import pytest

from skat.core import Deal, GameState, Rules
from skat.core.contracts import Contract
from skat.core.state import Phase
from skat.env import BatchEnv, SkatGymEnv, aec_env
from skat.env.curriculum import SensibleRandomAgent, start_state
from skat.env.observation import encode, observation_of
from skat.env.rewards import REWARDS, reward_bounds, reward_scale, rewards

from ._games import PRESETS

ISKO = Rules.parse("isko")


@pytest.mark.parametrize("contract", [c.code for c in Contract.all() if not c.hand])
def test_fixed_contract_starts_at_the_first_card_with_that_declarer_and_contract(
    contract: str,
) -> None:
    for seat in range(3):
        state = start_state(
            Deal.random(random.Random(seat)), ISKO, f"fixed:{contract}@{seat}", random.Random(0)
        )
        assert (state.phase, state.to_move, state.declarer, state.bid) == (Phase.PLAY, 0, seat, 18)
        assert state.contract is not None and state.contract.code == contract
        assert state.view(seat).discard is not None  # picked up and put two cards away


def test_fixed_hand_contract_leaves_the_skat() -> None:
    state = start_state(Deal.random(random.Random(1)), ISKO, "fixed:GH@2", random.Random(0))
    assert state.contract is not None and state.contract.hand
    assert state.view(2).skat is None and state.view(2).discard is None


def test_heuristic_contract_starts_every_game_at_card_play_with_a_declarer() -> None:
    rng = random.Random(4)
    for _ in range(20):
        state = start_state(Deal.random(rng), ISKO, "heuristic", rng)
        assert state.phase == Phase.PLAY and state.declarer is not None
        assert len(state.tricks) == 0 and not state.current_trick


def test_bad_contract_option_is_one_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown contract option 'oracle'"):
        SkatGymEnv(contract="oracle")
    with pytest.raises(ValueError, match="the declarer is seat 0, 1 or 2, not '3'"):
        aec_env(contract="fixed:G@3")
    with pytest.raises(ValueError, match="unknown contract 'Q'"):
        BatchEnv(2, contract="fixed:Q")


def test_contract_option_in_every_environment_gives_the_engines_observation() -> None:
    env = aec_env(contract="fixed:S@1")
    env.reset(seed=3)
    assert env.game.phase == Phase.PLAY and env.game.declarer == 1
    obs = env.observe("player_0")
    assert np.array_equal(obs["observation"], encode(observation_of(env.game.view(0))))
    assert obs["action_mask"][32:].sum() == 0 and obs["action_mask"][:32].sum() == 10
    batch = BatchEnv(3, contract="heuristic", seed=2)
    _, mask, _ = batch.reset()
    assert all(s.phase == Phase.PLAY for s in batch.states) and not mask[:, 32:].any()
    gym = SkatGymEnv(seat=None, contract="fixed:N@0", opponents="sensible-random")
    gym.reset(seed=1)
    assert gym.state.contract is not None and gym.state.contract.code == "N"


def test_sensible_random_agent_bids_as_the_heuristic_and_plays_at_random() -> None:
    from skat.ai.heuristic import HeuristicAgent

    heuristic = HeuristicAgent()
    differs = 0
    for seed in range(6):
        state = GameState(Deal.random(random.Random(seed)), ISKO)
        agent = SensibleRandomAgent(seed=seed)
        while not state.is_over:
            view = state.view(state.to_move)
            action = agent.choose(view)
            if state.phase != Phase.PLAY:
                assert action == heuristic.choose(view)
            else:
                differs += action != heuristic.choose(view)
            state.apply(action)
    assert differs > 0


@pytest.mark.parametrize("rules", PRESETS)
def test_zero_sum_rewards_add_up_to_zero_and_keep_the_differences(rules: str) -> None:
    env = aec_env(rules=rules)
    rng = random.Random(2)
    env.reset(seed=2)
    for _ in range(15):
        state = env.game
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        assert state.result is not None
        for name in ("list", "seeger", "points"):
            plain = rewards(state.result, name)
            zero = rewards(state.result, name + "_zero_sum")
            assert sum(zero) == pytest.approx(0.0, abs=1e-9)
            assert zero[0] - zero[1] == pytest.approx(plain[0] - plain[1])
            low, high = reward_bounds(state.rules, name + "_zero_sum")
            assert all(low <= z <= high for z in zero)
        env.reset()
    assert len(REWARDS) == 6


def test_reward_scale_is_the_largest_reward_magnitude() -> None:
    assert reward_scale(ISKO, "list") == 540.0
    assert reward_scale(ISKO, "points_zero_sum") == 160.0
    env = SkatGymEnv(
        reward="list_zero_sum", seat=1, opponents="sensible-random", contract="heuristic"
    )
    obs, _ = env.reset(seed=8)
    terminated = False
    while not terminated:
        obs, reward, terminated, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.state.result is not None
    assert reward == rewards(env.state.result, "list_zero_sum")[1]
