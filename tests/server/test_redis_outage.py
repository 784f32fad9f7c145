"""Redis stopped under ``skat serve --workers 2`` with the players of each table on both
processes: no move waits longer than the documented bound (:data:`AWAY_BOUND`), nobody is told
``unavailable``, and after Redis is back nothing was lost or stored twice (issue 34).

The outage lasts ``SKAT_TEST_REDIS_OUTAGE`` seconds (default 10; the issue's figure is 60:
``SKAT_TEST_REDIS_OUTAGE=60``).  Needs ``SKAT_TEST_POSTGRES``, ``SKAT_TEST_REDIS`` and
Debian's ``redis-server`` (the test stops a Redis of its own)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from contextlib import ExitStack
from pathlib import Path

from tests.server.live import free_port, post
from tests.server.test_cluster import (
    Player,
    answers,
    children,
    database,  # noqa: F401 - the fixture
    redis_server,
)

from skat.server.cluster.node import AWAY_BOUND
from skat.server.storage import open_storage

OUTAGE = float(os.environ.get("SKAT_TEST_REDIS_OUTAGE", "10"))
TABLES = 3


def worker_of(player: Player, port: int, workers: list[int]) -> int:
    """The worker process holding ``player``'s socket (Linux /proc: the server side of the
    connection from the player's port)."""
    mine = player.ws.socket.getsockname()[1]
    inode = ""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = (int(a.split(":")[1], 16) for a in fields[1:3])
        if local == port and remote == mine:
            inode = fields[9]
    for pid in workers:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if os.readlink(fd) == f"socket:[{inode}]":
                    return pid
            except OSError:
                continue
    raise AssertionError("no worker holds the socket")


def spread(
    stack: ExitStack, port: int, workers: list[int], table: str, tokens: list[str]
) -> list[Player]:
    """The two players of a table, on different processes (the kernel picks one for each
    connection: the second reconnects until it lands on the other)."""
    first = Player(stack, port, table, tokens[0])
    second = Player(stack, port, table, tokens[1])
    for _ in range(50):
        if worker_of(first, port, workers) != worker_of(second, port, workers):
            return [first, second]
        second.ws.close()
        second.connect(port)
    raise AssertionError("every connection went to one process")


def one_move(players: list[Player], rng: random.Random) -> float | None:
    """The human to move makes a random legal move: the seconds until both players see it
    (``None`` when the table is over).  Computer moves in between are awaited."""
    deadline = time.monotonic() + 300  # a bound for a busy machine, not a measure
    while True:
        top = max(p.msg["counter"] for p in players)
        for p in players:
            p.until(top)
        if players[0].msg["series"]["over"]:
            return None
        movers = [p for p in players if p.msg["game"] and p.msg["game"]["legal"]]
        if movers:
            break
        players[0].until(top + 1)  # a computer moves
        assert time.monotonic() < deadline
    mover = movers[0]
    counter = mover.msg["counter"]
    legal = mover.msg["game"]["legal"]
    action = rng.choice([a for a in legal if a != "p"] or legal)
    sent = time.monotonic()
    mover.ws.send(json.dumps({"type": "act", "action": action, "counter": counter}))
    for p in players:
        before = len(p.errors)
        p.until(counter + 1)
        assert len(p.errors) == before, p.errors
    return time.monotonic() - sent


def test_redis_stopped_under_two_workers_stalls_no_table_and_loses_nothing(
    database: str,  # noqa: F811 - the fixture
    tmp_path: Path,
) -> None:
    rng = random.Random(34)
    rport, port = free_port(), free_port()
    redis_url = f"redis://127.0.0.1:{rport}/0"
    waits: list[float] = []
    with ExitStack() as stack:
        first = stack.enter_context(redis_server(rport, tmp_path))
        supervisor = subprocess.Popen(
            [sys.executable, "-m", "skat.cli.main", "serve", "--workers", "2", "--port",
             str(port), "--database", database, "--redis", redis_url, "--lease", "2",
             "--computer-delay", "0.05", "--tables-per-minute", "0"],
            stdout=subprocess.DEVNULL,
        )  # fmt: skip
        stack.callback(supervisor.wait)
        stack.callback(supervisor.send_signal, signal.SIGTERM)
        deadline = time.monotonic() + 300
        while len(children(supervisor.pid)) < 2 or not answers(port):
            assert supervisor.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        workers = children(supervisor.pid)
        tables = []
        for _ in range(TABLES):
            made = post(port, "/api/tables", {"seats": ["human", "human", "random"], "games": 2})
            joined = post(port, f"/api/tables/{made['id']}/join", {})
            players = spread(stack, port, workers, made["id"], [made["token"], joined["token"]])
            tables.append((made["id"], players))
        for _, players in tables:  # a few moves with Redis there
            for _ in range(3):
                one_move(players, rng)
        first.kill()  # Redis stopped
        first.wait()
        stopped = time.monotonic()
        while time.monotonic() - stopped < OUTAGE:
            for _, players in tables:
                wait = one_move(players, rng)
                if wait is not None:
                    waits.append(wait)
        with redis_server(rport, tmp_path):  # back: the tables play to the end
            for _, players in tables:
                while one_move(players, rng) is not None:
                    pass
            ends = [[p.msg for p in players] for _, players in tables]
        store = open_storage(database)
        try:
            stored = {t: store.load_table(t) for t, _ in tables}
            records = {t: [r.number for r in store.records(t)] for t, _ in tables}
        finally:
            store.close()
    assert waits, "no move was made while Redis was away"
    assert max(waits) <= AWAY_BOUND  # the documented bound: no stall
    for (table, players), (a, b) in zip(tables, ends, strict=True):
        assert not [e for p in players for e in p.errors]  # never "unavailable"
        assert a["series"]["over"] and a["series"] == b["series"]
        found = stored[table]
        assert found is not None and found.finished
        assert len(found.actions) == a["counter"]  # every move stored once, none lost
        assert records[table] == [1, 2]
