"""The server's worker processes (searches, analyses) at a lower CPU priority from their first
instruction.

A worker is spawned: a new interpreter that imports the engine and the players before it runs
anything of ours, about a CPU-second.  Lowered only in its initializer, that second was spent
at the server's own priority, and on a busy machine the first slow move or analysis of a
server's life stalled every table's messages for it.  Linux keeps a priority per thread, and a
new process has the priority of the thread that started it: so each worker is started from a
short-lived thread that lowered its own priority first (elsewhere, where the priority is the
whole process's, the initializer lowers it as before).

>>> import os
>>> pool = LowPriorityPool(1)
>>> pool.submit(os.nice, 0).result() >= min(WORKER_NICE, 19) or sys.platform != "linux"
True
>>> os.nice(0) < WORKER_NICE  # the server itself is not lowered
True
>>> pool.shutdown()
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from typing import Final

WORKER_NICE: Final = 10
"""A worker's CPU priority (``nice``; a server's is 0 unless it was started lower)."""


def lower_priority() -> None:
    """This thread's (on Linux) or process's priority down to ``nice`` :data:`WORKER_NICE`;
    nothing if it is there or lower already (a worker started from a lowered thread, or a
    server started at a lower priority itself)."""
    with contextlib.suppress(OSError, AttributeError):
        now = os.nice(0)
        if now < WORKER_NICE:
            os.nice(WORKER_NICE - now)


class LowPriorityPool(ProcessPoolExecutor):
    """A :class:`ProcessPoolExecutor` whose workers begin at :data:`WORKER_NICE` (module doc)."""

    def _spawn_process(self) -> None:
        if sys.platform != "linux":  # the priority is the whole process's: not the server's
            super()._spawn_process()  # type: ignore[misc]
            return
        failed: list[BaseException] = []

        def spawn() -> None:
            lower_priority()
            try:
                super(LowPriorityPool, self)._spawn_process()  # type: ignore[misc]
            except BaseException as exc:  # raised in the caller's thread below
                failed.append(exc)

        starter = threading.Thread(target=spawn, name="skat-start-worker", daemon=True)
        starter.start()
        starter.join()
        if failed:
            raise failed[0]
