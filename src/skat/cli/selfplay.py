"""Generate self-play games: one agent at all three seats, every game a JSON record.

The games go to DIR as JSON lines, --per-file games a file (games-000000.jsonl,
games-000001.jsonl, ...), in deal order, each game written and flushed as it ends; the run's
settings are in DIR/selfplay.json.  The records depend on --agent, --seed, --rules and the
deal numbers only, not on --jobs or --ray: a run can be split (--first) and the files joined.
--ray [ADDRESS] plays on Ray (pip install -e '.[cluster]'): nothing starts a local Ray with
--jobs workers, auto joins the cluster `ray start` began here, HOST:PORT another.

Progress goes to stderr (a bar on a terminal, a line at each tenth otherwise).  An
interrupted run (Ctrl-C, a kill) keeps every game written; the same command with --resume
goes on after the last complete game (a half-written last line is dropped), and the files
are then the same as those of a run never interrupted.  A DIR that holds games is refused
without --resume, and --resume refuses a DIR of other settings.

examples:
  skat selfplay --agent pimc-hard --deals 10000 --out data/pimc-hard --jobs 2
  skat selfplay --agent pimc-hard --deals 10000 --out data/pimc-hard --jobs 2 --resume
  skat selfplay --agent heuristic --deals 100000 --seed 7 --out data/h --ray auto
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from skat.ai.arena import AGENTS
from skat.ai.arenasettings import code_fingerprint
from skat.ai.cluster import ClusterError
from skat.ai.selfplay import iter_selfplay
from skat.cli.arena import record
from skat.cli.errors import UserError, os_reason
from skat.cli.progress import Progress
from skat.core.language import N_, say
from skat.core.rules import Rules

NAME = "selfplay"
HELP = N_("help.selfplay")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "--agent",
        default="heuristic",
        help=say(lang, "help.selfplay.agent", known=", ".join(sorted(AGENTS))),
        metavar=say(lang, "help.var.agent"),
    )
    parser.add_argument(
        "--deals",
        type=int,
        required=True,
        help=say(lang, "help.selfplay.deals"),
        metavar=say(lang, "help.var.deals"),
    )
    parser.add_argument(
        "--out",
        required=True,
        metavar=say(lang, "help.var.dir"),
        help=say(lang, "help.selfplay.out"),
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help=say(lang, "help.selfplay.seed"),
        metavar=say(lang, "help.var.seed"),
    )
    parser.add_argument(
        "--first",
        type=int,
        default=0,
        help=say(lang, "help.selfplay.first"),
        metavar=say(lang, "help.var.first"),
    )
    parser.add_argument(
        "--per-file",
        type=int,
        default=10_000,
        help=say(lang, "help.selfplay.per-file"),
        metavar=say(lang, "help.var.per_file"),
    )
    parser.add_argument(
        "--rules",
        default="isko",
        help=say(lang, "help.selfplay.rules"),
        metavar=say(lang, "help.var.rules"),
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        help=say(lang, "help.selfplay.jobs"),
        metavar=say(lang, "help.var.jobs"),
    )
    parser.add_argument(
        "--ray",
        nargs="?",
        const="local",
        default=None,
        metavar=say(lang, "help.var.address"),
        help=say(lang, "help.selfplay.ray"),
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help=say(lang, "help.selfplay.resume"),
    )


def _check(args: argparse.Namespace) -> int:
    for option in ("deals", "per_file"):
        if getattr(args, option) < 1:
            raise UserError.said(
                N_("cli.selfplay.must-be-at-least"), value=option.replace("_", "-")
            )
    if args.first < 0:
        raise UserError.said(N_("cli.selfplay.first-must-be-at"), first=args.first)
    jobs: int = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise UserError.said(N_("cli.selfplay.jobs-must-be-at"), jobs=jobs)
    return jobs


SETTINGS = "selfplay.json"
"""The file in DIR with the run's settings, checked by ``--resume``."""


def _settings(args: argparse.Namespace, rules: Rules) -> dict[str, Any]:
    """What the games of a run depend on (and how they are cut into files)."""
    return {
        "format": "skat-selfplay",
        "agent": args.agent,
        "seed": args.seed,
        "first": args.first,
        "rules": str(rules),
        "per_file": args.per_file,
        "code": code_fingerprint(),
    }


def _game_files(out: Path) -> list[Path]:
    return sorted(out.glob("games-*.jsonl"))


def _kept(out: Path, per_file: int) -> int:
    """The complete games in DIR's files (a half-written last line is cut off); a gap (a
    file not full before the last) is refused."""
    files = _game_files(out)
    done = 0
    for number, path in enumerate(files):
        if path.name != f"games-{number:06d}.jsonl":
            raise UserError.said(
                N_("cli.selfplay.not-next-file-games"), out=out, name=path.name, number=number
            )
        data = path.read_bytes()
        complete = data[: data.rfind(b"\n") + 1]
        if len(complete) < len(data):
            with open(path, "r+b") as stream:  # the game a kill interrupted: played again
                stream.truncate(len(complete))
        lines = complete.count(b"\n")
        if lines != per_file and number < len(files) - 1:
            raise UserError.said(
                N_("cli.selfplay.games-where-file-before"),
                path=path,
                lines=lines,
                per_file=per_file,
            )
        done += lines
    return done


def _start(args: argparse.Namespace, rules: Rules, out: Path) -> int:
    """Games already done in DIR (0 for a new run); writes or checks DIR/selfplay.json."""
    wanted = _settings(args, rules)
    settings = out / SETTINGS
    if not args.resume:
        if _game_files(out):
            raise UserError.said(N_("cli.selfplay.already-holds-self-play"), out=out)
        settings.write_text(json.dumps(wanted, indent=1) + "\n", encoding="utf-8")
        return 0
    try:
        found = json.loads(settings.read_text(encoding="utf-8"))
    except FileNotFoundError:
        if _game_files(out):
            raise UserError.said(
                N_("cli.selfplay.no-so-resume-cannot"), out=out, SETTINGS=SETTINGS
            ) from None
        settings.write_text(json.dumps(wanted, indent=1) + "\n", encoding="utf-8")
        return 0
    except (OSError, ValueError) as exc:
        raise UserError.said(N_("cli.selfplay.error"), settings=settings, exc=exc) from None
    differ = [
        f"{key}: DIR has {found.get(key)!r}, this run {value!r}"
        for key, value in wanted.items()
        if found.get(key) != value
    ]
    if differ:
        raise UserError.said(
            N_("cli.selfplay.resume-holds-another-run"), out=out, value="; ".join(differ)
        )
    done = _kept(out, args.per_file)
    print(
        f"skat selfplay: {out}: {min(done, args.deals)} of {args.deals} games done, "
        f"{max(args.deals - done, 0)} to play",
        file=sys.stderr,
    )
    return done


class _Writer:
    """The games into DIR's files, each line flushed as it is written."""

    def __init__(self, out: Path, per_file: int, done: int) -> None:
        self.out = out
        self.per_file = per_file
        self.written = done
        self.stream: TextIO | None = None
        self.number = -1

    def write(self, line: str) -> None:
        number = self.written // self.per_file
        if number != self.number:
            self.close()
            path = self.out / f"games-{number:06d}.jsonl"
            self.stream = open(path, "a", encoding="utf-8")  # noqa: SIM115 (closed in close)
            self.number = number
        assert self.stream is not None
        self.stream.write(line + "\n")
        self.stream.flush()
        self.written += 1

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None


def run(args: argparse.Namespace) -> int:
    jobs = _check(args)
    rules = Rules.parse(args.rules)
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        done = _start(args, rules, out)
    except OSError as exc:
        raise UserError.said(N_("cli.selfplay.error-2"), out=out, value=os_reason(exc)) from None
    todo = max(args.deals - done, 0)
    writer = _Writer(out, args.per_file, done)
    progress = Progress(todo, sys.stderr, command="skat selfplay", unit="games")
    try:
        games = (
            iter_selfplay(
                args.agent,
                deals=todo,
                recorder=record,
                seed=args.seed,
                first=args.first + done,
                jobs=jobs,
                rules=rules,
                ray=args.ray,
            )
            if todo
            else iter(())
        )
        for line in games:
            writer.write(line)
            progress.step()
    except KeyboardInterrupt:
        progress.close()
        print(
            f"skat selfplay: interrupted after {writer.written} of {args.deals} games, all kept"
            f" in {out}; the same command with --resume goes on",
            file=sys.stderr,
        )
        return 130
    except (ClusterError, ValueError) as exc:
        raise UserError.said(N_("cli.error.of"), error=exc) from None
    except OSError as exc:
        raise UserError.said(N_("cli.selfplay.error-2"), out=out, value=os_reason(exc)) from None
    finally:
        progress.close()
        writer.close()
    print(
        f"selfplay: {writer.written} games of {args.agent} (seed {args.seed}, rules {rules}) in {out}"
    )
    return 0
