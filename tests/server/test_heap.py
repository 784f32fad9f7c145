"""The server's heap kept out of the collector's long passes (``skat.server.heap``): frozen
after the start and on a schedule, cycles among frozen objects swept, nothing kept frozen
after the server stops."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.server.client import FAST

from skat.server.app import create_app
from skat.server.heap import HeapKeeper


class Node:
    """An object that can be part of a reference cycle."""

    other: Node | None = None


@pytest.fixture
def unfrozen() -> Iterator[None]:
    """Whatever a test freezes is unfrozen after it."""
    yield
    gc.unfreeze()


def test_the_keeper_freezes_on_its_schedule_and_sweeps_once_an_hour() -> None:
    keeper = HeapKeeper(freeze_every=10.0, sweep_every=3600.0)
    said = [keeper.due(t) for t in (0.0, 5.0, 10.0, 19.0, 20.0, 3600.0, 3605.0, 3610.0)]
    assert said == ["freeze", None, "freeze", None, "freeze", "sweep", None, "freeze"]


def test_a_cycle_frozen_with_the_heap_is_freed_by_the_sweep(unfrozen: None) -> None:
    a, b = Node(), Node()
    a.other, b.other = b, a
    gone = weakref.ref(a)
    HeapKeeper().settle("freeze")
    del a, b
    gc.collect()
    assert gone() is not None  # frozen: the collector's passes leave it alone
    HeapKeeper().settle("sweep")
    assert gone() is None
    assert gc.get_freeze_count() > 0  # and what lives is frozen again


def test_skat_serves_heap_is_frozen_while_it_runs_and_unfrozen_after(
    tmp_path: Path, unfrozen: None
) -> None:
    gc.unfreeze()
    with TestClient(create_app(str(tmp_path / "data"), replace(FAST, settle_heap=True))) as c:
        assert c.get("/api/options").status_code == 200
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0


def test_an_application_made_for_a_test_leaves_the_heap_alone(tmp_path: Path) -> None:
    gc.unfreeze()
    with TestClient(create_app(str(tmp_path / "data"), FAST)) as c:
        assert c.get("/api/options").status_code == 200
        assert gc.get_freeze_count() == 0
