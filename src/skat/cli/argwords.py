"""argparse's own words (``usage:``, ``options``, the error prefix and messages) in German.

argparse asks :func:`gettext.gettext` for each of its phrases at the moment it uses them;
:func:`argparse_words` answers those questions from :data:`ARGPARSE_DE` while a parser is
built and used, so ``skat play --lang de --help`` and its usage errors are German.  English
stays the default: with ``lang="en"`` nothing changes.

>>> import argparse, contextlib, io
>>> with argparse_words("de"):
...     parser = argparse.ArgumentParser(prog="skat play")
...     _ = parser.add_argument("--lang", choices=("en", "de"))
...     err = io.StringIO()
...     with contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
...         parser.parse_args(["--lang", "fr"])
...     usage = parser.format_usage()
>>> print(err.getvalue().splitlines()[-1])
skat play: Fehler: Argument --lang: ungültige Wahl: 'fr' (möglich: 'en', 'de')
>>> usage
'Aufruf: skat play [-h] [--lang {en,de}]\\n'
>>> argparse.ArgumentParser(prog="x").format_usage()
'usage: x [-h]\\n'
"""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from typing import Final

ARGPARSE_DE: Final[dict[str, str]] = {
    "usage: ": "Aufruf: ",
    "options": "Optionen",
    "positional arguments": "Argumente",
    "show this help message and exit": "diese Hilfe zeigen und beenden",
    "show program's version number and exit": "die Version zeigen und beenden",
    "%(prog)s: error: %(message)s\n": "%(prog)s: Fehler: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "Argument %(argument_name)s: %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "ungültige Wahl: %(value)r (möglich: %(choices)s)"
    ),
    "invalid %(type)s value: %(value)r": "ungültiger Wert (%(type)s): %(value)r",
    "expected one argument": "erwartet einen Wert",
    "expected at most one argument": "erwartet höchstens einen Wert",
    "expected at least one argument": "erwartet mindestens einen Wert",
    "unrecognized arguments: %s": "unbekannte Argumente: %s",
    "the following arguments are required: %s": "diese Argumente fehlen: %s",
    "one of the arguments %s is required": "eines der Argumente %s ist nötig",
    "not allowed with argument %s": "nicht erlaubt zusammen mit %s",
    "ignored explicit argument %r": "Wert %r nicht erlaubt",
    "ambiguous option: %(option)s could match %(matches)s": (
        "mehrdeutige Option: %(option)s passt zu %(matches)s"
    ),
    "unexpected option string: %s": "unerwartete Option: %s",
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "unbekannter Befehl %(parser_name)r (möglich: %(choices)s)"
    ),
}
"""argparse's English phrase → the German one (argparse's own keys, as :mod:`gettext` gets them)."""

_PLURAL_DE: Final[dict[str, tuple[str, str]]] = {
    "expected %s argument": ("erwartet %s Wert", "erwartet %s Werte"),
}


def german(phrase: str) -> str:
    """The German for one of argparse's phrases (the phrase itself when the table lacks it).

    >>> german("usage: "), german("something new")
    ('Aufruf: ', 'something new')
    """
    return ARGPARSE_DE.get(phrase, phrase)


def _german_plural(singular: str, plural: str, n: int) -> str:
    """ngettext's German: the table's form for ``n``, else argparse's English one."""
    forms = _PLURAL_DE.get(singular)
    if forms is None:
        return singular if n == 1 else plural
    return forms[0] if n == 1 else forms[1]


@contextlib.contextmanager
def argparse_words(lang: str) -> Iterator[None]:
    """Within the block argparse says its words in ``lang`` (``de``; ``en`` changes nothing).

    Build the parser, parse and print help inside the block: argparse looks its phrases up
    when it uses them (the ``options`` heading and ``-h``'s help when the parser is made).
    """
    if lang != "de":
        yield
        return
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = german, _german_plural  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]
