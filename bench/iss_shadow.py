"""Stress the ISS client's shadow game (``skat.iss.shadow``) over many random games.

Each game is played by random legal moves under the ``iss`` rules; while a claim or a
resignation is open, one comes with probability ``--ending`` at each move.  Every seat's
shadow is told the game the way the ISS server tells it (``skat.iss.codes.event_moves``);
after each move the shadow must give its seat the real game's hand and legal moves, and end
when the game ends.  Failures are printed with the seed (a regression test can replay it).

    python bench/iss_shadow.py --games 1000 --ending 0.1

The last line is ``games: N, failures: F``.
"""

from __future__ import annotations

import argparse
import random

from skat.core import CardSet, GameState
from skat.core.rules import ISS
from skat.iss.codes import event_moves, events_done
from skat.iss.shadow import Shadow


def _differs(game: GameState, shadow: Shadow, seat: int) -> str | None:
    if shadow.state.is_over != game.is_over:
        return "the shadow's game is over when the real one is not, or the other way"
    if game.is_over:
        return None
    if shadow.view().hand != game.view(seat).hand:
        return "another hand"
    if set(shadow.view().legal_actions) != set(game.view(seat).legal_actions):
        return "other legal moves"
    return None


def play(seed: int, ending: float) -> str | None:
    """One game; what went wrong, or ``None``."""
    rng = random.Random(seed)
    game = GameState(seed=seed, rules=ISS)
    shadows = [
        Shadow(s, CardSet(game.deal.hand_masks[s]), ISS, seed=seed * 7 + s) for s in range(3)
    ]
    told = [0, 0, 0]
    while not game.is_over:
        endings = [(a, s) for s in range(3) for a in game.end_actions(s)]
        if endings and rng.random() < ending:
            action, seat = rng.choice(endings)
            game.apply(action, seat)
        else:
            game.apply(rng.choice(game.legal_actions()))
        for s, shadow in enumerate(shadows):
            for who, move in event_moves(game, told[s], s):
                try:
                    shadow.told(who, move)
                except ValueError as exc:
                    return f"seat {s} told {who} {move}: {exc}"
            told[s] = events_done(game, told[s])
            if told[s] == len(game.history):
                wrong = _differs(game, shadow, s)
                if wrong:
                    return f"seat {s} after {len(game.history)} moves: {wrong}"
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--ending", type=float, default=0.1)
    args = parser.parse_args()
    failures = 0
    for seed in range(args.first, args.first + args.games):
        wrong = play(seed, args.ending)
        if wrong:
            failures += 1
            print(f"seed {seed}: {wrong}", flush=True)
    print(f"games: {args.games}, failures: {failures}")


if __name__ == "__main__":
    main()
