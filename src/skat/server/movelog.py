"""Moves stored together (group commit): while one batch of moves is being written, the moves
that arrive meanwhile wait, and go to the database in the next batch — one statement and one
commit for all of them (:meth:`~skat.server.sql.Storage.append_actions`) instead of a
transaction and a worker thread's turn each.

Each move still waits until it is committed (a move is stored before anyone sees it) and
gets its own answer: stored, its table deleted (:class:`~skat.server.sql.TableGone`) or
refused (:class:`~skat.server.sql.StorageError`).  One table's moves never share a batch:
the server holds the table's lock until its move is stored.  At 300 moves a second and a
few milliseconds a commit, a batch holds a handful of moves; when the database is slow the
batches grow instead of the queue of transactions.

>>> import asyncio
>>> from skat.server.storage import open_storage
>>> store = open_storage(":memory:")
>>> for t in ("t1", "t2"):
...     store.create_table(t, {"rules": "isko"}, created=0.0)
>>> async def store_all(moves):
...     return store.append_actions(moves)
>>> async def play():
...     writer = MoveWriter(store_all)
...     await asyncio.gather(writer.append(("t1", 0, 1, "18")), writer.append(("t2", 0, 1, "p")))
...     return writer.batches
>>> asyncio.run(play())
1
>>> [(t.id, t.actions) for t in store.load_tables()]
[('t1', [(1, '18')]), ('t2', [(1, 'p')])]
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Final

from skat.server.sql import Move, StorageError

MOST: Final = 1000
"""Moves a batch holds at most (one statement)."""

Store = Callable[[list[Move]], Awaitable[list[StorageError | None]]]
"""Stores a batch: each move's error or ``None`` (the storage's ``append_actions``)."""


class MoveWriter:
    """Collects moves and stores them a batch at a time with ``store`` (one batch in flight)."""

    def __init__(self, store: Store, most: int = MOST) -> None:
        self._store = store
        self._most = most
        self._waiting: list[tuple[Move, asyncio.Future[None]]] = []
        self._task: asyncio.Task[None] | None = None
        self.batches = 0
        """Batches stored so far."""

    async def append(self, move: Move) -> None:
        """Store ``move`` in the next batch; returns when it is committed, raises its error."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((move, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._flush())
        await future

    async def _flush(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting[: self._most], self._waiting[self._most :]
            self.batches += 1
            try:
                errors = await self._store([move for move, _ in batch])
            except Exception as exc:  # the whole batch failed (the database away): each is told
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            except BaseException:  # cancelled (the server stopping): nobody waits in vain
                for _, future in (*batch, *self._waiting):
                    future.cancel()
                self._waiting = []
                raise
            for (_, future), error in zip(batch, errors, strict=True):
                if future.done():  # its mover was cancelled meanwhile
                    continue
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(error)
