"""Fixtures of the computer players' tests: a Ray instance that a busy machine cannot turn
into a failure or leave behind (issue 31).

Ray's start-up (its GCS server and raylet) can take longer than Ray's own waits on a loaded
machine.  The ``ray_local`` fixture gives it generous waits, tries twice, and when Ray still
does not start the test is skipped with the reason (failed in CI, ``CI=true``, where the
``cluster`` extra is installed and Ray must run).  Whatever happens, every process the start-up
began is ended afterwards: ``ray.shutdown()`` and then a kill of any process left that this
test process started while the fixture ran.  Tests that need it are marked ``ray``
(``pytest -m "not ray"`` leaves them out).
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

RAY_PATIENCE = {
    "RAY_gcs_server_port_wait_time_s": "300",  # the GCS server's port file (default 30 s)
    "RAY_gcs_rpc_server_reconnect_timeout_s": "300",
    "RAY_worker_register_timeout_seconds": "300",  # a worker's start-up (default 60 s)
}
"""Ray's waits, as its environment variables, long enough for a machine at load 20."""


def _children() -> dict[int, list[int]]:
    """Every running process's children, by parent id (from /proc; empty elsewhere)."""
    tree: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            text = stat.read_text()
            parent = int(text[text.rindex(")") + 2 :].split()[1])
            tree.setdefault(parent, []).append(int(stat.parent.name))
    return tree


def descendants(pid: int) -> set[int]:
    """The processes below ``pid``: its children, theirs, and so on."""
    tree, found, todo = _children(), set(), [pid]
    while todo:
        for child in tree.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _kill_new(before: set[int]) -> None:
    for pid in descendants(os.getpid()) - before:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@contextlib.contextmanager
def started_ray(ray: Any) -> Iterator[Any]:
    """``ray`` initialised with two CPUs (two tries), stopped at the end; a start-up that
    fails twice skips the test (fails it in CI).  Every process begun meanwhile by this
    process is ended, whether Ray started or not."""
    before = descendants(os.getpid())
    try:
        error: Exception | None = None
        for _ in range(2):
            try:
                ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
                error = None
                break
            except Exception as exc:  # Ray's own start-up errors: RuntimeError, ConnectionError…
                error = exc
                with contextlib.suppress(Exception):
                    ray.shutdown()
                _kill_new(before)
        if error is not None:
            reason = f"Ray did not start on this machine (busy?): {str(error).splitlines()[0]}"
            if _in_ci():
                pytest.fail(reason)
            pytest.skip(reason)
        yield ray
    finally:
        with contextlib.suppress(Exception):
            ray.shutdown()
        _kill_new(before)


@pytest.fixture
def ray_local(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A running local Ray with two CPUs for one test (the arena joins it and leaves it
    running: ``ray_imap`` stops only a Ray it started); stopped, with every process it began,
    at the end."""
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install -e '.[cluster]')")
    for name, value in RAY_PATIENCE.items():
        monkeypatch.setenv(name, value)
    with started_ray(ray) as started:
        yield started
