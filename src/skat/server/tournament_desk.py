"""The tournament desk: what the director and the tables may do to a stored tournament, and
what the pages show.  Pure and synchronous (the routes in :mod:`skat.server.tournament_web`
hold a lock per tournament and store the result).

Every game a table enters goes through the list check (:func:`skat.tournament.check_list`):
an entry with a problem is refused with the reason and never counts.  While a series runs the
standings are *live*: a table's list counts as far as it is entered (as under a time limit);
a list is final when the table's players have confirmed its closing total, or the director
entered or corrected it (each correction is logged with the list before and after).

>>> from skat.tournament import GameEntry, Player, Tournament
>>> from skat.server.tournament_store import WebState
>>> t = Tournament("Cup", tuple(Player(n) for n in ("Anna", "Ben", "Cora")))
>>> desk = Desk("t1", t, WebState.new("k"))
>>> desk.seat(1, "lot", seed=1)
>>> table = desk.t.round(1).seating.tables[0]
>>> desk.enter(1, 1, GameEntry(table.players[1], "G", True, 50))
Traceback (most recent call last):
...
skat.server.tournament_desk.DeskError: game 1: 50 is no value of a won G (G won is worth 48, 72, 96, …)
>>> desk.enter(1, 1, GameEntry(table.players[1], "G", True, 72), "phone-1")  # stored
False
>>> desk.enter(1, 1, GameEntry(table.players[1], "G", True, 72), "phone-1")  # a double tap
True
>>> top = desk.view()["standings"][0]["rows"][0]
>>> top[1] == table.players[1], top[4]
(True, 122)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from skat.core.language import LANGUAGES, SOURCE, say
from skat.core.rules import Rules
from skat.server.tournament_store import Correction, WebState
from skat.tournament import (
    KONTRA_SETTINGS,
    LEAVERS,
    TIEBREAKS,
    GameEntry,
    Player,
    Sheet,
    TableList,
    Tournament,
    TournamentError,
    category_sheet,
    check_list,
    format_list,
    groups_sheet,
    list_sheet,
    parse_list,
    seat_by_lot,
    seat_by_standings,
    seating_sheet,
    standings,
    standings_sheet,
    table_points,
    unchecked,
    with_kontra,
)
from skat.tournament.kontra import NAMES, allowed
from skat.tournament.kontra import setting_of as kontra_setting


class DeskError(TournamentError):
    """A refused action; ``status`` is the HTTP status to answer with.  The message is
    English; :meth:`describe` words it in a page's language (``lambda lang: say(lang, key)``)."""

    def __init__(self, message: str | Callable[[str], str], status: int = 409) -> None:
        self.words = message if callable(message) else (lambda lang: str(message))
        super().__init__(self.words(SOURCE))
        self.status = status

    def describe(self, lang: str = "en") -> str:
        """The message in ``lang`` (as every tournament error says it)."""
        return self.words(lang)


def sheet_json(s: Sheet) -> dict[str, Any]:
    """A sheet as the pages draw it."""
    return {"title": s.title, "header": list(s.header), "rows": [list(r) for r in s.rows],
            "notes": list(s.notes),
            "notes_in": {lang: list(s.notes_in(lang)) for lang in LANGUAGES}}  # fmt: skip


class Desk:
    """One tournament with its web state; every method changes both or refuses."""

    def __init__(self, tid: str, t: Tournament, state: WebState) -> None:
        self.tid = tid
        self.t = t
        self.state = state
        self.rules = Rules.parse(t.rules)
        self._view: dict[str, Any] | None = None

    # ------------------------------------------------------------------ director

    def set_players(self, players: list[Player]) -> None:
        """Replace the players (after the first seating: add late arrivals; a seated player
        stays, and one who withdrew keeps that)."""
        had = {p.name: p for p in self.t.players}
        self.t = self.t.with_players([
            replace(p, left=had[p.name].left, joined=had[p.name].joined) if p.name in had else p
            for p in players
        ])  # fmt: skip
        self._changed()

    def withdraw(self, name: str, after: int | None = None, game: int | None = None) -> None:
        """``name`` leaves: plays no series after ``after`` (default: the last seated one
        with a list, or the one before a seated series without lists); with ``game`` he
        leaves during series ``after`` (default: the last seated one), whose list at his
        table ends after that game."""
        if after is None:
            after = len(self.t.rounds) if game is not None else self._last_played()
        self.t = self.t.withdraw(name, after, game)
        self._changed()

    def substitute(self, series: int, old: str, new: Player) -> None:
        """``new`` takes ``old``'s seat in ``series`` (before that table entered a game)."""
        self.t = self.t.substitute(series, old, new)
        self._changed()

    def settings(self, leavers: str, tiebreaks: tuple[str, ...] | None = None) -> None:
        """What a withdrawn player's standing becomes (``count`` or ``remove``) and the
        tie-breaks in order (:data:`skat.tournament.TIEBREAKS`)."""
        if leavers not in LEAVERS:
            raise DeskError(f"leavers: one of {', '.join(LEAVERS)}, not {leavers!r}", 400)
        tiebreaks = self.t.tiebreaks if tiebreaks is None else tiebreaks
        unknown = [x for x in tiebreaks if x not in TIEBREAKS]
        if unknown:
            raise DeskError(f"unknown tie-break {unknown[0]!r} (known: {', '.join(TIEBREAKS)})",
                            400)  # fmt: skip
        self.t = replace(self.t, leavers=leavers, tiebreaks=tiebreaks)
        self._changed()

    def set_kontra(self, setting: str) -> None:
        """Kontra on the lists ``off``, ``on`` (Kontra and Re) or to ``supra``; refused while
        an entered list holds a Kontra the new setting forbids."""
        if setting not in KONTRA_SETTINGS:
            raise DeskError(f"kontra: one of {', '.join(KONTRA_SETTINGS)}, not {setting!r}", 400)
        rules = with_kontra(self.t.rules, setting)
        top = allowed(Rules.parse(rules))
        for k, rnd in enumerate(self.t.rounds, 1):
            for tl in rnd.lists:
                said = max((g.kontra for g in tl.games), default=0)
                if said > top:
                    raise DeskError(f"series {k} table {tl.table} has a game with "
                                    f"{NAMES[said]}: correct it first")  # fmt: skip
        self.t = replace(self.t, rules=rules)
        self.rules = Rules.parse(rules)
        self._changed()

    def draw_lot(self, seed: int) -> None:
        """Draw the lot for the ``lot`` tie-break; recorded, and logged."""
        self.t = self.t.draw_lot(seed)
        self.state.log.append(Correction(_now(), 0, 0, "", "lot: " + ", ".join(self.t.lot),
                                         f"lot drawn (seed {seed})"))  # fmt: skip
        self._changed()

    def _last_played(self) -> int:
        k = len(self.t.rounds)
        while k and not any(tl.games for tl in self.t.rounds[k - 1].lists):
            k -= 1
        return k

    def seat(
        self, series: int, method: str, seed: int | None = None, override: str | None = None
    ) -> None:
        """Seat ``series`` by lot (``seed``) or by the standings so far.  By standings needs
        every list of the series before checked (:func:`skat.tournament.unchecked`), or an
        ``override`` with its reason, which is logged with what was missing."""
        if method == "standings":
            if series == 1:
                raise DeskError(lambda lang: say(lang, "server.tour.firstByLot"))
            missing = unchecked(self.t, series - 1) if len(self.t.rounds) >= series - 1 else ()
            if missing and override is None:
                done = len(self.t.rounds) >= series - 1
                raise DeskError(lambda lang: say(
                    lang, "tour.problem.seat_standings", series=series,
                    missing="; ".join(unchecked(self.t, series - 1, lang) if done else ()),
                ))  # fmt: skip
            if missing and not (override or "").strip():
                raise DeskError(lambda lang: say(lang, "server.tour.overrideReason"), 400)
            if missing:
                self.state.log.append(Correction(_now(), series, 0, "",
                                                 f"seated by standings with: {'; '.join(missing)}",
                                                 (override or "").strip()))  # fmt: skip
            active = self.t.active(series)
            playing = {p.name for p in active}
            ranked = [s.name for s in standings(self.t).rows if s.name in playing]
            ranked += [p.name for p in active if p.name not in ranked]  # late arrivals last
            seating = seat_by_standings(active, ranked, teams=self.t.teams)
        elif method == "lot":
            if seed is None:
                raise DeskError(lambda lang: say(lang, "server.tour.lotSeed"), 400)
            seating = seat_by_lot(self.t.active(series), seed=seed, teams=self.t.teams)
        else:
            raise DeskError(f"seat by lot or standings, not {method!r}", 400)
        self.t = self.t.with_seating(series, seating)
        self._changed()

    def correct(
        self, series: int, table: int, text: str, reason: str, base: str | None = None
    ) -> None:
        """The director enters or corrects a table's list (typed, see
        :func:`skat.tournament.parse_list`); logged, final when it passes the check.
        ``base``: the list's text the director started from; refused when the table has
        entered more since (the correction would drop it)."""
        self._open(series)
        if not reason.strip():
            raise DeskError(lambda lang: say(lang, "server.tour.correctionReason"), 400)
        players = self._table(series, table)
        games, written = parse_list(text, players)
        old = self.t.round(series).list_of(table)
        now = "" if old is None else format_list(old.games, _written(old))
        if base is not None and base != now:
            count = 0 if old is None else len(old.games)
            raise DeskError(lambda lang: say(lang, "server.tour.listChanged", count=count))
        new = TableList(series, table, players, games, written.get("totals"),
                        written.get("won"), written.get("lost"))  # fmt: skip
        self.t = self.t.with_list(new)
        self.state.log.append(
            Correction(
                _now(),
                series,
                table,
                "" if old is None else _summary(self, old),
                _summary(self, new),
                reason.strip(),
            )
        )
        self.state.confirmed[f"{series}:{table}"] = ["director"]
        self._changed()

    def lock(self, series: int, locked: bool) -> None:
        """Lock a series (no table enters or confirms anything more) or open it again."""
        self.t.round(series)
        if locked and series not in self.state.locked:
            self.state.locked.append(series)
        if not locked and series in self.state.locked:
            self.state.locked.remove(series)
        self._changed()

    def publish(self, published: bool) -> None:
        """Mark the results as published (the public page says final) or take that back."""
        self.state.published = published
        self._changed()

    # ------------------------------------------------------------------ tables

    def enter(self, series: int, table: int, entry: GameEntry, client: str | None = None) -> bool:
        """A table enters its next game: counted only when the check finds nothing.
        ``client``: the entry's id from the form; an entry whose id was stored already (a
        double tap, a retry after a lost answer) is acknowledged (``True``), not stored
        again."""
        seen = self.state.seen.setdefault(f"{series}:{table}", [])
        if client is not None and client in seen:
            return True
        self._open(series)
        self._unconfirmed(series, table)
        players = self._table(series, table)
        old = self.t.round(series).list_of(table)
        games = (*(old.games if old else ()), entry)
        new = TableList(series, table, players, games)
        planned = self.t.planned(series, table)
        if len(games) > planned and planned < self.t.format.games(len(players)):
            gone = [p.name for p in self.t.players if p.name in players and p.left == series]
            left = ", ".join(gone)
            raise DeskError(
                lambda lang: say(lang, "server.tour.listEnded", n=planned, gone=left), 422
            )
        problems = check_list(new, self.rules, planned, time_limit=True)
        if problems:
            raise DeskError(lambda lang: "; ".join(p.describe(lang) for p in problems), 422)
        self.t = self.t.with_list(new)
        if client is not None:
            seen.append(client)
        self._changed()
        return False

    def undo(self, series: int, table: int) -> None:
        """Take back the table's last game (before the closing total is confirmed)."""
        self._open(series)
        self._unconfirmed(series, table)
        old = self.t.round(series).list_of(table)
        if old is None or not old.games:
            raise DeskError(lambda lang: say(lang, "server.tour.noUndo"))
        self.t = self.t.with_list(replace(old, games=old.games[:-1]))
        self._changed()

    def confirm(self, series: int, table: int, name: str) -> None:
        """A player of the table confirms the closing total of the complete list."""
        self._open(series)
        players = self._table(series, table)
        if name not in players:
            raise DeskError(f"{name!r} does not sit at this table", 400)
        tl = self.t.round(series).list_of(table)
        planned = self.t.planned(series, table)
        limit = self.t.format.time_limit is not None
        if tl is None or check_list(tl, self.rules, planned, time_limit=limit):
            size = len(players)
            raise DeskError(lambda lang: say(lang, "server.tour.notComplete", size=size, n=planned))
        who = self.state.confirmed.setdefault(f"{series}:{table}", [])
        if name not in who:
            who.append(name)
        self._changed()

    # ------------------------------------------------------------------ views

    def final(self, series: int, table: int) -> bool:
        """Is the table's list confirmed by all its players (a player who left during the
        series is gone: the others confirm), or set by the director?"""
        who = self.state.confirmed.get(f"{series}:{table}", [])
        gone = {p.name for p in self.t.players if p.left == series and p.left_game is not None}
        return "director" in who or set(who) >= set(self._table(series, table)) - gone

    def live(self) -> Tournament:
        """The tournament with every list counted as far as it is entered."""
        limit = self.t.format.time_limit or 1
        return replace(self.t, format=replace(self.t.format, time_limit=limit))

    def view(self) -> dict[str, Any]:
        """What the public standings page shows (computed once a version: every open
        standings page asks for it every few seconds)."""
        if self._view is not None and self._view["version"] == self.state.version:
            return self._view
        self._view = self._compute_view()
        return self._view

    def _compute_view(self) -> dict[str, Any]:
        live = self.live()
        sheets = [standings_sheet(live)]
        sheets.extend(standings_sheet(live, k) for k in range(1, len(live.rounds) + 1))
        groups = self.group_sheets(live)
        return {
            "id": self.tid,
            "name": self.t.name,
            "rules": self.t.rules,
            "kontra": kontra_setting(self.t.rules),
            "series": self.t.format.series,
            "players": len(self.t.players),
            "version": self.state.version,
            "published": self.state.published,
            "locked": self.state.locked,
            "progress": self._progress(),
            "standings": [sheet_json(s) for s in sheets],
            "groups": [sheet_json(s) for s in groups],
            "log": [c.__dict__ for c in self.state.log],
        }

    def group_sheets(self, live: Tournament) -> list[Sheet]:
        """Teams and clubs (where the players have them), then each category."""
        groups = [groups_sheet(live, by) for by in ("team", "club")
                  if any(getattr(p, by) for p in live.players)]  # fmt: skip
        cats = sorted({c for p in live.players for c in p.categories})
        groups.extend(category_sheet(live, c) for c in cats)
        return groups

    def table_view(self, series: int, table: int) -> dict[str, Any]:
        """What a table's page shows: its players, its list so far, who confirmed."""
        players = self._table(series, table)
        tl = self.t.round(series).list_of(table)
        return {
            "name": self.t.name,
            "series": series,
            "table": table,
            "players": list(players),
            "planned": self.t.planned(series, table),
            "entered": len(tl.games) if tl else 0,
            "dealer": players[(len(tl.games) if tl else 0) % len(players)],
            "kontra": allowed(self.rules),
            "list": sheet_json(list_sheet(self.live(), series, table)) if tl else None,
            "confirmed": self.state.confirmed.get(f"{series}:{table}", []),
            "final": self.final(series, table),
            "locked": series in self.state.locked,
            "version": self.state.version,
        }

    def director_view(self, base: str) -> dict[str, Any]:
        """What the director's page shows: players, series with table links, lists as text."""
        rounds = []
        for k, rnd in enumerate(self.t.rounds, 1):
            tables = []
            for table in rnd.seating.tables:
                tl = rnd.list_of(table.number)
                key = self.state.table_key(self.tid, k, table.number)
                tables.append({
                    "table": table.number,
                    "players": list(table.players),
                    "url": f"{base}/t/{self.tid}/table/{k}/{table.number}#{key}",
                    "text": "" if tl is None else format_list(tl.games, _written(tl)),
                })  # fmt: skip
            rounds.append({"series": k, "seating": sheet_json(seating_sheet(self.t, k)),
                           "tables": tables, "locked": k in self.state.locked})  # fmt: skip
        return {
            **self.view(),
            "player_list": [p.__dict__ for p in self.t.players],
            "rounds": rounds,
            "problems": self._problems("en"),
            "problems_in": {lang: self._problems(lang) for lang in LANGUAGES},
        }

    # ------------------------------------------------------------------ helpers

    def _progress(self) -> list[dict[str, Any]]:
        out = []
        for k, rnd in enumerate(self.t.rounds, 1):
            for table in rnd.seating.tables:
                tl = rnd.list_of(table.number)
                out.append({"series": k, "table": table.number, "players": list(table.players),
                            "entered": len(tl.games) if tl else 0,
                            "planned": self.t.planned(k, table.number),
                            "final": self.final(k, table.number)})  # fmt: skip
        return out

    def _problems(self, lang: str = "en") -> list[str]:
        out = []
        limit = self.t.format.time_limit is not None
        for k, rnd in enumerate(self.t.rounds, 1):
            for tl in rnd.lists:
                planned = self.t.planned(k, tl.table)
                for p in check_list(tl, self.rules, planned, time_limit=limit):
                    out.append(say(lang, "tour.problem.at_table", series=k, table=tl.table,
                                   why=p.describe(lang)))  # fmt: skip
        return out

    def _table(self, series: int, table: int) -> tuple[str, ...]:
        rnd = self.t.round(series)
        found = next((x for x in rnd.seating.tables if x.number == table), None)
        if found is None:
            raise DeskError(
                lambda lang: say(lang, "server.tour.noTable", series=series, table=table), 404
            )
        return found.players

    def _open(self, series: int) -> None:
        self.t.round(series)
        if series in self.state.locked:
            raise DeskError(lambda lang: say(lang, "server.tour.locked", series=series))

    def _unconfirmed(self, series: int, table: int) -> None:
        if self.state.confirmed.get(f"{series}:{table}"):
            raise DeskError(lambda lang: say(lang, "server.tour.confirming"))

    def _changed(self) -> None:
        self.state.version += 1


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def _written(tl: TableList) -> dict[str, tuple[int, ...]]:
    pairs = (("totals", tl.written_totals), ("won", tl.written_won), ("lost", tl.written_lost))
    return {k: v for k, v in pairs if v is not None}


def _summary(desk: Desk, tl: TableList) -> str:
    """``3 games, totals Anna 122, Ben 0, Cora 0`` for the log."""
    got = table_points(tl, desk.rules)
    totals = ", ".join(f"{n} {v}" for n, v in zip(tl.players, got.points, strict=True))
    return f"{len(tl.games)} games, totals {totals}"
