"""The error a user causes (a bad option, a file that cannot be read): one line, exit status 2.

An error is a message of the catalogs (:mod:`skat.core.language`): ``UserError.said(key,
**values)`` raises it, and :func:`skat.cli.main.main` prints it in the user's language.

>>> from skat.cli.main import main
>>> main(["play", "--level", "nobody"])
2
>>> from skat.core.language import N_
>>> error = UserError.said(N_("cli.samples.no-such-file"), path="x.json")
>>> str(error), error.in_lang("de"), error.in_lang("da")
('no such file: x.json', 'keine solche Datei: x.json', 'ingen sådan fil: x.json')
"""

from __future__ import annotations

from skat.core.language import say


class UserError(Exception):
    """A problem with the user's input: printed as one line, exit status 2, in the language
    the user asked for (``skat --lang de``, ``SKAT_LANG``, the locale).

    Made by :meth:`said` from a message id and its values; ``str()`` is the English message.
    ``UserError(message, german)`` (English and German words given) is the older form, for
    errors whose words come from elsewhere.

    >>> UserError("no game to review", german="kein Spiel zum Rückblick").german
    'kein Spiel zum Rückblick'
    """

    def __init__(self, message: str, german: str = "") -> None:
        super().__init__(message)
        self.german = german or message
        self.key = ""
        self.values: dict[str, object] = {}

    @classmethod
    def said(cls, key: str, /, **values: object) -> UserError:
        """The error whose words are the message ``key`` (mark it with ``N_``) with ``values``."""
        error = cls(say("en", key, **values), say("de", key, **values))
        error.key = key
        error.values = values
        return error

    def in_lang(self, lang: str) -> str:
        """The error's words in ``lang`` (any code; English for one ``skat`` does not speak)."""
        if self.key:
            return say(lang, self.key, **self.values)
        return self.german if lang == "de" else str(self)
