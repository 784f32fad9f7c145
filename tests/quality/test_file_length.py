"""Issue 14's gate: no file in src/ over 800 lines."""

from __future__ import annotations

from ._source import TEXT_SUFFIXES, name, source_files

LIMIT = 800


def test_no_source_file_is_over_800_lines() -> None:
    found = []
    for path in source_files(*TEXT_SUFFIXES):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > LIMIT:
            found.append(f"{name(path)}: {lines} lines")
    assert not found, f"over {LIMIT} lines:\n" + "\n".join(found)
