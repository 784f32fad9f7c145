"""Kontra and Re on a tournament list: whether the tournament allows them, and their words.

The DSkV's tournament lists know no Kontra (the ``tournament`` rules preset has ``kontra=off``);
club evenings often play with Kontra and Re, some with Supra and Resupra too.  The tournament's
rules say which (``kontra=on``, ``supra=on``: the core's options, see docs/rules.md), and a
list records per game the level said: 0 none, 1 Kontra, 2 Re, 3 Supra, 4 Resupra.  Each level
doubles the game's *score*, not its value (an overbid is still decided on the value): the core
scores the game with the multiplier (:func:`skat.core.scoring.score`), so a won Grand 48 with
Kontra writes 2 × 48 + 50 = 146 on a Seeger-Fabian list, lost with Re − 2 × 48 × 4 − 50.

>>> from skat.core.rules import Rules
>>> allowed(Rules.parse("tournament")), allowed(Rules.parse("tournament,kontra=on"))
(0, 2)
>>> with_kontra("tournament", "supra"), setting_of("tournament,kontra=on,supra=on")
('tournament,kontra=on,supra=on', 'supra')
>>> level("Re"), level("rekontra"), level("K"), level("maybe")
(2, 2, 1, None)
>>> refusal(1, Rules.parse("tournament"))
'Kontra is not allowed in this tournament (rules tournament: no Kontra on the list)'
>>> refusal(3, Rules.parse("tournament,kontra=on"), german=True)
'Supra ist in diesem Turnier nicht erlaubt (Regeln tournament,kontra=on: nur Kontra und Re)'
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from skat.core.language import N_, say
from skat.core.rules import Rules

NAMES: Final = ("", "Kontra", "Re", "Supra", "Resupra")
"""The word of each level as written on the list."""

SETTINGS: Final = ("off", "on", "supra")
"""The tournament's setting: no Kontra (the DSkV's lists), Kontra and Re (a club evening),
or up to Resupra."""

_WORDS: Final = {
    "kontra": 1,
    "k": 1,
    "contra": 1,
    "re": 2,
    "rekontra": 2,
    "recontra": 2,
    "supra": 3,
    "resupra": 4,
}


def allowed(rules: Rules) -> int:
    """The highest level the rules allow: 0 (no Kontra), 2 (Kontra and Re), 4 (to Resupra)."""
    if not rules.kontra:
        return 0
    return 4 if rules.supra else 2


def setting_of(rules_text: str) -> str:
    """The tournament's setting (:data:`SETTINGS`) of its rules text."""
    return SETTINGS[allowed(Rules.parse(rules_text)) // 2]


def with_kontra(rules_text: str, setting: str) -> str:
    """The rules text with Kontra ``off``, ``on`` (Kontra and Re) or up to ``supra``."""
    if setting not in SETTINGS:
        raise ValueError(f"kontra: one of {', '.join(SETTINGS)}, not {setting!r}")
    rules = Rules.parse(rules_text)
    return str(replace(rules, kontra=setting != "off", supra=setting == "supra"))


def level(word: str) -> int | None:
    """The level a word on the list names (``Kontra``, ``Re``, ``Rekontra``, ``Supra``,
    ``Resupra``, any case; ``K`` for Kontra), or ``None``."""
    return _WORDS.get(word.lower())


def refusal(kontra: int, rules: Rules, *, german: bool = False) -> str | None:
    """Why a game with Kontra level ``kontra`` may not be on this tournament's list (in German
    with ``german``), or ``None`` when it may."""
    said = refused(kontra, rules)
    return None if said is None else say("de" if german else "en", said[0], **said[1])


def refused(kontra: int, rules: Rules) -> tuple[str, dict[str, object]] | None:
    """Why a game with Kontra level ``kontra`` may not be on this tournament's list, as a
    message id and its values (said in any language), or ``None`` when it may."""
    if not 0 <= kontra <= 4:
        return N_("cli.list.no-kontra-level"), {"kontra": kontra}
    top = allowed(rules)
    if kontra <= top:
        return None
    key = N_("cli.list.kontra-not-allowed") if top == 0 else N_("cli.list.only-kontra-re")
    return key, {"name": NAMES[kontra], "rules": str(rules)}
