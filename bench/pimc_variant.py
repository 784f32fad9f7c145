"""A PIMC player with settings of its own against another agent, on duplicate deals.

    python bench/pimc_variant.py --inference learned --worlds 60 --world-nodes 12000000 \\
        --deals 100 --seed 31 --jobs 2 --out variant.jsonl

Plays ``PimcAgent(replace(LEVELS[--level], ...), inference=--inference)`` (the settings not
given keep the level's) against ``--against`` (default ``heuristic``) with ``skat arena``, so a
level can be tried before it is one; ``python bench/arena_pair.py`` then pairs its ``--out``
file with another run's of the same seed.  The settings reach the arena's processes through the
environment variable ``SKAT_BENCH_PIMC_VARIANT``; the records name the agent
``pimc_variant:agent`` whatever they are, so keep one ``--out`` file for one set of settings.
Hours of CPU time at 100 deals; the figures are in docs/performance.md.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import replace
from typing import Any

from arena_runs import parser, run
from skat.ai.pimc import INFERENCES, LEVELS, PimcAgent

ENV = "SKAT_BENCH_PIMC_VARIANT"


def agent(seed: int | None = 0) -> PimcAgent:
    """The arena's factory: the level and settings from the environment."""
    spec: dict[str, Any] = json.loads(os.environ.get(ENV, "{}"))
    level = LEVELS[spec.pop("level", "hard")]
    inference = spec.pop("inference", "rules")
    return PimcAgent(replace(level, **spec), seed=seed, inference=inference)


def main(argv: list[str] | None = None) -> int:
    """The settings and the arena's options."""
    p = parser(__doc__ or "", deals=100, seed=31)
    p.add_argument("--level", choices=sorted(LEVELS), default="hard", help="the level changed")
    p.add_argument("--inference", choices=sorted(INFERENCES), default="rules")
    p.add_argument("--samples", type=int, help="deals sampled a card")
    p.add_argument("--nodes", type=int, help="solver nodes a card")
    p.add_argument("--worlds", type=int, help="worlds of the bidding, Hand and skat")
    p.add_argument("--world-nodes", type=int, help="solver nodes of those decisions")
    p.add_argument("--margin", type=float, help="bid on while the expected score is above -this")
    p.add_argument("--against", default="heuristic", help="the other agent (default heuristic)")
    args = p.parse_args(argv)
    spec: dict[str, Any] = {"level": args.level, "inference": args.inference}
    for name, field in (
        ("samples", "samples"),
        ("nodes", "nodes"),
        ("worlds", "worlds"),
        ("world_nodes", "world_nodes"),
        ("margin", "bid_margin"),
    ):
        value = getattr(args, name)
        if value is not None:
            spec[field] = value
    os.environ[ENV] = json.dumps(spec)
    print(f"pimc_variant: {json.dumps(spec)}")
    return run(f"pimc_variant:agent,{args.against}", args)


if __name__ == "__main__":
    sys.exit(main())
