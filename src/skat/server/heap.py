"""The server process's heap kept out of the garbage collector's long passes.

CPython's collector stops the process while it walks a generation; its full pass walks every
object not frozen.  A server holding a few thousand connections has about half a million
objects (each WebSocket's tasks, queues and protocol state, each table's games), and a full
pass over them stops every table for 0.1–0.4 s: a move's broadcast waits that long.  So the
server freezes its heap (``gc.freeze``) after the start and then every :data:`FREEZE_EVERY`
seconds: what lived that long (connections, running tables) moves out of the collector's
walks, which then cover only the last seconds' objects.  Frozen objects are still freed when
nothing refers to them; only garbage in reference cycles among them waits for the
sweep every :data:`SWEEP_EVERY` seconds, which unfreezes, collects everything once and
freezes again (one long pass an hour instead of one a minute).

>>> keeper = HeapKeeper(freeze_every=10.0, sweep_every=3600.0)
>>> keeper.due(0.0), keeper.due(9.0), keeper.due(10.0), keeper.due(3600.0)
('freeze', None, 'freeze', 'sweep')
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Final

FREEZE_EVERY: Final = 10.0
"""Seconds between two freezes of the heap."""
SWEEP_EVERY: Final = 3600.0
"""Seconds between two full collections (the cycles among frozen objects)."""


class HeapKeeper:
    """When to freeze and when to sweep (:meth:`due`), and the task that does it (:meth:`run`)."""

    def __init__(self, freeze_every: float = FREEZE_EVERY, sweep_every: float = SWEEP_EVERY):
        self.freeze_every = freeze_every
        self.sweep_every = sweep_every
        self._frozen = -float("inf")
        self._swept = 0.0

    def due(self, now: float) -> str | None:
        """What is to be done at ``now`` (seconds since the start): ``sweep``, ``freeze`` or
        nothing; noted as done."""
        if now - self._swept >= self.sweep_every:
            self._swept = self._frozen = now
            return "sweep"
        if now - self._frozen >= self.freeze_every:
            self._frozen = now
            return "freeze"
        return None

    def settle(self, what: str | None) -> None:
        """Do what :meth:`due` said."""
        if what == "sweep":
            gc.unfreeze()
            gc.collect()
            gc.freeze()
        elif what == "freeze":
            gc.freeze()

    async def run(self) -> None:
        """Collect once and freeze now (after the start), then keep to the schedule until
        cancelled; the heap is unfrozen at the end (the process may go on: a test's)."""
        began = time.monotonic()
        gc.collect()
        gc.freeze()
        self.due(0.0)
        try:
            while True:
                await asyncio.sleep(min(self.freeze_every, self.sweep_every))
                self.settle(self.due(time.monotonic() - began))
        finally:
            gc.unfreeze()
