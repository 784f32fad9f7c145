"""Self-play: one agent at all three seats, deal after deal, every game kept as a record.

The data for learning (a belief model of the hidden cards, a policy prior) comes from games
the project generates itself.  :func:`iter_selfplay` plays deal ``i`` of a run from the seed
and ``i`` alone, with fresh agents seeded the same way, on any backend of
:func:`skat.ai.arena.map_tasks` (one process, ``jobs`` processes, a Ray cluster), so the
records of a seed are the same whatever runs them.  The deals are not the arena's deals of
the same seed (their own stream), so an evaluation does not replay the training games.

>>> games = list(iter_selfplay("random", deals=2, seed=1, recorder=lambda s, m: m["id"]))
>>> games
['selfplay-1-0', 'selfplay-1-1']
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from skat.ai.agent import SafeAgent
from skat.ai.arena import AGENTS, Recorder, agent_seed, make_agent, map_tasks, play_game
from skat.core.deal import Deal
from skat.core.rules import ISKO, Rules
from skat.core.state import GameState


def selfplay_deal(seed: int, index: int) -> Deal:
    """Deal ``index`` of a self-play run (its own stream, not the arena's).

    >>> selfplay_deal(1, 0) == selfplay_deal(1, 0), selfplay_deal(1, 0) == selfplay_deal(1, 1)
    (True, False)
    """
    return Deal.random(random.Random(f"selfplay:{seed}:{index}"))


@dataclass(frozen=True)
class _Job:
    seed: int
    index: int
    spec: str
    name: str
    rules: str
    recorder: Recorder


def play_selfplay(job: _Job) -> Any:
    """Play one self-play game and return its record (the unit of work of a worker)."""
    agents = [
        SafeAgent(make_agent(job.spec, agent_seed(job.seed, job.index, 0, seat)), name=job.name)
        for seat in range(3)
    ]
    deal = selfplay_deal(job.seed, job.index)
    state = play_game(GameState(deal, Rules.parse(job.rules)), agents)
    meta = {"players": [job.name] * 3, "id": f"selfplay-{job.seed}-{job.index}"}
    return job.recorder(state, meta)


def iter_selfplay(
    agent: str,
    *,
    deals: int,
    recorder: Recorder,
    seed: int = 0,
    first: int = 0,
    jobs: int = 1,
    rules: Rules = ISKO,
    ray: str | None = None,
) -> Iterator[Any]:
    """The records of deals ``first`` … ``first + deals - 1`` in deal order."""
    spec = AGENTS.get(agent, agent)
    if ":" not in spec or spec.startswith("exec:"):
        raise ValueError(f"unknown agent {agent!r} (known: {', '.join(sorted(AGENTS))})")
    make_agent(agent, 0)  # a bad factory fails here, not in a worker
    jobs_ = (_Job(seed, i, spec, agent, str(rules), recorder) for i in range(first, first + deals))
    yield from map_tasks(play_selfplay, jobs_, count=deals, jobs=jobs, ray=ray)
