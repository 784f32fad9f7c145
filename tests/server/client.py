"""Helpers of the protocol tests: an app on a fresh storage, a table, a greeted socket."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from starlette.testclient import TestClient, WebSocketTestSession

from skat.server.app import create_app
from skat.server.hub import Settings
from skat.server.protocol import merge_sheet

FAST = Settings(
    computer_delay=0.0,
    agent_budget=5.0,
    rate=1000.0,
    burst=1000.0,
    tables_per_minute=0.0,
    sockets_per_address=0,
)


@contextmanager
def running(where: str, settings: Settings = FAST) -> Iterator[TestClient]:
    """The app on ``where``, started (lifespan) and stopped around the block."""
    with TestClient(create_app(where, settings)) as client:
        yield client


def create(client: TestClient, **config: Any) -> dict[str, Any]:
    """Create a table; the answer has its id, the creator's place and token."""
    response = client.post("/api/tables", json=config)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


SHEETS: dict[int, list[dict[str, Any]]] = {}
"""The score sheet each socket holds (a state message carries its new rows only)."""


def receive_until(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (earlier ones of other types are dropped); a
    state message with the whole score sheet, as the page keeps it (:func:`merge_sheet`)."""
    while True:
        msg: dict[str, Any] = ws.receive_json()
        if msg["type"] == "state":
            merge_sheet(SHEETS.get(id(ws), []), msg)
            SHEETS[id(ws)] = msg["series"]["rows"]
        if msg["type"] == kind:
            return msg


def state_at(ws: WebSocketTestSession, counter: int) -> dict[str, Any]:
    """The first state message at (or past) move ``counter``."""
    while True:
        msg = receive_until(ws, "state")
        if msg["counter"] >= counter:
            return msg


def hello(ws: WebSocketTestSession, token: str | None) -> dict[str, Any]:
    """Greet; returns the first state message."""
    ws.send_json({"type": "hello", "token": token} if token else {"type": "hello"})
    welcome = receive_until(ws, "welcome")
    assert welcome["table"]
    return receive_until(ws, "state")
