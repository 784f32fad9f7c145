"""Random games played up to the end of one phase, to measure each phase's share of
``bench/playouts.py`` (the same seeded games, the same random choices).

    python bench/phases.py --upto bidding --games 1000

``--upto deal`` only deals (and sets up the game state), ``bidding`` stops when the auction is
over, ``declaration`` when the card play begins, ``end`` plays the games out.  Run it under
``valgrind --tool=callgrind`` with ``--games 0`` and ``--games N``: the difference between two
phases, divided by N, is the instructions of one phase of one game (deterministic, unlike the
wall clock of a shared machine).  The last line is ``games/s: X``.
"""

from __future__ import annotations

import argparse
import random
import time

from skat.core import Deal, GameState

PHASES = ("deal", "bidding", "declaration", "end")


def play(games: int, seed: int, upto: str) -> float:
    """Play ``games`` random games up to the end of phase ``upto``; returns the seconds."""
    rng = random.Random(seed)
    choice = rng.choice
    start = time.perf_counter()
    for _ in range(games):
        state = GameState(Deal.random(rng))
        if upto == "deal":
            continue
        while not state.is_over:
            name = state.phase.name
            if (upto == "bidding" and name != "BIDDING") or (
                upto == "declaration" and name == "PLAY"
            ):
                break
            state.apply(choice(state.legal_actions()))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--upto", choices=PHASES, default="end")
    args = parser.parse_args()
    elapsed = play(args.games, args.seed, args.upto)
    print(f"games: {args.games}, up to: {args.upto}, seconds: {elapsed:.2f}")
    print(f"games/s: {args.games / max(elapsed, 1e-9):,.0f}")


if __name__ == "__main__":
    main()
