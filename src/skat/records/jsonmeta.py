"""The ``meta`` object of a JSON game record: players and ratings by seat, the record's id,
date, place and comment, the ISS header fields kept, and (version 2) ``series``: where the game
stands in its series (:func:`check_meta` checks it all, raising
:class:`~skat.records.jsonerrors.JsonRecordError` naming the field).

>>> check_meta({"players": ["Ann", "Ben"]}, 2, 3)
Traceback (most recent call last):
...
skat.records.jsonerrors.JsonRecordError: meta.players: must be a list of three strings
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from skat.records.jsonerrors import JsonRecordError, key_text, kind_of, short

__all__ = ["check_meta", "check_series"]

_INT_RANGE: Final = 2**63  # numbers in meta.series beyond a signed 64-bit integer are refused

_META_STRINGS: Final = ("id", "date", "place", "comment")
_SERIES_FIELDS: Final = ("id", "game", "dealer", "players", "state")


def check_meta(meta: dict[str, Any], version: int, seats: int) -> None:
    """Check a record's ``meta`` (``players``/``ratings``: one per seat of ``seats``)."""
    for key in (*_META_STRINGS, "series") if version == 1 else _META_STRINGS:
        if key in meta and meta[key] is not None and not isinstance(meta[key], str):
            raise JsonRecordError(f"meta.{key}: must be a string, not {kind_of(meta[key])}")
    count = "three" if seats == 3 else "two"
    for key in ("players", "ratings"):
        v = meta.get(key)
        if v is not None and (
            not isinstance(v, list) or len(v) != seats or not all(isinstance(x, str) for x in v)
        ):
            raise JsonRecordError(f"meta.{key}: must be a list of {count} strings")
    iss = meta.get("iss")
    if iss is not None and (
        not isinstance(iss, Mapping)
        or not all(isinstance(k, str) and isinstance(v, str) for k, v in iss.items())
    ):
        raise JsonRecordError("meta.iss: must be an object of strings")
    if version >= 2 and meta.get("series") is not None:
        check_series(meta["series"], seats)


def check_series(series: object, seats: int) -> None:
    """``meta.series``: where the game stands in its series."""
    if not isinstance(series, Mapping):
        raise JsonRecordError(
            f"meta.series: must be an object ({', '.join(_SERIES_FIELDS)}), not {kind_of(series)}"
        )
    for key in series:
        if key not in _SERIES_FIELDS:
            raise JsonRecordError(
                f"meta.series.{key_text(key)}: unknown field (known: {', '.join(_SERIES_FIELDS)})"
            )
    for key in _SERIES_FIELDS[:4]:
        if key not in series:
            raise JsonRecordError(f"meta.series.{key}: missing")
    if not isinstance(series["id"], str) or not series["id"]:
        raise JsonRecordError(
            f"meta.series.id: must be a non-empty string, not {short(series['id'])}"
        )
    game = series["game"]
    if type(game) is not int or not 1 <= game < _INT_RANGE:
        raise JsonRecordError(f"meta.series.game: must be a number from 1, not {short(game)}")
    if not isinstance(series["dealer"], str):
        raise JsonRecordError(
            f"meta.series.dealer: must be the dealer's name, not {kind_of(series['dealer'])}"
        )
    players = series["players"]
    if (
        not isinstance(players, list)
        or len(players) != seats
        or not all(isinstance(x, str) for x in players)
    ):
        count = "three" if seats == 3 else "two"
        raise JsonRecordError(
            f"meta.series.players: must be a list of {count} names (by seat), not {short(players)}"
        )
    _check_series_state(series.get("state", {}))


def _check_series_state(state: object) -> None:
    """``meta.series.state``: the series' own short names and plain values."""
    if not isinstance(state, Mapping):
        raise JsonRecordError(f"meta.series.state: must be an object, not {kind_of(state)}")
    for key, value in state.items():
        if not isinstance(key, str) or not key or len(key) > 100:
            raise JsonRecordError(f"meta.series.state: a key must be a short name: {short(key)}")
        if type(value) not in (str, int, bool):
            raise JsonRecordError(
                f"meta.series.state.{key_text(key)}: must be a string, number or boolean, "
                f"not {kind_of(value)}"
            )
        if type(value) is int and not -_INT_RANGE <= value < _INT_RANGE:
            raise JsonRecordError(f"meta.series.state.{key_text(key)}: the number is out of range")
