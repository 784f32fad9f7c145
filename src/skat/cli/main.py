"""Entry point of the ``skat`` command: one subcommand per module of :mod:`skat.cli`.

Every subcommand module has ``NAME``, ``HELP`` (the message id of its one-line help),
``add_arguments(parser, lang)`` (its options, their help in ``lang`` from the catalogs) and
``run(args) -> int``.  Errors that users cause are one line on stderr, in the user's language,
and exit status 2 (1 is kept for "the check found differences").

The language of the help and the errors is :func:`help_lang`'s: ``--lang`` (before the
subcommand, or the subcommand's own), else ``SKAT_LANG`` or the locale
(:func:`skat.core.language.choose`).  argparse's own words (``usage:``, its errors) come from
the catalog domain ``argparse`` (:mod:`skat.cli.argwords`).

>>> help_lang(["--lang", "de", "value", "--help"], {}), help_lang(["value"], {"LANG": "de_DE.UTF-8"})
('de', 'de')
>>> help_lang(["value"], {"LANG": "de_DE.UTF-8", "SKAT_LANG": "en"}), help_lang(["value"], {})
('en', 'en')
>>> help_lang(["--lang=da", "value"], {}), help_lang(["play", "--lang", "da"], {"LANG": "de"})
('da', 'da')
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Final, Protocol

from skat.cli.argwords import argparse_words
from skat.cli.errors import UserError
from skat.core.language import LANGUAGES, N_, choose, say


class Subcommand(Protocol):
    """What a subcommand module holds (mypy checks each module of :data:`SUBCOMMANDS`)."""

    @property
    def NAME(self) -> str: ...

    @property
    def HELP(self) -> str: ...

    def add_arguments(self, parser: argparse.ArgumentParser, lang: str = "en") -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


COMMANDS: Final[dict[str, str]] = {
    "play": "play",
    "value": "value",
    "replay": "replay",
    "solve": "solve",
    "analyse": "analyse",
    "arena": "arena",
    "arena-merge": "arenamerge",
    "selfplay": "selfplay",
    "samples": "samples",
    "list": "scoresheet",
    "rules": "rules",
    "thirty-one": "thirtyone",
    "serve": "serve",
    "iss": "iss",
    "tournament": "tournament",
    "season": "season",
    "verify": "verify",
}
"""The subcommands (their modules in :mod:`skat.cli`) in the order ``skat --help`` lists them.
A command imports only its own module: ``skat value`` does not load the server or the solver."""

ABOUT: Final[dict[str, str]] = {
    "play": N_("about.play"),
    "value": N_("about.value"),
    "replay": N_("about.replay"),
    "solve": N_("about.solve"),
    "analyse": N_("about.analyse"),
    "arena": N_("about.arena"),
    "arena-merge": N_("about.arena-merge"),
    "selfplay": N_("about.selfplay"),
    "samples": N_("about.samples"),
    "list": N_("about.list"),
    "rules": N_("about.rules"),
    "thirty-one": N_("about.thirty-one"),
    "serve": N_("about.serve"),
    "iss": N_("about.iss"),
    "tournament": N_("about.tournament"),
    "season": N_("about.season"),
    "verify": N_("about.verify"),
}
"""Each subcommand's description (``skat COMMAND --help``); the English one is the module's
docstring, which the CLI reference page shows too."""


def subcommand(name: str) -> Subcommand:
    """The module of the subcommand ``name`` (a key of :data:`COMMANDS`).

    >>> subcommand("list").NAME
    'list'
    """
    module: Subcommand = importlib.import_module(f"skat.cli.{COMMANDS[name]}")
    return module


def subcommands() -> tuple[Subcommand, ...]:
    """Every subcommand's module, in the order of :data:`COMMANDS` (imports them all)."""
    return tuple(subcommand(name) for name in COMMANDS)


def build_parser(lang: str = "en", only: str | None = None) -> argparse.ArgumentParser:
    """The ``skat`` parser, its help and every subcommand's in ``lang`` (a code of
    :data:`~skat.core.language.LANGUAGES`).  ``only``: the one subcommand the command line
    names, the only module imported (the others are there by name, for argparse's choices).

    Build it inside :func:`~skat.cli.argwords.argparse_words` for argparse's own words in
    ``lang`` too (:func:`main` does).
    """
    parser = argparse.ArgumentParser(prog="skat", description=say(lang, "help.skat"))
    parser.add_argument(
        "--version", action="version", version=_version(), help=say(lang, "help.version")
    )
    parser.add_argument(
        "--lang",
        dest="words",
        choices=LANGUAGES,
        help=say(lang, "help.lang", languages=", ".join(LANGUAGES)),
    )
    sub = parser.add_subparsers(dest="command", metavar=say(lang, "help.var.command"))
    for name in COMMANDS:
        if only is not None and name != only:
            sub.add_parser(name)
            continue
        module = subcommand(name)
        p = sub.add_parser(
            name,
            help=say(lang, module.HELP),
            description=say(lang, ABOUT[name]),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(p, lang)
        p.set_defaults(_run=module.run)
    return parser


def _version() -> str:
    from skat import __version__

    return f"skat {__version__}"


def _subcommand_after_dashdash(argv: Sequence[str]) -> list[str]:
    """``argv`` without a ``--`` that stands before the subcommand: ``skat -- play`` is
    ``skat play`` and ``skat --`` is bare ``skat`` (the help), as ``--`` only ends the options
    and the subcommand is not one; a ``--`` after the subcommand is the subcommand's.

    >>> _subcommand_after_dashdash(["--lang", "de", "--", "play", "--", "x"])
    ['--lang', 'de', 'play', '--', 'x']
    """
    words = list(argv)
    skip = False
    for index, word in enumerate(words):
        if skip:
            skip = False
        elif word == "--":
            return words[:index] + words[index + 1 :]
        elif word == "--lang":
            skip = True  # its value
        elif not word.startswith("-"):
            break  # the subcommand
    return words


def _named(words: Sequence[str]) -> str | None:
    """The subcommand ``words`` name, if they name one before any help option (``skat
    --help`` lists every subcommand, so it builds them all).

    >>> _named(["--lang", "de", "value", "--help"]), _named(["--help", "value"]), _named([])
    ('value', None, None)
    """
    skip = False
    for word in words:
        if skip:
            skip = False
        elif word == "--lang":
            skip = True
        elif word.startswith("-"):
            if word in ("-h", "--help", "--version"):
                return None
        else:
            return word if word in COMMANDS else None
    return None


def error_words(exc: ValueError, lang: str) -> str:
    """A library's error in ``lang``: the words of an error that describes itself in a language
    (``describe(lang)``, as the rules engine's :class:`~skat.core.rules.RulesError` does), else
    its own (English) text.

    >>> from skat.core.rules import Rules
    >>> try:
    ...     Rules.parse("isko,bock=-1")
    ... except ValueError as exc:
    ...     print(error_words(exc, "de"))
    Regeloption bock nimmt on oder off, nicht '-1'
    """
    describe = getattr(exc, "describe", None)
    if callable(describe):
        return str(describe(lang))
    return str(exc)


def help_lang(argv: Sequence[str], environ: Mapping[str, str]) -> str:
    """The language of the help and the errors (see the module doc): a code of
    :data:`~skat.core.language.LANGUAGES`."""
    words = list(argv)
    if "--" in words:
        words = words[: words.index("--")]
    for word, after in pairwise([*words, ""]):  # --lang before the subcommand, or skat play's own
        if word.startswith("--lang="):
            return choose(word.partition("=")[2], environ)
        if word == "--lang" and after in LANGUAGES:
            return after
    return choose(None, environ)


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``skat`` with ``argv`` (default: the command line); the exit status."""
    words = _subcommand_after_dashdash(sys.argv[1:] if argv is None else argv)
    lang = help_lang(words, os.environ)
    with argparse_words(lang):
        parser = build_parser(lang, only=_named(words))
        args = parser.parse_args(words)
        if not getattr(args, "_run", None):
            parser.print_help()
            return 0
    args.words = lang  # the language the user asked for (skat play's default --lang)
    args._own_process = argv is None  # run from the shell: the process is the command's
    word = say(lang, "cli.error")
    error = f"skat {args.command}: {word}"
    try:
        return int(args._run(args) or 0)
    except UserError as exc:
        print(f"{error}: {exc.in_lang(lang)}", file=sys.stderr)
        return 2
    except ValueError as exc:  # the core's parse and rule errors subclass ValueError
        print(f"{error}: {error_words(exc, lang)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: one line, no traceback (work kept is each command's)
        stopped = say(lang, "cli.interrupted")
        print(f"skat {args.command}: {stopped}", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
