"""Random complete games through the public API on one core.

Each game: a seeded deal, random legal bids and passes, skat or Hand, a random legal
declaration, the ten tricks (or fewer when the game ends early), the result.

    python bench/playouts.py --games 20000

The last line is ``games/s: X``.
"""

from __future__ import annotations

import argparse
import random
import time

from skat.core import Deal, GameState


def play(games: int, seed: int) -> tuple[float, int, int]:
    rng = random.Random(seed)
    choice = rng.choice
    actions = 0
    passed = 0
    start = time.perf_counter()
    for _ in range(games):
        state = GameState(Deal.random(rng))
        while not state.is_over:
            state.apply(choice(state.legal_actions()))
            actions += 1
        result = state.result
        if result is None or result.passed:
            passed += 1
    return time.perf_counter() - start, actions, passed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    play(min(args.games, 500), args.seed + 1)  # warm up
    elapsed, actions, passed = play(args.games, args.seed)
    print(f"games: {args.games}, actions: {actions}, passed in: {passed}, seconds: {elapsed:.2f}")
    print(f"actions/s: {actions / elapsed:,.0f}")
    print(f"games/s: {args.games / elapsed:,.0f}")


if __name__ == "__main__":
    main()
