"""Train a small numpy policy for one seat against random opponents (REINFORCE, no GPU).

A linear softmax policy over the observation vector, restricted to the legal actions by the
mask, learns from whole games through the Gymnasium wrapper (``skat.env.SkatGymEnv``) with the
list score as reward.  Against random opponents the first lesson comes fast: random bidding
overbids and loses, so the policy learns when to pass and what to declare.

    python examples/train_linear.py --episodes 3000

Prints the mean reward of every block of episodes, then the mean of a random policy on the same
deals for comparison; the last line is ``trained: X, random: Y`` (mean list score a game).
"""

from __future__ import annotations

import argparse

import numpy as np

from skat.env import NUM_ACTIONS, SIZE, SkatGymEnv


class LinearPolicy:
    """Softmax over ``W @ x`` for the legal actions."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.w = np.zeros((NUM_ACTIONS, SIZE), dtype=np.float32)
        self.b = np.zeros(NUM_ACTIONS, dtype=np.float32)
        self.rng = rng

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        logits = self.w[legal] @ x + self.b[legal]
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def act(self, x: np.ndarray, legal: np.ndarray) -> tuple[int, np.ndarray]:
        p = self.probabilities(x, legal)
        k = int(self.rng.choice(len(legal), p=p))
        return k, p

    def update(
        self,
        steps: list[tuple[np.ndarray, np.ndarray, int, np.ndarray]],
        advantage: float,
        lr: float,
    ) -> None:
        for x, legal, k, p in steps:
            grad = -p
            grad[k] += 1.0
            self.w[legal] += (lr * advantage) * np.outer(grad, x)
            self.b[legal] += (lr * advantage) * grad


def play(env: SkatGymEnv, policy: LinearPolicy | None, seed: int, rng: np.random.Generator):  # type: ignore[no-untyped-def]
    obs, _ = env.reset(seed=seed)
    steps = []
    total = 0.0
    terminated = False
    while not terminated:
        legal = np.flatnonzero(obs["action_mask"])
        if policy is None:
            k, p = int(rng.integers(len(legal))), np.full(len(legal), 1 / len(legal))
        else:
            k, p = policy.act(obs["observation"], legal)
        steps.append((obs["observation"], legal, k, p))
        obs, reward, terminated, _, _ = env.step(int(legal[k]))
        total += reward
    return steps, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--block", type=int, default=500)
    parser.add_argument("--lr", type=float, default=0.001)
    parser.add_argument("--rules", default="isko")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    env = SkatGymEnv(rules=args.rules, reward="list", seat=None, opponents="random")
    policy = LinearPolicy(rng)
    baseline = 0.0
    block: list[float] = []
    for episode in range(args.episodes):
        steps, total = play(env, policy, args.seed * 1_000_000 + episode, rng)
        baseline += 0.01 * (total - baseline)
        policy.update(steps, (total - baseline) / 100.0, args.lr)
        block.append(total)
        if len(block) == args.block or episode == args.episodes - 1:
            print(
                f"episodes {episode + 1 - len(block) + 1}-{episode + 1}: mean reward {np.mean(block):+.1f}"
            )
            block = []
    evaluation = max(200, args.block)
    seeds = [10**9 + k for k in range(evaluation)]
    trained = np.mean([play(env, policy, s, rng)[1] for s in seeds])
    randomly = np.mean([play(env, None, s, rng)[1] for s in seeds])
    print(f"trained: {trained:+.1f}, random: {randomly:+.1f}")


if __name__ == "__main__":
    main()
