"""The reader streams: it pulls one line per record, works on endless input, and checking many
records takes no more memory than checking a few."""

from __future__ import annotations

import itertools
import tracemalloc
from collections.abc import Iterator

from skat.records.iss import IssRecord, read_iss
from skat.records.replay import check

from ._support import REAL

LINES = REAL.read_text(encoding="utf-8").splitlines()


class _Counting:
    """An endless iterator of record lines that counts how many were taken."""

    def __init__(self) -> None:
        self.taken = 0
        self._lines = itertools.cycle(LINES)

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        self.taken += 1
        return next(self._lines)


def test_read_iss_is_lazy_on_endless_input() -> None:
    source = _Counting()
    items = read_iss(source)
    first = list(itertools.islice(items, 1000))
    assert len(first) == 1000
    assert source.taken == 1000  # one line per record, no read-ahead, no list of everything


def test_read_iss_returns_a_generator_before_reading_anything() -> None:
    source = _Counting()
    items = read_iss(source)
    assert source.taken == 0
    next(items)
    assert source.taken == 1


def _peak(n: int) -> int:
    tracemalloc.start()
    try:
        done = 0
        for item in itertools.islice(read_iss(_Counting()), n):
            assert isinstance(item, IssRecord)
            assert check(item) == []
            done += 1
        assert done == n
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_checking_many_records_keeps_memory_flat() -> None:
    # warm up: the engine's tables, and CPython's free lists of small objects (bounded caches
    # that only a full collection empties) fill once
    _peak(3000)
    small = _peak(300)
    large = _peak(6000)
    assert large < small + 256 * 1024, (small, large)
