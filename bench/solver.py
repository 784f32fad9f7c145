"""The double-dummy solver (skat.ai.dds) from the first trick of seeded deals.

Each deal is played through the engine with random legal bids and a random legal declaration
(the declarer has picked up and discarded, or plays Hand) until the first lead; deals are
taken in turn as a suit game, a Grand and a Null.  Each position is solved twice with a cold
table: the threshold query "does the declarer reach 61?" (Null: "does he stay trickless?")
and the exact value.

    python bench/solver.py --deals 200 --seed 1

Prints the JIT compilation time (excluded from the figures), then
``threshold61: median X ms, p90 Y ms`` and ``exact: median X ms, p90 Y ms`` with nodes/s, and
per game type (suit, Grand, Null) the median and p90 in ms and the p90 in nodes.  Times are the
CPU time of this process (``time.process_time``: other processes' load does not inflate them);
nodes are a count, the same on any machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from skat.core import Deal, GameState
from skat.core.state import PLAY

_t0 = time.perf_counter()
from skat.ai import _kernel  # noqa: E402  (compiles the kernel: explicit signatures)
from skat.ai.dds import Position, Solver  # noqa: E402

_IMPORT_S = time.perf_counter() - _t0

KINDS = ("suit", "grand", "null")


def _kind(game_type: int) -> str:
    return "suit" if game_type <= 3 else "grand" if game_type == 4 else "null"


def positions(deals: int, seed: int) -> list[Position]:
    """``deals`` positions at the first lead, suit / Grand / Null in turn."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < deals:
        want = KINDS[len(out) % 3]
        state = GameState(Deal.random(rng))
        while not state.is_over and state.phase != PLAY:
            state.apply(rng.choice(state.legal_actions()))
        if state.phase != PLAY or state.contract is None:
            continue
        if _kind(int(state.contract.game_type)) != want or state.contract.schwarz_announced:
            continue  # Schwarz announced and Ouvert end at the first lost trick: too easy
        out.append(Position.from_state(state))
    return out


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    solver = Solver()
    start = time.process_time()
    solver.value(Position.parse("G decl=0 hands=CJ.HA/HT.H7/HK.S7"))  # compiles the kernel
    first_s = time.process_time() - start
    print(
        f"numba: {_kernel.USE_NUMBA}, import (JIT compilation, or loading numba's cache): "
        f"{_IMPORT_S:.2f} s, "
        f"first call: {first_s * 1000:.1f} ms (not in the figures)"
    )
    todo = positions(args.deals, args.seed)
    results: dict[str, list[float]] = {"threshold61": [], "exact": []}
    nodes = {"threshold61": 0, "exact": 0}
    by_kind: dict[tuple[str, str], list[float]] = {}
    nodes_by_kind: dict[tuple[str, str], list[float]] = {}
    for pos in todo:
        for name in ("threshold61", "exact"):
            solver.reset()
            before = solver.nodes
            t0 = time.process_time()
            if name == "threshold61":
                target = 1 if pos.game_type == 5 else 61 - pos.declarer_points
                solver.at_least(pos, target)
            else:
                solver.value(pos)
            ms = (time.process_time() - t0) * 1000
            results[name].append(ms)
            nodes[name] += solver.nodes - before
            by_kind.setdefault((name, _kind(pos.game_type)), []).append(ms)
            nodes_by_kind.setdefault((name, _kind(pos.game_type)), []).append(solver.nodes - before)
    print(f"deals: {len(todo)} (seed {args.seed}), suit/grand/null in turn, from the first trick")
    for name, ms in results.items():
        total_s = sum(ms) / 1000
        print(
            f"{name}: median {statistics.median(ms):.1f} ms, p90 {_pct(ms, 0.9):.1f} ms, "
            f"max {max(ms):.0f} ms, {nodes[name] / total_s:,.0f} nodes/s"
        )
    for (name, kind), ms in sorted(by_kind.items(), key=lambda x: (x[0][0] != "threshold61", x)):
        p90_nodes = _pct(nodes_by_kind[name, kind], 0.9)
        print(
            f"  {name} {kind}: median {statistics.median(ms):.1f} ms, p90 {_pct(ms, 0.9):.1f} ms"
            f" ({p90_nodes:,.0f} nodes)"
        )


if __name__ == "__main__":
    main()
