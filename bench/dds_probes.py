"""The order of the threshold searches behind the solver's exact value, on Grand and suit
positions from the first trick (the positions of ``bench/solver.py``).

``Solver.value`` narrows the exact card points by null-window searches, starting at 61; after
a search the declarer fails it probes the bound that search returned, after one he passes three
quarters up the interval left (``upper``, the solver's order since 2026-11-27: a search the
declarer passes costs several failing ones).  ``quarter`` probes three quarters up after
either, ``bisect`` the middle (the order before), ``mtd`` the bound the last search returned
(MTD(f): the fail-soft value is the next guess).  All give the same values; the script prints
the nodes each visited (a count, the same on any machine) and the median and p90 of the CPU
times.

    python bench/dds_probes.py --deals 150 --seed 1
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from skat.ai.dds import Position, Solver, _mode
from solver import _kind, _pct, positions

ORDERS = ("upper", "quarter", "bisect", "mtd")


def value(solver: Solver, pos: Position, order: str) -> int:
    """The exact value of ``pos`` by null-window searches in ``order``."""
    mode = _mode(pos)
    lo, hi = 0, solver._max_gain(pos, mode)
    solver._prepare(pos, mode)
    guess = 61 - pos.declarer_points
    while lo < hi:
        t = min(max(guess, lo + 1), hi)
        r = solver._search(pos, t - 1, t)
        high = r >= t
        lo, hi = (r, hi) if high else (lo, r)
        if order == "upper":
            guess = lo + (3 * (hi - lo) + 3) // 4 if high else hi
        elif order == "quarter":
            guess = lo + (3 * (hi - lo) + 3) // 4
        elif order == "bisect":
            guess = (lo + hi + 1) // 2
        else:
            guess = lo + 1 if high else hi
    return lo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    todo = [p for p in positions(args.deals, args.seed) if _kind(p.game_type) != "null"]
    Solver().value(Position.parse("G decl=0 hands=CJ.HA/HT.H7/HK.S7"))  # compiles the kernel
    values: dict[str, list[int]] = {}
    for order in ORDERS:
        for kind in ("grand", "suit"):
            solver = Solver()
            ms: list[float] = []
            nodes: list[float] = []
            for pos in (p for p in todo if _kind(p.game_type) == kind):
                solver.reset()
                before = solver.nodes
                t0 = time.process_time()
                values.setdefault(order, []).append(value(solver, pos, order))
                ms.append((time.process_time() - t0) * 1000)
                nodes.append(solver.nodes - before)
            print(
                f"{order:>7} {kind:>5}: {len(ms)} positions, {solver.nodes:,} nodes "
                f"(p90 {_pct(nodes, 0.9):,.0f}, max {max(nodes):,.0f}), "
                f"median {statistics.median(ms):.1f} ms, p90 {_pct(ms, 0.9):.1f} ms"
            )
    print("same values:", len(set(map(tuple, values.values()))) == 1)


if __name__ == "__main__":
    main()
