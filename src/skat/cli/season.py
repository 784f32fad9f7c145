"""A club championship over many evenings (a season): the club's register of members, the
evenings (each a tournament file run with ``skat tournament`` or on the web and exported),
and the season's standing over all series or each player's best N.

The season file (JSON) names its evenings' tournament files, relative to its own folder;
``evening`` starts one with the players who came (the season's rules: Kontra and Re by
default, as club evenings play) or adds a tournament file that exists.  Every command that
changes the season file locks it (two at once land one after the other) and writes it
atomically.

examples:
  skat season new club.json "Club championship 2026" --best 20
  skat season members club.json --add "Anna Berg" --number 17
  skat season members club.json --guest "Eva Gast"
  skat season members club.json --import register.csv
  skat season evening club.json 2026-03-06 --players "Anna Berg,Ben,Cora,Dirk"
  skat tournament seat club-2026-03-06.json --seed 1        (then enter, check as usual)
  skat season evening club.json 2026-03-13 --file march13.json
  skat season standings club.json
  skat season standings club.json --format csv > season.csv
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from skat.cli.errors import UserError, os_reason
from skat.cli.tournament import _decode
from skat.core.language import N_, say
from skat.series.storage import atomic_write
from skat.tournament import (
    GUESTS,
    KONTRA_SETTINGS,
    SEASON_TIEBREAKS,
    Evening,
    Format,
    Member,
    Player,
    Season,
    Tournament,
    TournamentError,
    dumps,
    load,
    season_dumps,
    season_loads,
    season_sheet,
    to_csv,
    to_html,
    to_text,
    with_kontra,
)

NAME = "season"
HELP = N_("help.season")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    sub = parser.add_subparsers(dest="action", metavar=say(lang, "help.var.action"), required=True)
    p = sub.add_parser("new", help=say(lang, "help.season.new"))
    p.add_argument(
        "file", help=say(lang, "help.season.new.file"), metavar=say(lang, "help.arg.file")
    )
    p.add_argument(
        "name", help=say(lang, "help.season.new.name"), metavar=say(lang, "help.arg.name")
    )
    p.add_argument("--best", type=int, metavar="N", help=say(lang, "help.season.new.best"))  # fmt: skip
    p.add_argument("--guests", choices=GUESTS, default="rank",
                   help=say(lang, "help.season.new.guests"))  # fmt: skip
    p.add_argument(
        "--tiebreaks",
        default="won,fewer_lost",
        help=say(lang, "help.season.new.tiebreaks", tiebreaks=", ".join(SEASON_TIEBREAKS)),
        metavar=say(lang, "help.var.tiebreaks"),
    )
    p.add_argument(
        "--series",
        type=int,
        default=2,
        help=say(lang, "help.season.new.series"),
        metavar=say(lang, "help.var.series"),
    )
    p.add_argument(
        "--deals",
        type=int,
        default=12,
        help=say(lang, "help.season.new.deals"),
        metavar=say(lang, "help.var.deals"),
    )
    p.add_argument(
        "--rules",
        default="tournament",
        help=say(lang, "help.season.new.rules"),
        metavar=say(lang, "help.var.rules"),
    )
    p.add_argument(
        "--kontra",
        choices=KONTRA_SETTINGS,
        default="on",
        help=say(lang, "help.season.new.kontra"),
    )
    p.add_argument("--force", action="store_true", help=say(lang, "help.season.new.force"))

    p = sub.add_parser("members", help=say(lang, "help.season.members"))
    p.add_argument("file", metavar=say(lang, "help.arg.file"))
    p.add_argument(
        "--add", metavar=say(lang, "help.var.name"), help=say(lang, "help.season.members.add")
    )
    p.add_argument(
        "--number",
        default="",
        help=say(lang, "help.season.members.number"),
        metavar=say(lang, "help.var.number"),
    )
    p.add_argument("--guest", action="append", default=[], metavar=say(lang, "help.var.name"),
                   help=say(lang, "help.season.members.guest"))  # fmt: skip
    p.add_argument("--remove", action="append", default=[], metavar=say(lang, "help.var.name"),
                   help=say(lang, "help.season.members.remove"))  # fmt: skip
    p.add_argument("--import", dest="import_csv", metavar=say(lang, "help.var.csv"),
                   help=say(lang, "help.season.members.import"))  # fmt: skip

    p = sub.add_parser("evening", help=say(lang, "help.season.evening"))
    p.add_argument("file", metavar=say(lang, "help.arg.file"))
    p.add_argument(
        "date", help=say(lang, "help.season.evening.date"), metavar=say(lang, "help.arg.date")
    )
    p.add_argument("--file", dest="evening_file", metavar=say(lang, "help.var.tournament"),
                   help=say(lang, "help.season.evening.file"))  # fmt: skip
    p.add_argument("--players", default="", metavar="A,B,..",
                   help=say(lang, "help.season.evening.players"))  # fmt: skip

    p = sub.add_parser("standings", help=say(lang, "help.season.standings"))
    p.add_argument("file", metavar=say(lang, "help.arg.file"))
    p.add_argument("--format", choices=("text", "csv", "html"), default="text")


def run(args: argparse.Namespace) -> int:
    action = {"new": _new, "members": _members, "evening": _evening, "standings": _standings}[
        args.action
    ]
    if args.action == "standings":
        return action(args)
    with _locked(args.file):  # two changes at once both land, one after the other
        return action(args)


@contextmanager
def _locked(path: str) -> Iterator[None]:
    """``path`` locked for a change (``flock`` on ``.NAME.lock`` beside it), as
    ``skat tournament`` locks its files."""
    import fcntl

    target = Path(path)
    try:
        fd = os.open(target.parent / f".{target.name}.lock", os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise UserError.said(
            N_("cli.season.cannot-lock"), path=path, strerror=os_reason(exc)
        ) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


# ---------------------------------------------------------------------- file access


def _load(path: str) -> Season:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UserError.said(N_("cli.season.no-season-file-start"), path=path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError.said(N_("cli.season.cannot-read"), path=path, exc=exc) from None
    try:
        return season_loads(text)
    except TournamentError as exc:
        raise UserError.said(N_("cli.season.error"), path=path, exc=exc) from None


def _save(season: Season, path: str | Path) -> None:
    try:
        atomic_write(path, season_dumps(season))
    except OSError as exc:
        raise UserError.said(
            N_("cli.season.cannot-write"), path=path, strerror=os_reason(exc)
        ) from None


def _evenings(path: str, season: Season) -> list[Tournament]:
    """The evenings' tournaments, each file read relative to the season file's folder."""
    base = Path(path).parent
    out = []
    for e in season.evenings:
        try:
            out.append(load(base / e.file))
        except TournamentError as exc:
            raise UserError.said(N_("cli.season.evening"), date=e.date, exc=exc) from None
    return out


# ---------------------------------------------------------------------- actions


def _new(args: argparse.Namespace) -> int:
    if Path(args.file).exists() and not args.force:
        raise UserError.said(N_("cli.season.exists-force-overwrite"), file=args.file)
    tiebreaks = tuple(x.strip() for x in args.tiebreaks.split(",") if x.strip())
    try:
        season = Season(args.name, best=args.best, guests=args.guests, tiebreaks=tiebreaks,
                        rules=with_kontra(args.rules, args.kontra), series=args.series,
                        deals=args.deals)  # fmt: skip
        Format(args.series, args.deals)
    except TournamentError as exc:
        raise UserError.said(N_("cli.error.of"), error=exc) from None
    _save(season, args.file)
    lang = args.words or "en"
    if season.best is None:
        said = say(
            lang, "cli.season.made-all", file=args.file, name=season.name, rules=season.rules
        )
    else:
        said = say(
            lang,
            "cli.season.made-best",
            file=args.file,
            name=season.name,
            best=season.best,
            rules=season.rules,
        )
    print(said)
    return 0


def _members(args: argparse.Namespace) -> int:
    season = _load(args.file)
    members = [m for m in season.members if m.name not in args.remove]
    unknown = sorted(set(args.remove) - {m.name for m in season.members})
    if unknown:
        raise UserError.said(N_("cli.season.no-member-remove"), value=", ".join(unknown))
    if args.import_csv:
        members.extend(_import(_read(args.import_csv)))
    if args.add:
        members.append(Member(args.add.strip(), args.number.strip()))
    members.extend(Member(g.strip(), guest=True) for g in args.guest)
    try:
        changed = replace(season, members=tuple(members))
    except TournamentError as exc:
        raise UserError.said(N_("cli.error.of"), error=exc) from None
    if changed != season:
        _save(changed, args.file)
    lang = args.words or "en"
    guest = say(lang, "cli.season.guest")
    for m in changed.members:
        print(f"{m.number:>6}  {m.name}" + (f"  ({guest})" if m.guest else ""))
    guests = sum(m.guest for m in changed.members)
    print(
        say(lang, "cli.season.members-count", members=len(changed.members) - guests, guests=guests)
    )
    return 0


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return _decode(Path(path).read_bytes(), path)
    except OSError as exc:
        raise UserError.said(
            N_("cli.season.cannot-read-2"), path=path, strerror=os_reason(exc)
        ) from None


_YES = ("yes", "ja", "x", "guest", "gast", "1", "true")
_HEADER = ("name", "spieler", "mitglied", "member")


def _import(text: str) -> list[Member]:
    """Members from CSV: name, member number, guest (``yes``/``ja``/``x``); semicolons or
    commas (the first line decides); a header line is skipped; a bad line is refused with
    its number."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    sep = ";" if first.count(";") > first.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=sep))
    out = []
    for line, row in enumerate(rows, 1):
        cells = [c.strip() for c in row] + ["", ""]
        if not any(cells) or (line == 1 and cells[0].lower() in _HEADER):
            continue
        if len(row) > 3 and any(c.strip() for c in row[3:]):
            raise UserError.said(N_("cli.season.register-csv-line-columns"), line=line, value=len(row))  # fmt: skip
        try:
            out.append(Member(cells[0], cells[1], cells[2].lower() in _YES))
        except TournamentError as exc:
            raise UserError.said(N_("cli.season.register-csv-line"), line=line, exc=exc) from None
    return out


def _evening(args: argparse.Namespace) -> int:
    season = _load(args.file)
    if any(e.date == args.date for e in season.evenings):
        raise UserError.said(N_("cli.season.season-has-evening-already"), date=args.date)
    base = Path(args.file).parent
    name = args.evening_file or f"{Path(args.file).stem}-{args.date}.json"
    target = base / name
    if target.exists():
        if args.players:
            raise UserError.said(N_("cli.season.exists-its-players-are"), target=target)
        t = _evenings(args.file, replace(season, evenings=(Evening(args.date, name),)))[0]
        made = False
    else:
        players = [n.strip() for n in args.players.split(",") if n.strip()]
        if not players:
            raise UserError.said(N_("cli.season.new-evening-needs-players"))
        try:
            t = Tournament(f"{season.name} {args.date}", tuple(map(Player, players)),
                           Format(season.series, season.deals), season.rules)  # fmt: skip
        except TournamentError as exc:
            raise UserError.said(N_("cli.error.of"), error=exc) from None
        try:
            atomic_write(target, dumps(t))
        except OSError as exc:
            raise UserError.said(
                N_("cli.season.cannot-write-2"), target=target, strerror=os_reason(exc)
            ) from None
        made = True
    _save(replace(season, evenings=(*season.evenings, Evening(args.date, name))), args.file)
    guests = [n for n in t.names if season.member(n) is None]
    lang = args.words or "en"
    done = N_("cli.season.evening-started") if made else N_("cli.season.evening-added")
    print(say(lang, done, file=args.file, date=args.date, target=target, n=len(t.players)))
    if guests:
        print(say(lang, "cli.season.counted-as-guests", names=", ".join(guests)))
    if made:
        print(say(lang, "cli.season.seat-it", target=target))
    return 0


def _standings(args: argparse.Namespace) -> int:
    season = _load(args.file)
    sheet = season_sheet(season, _evenings(args.file, season))
    if args.format == "csv":
        sys.stdout.write(to_csv(sheet))
    elif args.format == "html":
        sys.stdout.write(to_html([sheet], season.name))
    else:
        print(to_text([sheet]))
    return 0
