"""Issue 18's hardening with several processes: the limits per client address hold for the
whole cluster (two real ``skat serve --redis`` processes on PostgreSQL and a real Redis), and a
computer-only table deleted through one process while its owner stores a move leaves nothing
behind.  Needs ``SKAT_TEST_POSTGRES`` and ``SKAT_TEST_REDIS`` (``CI=true``: a missing one fails)."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager, suppress
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest
from tests.server.live import free_port, server
from tests.server.test_cluster import REDIS, database  # noqa: F401 - the fixture
from tests.server.test_delete_race import Watcher, hold, rows
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from skat.server.cluster.node import ClusterHub
from skat.server.cluster.quota import SharedLimits, key
from skat.server.hub import Hub, Settings
from skat.server.storage import open_storage

ROBOTS = {"seats": ["random", "random", "random"], "games": 1}
PEOPLE = {"seats": ["human", "human", "human"], "games": 1}


@contextmanager
def two_processes(url: str, *limits: str) -> Iterator[list[int]]:
    """Two cluster processes with the options ``limits``: their ports."""
    ports = [free_port(), free_port()]
    extra = ["--redis", REDIS, "--lease", "2", *limits]
    starting = [server(url, port, delay=60.0, extra=extra) for port in ports]
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda s: s.__enter__(), starting))
    try:
        yield ports
    finally:
        for s in starting:
            s.__exit__(None, None, None)


def call(port: int, method: str, path: str, data: object = None, key: str = "") -> tuple[int, Any]:
    """An HTTP request: (status, JSON answer or None)."""
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    body = None if data is None else json.dumps(data).encode()
    req = Request(f"http://127.0.0.1:{port}{path}", body, headers, method=method)
    try:
        with urlopen(req, timeout=120) as response:
            text = response.read()
            return response.status, json.loads(text) if text else None
    except HTTPError as exc:
        return exc.code, json.loads(exc.read() or b"null")


def test_tables_per_minute_count_across_processes(database: str) -> None:  # noqa: F811
    with two_processes(database, "--tables-per-minute", "1") as (a, b):
        made = [call(port, "POST", "/api/tables", PEOPLE)[0] for _ in range(13) for port in (a, b)]
    # 20 at once from one address (then one a minute), not 20 on each process
    assert made.count(201) == 20 and made.count(429) == 6


def test_computer_only_tables_per_address_count_across_processes(database: str) -> None:  # noqa: F811
    with two_processes(database, "--robot-tables", "2") as (a, b):
        first = call(a, "POST", "/api/tables", ROBOTS)
        second = call(b, "POST", "/api/tables", ROBOTS)
        third = [call(port, "POST", "/api/tables", ROBOTS) for port in (a, b)]
        gone = call(a, "DELETE", f"/api/tables/{second[1]['id']}", key=second[1]["key"])
        again = call(b, "POST", "/api/tables", ROBOTS)
    assert (first[0], second[0], [t[0] for t in third]) == (201, 201, [400, 400])
    assert "2 tables of computers only per address" in third[1][1]["message"]
    assert gone[0] == 204 and again[0] == 201  # a deleted one counts no longer


def test_open_connections_per_address_count_across_processes(database: str) -> None:  # noqa: F811
    with two_processes(database, "--sockets-per-address", "3") as (a, b), ExitStack() as stack:
        table = call(a, "POST", "/api/tables", PEOPLE)[1]["id"]

        def open_one(port: int) -> tuple[Any, dict[str, Any]]:
            ws = stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{table}"))
            with suppress(ConnectionClosed):  # a refused one is closed after its error
                ws.send(json.dumps({"type": "hello"}))
            return ws, json.loads(ws.recv(timeout=120))

        held = [open_one(port) for port in (a, b, a)]
        refused = open_one(b)[1]
        held[0][0].close()  # one closes on process a: process b may take one more
        deadline = time.monotonic() + 120  # a bound for a busy machine, not a measure
        while time.monotonic() < deadline:
            answer = open_one(b)[1]
            if answer["type"] != "error":
                break
            time.sleep(0.05)  # until process a has counted the close in Redis
    assert [h[1]["type"] for h in held] == ["welcome"] * 3
    assert refused["type"] == "error" and refused["code"] == "too_many"
    assert answer["type"] == "welcome"


async def _until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not in time")


async def _deleted_elsewhere_while_the_owner_stores(url: str) -> tuple[Any, ...]:
    settings = Settings(computer_delay=0.0, heavy_processes=0, tables_per_minute=0.0)
    a, b = (ClusterHub(open_storage(url), settings, REDIS, lease=2) for _ in range(2))
    await a.start()
    await b.start()
    try:
        storing, go = asyncio.Event(), asyncio.Event()
        hold(a, a.storage.append_action, storing, go)  # the owner's next move waits here
        table, _, key = await a.create_table(ROBOTS, "10.0.0.7")
        watcher = Watcher()
        # a watcher on the owner (attached without ClusterHub's catch-up, which would wait for
        # the table's lock, held by the move)
        await Hub.attach(a, a.rooms[table.id], watcher.conn)
        await storing.wait()
        counter = a.rooms[table.id].table.counter
        deleted, told = asyncio.Event(), asyncio.Event()
        forget = b.db.forget

        def forgetting(table_id: str) -> None:  # b has deleted the table, not yet told anyone
            deleted.set()
            forget(table_id)

        b.db.forget = forgetting  # type: ignore[method-assign]
        call_b = b._db

        async def db(f: Callable[..., Any], *args: Any) -> Any:
            if f is forgetting:  # the owner stores its move now: the database refuses it
                go.set()
                await _until(lambda: table.id not in a.rooms)
                told.set()
            return await call_b(f, *args)

        b._db = db  # type: ignore[method-assign]
        await b.delete_table(table.id, key)
        assert deleted.is_set() and told.is_set()
        await _until(lambda: table.id not in b.rooms)
        return counter, rows(a.storage, table.id), watcher.seen[-1], a.owned, a.rooms
    finally:
        await a.stop()
        await b.stop()


def test_a_table_deleted_through_another_process_while_its_owner_stores_a_move(
    database: str,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING, logger="skat.server"):
        _, left, told, owned, rooms = asyncio.run(
            _deleted_elsewhere_while_the_owner_stores(database)
        )
    assert left == (0, 0, 0)  # no move written after the deletion, nothing half deleted
    assert told["type"] == "error" and told["code"] == "deleted"  # the owner's connections
    assert not owned and not rooms
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert any("refused" in r.getMessage() and "deleted" in r.getMessage() for r in caplog.records)


async def _dead_process_and_redis_away() -> tuple[list[bool], list[bool], list[bool]]:
    import redis.asyncio as aioredis

    prefix = f"skat:q_{secrets.token_hex(4)}:"
    limits = SharedLimits(1.0, 2.0, 2, REDIS, prefix, "alive")
    client = aioredis.from_url(REDIS)
    try:
        sockets = key(prefix, "sockets", "10.0.0.5")
        await client.hset(sockets, "dead", "2:1")  # a process that died long ago: 2 open
        await client.hset(sockets, "other", f"1:{int(time.time()) + 60}")  # one alive: 1 open
        opened = [await limits.open_socket("10.0.0.5") for _ in range(2)]
        dead_gone = [not await client.hexists(sockets, "dead")]
    finally:
        await limits.close()
        await client.aclose()
    away = SharedLimits(1.0, 2.0, 1, f"redis://127.0.0.1:{free_port()}", prefix, "alone")
    try:  # Redis away: this process counts alone (as without a cluster)
        counted = [await away.may_create("a") for _ in range(3)]
        counted += [await away.open_socket("b"), await away.open_socket("b")]
    finally:
        await away.close()
    return opened, dead_gone, counted


def test_a_dead_process_connections_stop_counting_and_without_redis_each_counts_alone() -> None:
    if not REDIS:
        pytest.skip("no Redis server (set SKAT_TEST_REDIS=redis://…)")
    opened, dead_gone, counted = asyncio.run(_dead_process_and_redis_away())
    assert opened == [True, False]  # the live process's one and ours: the limit of 2
    assert dead_gone == [True]
    assert counted == [True, True, False, True, False]
