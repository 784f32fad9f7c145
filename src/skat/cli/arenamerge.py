"""The table and difference of an arena played in pieces, from the pieces' record files.

A long arena can be split: each machine (or each session) plays its deals with
skat arena --deal-range A:B --out FILE (the same agents, seed, rules and options), and this
command reads the files and prints what one run over all the deals prints: the head line, the
table and the last line

  diff: +X.XX ± Y.YY TP/game (95% CI), deals: N

The files must be of one run: the same settings in every record (agents, seed, rules,
--contract, --void-passed, --blind, --budget) and the same code of skat.ai and skat.core
(--any-code accepts records of other code knowingly).  No deal may be in two files, and none
may be missing from 0 to the highest deal (or to --deals N - 1): the error names the missing
deals.  A last line cut off by a killed run is dropped with a notice, as are the games of a
deal left incomplete (its deal is then missing).  Exit status 1 when decisions fell back, as
skat arena (--allow-fallbacks accepts them).

examples:
  skat arena --agents pimc-hard,heuristic --seed 21 --deal-range 0:500 --out a.jsonl
  skat arena --agents pimc-hard,heuristic --seed 21 --deal-range 500:1000 --out b.jsonl
  skat arena-merge a.jsonl b.jsonl --deals 1000
"""

from __future__ import annotations

import argparse
import sys

from skat.ai.arena import Options, new_report
from skat.ai.arenafile import ArenaFile, ArenaFileError, merge, read_arena_file
from skat.ai.arenasettings import CODE
from skat.cli.arena import show
from skat.cli.errors import Said, UserError, os_reason
from skat.core.language import N_, say

NAME = "arena-merge"
HELP = N_("help.arena-merge")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "files",
        nargs="+",
        metavar=say(lang, "help.var.file"),
        help=say(lang, "help.arena-merge.files"),
    )
    parser.add_argument(
        "--deals",
        type=int,
        default=None,
        metavar="N",
        help=say(lang, "help.arena-merge.deals"),
    )
    parser.add_argument(
        "--any-code",
        action="store_true",
        help=say(lang, "help.arena-merge.any-code"),
    )
    parser.add_argument(
        "--allow-fallbacks",
        action="store_true",
        help=say(lang, "help.arena-merge.allow-fallbacks"),
    )


_FIRST = "the first file"


def _read(args: argparse.Namespace) -> list[ArenaFile]:
    """The files, each checked against the first one's settings."""
    files: list[ArenaFile] = []
    for path in args.files:
        wanted = next((f.settings for f in files if f.settings is not None), None)
        try:
            file = read_arena_file(path, wanted, any_code=args.any_code, wanted_by=_FIRST)
        except ArenaFileError as exc:
            hint = Said(N_("cli.arenamerge.any-code-hint")) if exc.setting == CODE else ""
            if isinstance(exc.__cause__, OSError):
                raise UserError.said(
                    N_("cli.arenamerge.error-file"), path=path, value=os_reason(exc.__cause__)
                ) from None
            raise UserError.said(N_("cli.arenamerge.error"), exc=exc, hint=hint) from None
        for notice in file.notices:
            print(f"skat arena-merge: {notice}", file=sys.stderr)
        files.append(file)
    return files


def run(args: argparse.Namespace) -> int:
    if args.deals is not None and args.deals < 1:
        raise UserError.said(N_("cli.arenamerge.deals-must-be-at"), deals=args.deals)
    files = _read(args)
    settings = next((f.settings for f in files if f.settings is not None), None)
    if settings is None:
        raise UserError.said(N_("cli.arenamerge.no-records-files"))
    try:
        deals = merge(files, args.deals)
    except ArenaFileError as exc:
        raise UserError.said(N_("cli.error.of"), error=exc) from None
    names = settings["agents"]
    options = Options(
        contract=settings["contract"],
        void_passed=settings["void_passed"],
        blind=settings["blind"],
    )
    report = new_report(names, options)
    for deal in sorted(deals):
        report.add(deals[deal])
    return show(
        names,
        settings["rules"],
        settings["seed"],
        report,
        args.allow_fallbacks,
        command="skat arena-merge",
    )
