"""Finished tables out of memory (kept in the database, read back on demand), the lobby a
page at a time, and the score sheet sent as what changed (issue 34)."""

from __future__ import annotations

import dataclasses
import json
import time
from typing import Any

from starlette.testclient import TestClient
from tests.server.client import FAST, create, hello, running
from tests.server.test_protocol import join_all, play_to_the_end

from skat.server.hub import Hub

ROBOTS = {"seats": ["random", "random", "random"], "games": 1}
WATCHED = dataclasses.replace(FAST, robot_tables_per_address=0)


def _hub(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def _finish(client: TestClient, table_id: str) -> None:
    """Wait until the computer-only table has played its series (a bound for a busy machine,
    not a measure)."""
    hub = _hub(client)
    deadline = time.monotonic() + 300
    while table_id in hub.rooms:
        assert time.monotonic() < deadline, "the computers did not finish"
        time.sleep(0.05)


def test_a_finished_table_leaves_memory_and_is_still_served(storage_where: str) -> None:
    with running(storage_where, WATCHED) as client:
        made = create(client, **ROBOTS)
        table = made["id"]
        _finish(client, table)
        hub = _hub(client)
        assert table not in hub.rooms  # the running tables only
        games = client.get(f"/api/tables/{table}/games").json()["games"]
        record = client.get(f"/api/tables/{table}/games/1.json")
        archive = client.get(f"/api/tables/{table}/series.zip")
        with client.websocket_connect(f"/ws/{table}") as ws:
            final = hello(ws, None)
        refused = client.post(f"/api/tables/{table}/join", json={})
        assert table not in hub.rooms  # read back for those, not running again
    assert [g["number"] for g in games] == [1]
    assert record.status_code == 200 and json.loads(record.text)["meta"]["series"]["id"] == table
    assert archive.status_code == 200 and archive.content[:2] == b"PK"
    assert final["series"]["over"] and len(final["series"]["rows"]) == 1
    assert refused.status_code == 409


def test_a_restart_reads_only_the_running_tables(storage_where: str) -> None:
    with running(storage_where, WATCHED) as client:
        done = create(client, **ROBOTS)["id"]
        _finish(client, done)
        running_id = create(client, seats=["human", "human", "human"], games=2)["id"]
    with running(storage_where, WATCHED) as client:
        hub = _hub(client)
        assert set(hub.rooms) == {running_id}  # the finished one stayed in the database
        lobby = client.get("/api/tables").json()
        history = client.get(f"/api/tables/{done}/games/1.json")
    assert [t["id"] for t in lobby["tables"]] == [running_id, done]
    assert [t["over"] for t in lobby["tables"]] == [False, True]
    assert lobby["tables"][1]["played"] == 1 and lobby["tables"][1]["rules"]
    assert history.status_code == 200


def test_a_table_finished_by_an_older_version_gets_its_lobby_line_on_demand(
    storage_where: str,
) -> None:
    with running(storage_where, WATCHED) as client:
        done = create(client, **ROBOTS)["id"]
        _finish(client, done)
        _hub(client).storage.save_summary(done, "")  # as an older version left it
    with running(storage_where, WATCHED) as client:
        (line,) = client.get("/api/tables").json()["tables"]
        stored = _hub(client).storage.finished_page(10, 0)
    assert line["id"] == done and line["over"] and line["played"] == 1
    assert json.loads(stored[0][1])["id"] == done  # made once, stored for the next request


def test_the_lobby_is_a_page_at_a_time_running_tables_first(storage_where: str) -> None:
    with running(storage_where, WATCHED) as client:
        done = [create(client, **ROBOTS)["id"] for _ in range(2)]
        for table in done:
            _finish(client, table)
        live = [create(client, seats=["human"] * 3, games=2)["id"] for _ in range(3)]

        def page(limit: int, offset: int) -> dict[str, Any]:
            answer = client.get(f"/api/tables?limit={limit}&offset={offset}")
            assert answer.status_code == 200, answer.text
            data: dict[str, Any] = answer.json()
            return data

        pages = [page(2, k) for k in (0, 2, 4)]
        everything = page(50, 0)
        bad = client.get("/api/tables?limit=0")
        text = client.get("/api/tables?offset=x")
    ids = [t["id"] for p in pages for t in p["tables"]]
    assert ids == [t["id"] for t in everything["tables"]]
    assert ids == [*reversed(live), *reversed(done)]  # running, then finished; newest first
    assert [len(p["tables"]) for p in pages] == [2, 2, 1]
    assert [p["more"] for p in pages] == [True, True, False]
    assert everything["running"] == 3 and not everything["more"]
    assert bad.status_code == text.status_code == 400
    assert "limit" in bad.json()["message"] and "offset" in text.json()["message"]


def test_each_state_message_carries_only_the_new_rows_of_the_score_sheet(
    storage_where: str,
) -> None:
    with running(storage_where) as client:
        made = create(client, seats=["human"] * 3, games=2, rules="isko")
        tokens = join_all(client, made["id"], made["token"])
        with client.websocket_connect(f"/ws/{made['id']}") as watcher:
            hello(watcher, None)
            messages = play_to_the_end(client, made["id"], tokens, seed=4)
            last = messages[-1]["counter"]
            raw: list[dict[str, Any]] = []
            while not raw or raw[-1]["counter"] < last:  # unmerged: as they came
                msg = watcher.receive_json()
                if msg["type"] == "state":
                    raw.append(msg)
        with client.websocket_connect(f"/ws/{made['id']}") as late:
            fresh = hello(late, None)
    rows = [len(m["series"]["rows"]) for m in raw]
    firsts = [m["series"]["first"] for m in raw]
    whole = fresh["series"]["rows"]
    assert len(whole) >= 2 and fresh["series"]["first"] == 0  # a new connection: all of it
    assert sum(rows) == len(whole)  # each row sent once
    assert max(rows) == 1 and firsts[-1] == len(whole) - rows[-1]
    assert messages[-1]["series"]["rows"] == whole  # kept by the client (merge_sheet)
