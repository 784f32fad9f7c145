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
from skat.cli.errors import UserError


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="skat", description="The open Skat system: rules engine, records and tools."
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in SUBCOMMANDS:
        p = sub.add_parser(
            module.NAME,
            help=module.HELP,
            description=module.__doc__,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def _version() -> str:
    from skat import __version__

    return f"skat {__version__}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 0
    try:
        return int(args._run(args) or 0)
    except UserError as exc:
        print(f"skat {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except ValueError as exc:  # the core's parse and rule errors subclass ValueError
        print(f"skat {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
