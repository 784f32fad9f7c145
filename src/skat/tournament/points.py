"""A table's list in Seeger-Fabian points: the core's list entries per game, summed.

The rows come from :func:`skat.series.sheet.list_rows` (as on the web, the terminal and
``skat list``) with the tournament's score sheet
(Seeger-Fabian under tournament rules: + value + 50 for a won game, − 2 × value − 50 for a
lost one, + 40 to each other player at a 3-table and + 30 at a 4-table).  Games the check
refuses count nothing; a list with problems does not count in the standings at all.

>>> from skat.core import Rules
>>> from skat.tournament.model import GameEntry, TableList
>>> tl = TableList(1, 1, ("Anna", "Ben", "Cora"),
...                (GameEntry("Ben", "G", True, 72), GameEntry("Anna", "C", False, 48)))
>>> tp = table_points(tl, Rules.parse("tournament"))
>>> tp.points, tp.won, tp.lost
((-146, 162, 40), (0, 1, 0), (1, 0, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skat.core.rules import Rules
from skat.core.scoring import Result
from skat.series.sheet import ListedGame, ListRow, list_rows
from skat.tournament.games import Problem, Scored, score_games
from skat.tournament.model import TableList


@dataclass(frozen=True)
class TablePoints:
    """Per player at the table (in seating order): points, games won and lost as declarer."""

    players: tuple[str, ...]
    points: tuple[int, ...]
    won: tuple[int, ...]
    lost: tuple[int, ...]


def game_entries(table_list: TableList, rules: Rules) -> tuple[tuple[int, ...] | None, ...]:
    """Each game's list entry per player, ``None`` for a game the check refuses."""
    rows = _rows(table_list, score_games(table_list, rules), rules)
    return tuple(None if row is None else row.entries for row in rows)


def _rows(
    table_list: TableList, scored: Sequence[Scored | list[Problem]], rules: Rules
) -> tuple[ListRow | None, ...]:
    """Each game's row of the list (:func:`skat.series.sheet.list_rows`, the one list
    computation of the web, the terminal and ``skat list``), ``None`` for a refused game."""
    n = len(table_list.players)
    out: list[ListRow | None] = []
    for number, got in enumerate(scored, 1):
        if not isinstance(got, Scored):
            out.append(None)
            continue
        result = got.result if got.result is not None else Result(None, rules=rules)
        game = ListedGame(number, result, got.seats)
        out.append(list_rows([game], n, rules.score_sheet, bonus=rules.seeger_bonus)[0])
    return tuple(out)


def table_points(table_list: TableList, rules: Rules) -> TablePoints:
    """The list's sums; games the check refuses are left out."""
    return points_of(table_list, score_games(table_list, rules), rules)


def points_of(
    table_list: TableList, scored: Sequence[Scored | list[Problem]], rules: Rules
) -> TablePoints:
    """The sums of a list already scored by :func:`~skat.tournament.games.score_games`."""
    n = len(table_list.players)
    points, won, lost = [0] * n, [0] * n, [0] * n
    for row in _rows(table_list, scored, rules):
        if row is None:
            continue
        for p, v in enumerate(row.entries):
            points[p] += v
        for p in row.wins:
            won[p] += 1
        for p in row.losses:
            lost[p] += 1
    return TablePoints(table_list.players, tuple(points), tuple(won), tuple(lost))
