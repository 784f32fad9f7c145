"""The saved series of ``skat play --variant`` (``--save FILE``, resumed by ``--load FILE``):
the variant, the seed and the planned games (the deals and the computers' play follow from
them), the games finished, each person's total, and the table's settings (the computer
level, the language, the pack, the records file).  Written atomically after every game, so a
series is never lost beyond the game in play; a file that is not such a series is refused
with one line naming what is wrong.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "evening.json")
>>> save_variant(path, SavedVariant("officers", seed=4, games=6, played=2, totals=(-30, 46),
...     settings={"level": "pimc", "lang": "de"}))
>>> saved = load_variant(path)
>>> saved.variant, saved.played, saved.totals, saved.settings["level"], variant_of_file(path)
('officers', 2, (-30, 46), 'pimc', 'officers')
>>> load_variant(os.devnull)
Traceback (most recent call last):
...
skat.core.language.SaidError: not a saved series of a variant (skat play --variant ... --save)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from skat.core.language import N_, SaidError
from skat.series.storage import atomic_write

FORMAT: Final = "skat-variant-series"
VERSION: Final = 1
VARIANTS: Final = ("strohmann", "officers", "tournee")
SETTINGS: Final = ("level", "lang", "deck", "records")
"""The table's settings kept beside the series."""
PEOPLE: Final = {"strohmann": 2, "officers": 2, "tournee": 3}
"""The people at each variant's terminal table (you and the computers)."""


@dataclass(frozen=True)
class SavedVariant:
    """A variant's series as saved: ``played`` games of ``games`` finished, ``totals`` by
    person (you first)."""

    variant: str
    seed: int
    games: int
    played: int
    totals: tuple[int, ...]
    settings: Mapping[str, str] = field(default_factory=dict)


def save_variant(path: str | Path, saved: SavedVariant) -> None:
    """Write the series atomically (the old file stays whole until the new one is in place)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "variant": saved.variant,
        "seed": saved.seed,
        "games": saved.games,
        "played": saved.played,
        "totals": list(saved.totals),
        "play": {k: v for k, v in saved.settings.items() if k in SETTINGS and v is not None},
    }
    atomic_write(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def variant_of_file(path: str | Path) -> str | None:
    """The variant of the saved series in ``path`` (``None``: no such file, or a file of
    another kind); :class:`SaidError` for a saved variant's series that cannot be read."""
    try:
        with open(path, encoding="utf-8") as fh:
            head = fh.read(4096)
    except (OSError, UnicodeDecodeError):
        return None
    if f'"{FORMAT}"' not in head:
        return None
    try:
        return load_variant(path).variant
    except OSError:
        return None


def load_variant(path: str | Path) -> SavedVariant:
    """The saved series in ``path``; ``OSError`` when it cannot be read, :class:`SaidError`
    naming the field at fault when it is no saved series of a variant."""
    raw = Path(path).read_bytes()
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaidError.of(N_("cli.variantfile.not-a-series"))
    if data.get("version") != VERSION:
        raise SaidError.of(N_("cli.variantfile.version"), version=repr(data.get("version")))
    variant = data.get("variant")
    if variant not in VARIANTS:
        raise SaidError.of(N_("cli.variantfile.variant"), variant=repr(variant))
    seed, games, played = (_count(data, key) for key in ("seed", "games", "played"))
    if games < 1:
        raise SaidError.of(N_("cli.variantfile.count"), field="games", value=repr(games))
    if played > games:
        raise SaidError.of(N_("cli.variantfile.played"), played=played, games=games)
    totals = data.get("totals")
    people = PEOPLE[variant]
    if (
        not isinstance(totals, list)
        or len(totals) != people
        or not all(type(t) is int for t in totals)
    ):
        raise SaidError.of(N_("cli.variantfile.totals"), n=people)
    play = data.get("play", {})
    settings = (
        {k: v for k, v in play.items() if k in SETTINGS and isinstance(v, str) and len(v) < 4096}
        if isinstance(play, dict)
        else {}
    )
    return SavedVariant(variant, seed, games, played, tuple(totals), settings)


def _count(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if type(value) is not int or value < 0:
        raise SaidError.of(N_("cli.variantfile.count"), field=key, value=repr(value))
    return value
