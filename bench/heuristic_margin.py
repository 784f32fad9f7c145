"""Does the heuristic gain by bidding on below an expected score of 0?

    python bench/heuristic_margin.py --margin 40 --deals 3000 --seed 4

Passing is not free: an opponent then plays, and mostly wins.  The agent here bids like
``HeuristicAgent`` but holds every game whose expected score is above ``-margin`` (the
heuristic itself: above 0) and plays ``skat arena`` against the heuristic; the last line is
its lead in tournament points per game with the 95 % confidence interval.
"""

from __future__ import annotations

import os
import sys

from arena_runs import margin_experiment
from skat.ai.heuristic import HeuristicAgent
from skat.ai.heuristic.bidding import evaluate_hand, max_bid
from skat.core import HOLD, PASS, Bid, Phase
from skat.core.actions import Action
from skat.core.state import View

ENV = "SKAT_BENCH_HEURISTIC_MARGIN"


class MarginHeuristic(HeuristicAgent):
    """The heuristic, bidding on while the best game's expected score is above ``-margin``."""

    def __init__(self, seed: int | None = 0, margin: float = 0.0) -> None:
        super().__init__(seed)
        self.margin = margin

    def limit(self, view: View) -> int:
        hand, forehand, base = view.hand.mask, view.seat == 0, view.rules.grand_ouvert_base
        bolder = [v for ev, v, _ in evaluate_hand(hand, forehand, base) if ev > -self.margin]
        return max([max_bid(hand, forehand, base), *bolder])

    def choose(self, view: View) -> Action:
        legal = view.legal_actions
        if view.phase is not Phase.BIDDING or len(legal) == 1:
            return super().choose(view)
        limit = self.limit(view)
        if HOLD in legal:
            return HOLD if view.bid <= limit else PASS
        bids = [a for a in legal if isinstance(a, Bid) and a.value <= limit]
        return bids[0] if bids else PASS


def agent(seed: int | None = 0) -> MarginHeuristic:
    """The arena's factory: the margin comes from the environment (set by :func:`main`)."""
    return MarginHeuristic(seed, float(os.environ.get(ENV, "0")))


def main(argv: list[str] | None = None) -> int:
    """``--margin`` and the arena's options; the defaults are those of the measured run."""
    return margin_experiment(
        argv, __doc__ or "", ENV, "heuristic_margin:agent,heuristic", (3000, 4, 40.0)
    )


if __name__ == "__main__":
    sys.exit(main())
