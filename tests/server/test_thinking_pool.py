"""The thinking pool: ``--think-workers`` worker processes (by default from the cores), and
the strong levels' searches never make another table's easy level wait: they hold all worker
processes but one."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from tests.server.client import FAST, create, running

from skat.cli.main import main
from skat.server.hub import Settings
from skat.server.scheduler import FairScheduler
from skat.server.thinking import default_workers


def started_while_held(heavy_slots: int, jobs: list[tuple[str, bool]]) -> list[str]:
    """Heavy jobs (key, expensive) submitted while every job started is held: the keys of
    the jobs that started."""

    async def scenario() -> list[str]:
        pool = ThreadPoolExecutor(heavy_slots)
        sched = FairScheduler(ThreadPoolExecutor(1), 1, heavy_executor=pool,
                              heavy_slots=heavy_slots)  # fmt: skip
        gate = threading.Event()
        tasks = [
            asyncio.ensure_future(sched.run(key, gate.wait, 5, heavy=True, expensive=costly))
            for key, costly in jobs
        ]
        await asyncio.sleep(0.05)
        started = [str(k) for k in sched.dispatched]
        gate.set()
        await asyncio.gather(*tasks)
        pool.shutdown()
        return started

    return asyncio.run(scenario())


def test_strong_searches_leave_a_worker_for_the_easy_level_of_another_table() -> None:
    experts = [(f"expert{i}", True) for i in range(10)]
    started = started_while_held(2, [*experts, ("easy", False)])
    assert started == ["expert0", "easy"]  # the other nine experts wait, the easy one not


def test_easy_levels_may_use_every_worker() -> None:
    started = started_while_held(3, [("a", False), ("b", False), ("c", False), ("x", True)])
    assert started == ["a", "b", "c"]


def test_with_one_worker_the_strong_levels_still_play() -> None:
    assert started_while_held(1, [("expert", True), ("easy", False)]) == ["expert"]


def test_the_hub_marks_the_strong_levels_searches_expensive(tmp_path: Path) -> None:
    settings = Settings(**{**FAST.__dict__, "computer_delay": 60.0, "heavy_processes": 2})
    seen: dict[str, bool] = {}

    async def record(key: Any, fn: Any, *args: Any, **kw: Any) -> str:
        seen[args[0]] = kw.get("expensive", False)
        return "p"

    with running(str(tmp_path), settings) as client:
        made = create(client, seats=["human", "pimc-easy", "pimc-expert"])
        hub = client.app.state.hub  # type: ignore[attr-defined]
        hub.scheduler.run = record
        room = hub.rooms[made["id"]]
        table = room.table
        for player in (1, 2):
            view = table.state.view(table.seat_of(player))
            assert client.portal is not None
            client.portal.call(hub._think, room, player, view)
    assert seen == {"pimc-easy": False, "pimc-expert": True}


@pytest.mark.parametrize(
    ("argv", "workers"), [([], default_workers()), (["--think-workers", "3"], 3)]
)
def test_think_workers_sizes_the_pool(
    argv: list[str], workers: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    apps: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: apps.append(app))
    assert main(["serve", "--data", str(tmp_path), *argv]) == 0
    hub = apps[0].state.hub
    assert hub.settings.heavy_processes == workers == hub.scheduler.heavy_slots
    assert workers >= 2 or argv


def test_think_workers_out_of_range_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--data", str(tmp_path), "--think-workers", "0"]) != 0
    assert "--think-workers must be 1 to 64, not 0" in capsys.readouterr().err


def test_a_worker_whose_server_died_while_it_started_ends_itself() -> None:
    # the server's process id is given to the worker: a worker still starting when the server
    # is killed (its parent already the init process) must not wait for it forever
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    worker = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from skat.server.thinking import watch_parent;"
            " watch_parent(int(sys.argv[1])); time.sleep(600)",
            str(gone.pid),
        ]
    )
    try:
        assert worker.wait(timeout=300) == 0
    finally:
        worker.kill()


def test_a_worker_whose_server_lives_goes_on() -> None:
    worker = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import os, sys, time; from skat.server.thinking import watch_parent;"
            " watch_parent(os.getppid()); time.sleep(3); print('alive')",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    out, _ = worker.communicate(timeout=300)
    assert worker.returncode == 0 and out.strip() == "alive"
