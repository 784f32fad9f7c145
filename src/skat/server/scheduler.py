"""Fair use of the computer players' threads: one queue per table, dispatched round-robin.

Every computer move (and every analysis) is a blocking job run in a worker thread.  A plain
thread pool serves its jobs first come, first served, so a few tables full of expensive
computer players fill its queue and every other table waits behind them.  The
:class:`FairScheduler` keeps a queue per key (a table, or ``"analysis"``), runs at most one
job of a key at a time, and gives a free thread to the keys in turn (round-robin): a table's
move waits for at most one job of each other busy key, however many jobs those have queued.
*Background* jobs (the server marks so the moves of computer-only tables) may hold at most
``background`` threads, so at least one thread is always free for the quick moves at the
tables where people play.  *Heavy* jobs (the searching levels, the analyses) run in
``heavy_executor`` (the server's worker processes), ``heavy_slots`` at a time; without one
they are background jobs.  *Expensive* heavy jobs (the levels that search for seconds, the
analyses) hold at most ``heavy_slots - 1`` of them (at least 1), so with two or more worker
processes one is always free for the light searches (``pimc-easy``): however many tables wait
for a strong level, another table's easy level never waits behind them.

>>> import asyncio, threading
>>> from concurrent.futures import ThreadPoolExecutor
>>> async def demo() -> list[str]:
...     pool = ThreadPoolExecutor(1)
...     sched = FairScheduler(pool, threads=1)
...     gate = threading.Event()
...     order: list[str] = []
...     def job(name: str) -> str:
...         gate.wait(5)
...         order.append(name)
...         return name
...     jobs = [sched.run("abuser", job, f"a{i}") for i in range(3)]
...     jobs.append(sched.run("table", job, "t0"))
...     tasks = [asyncio.ensure_future(j) for j in jobs]
...     await asyncio.sleep(0)
...     gate.set()
...     await asyncio.gather(*tasks)
...     pool.shutdown()
...     return order
>>> asyncio.run(demo())
['a0', 't0', 'a1', 'a2']
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Hashable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")


class SchedulerFull(RuntimeError):
    """A key's queue holds ``max_queue`` jobs already: the job was not taken."""


@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]
    background: bool
    heavy: bool = False
    expensive: bool = False


@dataclass
class _Queue:
    jobs: deque[_Job] = field(default_factory=deque)
    running: bool = False


class FairScheduler:
    """Round-robin dispatch of per-key job queues to ``threads`` workers of ``executor``
    (module doc); at most ``background`` of them (default ``threads - 1``, at least 1) run
    background jobs; heavy jobs go to ``heavy_executor``, ``heavy_slots`` at a time, the
    expensive ones ``heavy_slots - 1`` (at least 1)."""

    def __init__(
        self,
        executor: Executor,
        threads: int,
        background: int | None = None,
        heavy_executor: Executor | None = None,
        heavy_slots: int = 1,
    ) -> None:
        self.executor = executor
        self.threads = max(1, threads)
        self.background = max(1, self.threads - 1) if background is None else max(1, background)
        self.heavy_executor = heavy_executor
        self.heavy_slots = max(1, heavy_slots)
        self._running_expensive = 0
        self._queues: dict[Hashable, _Queue] = {}
        self._ready: deque[Hashable] = deque()  # keys with a job waiting and none running
        self._running = 0
        self._running_background = 0
        self._running_heavy = 0
        self.dispatched: list[Hashable] = []
        """The keys in the order their jobs were started (the last ``1000``; tests)."""

    @property
    def expensive_slots(self) -> int:
        """Heavy slots the expensive jobs may hold together: all but one (at least 1)."""
        return max(1, self.heavy_slots - 1)

    def pending(self, key: Hashable) -> int:
        """Jobs of ``key`` waiting or running."""
        q = self._queues.get(key)
        return 0 if q is None else len(q.jobs) + q.running

    async def run(
        self,
        key: Hashable,
        fn: Callable[..., T],
        *args: Any,
        background: bool = False,
        heavy: bool = False,
        expensive: bool = False,
        max_queue: int = 0,
    ) -> T:
        """Run ``fn(*args)`` in a worker when it is ``key``'s turn; its result.  With
        ``max_queue`` > 0, :class:`SchedulerFull` if ``key`` has that many jobs already.
        Cancelling the caller drops a job that has not started.  ``heavy``: ``fn`` and its
        arguments are sent to the heavy executor (a process: they must pickle);
        ``expensive``: a heavy job that may take seconds (module doc)."""
        q = self._queues.get(key)
        if q is None:
            q = self._queues[key] = _Queue()
        if max_queue and len(q.jobs) + q.running >= max_queue:
            raise SchedulerFull(f"{key}: {max_queue} jobs waiting already")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        heavy = heavy and self.heavy_executor is not None
        q.jobs.append(_Job(fn, args, future, background or heavy, heavy, heavy and expensive))
        if not q.running and key not in self._ready:
            self._ready.append(key)
        self._dispatch()
        result: T = await future
        return result

    def _fits(self, job: _Job) -> bool:
        if job.heavy:
            if job.expensive and self._running_expensive >= self.expensive_slots:
                return False
            return self._running_heavy < self.heavy_slots
        if self._running >= self.threads:
            return False
        return not job.background or self._running_background < self.background

    def _dispatch(self) -> None:
        skipped: deque[Hashable] = deque()
        while self._ready:
            key = self._ready.popleft()
            q = self._queues[key]
            while q.jobs and q.jobs[0].future.cancelled():
                q.jobs.popleft()
            if not q.jobs:
                self._forget(key, q)
                continue
            if not self._fits(q.jobs[0]):
                skipped.append(key)  # keeps its place in the round
                continue
            self._start(key, q, q.jobs.popleft())
        self._ready.extendleft(reversed(skipped))

    def _start(self, key: Hashable, q: _Queue, job: _Job) -> None:
        q.running = True
        self._count(job, 1)
        self.dispatched.append(key)
        del self.dispatched[:-1000]
        loop = asyncio.get_running_loop()
        executor = self.heavy_executor if job.heavy else self.executor
        try:
            work = loop.run_in_executor(executor, job.fn, *job.args)
        except RuntimeError as exc:  # the executor is shut down: the server stops
            self._done(key, q, job)
            if not job.future.done():
                job.future.set_exception(exc)
            return

        def finished(done: asyncio.Future[Any]) -> None:
            self._done(key, q, job)
            # retrieved even when nobody waits (the table was deleted, the server stops)
            error = None if done.cancelled() else done.exception()
            if not job.future.done():
                if done.cancelled():
                    job.future.cancel()
                elif error is not None:
                    job.future.set_exception(error)
                else:
                    job.future.set_result(done.result())
            self._dispatch()

        work.add_done_callback(finished)

    def _count(self, job: _Job, n: int) -> None:
        if job.heavy:
            self._running_heavy += n
            self._running_expensive += n * job.expensive
        else:
            self._running += n
            self._running_background += n * job.background

    def _done(self, key: Hashable, q: _Queue, job: _Job) -> None:
        q.running = False
        self._count(job, -1)
        if q.jobs:
            self._ready.append(key)  # to the end of the round
        else:
            self._forget(key, q)

    def _forget(self, key: Hashable, q: _Queue) -> None:
        if not q.jobs and not q.running and self._queues.get(key) is q:
            del self._queues[key]
