"""The batch simulators as a Gymnasium VectorEnv and an SB3 VecEnv, checked with the libraries'
own wrappers and checkers (the SB3 half skips without stable-baselines3)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import VectorEnv
from gymnasium.wrappers.vector import DictInfoToList, NormalizeReward, RecordEpisodeStatistics

from skat.env.game_batch import GameBatch
from skat.env.vector import SkatVectorEnv


def _random(obs: dict[str, np.ndarray], rng: np.random.Generator) -> np.ndarray:
    return (rng.random(obs["action_mask"].shape) * obs["action_mask"]).argmax(axis=1)


@pytest.mark.parametrize("sim", ["game", "cardplay"])
def test_the_vector_env_keeps_gymnasiums_contract(sim: str) -> None:
    env = SkatVectorEnv(16, sim=sim, reward="seeger", seed=3)
    assert isinstance(env, VectorEnv) and env.num_envs == 16
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs) and info["seat"].shape == (16,)
    rng = np.random.default_rng(1)
    ends = 0
    for _ in range(80):
        actions = _random(obs, rng)
        assert env.action_space.contains(actions)
        acted = info["seat"]
        obs, reward, terminated, truncated, info = env.step(actions)
        assert env.observation_space.contains(obs)
        assert reward.shape == terminated.shape == truncated.shape == (16,)
        assert not truncated.any()
        assert np.array_equal(info["acted"], acted)
        rows = np.arange(16)
        assert np.array_equal(reward, np.where(terminated, info["rewards"][rows, acted], 0.0))
        assert not info["rewards"][~terminated].any()
        ends += int(terminated.sum())
    assert ends > 16


def test_a_seed_replays_the_same_games_and_arrays_are_not_reused() -> None:
    runs = []
    for _ in range(2):
        env = SkatVectorEnv(8, reward="list", seed=0)
        obs, _ = env.reset(seed=7)
        rng = np.random.default_rng(2)
        seen = [obs]
        for _ in range(40):
            obs, reward, terminated, _, _ = env.step(_random(obs, rng))
            seen.append((obs, reward, terminated))
        runs.append(seen)
        assert seen[0]["observation"] is not seen[1][0]["observation"]
    assert data_equivalence(runs[0], runs[1], exact=True)


def test_the_vector_env_pays_what_the_batch_pays() -> None:
    """The same seed: the vector env's info rewards are the batch's, scaled when asked."""
    from skat.env.rewards import reward_scale

    env = SkatVectorEnv(8, reward="list", scale=True, seed=5)
    batch = GameBatch(8, reward="list", seed=5)
    obs, _ = env.reset()
    batch.reset()
    rng = np.random.default_rng(4)
    scale = reward_scale(batch.rules, "list")
    for _ in range(60):
        actions = _random(obs, rng)
        obs, _, terminated, _, info = env.step(actions)
        _, _, _, paid, done = batch.step(actions)
        assert np.array_equal(terminated, done)
        assert np.allclose(info["rewards"], paid / scale)


def test_gymnasiums_vector_wrappers_run_on_it() -> None:
    """RecordEpisodeStatistics (same-step autoreset), NormalizeReward, DictInfoToList."""
    env = SkatVectorEnv(8, sim="cardplay", contract="G", reward="points", seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # e.g. a missing autoreset_mode tag
        wrapped = DictInfoToList(NormalizeReward(RecordEpisodeStatistics(env)))
    obs, infos = wrapped.reset(seed=1)
    assert isinstance(infos, list) and len(infos) == 8
    rng = np.random.default_rng(0)
    episodes = []
    for _ in range(31):
        obs, _, terminated, _, infos = wrapped.step(_random(obs, rng))
        episodes += [i["episode"] for i, t in zip(infos, terminated, strict=True) if t]
    assert len(episodes) == 8
    assert all(int(e["l"][()] if hasattr(e["l"], "shape") else e["l"]) == 30 for e in episodes)


def test_bad_vector_arguments_are_one_clear_error() -> None:
    with pytest.raises(ValueError, match="sim must be 'game' or 'cardplay'"):
        SkatVectorEnv(4, sim="aec")


def test_the_sb3_vecenv_passes_sb3s_checks_and_maskable_ppo_trains_on_it() -> None:
    pytest.importorskip("stable_baselines3", reason="stable-baselines3 is not installed")
    sb3_contrib = pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed")
    from sb3_contrib.common.maskable.utils import get_action_masks
    from stable_baselines3.common.vec_env import VecCheckNan, VecEnv, VecMonitor

    from skat.env.sb3 import SkatVecEnv

    env = SkatVecEnv(16, sim="cardplay", contract="G", reward="points_zero_sum", seed=2)
    assert isinstance(env, VecEnv)
    checked = VecMonitor(VecCheckNan(env, raise_exception=True))
    obs = checked.reset()
    assert env.observation_space.contains({k: v[0] for k, v in obs.items()})
    masks = get_action_masks(checked)
    assert masks.shape == (16, 644) and masks[:, :32].any(axis=1).all()
    rng = np.random.default_rng(0)
    episodes = 0
    for _ in range(35):
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        obs, reward, _, infos = checked.step(actions)
        masks = get_action_masks(checked)
        assert len(infos) == 16 and all(-1.0 <= r <= 1.0 for r in reward)
        episodes += sum("episode" in info for info in infos)
    assert episodes == 16  # VecMonitor saw every 30-card game end
    model = sb3_contrib.MaskablePPO(
        "MultiInputPolicy", env, n_steps=16, batch_size=64, n_epochs=1, seed=0
    )
    model.learn(total_timesteps=512)
    assert model.num_timesteps >= 512
