"""Rewards against the engine's scores."""

from __future__ import annotations

import random

import pytest

from skat.core import Rules
from skat.env import aec_env
from skat.env.rewards import reward_bounds
from skat.series import entries

from ._games import PRESETS


def _play(rules: str, reward: str, games: int, seed: int):  # type: ignore[no-untyped-def]
    env = aec_env(rules=rules, reward=reward)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(games):
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward_, terminated, _, _ = env.last()
            totals[agent] += reward_
            if terminated:
                env.step(None)
            else:
                ids = obs["action_mask"].nonzero()[0]
                env.step(int(ids[rng.randrange(len(ids))]))
        yield env.game.result, [totals[a] for a in env.possible_agents]
        env.reset()


@pytest.mark.parametrize("rules", PRESETS)
def test_list_rewards_sum_to_the_engines_list_score(rules: str) -> None:
    for result, paid in _play(rules, "list", 60, 1):
        assert paid == [float(x) for x in result.seat_scores]
        if result.ramsch is None and result.declarer is not None:
            assert sum(paid) == result.score


@pytest.mark.parametrize("rules", PRESETS)
def test_seeger_rewards_are_the_seeger_fabian_entries(rules: str) -> None:
    for result, paid in _play(rules, "seeger", 60, 2):
        expected = entries(result, (0, 1, 2), 3, "seeger", bonus=result.rules.seeger_bonus)
        assert paid == [float(x) for x in expected]
        if result.ramsch is None and result.declarer is not None:
            d = result.declarer
            assert paid[d] == result.score + (50 if result.won else -50)
            assert sum(paid) == result.score + (50 if result.won else -50 + 80)


@pytest.mark.parametrize("rules", PRESETS)
def test_card_point_rewards_are_the_parties_card_points(rules: str) -> None:
    seen = 0
    for result, paid in _play(rules, "points", 60, 3):
        if result.ramsch is not None:
            assert sum(paid) == -sum(result.seat_points)
        elif result.declarer is not None:
            d = result.declarer
            assert paid[d] == result.points
            assert all(paid[s] == 120 - result.points for s in range(3) if s != d)
            seen += 1
        else:
            assert paid == [0.0, 0.0, 0.0]
    assert seen > 10


@pytest.mark.parametrize("rules", PRESETS)
@pytest.mark.parametrize("reward", ["list", "seeger", "points"])
def test_reward_bounds_hold_every_reward_paid_in_random_games(rules: str, reward: str) -> None:
    low, high = reward_bounds(Rules.parse(rules), reward)
    assert low < 0 < high
    for _, paid in _play(rules, reward, 25, seed=17):
        assert all(low <= p <= high for p in paid), (paid, low, high)


def test_reward_bounds_cover_the_highest_bid_overbid() -> None:
    assert reward_bounds(Rules.parse("isko"), "list") == (-540.0, 270.0)  # D game, bid 264
