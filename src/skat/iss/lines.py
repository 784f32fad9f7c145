"""The lines an ISS client sends, read into commands, and the limits on them.

After the login (the user name, then the password) every line is one command::

    create / 3                          a new three-seat table
    join .<T> [<ticket>]                take a place at a table (an invitation's ticket, if any)
    table .<T> <user> invite <u1> <u2>  invite users to the table
    table .<T> <user> ready             ready for the next game
    table .<T> <user> play <move>       a move (:mod:`skat.iss.codes`)
    table .<T> <user> leave             stop following the table (the place stays yours)
    table .<T> <user> tell <text>       table talk (ignored)
    table .<T> <user> 34                the JSkat client's seat change (the table's state)
    exit                                close the connection

>>> parse_command("table .x7 anna play 18")
Command(kind='play', table='x7', user='anna', args=('18',))
>>> parse_command("create / 3")
Command(kind='create', table=None, user=None, args=('/', '3'))
>>> parse_command("table .x7 anna dance")
Traceback (most recent call last):
...
skat.iss.lines.LineError: _unknown_command: table .x7 anna dance: not an ISS table command
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["MAX_LINE", "MAX_NAME", "Command", "LineError", "check_name", "parse_command"]

MAX_LINE: Final = 512
"""Longest line a client may send (bytes, without the newline)."""
MAX_NAME: Final = 24
"""Longest user name."""
TABLE_COMMANDS: Final = frozenset(("ready", "play", "invite", "leave", "tell", "gametalk", "34"))
"""``34`` is the JSkat client's seat change (answered with the table's ``state``)."""


class LineError(ValueError):
    """A line the server does not take: ``code`` (``_``-prefixed, as ISS error words are)
    and a one-line message."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Command:
    """One client command: its kind, the table and user it names, its arguments."""

    kind: str
    table: str | None
    user: str | None
    args: tuple[str, ...]


def check_name(name: str) -> str:
    """A user name: one word of letters, digits, ``_`` and ``-``, at most :data:`MAX_NAME`.

    >>> check_name("bot_1")
    'bot_1'
    >>> check_name("no way")
    Traceback (most recent call last):
    ...
    skat.iss.lines.LineError: _bad_name: a user name is 1 to 24 letters, digits, _ or -
    """
    ok = 0 < len(name) <= MAX_NAME and all(c.isascii() and (c.isalnum() or c in "_-") for c in name)
    if not ok:
        raise LineError("_bad_name", f"a user name is 1 to {MAX_NAME} letters, digits, _ or -")
    return name


def _table_name(word: str) -> str:
    name = word[1:] if word.startswith(".") else word
    if (
        not name
        or len(name) > 40
        or not all(c.isascii() and (c.isalnum() or c in "_-") for c in name)
    ):
        raise LineError("_bad_table", f"not a table name: {word[:40]!r}")
    return name


def parse_command(line: str) -> Command:
    """Read one command line (see the module doc); :class:`LineError` if it is none."""
    words = line.split()
    if not words:
        raise LineError("_empty", "an empty line")
    head = words[0]
    shown = "".join(c if c.isprintable() else "?" for c in " ".join(words)[:80])
    if head == "create":
        if words[1:] != ["/", "3"]:
            raise LineError("_bad_create", "tables are made with: create / 3")
        return Command("create", None, None, ("/", "3"))
    if head in ("join", "observe") and len(words) in (2, 3):
        if head == "observe":
            raise LineError("_unsupported", "watching a table is not offered over ISS")
        return Command("join", _table_name(words[1]), None, tuple(words[2:]))
    if head == "exit" and len(words) == 1:
        return Command("exit", None, None, ())
    if head == "table" and len(words) >= 4 and words[3] in TABLE_COMMANDS:
        kind = words[3]
        args = tuple(words[4:])
        if kind == "play" and len(args) != 1:
            raise LineError("_bad_move", "a move is one word: table .T user play <move>")
        return Command(kind, _table_name(words[1]), words[2], args)
    if head == "table":
        raise LineError("_unknown_command", f"{shown}: not an ISS table command")
    raise LineError("_unknown_command", f"{shown}: not an ISS command")
