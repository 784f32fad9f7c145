"""The ``ray_local`` fixture (tests/ai/conftest.py): a Ray that cannot start on a busy
machine skips the test with the reason and leaves no process behind (issue 31: failed
start-ups left 855 MB of processes during the suite)."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from .conftest import descendants, started_ray


class _RayThatCannotStart:
    """Starts a process as Ray's start-up does, then fails as a timed-out start-up does."""

    def __init__(self) -> None:
        self.started: list[subprocess.Popen[bytes]] = []
        self.shutdowns = 0

    def init(self, **_options: object) -> None:
        sleeper = [sys.executable, "-c", "import time; time.sleep(600)"]
        self.started.append(subprocess.Popen(sleeper))
        raise RuntimeError("The current node timed out during startup.\nmore lines")

    def shutdown(self) -> None:
        self.shutdowns += 1


def test_a_failed_start_up_is_skipped_with_the_reason_and_leaves_no_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("CI", raising=False)
    ray = _RayThatCannotStart()
    with pytest.raises(pytest.skip.Exception) as skipped, started_ray(ray):
        pytest.fail("the body must not run")
    assert str(skipped.value.msg) == (
        "Ray did not start on this machine (busy?): The current node timed out during startup."
    )
    assert len(ray.started) == 2 and ray.shutdowns >= 2  # tried twice, stopped each time
    for process in ray.started:
        assert process.wait(timeout=60) == -9  # killed, not left sleeping
    assert not {p.pid for p in ray.started} & descendants(os.getpid())


def test_a_failed_start_up_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    ray = _RayThatCannotStart()
    with pytest.raises(pytest.fail.Exception, match="Ray did not start"), started_ray(ray):
        pass
    for process in ray.started:
        process.wait(timeout=60)


def test_descendants_sees_a_child_and_its_child() -> None:
    code = (
        "import subprocess, sys, time; "
        "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)']); "
        "time.sleep(600)"
    )
    child = subprocess.Popen([sys.executable, "-c", code])
    try:
        deadline = time.monotonic() + 600
        while len(descendants(child.pid)) < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        grandchildren = descendants(child.pid)
        assert len(grandchildren) == 1
        assert {child.pid} | grandchildren <= descendants(os.getpid())
    finally:
        for pid in descendants(child.pid):
            os.kill(pid, 9)
        child.kill()
        child.wait(timeout=60)
