"""Drives ``skat play --variant`` through pipes: answers every question line (ending in
`` >``) with the first choice, confirmations with yes, a discard with its first two cards."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def answer(question: str, listed: list[str] | None = None, prefer: str | None = None) -> str:
    """The answer of the test player to one question line: the letter of the listed choice
    ``prefer`` when there is one (``listed``: the lines since the last question)."""
    for line in listed or ():
        letter, _, label = line.strip().partition(") ")
        if prefer is not None and label == prefer:
            return letter
    if question.endswith("(y/n) >"):
        return "y"
    if question.endswith("(j/n) >"):
        return "j"
    if "two" in question or "Zwei" in question:
        return "a b"
    return "a"


def play_variant_lines(
    args: list[str],
    cwd: Path,
    limit: int = 5000,
    prefer: str | None = None,
    first: dict[str, list[str]] | None = None,
) -> tuple[list[str], int]:
    """Every line ``skat play ARGS`` printed while answered by :func:`answer` (``prefer``: the
    choice taken whenever listed; ``first``: the answers given first to a question, in
    order); and the exit status."""
    queued = {q: list(a) for q, a in (first or {}).items()}
    proc = subprocess.Popen(
        [sys.executable, "-m", "skat.cli.main", "play", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        cwd=str(cwd),
    )
    assert proc.stdin is not None and proc.stdout is not None
    seen: list[str] = []
    listed: list[str] = []
    try:
        while len(seen) < limit:
            line = proc.stdout.readline()
            if not line:
                break
            line = line.rstrip("\n")
            seen.append(line)
            listed.append(line)
            if line.endswith(" >"):
                given = queued.get(line)
                reply = given.pop(0) if given else answer(line, listed, prefer)
                proc.stdin.write(reply + "\n")
                proc.stdin.flush()
                listed = []
    finally:
        proc.stdin.close()
        proc.wait(timeout=300)
    assert proc.stderr is not None
    err = proc.stderr.read()
    assert not err, err
    return seen, proc.returncode


def run_skat(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``skat ARGS`` run in ``cwd`` with no input: its exit status and both outputs."""
    return subprocess.run(
        [sys.executable, "-m", "skat.cli.main", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=str(cwd),
        timeout=600,
    )
