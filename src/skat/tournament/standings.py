"""Standings: per series and overall, by team or club, by category.

A player's series result is his line on his table's list (:mod:`skat.tournament.points`);
a list counts only when the check finds nothing (:func:`skat.tournament.check.check_list`).
The overall standing adds the series.  The Skatwettspielordnung (SkWO 5.1) fixes the points
and leaves ties to the tournament's announcement; the tie-breaks here are the ones
announcements use, applied in the tournament's order (``Tournament.tiebreaks``):

``best_series``
    the higher best single series;
``last_series``
    the higher result in the latest series counted;
``won``
    more games won as declarer;
``fewer_lost``
    fewer games lost as declarer;
``lot``
    the lot, drawn once by the director and recorded in the tournament
    (:meth:`~skat.tournament.model.Tournament.draw_lot`); until it is drawn the players
    share the place and the standings say the lot is to be drawn.

The DSkV's order (more games won, then fewer lost, then the lot) is ``DSKV_TIEBREAKS``, the
default of a new tournament (``skat tournament new``, the web form).
Players equal on points and every tie-break share the place (the next place is skipped).
Teams (or tandems, or clubs) rank by the sum of their members' points, then by their best
member's.

>>> from skat.tournament.model import Player, Table, Seating, TableList, GameEntry, Tournament
>>> t = Tournament("Evening", tuple(Player(n) for n in "ABC"))
>>> t = t.with_seating(1, Seating((Table(1, ("A", "B", "C")),)))
>>> games = [GameEntry("B", "G", True, 72)] + [GameEntry(None)] * 35
>>> t = t.with_list(TableList(1, 1, ("A", "B", "C"), tuple(games)))
>>> [(s.place, s.name, s.points) for s in standings(t).rows]
[(1, 'B', 122), (2, 'A', 0), (2, 'C', 0)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from skat.core.language import N_
from skat.core.rules import Rules
from skat.tournament.check import assess
from skat.tournament.games import Problem
from skat.tournament.model import TableList, Tournament, TournamentError
from skat.tournament.points import TablePoints


@dataclass(frozen=True)
class SeriesResult:
    """One player's series: table, points, games won and lost as declarer."""

    table: int
    points: int
    won: int
    lost: int


@dataclass(frozen=True)
class Standing:
    """One line of the standings; ``series`` holds the points of each series (``None`` while
    the table's list is missing or has problems)."""

    place: int
    name: str
    points: int
    won: int
    lost: int
    series: tuple[int | None, ...]


@dataclass(frozen=True)
class Standings:
    """The ranked lines, and the tables whose lists do not count yet (``"series 1 table 3"``)."""

    rows: tuple[Standing, ...]
    pending: tuple[str, ...] = ()
    waits: tuple[Problem, ...] = ()
    """:attr:`pending` as notes in every language (``Problem.describe``): a table's list not
    counted yet, the lot still to draw."""


@dataclass(frozen=True)
class GroupStanding:
    """A team's, tandem's or club's line: the sum of its members' points."""

    place: int
    group: str
    points: int
    members: tuple[str, ...]


_Key = Callable[[Standing], int]

TIEBREAKS: Final[dict[str, _Key]] = {
    "best_series": lambda s: -max((p for p in s.series if p is not None), default=0),
    "last_series": lambda s: -next((p for p in reversed(s.series) if p is not None), 0),
    "won": lambda s: -s.won,
    "fewer_lost": lambda s: s.lost,
    "lot": lambda s: 0,  # the drawn order (see rank); equal while not drawn
}
"""The tie-breaks by name: each gives a key where lower ranks first."""

DSKV_TIEBREAKS: Final = ("won", "fewer_lost", "lot")
"""More games won, then fewer lost, then the lot (drawn and recorded): the DSkV's rule."""


def series_results(t: Tournament) -> tuple[dict[str, SeriesResult], ...]:
    """Per seated series, each player's result where his table's list counts."""
    rules = Rules.parse(t.rules)
    out = []
    for k, rnd in enumerate(t.rounds, 1):
        results: dict[str, SeriesResult] = {}
        for tl in rnd.lists:
            planned = t.planned(k, tl.table)
            problems, got = _assessed(tl, rules, planned, t.format.time_limit is not None)
            if problems:
                continue
            for i, name in enumerate(tl.players):
                results[name] = SeriesResult(tl.table, got.points[i], got.won[i], got.lost[i])
        out.append(results)
    return tuple(out)


_Assessed = tuple[tuple[Problem, ...], TablePoints]
_SEEN: dict[int, tuple[TableList, Rules, int, bool, _Assessed]] = {}
_SEEN_MAX: Final = 8192


def _assessed(tl: TableList, rules: Rules, planned: int, time_limit: bool) -> _Assessed:
    """:func:`~skat.tournament.check.assess`, remembered for the very list object: live
    standings ask again and again about lists that do not change (lists are immutable)."""
    seen = _SEEN.get(id(tl))
    if seen is not None and seen[0] is tl and seen[1:4] == (rules, planned, time_limit):
        return seen[4]
    got = assess(tl, rules, planned, time_limit=time_limit)
    if len(_SEEN) >= _SEEN_MAX:
        _SEEN.clear()
    _SEEN[id(tl)] = (tl, rules, planned, time_limit, got)
    return got


def standings(t: Tournament, series: int | None = None) -> Standings:
    """The overall standings, or those of one series (``series`` from 1)."""
    for name in t.tiebreaks:
        if name not in TIEBREAKS:
            raise TournamentError.of(
                N_("cli.tour.unknown-tie-break-known"), name=name, value=", ".join(TIEBREAKS)
            )
    results = series_results(t)
    if series is not None:
        t.round(series)  # the series must be seated
    chosen = range(len(results)) if series is None else [series - 1]
    removed = {p.name for p in t.players if p.left is not None and t.leavers == "remove"}
    lines = [  # a withdrawn player is left out when the tournament takes leavers out
        _standing(name, [results[k].get(name) for k in chosen])
        for name in t.names
        if name not in removed
    ]
    ranked = rank(lines, t.tiebreaks, t.lot)
    pending = _pending(t, results, chosen, ranked)
    return Standings(ranked, tuple(p for p, _ in pending), tuple(w for _, w in pending))


def _standing(name: str, mine: Sequence[SeriesResult | None]) -> Standing:
    """``name``'s line, not yet placed, from his results in the series counted (``None``
    where his table's list does not count yet)."""
    return Standing(
        0,
        name,
        sum(r.points for r in mine if r),
        sum(r.won for r in mine if r),
        sum(r.lost for r in mine if r),
        tuple(r.points if r else None for r in mine),
    )


def _pending(
    t: Tournament,
    results: Sequence[dict[str, SeriesResult]],
    chosen: Iterable[int],
    ranked: Sequence[Standing],
) -> list[tuple[str, Problem]]:
    """What the standings still wait for, as :attr:`Standings.pending` names it and as its
    note in every language: the tables whose lists do not count yet, and the lot when the
    tie-break ``lot`` is to decide shared places not yet drawn."""
    pending = [
        (
            f"series {k + 1} table {table.number}",
            Problem.of(None, N_("tour.note.not_counted"), series=k + 1, table=table.number),
        )
        for k in chosen
        for table in t.rounds[k].seating.tables
        if table.players[0] not in results[k]
    ]
    places = [s.place for s in ranked]
    if "lot" in t.tiebreaks and not t.lot and len(set(places)) < len(places):
        lot = Problem.of(None, N_("tour.note.lot"))
        pending.append((lot.reason, lot))
    return pending


def rank(
    lines: Iterable[Standing], tiebreaks: Sequence[str], lot: Sequence[str] = ()
) -> tuple[Standing, ...]:
    """Sort by points and the tie-breaks (``lot``: the drawn order of the names, for the
    ``lot`` tie-break); equal lines share a place."""
    drawn = {name: i for i, name in enumerate(lot)}
    keys = [
        (lambda s: drawn.get(s.name, len(drawn))) if name == "lot" and drawn else TIEBREAKS[name]
        for name in tiebreaks
    ]

    def key(s: Standing) -> tuple[int, ...]:
        return (-s.points, *(k(s) for k in keys))

    ordered = sorted(lines, key=key)
    out: list[Standing] = []
    for i, s in enumerate(ordered):
        place = out[-1].place if out and key(ordered[i - 1]) == key(s) else i + 1
        out.append(Standing(place, s.name, s.points, s.won, s.lost, s.series))
    return tuple(out)


def group_standings(
    t: Tournament, by: str = "team", overall: Standings | None = None
) -> tuple[GroupStanding, ...]:
    """Teams (``by="team"``, tandems too) or clubs (``by="club"``) by their members' points
    (``overall``: the standings when already at hand)."""
    if by not in ("team", "club"):
        raise TournamentError.of(N_("cli.tour.groups-are-by-team"), by=by)
    points = {s.name: s.points for s in (overall or standings(t)).rows}
    groups: dict[str, list[str]] = {}
    for p in t.players:
        label = p.team if by == "team" else p.club
        if label:
            groups.setdefault(label, []).append(p.name)

    def key(g: tuple[str, list[str]]) -> tuple[int, int, str]:
        total = sum(points[m] for m in g[1])
        return (-total, -max(points[m] for m in g[1]), g[0])

    ordered = sorted(groups.items(), key=key)
    out: list[GroupStanding] = []
    for i, (label, members) in enumerate(ordered):
        tied = out and key(ordered[i - 1])[:2] == key((label, members))[:2]
        place = out[-1].place if tied else i + 1
        members.sort(key=lambda m: -points[m])
        out.append(GroupStanding(place, label, sum(points[m] for m in members), tuple(members)))
    return tuple(out)


def category_standings(t: Tournament, category: str) -> tuple[Standing, ...]:
    """The overall standings of the players in ``category``, placed among themselves."""
    members = {p.name for p in t.players if category in p.categories}
    if not members:
        raise TournamentError.of(N_("cli.tour.no-player-category"), category=category)
    rows = [s for s in standings(t).rows if s.name in members]
    return rank(rows, t.tiebreaks, t.lot)
