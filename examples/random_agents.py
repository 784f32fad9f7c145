"""Three random agents play full games of Skat through the PettingZoo AEC API.

    python examples/random_agents.py --games 5 --rules pub --reward list

Prints each game's result (in English) and every seat's total reward.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

from skat.env import aec_env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--rules", default="pub")
    parser.add_argument("--reward", default="list", choices=("list", "seeger", "points"))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    env = aec_env(rules=args.rules, reward=args.reward)
    rng = random.Random(args.seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    env.reset(seed=args.seed)
    for game in range(args.games):
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _info = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
        result = env.game.result
        print(f"game {game + 1}: {result.explain('en') if result else 'no result'}")
        env.reset()
    print("totals: " + ", ".join(f"{a} {v:+g}" for a, v in totals.items()))


if __name__ == "__main__":
    main()
