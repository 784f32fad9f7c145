"""Time per card decision of each computer level, on the contracts of the arena's oracle.

    python bench/move_time.py --agents heuristic,fast,pimc-easy,pimc-medium --deals 8 --seed 35

Each deal of the arena seed (:func:`skat.ai.arena.deal_of`) is bid, taken and declared by three
heuristic players (the ``--contract oracle`` of ``skat arena``; deals they pass in are left
out); then three fresh agents of each level play the cards, and every card decision with more
than one legal card is timed in CPU time of this process (``time.process_time``: the figure
does not grow with other processes' load, only with the machine's speed).  Per level: the
decisions, median, p90, mean and largest time in ms, and the median by game type.
"""

from __future__ import annotations

import argparse
import statistics
import time

from skat.ai.arena import agent_seed, deal_of, make_agent, oracle_prefix
from skat.core.cards import Card
from skat.core.contracts import NULL
from skat.core.rules import ISKO
from skat.core.state import GameState


def _pct(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _kind(game_type: int) -> str:
    return "null" if game_type == NULL else "grand" if game_type == 4 else "suit"


def times_of(name: str, deals: int, seed: int) -> dict[str, list[float]]:
    """The CPU ms of ``name``'s card decisions by game type (and ``all``)."""
    out: dict[str, list[float]] = {"all": []}
    for index in range(deals):
        deal = deal_of(seed, index)
        prefix = oracle_prefix(deal, ISKO, agent_seed(seed, index, -1, 0))
        state = GameState(deal, ISKO)
        for action in prefix:
            state.apply(action)
        if state.is_over or state.contract is None:
            continue
        kind = _kind(int(state.contract.game_type))
        agents = [make_agent(name, agent_seed(seed, index, 0, s)) for s in range(3)]
        while not state.is_over:
            seat = state.to_move
            view = state.view(seat)
            start = time.process_time()
            action = agents[seat].choose(view)
            spent = 1000 * (time.process_time() - start)
            if isinstance(action, Card) and len(view.legal_actions) > 1:
                out["all"].append(spent)
                out.setdefault(kind, []).append(spent)
            state.apply(action)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agents", default="heuristic,pimc-easy,pimc-medium")
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--seed", type=int, default=35)
    args = parser.parse_args()
    make_agent("pimc-easy", 0).choose  # noqa: B018  (imports the solver before timing)
    from skat.ai import _kernel  # noqa: F401  (compiles the kernel outside the timings)

    print(f"{'level':<24}{'decisions':>10}{'median':>9}{'p90':>9}{'mean':>9}{'max':>9}  by type")
    for name in args.agents.split(","):
        got = times_of(name, args.deals, args.seed)
        ms = got["all"]
        kinds = ", ".join(
            f"{k} {statistics.median(v):.1f}" for k, v in sorted(got.items()) if k != "all"
        )
        print(
            f"{name:<24}{len(ms):>10}{statistics.median(ms):>9.2f}{_pct(ms, 0.9):>9.2f}"
            f"{statistics.mean(ms):>9.2f}{max(ms):>9.1f}  {kinds}"
        )


if __name__ == "__main__":
    main()
