"""Kill the real server (uvicorn in a subprocess, SIGKILL) in the middle of a game, start it
again on the same database: the table continues where it was."""

from __future__ import annotations

import json
import os
import random
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tests.server.live import free_port, post, server
from websockets.sync.client import ClientConnection, connect

from skat.server.protocol import merge_sheet

SHEETS: dict[int, list[dict[str, Any]]] = {}
"""The score sheet each socket holds (a state message carries its new rows only)."""


def next_state(ws: ClientConnection, at_least: int) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=120))
        if msg["type"] == "state":
            merge_sheet(SHEETS.get(id(ws), []), msg)
            SHEETS[id(ws)] = msg["series"]["rows"]
            if msg["counter"] >= at_least:
                return msg


@contextmanager
def greet(port: int, table: str, token: str) -> Iterator[tuple[ClientConnection, dict[str, Any]]]:
    with connect(f"ws://127.0.0.1:{port}/ws/{table}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        yield ws, next_state(ws, 0)


def my_turn(ws: ClientConnection, msg: dict[str, Any]) -> dict[str, Any]:
    """Wait until the computers have moved and it is this player's turn (or the end)."""
    while not msg["series"]["over"] and not msg["game"]["legal"]:
        msg = next_state(ws, msg["counter"] + 1)
    return msg


def test_a_killed_server_resumes_every_table_where_it_was(storage_where: str) -> None:
    port = free_port()
    rng = random.Random(7)
    with server(storage_where, port) as proc:
        made = post(port, "/api/tables", {"seats": ["human", "random", "random"], "games": 2})
        with greet(port, made["id"], made["token"]) as (ws, msg):
            for _ in range(4):  # a few of my moves, the computers answering
                msg = my_turn(ws, msg)
                action = rng.choice(msg["game"]["legal"])
                ws.send(json.dumps({"type": "act", "action": action, "counter": msg["counter"]}))
                msg = next_state(ws, msg["counter"] + 1)
            seen = my_turn(ws, msg)
            os.kill(proc.pid, signal.SIGKILL)  # no shutdown, no flush: the log must hold
            proc.wait()
    assert not seen["series"]["over"]
    with server(storage_where, port), greet(port, made["id"], made["token"]) as (ws, again):
        assert again["counter"] == seen["counter"]
        assert again["game"] == seen["game"]
        assert again["series"] == seen["series"]
        msg = again
        while not msg["series"]["over"]:  # and the table plays on to the series' end
            msg = my_turn(ws, msg)
            if msg["series"]["over"]:
                break
            action = rng.choice(msg["game"]["legal"])
            ws.send(json.dumps({"type": "act", "action": action, "counter": msg["counter"]}))
            msg = next_state(ws, msg["counter"] + 1)
    assert len(msg["series"]["rows"]) >= 2


# ---------------------------------------------------------------- PostgreSQL restarted


def _pg_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: p.parts)
    which = shutil.which("pg_ctl")
    return found[-1].parent if found else Path(which).parent if which else None


@contextmanager
def own_postgres() -> Iterator[tuple[str, Callable[[], None]]]:
    """A PostgreSQL server of this test's own in a temporary folder (as ``.ci/run`` starts
    one): its URL, and a function that restarts it the hard way (``-m immediate``)."""
    with postgres_control() as pg:
        yield pg.url, pg.restart


@dataclass
class PgControl:
    """A PostgreSQL server of the test's own: its URL, and how to restart it the hard way
    (``-m immediate``), stop it so and start it again."""

    url: str
    restart: Callable[[], None]
    stop: Callable[[], None]
    start: Callable[[], None]


@contextmanager
def postgres_control() -> Iterator[PgControl]:
    """:func:`own_postgres` with its stop and start."""
    pg_bin = _pg_bin()
    if pg_bin is None:
        if os.environ.get("CI"):
            pytest.fail("CI must test PostgreSQL: install postgresql (.ci/run does)")
        pytest.skip("no PostgreSQL binaries (pg_ctl) on this machine")
    folder = Path(tempfile.mkdtemp(prefix="skat-pg-"))
    port = free_port()
    root = os.getuid() == 0

    def as_pg(*argv: str) -> None:
        cmd = [str(a) for a in argv]
        if root:  # initdb refuses to run as root
            cmd = ["su", "postgres", "-s", "/bin/sh", "-c", shlex.join(cmd)]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    if root:
        shutil.chown(folder, "postgres")
    data = folder / "data"
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    as_pg(pg_bin / "initdb", "-D", data, "-A", "trust", "-U", "postgres")
    as_pg(pg_bin / "pg_ctl", "-D", data, "-l", folder / "log", "-w", "-o", options, "start")
    try:
        url = f"postgresql://postgres@127.0.0.1:{port}/postgres"

        def restart() -> None:
            as_pg(pg_bin / "pg_ctl", "-D", data, "-l", folder / "log", "-w", "-m",
                  "immediate", "-o", options, "restart")  # fmt: skip

        def stop() -> None:
            as_pg(pg_bin / "pg_ctl", "-D", data, "-w", "-m", "immediate", "stop")

        def start() -> None:
            as_pg(pg_bin / "pg_ctl", "-D", data, "-l", folder / "log", "-w", "-o", options,
                  "start")  # fmt: skip

        yield PgControl(url, restart, stop, start)
    finally:
        with suppress(Exception):
            as_pg(pg_bin / "pg_ctl", "-D", data, "-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)


def play(ws: ClientConnection, msg: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """My next move once it is my turn; sent again while the server says the database is
    away (``storage``).  The state after it."""
    msg = my_turn(ws, msg)
    if msg["series"]["over"]:
        return msg
    action = rng.choice(msg["game"]["legal"])
    for _ in range(60):
        ws.send(json.dumps({"type": "act", "action": action, "counter": msg["counter"]}))
        while True:
            answer: dict[str, Any] = json.loads(ws.recv(timeout=60))
            if answer["type"] == "state" and answer["counter"] > msg["counter"]:
                return answer
            if answer["type"] == "error":
                assert answer["code"] == "storage", answer
                break
        time.sleep(0.5)
    raise AssertionError("the move was never stored")


def test_every_table_plays_on_when_postgresql_restarts() -> None:
    rng = random.Random(3)
    with own_postgres() as (url, restart_postgres):
        port = free_port()
        with server(url, port) as proc:
            config = {"seats": ["human", "random", "random"], "games": 1}
            made = [post(port, "/api/tables", config) for _ in range(2)]
            with (
                greet(port, made[0]["id"], made[0]["token"]) as (a, msg_a),
                greet(port, made[1]["id"], made[1]["token"]) as (b, msg_b),
            ):
                for _ in range(2):
                    msg_a, msg_b = play(a, msg_a, rng), play(b, msg_b, rng)
                restart_postgres()  # every pooled connection is broken now
                for _ in range(3):  # the same sockets: the humans and computers play on
                    msg_a, msg_b = play(a, msg_a, rng), play(b, msg_b, rng)
                later = post(port, "/api/tables", config)
                with greet(port, later["id"], later["token"]) as (c, msg_c):
                    msg_c = play(c, msg_c, rng)
                while not (msg_a["series"]["over"] and msg_b["series"]["over"]):
                    msg_a, msg_b = play(a, msg_a, rng), play(b, msg_b, rng)
            assert proc.poll() is None
    assert msg_c["counter"] >= 1
    assert len(msg_a["series"]["rows"]) == len(msg_b["series"]["rows"]) == 1
