"""German words for the core's rules errors (:class:`skat.core.rules.RulesError`).

The core words its errors in English (it is a library); the terminal says them in German when
the player asks for German (``--lang de``, ``SKAT_LANG=de`` or a German locale).  Each English
message shape of ``skat.core.rules`` has one pattern here; the option names, presets and values
stay as they are typed.

>>> german_rules_error("unknown rules preset 'foo' (known: isko, pub)")
"unbekannter Regelsatz 'foo' (bekannt: isko, pub)"
>>> german_rules_error("rules option kontra takes on or off, not 'vielleicht'")
"Regeloption kontra nimmt on oder off, nicht 'vielleicht'"
"""

from __future__ import annotations

import re
from typing import Final

_OLD_REASON: Final = (
    "Kontra, Rekontra, Ramsch and Bock are not part of the Skatordnung before 1998",
    "Kontra, Rekontra, Ramsch und Bock gehören nicht zur Skatordnung vor 1998",
)

_SHAPES: Final[tuple[tuple[str, str], ...]] = (
    (r"empty rules string", "leere Regelangabe"),
    (r"unknown rules preset (.+) \(known: (.+)\)", r"unbekannter Regelsatz \1 (bekannt: \2)"),
    (r"unknown rules option (.+) \(known: (.+)\)", r"unbekannte Regeloption \1 (bekannt: \2)"),
    (
        r"rules option without a value: (.+) \(write (.+)\)",
        r"Regeloption ohne Wert: \1 (schreibe \2)",
    ),
    (r"rules option (.+) given twice", r"Regeloption \1 doppelt angegeben"),
    (r"rules option (\S+) needs (\S+)", r"Regeloption \1 verlangt \2"),
    (
        r"rules option (\S+) takes on or off, not (.+)",
        r"Regeloption \1 nimmt on oder off, nicht \2",
    ),
    (
        r"rules option (\S+) takes a number >= 0, not (.+)",
        r"Regeloption \1 nimmt eine Zahl >= 0, nicht \2",
    ),
    (r"rules option (\S+) takes a number, not (.+)", r"Regeloption \1 nimmt eine Zahl, nicht \2"),
    (r"rules option (\S+) takes (.+?), not (.+)", r"Regeloption \1 nimmt \2, nicht \3"),
    (
        r"rules preset (\S+) excludes (\S+) \((.+)\); for a house mix start from isko: (\S+)",
        r"Regelsatz \1 schließt \2 aus (\3); für eine Hausmischung von isko ausgehen: \4",
    ),
)


def german_rules_error(text: str) -> str:
    """The German words of a rules error's English ``text`` (unchanged when no shape fits).

    >>> german_rules_error("rules option bock takes a number >= 0, not -1")
    'Regeloption bock nimmt eine Zahl >= 0, nicht -1'
    """
    for english, german in _SHAPES:
        match = re.fullmatch(english, text)
        if match:
            return _worded(match, german).replace(*_OLD_REASON)
    return text


def _worded(match: re.Match[str], german: str) -> str:
    """``german`` with ``\\1``… replaced by the match's groups (their "or" German)."""
    groups = [g.replace(" or ", " oder ") if "'" not in g else g for g in match.groups()]
    return re.sub(r"\\(\d)", lambda m: groups[int(m.group(1)) - 1], german)
