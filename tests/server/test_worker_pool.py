"""The server's worker processes begin at a lower CPU priority (skat.server.worker_pool): the
second a spawned worker spends importing the engine never competes with the server."""

from __future__ import annotations

import multiprocessing
import os
import sys
from types import SimpleNamespace

import pytest

from skat.server.driving import DrivingMixin
from skat.server.rooms import Settings
from skat.server.worker_pool import WORKER_NICE, LowPriorityPool


def _nice() -> int:
    return os.nice(0)


@pytest.mark.skipif(sys.platform != "linux", reason="a priority per thread is Linux's")
def test_a_spawned_worker_begins_at_the_lower_priority_and_the_server_stays() -> None:
    before = os.nice(0)
    spawn = multiprocessing.get_context("spawn")
    with LowPriorityPool(2, mp_context=spawn) as pool:  # no initializer: born lowered
        nices = {pool.submit(_nice).result() for _ in range(4)}
    assert nices == {max(before, WORKER_NICE)}
    assert os.nice(0) == before


def test_the_servers_searches_and_analyses_run_in_such_a_pool() -> None:
    pool = DrivingMixin._new_heavy_pool(SimpleNamespace(settings=Settings(heavy_processes=1)))  # type: ignore[arg-type]
    assert isinstance(pool, LowPriorityPool)
    pool.shutdown()


def test_skat_serve_starts_its_workers_with_the_server_not_at_the_first_slow_move() -> None:
    settings = Settings(heavy_processes=2)
    hub = SimpleNamespace(settings=settings)
    hub._heavy_pool = DrivingMixin._new_heavy_pool(hub)  # type: ignore[arg-type]
    pool = hub._heavy_pool
    try:
        assert not pool._processes  # a pool starts its processes when first asked
        DrivingMixin.warm_workers(hub)  # type: ignore[arg-type]
        assert len(pool._processes) == 2
        assert pool.submit(sum, [1, 2]).result() == 3
    finally:
        pool.shutdown()
