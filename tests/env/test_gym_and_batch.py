"""The Gymnasium single-agent wrapper and the batch of games."""

from __future__ import annotations

import numpy as np
import pytest

from skat.ai.heuristic import HeuristicAgent
from skat.env import BatchEnv, SkatGymEnv, action_id, encode, observation_of, rewards


def _episode(env: SkatGymEnv, seed: int) -> tuple[list[int], float]:
    obs, info = env.reset(seed=seed)
    taken = []
    total = 0.0
    terminated = False
    rng = np.random.default_rng(seed)
    while not terminated:
        assert np.array_equal(info["action_mask"], obs["action_mask"])
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        legal = np.flatnonzero(obs["action_mask"])
        assert set(legal.tolist()) == {action_id(a) for a in env.state.legal_actions()}
        assert env.state.to_move == env.seat
        view = env.state.view(env.seat)
        assert np.array_equal(obs["observation"], encode(observation_of(view)))
        action = int(rng.choice(legal))
        taken.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        assert not truncated
    return taken, total


def test_the_learning_seat_moves_and_gets_its_reward() -> None:
    for seat in range(3):
        env = SkatGymEnv(rules="pub", reward="seeger", seat=seat, opponents="heuristic")
        for seed in range(5):
            _, total = _episode(env, seed)
            assert env.state.result is not None
            assert total == rewards(env.state.result, "seeger")[seat]


def test_a_seed_replays_the_same_game() -> None:
    a = SkatGymEnv(rules="isko", seat=None, opponents=["random", "heuristic"])
    b = SkatGymEnv(rules="isko", seat=None, opponents=["random", "heuristic"])
    for seed in range(5):
        assert _episode(a, seed) == _episode(b, seed)
        assert a.state.history == b.state.history


def test_opponents_can_be_agents() -> None:
    env = SkatGymEnv(opponents=[HeuristicAgent(1), HeuristicAgent(2)], seat=2)
    _episode(env, 3)
    assert env.state.is_over


def test_bad_wrapper_arguments_are_one_clear_error() -> None:
    with pytest.raises(ValueError, match="seat must be 0, 1, 2 or None"):
        SkatGymEnv(seat=3)
    with pytest.raises(ValueError, match="two opponents are needed, got 1"):
        SkatGymEnv(opponents=["random"])
    with pytest.raises(ValueError, match="unknown agent 'nobody'"):
        SkatGymEnv(opponents="nobody")
    env = SkatGymEnv()
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"action 31 \(play CJ\) is not legal now"):
        env.step(31)


def _run_batch(seed: int, steps: int) -> list[np.ndarray]:
    batch = BatchEnv(3, rules="pub", reward="list", seed=seed)
    _, mask, _ = batch.reset()
    rng = np.random.default_rng(0)
    out = []
    for _ in range(steps):
        actions = [int(rng.choice(np.flatnonzero(m))) for m in mask]
        obs, mask, _to_move, paid, done = batch.step(actions)
        out.append(obs.copy())
        assert not paid[~done].any()  # only a finished game pays
    return out


def test_the_batch_is_reproducible_and_resets_finished_games() -> None:
    a, b = _run_batch(4, 120), _run_batch(4, 120)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    batch = BatchEnv(2, seed=1)
    _, mask, _ = batch.reset()
    rng = np.random.default_rng(1)
    while batch.games_finished < 6:
        actions = [int(rng.choice(np.flatnonzero(m))) for m in mask]
        _obs, mask, to_move, _paid, done = batch.step(actions)
        for i in np.flatnonzero(done):
            assert batch.states[i].history == []  # a fresh deal
            assert to_move[i] == 1  # Middlehand bids first


def test_the_batch_rows_are_the_seat_to_moves_observation() -> None:
    batch = BatchEnv(2, rules="isko", seed=3)
    obs, mask, to_move = batch.reset()
    rng = np.random.default_rng(2)
    for _ in range(60):
        for i in range(2):
            state = batch.states[i]
            assert np.array_equal(obs[i], encode(observation_of(state.view(int(to_move[i])))))
            assert set(np.flatnonzero(mask[i]).tolist()) == {
                action_id(a) for a in state.legal_actions()
            }
        obs, mask, to_move, _, _ = batch.step([int(rng.choice(np.flatnonzero(m))) for m in mask])
    with pytest.raises(ValueError, match="game 0: action 639"):
        batch.step([639, 639])


def test_the_wrapper_runs_in_a_gymnasium_vector_env() -> None:
    import gymnasium

    envs = gymnasium.vector.SyncVectorEnv([lambda: SkatGymEnv(rules="pub") for _ in range(3)])
    obs, _ = envs.reset(seed=1)
    assert obs["observation"].shape == (3, 2083) and obs["action_mask"].shape == (3, 644)
    finished = 0
    for _ in range(200):
        # a finished game's mask is empty; the next step resets it and ignores the action
        actions = [int(np.flatnonzero(m)[-1]) if m.any() else 0 for m in obs["action_mask"]]
        obs, _, terminated, _, _ = envs.step(np.array(actions))
        finished += int(terminated.sum())
    assert finished > 3
    envs.close()


def test_scaled_rewards_are_the_rewards_over_the_schemes_largest_magnitude() -> None:
    """The SB3 snippet of docs/env.md passes ``scale=True``: list rewards of up to 540 would
    swamp a value function's gradient."""
    from skat.env.rewards import reward_scale

    plain = SkatGymEnv(rules="isko", reward="list", seat=0, opponents="heuristic")
    scaled = SkatGymEnv(rules="isko", reward="list", seat=0, opponents="heuristic", scale=True)
    seen = []
    for seed in range(12):
        for env in (plain, scaled):
            obs, _ = env.reset(seed=seed)
            done = False
            while not done:
                obs, reward, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert plain.state.result is not None
        expected = rewards(plain.state.result, "list")[0] / reward_scale(plain.rules, "list")
        assert reward == pytest.approx(expected) and -1.0 <= reward <= 1.0
        seen.append(reward)
    assert any(r != 0 for r in seen)
