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

import errno
from dataclasses import dataclass, field
from typing import Final

from skat.core.language import N_, say


@dataclass(frozen=True)
class Said:
    """A message id with its values, said in the language of the error it is a value of (the
    reason a file could not be read, inside "cannot read {path}: {strerror}")."""

    key: str
    values: dict[str, object] = field(default_factory=dict)

    def in_lang(self, lang: str) -> str:
        """The message in ``lang``."""
        return say(lang, self.key, **{k: _said(lang, v) for k, v in self.values.items()})


def _said(lang: str, value: object) -> object:
    """``value`` as it is, or said in ``lang``: a :class:`Said`, or a library's error that
    describes itself in a language (``describe(lang)``: the tournament's, the rules')."""
    if isinstance(value, Said):
        return value.in_lang(lang)
    describe = getattr(value, "describe", None)
    if isinstance(value, Exception) and callable(describe):
        return str(describe(lang))
    return value


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
        error = cls(
            say("en", key, **{k: _said("en", v) for k, v in values.items()}),
            say("de", key, **{k: _said("de", v) for k, v in values.items()}),
        )
        error.key = key
        error.values = values
        return error

    def in_lang(self, lang: str) -> str:
        """The error's words in ``lang`` (any code; English for one ``skat`` does not speak)."""
        if self.key:
            return say(lang, self.key, **{k: _said(lang, v) for k, v in self.values.items()})
        return self.german if lang == "de" else str(self)


OS_REASONS: Final[dict[int, str]] = {
    errno.ENOENT: N_("cli.os.enoent"),
    errno.EACCES: N_("cli.os.eacces"),
    errno.EPERM: N_("cli.os.eperm"),
    errno.EISDIR: N_("cli.os.eisdir"),
    errno.ENOTDIR: N_("cli.os.enotdir"),
    errno.EEXIST: N_("cli.os.eexist"),
    errno.ENOSPC: N_("cli.os.enospc"),
    errno.EROFS: N_("cli.os.erofs"),
    errno.EADDRINUSE: N_("cli.os.eaddrinuse"),
}
"""The operating system's reasons a user meets most, as messages (their English is the
system's own words); any other stays the system's English."""


def os_reason(exc: OSError) -> Said | str:
    """Why a file (or port) failed, in the error's language when it is a common reason.

    >>> UserError.said(N_("cli.tournament.cannot-read-2"), path="x.json",
    ...     strerror=os_reason(FileNotFoundError(2, "No such file or directory"))).in_lang("da")
    'kan ikke læse x.json: filen eller mappen findes ikke'
    """
    key = OS_REASONS.get(exc.errno or 0)
    if key is not None:
        return Said(key)
    return exc.strerror or " ".join(str(exc).split()) or type(exc).__name__
