"""The command line the arena experiments of ``bench/`` share, and their ``skat arena`` run.

Each experiment (``heuristic_history.py``, ``heuristic_margin.py``, ``pimc_margin.py``) defines
its agent and plays it against another on duplicate deals with the project's own arena, so that
its figures in docs/performance.md come from one command in the repository.
"""

from __future__ import annotations

import argparse
import os

from skat.cli.main import main as skat


def parser(doc: str, *, deals: int, seed: int) -> argparse.ArgumentParser:
    """``--deals``, ``--seed``, ``--jobs`` and ``--budget`` with the experiment's defaults."""
    p = argparse.ArgumentParser(description=doc.splitlines()[0])
    p.add_argument("--deals", type=int, default=deals, help=f"duplicate deals (default {deals})")
    p.add_argument("--seed", type=int, default=seed, help=f"the arena's seed (default {seed})")
    p.add_argument("--jobs", type=int, default=None, help="processes (default: every core)")
    p.add_argument("--budget", type=float, default=None, help="seconds a decision (default none)")
    p.add_argument("--out", default=None, help="write the games to FILE (skat arena --out)")
    p.add_argument("--resume", action="store_true", help="go on with the games of --out")
    return p


def run(agents: str, args: argparse.Namespace) -> int:
    """``skat arena --agents AGENTS`` with the parsed options; its exit status."""
    command = ["arena", "--agents", agents, "--deals", str(args.deals), "--seed", str(args.seed)]
    if args.jobs is not None:
        command += ["--jobs", str(args.jobs)]
    if args.budget is not None:
        command += ["--budget", str(args.budget)]
    if args.out is not None:
        command += ["--out", args.out]
    if args.resume:
        command.append("--resume")
    return skat(command)


def margin_experiment(
    argv: list[str] | None, doc: str, env: str, agents: str, defaults: tuple[int, int, float]
) -> int:
    """Parse ``--margin`` besides the arena's options (``defaults``: deals, seed, margin), hand
    it to the agent's factory through the environment variable ``env`` (the arena may run the
    games in other processes) and run the arena."""
    deals, seed, margin = defaults
    p = parser(doc, deals=deals, seed=seed)
    p.add_argument("--margin", type=float, default=margin, help=f"bid on above -margin ({margin})")
    args = p.parse_args(argv)
    os.environ[env] = str(args.margin)
    return run(agents, args)
