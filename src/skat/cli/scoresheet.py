"""The list (score sheet) of a file of game records or of a saved series: one row per game,
the totals and the ranking, as a plain list or a Seeger-Fabian tournament list: the same list
as ``skat play`` and the web table show (:func:`skat.series.sheet.list_rows`).

Records name their players (JSON ``meta.players``, ISS ``P0``..``P2``).  A record written
by ``skat play --records`` or a web table keeps its table in ``meta.series.state``: the list
then has the table's columns in the table's order (the sitting players of a 4-table
included), its size (+ 30 for a lost game at four) and its Bock games.  Other records are
counted at a 3-table, players in the order they first appear; records without names count
by seat (Forehand, Middlehand, Rearhand).  A variant's game (Strohmann, Officers' Skat,
Tournee Skat: ``skat play --variant --records``, ``skat arena --variant --out``) writes each
player's score as the variant scores it (the Strohmann dummy has no column).  A saved series
(``skat play --save``) is read as it is.  The list is the records' own (``--sheet`` chooses
another), the words the language's
(``--lang``, ``skat --lang``, the locale).

examples:
  skat list tests/data/iss/real.sgf
  skat list games.jsonl --sheet seeger
  skat list friday.json
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from skat.cli.errors import UserError
from skat.cli.gamefiles import read_any_games
from skat.cli.sheetview import ranking_lines, sheet_lines
from skat.cli.words import seat_name
from skat.core.language import LANGUAGES, N_, say
from skat.core.scoring import Result
from skat.core.seats import Seat
from skat.core.state import GameState
from skat.series.sheet import ListedGame, ListRow, list_rows, variant_row

NAME = "list"
HELP = N_("help.list")


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "files", nargs="+", metavar=say(lang, "help.var.file"), help=say(lang, "help.list.files")
    )
    parser.add_argument(
        "--sheet",
        choices=("plain", "seeger"),
        help=say(lang, "help.list.sheet"),
    )
    parser.add_argument("--lang", choices=LANGUAGES, help=say(lang, "help.list.lang"))


def run(args: argparse.Namespace) -> int:
    lang = args.lang or getattr(args, "words", None) or "en"
    if len(args.files) == 1 and _is_series(args.files[0]):
        players, rows, sheet = _series_rows(args.files[0], args.sheet)
    else:
        players, rows, sheet = _record_rows(args.files, args.sheet, lang)
    if not rows:
        raise UserError.said(N_("cli.scoresheet.no-game-list"))
    for line in sheet_lines(players, rows, sheet, lang=lang):
        print(line)
    print()
    for line in ranking_lines(players, rows, lang):
        print(line)
    return 0


def _is_series(path: str) -> bool:
    if path == "-":
        return False
    try:
        with open(path, encoding="utf-8") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    return '"skat-series"' in head


def _own_sheet(sheet: str) -> str:
    """The list a game was played with, when ``skat list`` can write it, else plain."""
    return sheet if sheet in ("plain", "seeger") else "plain"


def _series_rows(path: str, sheet: str | None) -> tuple[list[str], list[ListRow], str]:
    from skat.series.storage import load_series

    series = load_series(Path(path))
    chosen = sheet or _own_sheet(series.rules.score_sheet)
    return list(series.players), series.list_rows(chosen), chosen


def _table(series: Mapping[str, Any] | None) -> tuple[list[str], bool] | None:
    """The table's players in order and whether the game was a Bock game, from a record's
    ``meta.series.state`` (``None`` when it does not say)."""
    state = series.get("state") if series is not None else None
    if not isinstance(state, Mapping):
        return None
    size = state.get("table")
    if type(size) is not int or not 3 <= size <= len(state):  # one name per player
        return None
    names = [state.get(f"player{i}") for i in range(size)]
    if not all(isinstance(n, str) for n in names):
        return None
    return [str(n) for n in names], state.get("bock") is True


_Game = tuple[Result, list[str], tuple[int | None, ...], int, bool]
"""A game of the records: its result, its table's players in order, the player (index into
that order) at each seat (``None``: the Strohmann dummy), the factor (2: Bock) and whether it
is a variant's."""


def _record_rows(
    paths: list[str], sheet: str | None, lang: str
) -> tuple[list[str], list[ListRow], str]:
    """Every finished game of the records at its own table (3 players when the record does
    not say), the columns in the tables' order; a variant's game (Strohmann, Officers' Skat,
    Tournee Skat) with its own scores (:func:`variant_row`)."""
    players: list[str] = []
    games: list[_Game] = []
    sheets: set[str] = set()
    for _, state, names, series in read_any_games(paths):
        if state.result is None:
            continue
        game = _game(state, names, series, lang)
        players.extend(n for n in game[1] if n not in players)
        games.append(game)
        if not game[4]:
            sheets.add(_own_sheet(state.rules.score_sheet))
    chosen = sheet or (sheets.pop() if len(sheets) == 1 else "plain")
    rows = [_row(number, game, players, chosen) for number, game in enumerate(games, 1)]
    return players, rows, chosen


def _game(
    state: Any, names: tuple[str, ...] | None, series: Mapping[str, Any] | None, lang: str
) -> _Game:
    """One record's game at its table (:data:`_Game`)."""
    variant = not isinstance(state, GameState)
    count = 2 if variant and state.variant == "officers" else len(state.result.seat_scores)
    seat_names = tuple(names) if names is not None and len(names) == count else None
    if seat_names is None:
        seat_names = tuple(seat_name(lang, Seat(s)) for s in range(count))
    table = None if variant else _table(series)
    dummy = getattr(state, "dummy", None) if variant else None
    sitting = [n for seat, n in enumerate(seat_names) if seat != dummy]
    order, bock = table if table is not None else (sitting, False)
    if not all(n in order for n in sitting):  # a record that contradicts itself
        order, bock = sitting, False
    seats = tuple(None if seat == dummy else order.index(n) for seat, n in enumerate(seat_names))
    return state.result, order, seats, 2 if bock else 1, variant


def _row(number: int, game: _Game, players: list[str], sheet: str) -> ListRow:
    """The game's row of the list, each entry in its player's column."""
    result, order, seats, factor, variant = game
    if variant:
        row = variant_row(number, result, seats, len(order))
    else:  # the table's own list (its size and order)
        listed = ListedGame(number, result, (seats[0], seats[1], seats[2]), factor)  # type: ignore[arg-type]
        (row,) = list_rows([listed], len(order), sheet)
    column = [players.index(n) for n in order]
    entries = [0] * len(players)
    for i, value in enumerate(row.entries):
        entries[column[i]] += value
    return replace(
        row,
        declarer=None if row.declarer is None else column[row.declarer],
        entries=tuple(entries),
        wins=tuple(column[p] for p in row.wins),
        losses=tuple(column[p] for p in row.losses),
    )
