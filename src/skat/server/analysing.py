"""The analyses of finished games ("How could I have won?"): computed once in a worker
process, kept (the last ones asked for), and computed ahead as each game finishes while the
workers have time for it (one at a time, at most ``Settings.analysis_ahead_share`` of a
worker's time: a busy site analyses a game when somebody asks).  A part of
the :class:`~skat.server.hub.Hub`.  A variant's game has no analysis: its answer is the game
move by move (:func:`~skat.server.variant_history.variant_steps_of`) and why there is none."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from typing import TYPE_CHECKING, Any, Final, TypeVar

from skat.server.history import analysis_of
from skat.server.limits import Recent
from skat.server.rooms import Settings
from skat.server.scheduler import FairScheduler, SchedulerFull
from skat.server.storage import SqlStorage
from skat.server.variant_history import variant_steps_of

T = TypeVar("T")

AHEAD_WINDOW: Final = 30.0
"""Seconds over which the time the analyses computed ahead took is held against their share
(``Settings.analysis_ahead_share``)."""


class AnalysisMixin:
    """The analyses of the :class:`~skat.server.hub.Hub`."""

    settings: Settings
    storage: SqlStorage
    scheduler: FairScheduler
    _stopping: bool
    _heavy_pool: ProcessPoolExecutor | None
    _analyses: Recent[tuple[str, int], dict[str, Any]]
    _analysing: dict[tuple[str, int], asyncio.Future[dict[str, Any] | None]]
    _ahead: set[asyncio.Task[None]]
    _ahead_spent: deque[tuple[float, float]]  # (ended, seconds) of each analysis ahead
    if TYPE_CHECKING:  # provided by the Hub

        async def _db(self, fn: Callable[..., T], *args: Any) -> T: ...

        def _renew_heavy_pool(self, broken: ProcessPoolExecutor | None) -> None: ...

    def _prepare_analysis(self, table_id: str, number: int) -> None:
        """Start the analysis of a game just finished while the next one is dealt (in a worker
        process: :meth:`analysis`), so "How could I have won?" answers at once."""
        if self._stopping or self.settings.analysis_ahead <= 0:
            return
        if self.scheduler.pending("analysis") >= self.settings.analysis_queue:
            return  # it would be refused: not read nor parsed (asked for, it is computed then)
        if self._ahead or self.ahead_share() >= self.settings.analysis_ahead_share:
            return  # speculative work: one at a time, and a bounded share of a worker's time

        async def run() -> None:
            began = time.monotonic()
            try:
                with contextlib.suppress(Exception):  # asked for again, it says why it failed
                    await self.analysis(table_id, number)
            finally:
                ended = time.monotonic()
                self._ahead_spent.append((ended, ended - began))

        task = asyncio.get_running_loop().create_task(run())
        self._ahead.add(task)
        task.add_done_callback(self._ahead.discard)

    def ahead_share(self) -> float:
        """The share of the last :data:`AHEAD_WINDOW` seconds the analyses computed ahead
        took (waiting for the worker included)."""
        spent, since = self._ahead_spent, time.monotonic() - AHEAD_WINDOW
        while spent and spent[0][0] < since:
            spent.popleft()
        return sum(seconds for _, seconds in spent) / AHEAD_WINDOW

    async def analysis(self, table_id: str, number: int) -> dict[str, Any] | None:
        """The analysis of finished game ``number`` (``None``: no such game), computed once
        and kept (the last ``analysis_cache`` asked for); at most one is computed at a time
        and ``analysis_queue`` wait (:class:`SchedulerFull` beyond)."""
        key = (table_id, number)
        cached = self._analyses.get(key)
        if cached is not None:
            return cached
        running = self._analysing.get(key)
        if running is not None:  # computed ahead right now (_prepare_analysis): its answer
            return await asyncio.shield(running)
        future: asyncio.Future[dict[str, Any] | None] = asyncio.get_running_loop().create_future()
        self._analysing[key] = future
        try:
            data = await self._analyse(table_id, number)
        except BaseException as exc:
            if isinstance(exc, asyncio.CancelledError):
                future.cancel()
            else:
                future.set_exception(exc)
                future.exception()  # retrieved: nobody else may wait for it
            raise
        finally:
            self._analysing.pop(key, None)
        future.set_result(data)
        return data

    async def _analyse(self, table_id: str, number: int) -> dict[str, Any] | None:
        key = (table_id, number)
        found = [r for r in await self._db(self.storage.records, table_id) if r.number == number]
        if not found:
            return None
        if json.loads(found[0].json).get("variant", "skat") != "skat":  # a variant's game:
            # its steps, every card open, and one line saying the analysis is Skat's only
            data = await asyncio.to_thread(variant_steps_of, found[0].json)
            self._analyses.put(key, data)
            return data
        pool = self._heavy_pool
        try:
            data = await self.scheduler.run(
                "analysis",
                analysis_of,
                found[0].json,
                background=True,
                heavy=True,
                expensive=True,
                max_queue=self.settings.analysis_queue,
            )
        except BrokenExecutor:
            self._renew_heavy_pool(pool)
            raise SchedulerFull("the analysis was interrupted: try again") from None
        self._analyses.put(key, data)
        return data
