"""Kill the real server (uvicorn in a subprocess, SIGKILL) in the middle of a game, start it
again on the same database: the table continues where it was."""

from __future__ import annotations

import json
import os
import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tests.server.live import free_port, post, server
from websockets.sync.client import ClientConnection, connect


def next_state(ws: ClientConnection, at_least: int) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if msg["type"] == "state" and msg["counter"] >= at_least:
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
