"""The printable sheets of a tournament as data: a title, a header and rows.

The same :class:`Sheet` is printed as text or HTML (:mod:`skat.tournament.render`) and
exported as CSV or ODS (:mod:`skat.tournament.export`), so every output shows the same figures.

>>> from skat.tournament.model import Player, Tournament
>>> from skat.tournament.seating import seat_by_lot
>>> t = Tournament("Cup", tuple(Player(n) for n in ("Anna", "Ben", "Cora", "Dirk")))
>>> t = t.with_seating(1, seat_by_lot(t.players, seed=3))
>>> s = seating_sheet(t, 1)
>>> s.title, s.header, len(s.rows), s.notes
('Cup: series 1, tables', ('table', 'seat', 'player', 'club', 'team'), 4, ('drawn by lot, seed 3',))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

from skat.core.language import N_, say
from skat.core.rules import Rules
from skat.tournament.check import check_list
from skat.tournament.kontra import NAMES, allowed
from skat.tournament.model import Tournament, TournamentError
from skat.tournament.money import format_cents, player_fees, prize_list, table_fees
from skat.tournament.points import game_entries
from skat.tournament.standings import category_standings, group_standings, standings

Cell = str | int


@dataclass(frozen=True)
class Sheet:
    """One printable table: title, column names, rows, and notes printed below."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    notes: tuple[str, ...] = ()
    said: tuple[Callable[[str], str], ...] = field(default=(), compare=False)
    """The notes in a language (``said[i](lang)`` is note ``i``), where the sheet has them."""

    def notes_in(self, lang: str) -> tuple[str, ...]:
        """The notes in ``lang`` (as they are where the sheet words none)."""
        return tuple(w(lang) for w in self.said) if self.said else self.notes


def seating_sheet(t: Tournament, series: int) -> Sheet:
    """The table list of a series: table, seat (1 deals first), player, club, team."""
    s = t.round(series).seating
    rows = tuple(
        (table.number, seat, name, t.player(name).club, t.player(name).team)
        for table in s.tables
        for seat, name in enumerate(table.players, 1)
    )
    how = {"lot": f"drawn by lot, seed {s.seed}", "plan": "by plan", "standings": "by standings"}
    return Sheet(
        f"{t.name}: series {series}, tables",
        ("table", "seat", "player", "club", "team"),
        rows,
        (how.get(s.method, s.method), *s.notes),
    )


def player_cards(t: Tournament) -> tuple[Sheet, ...]:
    """One card per player: for every seated series the table and seat."""
    cards = []
    for p in t.players:
        rows = []
        for k, rnd in enumerate(t.rounds, 1):
            table = rnd.seating.table_of(p.name)
            rows.append((k, table.number, table.players.index(p.name) + 1))
        about = ", ".join(x for x in (p.club, p.team, *p.categories) if x)
        cards.append(
            Sheet(
                f"{t.name}: {p.name}",
                ("series", "table", "seat"),
                tuple(rows),
                (about,) if about else (),
            )
        )
    return tuple(cards)


def list_sheet(t: Tournament, series: int, table: int) -> Sheet:
    """A table's list game by game with every player's entry, then the sums; where the
    tournament allows Kontra (or a game has one) a ``kontra`` column says Kontra, Re, …"""
    tl = t.round(series).list_of(table)
    if tl is None:
        raise TournamentError.of(N_("cli.tour.series-table-has-no"), series=series, table=table)
    rules = Rules.parse(t.rules)
    said = allowed(rules) > 0 or any(g.kontra for g in tl.games)  # a Kontra column
    rows: list[tuple[Cell, ...]] = []
    totals = [0] * len(tl.players)
    for i, (g, row) in enumerate(zip(tl.games, game_entries(tl, rules), strict=True)):
        dealer = tl.players[i % len(tl.players)]
        outcome = "" if g.declarer is None else "won" if g.won else "lost"
        shown: tuple[Cell, ...] = ("?",) * len(totals) if row is None else row
        if row is not None:
            totals = [a + b for a, b in zip(totals, row, strict=True)]
        kontra = (NAMES[g.kontra] if 0 <= g.kontra < len(NAMES) else str(g.kontra),) * said
        rows.append((i + 1, dealer, g.declarer or "passed", g.contract, outcome, g.value or "",
                     *kontra, *shown))  # fmt: skip
    rows.append(("total", "", "", "", "", "", *("",) * said, *totals))
    planned = t.planned(series, table)
    problems = check_list(tl, rules, planned, time_limit=t.format.time_limit is not None)
    return Sheet(
        f"{t.name}: series {series}, table {table}",
        (
            "game",
            "dealer",
            "declarer",
            "contract",
            "outcome",
            "value",
            *("kontra",) * said,
            *tl.players,
        ),
        tuple(rows),
        tuple(str(p) for p in problems),
        tuple(p.describe for p in problems),
    )


def standings_sheet(t: Tournament, series: int | None = None) -> Sheet:
    """The overall standings, or one series'."""
    st = standings(t, series)
    k = len(st.rows[0].series) if st.rows else 0
    cols = ("place", "player", "club", "team", "points", "won", "lost")
    per = tuple(f"series {j + 1}" for j in range(k)) if series is None else ()
    rows = tuple(
        (
            s.place,
            s.name,
            t.player(s.name).club,
            t.player(s.name).team,
            s.points,
            s.won,
            s.lost,
            *(("" if p is None else p) for p in (s.series if series is None else ())),
        )
        for s in st.rows
    )
    title = f"{t.name}: {'standings' if series is None else f'series {series}'}"

    def tiebreaks(lang: str) -> str:
        return _tiebreaks(t.tiebreaks, lang)

    said: tuple[Callable[[str], str], ...] = (tiebreaks, *(w.describe for w in st.waits))
    return Sheet(title, cols + per, rows, tuple(w("en") for w in said), said)


TIEBREAKS: Final = {
    "won": N_("tour.tiebreak.won"),
    "fewer_lost": N_("tour.tiebreak.fewer_lost"),
    "lot": N_("tour.tiebreak.lot"),
    "best_series": N_("tour.tiebreak.best_series"),
    "last_series": N_("tour.tiebreak.last_series"),
}
"""The tie-breaks' words (their keys stay the option's values: ``--tiebreaks won,lot``)."""


def _tiebreaks(keys: Sequence[str], lang: str) -> str:
    """The standings' note on how ties are broken, in ``lang``.

    >>> _tiebreaks(("won", "fewer_lost", "lot"), "en")
    'tie-breaks: more games won, fewer games lost, the lot'
    """
    words = ", ".join(say(lang, TIEBREAKS[k]) if k in TIEBREAKS else k for k in keys)
    return say(lang, "tour.note.tiebreaks", keys=words)


def groups_sheet(t: Tournament, by: str = "team") -> Sheet:
    """Teams (tandems) or clubs by their members' points."""
    rows = tuple((g.place, g.group, g.points, ", ".join(g.members)) for g in group_standings(t, by))
    return Sheet(f"{t.name}: {by}s", ("place", by, "points", "members"), rows)


def category_sheet(t: Tournament, category: str) -> Sheet:
    """The standings of one category."""
    rows = tuple(
        (s.place, s.name, s.points, s.won, s.lost) for s in category_standings(t, category)
    )
    return Sheet(f"{t.name}: {category}", ("place", "player", "points", "won", "lost"), rows)


def money_sheet(t: Tournament) -> Sheet:
    """Loss money and table fees per player, then per table and series."""
    rows: list[tuple[Cell, ...]] = [
        (f.name, format_cents(f.loss_money), format_cents(f.table_fees), format_cents(f.total))
        for f in player_fees(t)
    ]
    for k in range(1, len(t.rounds) + 1):
        for f in table_fees(t, k):
            rows.append(
                (
                    f"series {k} {f.name}",
                    format_cents(f.loss_money),
                    format_cents(f.table_fees),
                    format_cents(f.total),
                )
            )
    return Sheet(
        f"{t.name}: loss money and table fees",
        ("who", "loss money", "table fees", "total"),
        tuple(rows),
    )


def prize_sheet(t: Tournament) -> Sheet:
    """The prize list."""
    rows = tuple((p.place, p.name, format_cents(p.amount)) for p in prize_list(t))
    return Sheet(f"{t.name}: prizes", ("place", "player", "prize"), rows)
