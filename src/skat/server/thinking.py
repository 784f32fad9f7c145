"""Computer moves thought in a worker process: the levels that search for seconds
(``pimc*``) run Python code that holds the interpreter lock; in the server's own process they
would slow every table's messages down.  The server sends a worker the level, the seed, a key
naming the player's game and his view (a :class:`~skat.core.state.View`, or a variant's own
view with the variant's name: the worker builds that variant's player,
:func:`skat.ai.variants.variant_agent`); the worker keeps each game's agent (the last
:data:`KEEP` games) and answers the action's text.

>>> from skat.core import GameState
>>> s = GameState(seed=4)
>>> think("random", 7, ("t1", 1, 1), s.view(s.to_move), None) in {str(a) for a in s.legal_actions()}
True
>>> from skat.variants import find_variant
>>> o = find_variant("officers").start(seed=4)
>>> think("pimc", 7, ("t2", 0, 1), o.view(0), None, "officers") in {str(a) for a in o.legal_actions()}
True
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Final

from skat.ai.agent import SafeAgent
from skat.ai.arena import make_agent
from skat.ai.variants import variant_agent
from skat.server.worker_pool import lower_priority

KEEP: Final = 64
"""Games whose agents a worker keeps (the least recently asked are dropped)."""
LIGHT: Final = frozenset({"pimc-fast", "pimc-easy"})
"""Searching levels that answer in a fraction of a second: they never wait behind the
expensive ones (:class:`~skat.server.scheduler.FairScheduler`)."""


def expensive(kind: str) -> bool:
    """Does the searching level ``kind`` think for seconds?

    >>> expensive("pimc-expert"), expensive("pimc-easy")
    (True, False)
    """
    return kind not in LIGHT


def default_workers(cores: int | None = None) -> int:
    """The worker processes the searching levels think in by default: one a core but one
    (the tables' messages), at least 2 (one always free for the light levels), at most 8.

    >>> default_workers(1), default_workers(2), default_workers(4), default_workers(64)
    (2, 2, 3, 8)
    """
    if cores is None:
        try:
            cores = len(os.sched_getaffinity(0))
        except (AttributeError, OSError):  # not Linux
            cores = os.cpu_count() or 2
    return max(2, min(8, cores - 1))


_agents: OrderedDict[Hashable, SafeAgent] = OrderedDict()


def think(
    kind: str,
    seed: int,
    key: Hashable,
    view: Any,
    budget: float | None,
    variant: str = "skat",
) -> str:
    """The action (its text) the computer level ``kind`` chooses from ``view``, in time
    (``budget`` seconds, ``None``: no limit; :class:`~skat.ai.agent.SafeAgent`); ``variant``:
    the game's (``skat``: Skat for three, :func:`~skat.ai.arena.make_agent`; a variant of
    :mod:`skat.variants`: its own player, :func:`~skat.ai.variants.variant_agent`)."""
    agent = _agents.get(key)
    if agent is None:
        player: Any = (
            make_agent(kind, seed=seed) if variant == "skat" else variant_agent(variant, kind, seed)
        )
        agent = _agents[key] = SafeAgent(player, budget=budget, name=kind, anytime=True)
        while len(_agents) > KEEP:
            _agents.popitem(last=False)
    else:
        _agents.move_to_end(key)
    return str(agent.choose(view))


def watch_parent(parent: int) -> None:
    """A worker's initializer: a lower CPU priority than the server's (a search never slows
    the tables' messages down), and the end of the worker when the server ``parent`` (its
    process id, given by the server: a worker still starting when the server is killed must
    not take the init process for its parent) is gone, even in the middle of a search."""
    lower_priority()  # (a worker of a LowPriorityPool on Linux begins there)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="skat-watch-parent", daemon=True).start()
