"""Environment steps per second through the PettingZoo AEC API with random legal actions.

Each step is what a training loop does: ``env.last()`` (the observation vector and the action
mask of the agent to move), a random legal action id from the mask, ``env.step(action)``.  The
steps of agents that are done (``step(None)``) are not counted.  One core.

    python bench/env.py --steps 200000
    python bench/env.py --steps 200000 --rules pub --reward seeger
    python bench/env.py --api batch --steps 200000     # BatchEnv, 64 games a batch
    python bench/env.py --api search --steps 200000    # SkatState: tensor, legal ids, apply

The last line is ``steps/s: X``.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from skat.env import BatchEnv, SkatGame, aec_env


def aec(steps: int, rules: str, reward: str, seed: int) -> tuple[float, int, int]:
    env = aec_env(rules=rules, reward=reward)
    env.reset(seed=seed)
    rng = random.Random(seed)
    done = games = 0
    start = time.perf_counter()
    while done < steps:
        for _agent in env.agent_iter():
            obs, _, terminated, _, _ = env.last()
            if terminated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            done += 1
        games += 1
        env.reset()
    return time.perf_counter() - start, done, games


def batch(steps: int, rules: str, reward: str, seed: int, n: int = 64) -> tuple[float, int, int]:
    env = BatchEnv(n, rules=rules, reward=reward, seed=seed)
    _, mask, _ = env.reset()
    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        actions = []
        for m in mask:
            legal = np.flatnonzero(m)
            actions.append(int(legal[rng.randrange(len(legal))]))
        _, mask, _, _, _ = env.step(actions)
        done += n
    return time.perf_counter() - start, done, env.games_finished


def search(steps: int, rules: str, reward: str, seed: int) -> tuple[float, int, int]:
    """The OpenSpiel-style state: per move the information-state tensor, the legal ids, apply
    (as ``bench/openspiel_skat.py --observe`` does for OpenSpiel); chance steps not counted."""
    game = SkatGame(rules=rules, reward=reward)
    rng = random.Random(seed)
    done = games = 0
    start = time.perf_counter()
    while done < steps:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            done += 1
        games += 1
    return time.perf_counter() - start, done, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000)
    parser.add_argument("--rules", default="isko")
    parser.add_argument("--reward", default="list")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--api", choices=("aec", "batch", "search"), default="aec")
    args = parser.parse_args()
    run = {"aec": aec, "batch": batch, "search": search}[args.api]
    seconds, steps, games = run(args.steps, args.rules, args.reward, args.seed)
    print(f"api: {args.api}, rules: {args.rules}, reward: {args.reward}")
    print(f"steps: {steps}, games: {games}, seconds: {seconds:.2f}")
    print(f"games/s: {games / seconds:,.0f}")
    print(f"steps/s: {steps / seconds:,.0f}")


if __name__ == "__main__":
    main()
