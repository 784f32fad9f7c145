"""The ``result`` object of a version 2 JSON game record: every field of the engine's
:class:`~skat.core.scoring.Result` that applies (:func:`result_fields`), each field's types,
and the fields where a record's result and the replay's differ (:func:`result_diffs`).

A variant's own result fields (Tournee Skat's ``kind``, ``base`` and ``second_card``) are
named by its registry entry (:attr:`skat.variants.Variant.result_extras`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from skat.core.questions import said_names
from skat.core.scoring import Result
from skat.records.jsonerrors import JsonRecordError, key_text, kind_of
from skat.records.replay import FieldDiff
from skat.variants import find_variant, variant_names

__all__ = ["all_result_fields", "result_diffs", "result_fields"]


def result_fields(result: Result | None, variant: str = "skat") -> dict[str, Any]:
    """The version 2 ``result`` object: :meth:`Result.to_dict <skat.core.scoring.Result.to_dict>`
    (the fields of the engine's result that apply), one ``seat_scores`` entry per seat of the
    variant, and the variant's own fields (Tournee Skat's ``kind``, ``base`` and
    ``second_card``) for a declared game.

    >>> result_fields(Result(None))
    {'passed': True, 'seat_scores': [0, 0, 0]}
    """
    entry = find_variant(variant)
    out = (result or Result(None)).to_dict()
    out["seat_scores"] = out["seat_scores"][: entry.seats]
    if result is not None and result.contract is not None:
        for key in entry.result_extras:
            out[key] = getattr(result, key)
    return out


_EXTRA_KEYS: Final = tuple(
    dict.fromkeys(key for name in variant_names() for key in find_variant(name).result_extras)
)
"""Every variant's own result fields (``None`` in a record of another variant)."""


def all_result_fields(r: Result | None, variant: str = "skat") -> dict[str, Any]:
    """Every version 2 result field of a game of ``variant`` (``None`` where it does not
    apply)."""
    entry = find_variant(variant)
    fields = (r or Result(None)).to_dict(every=True)
    fields["seat_scores"] = fields["seat_scores"][: entry.seats]
    for key in _EXTRA_KEYS:
        fields[key] = getattr(r, key) if r is not None and key in entry.result_extras else None
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
        if kinds is None and key in said_names():  # what a question kind recorded (spitze)
            kinds = _INT
        if kinds is None:
            raise JsonRecordError(f"result.{key_text(key)}: unknown field")
        if not _has_type(value, kinds):
            raise JsonRecordError(f"result.{key}: has the wrong type ({kind_of(value)})")
        if computed[key] != value:
            diffs.append(FieldDiff(key, value, computed[key]))
    return diffs
