"""A table's list in Seeger-Fabian points: the core's list entries per game, summed.

The entries come from :func:`skat.core.sheets.entries` with the tournament's score sheet
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
from skat.core.sheets import entries
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
    return _entries(table_list, score_games(table_list, rules), rules)


def _entries(
    table_list: TableList, scored: Sequence[Scored | list[Problem]], rules: Rules
) -> tuple[tuple[int, ...] | None, ...]:
    n = len(table_list.players)
    out: list[tuple[int, ...] | None] = []
    for got in scored:
        if not isinstance(got, Scored):
            out.append(None)
        elif got.result is None:
            out.append((0,) * n)
        else:
            out.append(
                entries(got.result, got.seats, n, rules.score_sheet, bonus=rules.seeger_bonus)
            )
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
    rows = _entries(table_list, scored, rules)
    for entry, row in zip(table_list.games, rows, strict=True):
        if row is None or entry.declarer is None:
            continue
        for p, v in enumerate(row):
            points[p] += v
        (won if entry.won else lost)[table_list.players.index(entry.declarer)] += 1
    return TablePoints(table_list.players, tuple(points), tuple(won), tuple(lost))
