"""German words for the core's rules errors (:class:`skat.core.rules.RulesError`).

The core words its errors in English (it is a library) and gives each its kind (``key``) and
values (``params``); the terminal words them in German when the player asks for German
(``--lang de``, ``SKAT_LANG=de`` or a German locale).  Option names, presets and values stay as
they are typed.

>>> from skat.core.rules import rules_error
>>> german_rules_error(rules_error("unknown_preset", given="'foo'", known="isko, pub"))
"unbekannter Regelsatz 'foo' (bekannt: isko, pub)"
>>> german_rules_error(rules_error("takes_one_of", option="ramsch", choices=("off", "ramsch"), given="'x'"))
"Regeloption ramsch nimmt off oder ramsch, nicht 'x'"
"""

from __future__ import annotations

from typing import Final

from skat.core.rules import EXCLUDED, RulesError

GERMAN: Final[dict[str, str]] = {
    "empty": "leere Regelangabe",
    "unknown_preset": "unbekannter Regelsatz {given} (bekannt: {known})",
    "unknown_option": "unbekannte Regeloption {given} (bekannt: {known})",
    "no_value": "Regeloption ohne Wert: {given} (schreibe {option}=...)",
    "twice": "Regeloption {given} doppelt angegeben",
    "needs": "Regeloption {option}={value} verlangt {needed}",
    "excluded": "Regelsatz {preset} schließt {option} aus ({reason}); "
    "für eine Hausmischung von isko ausgehen: {mix}",
    "takes_switch": "Regeloption {option} nimmt on oder off, nicht {given}",
    "takes_one_of": "Regeloption {option} nimmt {choices}, nicht {given}",
    "takes_set": "Regeloption {option} nimmt {choices}, nicht {given}",
    "takes_number": "Regeloption {option} nimmt eine Zahl, nicht {given}",
    "takes_positive": "Regeloption {option} nimmt eine Zahl >= 0, nicht {given}",
}
"""The German words of each kind of rules error (the keys of ``skat.core.rules.RULES_ERRORS``)."""

REASONS: Final[dict[str, str]] = {
    EXCLUDED["old"][
        "kontra"
    ]: "Kontra, Rekontra, Ramsch und Bock gehören nicht zur Skatordnung vor 1998",
    EXCLUDED["old"]["schenken"]: "nach der Skatordnung vor 1998 ist das Schenkungsangebot "
    "abzulehnen",
}
"""The German words of the reasons a preset excludes an option."""


def german_rules_error(error: RulesError) -> str:
    """The German words of ``error`` (its English text when its kind has none).

    >>> from skat.core.rules import Rules
    >>> try:
    ...     Rules.parse("isko,bock=-1")
    ... except RulesError as err:
    ...     print(german_rules_error(err))
    Regeloption bock nimmt on oder off, nicht '-1'
    """
    template = GERMAN.get(error.key)
    if template is None:
        return str(error)
    words = {
        k: " oder ".join(v) if isinstance(v, tuple) else REASONS.get(str(v), v)
        for k, v in error.params.items()
    }
    return template.format(**words)
