"""Replay game records with the rules engine.

Each FILE holds ISS records, one a line, or JSON game records (format skat-game, versions 1
and 2: one a line, or one pretty-printed record, or a JSON list of records); plain, bzip2 or
gzip, each found by content (- is stdin).  Without options, one line per game: the record,
the declarer, the contract and the result explained.  --json writes each game as a JSON
record (one a line) instead.

--check recomputes every game and compares the record's result field by field (ISS: d,
win/loss/penalty, v, m, bidok/overbid, p, t, s, z, p0-p2, l, to, r, passed; JSON: every field
of its "result").  It prints a line for each game that differs ("ID 1234: v record -96 engine
-48; p record 56 engine 55"), a line for each record it skips (unreadable lines, hidden cards,
no result, malformed JSON) with the reason, and as the last line "checked: N, agree: A,
differ: D, skipped: S".  Penalty records (a player timed out or left before the game was
declared) are checked too; a record whose moves the engine refuses counts as differing.  Exit
status 1 if any game differs, 2 (with the reason) if not one game could be checked.

examples:
  skat replay tests/data/iss/real.sgf
  skat replay --check games.sgf.bz2 games.jsonl
  bzcat games.sgf.bz2 | skat replay --json - > games.jsonl
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TextIO

from skat.cli.errors import Said, UserError, os_reason
from skat.cli.words import seat_name
from skat.core.language import LANGUAGES, N_, say
from skat.core.seats import Seat
from skat.records.iss import IssRecord, IssWriteError, RecordError, open_text, read_iss
from skat.records.jsonrecord import (
    JsonGame,
    JsonRecordError,
    JsonReplayError,
    check_json,
    dumps,
    load_json,
    record_to_json,
    replay_to_json,
    split_json,
    state_to_json,
)
from skat.records.replay import ReplayError, SkipRecord, check, replay

NAME = "replay"
HELP = N_("help.replay")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "files",
        nargs="+",
        metavar=say(lang, "help.var.file"),
        help=say(lang, "help.replay.files"),
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help=say(lang, "help.replay.check"))
    mode.add_argument("--json", action="store_true", help=say(lang, "help.replay.json"))
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="en", help=say(lang, "help.replay.lang")
    )


def run(args: argparse.Namespace) -> int:
    out = sys.stdout
    if args.check:
        return _check(args.files, out)
    return _replay(args.files, out, as_json=args.json, lang=args.lang)


@dataclass(frozen=True)
class JsonItem:
    """One JSON record of a file: where it starts, a label for messages, and the decoded
    object (``None`` with ``error`` set when the text is no JSON)."""

    label: str
    data: object = None
    error: str = ""


Item = IssRecord | RecordError | JsonItem


def read_records(paths: list[str]) -> Iterator[tuple[str, Item]]:
    """Every item of every file; file errors become a one-line :class:`UserError`."""
    for path in paths:
        name = "<stdin>" if path == "-" else path
        try:
            f = open_text(path)
            try:
                for item in _items(f, name):
                    yield name, item
            finally:
                if path != "-":
                    f.close()
        except (OSError, EOFError) as exc:
            raise UserError.said(N_("cli.replay.error"), name=name, value=_reason(exc)) from None


def _items(lines: Iterable[str], source: str) -> Iterator[Item]:
    """The records of one file: JSON if its first line that is not blank (or an ISS comment)
    starts with ``{`` or ``[``, else ISS lines.

    >>> [type(x).__name__ for x in _items(["", '{"a": 1}', "[1, 2]"], "f")]
    ['JsonItem', 'JsonItem', 'JsonItem']
    >>> [x.label for x in _items(["# c", '[{"meta": {"id": "7"}}, {}]', "{"], "f")]
    ['ID 7', 'f:2[1]', 'f:3']
    >>> [type(x).__name__ for x in _items(["(;GM[Skat]MV[w x];)", "{"], "f")]
    ['IssRecord', 'RecordError']
    """
    it = iter(lines)
    head = []
    first = ""
    for line in it:
        head.append(line)
        text = line.strip()
        if text and not text.startswith("#"):
            first = text
            break
    if not first.startswith(("{", "[")):
        for item in read_iss(itertools.chain(head, it)):
            yield replace(item, source=source) if isinstance(item, RecordError) else item
        return
    head[:-1] = ["" for _ in head[:-1]]  # blank or comment lines before the first record
    for line_no, text in split_json(itertools.chain(head, it)):
        where = f"{source}:{line_no}"
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            yield JsonItem(where, error=f"not JSON: {_reason(exc)}")
            continue
        if isinstance(data, list):
            for i, element in enumerate(data):
                yield JsonItem(_json_label(element, f"{where}[{i}]"), element)
        else:
            yield JsonItem(_json_label(data, where), data)


def _json_label(data: object, where: str) -> str:
    """``ID 1234`` for a record whose meta has an id, else ``file:line``."""
    meta = data.get("meta") if isinstance(data, Mapping) else None
    ident = meta.get("id") if isinstance(meta, Mapping) else None
    if isinstance(ident, str) and ident and len(ident) <= 64 and ident.isprintable():
        return f"ID {ident}"
    return where


def _reason(exc: BaseException) -> Said | str:
    """One line for a file error (a common reason of the system said in the error's language).

    >>> _reason(FileNotFoundError(2, "No such file or directory")), _reason(EOFError("cut   short"))
    (Said(key='cli.os.enoent', values={}), 'cut short')
    """
    if isinstance(exc, OSError):
        return os_reason(exc)
    text = " ".join(str(exc).split())
    return text or type(exc).__name__


def _label(source: str, record: IssRecord) -> str:
    """``ID 1234``, or ``file:line`` for a record without an ID.

    >>> _label("a.sgf", IssRecord(moves=[], id="7")), _label("a.sgf", IssRecord(moves=[], line_no=3))
    ('ID 7', 'a.sgf:3')
    """
    return f"ID {record.id}" if record.id else f"{source}:{record.line_no}"


class _Counts:
    def __init__(self) -> None:
        self.checked = self.agree = self.differ = self.skipped = 0

    def __str__(self) -> str:
        return (
            f"checked: {self.checked}, agree: {self.agree}, differ: {self.differ}, "
            f"skipped: {self.skipped}"
        )


def _check(paths: list[str], out: TextIO) -> int:
    n = _Counts()
    for source, item in read_records(paths):
        if isinstance(item, RecordError):
            n.skipped += 1
            print(f"{item.label}: skipped: {item.reason}", file=out)
            continue
        if isinstance(item, JsonItem):
            _check_json(item, n, out)
            continue
        label = _label(source, item)
        try:
            diffs = check(item)
        except SkipRecord as exc:
            n.skipped += 1
            print(f"{label}: skipped: {exc}", file=out)
            continue
        except ReplayError as exc:
            n.checked += 1
            n.differ += 1
            print(f"{label}: the engine cannot replay it: {exc}", file=out)
            continue
        n.checked += 1
        if diffs:
            n.differ += 1
            print(f"{label}: " + "; ".join(str(d) for d in diffs), file=out)
        else:
            n.agree += 1
    print(n, file=out)
    if n.checked == 0:
        if n.skipped:
            raise UserError.said(N_("cli.replay.all-skipped"), skipped=n.skipped)
        raise UserError.said(N_("cli.replay.no-record"))
    return 1 if n.differ else 0


def _check_json(item: JsonItem, n: _Counts, out: TextIO) -> None:
    label = item.label
    if item.error:
        n.skipped += 1
        print(f"{label}: skipped: {item.error}", file=out)
        return
    if not isinstance(item.data, Mapping):
        n.skipped += 1
        print(f"{label}: skipped: a record is a JSON object, not {_kind(item.data)}", file=out)
        return
    try:
        diffs = check_json(item.data)
    except JsonReplayError as exc:
        n.checked += 1
        n.differ += 1
        print(f"{label}: the engine cannot replay it: {exc}", file=out)
        return
    except JsonRecordError as exc:
        n.skipped += 1
        print(f"{label}: skipped: {exc}", file=out)
        return
    n.checked += 1
    if diffs:
        n.differ += 1
        print(f"{label}: " + "; ".join(str(d) for d in diffs), file=out)
    else:
        n.agree += 1


def _replay(paths: list[str], out: TextIO, *, as_json: bool, lang: str) -> int:
    failed = 0
    for source, item in read_records(paths):
        if isinstance(item, RecordError):
            failed += 1
            print(f"{item.label}: skipped: {item.reason}", file=sys.stderr)
            continue
        if isinstance(item, JsonItem):
            line = _json_line(item, as_json=as_json, lang=lang)
            if line is None:
                failed += 1
            else:
                print(line, file=out)
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


def _json_line(item: JsonItem, *, as_json: bool, lang: str) -> str | None:
    """The output line of a JSON record (``None`` after reporting a problem on stderr)."""
    label = item.label
    if item.error:
        print(f"{label}: skipped: {item.error}", file=sys.stderr)
        return None
    if not isinstance(item.data, Mapping):
        print(
            f"{label}: skipped: a record is a JSON object, not {_kind(item.data)}", file=sys.stderr
        )
        return None
    try:
        game = load_json(item.data, check_result=False)  # --check compares the results
    except JsonReplayError as exc:
        print(f"{label}: the engine cannot replay it: {exc}", file=sys.stderr)
        return None
    except JsonRecordError as exc:
        print(f"{label}: skipped: {exc}", file=sys.stderr)
        return None
    if as_json:  # written anew: the result is the engine's
        if game.version == 1:
            return dumps(replay_to_json(game.replay, game.meta))
        return dumps(state_to_json(game.state, game.meta))
    return _summary(game, label, lang)


def _summary(game: JsonGame, label: str, lang: str) -> str:
    """The summary line of a loaded JSON record: the ISS replay's where the ISS format can
    express the game, else the declarer, the contract and the engine's explanation."""
    try:
        rep = game.replay
    except IssWriteError:
        pass
    else:
        rep.label = label
        return rep.summary(lang)
    if game.variant != "skat":
        label = f"{label} ({game.variant})"
    r = game.result
    if r is None:  # pragma: no cover - a loaded version 2 game is over
        return f"{label}: no result"
    if r.declarer is None or r.contract is None:
        return f"{label}: {r.explain(lang)}"
    if game.variant == "officers":
        dealer = say(lang, "term.officers_dealer")
        who = dealer if r.declarer else seat_name(lang, Seat(0)).capitalize()
    else:
        who = seat_name(lang, Seat(r.declarer)).capitalize()
    return say(
        lang,
        "term.record_summary",
        label=label,
        who=who,
        contract=r.contract,
        bid=r.bid,
        result=r.explain(lang),
    )


def _kind(value: object) -> str:
    """``a list``, ``a number``, ... for messages."""
    names = {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list"}
    return "null" if value is None else names.get(type(value), type(value).__name__)
