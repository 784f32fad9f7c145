"""The plain line mode of ``skat play``, for scripts and screen readers: no colours, no
cursor movement, one event per line, and every question one line ending in `` >``; the
answer is one line on standard input (the end of the input quits).

>>> import io
>>> from skat.cli.session import Screen
>>> out = io.StringIO()
>>> ui = LineUi(out=out, inp=io.StringIO("18\\n"))
>>> ui.event("Ann says 18")
>>> ui.show(Screen("Skat", ["Ann (Middlehand)"], "your hand", ["1 2", "CJ SJ"], cards="CJ SJ"))
>>> ui.ask("bid 20 or more, or pass"), ui.ask("again")
('18', None)
>>> print(out.getvalue(), end="")
Ann says 18
Ann (Middlehand)
your hand: CJ SJ
bid 20 or more, or pass >
again >
"""

from __future__ import annotations

import sys
from typing import TextIO

from skat.cli.session import Screen


class LineUi:
    """Plain lines on ``out``, answers from ``inp`` (see the module doc)."""

    def __init__(self, out: TextIO | None = None, inp: TextIO | None = None) -> None:
        self.out = out or sys.stdout
        self.inp = inp or sys.stdin
        self._shown: list[str] = []
        self.interactive = _is_terminal(self.inp)
        """A terminal (``--plain`` typed at a keyboard): after Ctrl-D the player can still
        answer, so the end of the input asks like ``quit``; a pipe or a file is closed."""

    def _print(self, text: str) -> None:
        self.out.write(text + "\n")

    def event(self, text: str) -> None:
        self._print(text)

    def message(self, text: str) -> None:
        self._print(text)

    def show(self, screen: Screen) -> None:
        for line in screen.table:  # only what changed since the last question
            if line not in self._shown:
                self._print(line)
        self._shown = list(screen.table)
        title, _, worth = screen.hand_title.partition(" · ")
        self._print(f"{title}: {screen.cards}")
        if worth:
            self._print(worth)
        if screen.legal:
            self._print(screen.legal)
        for line in screen.menu:
            self._print(line)

    def ask(self, prompt: str) -> str | None:
        self._print(f"{prompt} >")
        self.out.flush()
        line = self.inp.readline()
        if not line:
            return None
        return line.rstrip("\r\n")

    def end(self, text: str) -> None:
        """The last message."""
        self._print(text)

    def busy(self, text: str) -> None:
        self._print(text)

    def page(self, lines: list[str]) -> None:
        for line in lines:
            self._print(line)


def _is_terminal(stream: TextIO) -> bool:
    """Whether ``stream`` is a terminal (a closed or odd stream is not)."""
    try:
        return stream.isatty()
    except (ValueError, OSError):
        return False
