"""The player's language: which one is spoken, and its words from gettext message catalogs.

Every sentence ``skat`` says (the core's explanations, the terminal game, the help, the
server's messages and the web pages) is a message of the catalog ``skat`` in
``skat/locale/<language>/LC_MESSAGES/skat.po``, compiled to ``skat.mo`` beside it.  A
message's id is a stable key with named placeholders, never an English sentence:
``play.bids`` is ``"{who} says {bid}"`` in English and ``"{who} reizt {bid}"`` in German.  A
language is added by its catalog files alone (docs/translating.md); English is a catalog
like the others, and the one every other language falls back to for a message it lacks.

>>> say("en", "example.bids", who="Ann", bid=18), say("de", "example.bids", who="Ann", bid=18)
('Ann says 18', 'Ann reizt 18')
>>> [say_n(lang, "example.tricks", "example.tricks.plural", n) for lang in ("en", "de") for n in (1, 3)]
['1 trick', '3 tricks', '1 Stich', '3 Stiche']
>>> "en" in LANGUAGES and "de" in LANGUAGES
True
>>> choose(None, {"SKAT_LANG": "de_AT.UTF-8"}), choose("en", {"SKAT_LANG": "de"})
('de', 'en')

The core imports only the standard library: ``gettext`` reads the compiled catalogs; Babel
(a development tool) extracts, updates and compiles them.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Final, Self

DOMAIN: Final = "skat"
"""The catalog's name: ``skat.po`` / ``skat.mo``."""

LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogs are: ``<LOCALE_DIR>/<language>/LC_MESSAGES/skat.mo``."""

SOURCE: Final = "en"
"""The language every other one falls back to for a message it lacks."""


def _installed() -> tuple[str, ...]:
    """The languages with a compiled catalog, English first."""
    found = sorted(
        p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo") if p.is_file()
    )
    return (SOURCE, *(lang for lang in found if lang != SOURCE))


LANGUAGES: Final[tuple[str, ...]] = _installed()
"""Every language ``skat`` speaks: those with a catalog (``en``, ``de``, ``da``, …)."""

ENVIRONMENT: Final = ("SKAT_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables that name the language, the first set one wins (after ``--lang``)."""


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``lang`` (English's behind it); English's for an unknown one."""
    source = gettext.translation(DOMAIN, LOCALE_DIR, [SOURCE], fallback=True)
    if lang == SOURCE or lang not in LANGUAGES:
        return source
    found = gettext.translation(DOMAIN, LOCALE_DIR, [lang], fallback=True)
    found.add_fallback(source)
    return found


def say(lang: str, key: str, /, **values: object) -> str:
    """The message ``key`` in ``lang`` with its placeholders filled from ``values``."""
    text = catalog(lang).gettext(key)
    return text.format(**values) if values else text


def say_n(lang: str, key: str, plural: str, n: int, /, **values: object) -> str:
    """The message ``key`` for ``n`` things in ``lang``, ``{n}`` and ``values`` filled in: the
    catalog holds its plural forms under ``key`` and ``plural`` (by convention
    ``key + ".plural"``; both are named in the call, so that extraction finds them)."""
    text = catalog(lang).ngettext(key, plural, n)
    return text.format(n=n, **values)


def N_(key: str) -> str:
    """Mark ``key`` as a message id said elsewhere (a table of keys): the key itself.

    >>> N_("example.bids")
    'example.bids'
    """
    return key


def has(lang: str, key: str) -> bool:
    """Whether ``lang``'s own catalog (not the English behind it) has the message ``key``."""
    own = gettext.translation(DOMAIN, LOCALE_DIR, [lang], fallback=True)
    return own.gettext(key) != key


def pick(value: str) -> str | None:
    """The language a setting names (``de``, ``de_DE.UTF-8``, ``da:en``), if ``skat`` speaks it.

    >>> pick("de_DE.UTF-8"), pick("fr_FR"), pick("C")
    ('de', None, None)
    """
    for part in value.split(":"):
        code = part.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
    return None


def choose(explicit: str | None, environ: Mapping[str, str]) -> str:
    """The language to speak: ``explicit`` (``--lang``), else the first of :data:`ENVIRONMENT`
    that is set (a language ``skat`` does not speak there means English), else English."""
    if explicit:
        return pick(explicit) or SOURCE
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if value:
            return pick(value) or SOURCE
    return SOURCE


class SaidError(ValueError):
    """A ``ValueError`` whose words are a message of the catalogs: ``str()`` is the English,
    :meth:`describe` says it in any language (a bad card or contract in a German terminal).

    >>> error = SaidError.of("example.bids", who="Ann", bid=18)
    >>> str(error), error.describe("de")
    ('Ann says 18', 'Ann reizt 18')
    """

    def __init__(
        self, message: str = "", key: str = "", values: Mapping[str, object] | None = None
    ) -> None:
        self.key = key
        self.values: dict[str, object] = dict(values or {})
        super().__init__(message or (say(SOURCE, key, **self.values) if key else ""))

    @classmethod
    def of(cls, key: str, /, **values: object) -> Self:
        """The error whose words are the message ``key`` (mark it with ``N_``) with ``values``."""
        return cls("", key, values)

    def describe(self, lang: str = SOURCE) -> str:
        """The error in ``lang`` (its English text where it has no message id)."""
        return say(lang, self.key, **self.values) if self.key else str(self)
