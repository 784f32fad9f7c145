"""Generate self-play games: one agent at all three seats, every game a JSON record.

The games go to DIR as JSON lines, --per-file games a file (games-000000.jsonl,
games-000001.jsonl, ...), in deal order.  The records depend on --agent, --seed, --rules and
the deal numbers only, not on --jobs or --ray: a run can be split (--first) and the files
joined.  --ray [ADDRESS] plays on Ray (pip install 'skat[cluster]'): nothing starts a local
Ray with --jobs workers, auto joins the cluster `ray start` began here, HOST:PORT another.

examples:
  skat selfplay --agent pimc-hard --deals 10000 --out data/pimc-hard --jobs 2
  skat selfplay --agent heuristic --deals 100000 --seed 7 --out data/h --ray auto
"""

from __future__ import annotations

import argparse
import itertools
import os
from pathlib import Path

from skat.ai.arena import AGENTS
from skat.ai.cluster import ClusterError
from skat.ai.selfplay import iter_selfplay
from skat.cli.arena import record
from skat.cli.errors import UserError
from skat.core.rules import Rules

NAME = "selfplay"
HELP = "one agent plays itself; every game written as a JSON record (training data)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--agent",
        default="heuristic",
        help=f"the agent (default heuristic; {', '.join(sorted(AGENTS))})",
    )
    parser.add_argument("--deals", type=int, required=True, help="number of games")
    parser.add_argument("--out", required=True, metavar="DIR", help="directory for the records")
    parser.add_argument("--seed", type=int, default=0, help="seed of the deals (default 0)")
    parser.add_argument("--first", type=int, default=0, help="number of the first deal (default 0)")
    parser.add_argument(
        "--per-file", type=int, default=10_000, help="games per file (default 10000)"
    )
    parser.add_argument("--rules", default="isko", help="rules preset and options (default isko)")
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: the cores)")
    parser.add_argument(
        "--ray", nargs="?", const="local", default=None, metavar="ADDRESS", help="play on Ray"
    )


def _check(args: argparse.Namespace) -> int:
    for option in ("deals", "per_file"):
        if getattr(args, option) < 1:
            raise UserError(f"--{option.replace('_', '-')} must be at least 1")
    if args.first < 0:
        raise UserError(f"--first must be at least 0, not {args.first}")
    jobs: int = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise UserError(f"--jobs must be at least 1, not {jobs}")
    return jobs


def run(args: argparse.Namespace) -> int:
    jobs = _check(args)
    rules = Rules.parse(args.rules)
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{out}: {exc.strerror or exc}") from None
    games = iter_selfplay(
        args.agent,
        deals=args.deals,
        recorder=record,
        seed=args.seed,
        first=args.first,
        jobs=jobs,
        rules=rules,
        ray=args.ray,
    )
    written = 0
    try:
        while chunk := list(itertools.islice(games, args.per_file)):
            name = out / f"games-{written // args.per_file:06d}.jsonl"
            with open(name, "w", encoding="utf-8") as stream:
                stream.writelines(line + "\n" for line in chunk)
            written += len(chunk)
    except (ClusterError, ValueError) as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"{out}: {exc.strerror or exc}") from None
    print(f"selfplay: {written} games of {args.agent} (seed {args.seed}, rules {rules}) in {out}")
    return 0
