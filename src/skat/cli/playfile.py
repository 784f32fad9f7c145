"""The saved series of ``skat play`` with the table's settings, so ``--load`` resumes it as it
was: the computer level, the language, the pack, the list and the records file.

The file is the series file of :mod:`skat.series.storage` with one more key, ``"play"``;
any reader of series files ignores it, and a series file without it loads with the
defaults.

>>> import tempfile, os
>>> from skat.core import Rules
>>> from skat.series import Series
>>> series = Series(("You", "Ann", "Bob"), Rules.parse("isko,bock=on"), seed=4, games=3)
>>> path = os.path.join(tempfile.mkdtemp(), "friday.json")
>>> save_play(series, path, {"level": "pimc-easy", "lang": "de", "deck": "german"})
>>> again, settings = load_play(path)
>>> str(again.rules) == str(series.rules), settings["level"], settings["deck"]
(True, 'pimc-easy', 'german')
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from skat.cli.errors import UserError
from skat.core.language import N_
from skat.series import Series
from skat.series.storage import atomic_write, loads_series, series_to_dict

SETTINGS: Final = ("level", "lang", "deck", "sheet", "records", "no_analysis")
"""The settings kept beside the series (the rules and the seed are the series' own)."""


def check_paths(*paths: str | None) -> None:
    """A one-line error (:class:`~skat.cli.errors.UserError`) for a file to write that is a
    folder or in no folder (``--save``, ``--records``), before any game is played."""
    for path in paths:
        if path and os.path.isdir(path):
            raise UserError.said(N_("cli.play.directory"), path=path)
        if path and not os.path.isdir(os.path.dirname(path) or "."):
            raise UserError.said(N_("cli.play.no-such-directory"), path=path)


def save_play(series: Series, path: str | Path, settings: Mapping[str, Any]) -> None:
    """Save the series and the settings atomically."""
    data = series_to_dict(series)
    data["play"] = {k: settings[k] for k in SETTINGS if settings.get(k) is not None}
    atomic_write(path, json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def load_play(path: str | Path) -> tuple[Series, dict[str, Any]]:
    """The series and its settings (empty for a plain series file); ``OSError`` when the
    file cannot be read, ``SeriesFileError`` when it is no series."""
    p = Path(path)
    raw = p.read_bytes()
    series = loads_series(raw, p.name)
    try:
        play = json.loads(raw).get("play", {})
    except (ValueError, AttributeError):
        play = {}
    if not isinstance(play, dict):
        return series, {}
    return series, {k: v for k, v in play.items() if k in SETTINGS and _plain(v)}


def _plain(value: object) -> bool:
    return isinstance(value, (str, bool)) and len(str(value)) < 4096
