"""Training data for the belief model (skat.ai.belief) from heuristic self-play.

Plays ``--games`` self-play games of :class:`skat.ai.heuristic.HeuristicAgent` at all three
seats (the deals of ``skat selfplay --seed SEED``: :func:`skat.ai.selfplay.selfplay_deal`)
and keeps, for every card decision of a declared game (a sampled ``--keep`` share of them),
the seat's view as features and the true place of every hidden card.  Writes an npz:
``masks`` (uint32, [N, 11]), ``rest`` (float16, [N, 43]), ``label`` (int8, [N, 32]: 0 left
opponent, 1 right opponent, 2 skat, -1 not hidden), ``game`` (int32: the deal index).

    nice -n 10 python scripts/belief_data.py --games 60000 --seed 1 --jobs 2 --out train.npz
"""

from __future__ import annotations

import argparse
import random
import sys
from multiprocessing import Pool

import numpy as np

from skat.ai.arena import agent_seed
from skat.ai.belief import feature_parts, labels
from skat.ai.heuristic import HeuristicAgent
from skat.ai.selfplay import selfplay_deal
from skat.core.knowledge import Knowledge
from skat.core.state import GameState, Phase

Rows = tuple[list[list[int]], list[list[float]], list[np.ndarray], list[int]]


def game_rows(seed: int, index: int, keep: float) -> Rows:
    """The kept card decisions of self-play game ``index``."""
    state = GameState(selfplay_deal(seed, index))
    agents = [HeuristicAgent(agent_seed(seed, index, 0, s)) for s in range(3)]
    pick = random.Random(f"belief-data:{seed}:{index}")
    masks: list[list[int]] = []
    rests: list[list[float]] = []
    labs: list[np.ndarray] = []
    while not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        if (
            view.phase == Phase.PLAY
            and view.contract is not None
            and view.declarer is not None
            and pick.random() < keep
        ):
            know = Knowledge(view)
            if know.hidden:
                m, r = feature_parts(view, know)
                slots = (*(state.hand(s).mask for s in range(3)), state.skat.mask)
                masks.append(m)
                rests.append(r)
                labs.append(labels(know, slots))
        state.apply(agents[seat].choose(view))
    return masks, rests, labs, [index] * len(masks)


def _chunk(args: tuple[int, int, int, float]) -> Rows:
    seed, start, stop, keep = args
    out: Rows = ([], [], [], [])
    for i in range(start, stop):
        rows = game_rows(seed, i, keep)
        for acc, part in zip(out, rows, strict=True):
            acc.extend(part)  # type: ignore[attr-defined]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", type=float, default=0.35, help="share of card decisions kept")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", required=True)
    a = ap.parse_args(argv)
    step = 500
    tasks = [(a.seed, i, min(i + step, a.games), a.keep) for i in range(0, a.games, step)]
    masks: list[list[int]] = []
    rests: list[list[float]] = []
    labs: list[np.ndarray] = []
    games: list[int] = []
    with Pool(a.jobs) as pool:
        for m, r, lab, g in pool.imap(_chunk, tasks):
            masks += m
            rests += r
            labs += lab
            games += g
            print(f"{len(games)} positions", file=sys.stderr, flush=True)
    np.savez_compressed(
        a.out,
        masks=np.array(masks, dtype=np.uint32),
        rest=np.array(rests, dtype=np.float16),
        label=np.array(labs, dtype=np.int8),
        game=np.array(games, dtype=np.int32),
    )
    print(f"{a.out}: {len(games)} positions from {a.games} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
