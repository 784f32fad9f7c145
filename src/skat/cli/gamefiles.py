"""Games from record files (ISS lines or JSON records, found by content) for the commands
that read finished games: ``skat solve --record``, ``skat list``.

>>> games = list(read_games(["tests/data/iss/real.sgf"]))
>>> label, state, players = games[1]
>>> label, players, state.is_over
('ID 9', ('jeff', 'Montana', 'vaun'), True)
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from typing import Any

from skat.cli.replay import JsonItem, read_records
from skat.core import GameState
from skat.records.iss import RecordError
from skat.records.jsonrecord import JsonRecordError, load_json
from skat.records.replay import ReplayError, replay

Players = tuple[str, str, str] | None


def read_games(
    paths: list[str], wanted: str | None = None, *, quiet: bool = False
) -> Iterator[tuple[str, GameState, Players]]:
    """(label, replayed game, player names by seat or ``None``) of every readable record;
    records that cannot be read are named on stderr (unless ``quiet``) and skipped."""
    for label, state, players, _ in read_games_meta(paths, wanted, quiet=quiet):
        yield label, state, players


def read_games_meta(
    paths: list[str], wanted: str | None = None, *, quiet: bool = False
) -> Iterator[tuple[str, GameState, Players, Mapping[str, Any] | None]]:
    """:func:`read_games` with each JSON record's ``meta.series`` (``None`` when it has none:
    an ISS record, a record of a single game); a variant's record is skipped (and named)."""
    for label, state, names, series in read_any_games(paths, wanted, quiet=quiet):
        if not isinstance(state, GameState):
            if not quiet:
                print(
                    f"{label}: skipped: a {state.variant} game, not three-handed Skat",
                    file=sys.stderr,
                )
            continue
        players = (names[0], names[1], names[2]) if names is not None and len(names) == 3 else None
        yield label, state, players, series


def read_any_games(
    paths: list[str], wanted: str | None = None, *, quiet: bool = False
) -> Iterator[tuple[str, Any, tuple[str, ...] | None, Mapping[str, Any] | None]]:
    """Every readable game of Skat or of a variant (Strohmann, Officers' Skat, Tournee
    Skat): (label, replayed game, player names by seat or ``None``, ``meta.series``)."""

    def skip(label: str, reason: str) -> None:
        if not quiet:
            print(f"{label}: skipped: {reason}", file=sys.stderr)

    for source, item in read_records(paths):
        if isinstance(item, RecordError):
            skip(item.label, item.reason)
            continue
        if isinstance(item, JsonItem):
            data = item.data
            if item.error or not isinstance(data, Mapping):
                skip(item.label, item.error or "not a record")
                continue
            if wanted is not None and item.label != f"ID {wanted}":
                continue
            try:
                game = load_json(data, check_result=False)
            except JsonRecordError as exc:
                skip(item.label, str(exc))
                continue
            names = game.meta.get("players")
            players = tuple(names) if isinstance(names, list) else None
            series = game.meta.get("series")
            yield item.label, game.state, players, series if isinstance(series, Mapping) else None
            continue
        if wanted is not None and item.id != wanted:
            continue
        label = item.label if item.id else source
        try:
            rep = replay(item)
        except ReplayError as exc:
            skip(label, str(exc))
            continue
        yield label, rep.state, item.players, None
