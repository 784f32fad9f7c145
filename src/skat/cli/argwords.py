"""argparse's own words (``usage:``, ``options``, its error messages) in the user's language.

argparse says each of its phrases through :func:`gettext.gettext` (and
:func:`gettext.ngettext`) when it uses it: the GNU gettext API, which reads the catalog of the
current text domain in the language the ``LANGUAGE`` variable names.  That is its hook, the way
the Python documentation gives for translating argparse ("How to translate the argparse
output"): :func:`argparse_words` binds the domain ``argparse`` to ``skat/locale``
(``<language>/LC_MESSAGES/argparse.mo``, whose message ids are argparse's own phrases,
extracted from ``argparse.py``: docs/translating.md) and makes it the current domain in the
chosen language while a parser is built and used; afterwards the process's domain and
``LANGUAGE`` are as they were.  English needs no catalog: argparse's phrases are English.

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
>>> with argparse_words("da"):
...     argparse.ArgumentParser(prog="x").format_usage()
'brug: x [-h]\\n'
>>> argparse.ArgumentParser(prog="x").format_usage()
'usage: x [-h]\\n'
"""

from __future__ import annotations

import contextlib
import gettext
import os
from collections.abc import Iterator
from typing import Final

from skat.core.language import LOCALE_DIR

DOMAIN: Final = "argparse"
"""The catalog of argparse's own phrases: ``skat/locale/<language>/LC_MESSAGES/argparse.mo``."""


@contextlib.contextmanager
def argparse_words(lang: str) -> Iterator[None]:
    """Within the block argparse says its words in ``lang`` (``en``: argparse's own English).

    Build the parser, parse and print help inside the block: argparse looks its phrases up
    when it uses them (the ``options`` heading and ``-h``'s help when the parser is made).
    """
    saved_domain = gettext.textdomain()
    saved_language = os.environ.get("LANGUAGE")
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = lang
    try:
        yield
    finally:
        gettext.textdomain(saved_domain)
        if saved_language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = saved_language
