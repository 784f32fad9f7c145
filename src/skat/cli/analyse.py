"""Go through played games card by card with the double-dummy solver.

For every card played: the declarer's card points from there with that card against the
best card's, and the points it lost; for the declarer: could the game have been won, with
which line, and the game's double-dummy value.  FILE holds ISS records or JSON game records
(found by content; - is stdin).

The double-dummy value is the card points the declarer ends with when every hand is open
and both sides play perfectly, the skat (or the two cards put away) counted for him as the
rules count it; in Null: whether he stays without a trick.

examples:
  skat analyse tests/data/iss/real.sgf --limit 3
  skat analyse games.jsonl --id 1234 --all
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Mapping

from skat.cli.errors import UserError
from skat.cli.replay import JsonItem, read_records
from skat.cli.speed import warn_if_slow
from skat.core import GameState
from skat.records.iss import RecordError
from skat.records.jsonrecord import JsonRecordError, load_json
from skat.records.replay import ReplayError, replay

NAME = "analyse"
HELP = "double-dummy analysis of played games: mistakes and whether the game could be won"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="ISS or JSON records, - for stdin")
    parser.add_argument("--id", help="only the game with this record ID")
    parser.add_argument("--limit", type=int, default=0, help="at most this many games")
    parser.add_argument(
        "--all", action="store_true", help="list every card, not only those that lost value"
    )


def run(args: argparse.Namespace) -> int:
    if args.limit < 0:
        raise UserError(f"--limit must be 0 (no limit) or more, not {args.limit}")
    warn_if_slow("skat analyse", "ai")
    from skat.ai.dds import analyse  # compiling the solver takes a moment: only when needed

    done = 0
    for label, state in _games(args.files, args.id):
        if state.result is None or state.declarer is None:
            print(f"{label}: no game was played (passed in, or ended in the auction)")
            continue
        result = analyse(state)
        print(f"{label}: {state.result.explain()}")
        if args.all:
            for move in result.moves:
                print(f"  {move}")
            head = result.summary().splitlines()[0]
            print(f"  {head}")
        else:
            for line in result.summary().splitlines():
                print(f"  {line}")
        sys.stdout.flush()  # a game at a time into a file or pipe: progress, and kept on a kill
        done += 1
        if args.limit and done >= args.limit:
            break
    if done == 0:
        raise UserError("no game to analyse" + (f" with ID {args.id}" if args.id else ""))
    return 0


def _games(paths: list[str], wanted: str | None) -> Iterator[tuple[str, GameState]]:
    for source, item in read_records(paths):
        if isinstance(item, RecordError):
            print(f"{item.label}: skipped: {item.reason}", file=sys.stderr)
            continue
        if isinstance(item, JsonItem):
            data = item.data
            if item.error or not isinstance(data, Mapping):
                print(f"{item.label}: skipped: {item.error or 'not a record'}", file=sys.stderr)
                continue
            if wanted is not None and item.label != f"ID {wanted}":
                continue
            try:
                game = load_json(data, check_result=False)
            except JsonRecordError as exc:
                print(f"{item.label}: skipped: {exc}", file=sys.stderr)
                continue
            if not isinstance(game.state, GameState):
                print(f"{item.label}: skipped: not a three-player Skat game", file=sys.stderr)
                continue
            yield item.label, game.state
            continue
        if wanted is not None and item.id != wanted:
            continue
        label = item.label if item.id else source
        try:
            yield label, replay(item).state
        except ReplayError as exc:
            print(f"{label}: skipped: {exc}", file=sys.stderr)
