"""What an arena run writes into each of its records about how it was played, so that a resumed
run (``skat arena --resume``) or a merge of pieces (``skat arena-merge``) refuses records that
another run made: other agents, seed, rules, contract or void options, budget, or other code.

The *code fingerprint* is a hash of the sources and data files of :mod:`skat.ai` and
:mod:`skat.core` (the players and the rules they play by): a run with changed players plays
other games, so its records cannot be mixed with the old ones.  Outside engines
(``exec:PROGRAM``) are named by their command only; their own code is not covered.

>>> wanted = settings_of(["heuristic", "random"], seed=21, rules="isko")
>>> sorted(wanted) == sorted(FIELDS)
True
>>> differences({**wanted, "seed": 20}, wanted)
['seed: the records have 20, this run 21']
>>> differences({**wanted, "code": "sha256:0"}, wanted, any_code=True)
[]
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

FIELDS: Final = ("agents", "seed", "rules", "contract", "void_passed", "blind", "budget", "code")
"""The settings every record of an arena run carries in ``meta.arena`` (with ``deal``,
``arrangement`` and ``fallbacks``, which are the record's own)."""

CODE: Final = "code"

_PACKAGES: Final = ("ai", "core")


@functools.cache
def code_fingerprint() -> str:
    """``sha256:`` and 16 hex digits: a hash of every file of :mod:`skat.ai` and
    :mod:`skat.core` (names and contents, compiled files left out).

    >>> code_fingerprint().startswith("sha256:"), len(code_fingerprint())
    (True, 23)
    """
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for package in _PACKAGES:
        base = root / package
        for path in sorted(base.rglob("*")):
            if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc":
                continue
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return f"sha256:{digest.hexdigest()[:16]}"


def settings_of(
    names: Sequence[str],
    *,
    seed: int,
    rules: str,
    contract: str = "bid",
    void_passed: bool = False,
    blind: bool = False,
    budget: float | None = None,
) -> dict[str, Any]:
    """The settings of a run as its records hold them (``rules`` as the canonical string)."""
    return {
        "agents": list(names),
        "seed": seed,
        "rules": rules,
        "contract": contract,
        "void_passed": void_passed,
        "blind": blind,
        "budget": budget,
        CODE: code_fingerprint(),
    }


def differences(
    recorded: Mapping[str, Any],
    wanted: Mapping[str, Any],
    *,
    any_code: bool = False,
    wanted_by: str = "this run",
) -> list[str]:
    """What differs between the settings in a record and those wanted (by ``wanted_by``),
    one phrase each (``any_code``: a different code fingerprint is accepted)."""
    out = []
    for key in FIELDS:
        if key == CODE and any_code:
            continue
        have, want = recorded.get(key), wanted.get(key)
        if have != want:
            out.append(f"{key}: the records have {shown(have)}, {wanted_by} {shown(want)}")
    return out


def shown(value: object) -> str:
    """A setting as the user typed it: ``a,b`` for the agents, ``none`` for no budget.

    >>> shown(["pimc-hard", "heuristic"]), shown(None), shown(True)
    ('pimc-hard,heuristic', 'none', 'yes')
    """
    if isinstance(value, list):
        return ",".join(str(v) for v in value)
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
