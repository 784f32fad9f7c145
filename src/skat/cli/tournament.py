"""Run a club evening or a tournament from a JSON tournament file: players, seating, the
tables' lists (typed in from paper), the list check, standings, money and exports.

Every command reads the file, changes it and writes it back atomically: a refused change
leaves the file as it was.  A list is typed one game a line (``Ben G won 72``, ``passed``,
``Anna C lost 48 50`` with the bid, ``totals 1 2 3`` for the table's own sums): see
docs/tournament.md.

examples:
  skat tournament new cup.json "Club cup" --series 2 --loss-fees 0.50,0.50,0.50,1
  skat tournament players cup.json --add Anna --add Ben --team Aces
  skat tournament players cup.json --import players.csv
  skat tournament seat cup.json --seed 4711 --cards --pdf tables.pdf
  skat tournament enter cup.json --series 1 --table 3 --list table3.txt
  skat tournament check cup.json
  skat tournament seat cup.json --by standings
  skat tournament standings cup.json --money --prizes
  skat tournament export cup.json results.ods
  skat tournament export cup.json results.pdf
"""

from __future__ import annotations

import argparse
import csv
import getpass
import io
import json
import os
import secrets
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from skat.cli.errors import UserError, os_reason
from skat.cli.tournamentargs import CHANGES
from skat.cli.tournamentargs import add_arguments as add_arguments  # the subcommand's (main)
from skat.core.language import N_, say
from skat.core.rules import Rules
from skat.series.storage import atomic_path, atomic_write
from skat.tournament import (
    TIEBREAKS,
    Format,
    Money,
    Player,
    Seating,
    Sheet,
    TableList,
    Tournament,
    category_sheet,
    check_list,
    format_list,
    groups_sheet,
    list_sheet,
    load,
    loads,
    money_sheet,
    parse_cents,
    parse_list,
    player_cards,
    prize_sheet,
    seat_by_lot,
    seat_by_plan,
    seat_by_standings,
    seating_sheet,
    standings,
    standings_sheet,
    table_points,
    to_csv,
    to_dict,
    to_html,
    to_pdf,
    to_text,
    unchecked,
    with_kontra,
    workbook,
    write_ods,
)

NAME = "tournament"
HELP = N_("help.tournament")


def run(args: argparse.Namespace) -> int:
    if args.action == "enter":  # typed before the file is locked (a person may be typing)
        args.list_text = _read(args.list_file)
    if args.action in CHANGES:
        with open_file(args.file, args.who):
            return _run(args)
    return _run(args)


def _run(args: argparse.Namespace) -> int:
    action = {
        "new": _new,
        "players": _players,
        "seat": _seat,
        "enter": _enter,
        "lot": _lot,
        "check": _check,
        "standings": _standings,
        "export": _export,
    }[args.action]
    return action(args)


# ---------------------------------------------------------------------- file access


class TournamentFile:
    """A tournament file opened for a change: locked (``fcntl.flock`` on ``.NAME.lock``
    beside it) from reading to writing, so two commands at once both land; written
    atomically, and only if it did not change since it was read (an editor, or a program
    that takes no lock); every change is added to the file's ``history`` with who and when.
    """

    def __init__(self, path: str, who: str) -> None:
        self.path = path
        self.who = who
        self.text: str | None = None
        self.history: list[dict[str, object]] = []

    @property
    def tournament(self) -> Tournament:
        """The tournament as read now (the file must exist)."""
        if not Path(self.path).is_file():
            raise UserError.said(N_("cli.tournament.no-tournament-file-start"), path=self.path)
        try:
            text = Path(self.path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UserError.said(
                N_("cli.tournament.cannot-read"), path=self.path, exc=exc
            ) from None
        t = loads(text)
        self.text = text
        history = json.loads(text).get("history", [])
        self.history = list(history) if isinstance(history, list) else []
        return t

    def write(
        self,
        t: Tournament,
        action: str,
        who: str | None = None,
        details: dict[str, object] | None = None,
    ) -> None:
        """Write ``t`` with the change ``action`` (and its ``details``) added to the history."""
        now = Path(self.path).read_text(encoding="utf-8") if Path(self.path).exists() else None
        if now != self.text:
            raise UserError.said(N_("cli.tournament.changed-since-it-was"), path=self.path)  # fmt: skip
        entry: dict[str, object] = {
            "at": datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC"),
            "by": who or self.who,
            "action": action,
            **(details or {}),
        }
        data = {**to_dict(t), "history": [*self.history, entry]}
        text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
        try:
            atomic_write(self.path, text)
        except OSError as exc:
            raise UserError.said(
                N_("cli.tournament.cannot-write"), path=self.path, strerror=os_reason(exc)
            ) from None
        self.text, self.history = text, data["history"]


_OPEN: dict[str, TournamentFile] = {}


@contextmanager
def open_file(path: str, who: str | None = None) -> Iterator[TournamentFile]:
    """``path`` locked for a change (see :class:`TournamentFile`)."""
    import fcntl

    target = Path(path)
    lock = target.parent / f".{target.name}.lock"
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise UserError.said(
            N_("cli.tournament.cannot-lock"), path=path, strerror=os_reason(exc), lock=lock
        ) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # waits while another command changes the file
        f = TournamentFile(path, who or _who())
        _OPEN[path] = f
        try:
            yield f
        finally:
            _OPEN.pop(path, None)
    finally:
        os.close(fd)


def _who() -> str:
    """Who makes a change when ``--who`` is not given: the login name."""
    try:
        return os.environ.get("SKAT_DIRECTOR") or getpass.getuser()
    except (OSError, KeyError):
        return "?"


def _load(path: str) -> Tournament:
    held = _OPEN.get(path)
    if held is not None:
        return held.tournament
    if not Path(path).is_file():
        raise UserError.said(N_("cli.tournament.no-tournament-file-start"), path=path)
    return load(path)


def _save(t: Tournament, path: str, action: str, **details: object) -> None:
    held = _OPEN.get(path)
    if held is None:  # pragma: no cover - every changing command holds its file
        raise RuntimeError(f"{path} is not open for a change")
    held.write(t, action, None, details)


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError.said(N_("cli.tournament.cannot-read"), path=path, exc=exc) from None


def _read_players(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        return _decode(Path(path).read_bytes(), path)
    except OSError as exc:
        raise UserError.said(
            N_("cli.tournament.cannot-read-2"), path=path, strerror=os_reason(exc)
        ) from None


def _amounts(text: str, what: str) -> tuple[int, ...]:
    try:
        return tuple(parse_cents(a) for a in text.split(",") if a.strip())
    except ValueError as exc:
        raise UserError.said(N_("cli.tournament.error"), what=what, exc=exc) from None


# ---------------------------------------------------------------------- actions


def _new(args: argparse.Namespace) -> int:
    if Path(args.file).exists() and not args.force:
        raise UserError.said(N_("cli.tournament.exists-force-overwrite"), file=args.file)
    Rules.parse(args.rules)
    rules = with_kontra(args.rules, args.kontra) if args.kontra else args.rules
    fees = []
    for part in (x for x in args.table_fee.split(",") if x.strip()):
        size, _, amount = part.partition("=")
        if size.strip() not in ("3", "4"):
            raise UserError.said(N_("cli.tournament.table-fee-not-x"), part=part)
        fees.append((int(size), _amounts(amount, "--table-fee")[0] if amount.strip() else 0))
    t = Tournament(
        args.name,
        (),
        Format(args.series, args.deals, args.time_limit),
        rules,
        args.teams,
        Money(
            _amounts(args.loss_fees, "--loss-fees"),
            tuple(fees),
            _amounts(args.entry_fee, "--entry-fee")[0] if args.entry_fee.strip() else 0,
            _amounts(args.prizes, "--prizes"),
        ),
        tuple(x.strip() for x in args.tiebreaks.split(",") if x.strip()),
    )
    for name in t.tiebreaks:
        if name not in TIEBREAKS:
            raise UserError.said(
                N_("cli.tournament.unknown-tie-break-known"), name=name, value=", ".join(TIEBREAKS)
            )
    held = _OPEN.get(args.file)
    if held is not None and Path(args.file).exists():  # --force: over the file as it is now
        try:
            held.text = Path(args.file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UserError.said(
                N_("cli.tournament.cannot-overwrite"), file=args.file, exc=exc
            ) from None
    _save(t, args.file, "new")
    lang = args.words or "en"
    print(
        say(
            lang,
            "cli.tournament.made",
            file=args.file,
            name=t.name,
            series=t.format.series,
            rules=t.rules,
        )
    )
    return 0


def _players(args: argparse.Namespace) -> int:
    t = _load(args.file)
    changed = _changed_players(t, args)
    if changed != t:
        t = changed
        _save(t, args.file, "players", added=list(args.add), removed=list(args.remove),
              withdrawn=list(args.withdraw), substitute=args.substitute or "")  # fmt: skip
    _print_players(t, args.words or "en")
    return 0


def _changed_players(t: Tournament, args: argparse.Namespace) -> Tournament:
    """``t`` with the players removed, imported and added, the withdrawals, the substitute
    and the leavers' rule of ``skat tournament players``."""
    players = [p for p in t.players if p.name not in args.remove]
    unknown = sorted(set(args.remove) - set(t.names))
    if unknown:
        raise UserError.said(N_("cli.tournament.no-player-remove"), value=", ".join(unknown))
    if args.import_csv:
        players.extend(_import(_read_players(args.import_csv)))
    players.extend(Player(n, args.club, args.team, tuple(args.category)) for n in args.add)
    changed = t
    if players != list(t.players):
        changed = changed.with_players(players)
    for name in args.withdraw:
        after = args.after
        if after is None:  # during the last seated series, or after the last one played
            after = len(changed.rounds) if args.game is not None else _last_played(changed)
        changed = changed.withdraw(name, after, args.game)
    if args.substitute:
        changed = _substitute(changed, args)
    if args.leavers:
        changed = replace(changed, leavers=args.leavers)
    return changed


def _substitute(t: Tournament, args: argparse.Namespace) -> Tournament:
    """``--substitute OLD=NEW``: NEW plays for OLD from the next series on."""
    old, _, new = args.substitute.partition("=")
    if not old.strip() or not new.strip():
        raise UserError.said(
            N_("cli.tournament.substitute-old-new-not"), substitute=args.substitute
        )
    sub = Player(new.strip(), args.club, args.team, tuple(args.category))
    return t.substitute(len(t.rounds), old.strip(), sub)


def _print_players(t: Tournament, lang: str = "en") -> None:
    """The list of players: number, name, club, team, categories, when they joined or left."""
    for i, p in enumerate(t.players, 1):
        status = [] if p.joined == 1 else [say(lang, "cli.tournament.joined", series=p.joined)]
        if p.left is not None and p.left_game is None:
            status.append(say(lang, "cli.tournament.left-after", series=p.left))
        elif p.left is not None:
            status.append(say(lang, "cli.tournament.left-in", series=p.left, game=p.left_game))
        about = ", ".join(x for x in (p.club, p.team, *p.categories, *status) if x)
        print(f"{i:4}  {p.name}" + (f"  ({about})" if about else ""))
    print(say(lang, "cli.tournament.players-count", n=len(t.players)))


def _last_played(t: Tournament) -> int:
    """The last series with a game entered (a leaver plays no series after it)."""
    k = len(t.rounds)
    while k and not any(tl.games for tl in t.rounds[k - 1].lists):
        k -= 1
    return k


_HEADER_WORDS = {"name", "spieler", "spielername", "club", "verein", "team", "mannschaft",
                 "categories", "kategorie", "kategorien", "klasse"}  # fmt: skip


def _decode(raw: bytes, path: str) -> str:
    """A players file's text: UTF-8 (with or without the BOM Excel writes) or, failing that,
    Windows-1252 (a German Excel's "CSV (Trennzeichen-getrennt)"); a workbook is refused."""
    if raw.startswith((b"PK\x03\x04", b"\xd0\xcf\x11\xe0")):
        raise UserError.said(N_("cli.tournament.excel-workbook-not-csv"), path=path)
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise UserError.said(N_("cli.tournament.neither-utf-nor-windows"), path=path)


def _import(text: str) -> list[Player]:
    """Players from CSV: ``name,club,team,categories`` (or with semicolons, as a German
    Excel writes; the separator is the one the first line uses); a header line is skipped;
    categories are joined by ``+`` (or ``;`` within a comma file).  A line that cannot be
    a player is refused with its number and the reason."""
    lines = text.splitlines()
    first = next((line for line in lines if line.strip()), "")
    sep = ";" if first.count(";") > first.count(",") else (
        "\t" if first.count("\t") > first.count(",") else ",")  # fmt: skip
    rows = list(csv.reader(io.StringIO(text), delimiter=sep))
    start = 1
    if rows and rows[0] and rows[0][0].strip().lower() in _HEADER_WORDS:
        rows, start = rows[1:], 2
    return [
        _csv_player(line, row, sep)
        for line, row in enumerate(rows, start)
        if row and any(c.strip() for c in row)
    ]


def _csv_player(line: int, row: list[str], sep: str) -> Player:
    """The player on line ``line`` of a players CSV separated by ``sep``, or a one-line error
    naming the line and what is wrong."""
    cells = [c.strip() for c in row] + ["", "", ""]
    name = cells[0]
    if not name:
        raise UserError.said(N_("cli.tournament.players-csv-line-no"), line=line)
    if name.replace(",", "").replace(".", "").replace("-", "").isdigit():
        raise UserError.said(N_("cli.tournament.players-csv-line-number"), line=line, name=name)  # fmt: skip
    if len(row) > 4 and any(c.strip() for c in row[4:]):
        raise UserError.said(N_("cli.tournament.players-csv-line-columns"), line=line, value=len(row))  # fmt: skip
    sep_cats = "+" if sep == ";" else "+;"
    cats = tuple(c for c in cells[3].translate({ord(x): "+" for x in sep_cats}).split("+")
                 if c.strip())  # fmt: skip
    try:
        return Player(name, cells[1], cells[2], tuple(c.strip() for c in cats))
    except ValueError as exc:
        raise UserError.said(N_("cli.tournament.players-csv-line"), line=line, exc=exc) from None


def _seat(args: argparse.Namespace) -> int:
    t = _load(args.file)
    missing: tuple[str, ...] = ()
    series = args.series or len(t.rounds) + 1
    if args.by == "plan":
        seating = _seat_by_plan(t, series, args.plan)
    elif args.by == "standings":
        missing = _seating_unchecked(t, series, args.override)
        seating = _seat_by_standings(t, series)
    else:
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        seating = seat_by_lot(t.active(series), seed=seed, teams=t.teams)
    t = t.with_seating(series, seating)
    details: dict[str, object] = {"series": series, "method": args.by, "seed": seating.seed}
    if missing:
        details |= {"override": args.override.strip(), "unchecked": list(missing)}
    _save(t, args.file, "seat", **details)
    _write_seating(t, series, args)
    return 0


def _seat_by_plan(t: Tournament, series: int, plan_path: str | None) -> Seating:
    """``--by plan --plan FILE``: the tables as the file lists them, one table a line."""
    if not plan_path:
        raise UserError.said(N_("cli.tournament.by-plan-needs-plan"))
    plan = [
        [n.strip() for n in line.split(",")]
        for line in _read(plan_path).splitlines()
        if line.strip()
    ]
    return seat_by_plan(t.active(series), plan)


def _seating_unchecked(t: Tournament, series: int, override: str | None) -> tuple[str, ...]:
    """Before seating ``series`` by standings: the lists of the series before not checked
    (a one-line error unless ``--override REASON`` is given, kept in the history)."""
    if series == 1:
        raise UserError.said(N_("cli.tournament.first-series-cannot-be"))
    missing = unchecked(t, series - 1)
    if missing and not (override or "").strip():
        raise UserError.said(
            N_("cli.tournament.series-cannot-be-seated"), series=series, value="; ".join(missing)
        )
    return missing


def _seat_by_standings(t: Tournament, series: int) -> Seating:
    """The players of ``series`` seated by the standings so far, late arrivals last."""
    active = t.active(series)
    playing = {p.name for p in active}
    ranked = [s.name for s in standings(t).rows if s.name in playing]
    ranked += [p.name for p in active if p.name not in ranked]  # late arrivals last
    return seat_by_standings(active, ranked, teams=t.teams)


def _write_seating(t: Tournament, series: int, args: argparse.Namespace) -> None:
    """The seating sheet (and with ``--cards`` the player cards) printed, and written to
    ``--html`` and ``--pdf`` when given."""
    sheets: list[Sheet] = [seating_sheet(t, series)]
    if args.cards:
        sheets.extend(player_cards(t))
    print(to_text(sheets))
    if args.html:
        _write_text(args.html, to_html(sheets, t.name))
    if args.pdf:
        _write_bytes(Path(args.pdf), to_pdf(sheets, t.name))


def _lot(args: argparse.Namespace) -> int:
    t = _load(args.file)
    seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
    t = t.draw_lot(seed)
    _save(t, args.file, "lot", seed=seed, order=list(t.lot))
    print(say(args.words or "en", "cli.tournament.lot", seed=seed, order=", ".join(t.lot)))
    return 0


def _enter(args: argparse.Namespace) -> int:
    t = _load(args.file)
    rnd = t.round(args.series)
    table = next((x for x in rnd.seating.tables if x.number == args.table), None)
    if table is None:
        raise UserError.said(
            N_("cli.tournament.series-has-no-table"), series=args.series, table=args.table
        )
    games, written = parse_list(args.list_text, table.players)
    tl = TableList(
        args.series,
        args.table,
        table.players,
        games,
        written.get("totals"),
        written.get("won"),
        written.get("lost"),
    )
    lang = args.words or "en"
    where = say(lang, "cli.tournament.where", series=args.series, table=args.table)
    old = rnd.list_of(args.table)
    if old == tl:
        print(say(lang, "cli.tournament.games-unchanged", where=where, n=len(games)))
        return 0
    action = "enter"
    if old is not None:
        action = "correct" if _problems(t, old) else "replace"
        if action == "replace" and not args.replace:
            _ask_replace(args, f"{where} has a list already ({_summary(t, old)})",
                         f"replace it with {_summary(t, tl)}")  # fmt: skip
    t = t.with_list(tl)
    details: dict[str, object] = {"series": args.series, "table": args.table}
    if old is not None:
        details["before"] = format_list(old.games, _written(old))
    details["after"] = format_list(tl.games, _written(tl))
    _save(t, args.file, action, **details)
    problems = _problems(t, tl, lang)
    done = _DONE[action]
    print(say(lang, done, where=where, n=len(games)))
    for p in problems:
        print(f"  {p}")
    if problems:
        print(say(lang, "cli.tournament.list-does-not-count"))
        return 1
    return 0


_DONE: Final = {
    "enter": N_("cli.tournament.games-entered"),
    "correct": N_("cli.tournament.games-corrected"),
    "replace": N_("cli.tournament.games-replaced"),
}
"""What ``enter`` did to the table's list, by its action (the history's word)."""


def _ask_replace(args: argparse.Namespace, what: str, change: str) -> None:
    """Replacing a counted list asks at a terminal; else it needs ``--replace``."""
    if args.list_file != "-" and sys.stdin.isatty():
        answer = input(f"{what}: {change}? (the old list stays in the history) [y/N] ")
        if answer.strip().lower() in ("y", "yes", "j", "ja"):
            return
        raise UserError.said(N_("cli.tournament.nothing-changed"), what=what)
    raise UserError.said(N_("cli.tournament.replace-replaces-it-old"), what=what)


def _summary(t: Tournament, tl: TableList) -> str:
    """``4 games, totals Anna 103, Ben 152, …`` (who the list makes the winner)."""
    got = table_points(tl, Rules.parse(t.rules))
    totals = ", ".join(f"{n} {v}" for n, v in zip(tl.players, got.points, strict=True))
    return f"{len(tl.games)} games, totals {totals}"


def _written(tl: TableList) -> dict[str, tuple[int, ...]]:
    pairs = (("totals", tl.written_totals), ("won", tl.written_won), ("lost", tl.written_lost))
    return {k: v for k, v in pairs if v is not None}


def _problems(t: Tournament, tl: TableList, lang: str = "en") -> tuple[str, ...]:
    """The list check's problems of ``tl`` in ``lang``."""
    planned = t.planned(tl.series, tl.table)
    got = check_list(tl, Rules.parse(t.rules), planned, time_limit=t.format.time_limit is not None)
    return tuple(p.describe(lang) for p in got)


def _check(args: argparse.Namespace) -> int:
    lang = args.words or "en"
    t = _load(args.file)
    if args.show:
        if args.series is None or args.table is None:
            raise UserError.said(N_("cli.tournament.show-needs-series-table"))
        print(to_text([list_sheet(t, args.series, args.table)]))
        return 0
    found = 0
    series = [args.series] if args.series else range(1, len(t.rounds) + 1)
    for k in series:
        rnd = t.round(k)
        for table in rnd.seating.tables:
            if args.table is not None and table.number != args.table:
                continue
            tl = rnd.list_of(table.number)
            where = say(lang, "cli.tournament.where", series=k, table=table.number)
            if tl is None:
                print(say(lang, "cli.tournament.no-list", where=where))
                continue
            problems = _problems(t, tl, lang)
            found += len(problems)
            if problems:
                print(say(lang, "cli.tournament.problems", where=where, n=len(problems)))
            else:
                print(say(lang, "cli.tournament.list-ok", where=where))
            for p in problems:
                print(f"  {p}")
    return 1 if found else 0


def _standings(args: argparse.Namespace) -> int:
    t = _load(args.file)
    sheets: list[Sheet] = [standings_sheet(t, args.series)]
    if args.by:
        sheets.append(groups_sheet(t, args.by))
    if args.category:
        sheets.append(category_sheet(t, args.category))
    if args.money:
        sheets.append(money_sheet(t))
    if args.prizes:
        sheets.append(prize_sheet(t))
    if args.format == "html":
        sys.stdout.write(to_html(sheets, t.name))
    elif args.format == "csv":
        sys.stdout.write("\n".join(to_csv(s) for s in sheets))
    else:
        print(to_text(sheets))
    return 0


def _export(args: argparse.Namespace) -> int:
    t = _load(args.file)
    out = Path(args.out)
    kind = out.suffix.lower()
    if kind == ".json":  # the file as it is, with its history
        _write_text(args.out, Path(args.file).read_text(encoding="utf-8"))
    elif kind == ".csv":
        _write_text(args.out, to_csv(standings_sheet(t)))
    elif kind == ".html":
        _write_text(args.out, to_html(workbook(t), t.name))
    elif kind == ".ods":
        _write_ods(workbook(t), out)
    elif kind == ".pdf":
        _write_bytes(out, to_pdf(workbook(t), t.name))
    else:
        raise UserError.said(N_("cli.tournament.export-csv-ods-html"), name=out.name)
    print(say(args.words or "en", "cli.tournament.wrote", out=args.out))
    return 0


def _write_text(path: str, text: str) -> None:
    try:
        atomic_write(path, text)
    except OSError as exc:
        raise UserError.said(
            N_("cli.tournament.cannot-write"), path=path, strerror=os_reason(exc)
        ) from None


def _write_bytes(out: Path, data: bytes) -> None:
    try:
        atomic_write(out, data)
    except OSError as exc:
        raise UserError.said(
            N_("cli.tournament.cannot-write-2"), out=out, strerror=os_reason(exc)
        ) from None


def _write_ods(sheets: Sequence[Sheet], out: Path) -> None:
    try:
        with atomic_path(out, suffix=".ods") as tmp:
            write_ods(sheets, str(tmp))
    except OSError as exc:
        raise UserError.said(
            N_("cli.tournament.cannot-write-2"), out=out, strerror=os_reason(exc)
        ) from None
