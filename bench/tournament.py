"""Seating and standings of a large tournament (default 1,000 players, 2 series of 48/36 games).

Random legal lists are made first (not timed): at each table every game a random declarer
who is not sitting out, a random game and one of the values the core allows for it.  Timed:
seating series 1 by lot (a third of the players in teams of four, kept apart), the standings
after series 1 (every list checked and scored), seating series 2 by standings, and the overall
standings with team rankings.

    python bench/tournament.py --players 1000

The last line is ``total: X s (CPU Y s)``: wall clock and this process's CPU time.
"""

from __future__ import annotations

import argparse
import random
import time

from skat.core import Contract, Rules
from skat.series import SeatingOrder
from skat.tournament import (
    Format,
    GameEntry,
    Player,
    TableList,
    Tournament,
    group_standings,
    outcomes,
    seat_by_lot,
    seat_by_standings,
    standings,
)


def _players(n: int) -> tuple[Player, ...]:
    teamed = n // 3 // 4 * 4
    return tuple(Player(f"P{i:04d}", team=f"T{i // 4}" if i < teamed else "") for i in range(n))


def _lists(t: Tournament, series: int, rng: random.Random) -> Tournament:
    rules = Rules.parse(t.rules)
    contracts = [c for c in Contract.all() if not c.ouvert or c.game_type == 5]
    for table in t.round(series).seating.tables:
        order = SeatingOrder(table.players)
        games = []
        for g in range(t.format.games(len(table.players))):
            if rng.random() < 0.05:
                games.append(GameEntry(None))
                continue
            seats = order.seats(g % len(table.players))
            who = table.players[rng.choice(seats)]
            c = rng.choice(contracts)
            won, value = rng.choice(sorted(outcomes(c, rules)))
            games.append(GameEntry(who, c.code, won, value))
        t = t.with_list(TableList(series, table.number, table.players, tuple(games)))
    return t


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    t = Tournament("Bench", _players(args.players), Format(series=2))
    timings: dict[str, float] = {}
    cpus: dict[str, float] = {}

    start = time.perf_counter()
    cpu = time.process_time()
    t = t.with_seating(1, seat_by_lot(t.players, seed=args.seed))
    timings["seat series 1 by lot"] = time.perf_counter() - start
    cpus["seat series 1 by lot"] = time.process_time() - cpu
    t = _lists(t, 1, rng)

    start = time.perf_counter()
    cpu = time.process_time()
    ranked = [s.name for s in standings(t).rows]
    timings["standings after series 1"] = time.perf_counter() - start
    cpus["standings after series 1"] = time.process_time() - cpu

    start = time.perf_counter()
    cpu = time.process_time()
    t = t.with_seating(2, seat_by_standings(t.players, ranked))
    timings["seat series 2 by standings"] = time.perf_counter() - start
    cpus["seat series 2 by standings"] = time.process_time() - cpu
    t = _lists(t, 2, rng)

    start = time.perf_counter()
    cpu = time.process_time()
    overall = standings(t)
    teams = group_standings(t, "team", overall)
    timings["overall standings and teams"] = time.perf_counter() - start
    cpus["overall standings and teams"] = time.process_time() - cpu

    games = sum(len(tl.games) for r in t.rounds for tl in r.lists)
    print(f"players: {args.players}, tables: {len(t.rounds[0].seating.tables)}, games: {games}")
    print(f"pending lists: {len(overall.pending)}, teams ranked: {len(teams)}")
    for label, seconds in timings.items():
        print(f"{label}: {seconds * 1000:.1f} ms (CPU {cpus[label] * 1000:.1f} ms)")
    print(f"total: {sum(timings.values()):.3f} s (CPU {sum(cpus.values()):.3f} s)")


if __name__ == "__main__":
    main()
