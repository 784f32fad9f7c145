"""What one move's broadcast costs the server: the state messages of a table's three seats
made and written as JSON (:func:`skat.server.protocol.state_message`, :func:`state_text`), for a
table in the middle of a game after ``--games`` games (random legal moves, seed 1).

    python bench/broadcast.py               # ms a broadcast (three seats), the best of 5 runs

Run it at two commits to compare (figures in docs/performance.md).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from skat.server.protocol import sheet_delta, state_message, state_text
from skat.server.table import Table, TableConfig


def table_after(games: int, moves: int, seed: int = 1) -> Table:
    """A table of three people after ``games`` games and ``moves`` moves of the next."""
    config = TableConfig.parse({"seats": ["human"] * 3, "games": 1000}, seed=seed)
    table = Table("bench", config, claims={0: "a", 1: "b", 2: "c"})
    rng = random.Random(seed)

    def step() -> None:
        player = table.to_move()
        assert player is not None and table.state is not None
        text = rng.choice([str(a) for a in table.state.legal_actions()])
        table.apply(player, table.check(player, text, table.counter, ""), "")

    while len(table.series.records) < games:
        step()
    for _ in range(moves):
        step()
    return table


def broadcast(table: Table) -> int:
    """The three seats' messages as the hub sends them (the sheet's new rows only)."""
    size = 0
    for player in (0, 1, 2):
        message = state_message(table, player, online=frozenset({0, 1, 2}))
        size += len(state_text(sheet_delta(message, len(message["series"]["rows"])), table))
    return size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=12, help="moves into the next game")
    parser.add_argument("--repeat", type=int, default=300, help="broadcasts a run")
    args = parser.parse_args()
    table = table_after(args.games, args.moves)
    runs = []
    for _ in range(5):
        began = time.perf_counter()
        for _ in range(args.repeat):
            size = broadcast(table)
        runs.append((time.perf_counter() - began) / args.repeat)
    print(f"a broadcast to three seats: {1000 * min(runs):.3f} ms (best of 5), {size} bytes")


if __name__ == "__main__":
    main()
