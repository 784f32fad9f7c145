"""How well the PIMC player's samples place the hidden cards: over positions of the first
tricks of seeded heuristic games, the share of hidden cards each sample puts where they really
are (declarer's and defenders' views apart), with and without inference.

    python bench/inference.py --games 300 --samples 40 --seed 1

Higher is better; uniform sampling sets the floor.  Prints one line per viewpoint and mode.
"""

from __future__ import annotations

import argparse
import random
import time

from skat.ai.arena import play_game
from skat.ai.heuristic import HeuristicAgent
from skat.ai.pimc import sample_deals
from skat.core import GameState, Phase
from skat.core.contracts import NULL
from skat.core.knowledge import Knowledge


def positions(games: int, seed: int, tricks: int) -> list[tuple[GameState, int]]:
    """(state, seat) at the first card of each of the first ``tricks`` tricks, every seat."""
    out = []
    agents = [HeuristicAgent()] * 3
    for g in range(games):
        final = play_game(GameState(seed=seed * 100_000 + g), agents)
        if final.contract is None or final.contract.game_type == NULL or final.contract.ouvert:
            continue
        replay = GameState(final.deal, final.rules)
        for ev in final.history:
            if (
                replay.phase == Phase.PLAY
                and not replay.current_trick
                and len(replay.tricks) < tricks
            ):
                out.append((replay.copy(), replay.to_move))
            replay.apply(ev.action, ev.seat)
    return out


def accuracy(state: GameState, seat: int, n: int, rng: random.Random, infer: bool) -> float:
    view = state.view(seat)
    know = Knowledge(view)
    truth = [state.hand(s).mask for s in range(3)]
    truth.append(state.skat.mask)
    hidden = know.hidden
    if not hidden:
        return 1.0
    right = 0
    samples = sample_deals(view, n, rng, infer=infer)
    for smp in samples:
        slots = (*smp.hands, smp.skat)
        for s in range(4):
            if s == seat:
                continue
            right += (slots[s] & truth[s] & hidden).bit_count()
    return right / (hidden.bit_count() * len(samples))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--tricks", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pos = positions(args.games, args.seed, args.tricks)
    for infer in (False, True):
        for role in ("declarer", "defender"):
            rng = random.Random(args.seed)
            acc = []
            start = time.perf_counter()
            for state, seat in pos:
                if (seat == state.declarer) != (role == "declarer"):
                    continue
                acc.append(accuracy(state, seat, args.samples, rng, infer))
            ms = (time.perf_counter() - start) * 1000 / max(1, len(acc))
            mode = "inferred" if infer else "uniform "
            print(
                f"{mode} {role:9} positions {len(acc):5}  cards placed right "
                f"{100 * sum(acc) / len(acc):5.2f} %  ({ms:.1f} ms per {args.samples} samples)"
            )


if __name__ == "__main__":
    main()
