"""PettingZoo's own API test and Gymnasium's environment checker."""

from __future__ import annotations

import warnings

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from skat.env import SkatGymEnv, aec_env

from ._games import PRESETS


@pytest.mark.parametrize("rules", PRESETS)
def test_pettingzoo_api_test_passes(rules: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "Observation is not a NumPy array": it is a dict
        api_test(aec_env(rules=rules, reward="seeger"), num_cycles=200)


@pytest.mark.parametrize("rules", ["isko", "pub"])
def test_pettingzoo_seed_test_passes(rules: str) -> None:
    seed_test(lambda: aec_env(rules=rules), num_cycles=100)


def test_gymnasium_env_checker_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SkatGymEnv(rules="pub", illegal="random"), skip_render_check=True)


def test_bad_rules_or_reward_is_one_clear_error() -> None:
    with pytest.raises(ValueError, match="kontra takes on or off"):
        aec_env(rules="isko,kontra=maybe")
    with pytest.raises(ValueError, match=r"unknown reward 'euro' \(known: list, seeger, points\)"):
        aec_env(reward="euro")


def test_render_shows_the_game_for_people() -> None:
    env = aec_env(rules="isko", render_mode="ansi")
    env.reset(seed=3)
    env.step(96)  # Middlehand passes
    text = env.render()
    assert text.splitlines()[0] == "bidding, player_2 to move"
    assert "events: 1 p" in text
    with pytest.raises(ValueError, match="unknown render_mode 'rgb'"):
        aec_env(render_mode="rgb")
