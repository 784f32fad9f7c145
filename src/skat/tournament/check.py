"""The list check: every impossible entry on a table's list, with the reason, before it counts.

A table's list (Seeger-Fabian) records per game the declarer, the game, won or lost and the
value.  The check flags

- a value that no way of ending the declared game gives (with or without any matadors,
  Schneider, Schwarz), nor an overbid loss (:mod:`skat.tournament.values`);
- with the bid recorded: a game won below the bid, a loss below the bid that is not the
  overbid value (the lowest multiple of the base value reaching the bid, ISkO 5.4);
- a declarer who is not at the table, or who dealt at a 4-table (the dealer sits out,
  ISkO tournament order); a passed-in game with a game or value;
- the number of games: 36 at a 3-table and 48 at a 4-table (12 deals each), fewer only under a
  time limit (games not started are struck), never more;
- the totals and won/lost counts the table wrote, when it wrote them.

>>> from skat.core import Rules
>>> from skat.tournament.model import GameEntry, TableList
>>> t = Rules.parse("tournament")
>>> games = (GameEntry("Ben", "G", True, 72), GameEntry("Anna", "G", True, 50),
...          GameEntry("Anna", "C", False, 30), GameEntry("Dirk", "N", False, 35, bid=24),
...          GameEntry("Ben", "H", True, 20, bid=22), GameEntry(None))
>>> tl = TableList(1, 1, ("Anna", "Ben", "Cora", "Dirk"), games)
>>> for p in check_list(tl, t, planned=6): print(p)
game 2: 50 is no value of a won G (G won is worth 48, 72, 96, …)
game 3: 30 is no value of a lost C (C lost is worth 24, 36, 48, …)
game 4: Dirk dealt game 4 and sits out at a 4-table
game 5: a game won below the bid (20 < 22) is lost overbid with 30
"""

from __future__ import annotations

from collections.abc import Sequence

from skat.core.language import N_, say
from skat.core.rules import Rules
from skat.tournament.games import Problem, score_games
from skat.tournament.model import TableList, Tournament
from skat.tournament.points import TablePoints, points_of


def check_list(
    table_list: TableList, rules: Rules, planned: int, *, time_limit: bool = False
) -> tuple[Problem, ...]:
    """Every problem of the list; empty when it may count."""
    return assess(table_list, rules, planned, time_limit=time_limit)[0]


def assess(
    table_list: TableList, rules: Rules, planned: int, *, time_limit: bool = False
) -> tuple[tuple[Problem, ...], TablePoints]:
    """The problems of the list and its sums, from one pass over the games."""
    n = len(table_list.players)
    if n not in (3, 4):
        empty = TablePoints(table_list.players, (0,) * n, (0,) * n, (0,) * n)
        return (Problem.of(None, N_("cli.list.table-size"), n=n),), empty
    problems: list[Problem] = []
    count = len(table_list.games)
    if count > planned or (count < planned and not time_limit):
        problems.append(
            Problem.of(None, N_("cli.list.games-planned"), count=count, n=n, planned=planned)
        )
    scored = score_games(table_list, rules)
    for got in scored:
        if isinstance(got, list):
            problems.extend(got)
    points = points_of(table_list, scored, rules)
    problems.extend(_written(table_list, points))
    return tuple(problems), points


def _written(table_list: TableList, got: TablePoints) -> list[Problem]:
    problems = []
    for key, written, actual in (
        (N_("cli.list.wrote-totals"), table_list.written_totals, got.points),
        (N_("cli.list.wrote-won"), table_list.written_won, got.won),
        (N_("cli.list.wrote-lost"), table_list.written_lost, got.lost),
    ):
        if written is not None and tuple(written) != actual:
            problems.append(Problem.of(None, key, written=_join(written), actual=_join(actual)))
    return problems


def _join(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in values)


def unchecked(t: Tournament, series: int, lang: str = "en") -> tuple[str, ...]:
    """What keeps ``series`` from counting as checked: each table without a list, or whose
    list the check refuses (incomplete, a wrong value, ...), one line each; empty when every
    list passes.  Seating the next series by standings needs this empty (a missing or wrong
    list would seat the players by the wrong ranking).

    >>> from skat.core import Rules
    >>> from skat.tournament.model import Player, Seating, Table, GameEntry
    >>> t = Tournament("Cup", tuple(Player(n) for n in "ABC"))
    >>> t = t.with_seating(1, Seating((Table(1, ("A", "B", "C")),), "lot", 1))
    >>> unchecked(t, 1)
    ('series 1 table 1: no list entered',)
    >>> t = t.with_list(TableList(1, 1, ("A", "B", "C"), (GameEntry(None),)))
    >>> unchecked(t, 1)
    ('series 1 table 1: 1 games, a table of 3 plays 36',)
    >>> unchecked(t, 1, "de")
    ('Serie 1 Tisch 1: 1 Spiele, ein Tisch mit 3 spielt 36',)
    """
    rules = Rules.parse(t.rules)
    rnd = t.round(series)
    out: list[str] = []
    for table in rnd.seating.tables:
        tl = rnd.list_of(table.number)
        if tl is None:
            why = [say(lang, "tour.problem.no_list")]
        else:
            planned = t.planned(series, table.number)
            limit = t.format.time_limit is not None
            why = [p.describe(lang) for p in check_list(tl, rules, planned, time_limit=limit)]
        out.extend(
            say(lang, "tour.problem.at_table", series=series, table=table.number, why=w)
            for w in why
        )
    return tuple(out)
