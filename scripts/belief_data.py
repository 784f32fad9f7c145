"""Training data for the belief model (skat.ai.belief) from heuristic self-play or records.

Plays ``--games`` self-play games of :class:`skat.ai.heuristic.HeuristicAgent` at all three
seats (the deals of ``skat selfplay --seed SEED``: :func:`skat.ai.selfplay.selfplay_deal`)
and keeps, for every card decision of a declared game (a sampled ``--keep`` share of them),
the seat's view as features and the true place of every hidden card.  With ``--records
FILE...`` it reads the games instead from game records: ISS records (``.sgf``, ``.sgf.bz2``,
as the International Skat Server archives them) or files of JSON records (``skat arena
--out``, ``skat selfplay``, saved games), so the model can learn from the play of stronger
players or of people; records that are not three-player Skat games with all 32 cards are
skipped and counted.  Writes an npz:
``masks`` (uint32, [N, 11]), ``rest`` (float16, [N, 43]), ``label`` (int8, [N, 32]: 0 left
opponent, 1 right opponent, 2 skat, -1 not hidden), ``game`` (int32: the deal index).

    nice -n 10 python scripts/belief_data.py --games 60000 --seed 1 --jobs 2 --out train.npz
    python scripts/belief_data.py --records arena.jsonl games.sgf.bz2 --out records.npz
"""

from __future__ import annotations

import argparse
import random
import sys
from multiprocessing import Pool

import numpy as np

from skat.ai.arena import agent_seed
from skat.ai.belief import MASKS, feature_parts, labels
from skat.ai.heuristic import HeuristicAgent
from skat.ai.selfplay import selfplay_deal
from skat.core.cards import Card
from skat.core.knowledge import Knowledge
from skat.core.state import GameState, Phase, View
from skat.records.iss import RecordError, open_text, read_iss
from skat.records.jsonrecord import load_json, split_json
from skat.records.replay import ReplayError, replay

Rows = tuple[list[list[int]], list[list[float]], list[np.ndarray], list[int]]


def game_rows(seed: int, index: int, keep: float) -> Rows:
    """The kept card decisions of self-play game ``index``."""
    state = GameState(selfplay_deal(seed, index))
    agents = [HeuristicAgent(agent_seed(seed, index, 0, s)) for s in range(3)]
    pick = random.Random(f"belief-data:{seed}:{index}")
    rows: Rows = ([], [], [], [])
    while not state.is_over:
        seat = state.to_move
        view = state.view(seat)
        if (
            view.phase == Phase.PLAY
            and view.contract is not None
            and view.declarer is not None
            and pick.random() < keep
        ):
            add_row(rows, state, view, index)
        state.apply(agents[seat].choose(view))
    return rows


def record_rows(state: GameState, index: int, keep: float) -> Rows:
    """The kept card decisions of a recorded game (its final ``state``), replayed anew."""
    game = GameState(state.deal, state.rules)
    pick = random.Random(f"belief-records:{index}")
    rows: Rows = ([], [], [], [])
    for event in state.history:
        if game.is_over:
            break
        if game.phase == Phase.PLAY and isinstance(event.action, Card) and pick.random() < keep:
            view = game.view(event.seat)
            if view.contract is not None and view.declarer is not None:
                add_row(rows, game, view, index)
        game.apply(event.action, event.seat)
    return rows


def add_row(rows: Rows, state: GameState, view: View, index: int) -> None:
    """The features of ``view`` and the true places of its hidden cards (none: no row)."""
    know = Knowledge(view)
    if know.hidden:
        m, r = feature_parts(view, know)
        slots = (*(state.hand(s).mask for s in range(3)), state.skat.mask)
        rows[0].append(m)
        rows[1].append(r)
        rows[2].append(labels(know, slots))
        rows[3].append(index)


def recorded_games(paths: list[str]) -> tuple[list[GameState], int]:
    """The finished three-player Skat games of the record files, and how many records were
    skipped (other games, hidden cards, records that do not replay)."""
    games: list[GameState] = []
    skipped = 0
    for path in paths:
        if path.endswith((".sgf", ".sgf.bz2")):
            for rec in read_iss(path):
                try:
                    if isinstance(rec, RecordError):
                        raise ReplayError(str(rec))
                    games.append(replay(rec).state)
                except ReplayError:
                    skipped += 1
            continue
        with open_text(path) as stream:
            for _, text in split_json(stream):
                try:
                    state = load_json(text, check_result=False).state
                except ValueError:
                    skipped += 1
                    continue
                if isinstance(state, GameState):
                    games.append(state)
                else:
                    skipped += 1
    return games, skipped


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
    ap.add_argument("--records", nargs="+", metavar="FILE", help="games from record files")
    a = ap.parse_args(argv)
    if a.records:
        return from_records(a.records, a.keep, a.out)
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
    save(a.out, (masks, rests, labs, games))
    print(f"{a.out}: {len(games)} positions from {a.games} games")
    return 0


def save(path: str, rows: Rows) -> None:
    masks, rests, labs, games = rows
    np.savez_compressed(
        path,
        masks=np.array(masks, dtype=np.uint32).reshape(len(masks), MASKS),
        rest=np.array(rests, dtype=np.float16).reshape(len(rests), -1),
        label=np.array(labs, dtype=np.int8).reshape(len(labs), 32),
        game=np.array(games, dtype=np.int32),
    )


def from_records(paths: list[str], keep: float, out: str) -> int:
    """``--records``: the rows of every recorded game."""
    try:
        games, skipped = recorded_games(paths)
    except (OSError, EOFError) as exc:
        print(f"belief_data: {exc}", file=sys.stderr)
        return 2
    rows: Rows = ([], [], [], [])
    for index, state in enumerate(games):
        for acc, part in zip(rows, record_rows(state, index, keep), strict=True):
            acc.extend(part)  # type: ignore[attr-defined]
    if not rows[3]:
        print(
            f"belief_data: no card decision of a declared game in {len(games)} games "
            f"({skipped} records skipped)",
            file=sys.stderr,
        )
        return 2
    save(out, rows)
    print(f"{out}: {len(rows[3])} positions from {len(games)} games ({skipped} records skipped)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
