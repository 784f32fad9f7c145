"""The core's rules errors (:class:`skat.core.rules.RulesError`) in the player's language.

The core words its errors in English (it is a library) and gives each its kind (``key``) and
values (``params``); the terminal words them in the player's language (``--lang``,
``SKAT_LANG`` or the locale) from the catalogs' ``term.rules_error.*`` messages.  Option
names, presets and values stay as they are typed.

>>> from skat.core.rules import rules_error
>>> rules_error_words(rules_error("unknown_preset", given="'foo'", known="isko, pub"), "de")
"unbekannter Regelsatz 'foo' (bekannt: isko, pub)"
>>> rules_error_words(rules_error("takes_one_of", option="ramsch", choices=("off", "ramsch"), given="'x'"), "de")
"Regeloption ramsch nimmt off oder ramsch, nicht 'x'"
"""

from __future__ import annotations

from typing import Final

from skat.core.language import N_, SOURCE, say
from skat.core.rules import EXCLUDED, RulesError

KEYS: Final[dict[str, str]] = {
    "empty": N_("term.rules_error.empty"),
    "unknown_preset": N_("term.rules_error.unknown_preset"),
    "unknown_option": N_("term.rules_error.unknown_option"),
    "no_value": N_("term.rules_error.no_value"),
    "twice": N_("term.rules_error.twice"),
    "needs": N_("term.rules_error.needs"),
    "excluded": N_("term.rules_error.excluded"),
    "takes_switch": N_("term.rules_error.takes_switch"),
    "takes_one_of": N_("term.rules_error.takes_one_of"),
    "takes_set": N_("term.rules_error.takes_set"),
    "takes_number": N_("term.rules_error.takes_number"),
    "takes_positive": N_("term.rules_error.takes_positive"),
}
"""The message of each kind of rules error (the keys of ``skat.core.rules.RULES_ERRORS``)."""

REASONS: Final[dict[str, str]] = {
    EXCLUDED["old"]["kontra"]: N_("term.rules_error.old_kontra"),
    EXCLUDED["old"]["schenken"]: N_("term.rules_error.old_schenken"),
}
"""The message of each reason a preset excludes an option (by its English words)."""


def rules_error_words(error: RulesError, lang: str) -> str:
    """The words of ``error`` in ``lang`` (its English text in English, and when its kind has
    no message).

    >>> from skat.core.rules import Rules
    >>> try:
    ...     Rules.parse("isko,bock=-1")
    ... except RulesError as err:
    ...     print(rules_error_words(err, "de"))
    Regeloption bock nimmt on oder off, nicht '-1'
    """
    key = KEYS.get(error.key)
    if key is None or lang == SOURCE:
        return str(error)
    word = " " + say(lang, "reason.or_word") + " "
    words = {
        k: word.join(v) if isinstance(v, tuple) else _reason(str(v), lang)
        for k, v in error.params.items()
    }
    return say(lang, key, **words)


def _reason(value: str, lang: str) -> str:
    """A param's value, a reason of an excluded option in ``lang``."""
    key = REASONS.get(value)
    return value if key is None else say(lang, key)


def german_rules_error(error: RulesError) -> str:
    """The German words of ``error`` (:func:`rules_error_words` in German)."""
    return rules_error_words(error, "de")
