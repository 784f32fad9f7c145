"""Entry point of the ``skat`` command: one subcommand per module of :mod:`skat.cli`.

Every subcommand module has ``NAME``, ``HELP``, ``add_arguments(parser)`` and
``run(args) -> int``.  Errors that users cause are one line on stderr and exit status 2
(1 is kept for "the check found differences").
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Final, Protocol

from skat.cli import (
    analyse,
    arena,
    iss,
    play,
    replay,
    rules,
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
from skat.cli.playhelp import DESCRIPTION_DE


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
    selfplay,
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
    """The ``skat`` parser; ``lang="de"`` gives ``skat play`` its German help.

    Build it inside :func:`~skat.cli.argwords.argparse_words` for argparse's own words in
    ``lang`` too (:func:`main` does).
    """
    parser = argparse.ArgumentParser(
        prog="skat", description="The open Skat system: rules engine, records and tools."
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMANDS:
        german = lang == "de" and module is play
        p = sub.add_parser(
            module.NAME,
            help=module.HELP,
            description=DESCRIPTION_DE if german else module.__doc__,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        if german:
            play.add_arguments(p, lang)
        else:
            module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def help_lang(argv: Sequence[str]) -> str:
    """The language of the help and usage errors: ``de`` for ``skat play --lang de``, else ``en``.

    The parser needs it before it parses, so this looks for ``--lang de`` (or ``--lang=de``)
    after the ``play`` command.

    >>> help_lang(["play", "--lang", "de", "--help"]), help_lang(["play", "--lang=de"])
    ('de', 'de')
    >>> help_lang(["play", "--help"]), help_lang(["value", "--lang", "de"])
    ('en', 'en')
    """
    if not argv or argv[0] != play.NAME:
        return "en"
    words = list(argv[1:])
    if "--" in words:
        words = words[: words.index("--")]
    pairs = zip(words, [*words[1:], ""], strict=True)
    german = any(w == "--lang=de" or (w == "--lang" and n == "de") for w, n in pairs)
    return "de" if german else "en"


def _version() -> str:
    from skat import __version__

    return f"skat {__version__}"


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    lang = help_lang(words)
    with argparse_words(lang):
        parser = build_parser(lang)
        args = parser.parse_args(words)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 0
    error = f"skat {args.command}: {'Fehler' if lang == 'de' else 'error'}"
    try:
        return int(args._run(args) or 0)
    except UserError as exc:
        print(f"{error}: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:  # the core's parse and rule errors subclass ValueError
        print(f"{error}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
