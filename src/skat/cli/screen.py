"""The full-screen terminal view of ``skat play``: 80 × 24, ANSI colours, redrawn before
every question.

The screen shows the header (game, rules, seat, seed, totals), the table (what the others
said, the contract, the skat, open cards, the last and the current trick), the hand with the
legal cards marked, the declaration menu, the latest events, and the question.

>>> import io
>>> from skat.cli.session import Screen
>>> out = io.StringIO()
>>> asked = []
>>> ui = TerminalUi(out=out, read=lambda prompt: asked.append(prompt) or "18")
>>> ui.event("Ann says 18")
>>> ui.show(Screen("Skat", ["Ann (Middlehand)"], "your hand", ["1", "♣J"]))
>>> ui.ask("bid 20 or more, or pass")
'18'
>>> text = out.getvalue()
>>> "Ann says 18" in text and "♣J" in text, asked
(True, ['bid 20 or more, or pass > '])
"""

from __future__ import annotations

import re
import shutil
import sys
import textwrap
from collections import deque
from collections.abc import Callable
from typing import TextIO

from skat.cli.cardtext import BOLD, RESET
from skat.cli.session import Screen

CLEAR = "\x1b[H\x1b[2J"
REVERSE = "\x1b[7m"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def visible(text: str) -> int:
    """Columns a line takes on screen (ANSI colour codes take none).

    >>> visible("\\x1b[31m♥A\\x1b[0m")
    2
    """
    return len(_ANSI.sub("", text))


def fit(text: str, width: int) -> str:
    """The line cut to ``width`` columns (a line with colour codes is cut only when it has
    none in the part that is cut)."""
    if visible(text) <= width:
        return text
    if "\x1b" not in text:
        return text[: width - 1] + "…"
    return text


def wrap(text: str, width: int) -> list[str]:
    """A long line without colour codes broken at spaces into lines of ``width`` columns.

    >>> wrap("with 2, game 3, hand 4", 12)
    ['with 2, game', '  3, hand 4']
    """
    if visible(text) <= width or "\x1b" in text:
        return [text]
    lines = textwrap.wrap(
        text, width, subsequent_indent="  ", break_long_words=False, break_on_hyphens=False
    )  # a file name stays whole: it can be copied from the screen
    return lines or [""]


class TerminalUi:
    """The screen (see the module doc); ``read`` is ``input`` (with readline editing)."""

    interactive = True
    """The full screen runs only in a terminal: after Ctrl-D the player can still answer."""

    def __init__(
        self,
        out: TextIO | None = None,
        read: Callable[[str], str] | None = None,
        height: int | None = None,
        width: int | None = None,
        more: str = "-- more -- (Enter)",
    ) -> None:
        self.out = out or sys.stdout
        self.read = read or input
        self.more = more  # the question between the pages of a long text, in the words
        size = shutil.get_terminal_size((80, 24))
        if width is None:  # a wider terminal shows whole lines (never less than 80 columns)
            width = max(80, size.columns) if out is None else 80
        if height is None:  # a taller terminal shows more of what happened
            height = max(24, size.lines)
        self.height = height
        self.width = width
        self.log: deque[str] = deque(maxlen=60)
        self.screen: Screen | None = None
        self.page_lines: list[str] | None = None

    def event(self, text: str) -> None:
        self.log.append(text)

    def message(self, text: str) -> None:
        for part in wrap(f"» {text}", self.width):
            self.log.append(f"{BOLD}{part}{RESET}")

    def show(self, screen: Screen) -> None:
        self.screen = screen
        self.page_lines = None

    def _board(self) -> list[str]:
        s = self.screen
        if s is None:
            return []
        lines = [f"{REVERSE}{fit(s.header, self.width).ljust(self.width)}{RESET}"]
        lines += [fit(x, self.width) for x in s.table]
        lines.append("")
        lines.append(f"{BOLD}{fit(s.hand_title, self.width)}{RESET}")
        lines += s.hand
        if s.legal:
            lines.append(fit(s.legal, self.width))
        lines += [fit(x, self.width) for x in s.menu]
        return lines

    def _draw(self, prompt: str) -> None:
        body = self.page_lines if self.page_lines is not None else self._board()
        room = self.height - 2 - len(body)
        lines = list(body)
        if room > 0:
            lines.append("─" * self.width)
            room -= 1
            recent = list(self.log)[-room:] if room > 0 else []
            lines += [fit(x, self.width) for x in recent]
        lines = lines[: self.height - 1]
        self.out.write(CLEAR + "\n".join(lines) + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str | None:
        self._draw(prompt)
        try:
            return self.read(f"{prompt} > ")
        except EOFError:
            return None

    def end(self, text: str) -> None:
        """The last message: the screen drawn once more with it, the cursor below."""
        self.message(text)
        self._draw("")

    def busy(self, text: str) -> None:
        self.out.write(f"\r\x1b[K{text}")
        self.out.flush()

    def page(self, lines: list[str]) -> None:
        lines = [part for line in lines for part in wrap(line, self.width)]
        size = self.height - 4
        chunks = [lines[k : k + size] for k in range(0, len(lines), size)] or [[]]
        for chunk in chunks[:-1]:
            self.page_lines = [fit(x, self.width) for x in chunk]
            self._draw("")
            try:
                more = self.read(f"{self.more} > ")
            except EOFError:
                break
            if more.strip().lower() == "q":
                break
        self.page_lines = [fit(x, self.width) for x in chunks[-1]]
        self.log.clear()
        self._draw("")
