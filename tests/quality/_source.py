"""The source files the quality gates read: every tracked text file under src/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
TEXT_SUFFIXES = (".py", ".js", ".css", ".html")


def source_files(*suffixes: str) -> Iterator[Path]:
    """Every file under src/ with one of ``suffixes`` (caches such as __pycache__ left out)."""
    for path in sorted(SRC.rglob("*")):
        if path.is_file() and path.suffix in suffixes and "__pycache__" not in path.parts:
            yield path


def name(path: Path) -> str:
    """The path as the messages show it: relative to the repository, with slashes."""
    return path.relative_to(ROOT).as_posix()
