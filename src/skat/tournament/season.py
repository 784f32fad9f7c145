"""A club championship over many evenings (a season): the club's register of members, the
evenings (each a tournament of whoever came, :class:`~skat.tournament.model.Tournament`), and
the season's standing over every series played, or over each player's best N series.

Attendance differs from evening to evening: a player's season counts the series he played
(a series whose table's list does not count yet, or that he did not play, is not one of
them).  With ``best`` set, only his best ``best`` series count (by points, then more games
won, then fewer lost); ``None`` counts them all.  Ties are broken by the season's tie-breaks
(:data:`skat.tournament.standings.TIEBREAKS` without the lot: more games won, then fewer
lost by default, over the series counted); equal players share the place.

Players are known by name.  The register holds the members (a member number each) and the
regular guests, marked; a player of an evening who is not in the register plays as a guest
too.  With ``guests="apart"`` the championship ranks the members only and lists the guests
after them without a place; ``"rank"`` (default) ranks everybody, guests marked.

>>> from skat.tournament.model import GameEntry, Player, Seating, Table, TableList, Tournament
>>> def evening(date, players, declarer, value):
...     t = Tournament(date, tuple(map(Player, players)))
...     t = t.with_seating(1, Seating((Table(1, players),)))
...     games = (GameEntry(declarer, "G", True, value),) + (GameEntry(None),) * 35
...     return t.with_list(TableList(1, 1, players, games))
>>> s = Season("Club 2026", (Member("Anna", "1"), Member("Ben", "2"), Member("Cora", "3")),
...            best=1)
>>> one = evening("March", ("Anna", "Ben", "Cora"), "Ben", 48)
>>> two = evening("April", ("Anna", "Ben", "Eva"), "Anna", 72)
>>> [(r.place, r.name, r.points, r.guest) for r in season_standings(s, [one, two]).rows]
[(1, 'Anna', 122, False), (2, 'Ben', 98, False), (3, 'Cora', 0, False), (3, 'Eva', 0, True)]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from skat.core.language import N_
from skat.core.rules import Rules
from skat.tournament.model import Tournament, TournamentError, check_name
from skat.tournament.report import Sheet
from skat.tournament.standings import TIEBREAKS, SeriesResult, Standing, rank, series_results

FORMAT: Final = "skat-season"
VERSION: Final = 1
GUESTS: Final = ("rank", "apart")
"""Guests ranked with the members (marked), or apart: listed after them without a place."""
SEASON_TIEBREAKS: Final = tuple(name for name in TIEBREAKS if name != "lot")
"""The tie-breaks a season may use (a season draws no lot)."""
EVENING_RULES: Final = "tournament,kontra=on"
"""A club evening's rules by default: the tournament list with Kontra and Re."""


@dataclass(frozen=True)
class Member:
    """A player of the club's register: name, member number (as the club writes it), and
    whether a (regular) guest."""

    name: str
    number: str = ""
    guest: bool = False

    def __post_init__(self) -> None:
        check_name(self.name, "member")
        if not self.number.isprintable() or self.number != self.number.strip():
            raise TournamentError.of(
                N_("cli.tour.member-no-member-number"), name=self.name, number=self.number
            )


@dataclass(frozen=True)
class Evening:
    """One evening of the season: its date (as the club names it, ``2026-03-06``) and its
    tournament file, relative to the season file's folder."""

    date: str
    file: str


@dataclass(frozen=True)
class Season:
    """A club championship: the register, the evenings, what counts (``best``: each
    player's best N series, ``None``: all), the guests' place, the tie-breaks, and what a new
    evening is (its rules, series and deals per player)."""

    name: str
    members: tuple[Member, ...] = ()
    evenings: tuple[Evening, ...] = ()
    best: int | None = None
    guests: str = "rank"
    tiebreaks: tuple[str, ...] = ("won", "fewer_lost")
    rules: str = EVENING_RULES
    series: int = 2
    deals: int = 12

    def __post_init__(self) -> None:
        check_name(self.name, "season")
        if self.best is not None and (isinstance(self.best, bool) or self.best < 1):
            raise TournamentError.of(N_("cli.tour.best-number-series-from"), best=self.best)
        if self.guests not in GUESTS:
            raise TournamentError.of(
                N_("cli.tour.guests-one-not"), value=", ".join(GUESTS), guests=self.guests
            )
        unknown = [x for x in self.tiebreaks if x not in SEASON_TIEBREAKS]
        if unknown:
            raise TournamentError.of(
                N_("cli.tour.unknown-season-tie-break"),
                value=unknown[0],
                value2=", ".join(SEASON_TIEBREAKS),
            )
        Rules.parse(self.rules)
        for seen, error in (
            (self.members, N_("cli.tour.member-entered-twice")),
            (self.evenings, N_("cli.tour.evening-entered-twice")),
        ):
            keys = [getattr(x, "name", getattr(x, "date", "")) for x in seen]
            twice = next((k for k in keys if keys.count(k) > 1), None)
            if twice is not None:
                raise TournamentError.of(error, name=twice)

    def member(self, name: str) -> Member | None:
        """The register's entry of ``name``, if any."""
        return next((m for m in self.members if m.name == name), None)


@dataclass(frozen=True)
class SeasonStanding:
    """One line of the season: place (``None``: a guest listed apart), name, member number,
    guest or not, the points, games won and lost of the series counted, the series played
    and counted, and the points of each evening (all its series; ``None``: absent)."""

    place: int | None
    name: str
    number: str
    guest: bool
    points: int
    won: int
    lost: int
    played: int
    counted: int
    evenings: tuple[int | None, ...]


@dataclass(frozen=True)
class SeasonStandings:
    """The season's lines, and what does not count yet (an evening's table without a list
    that counts)."""

    rows: tuple[SeasonStanding, ...]
    pending: tuple[str, ...] = field(default=())


def _played(
    evenings: Sequence[Tournament],
) -> tuple[dict[str, list[tuple[int, SeriesResult]]], list[str]]:
    """Per player the series he played (evening index, result) in order, and the tables
    whose lists do not count yet."""
    played: dict[str, list[tuple[int, SeriesResult]]] = {}
    pending: list[str] = []
    for i, t in enumerate(evenings):
        for k, results in enumerate(series_results(t), 1):
            for table in t.rounds[k - 1].seating.tables:
                if table.players[0] not in results:
                    pending.append(f"{t.name}: series {k} table {table.number}")
            for name in t.names:
                if name in results:
                    played.setdefault(name, []).append((i, results[name]))
    return played, pending


def _counted(series: list[tuple[int, SeriesResult]], best: int | None) -> list[SeriesResult]:
    """The series that count, in the order played: all, or the best ``best``."""
    if best is None or len(series) <= best:
        return [r for _, r in series]
    order = sorted(
        range(len(series)),
        key=lambda j: (-series[j][1].points, -series[j][1].won, series[j][1].lost),
    )
    chosen = sorted(order[:best])
    return [series[j][1] for j in chosen]


def season_standings(season: Season, evenings: Sequence[Tournament]) -> SeasonStandings:
    """The season's standing from its evenings (in the season's order)."""
    played, pending = _played(evenings)
    names = [m.name for m in season.members if m.name in played]
    names += sorted(n for n in played if season.member(n) is None)
    lines = [_line(name, _counted(played[name], season.best)) for name in names]
    guests = {n for n in names if (m := season.member(n)) is None or m.guest}
    apart = season.guests == "apart"
    ranked = rank([s for s in lines if not (apart and s.name in guests)], season.tiebreaks)
    rest = rank([s for s in lines if apart and s.name in guests], season.tiebreaks)
    rows = []
    for s, place in [*((s, s.place) for s in ranked), *((s, None) for s in rest)]:
        member = season.member(s.name)
        mine = played[s.name]
        rows.append(SeasonStanding(place, s.name, member.number if member else "",
                                   s.name in guests, s.points, s.won, s.lost, len(mine),
                                   len(s.series), _nights(mine, len(evenings))))  # fmt: skip
    return SeasonStandings(tuple(rows), tuple(pending))


def _line(name: str, counted: Sequence[SeriesResult]) -> Standing:
    """``name``'s line, not yet placed: the sums of the series counted."""
    return Standing(0, name, sum(r.points for r in counted), sum(r.won for r in counted),
                    sum(r.lost for r in counted), tuple(r.points for r in counted))  # fmt: skip


def _nights(mine: Sequence[tuple[int, SeriesResult]], count: int) -> tuple[int | None, ...]:
    """A player's points of each evening (all its series), ``None`` where he was absent."""
    out: list[int | None] = [None] * count
    for i, r in mine:
        out[i] = (out[i] or 0) + r.points
    return tuple(out)


def season_sheet(season: Season, evenings: Sequence[Tournament]) -> Sheet:
    """The season's standing as a sheet (printed as text, CSV, HTML, ODS or PDF like every
    tournament sheet): place, member number, player, guest, points, won, lost, series played
    and counted, then each evening's points."""
    st = season_standings(season, evenings)
    dates = tuple(season.evenings[i].date if i < len(season.evenings) else t.name
                  for i, t in enumerate(evenings))  # fmt: skip
    rows = tuple(
        ("" if r.place is None else r.place, r.number, r.name, "guest" if r.guest else "",
         r.points, r.won, r.lost, r.played, r.counted,
         *("" if p is None else p for p in r.evenings))
        for r in st.rows
    )  # fmt: skip
    counts = "all series count" if season.best is None else f"the best {season.best} series count"
    notes = (f"{counts}; tie-breaks: {', '.join(season.tiebreaks) or 'none'}",
             *(f"{p}: no list counted yet" for p in st.pending))  # fmt: skip
    if season.guests == "apart":
        notes = (*notes, "guests are listed after the members, without a place")
    header = ("place", "no.", "player", "guest", "points", "won", "lost", "series", "counted")
    return Sheet(f"{season.name}: season standings", (*header, *dates), rows, notes)


# ---------------------------------------------------------------------- the season file


def season_dumps(season: Season) -> str:
    """The season file's text (JSON)."""
    data = {
        "format": FORMAT,
        "version": VERSION,
        "name": season.name,
        "best": season.best,
        "guests": season.guests,
        "tiebreaks": list(season.tiebreaks),
        "evening": {"rules": season.rules, "series": season.series, "deals": season.deals},
        "members": [{"name": m.name, "number": m.number, "guest": m.guest}
                    for m in season.members],
        "evenings": [{"date": e.date, "file": e.file} for e in season.evenings],
    }  # fmt: skip
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


def season_loads(text: str) -> Season:
    """Read a season file; anything wrong is one :class:`TournamentError` line."""
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"not a {FORMAT} file")
        if data.get("version") != VERSION:
            raise ValueError(f"version {data.get('version')!r}, not {VERSION}")
        evening = _dict(data.get("evening", {}), "evening")
        return Season(
            _text(data.get("name"), "name"),
            tuple(_member(m) for m in _list(data.get("members", []), "members")),
            tuple(
                Evening(
                    _text(_dict(e, "evenings").get("date"), "evening date"),
                    _text(e.get("file"), "evening file"),
                )
                for e in _list(data.get("evenings", []), "evenings")
            ),
            _opt_int(data.get("best"), "best"),
            _text(data.get("guests", "rank"), "guests"),
            tuple(_text(x, "tiebreaks") for x in _list(data.get("tiebreaks", []), "tiebreaks")),
            _text(evening.get("rules", EVENING_RULES), "evening rules"),
            _int(evening.get("series", 2), "evening series"),
            _int(evening.get("deals", 12), "evening deals"),
        )
    except (ValueError, TypeError, RecursionError) as exc:
        raise TournamentError.of(N_("cli.tour.season-file"), exc=exc) from None


def _member(m: object) -> Member:
    d = _dict(m, "members")
    guest = d.get("guest", False)
    if not isinstance(guest, bool):
        raise ValueError(f"member guest: true or false, not {guest!r}")
    return Member(_text(d.get("name"), "member name"), _text(d.get("number", ""), "number"),
                  guest)  # fmt: skip


def _dict(v: object, where: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise ValueError(f"{where}: an object, not {v!r}")
    return v


def _list(v: object, where: str) -> list[Any]:
    if not isinstance(v, list):
        raise ValueError(f"{where}: a list, not {v!r}")
    return v


def _text(v: object, where: str) -> str:
    if not isinstance(v, str):
        raise ValueError(f"{where}: a text, not {v!r}")
    return v


def _int(v: object, where: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise ValueError(f"{where}: a whole number, not {v!r}")
    return v


def _opt_int(v: object, where: str) -> int | None:
    return None if v is None else _int(v, where)
