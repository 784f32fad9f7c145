"""Scat computer players against each other: win rates of whole matches with 95 % intervals.

    python bench/thirtyone_arena.py --matches 500 --seed 1

Plays, for each line-up, ``--matches`` matches (seats rotated every match) and prints the
table of :func:`skat.thirtyone.arena.run_arena`: an agent no better than the others wins its
fair share (1 / players).  The same figures come from
``skat thirty-one --arena heuristic,random --matches 500 --seed 1``.
"""

from __future__ import annotations

import argparse
import time

from skat.thirtyone import Rules
from skat.thirtyone.arena import run_arena

LINEUPS = [
    ["heuristic", "random"],
    ["heuristic", "random", "random", "random"],
    ["heuristic", "greedy"],
    ["heuristic", "greedy", "greedy", "greedy"],
    ["heuristic", "greedy", "greedy", "greedy", "greedy", "greedy"],
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="scat")
    args = parser.parse_args()
    rules = Rules.parse(args.rules)
    for names in LINEUPS:
        start = time.perf_counter()
        report = run_arena(names, args.matches, args.seed, rules)
        print(f"## {' vs '.join(names)} (rules {rules}, seed {args.seed})")
        print(report.table())
        print(f"seconds: {time.perf_counter() - start:.1f}")
        print()


if __name__ == "__main__":
    main()
