"""Every object of skat.env survives ``copy.deepcopy`` and ``pickle`` mid-episode, and the copy
plays on exactly as the original (process pools pickle environments, OpenSpiel clones states)."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
import pytest

from skat.core import GameState, Rules
from skat.env import BatchEnv, SkatGame, SkatGymEnv, aec_env, decode, encode, observation_of

COPIES: list[tuple[str, Callable[[Any], Any]]] = [
    ("deepcopy", copy.deepcopy),
    ("pickle", lambda x: pickle.loads(pickle.dumps(x))),
]


def _aec_run(env: Any, rng: random.Random, steps: int) -> list[Any]:
    seen = []
    for _ in range(steps):
        if all(env.terminations.values()):
            break
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        action = rng.choice(np.flatnonzero(mask).tolist())
        env.step(action)
        seen.append((agent, action, env.observe(agent)["observation"].tolist(), dict(env.rewards)))
    return seen


@pytest.mark.parametrize(("how", "clone"), COPIES)
def test_the_aec_env_copied_mid_game_plays_on_identically(
    how: str, clone: Callable[[Any], Any]
) -> None:
    env = aec_env(rules="isko,kontra=on", reward="list")
    env.reset(seed=3)
    _aec_run(env, random.Random(1), 25)
    twin = clone(env)
    assert twin.game is not env.game
    assert _aec_run(twin, random.Random(9), 60) == _aec_run(env, random.Random(9), 60)


def _gym_run(env: SkatGymEnv, rng: random.Random, steps: int) -> list[Any]:
    seen = []
    for _ in range(steps):
        if env.state.is_over:
            break
        action = rng.choice(np.flatnonzero(env.action_masks()).tolist())
        obs, reward, done, _, _ = env.step(action)
        seen.append((action, obs["observation"].tolist(), reward, done))
    return seen


@pytest.mark.parametrize(("how", "clone"), COPIES)
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_the_gym_env_copied_mid_game_plays_on_identically(
    how: str, clone: Callable[[Any], Any], opponents: str
) -> None:
    env = SkatGymEnv(rules="isko", seat=None, opponents=opponents)
    env.reset(seed=5)
    _gym_run(env, random.Random(2), 4)
    twin = clone(env)
    assert twin.state is not env.state and twin.state.history == env.state.history
    assert _gym_run(twin, random.Random(7), 40) == _gym_run(env, random.Random(7), 40)


@pytest.mark.parametrize(("how", "clone"), COPIES)
def test_the_batch_env_copied_mid_episode_plays_on_identically(
    how: str, clone: Callable[[Any], Any]
) -> None:
    env = BatchEnv(4, rules="isko", seed=11)
    env.reset()
    rng = random.Random(4)

    def run(batch: BatchEnv, steps: int) -> list[Any]:
        out = []
        for _ in range(steps):
            actions = [rng.choice(np.flatnonzero(m).tolist()) for m in batch.mask]
            obs, mask, to_move, paid, done = batch.step(actions)
            out.append(
                (
                    actions,
                    obs.tolist(),
                    mask.tolist(),
                    to_move.tolist(),
                    paid.tolist(),
                    done.tolist(),
                )
            )
        return out

    run(env, 30)  # some games finish and are dealt again from the batch's own generators
    twin = clone(env)
    assert twin.states[0] is not env.states[0]
    state = rng.getstate()
    first = run(twin, 80)
    rng.setstate(state)
    assert first == run(env, 80)


def _search_run(state: Any, rng: random.Random) -> list[Any]:
    seen = []
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        seen.append((state.current_player(), action, list(state.information_state_tensor(0))))
    seen.append(state.returns())
    return seen


@pytest.mark.parametrize(("how", "clone"), COPIES)
def test_skat_game_and_state_copied_mid_game_play_on_identically(
    how: str, clone: Callable[[Any], Any]
) -> None:
    game = SkatGame(rules="isko")
    state = game.new_initial_state()
    rng = random.Random(6)
    for _ in range(32 + 12):  # the deal, then the auction and into the play
        state.apply_action(rng.choice(state.legal_actions()))
    twin = clone(state)
    assert (
        clone(game).new_initial_state().legal_actions() == game.new_initial_state().legal_actions()
    )
    assert str(twin) == str(state)
    assert _search_run(twin, random.Random(3)) == _search_run(state, random.Random(3))
    assert state.is_terminal() and twin.is_terminal()


@pytest.mark.parametrize(("how", "clone"), COPIES)
def test_an_observation_survives_copying(how: str, clone: Callable[[Any], Any]) -> None:
    env = aec_env(rules="isko")
    env.reset(seed=1)
    _aec_run(env, random.Random(5), 20)
    seen = observation_of(env.game.view(env.game.to_move))
    again = clone(seen)
    assert again == seen
    assert decode(clone(env.observe(env.agent_selection)["observation"])) == decode(
        env.observe(env.agent_selection)["observation"]
    )


def _engine_run(state: GameState, rng: random.Random) -> list[Any]:
    """Random actions to the end; at each step the observation vector of every seat."""
    seen = []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        seen.append(
            (str(action), [encode(observation_of(state.view(s))).tolist() for s in range(3)])
        )
    seen.append(state.result.seat_scores if state.result is not None else None)
    return seen


@pytest.mark.parametrize(("how", "clone"), COPIES)
@pytest.mark.parametrize("rules", ["isko", "isko,ramsch=schieberamsch,kontra=on,spitze=on"])
def test_a_deal_and_a_game_state_copied_mid_game_play_on_identically(
    how: str, clone: Callable[[Any], Any], rules: str
) -> None:
    rng = random.Random(14)
    state = GameState(seed=14, rules=Rules.parse(rules))
    for _ in range(9):
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_over
    deal = clone(state.deal)
    assert deal == state.deal and deal.hand_masks == state.deal.hand_masks
    assert GameState(deal, state.rules).view(0) == GameState(state.deal, state.rules).view(0)
    twin = clone(state)
    assert twin is not state and twin.history == state.history
    assert [twin.view(s) for s in range(3)] == [state.view(s) for s in range(3)]
    assert _engine_run(twin, random.Random(8)) == _engine_run(state, random.Random(8))


@pytest.mark.parametrize(("how", "clone"), COPIES)
def test_a_skat_state_copied_while_dealing_deals_on_identically(
    how: str, clone: Callable[[Any], Any]
) -> None:
    state = SkatGame(rules="pub").new_initial_state()
    for card in (5, 17, 30):
        state.apply_action(card)
    twin = clone(state)
    assert twin.chance_outcomes() == state.chance_outcomes() and twin.history() == state.history()
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(29):
        a = rng_a.choice(twin.legal_actions())
        twin.apply_action(a)
        state.apply_action(rng_b.choice(state.legal_actions()))
    assert twin.information_state_string(2) == state.information_state_string(2)
    assert _search_run(twin, random.Random(4)) == _search_run(state, random.Random(4))


def _play_out_in_a_worker(env: Any) -> tuple[list[Any], Any]:
    """Runs in another process: the pickled env plays on; returns what it saw and the env."""
    return _aec_run(env, random.Random(9), 400), env


def test_environments_sent_to_a_process_pool_play_on_as_at_home() -> None:
    envs = []
    for seed in range(3):
        env = aec_env(rules="isko,kontra=on", reward="seeger")
        env.reset(seed=seed)
        _aec_run(env, random.Random(seed), 10)
        envs.append(env)
    with ProcessPoolExecutor(max_workers=2) as pool:
        remote = list(pool.map(_play_out_in_a_worker, envs))
    for env, (seen, back) in zip(envs, remote, strict=True):
        assert seen == _aec_run(env, random.Random(9), 400)
        assert back.game.is_over and back.final_rewards == env.final_rewards
