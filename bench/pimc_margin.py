"""Does the simulating PIMC player gain by bidding on below an expected score of 0?

    python bench/pimc_margin.py --margin 20 --deals 100 --seed 11 --jobs 2 --budget 120

Plays ``PimcAgent(replace(LEVELS["hard"], bid_margin=margin))`` (level ``hard`` holding every
game whose expected score is above ``-margin``) against the heuristic with ``skat arena``.
Hours of CPU time at 100 deals; the figures are in docs/performance.md.
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace

from arena_runs import margin_experiment
from skat.ai.pimc import LEVELS, PimcAgent

ENV = "SKAT_BENCH_BID_MARGIN"


def hard(seed: int | None = 0) -> PimcAgent:
    """The arena's factory: level ``hard`` with the margin from the environment."""
    margin = float(os.environ.get(ENV, "0"))
    return PimcAgent(replace(LEVELS["hard"], bid_margin=margin), seed=seed)


def main(argv: list[str] | None = None) -> int:
    """``--margin`` and the arena's options; the defaults are those of the measured run."""
    return margin_experiment(
        argv, __doc__ or "", ENV, "pimc_margin:hard,heuristic", (100, 11, 20.0)
    )


if __name__ == "__main__":
    sys.exit(main())
