"""The double-dummy solver's exact value from the first trick: the tail (issue 21).

The Grand and suit positions of ``bench/solver.py`` (seeded deals played with random legal bids
and declarations to the first lead), each solved exactly with a cold table.  Prints per kind the
median, p90 and max of the nodes visited (a count: the same on any machine and any load) and of
the CPU time (``time.process_time``: the process's own time, not the wall clock).

    python bench/dds_tail.py --deals 300 --seed 1
    python bench/dds_tail.py --deals 600 --seed 7 --check

``--check`` also solves each position without the sure-points bounds and with the table keyed
by the cards themselves (``Solver(sure_bounds=False, equivalence=False)``) and counts the
positions whose values differ.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from skat.ai.dds import Position, Solver
from solver import _kind, _pct, positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--worst", type=int, default=0, help="print the N positions with most nodes"
    )
    parser.add_argument(
        "--check", action="store_true", help="compare with sure_bounds=False, equivalence=False"
    )
    args = parser.parse_args()
    todo = [p for p in positions(args.deals, args.seed) if _kind(p.game_type) != "null"]
    solver = Solver()
    solver.value(Position.parse("G decl=0 hands=CJ.HA/HT.H7/HK.S7"))  # compiles the kernel
    plain = Solver(sure_bounds=False, equivalence=False) if args.check else solver
    differ = 0
    rows: list[tuple[str, int, float, int, Position]] = []
    for pos in todo:
        solver.reset()
        before = solver.nodes
        t0 = time.process_time()
        v = solver.value(pos)
        ms = (time.process_time() - t0) * 1000
        rows.append((_kind(pos.game_type), solver.nodes - before, ms, v, pos))
        if args.check:
            plain.reset()
            differ += plain.value(pos) != v
    for kind in ("grand", "suit"):
        sel = [r for r in rows if r[0] == kind]
        nodes = [float(r[1]) for r in sel]
        ms = [r[2] for r in sel]
        print(
            f"{kind:>5}: {len(sel)} positions, nodes median {statistics.median(nodes):,.0f} "
            f"p90 {_pct(nodes, 0.9):,.0f} max {max(nodes):,.0f} total {sum(nodes):,.0f}; "
            f"CPU ms median {statistics.median(ms):.1f} p90 {_pct(ms, 0.9):.1f} max {max(ms):.0f}"
        )
    if args.check:
        print(
            f"values differing from the search without sure points and equivalent cards: {differ}"
        )
    for _, n, ms, v, pos in sorted(rows, key=lambda r: -r[1])[: args.worst]:
        print(f"{n:>10,} {ms:8.1f} ms value {v:>3} {pos}")


if __name__ == "__main__":
    main()
