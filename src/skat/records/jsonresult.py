"""The ``result`` object of a version 2 JSON game record: every field of the engine's
:class:`~skat.core.scoring.Result` that applies (:func:`result_fields`), each field's types,
and the fields where a record's result and the replay's differ (:func:`result_diffs`).

A variant's own result fields (Tournee Skat's ``kind``, ``base`` and ``second_card``) are
named by its registry entry (:attr:`skat.variants.Variant.result_extras`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from skat.core.scoring import Result
from skat.records.jsonerrors import JsonRecordError, key_text, kind_of
from skat.records.replay import FieldDiff
from skat.variants import find_variant, variant_names

__all__ = ["all_result_fields", "result_diffs", "result_fields"]


def result_fields(result: Result | None, variant: str = "skat") -> dict[str, Any]:
    """The version 2 ``result`` object: the fields of the engine's result that apply.

    Always ``passed`` and ``seat_scores`` (each seat's list entry).  A declared game: the
    declarer, contract, bid, won, score, value, level, matadors, overbid, points, tricks (the
    declarer's and the defenders'), schneider, schwarz, resigned; the house rules' ``kontra``
    (1 Kontra … 4 Resupra) with ``multiplier``, ``spitze``, ``extra_levels``, ``schenken``,
    ``violation``/``violator`` and ``required`` when they happened; the variant's own
    (Tournee Skat's ``kind``, ``base`` and ``second_card``).  A Ramsch: its kind, ``seat_points``, ``ramsch_scores``,
    ``jungfrau``, ``durchmarsch``, ``pushes`` and ``multiplier``.

    >>> result_fields(Result(None))
    {'passed': True, 'seat_scores': [0, 0, 0]}
    """
    full = all_result_fields(result, variant)
    out: dict[str, Any] = {"passed": full["passed"], "seat_scores": full["seat_scores"]}
    if result is None:
        return out
    if result.contract is not None:
        for key in _GAME_KEYS:
            out[key] = full[key]
        for key, default in _HOUSE_DEFAULTS.items():
            if full[key] != default:
                out[key] = full[key]
        for key in find_variant(variant).result_extras:
            out[key] = full[key]
    elif result.ramsch is not None:
        for key in _RAMSCH_KEYS:
            out[key] = full[key]
    return out


_GAME_KEYS: Final = (
    "declarer",
    "contract",
    "bid",
    "won",
    "score",
    "value",
    "level",
    "matadors",
    "overbid",
    "points",
    "tricks",
    "defender_tricks",
    "schneider",
    "schwarz",
    "resigned",
)
_HOUSE_DEFAULTS: Final[dict[str, object]] = {
    "kontra": 0,
    "multiplier": 1,
    "spitze": 0,
    "extra_levels": [],
    "schenken": False,
    "violation": None,
    "violator": None,
    "required": 0,
}
_EXTRA_KEYS: Final = tuple(
    dict.fromkeys(key for name in variant_names() for key in find_variant(name).result_extras)
)
"""Every variant's own result fields (``None`` in a record of another variant)."""
_RAMSCH_KEYS: Final = (
    "ramsch",
    "seat_points",
    "ramsch_scores",
    "jungfrau",
    "durchmarsch",
    "pushes",
    "multiplier",
)


def all_result_fields(r: Result | None, variant: str = "skat") -> dict[str, Any]:
    """Every version 2 result field of a game of ``variant`` (``None`` where it does not
    apply)."""
    entry = find_variant(variant)
    if r is None:
        r = Result(None)
    game = r.contract is not None
    ramsch = r.ramsch is not None
    fields = {
        "passed": r.passed,
        "seat_scores": list(r.seat_scores)[: entry.seats],
        "declarer": r.declarer if game else None,
        "contract": str(r.contract) if r.contract is not None else None,
        "bid": r.bid,
        "won": r.won,
        "score": r.score,
        "value": r.value,
        "level": r.level,
        "matadors": r.matadors,
        "overbid": r.overbid,
        "points": r.points,
        "tricks": r.tricks,
        "defender_tricks": r.defender_tricks,
        "schneider": r.schneider,
        "schwarz": r.schwarz,
        "resigned": r.resigned,
        "kontra": r.kontra,
        "multiplier": r.multiplier,
        "spitze": r.spitze,
        "extra_levels": list(r.extra_levels),
        "schenken": r.schenken,
        "violation": r.violation,
        "violator": r.violator,
        "required": r.required,
        "ramsch": r.ramsch,
        "seat_points": list(r.seat_points) if ramsch else None,
        "ramsch_scores": list(r.ramsch_scores) if ramsch else None,
        "jungfrau": r.jungfrau,
        "durchmarsch": r.durchmarsch,
        "pushes": r.pushes,
    }
    for key in _EXTRA_KEYS:
        fields[key] = getattr(r, key) if key in entry.result_extras else None
    return fields


_BOOL: Final = ("bool",)
_INT: Final = ("int",)
_RESULT_TYPES_V2: Final[dict[str, tuple[str, ...]]] = {
    "passed": _BOOL,
    "seat_scores": ("ints",),
    "declarer": ("int", "null"),
    "contract": ("str", "null"),
    "bid": _INT,
    "won": _BOOL,
    "score": _INT,
    "value": _INT,
    "level": _INT,
    "matadors": _INT,
    "overbid": _BOOL,
    "points": _INT,
    "tricks": _INT,
    "defender_tricks": _INT,
    "schneider": _BOOL,
    "schwarz": _BOOL,
    "resigned": _BOOL,
    "kontra": _INT,
    "multiplier": _INT,
    "spitze": _INT,
    "extra_levels": ("strs",),
    "schenken": _BOOL,
    "violation": ("str", "null"),
    "violator": ("int", "null"),
    "required": _INT,
    "kind": ("str", "null"),
    "base": ("int", "null"),
    "second_card": ("bool", "null"),
    "ramsch": ("str", "null"),
    "seat_points": ("ints", "null"),
    "ramsch_scores": ("ints", "null"),
    "jungfrau": _INT,
    "durchmarsch": _BOOL,
    "pushes": _INT,
}


def _has_type(value: object, kinds: tuple[str, ...]) -> bool:
    for kind in kinds:
        if kind == "null" and value is None:
            return True
        if kind == "bool" and type(value) is bool:
            return True
        if kind == "int" and type(value) is int:
            return True
        if kind == "str" and type(value) is str:
            return True
        if kind == "ints" and type(value) is list and all(type(x) is int for x in value):
            return True
        if kind == "strs" and type(value) is list and all(type(x) is str for x in value):
            return True
    return False


def result_diffs(given: object, computed: dict[str, Any]) -> list[FieldDiff]:
    """The fields where a record's ``result`` (``given``) differs from the replay's
    (``computed``: :func:`all_result_fields`); :class:`JsonRecordError` for an unknown field or
    a value of the wrong type."""
    if not isinstance(given, Mapping):
        raise JsonRecordError(f"result: must be an object, not {kind_of(given)}")
    diffs = []
    for key, value in given.items():
        kinds = _RESULT_TYPES_V2.get(key) if isinstance(key, str) else None
        if kinds is None:
            raise JsonRecordError(f"result.{key_text(key)}: unknown field")
        if not _has_type(value, kinds):
            raise JsonRecordError(f"result.{key}: has the wrong type ({kind_of(value)})")
        if computed[key] != value:
            diffs.append(FieldDiff(key, value, computed[key]))
    return diffs
