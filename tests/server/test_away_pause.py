"""A table whose people are all away does not play by itself: its computers and its move
clock wait (``away_pause`` seconds after the last of them left, at once after a restart)
until one of them is back."""

from __future__ import annotations

import time
from pathlib import Path

from tests.server.client import FAST, create, hello, running, state_at

from skat.server.hub import Settings

ALONE = {"seats": ["human", "random", "random"], "games": 3, "clock": 1}


def test_a_table_whose_person_is_away_stops_its_clock_and_computers(tmp_path: Path) -> None:
    settings = Settings(**{**FAST.__dict__, "away_pause": 0.2})
    with running(str(tmp_path), settings) as client:
        made = create(client, **ALONE)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        room = hub.rooms[made["id"]]
        time.sleep(3.0)  # three times the move clock: it would have moved for him
        assert hub.paused(room)
        stored = hub.storage.load_tables()[0].actions
        assert all(player != 0 for player, _ in stored)  # nothing made in his name
        at = room.table.counter
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            first = hello(ws, made["token"])  # he is back: the table plays on
            later = state_at(ws, first["counter"] + 1)
    assert first["counter"] == at and later["counter"] > at


def test_after_a_restart_a_table_waits_for_its_people(tmp_path: Path) -> None:
    settings = Settings(**{**FAST.__dict__, "computer_delay": 60.0, "away_pause": 3600.0})
    with running(str(tmp_path), settings) as client:
        made = create(client, **ALONE)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert not hub.paused(hub.rooms[made["id"]])  # just made: its creator is coming
    with running(str(tmp_path), settings) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        room = hub.rooms[made["id"]]
        assert hub.paused(room)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello"})  # a spectator is not one of its people
            ws.receive_json()
            assert hub.paused(room)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["token"])
            assert not hub.paused(room)
