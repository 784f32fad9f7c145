"""The list (score sheet) of a file of game records or of a saved series: one row per game,
the totals and the ranking, as a plain list or a Seeger-Fabian tournament list.

Records name their players (JSON ``meta.players``, ISS ``P0``..``P2``); players are the
columns in the order they first appear.  Records without names count by seat (Forehand,
Middlehand, Rearhand).  A saved series (``skat play --save``) is read as it is.

examples:
  skat list tests/data/iss/real.sgf
  skat list games.jsonl --sheet seeger
  skat list friday.json
"""

from __future__ import annotations

import argparse
from pathlib import Path

from skat.cli.errors import UserError
from skat.cli.gamefiles import read_games
from skat.cli.sheetview import SheetRow, ranking_lines, sheet_lines
from skat.cli.words import seat_name
from skat.core.seats import Seat
from skat.series.sheet import entries

NAME = "list"
HELP = "the score sheet (plain or Seeger-Fabian) of a file of records or a saved series"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="records or a saved series")
    parser.add_argument(
        "--sheet", choices=("plain", "seeger"), default="plain", help="the list (default plain)"
    )
    parser.add_argument("--lang", choices=("en", "de"), default="en", help="language")


def run(args: argparse.Namespace) -> int:
    if len(args.files) == 1 and _is_series(args.files[0]):
        players, rows = _series_rows(args.files[0], args.sheet)
    else:
        players, rows = _record_rows(args.files, args.sheet)
    if not rows:
        raise UserError("no game to list")
    for line in sheet_lines(players, rows, args.sheet, lang=args.lang):
        print(line)
    print()
    for line in ranking_lines(players, rows, args.lang):
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


def _series_rows(path: str, sheet: str) -> tuple[list[str], list[SheetRow]]:
    from skat.series.storage import load_series

    series = load_series(Path(path))
    rows = []
    for r, row in zip(series.records, series.entries_on(sheet), strict=True):
        res = r.result
        game = "R" if res.ramsch else ("—" if res.contract is None else str(res.contract))
        name = series.players[r.declarer] if r.declarer is not None else ""
        rows.append(SheetRow(r.number, name, game, res.won, res.value, row))
    return list(series.players), rows


def _record_rows(paths: list[str], sheet: str) -> tuple[list[str], list[SheetRow]]:
    players: list[str] = []
    games = []
    for _, state, names in read_games(paths):
        if state.result is None:
            continue
        seat_names = names or tuple(seat_name("en", s) for s in Seat)
        for n in seat_names:
            if n not in players:
                players.append(n)
        games.append((state.result, seat_names))
    rows = []
    for number, (result, seat_names) in enumerate(games, 1):
        row = [0] * len(players)
        by_seat = entries(result, (0, 1, 2), 3, sheet)  # a 3-table: seat i is column i
        for seat, name in enumerate(seat_names):
            row[players.index(name)] += by_seat[seat]
        game = "R" if result.ramsch else ("—" if result.contract is None else str(result.contract))
        name = seat_names[result.declarer] if result.declarer is not None else ""
        rows.append(SheetRow(number, name, game, result.won, result.value, tuple(row)))
    return players, rows
