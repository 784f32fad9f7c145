"""How long an agent thinks: seeded games of three agents, the CPU time of every decision.

    python bench/decisions.py --agent pimc-hard --games 30 --seed 1

Prints, per kind of decision (bid, Hand or skat, discard, declaration, card, other), the count,
median, p90 and maximum in milliseconds, then the line ``all: median X ms, p90 Y ms, max Z ms``.
Times are the thread's CPU time (``time.thread_time``), so other work on the machine does not
inflate them; the JIT compilation of the solver happens before the first game.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from skat.ai.arena import make_agent
from skat.ai.dds import Position, Solver
from skat.core import GameState, Phase
from skat.core.cards import Card
from skat.core.rules import Rules

KINDS = {
    Phase.BIDDING: "bid",
    Phase.SKAT: "hand-or-skat",
    Phase.DISCARD: "discard",
    Phase.DECLARE: "declaration",
}


def _ms(values: list[float]) -> str:
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    return (
        f"median {statistics.median(values) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms, "
        f"max {values[-1] * 1000:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", default="pimc-hard")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="isko")
    args = parser.parse_args()

    Solver().solve(Position.parse("G decl=0 hands=CJ.CA/CT.C9/C8.C7"))  # compile first
    times: dict[str, list[float]] = defaultdict(list)
    rules = Rules.parse(args.rules)
    for g in range(args.games):
        agents = [make_agent(args.agent, seed=args.seed * 1000 + 3 * g + s) for s in range(3)]
        state = GameState(None, rules, seed=args.seed * 100_000 + g)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            start = time.thread_time()
            action = agents[seat].choose(view)
            spent = time.thread_time() - start
            if len(view.legal_actions) > 1:
                kind = KINDS.get(view.phase, "other")
                if view.phase == Phase.PLAY and isinstance(action, Card):
                    kind = "card"
                times[kind].append(spent)
            state.apply(action, seat)
    everything: list[float] = []
    for kind in ("bid", "hand-or-skat", "discard", "declaration", "card", "other"):
        if times[kind]:
            print(f"{kind:>13}: {len(times[kind]):5} decisions, {_ms(times[kind])}")
            everything += times[kind]
    print(f"all: {_ms(everything)}, decisions: {len(everything)}")


if __name__ == "__main__":
    main()
