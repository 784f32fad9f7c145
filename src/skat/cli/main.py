"""Entry point of the ``skat`` command: one subcommand per module of :mod:`skat.cli`.

Every subcommand module has ``NAME``, ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int``.  Errors that users cause are one line on stderr and exit status 2
(1 is kept for "the check found differences").
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Final, Protocol

from skat.cli import (
    analyse,
    arena,
    arenamerge,
    iss,
    play,
    replay,
    rules,
    samples,
    scoresheet,
    selfplay,
    serve,
    solve,
    thirtyone,
    tournament,
    value,
    verify,
)
from skat.cli.argwords import argparse_words
from skat.cli.errors import UserError
from skat.cli.helpde import germanize, help_lang
from skat.cli.playhelp import DESCRIPTION_DE
from skat.cli.ruleswords import german_rules_error
from skat.core.rules import RulesError


class Subcommand(Protocol):
    """What a subcommand module holds (mypy checks each module of :data:`SUBCOMMANDS`)."""

    @property
    def NAME(self) -> str: ...

    @property
    def HELP(self) -> str: ...

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


SUBCOMMANDS: Final[tuple[Subcommand, ...]] = (
    play,
    value,
    replay,
    solve,
    analyse,
    arena,
    arenamerge,
    selfplay,
    samples,
    scoresheet,
    rules,
    thirtyone,
    serve,
    iss,
    tournament,
    verify,
)
"""The subcommands in the order ``skat --help`` lists them."""


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The ``skat`` parser; ``lang="de"`` gives it and every subcommand the German help
    (:mod:`skat.cli.helpde`).

    Build it inside :func:`~skat.cli.argwords.argparse_words` for argparse's own words in
    ``lang`` too (:func:`main` does).
    """
    german = lang == "de"
    parser = argparse.ArgumentParser(
        prog="skat",
        description=_DESCRIPTION_DE
        if german
        else "The open Skat system: rules engine, records and tools.",
    )
    parser.add_argument("--version", action="version", version=_version())
    parser.add_argument(
        "--lang",
        dest="words",
        choices=("en", "de"),
        help="words of the help and errors: en or de (default: the locale's)",
    )
    sub = parser.add_subparsers(dest="command", metavar="BEFEHL" if german else "COMMAND")
    for module in SUBCOMMANDS:
        p = sub.add_parser(
            module.NAME,
            help=module.HELP,
            description=DESCRIPTION_DE if german and module is play else module.__doc__,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        if module is play:
            play.add_arguments(p, lang)
        else:
            module.add_arguments(p)
        p.set_defaults(_run=module.run)
    if german:
        germanize(parser)
    return parser


_DESCRIPTION_DE: Final = "Das offene Skat-System: Regelmaschine, Aufzeichnungen und Werkzeuge."


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


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``skat`` with ``argv`` (default: the command line); the exit status."""
    words = _subcommand_after_dashdash(sys.argv[1:] if argv is None else argv)
    lang = help_lang(words, os.environ)
    with argparse_words(lang):
        parser = build_parser(lang)
        args = parser.parse_args(words)
    args.words = lang  # the language the user asked for (skat play's default --lang)
    args._own_process = argv is None  # run from the shell: the process is the command's
    if not getattr(args, "_run", None):
        parser.print_help()
        return 0
    error = f"skat {args.command}: {'Fehler' if lang == 'de' else 'error'}"
    try:
        return int(args._run(args) or 0)
    except UserError as exc:
        print(f"{error}: {exc.german if lang == 'de' else exc}", file=sys.stderr)
        return 2
    except ValueError as exc:  # the core's parse and rule errors subclass ValueError
        text = german_rules_error(exc) if isinstance(exc, RulesError) and lang == "de" else exc
        print(f"{error}: {text}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: one line, no traceback (work kept is each command's)
        print(
            f"skat {args.command}: {'unterbrochen' if lang == 'de' else 'interrupted'}",
            file=sys.stderr,
        )
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
