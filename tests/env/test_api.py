"""PettingZoo's own API test and Gymnasium's environment checker."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

from skat.env import GYM_ID, SIZE, SkatGymEnv, aec_env

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
    with pytest.raises(ValueError, match=r"unknown reward 'euro' \(known: list, seeger, points, "):
        aec_env(reward="euro")


def test_old_grand_ouvert_base_has_its_bid_ids() -> None:
    env = aec_env(rules="isko,grand_ouvert_base=36")  # the ladder up to 360 (old_bid ids)
    env.reset(seed=1)
    assert env.observe(env.agent_selection)["action_mask"].sum() > 0


def test_render_shows_the_game_for_people() -> None:
    env = aec_env(rules="isko", render_mode="ansi")
    env.reset(seed=3)
    env.step(96)  # Middlehand passes
    text = env.render()
    assert text is not None
    assert text.splitlines()[0] == "bidding, player_2 to move"
    assert "events: 1 p" in text
    with pytest.raises(ValueError, match="unknown render_mode 'rgb'"):
        aec_env(render_mode="rgb")


def test_pettingzoo_render_test_passes() -> None:
    render_test(lambda render_mode=None: aec_env(rules="pub", render_mode=render_mode))


def test_human_rendering_prints_the_game_and_returns_none(
    capsys: pytest.CaptureFixture[str],
) -> None:
    env = aec_env(rules="isko", render_mode="human")
    env.reset(seed=3)
    env.step(96)  # Middlehand passes: the step prints the game
    assert capsys.readouterr().out.splitlines()[0] == "bidding, player_2 to move"
    assert env.render() is None
    assert "events: 1 p" in capsys.readouterr().out
    gym = SkatGymEnv(rules="isko", seat=0, opponents="random", render_mode="human")
    gym.reset(seed=1)
    assert gym.render() is None and capsys.readouterr().out
    assert SkatGymEnv(render_mode="ansi").render() == ""


def test_gymnasium_env_checker_passes_with_its_render_check() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SkatGymEnv(rules="pub", illegal="random", render_mode="ansi"))


def test_gym_make_builds_the_registered_env_with_its_keywords() -> None:
    env: Any = gymnasium.make(GYM_ID, rules="isko,kontra=on", seat=2, opponents="heuristic")
    assert GYM_ID == "skat/Skat-v0" and gymnasium.spec(GYM_ID).entry_point.endswith(":SkatGymEnv")
    inner = env.unwrapped
    assert isinstance(inner, SkatGymEnv) and inner.seat == 2 and inner.rules.kontra
    obs, info = env.reset(seed=4)
    assert info["seat"] == 2 and obs["observation"].shape == (SIZE,)
    obs, reward, _, truncated, info = env.step(int(obs["action_mask"].nonzero()[0][0]))
    assert not truncated and isinstance(reward, float) and info["seat"] == 2


def test_pettingzoo_global_state_is_every_seats_view_and_the_skat() -> None:
    """``env.state()`` is PettingZoo's hook for centralised critics (MAPPO, QMIX): it used to
    fail with "'GameState' object is not callable"."""
    from pettingzoo.test.state_test import test_state, test_state_space

    from skat.env import STATE_SIZE, encode, observation_of

    env = aec_env(rules="isko", illegal="random")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # every warning of PettingZoo's checks fails the test
        test_state_space(env)
        test_state(env, num_cycles=60)
    env.reset(seed=4)
    state = env.state()
    assert state.shape == (STATE_SIZE,) and env.state_space.contains(state)
    for seat in range(3):
        view = encode(observation_of(env.game.view(seat)))
        assert np.array_equal(state[seat * SIZE : (seat + 1) * SIZE], view)
    skat = {card.index for card in env.game.deal.skat}
    assert set(np.flatnonzero(state[3 * SIZE :]).tolist()) == skat


def test_the_aec_env_replaces_an_illegal_id_only_when_asked() -> None:
    env = aec_env(rules="isko")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        env.step(31)
    env = aec_env(rules="isko", illegal="random")
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(31)
    assert env.infos[agent] == {"illegal": True} and len(env.game.history) == 1
