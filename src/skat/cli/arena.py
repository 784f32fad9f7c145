"""Compare two agents on duplicate deals with Seeger-Fabian tournament points.

Every deal is played six times: each way to seat the two agents A and B at the three seats
with both present (AAB ABA BAA ABB BAB BBA: the 3 rotations × 2 assignments).  Each game is
scored on a Seeger-Fabian list; the table shows per agent the tournament points per game and
per 36-game list, the games won and lost as declarer and the contracts declared.  The last
line is the difference A − B with the 95 % confidence interval from the paired per-deal
differences:

  diff: +X.XX ± Y.YY TP/game (95% CI), deals: N

The results depend on --seed, --deals and --rules only: not on --jobs and not on how busy
the machine is, since every computer level bounds its work by counts (deals sampled, solver
nodes), not by the clock.  --budget SECONDS is an optional safety net: a decision that takes
longer is replaced by a fallback move (as is one that fails).  Any fallback is counted on the
last line (..., deals: N, fallbacks: F) and makes the command exit with status 1, since the
figure then measures the machine as well as the players; --allow-fallbacks accepts them.
--out FILE writes every game as a JSON record (one a line, in deal order; - is stdout, before
the table).  Progress goes to stderr: a bar on a terminal, a line at each tenth otherwise;
Ctrl-C stops with one line, the deals played kept in --out FILE.

Outside engines: an agent exec:PROGRAM [ARGS] (or NAME=exec:PROGRAM [ARGS]) is a program
speaking the line protocol of docs/engine-protocol.md on stdin/stdout, named in the table by
NAME or its program's (script's) file name.  A decision not answered within --engine-timeout
seconds is waited for once more; then the heuristic plays the rest of that game in its seat,
each of its decisions counted as a fallback (the run goes on).  Any wrong answer stops the
arena with a one-line error naming the engine and the move.  --contract oracle fixes every deal's bidding,
skat and declaration to what three heuristic players do (card play only; deals they pass in
are void); --void-passed leaves passed-in games out of the statistics; --blind hides the
agents' names from the engines and checks that no line sent shows a card the seat cannot see.
--ray [ADDRESS] plays the deals on Ray (nothing: a local Ray with --jobs workers; auto: the
cluster started by `ray start` here; HOST:PORT); the figures are the same as with --jobs.

Learned agents: dmc:PATH plays the cards with the network in the file PATH that
examples/train_dmc.py writes (skat.env.learn, numpy needed), everything else as heuristic.

Long arenas in pieces: --resume with --out FILE keeps the complete deals in FILE (a last line
cut off by a killed run is dropped with a notice) and plays only the missing ones; the table
and last line are those of one run.  Every record names the settings (agents, seed, rules,
--contract, --void-passed, --blind, --budget) and a fingerprint of the code of skat.ai and
skat.core; a run with others is refused (--resume-any-code accepts other code knowingly).
--deal-range A:B plays only deals A to B-1 (the same deals as in the whole run), e.g. on
several machines; skat arena-merge puts the files together.

examples:
  skat arena --agents heuristic,random --deals 500 --seed 1
  skat arena --agents pimc-hard,exec:./mybot --deals 100 --contract oracle --blind
  skat arena --agents heuristic,heuristic --deals 100 --rules pub --out games.jsonl
  skat arena --agents pimc-hard,heuristic --deals 100 --seed 23 --jobs 2
  skat arena --agents pimc-hard,heuristic --deals 1000 --seed 21 --out h.jsonl --resume
  skat arena --agents pimc-hard,heuristic --seed 21 --deal-range 500:1000 --out b.jsonl
  skat arena --agents dmc:dmc.npz,heuristic --deals 300 --contract oracle
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from skat.ai.arena import (
    AGENTS,
    CONTRACT_MODES,
    DEFAULT_BUDGET,
    ArenaReport,
    GameOutcome,
    Options,
    run_arena,
    run_settings,
)
from skat.ai.arenafile import ArenaFileError, read_arena_file, rewrite, spans
from skat.ai.arenasettings import CODE
from skat.ai.cluster import ClusterError
from skat.ai.engine import DEFAULT_TIMEOUT, EngineError
from skat.cli.errors import Said, UserError, os_reason
from skat.cli.progress import Progress
from skat.cli.speed import warn_if_slow
from skat.core.language import N_, say
from skat.core.rules import Rules
from skat.core.state import GameState
from skat.records.jsonrecord import dumps, state_to_json

NAME = "arena"
HELP = N_("help.arena")

Done = dict[int, list[GameOutcome]]
"""Deals already played (read back from the records), by deal number."""


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "--agents",
        required=True,
        metavar="A,B",
        help=say(lang, "help.arena.agents", known=", ".join(sorted(AGENTS))),
    )
    parser.add_argument(
        "--deals",
        type=int,
        default=None,
        help=say(lang, "help.arena.deals"),
        metavar=say(lang, "help.var.deals"),
    )
    parser.add_argument(
        "--deal-range",
        metavar="A:B",
        help=say(lang, "help.arena.deal-range"),
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help=say(lang, "help.arena.seed"),
        metavar=say(lang, "help.var.seed"),
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        help=say(lang, "help.arena.jobs"),
        metavar=say(lang, "help.var.jobs"),
    )
    parser.add_argument(
        "--rules",
        default="isko",
        help=say(lang, "help.arena.rules"),
        metavar=say(lang, "help.var.rules"),
    )
    parser.add_argument(
        "--out", metavar=say(lang, "help.var.file"), help=say(lang, "help.arena.out")
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help=say(lang, "help.arena.resume"),
    )
    parser.add_argument(
        "--resume-any-code",
        action="store_true",
        help=say(lang, "help.arena.resume-any-code"),
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_BUDGET,
        metavar=say(lang, "help.var.seconds"),
        help=say(lang, "help.arena.budget"),
    )
    parser.add_argument(
        "--contract",
        choices=CONTRACT_MODES,
        default="bid",
        help=say(lang, "help.arena.contract"),
    )
    parser.add_argument(
        "--void-passed", action="store_true", help=say(lang, "help.arena.void-passed")
    )
    parser.add_argument(
        "--blind",
        action="store_true",
        help=say(lang, "help.arena.blind"),
    )
    parser.add_argument(
        "--engine-timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar=say(lang, "help.var.seconds"),
        help=say(lang, "help.arena.engine-timeout", default=f"{DEFAULT_TIMEOUT:g}"),
    )
    parser.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar=say(lang, "help.var.address"),
        help=say(lang, "help.arena.ray"),
    )
    parser.add_argument(
        "--allow-fallbacks",
        action="store_true",
        help=say(lang, "help.arena.allow-fallbacks"),
    )
    parser.add_argument(
        "--variant",
        choices=("strohmann", "officers", "tournee"),
        default=None,
        help=say(lang, "help.arena.variant"),
    )


def record(state: GameState, meta: dict[str, Any]) -> str:
    """One game as a line of JSON (runs in the worker processes)."""
    return dumps(state_to_json(state, meta))


def _agent_names(text: str) -> list[str]:
    """The two agent names of ``--agents A,B`` (a one-line error when they are not)."""
    names = [n.strip() for n in text.split(",")]
    if len(names) != 2 or not all(names):
        raise UserError.said(N_("cli.arena.agents-takes-two-agents"), text=text)
    for name in names:
        if name not in AGENTS and ":" not in name:
            raise UserError.said(
                N_("cli.arena.unknown-agent-known"), name=name, value=", ".join(sorted(AGENTS))
            )
    return names


def _jobs(args: argparse.Namespace) -> int:
    """The number of processes, after checking the numeric options."""
    jobs: int = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise UserError.said(N_("cli.arena.jobs-must-be-at"), jobs=jobs)
    if args.budget is not None and args.budget <= 0:
        raise UserError.said(N_("cli.arena.budget-must-be-positive"), budget=args.budget)
    if args.engine_timeout <= 0:
        raise UserError.said(
            N_("cli.arena.engine-timeout-must-be"), engine_timeout=args.engine_timeout
        )
    return jobs


def _plan(args: argparse.Namespace) -> range:
    """The deal numbers to play: ``--deal-range A:B`` or ``--deals N`` (0 to N-1)."""
    if args.deal_range is None:
        deals = 100 if args.deals is None else args.deals
        if deals < 1:
            raise UserError.said(N_("cli.arena.deals-must-be-at"), deals=deals)
        return range(deals)
    if args.deals is not None:
        raise UserError.said(N_("cli.arena.give-deals-n-deal"))
    start, colon, stop = args.deal_range.partition(":")
    try:
        plan = range(int(start), int(stop))
    except ValueError:
        plan = range(0)
    if not colon or not plan or plan.start < 0:
        raise UserError.said(N_("cli.arena.deal-range-b-b"), deal_range=args.deal_range)
    return plan


def _options(args: argparse.Namespace) -> Options:
    """The researchers' settings of ``--contract``, ``--void-passed``, ``--blind``."""
    return Options(
        contract=args.contract,
        void_passed=args.void_passed,
        blind=args.blind,
        engine_timeout=args.engine_timeout,
    )


def _open_out(path: str | None, append: bool = False) -> TextIO | None:
    """The stream for ``--out`` (``-`` is stdout), or ``None`` without it."""
    if path == "-":
        return sys.stdout
    if not path:
        return None
    try:
        if append:
            return open(path, "a", encoding="utf-8")  # closed by the caller
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise UserError.said(N_("cli.arena.error"), path=path, value=os_reason(exc)) from None


def _resume(args: argparse.Namespace, plan: range, wanted: dict[str, Any]) -> Done:
    """The complete deals already in ``--out FILE`` (the file keeps only their lines)."""
    if not args.out or args.out == "-":
        raise UserError.said(N_("cli.arena.resume-needs-out-file"))
    if not os.path.exists(args.out):
        _notice(f"{args.out} does not exist yet; all {len(plan)} deals are played")
        return {}
    try:
        file = read_arena_file(args.out, wanted, any_code=args.resume_any_code)
    except ArenaFileError as exc:
        hint = Said(N_("cli.arena.any-code-hint")) if exc.setting == CODE else ""
        if isinstance(exc.__cause__, OSError):
            raise UserError.said(
                N_("cli.arena.error-2-file"), path=args.out, value=os_reason(exc.__cause__)
            ) from None
        raise UserError.said(N_("cli.arena.error-2"), exc=exc, hint=hint) from None
    for notice in file.notices:
        _notice(notice)
    done = file.complete()
    outside = [deal for deal in done if deal not in plan]
    if outside:
        raise UserError.said(
            N_("cli.arena.holds-deals-that-are"),
            out=args.out,
            value=_span(plan),
            value2=spans(outside),
        )
    if not file.tidy:
        try:
            rewrite(file)
        except ArenaFileError as exc:
            raise UserError.said(N_("cli.error.of"), error=exc) from None
    _notice(f"{args.out}: {len(done)} of {len(plan)} deals done, {len(plan) - len(done)} to play")
    return done


def _notice(text: str) -> None:
    print(f"skat arena: {text}", file=sys.stderr)


def _interrupted(out: str | None, played: int, planned: int) -> str:
    """The one line of an interrupted arena: what was played and what is kept."""
    said = f"interrupted after {played} of {planned} deals"
    if out and out != "-":
        return f"{said}, all kept in {out}; the same command with --resume goes on"
    return f"{said}; nothing kept (--out FILE keeps the deals and --resume goes on)"


def _span(plan: range) -> str:
    """``deals 500-999``."""
    return f"deals {plan.start}-{plan.stop - 1}" if len(plan) > 1 else f"deal {plan.start}"


def run(args: argparse.Namespace) -> int:
    if getattr(args, "variant", None):
        from skat.cli.variantarena import run as run_variant

        return run_variant(args)
    names = _agent_names(args.agents)
    if any(name.startswith("pimc") for name in names):
        warn_if_slow("skat arena", "ai")
    jobs = _jobs(args)
    plan = _plan(args)
    rules = Rules.parse(args.rules)
    options = _options(args)
    done: Done = {}
    if args.resume:
        done = _resume(args, plan, run_settings(names, args.seed, rules, args.budget, options))
    elif args.resume_any_code:
        raise UserError.said(N_("cli.arena.resume-any-code-goes"))
    elif args.out and args.out != "-" and os.path.isfile(args.out) and os.path.getsize(args.out):
        raise UserError.said(N_("cli.arena.already-holds-games-resume"), out=args.out)
    out = _open_out(args.out, append=args.resume)
    progress = Progress(len(plan) - len(done), sys.stderr, command="skat arena", unit="deals")
    try:

        def on_deal(outcomes: list[GameOutcome]) -> None:
            if out is not None:
                out.write("".join(g.record + "\n" for g in outcomes))
                out.flush()  # a killed run loses at most the deal it was writing
            progress.step()

        report = run_arena(
            names,
            deals=plan,
            seed=args.seed,
            jobs=jobs,
            rules=rules,
            budget=args.budget,
            recorder=record if out is not None else None,
            on_deal=on_deal,
            options=options,
            ray=args.ray,
            done=done,
        )
    except (EngineError, ClusterError, ValueError) as exc:
        raise UserError.said(N_("cli.error.of"), error=exc) from None
    except KeyboardInterrupt:
        progress.close()
        _notice(_interrupted(args.out, len(done) + progress.done, len(plan)))
        return 130
    finally:
        progress.close()
        if out is not None and out is not sys.stdout:
            out.close()
    part = f", {_span(plan)}" if args.deal_range is not None else ""
    return show(names, str(rules), args.seed, report, args.allow_fallbacks, part)


def show(
    names: Sequence[str],
    rules: str,
    seed: int,
    report: ArenaReport,
    allow_fallbacks: bool,
    part: str = "",
    command: str = "skat arena",
) -> int:
    """Print the arena's head line, table and last line; the exit status (1: fallbacks)."""
    print(f"arena: {names[0]} (A) vs {names[1]} (B), rules {rules}, seed {seed}{part}")
    print(report.table())
    print(report.last_line())
    if report.fallbacks and not allow_fallbacks:
        print(
            f"{command}: {report.fallbacks} decisions fell back (see the warnings), so the "
            "difference does not measure the players alone; --allow-fallbacks accepts that",
            file=sys.stderr,
        )
        return 1
    return 0
