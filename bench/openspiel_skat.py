"""Reference figure: OpenSpiel's (simplified) C++ skat driven from a Python loop.

Not part of the project's dependencies; run it in a separate venv that has ``open_spiel``:

    python -m venv /tmp/os && /tmp/os/bin/pip install open_spiel
    /tmp/os/bin/python bench/openspiel_skat.py --games 20000

Random legal actions and random chance outcomes, one core; the last line is ``games/s: X``.
With ``--observe`` each decision also reads the observation tensor and the legal-actions mask,
as a learning loop does (compare ``bench/env.py``); ``decisions/s`` counts player moves only.
"""

from __future__ import annotations

import argparse
import random
import sys
import time


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--observe", action="store_true", help="read the observation each move")
    args = parser.parse_args(argv)
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        print(
            "openspiel_skat: needs open_spiel, which is not a dependency of skat: run it in its "
            "own venv (pip install open_spiel)",
            file=sys.stderr,
        )
        return 2
    game = pyspiel.load_game("skat")
    rng = random.Random(args.seed)
    actions = decisions = 0
    observe = args.observe
    start = time.perf_counter()
    for _ in range(args.games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                if observe:
                    state.observation_tensor()
                    state.legal_actions_mask()
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            actions += 1
    elapsed = time.perf_counter() - start
    print(f"games: {args.games}, actions: {actions}, seconds: {elapsed:.2f}")
    print(f"actions/s: {actions / elapsed:,.0f}")
    print(f"decisions/s: {decisions / elapsed:,.0f} ({decisions / args.games:.1f} a game)")
    print(f"games/s: {args.games / elapsed:,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
