"""`skat analyse FILE` writes each game's analysis as soon as it is done, into a file or a pipe
too (issue 31: a long analysis shows its progress, and a kill keeps the games done)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from skat.cli.main import main

REAL = Path(__file__).resolve().parent.parent / "data" / "iss" / "real.sgf"


class _Pipe(io.StringIO):
    """stdout redirected: counts what had been written at each flush."""

    def __init__(self) -> None:
        super().__init__()
        self.flushed: list[int] = []

    def flush(self) -> None:
        self.flushed.append(len(self.getvalue().splitlines()))


def test_each_game_is_flushed_as_it_is_analysed(monkeypatch: pytest.MonkeyPatch) -> None:
    pipe = _Pipe()
    monkeypatch.setattr(sys, "stdout", pipe)
    assert main(["analyse", str(REAL), "--limit", "2"]) == 0
    lines = pipe.getvalue().splitlines()
    games = [
        n for n, line in enumerate(lines) if not line.startswith(" ") and "no game" not in line
    ]
    assert len(games) == 2
    assert games[1] in pipe.flushed  # the first game was out before the second began
