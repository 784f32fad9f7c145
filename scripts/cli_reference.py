"""The CLI reference page, generated from the argument parsers that ``skat`` itself uses.

The documentation site builds the page ``cli.md`` from :func:`markdown` at build time
(``scripts/docs_hooks.py``), so the reference cannot fall behind the parsers.  Printed on
its own, for a look without building the site:

python scripts/cli_reference.py > /tmp/cli.md
"""

from __future__ import annotations

import argparse
import textwrap

from skat.cli.main import build_parser

INTRO = """# The `skat` command

Every subcommand with every argument, generated from the argument parsers of `skat.cli`
when the site is built (`skat COMMAND --help` prints the same in the terminal). Errors that
users cause are one line on stderr and exit status 2; 1 is kept for "the check found
differences". `skat` alone (or `skat --`) prints the list of commands and exits 0; `--` before
the command only ends the options (`skat -- play` is `skat play`). Ctrl-C stops any command
with one line and exit status 130: `skat arena --out FILE` and `skat selfplay` keep every
game played so far and go on with `--resume`, and both show their progress on stderr.
"""


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _helps(parser: argparse.ArgumentParser) -> dict[str, str]:
    """The one-line help each subcommand has in ``skat --help``."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {a.dest: a.help or "" for a in action._choices_actions}
    return {}


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _names(action: argparse.Action) -> str:
    if not action.option_strings:
        return f"`{action.metavar or action.dest}`"
    names = ", ".join(f"`{name}`" for name in action.option_strings)
    if action.nargs == 0:
        return names
    metavar = action.metavar or (action.dest.upper() if not action.choices else None)
    if metavar is None:
        metavar = "{" + ",".join(str(c) for c in action.choices or ()) + "}"
    return f"{names} `{metavar}`"


def _help(action: argparse.Action) -> str:
    text = action.help or ""
    if text == argparse.SUPPRESS:
        return ""
    if "%(" in text:
        text = text % {**vars(action), "prog": "skat"}
    if action.choices and "{" not in _names(action):
        text += " (one of " + ", ".join(f"`{c}`" for c in action.choices) + ")"
    default = action.default
    shown = default not in (None, False, argparse.SUPPRESS) and action.nargs != 0
    if shown and "default" not in text:
        text += f" (default `{default}`)"
    return _cell(text)


def _arguments(parser: argparse.ArgumentParser) -> list[str]:
    rows = ["| argument | meaning |", "|---|---|"]
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or action.help == argparse.SUPPRESS:
            continue
        rows.append(f"| {_names(action)} | {_help(action)} |")
    return rows if len(rows) > 2 else ["No arguments."]


def _description(text: str) -> list[str]:
    """The description as Markdown: its indented lines (examples, lists) as text blocks."""
    out: list[str] = []
    block: list[str] = []
    for line in textwrap.dedent(text).strip().splitlines():
        indented = line.startswith("  ")
        if indented:
            block.append(line[2:])
            continue
        if block:
            out += ["", "```text", *block, "```", ""]
            block = []
        out.append(line)
    if block:
        out += ["", "```text", *block, "```"]
    return out


def _usage(parser: argparse.ArgumentParser) -> str:
    return " ".join(parser.format_usage().removeprefix("usage:").split())


def _section(prog: str, parser: argparse.ArgumentParser, level: int) -> list[str]:
    """The section of ``prog`` (``skat tournament``): usage, description, arguments, and a
    section one level down for each of its own subcommands (``skat tournament new`` …)."""
    lines = ["", f"{'#' * level} {prog}", "", "```text", _usage(parser), "```", ""]
    if parser.description:
        lines += [*_description(parser.description), ""]
    lines += _arguments(parser)
    subs = _subparsers(parser)
    if subs:
        helps = _helps(parser)
        lines += ["", "| action | what it does |", "|---|---|"]
        for name in subs:
            anchor = f"{prog} {name}".replace(" ", "-")
            lines.append(f"| [`{name}`](#{anchor}) | {_cell(helps.get(name, ''))} |")
        for name, sub in subs.items():
            lines += _section(f"{prog} {name}", sub, min(level + 1, 6))
    return lines


def markdown() -> str:
    """The reference page: ``skat`` and each subcommand (and each of theirs, as the seven
    actions of ``skat tournament``), its description and its arguments.

    >>> page = markdown()
    >>> page.startswith("# The `skat` command")
    True
    >>> "## skat value" in page and "`--lang`" in page
    True
    >>> "### skat tournament export" in page
    True
    """
    parser = build_parser()
    helps = _helps(parser)
    lines = [INTRO, "| command | what it does |", "|---|---|"]
    for name in _subparsers(parser):
        lines.append(f"| [`skat {name}`](#skat-{name}) | {_cell(helps.get(name, ''))} |")
    for name, sub in _subparsers(parser).items():
        lines += _section(f"skat {name}", sub, 2)
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
