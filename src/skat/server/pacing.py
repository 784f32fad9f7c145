"""HTTP requests from one address served at a bounded pace: a client asking faster than
``rate`` a second (after a ``burst``) waits for its turn instead of being answered at once,
so a script polling the lobby (or any page) as fast as the server answers costs the server
``rate`` answers a second, not a core, and costs the script its waiting, not a loop of quick
refusals.  A client whose turn lies more than ``patience`` seconds ahead is answered ``429``
with ``Retry-After`` at once (it keeps nothing of the server waiting for it).

A page of the site with its scripts, styles and cards fits in the burst; the lobby's browser
page asks every 5 s.  Counted in this process (each process of a cluster paces its own
connections).

>>> pacer = Pacer(rate=2, burst=3, patience=1.0)
>>> [pacer.turn("10.0.0.1", now=0.0) for _ in range(6)]
[0.0, 0.0, 0.0, 0.5, 1.0, None]
>>> pacer.turn("10.0.0.2", now=0.0)  # another address: its own pace
0.0
>>> pacer.turn("10.0.0.1", now=10.0)  # the burst is back after a rest
0.0
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Final

FORGET_AFTER: Final = 10_000
"""Addresses remembered before those at rest (their burst back whole) are forgotten."""


@dataclass
class Pacer:
    """Each address's next free turn (module doc); ``rate`` 0: no pacing."""

    rate: float
    burst: float
    patience: float = 10.0
    _free: dict[str, float] = field(default_factory=dict)  # address -> when its burst is whole

    def turn(self, address: str, now: float | None = None) -> float | None:
        """Seconds the request from ``address`` arriving ``now`` waits before it is served
        (0: at once), or ``None``: its turn is beyond the patience (answer 429)."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        step = 1.0 / self.rate
        if len(self._free) > FORGET_AFTER:
            self._free = {a: t for a, t in self._free.items() if t > now}
        # the bucket is full at ``whole``; each request moves it one step later
        whole = max(now, self._free.get(address, now))
        wait = max(0.0, whole + step - now - self.burst * step)
        if wait > self.patience:
            return None
        self._free[address] = whole + step
        return wait
