"""Moves stored together (:mod:`skat.server.movelog`): the moves that arrive while a batch is
being written go in the next one, each mover gets its own answer, and a batch that fails as a
whole tells every mover in it."""

from __future__ import annotations

import asyncio

import pytest

from skat.server.movelog import MoveWriter
from skat.server.sql import Move, StorageError, TableGone


async def _settle() -> None:
    """Let the tasks started run up to their next wait."""
    for _ in range(5):
        await asyncio.sleep(0)


class SlowStore:
    """Stores batches when told (``release``), answering each move from ``answers``."""

    def __init__(self, answers: dict[str, StorageError | None] | None = None) -> None:
        self.batches: list[list[Move]] = []
        self.answers = answers or {}
        self.release = asyncio.Event()
        self.fail: Exception | None = None

    async def __call__(self, moves: list[Move]) -> list[StorageError | None]:
        self.batches.append(list(moves))
        await self.release.wait()
        if self.fail is not None:
            raise self.fail
        return [self.answers.get(m[0]) for m in moves]


async def _moves_during_a_batch() -> tuple[list[list[Move]], list[object]]:
    store = SlowStore({"t3": TableGone("table t3 was deleted")})
    writer = MoveWriter(store)
    first = asyncio.create_task(writer.append(("t1", 0, 0, "18")))
    await _settle()
    assert len(store.batches) == 1  # the first batch is being written
    later = [asyncio.create_task(writer.append((t, 0, 1, "p"))) for t in ("t2", "t3", "t4")]
    await _settle()
    assert not any(task.done() for task in (first, *later))  # nothing answered before its commit
    store.release.set()
    results = await asyncio.gather(first, *later, return_exceptions=True)
    return store.batches, results


def test_moves_that_arrive_while_a_batch_is_written_go_together_in_the_next() -> None:
    batches, results = asyncio.run(_moves_during_a_batch())
    assert [[m[0] for m in b] for b in batches] == [["t1"], ["t2", "t3", "t4"]]
    assert results[0] is None and results[1] is None and results[3] is None
    assert isinstance(results[2], TableGone)  # only its own mover is told


async def _a_batch_that_fails() -> list[object]:
    store = SlowStore()
    store.fail = StorageError("PostgreSQL unreachable: connection refused")
    writer = MoveWriter(store, most=2)
    tasks = [asyncio.create_task(writer.append((f"t{i}", 0, 0, "18"))) for i in range(3)]
    await _settle()
    store.release.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    store.fail = None
    await writer.append(("t9", 0, 0, "18"))  # the writer goes on after a failed batch
    assert [len(b) for b in store.batches] == [2, 1, 1]  # ``most`` moves a batch
    return results


def test_a_batch_that_fails_tells_each_of_its_movers_and_the_next_is_written() -> None:
    results = asyncio.run(_a_batch_that_fails())
    assert [str(r) for r in results] == ["PostgreSQL unreachable: connection refused"] * 3


async def _a_cancelled_mover() -> list[Move]:
    store = SlowStore()
    writer = MoveWriter(store)
    mover = asyncio.create_task(writer.append(("t1", 0, 0, "18")))
    await _settle()
    mover.cancel()
    with pytest.raises(asyncio.CancelledError):
        await mover
    store.release.set()
    await writer.append(("t2", 0, 0, "p"))
    return [m for b in store.batches for m in b]


def test_a_mover_cancelled_while_its_batch_is_written_leaves_the_writer_working() -> None:
    assert asyncio.run(_a_cancelled_mover()) == [("t1", 0, 0, "18"), ("t2", 0, 0, "p")]
