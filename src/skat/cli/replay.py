"""Replay ISS game records with the rules engine.

Each FILE holds ISS records, one a line (plain, bzip2 or gzip, found by content; - is stdin).
Without options, one line per game: the record, the declarer, the contract and the result
explained.  --json writes each game as a JSON record (one a line) instead.

--check recomputes every game and compares the record's result R[...] field by field
(d, win/loss/penalty, v, m, bidok/overbid, p, t, s, z, p0-p2, l, to, r, passed).  It prints a
line for each game that differs ("ID 1234: v record -96 engine -48; p record 56 engine 55"),
a line for each record it skips (unreadable lines, hidden cards, no result) with the reason,
and as the last line "checked: N, agree: A, differ: D, skipped: S".  Penalty records (a
player timed out or left before the game was declared) are checked too; a record whose moves
the engine refuses counts as differing.  Exit status 1 if any game differs.

examples:
  skat replay tests/data/iss/real.sgf
  skat replay --check games.sgf.bz2
  bzcat games.sgf.bz2 | skat replay --json - > games.jsonl
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import TextIO

from skat.cli.main import UserError
from skat.records.iss import IssRecord, RecordError, read_iss
from skat.records.jsonrecord import dumps, record_to_json
from skat.records.replay import ReplayError, SkipRecord, check, replay

NAME = "replay"
HELP = "replay ISS game records; --check compares their results with the engine"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="ISS records (.sgf, .sgf.bz2, -)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--check", action="store_true", help="compare every record's result with the engine's"
    )
    mode.add_argument("--json", action="store_true", help="write JSON records, one a line")
    parser.add_argument(
        "--lang", choices=("en", "de"), default="en", help="language of the explanations"
    )


def run(args: argparse.Namespace) -> int:
    out = sys.stdout
    if args.check:
        return _check(args.files, out)
    return _replay(args.files, out, as_json=args.json, lang=args.lang)


def _records(paths: list[str]) -> Iterator[tuple[str, IssRecord | RecordError]]:
    """Every item of every file; file errors become a one-line :class:`UserError`."""
    for path in paths:
        name = "<stdin>" if path == "-" else path
        try:
            for item in read_iss(path):
                yield name, item
        except (OSError, EOFError) as exc:
            raise UserError(f"{name}: {_reason(exc)}") from None


def _reason(exc: BaseException) -> str:
    """One line for a file error.

    >>> _reason(FileNotFoundError(2, "No such file or directory")), _reason(EOFError("cut   short"))
    ('No such file or directory', 'cut short')
    """
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    text = " ".join(str(exc).split())
    return text or type(exc).__name__


def _label(source: str, record: IssRecord) -> str:
    """``ID 1234``, or ``file:line`` for a record without an ID.

    >>> _label("a.sgf", IssRecord(moves=[], id="7")), _label("a.sgf", IssRecord(moves=[], line_no=3))
    ('ID 7', 'a.sgf:3')
    """
    return f"ID {record.id}" if record.id else f"{source}:{record.line_no}"


def _check(paths: list[str], out: TextIO) -> int:
    checked = agree = differ = skipped = 0
    for source, item in _records(paths):
        if isinstance(item, RecordError):
            skipped += 1
            print(f"{item.label}: skipped: {item.reason}", file=out)
            continue
        label = _label(source, item)
        try:
            diffs = check(item)
        except SkipRecord as exc:
            skipped += 1
            print(f"{label}: skipped: {exc}", file=out)
            continue
        except ReplayError as exc:
            checked += 1
            differ += 1
            print(f"{label}: the engine cannot replay it: {exc}", file=out)
            continue
        checked += 1
        if diffs:
            differ += 1
            print(f"{label}: " + "; ".join(str(d) for d in diffs), file=out)
        else:
            agree += 1
    print(f"checked: {checked}, agree: {agree}, differ: {differ}, skipped: {skipped}", file=out)
    return 1 if differ else 0


def _replay(paths: list[str], out: TextIO, *, as_json: bool, lang: str) -> int:
    failed = 0
    for source, item in _records(paths):
        if isinstance(item, RecordError):
            failed += 1
            print(f"{item.label}: skipped: {item.reason}", file=sys.stderr)
            continue
        label = _label(source, item)
        try:
            if as_json:
                print(dumps(record_to_json(item)), file=out)
                continue
            game = replay(item)
        except SkipRecord as exc:
            failed += 1
            print(f"{label}: skipped: {exc}", file=sys.stderr)
            continue
        except ReplayError as exc:
            failed += 1
            print(f"{label}: the engine cannot replay it: {exc}", file=sys.stderr)
            continue
        game.label = label
        print(game.summary(lang), file=out)
    return 1 if failed else 0
