"""Deleting a computer-only table while one of its moves is being stored or arrives: the
storage stays consistent (no move after the deletion, nothing half deleted), nothing crashes,
and the table's connections are told ``deleted``.  The races are made to happen by holding the
move or the deletion at a hook (events), not by sleeping.  Every test runs on SQLite and, with
``SKAT_TEST_POSTGRES``, on PostgreSQL; the race between two processes is in
``test_cluster_hardening.py``."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Callable
from typing import Any

import pytest

from skat.server.hub import Connection, Hub, Room, Settings
from skat.server.storage import SqlStorage, open_storage
from skat.server.table import ActionRefused

ROBOTS = {"seats": ["random", "random", "random"], "games": 2}
SETTINGS = Settings(computer_delay=0.0, heavy_processes=0, tables_per_minute=0.0)


def rows(store: SqlStorage, table_id: str) -> tuple[int, int, int]:
    """How many rows of the table are left: (tables, actions, records)."""

    def count(c: Any) -> tuple[int, int, int]:
        sql = [
            store._sql(f"SELECT count(*) FROM {name} WHERE {key} = ?")
            for name, key in (("tables", "id"), ("actions", "table_id"), ("records", "table_id"))
        ]
        a, b, d = (c.execute(s, (table_id,)).fetchone()[0] for s in sql)
        return int(a), int(b), int(d)

    return store.transaction(count)


class Watcher:
    """A connection that keeps what it is sent."""

    def __init__(self) -> None:
        self.seen: list[dict[str, Any]] = []
        self.conn = Connection(self._send, self._close)

    async def _send(self, text: str) -> None:
        self.seen.append(json.loads(text))

    async def _close(self, code: int) -> None:
        return None


def hold(hub: Hub, fn: Callable[..., Any], reached: asyncio.Event, go: asyncio.Event) -> None:
    """Make ``hub`` stop before its next database call of ``fn`` (once) until ``go``."""
    call = hub._db
    held = False

    async def db(f: Callable[..., Any], *args: Any) -> Any:
        nonlocal held
        if getattr(f, "__func__", None) is getattr(fn, "__func__", fn) and not held:
            held = True
            reached.set()
            await go.wait()
        return await call(f, *args)

    hub._db = db  # type: ignore[method-assign]


async def _robots(hub: Hub) -> tuple[Room, str, Watcher]:
    table, _, key = await hub.create_table(ROBOTS, "10.0.0.9")
    room = hub.rooms[table.id]
    watcher = Watcher()
    await hub.attach(room, watcher.conn)
    assert key is not None
    return room, key, watcher


async def _delete_while_a_move_is_stored(where: str) -> tuple[Any, ...]:
    hub = Hub(open_storage(where), SETTINGS)
    await hub.start()
    storing, go = asyncio.Event(), asyncio.Event()
    hold(hub, hub.storage.append_action, storing, go)
    try:
        room, key, watcher = await _robots(hub)
        await storing.wait()  # a computer move is under the table's lock, about to be stored
        counter = room.table.counter
        deleting = asyncio.create_task(hub.delete_table(room.table.id, key))
        await asyncio.sleep(0)
        assert not deleting.done()  # the deletion waits for the move
        go.set()
        await deleting
        await asyncio.sleep(0.05)  # the driver, cancelled, ends; nothing else may move
        driver = room.driver
        assert driver is None or driver.done()
        return counter, room.table.counter, rows(hub.storage, room.table.id), watcher.seen[-1]
    finally:
        await hub.stop()


def test_a_move_being_stored_when_the_delete_comes_is_deleted_with_the_table(
    storage_where: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="skat.server"):
        before, after, left, told = asyncio.run(_delete_while_a_move_is_stored(storage_where))
    assert after == before + 1  # the move went through, then the deletion
    assert left == (0, 0, 0)
    assert told["type"] == "error" and told["code"] == "deleted"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def _move_during_the_delete(where: str) -> tuple[Any, ...]:
    hub = Hub(open_storage(where), Settings(**{**SETTINGS.__dict__, "computer_delay": 60.0}))
    await hub.start()
    deleting_now, go = asyncio.Event(), asyncio.Event()
    hold(hub, hub.storage.delete_table, deleting_now, go)
    try:
        room, key, watcher = await _robots(hub)
        player = room.table.to_move()
        action = room.table.state.legal_actions()[0] if room.table.state else None
        counter = room.table.counter
        deleting = asyncio.create_task(hub.delete_table(room.table.id, key))
        await deleting_now.wait()  # the deletion holds the table's lock
        moving = asyncio.create_task(hub.act(room, player, str(action), counter))
        await asyncio.sleep(0)
        assert not moving.done()  # the move waits for the lock
        go.set()
        await deleting
        with pytest.raises(ActionRefused) as refused:
            await moving
        return refused.value.code, rows(hub.storage, room.table.id), watcher.seen[-1]
    finally:
        await hub.stop()


def test_a_move_arriving_during_the_delete_is_refused_and_not_stored(storage_where: str) -> None:
    code, left, told = asyncio.run(_move_during_the_delete(storage_where))
    assert code == "deleted"
    assert left == (0, 0, 0)
    assert told["code"] == "deleted"


def test_a_move_stored_by_one_connection_while_another_deletes_is_deleted_too(
    storage: SqlStorage,
) -> None:
    """The database's part: a move whose transaction is open when the deletion starts (the
    owner on another process) is stored first and deleted with the table; one that comes after
    the deletion is refused (:class:`TableGone`), never left behind."""
    if storage.inline:
        pytest.skip("one SQLite connection: the server serialises moves and deletions itself")
    other = open_storage(f"{storage.url}?schema={storage.schema}")  # type: ignore[attr-defined]
    storage.create_table("t", {"seats": ["random"] * 3}, 0.0, "creator-hash")
    inserted, go = threading.Event(), threading.Event()
    transaction = storage.transaction

    def slow(work: Callable[[Any], Any]) -> Any:
        def held(c: Any) -> Any:
            result = work(c)
            inserted.set()  # the row is written and locked, not yet committed
            go.wait(10)
            return result

        return transaction(held)

    storage.transaction = slow  # type: ignore[method-assign]
    try:
        mover = threading.Thread(target=storage.append_action, args=("t", 0, 0, "18"))
        mover.start()
        assert inserted.wait(10)
        deleter = threading.Thread(target=other.delete_table, args=("t",))
        deleter.start()
        waiting = (
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND strpos(query, 'DELETE FROM tables') = 1"
        )
        for _ in range(6000):  # until the deletion waits for the move's lock (a busy machine)
            if other._rows(waiting)[0][0]:
                break
            threading.Event().wait(0.01)
        assert other._rows(waiting)[0][0] == 1
        go.set()
        mover.join(10)
        deleter.join(10)
        storage.transaction = transaction  # type: ignore[method-assign]
        assert rows(other, "t") == (0, 0, 0)
        with pytest.raises(Exception, match="was deleted"):
            storage.append_action("t", 1, 1, "p")
        assert rows(other, "t") == (0, 0, 0)
    finally:
        go.set()
        other.close()


async def _delete_while_a_worker_process_thinks(where: str) -> tuple[Any, ...]:
    settings = Settings(computer_delay=0.0, heavy_processes=1, agent_budget=2.0)
    hub = Hub(open_storage(where), settings)
    await hub.start()
    thinking = asyncio.Event()
    think = hub._think

    async def watched(room: Room, player: int, view: Any) -> str:
        thinking.set()
        return await think(room, player, view)

    hub._think = watched  # type: ignore[method-assign]
    searching = {"seats": ["pimc-easy"] * 3, "games": 1}
    try:
        table, _, key = await hub.create_table(searching, "10.0.0.8")
        await thinking.wait()  # its first move is being searched in the worker process
        await hub.delete_table(table.id, key)
        after, _, _ = await hub.create_table(searching, "10.0.0.8")
        room = hub.rooms[after.id]
        for _ in range(3000):  # the worker and the scheduler serve the next table
            if room.table.counter >= 3:
                break
            await asyncio.sleep(0.02)
        return rows(hub.storage, table.id), room.table.counter
    finally:
        await hub.stop()


def test_a_table_deleted_while_its_move_is_searched_leaves_the_worker_serving_others(
    storage_where: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="skat.server"):
        left, moves = asyncio.run(_delete_while_a_worker_process_thinks(storage_where))
    assert left == (0, 0, 0)
    assert moves >= 3
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
