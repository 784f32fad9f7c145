"""Progress of a long command on stderr, and the line it says when it is interrupted.

On a terminal a one-line bar redrawn in place (at most ten times a second); otherwise (a log
file, a pipe, CI) a plain line at each tenth of the work, so a log shows the run going on
without a line per game.  Nothing is written to stdout: a command's output stays clean.

>>> import io
>>> log = io.StringIO()
>>> progress = Progress(20, log, command="skat selfplay", unit="games")
>>> for _ in range(20):
...     progress.step()
>>> progress.close()
>>> lines = log.getvalue().splitlines()
>>> len(lines), lines[0].split(" (")[0], lines[-1].split(" (")[0]
(10, 'skat selfplay: 2/20 games', 'skat selfplay: 20/20 games')
"""

from __future__ import annotations

import time
from typing import TextIO


class Progress:
    """``total`` units of work of ``command`` shown on ``stream`` as they are done."""

    def __init__(self, total: int, stream: TextIO, *, command: str, unit: str) -> None:
        self.total = max(total, 0)
        self.done = 0
        self.stream = stream
        self.command = command
        self.unit = unit
        isatty = getattr(stream, "isatty", None)
        self.terminal = bool(isatty and isatty())
        self.start = time.monotonic()
        self.shown = 0.0
        self.tenths = 0
        self.closed = False

    def _left(self) -> str:
        """``, 12 s left`` from the pace so far (nothing before the first unit)."""
        if not self.done or self.done >= self.total:
            return ""
        elapsed = time.monotonic() - self.start
        return f", {elapsed / self.done * (self.total - self.done):.0f} s left"

    def step(self, count: int = 1) -> None:
        """``count`` more units done."""
        self.done += count
        if not self.total:
            return
        if self.terminal:
            now = time.monotonic()
            if now - self.shown < 0.1 and self.done < self.total:
                return
            self.shown = now
            width = 30
            filled = width * min(self.done, self.total) // self.total
            bar = "#" * filled + "-" * (width - filled)
            text = f"\r[{bar}] {self.done}/{self.total} {self.unit}{self._left()} "
            self.stream.write(text)
            self.stream.flush()
            return
        tenths = 10 * self.done // self.total
        if tenths > self.tenths:
            self.tenths = tenths
            elapsed = time.monotonic() - self.start
            self.stream.write(
                f"{self.command}: {self.done}/{self.total} {self.unit}"
                f" ({elapsed:.0f} s{self._left()})\n"
            )
            self.stream.flush()

    def close(self) -> None:
        """End the bar's line (a terminal; the plain lines end themselves)."""
        if self.terminal and self.done and not self.closed:
            self.stream.write("\n")
            self.stream.flush()
        self.closed = True
