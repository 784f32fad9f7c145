"""Several server processes on one database (``skat serve --workers N``) keep one tournament:
every accepted entry is stored, every process shows the same lists, and a repeated entry
(the same client id: a double tap, a retry after a lost answer) is acknowledged once and
stored once.  Two servers on one SQLite data folder are refused."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.server.client import running
from tests.server.conftest import storage_where  # noqa: F401  (the fixture, both backends)

PLAYERS = ["Anna", "Ben", "Cora", "Dirk"]


def post(client: TestClient, url: str, status: int = 200, **action: Any) -> Any:
    path, key = url.split("/t/", 1)[1].split("#")
    r = client.post(f"/api/t/{path}", json=action, headers={"X-Key": key})
    assert r.status_code == status, r.text
    return r.json()


def seated(client: TestClient) -> tuple[str, str, dict[str, Any]]:
    r = client.post("/api/t", json={"name": "Cup", "series": 1, "deals": 3, "players": PLAYERS})
    assert r.status_code == 201, r.text
    tid, key = r.json()["id"], r.json()["key"]
    r = client.post(f"/api/t/{tid}/director", json={"action": "seat", "seed": 1},
                    headers={"X-Key": key})  # fmt: skip
    return tid, key, r.json()["rounds"][0]["tables"][0]


def test_two_processes_on_one_database_lose_no_entry(storage_where: str) -> None:  # noqa: F811
    with running(storage_where) as one, running(storage_where) as two:
        tid, _key, table = seated(one)
        players = table["players"]
        for n in range(12):  # a 4-table's 12 games, entered alternately through both
            client = (one, two)[n % 2]
            declarer = players[(n + 1) % 4]  # the dealer sits out
            view = post(client, table["url"], action="game", declarer=declarer,
                        contract="G", won=True, value=48)  # fmt: skip
            assert view["entered"] == n + 1
        for client in (one, two):
            path, key = table["url"].split("/t/", 1)[1].split("#")
            got = client.get(f"/api/t/{path}", headers={"X-Key": key}).json()
            assert got["entered"] == 12
            assert client.get(f"/api/t/{tid}").json()["progress"][0]["entered"] == 12
    with running(storage_where) as again:  # and the database holds all 12
        assert again.get(f"/api/t/{tid}").json()["progress"][0]["entered"] == 12


def test_a_repeated_entry_is_acknowledged_and_stored_once(storage_where: str) -> None:  # noqa: F811
    with running(storage_where) as one, running(storage_where) as two:
        _tid, _key, table = seated(one)
        game = {"action": "game", "declarer": table["players"][1], "contract": "G",
                "won": True, "value": 72, "entry": "phone-1:1"}  # fmt: skip
        first = post(one, table["url"], **game)
        again = post(two, table["url"], **game)  # the double tap, through the other process
        assert first["entered"] == again["entered"] == 1
        assert again["repeated"] is True and first.get("repeated") is False


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"value": 72, "contract": "G", "won": True}, "all passed, but the value 72 is filled in"),
        ({"bid": 18}, "all passed, but the bid 18 is filled in"),
    ],
)
def test_a_passed_game_with_a_value_is_refused_with_the_reason(
    tmp_path: Any, fields: dict[str, Any], reason: str
) -> None:
    with running(str(tmp_path / "data")) as client:
        _tid, _key, table = seated(client)
        got = post(client, table["url"], 422, action="game", declarer=None, **fields)
        assert got["error"].startswith(reason)
        path, key = table["url"].split("/t/", 1)[1].split("#")
        assert client.get(f"/api/t/{path}", headers={"X-Key": key}).json()["entered"] == 0


def test_an_export_never_holds_up_the_server(tmp_path: Any, monkeypatch: Any) -> None:
    """While an ODS export is being written (held here until released), a standings
    request is answered: the export runs off the event loop."""
    import threading

    from skat.server import tournament_web

    started, release = threading.Event(), threading.Event()

    def slow_ods(sheets: Any, path: str) -> None:
        started.set()
        release.wait(60)
        Path(path).write_bytes(b"PK slow")

    from pathlib import Path

    monkeypatch.setattr(tournament_web, "write_ods", slow_ods)
    with running(str(tmp_path / "data")) as client:
        tid, _key, _table = seated(client)
        got: list[Any] = []
        worker = threading.Thread(target=lambda: got.append(client.get(f"/api/t/{tid}/export.ods")))
        worker.start()
        assert started.wait(60)
        assert client.get(f"/api/t/{tid}").json()["id"] == tid  # answered meanwhile
        assert not got
        release.set()
        worker.join(60)
        assert got[0].content == b"PK slow"


def test_table_links_carry_the_address_players_reach(tmp_path: Any) -> None:
    with running(str(tmp_path / "data")) as client:  # the test client's host: testserver
        tid, key, _table = seated(client)
        local = {"X-Key": key, "Host": "127.0.0.1:8080"}
        d = client.get(f"/api/t/{tid}/director", headers=local).json()
        assert d["rounds"][0]["tables"][0]["url"].startswith("http://127.0.0.1:8080/t/")
        assert "which the players' phones cannot reach" in d["address_warning"]
        r = client.post(f"/api/t/{tid}/director", headers=local,
                        json={"action": "settings", "address": "192.168.1.20:8080/"})  # fmt: skip
        d = r.json()
        assert d["rounds"][0]["tables"][0]["url"].startswith("http://192.168.1.20:8080/t/")
        assert "address_warning" not in d
        r = client.post(f"/api/t/{tid}/director", headers=local,
                        json={"action": "settings", "address": "ftp://x/y"})  # fmt: skip
        assert r.status_code == 400 and "the address is http://host:port" in r.json()["error"]


def test_ties_and_leavers_are_set_at_creation_and_later(tmp_path: Any) -> None:
    with running(str(tmp_path / "data")) as client:
        r = client.post("/api/t", json={"name": "Cup", "players": PLAYERS})
        tid, key = r.json()["id"], r.json()["key"]
        archive = client.get(f"/api/t/{tid}/export.json").json()
        assert archive["tiebreaks"] == ["won", "fewer_lost", "lot"]  # the DSkV's by default
        r = client.post("/api/t", json={"name": "Cup", "players": PLAYERS,
                                        "tiebreaks": "best_series,won", "leavers": "remove"})  # fmt: skip
        other = client.get(f"/api/t/{r.json()['id']}/export.json").json()
        assert other["tiebreaks"] == ["best_series", "won"] and other["leavers"] == "remove"
        r = client.post("/api/t", json={"name": "Cup", "tiebreaks": "luck"})
        assert r.status_code == 400 and r.json()["error"].startswith("tiebreaks: in order")
        r = client.post(f"/api/t/{tid}/director", headers={"X-Key": key},
                        json={"action": "settings", "tiebreaks": ["fewer_lost", "won"]})  # fmt: skip
        assert r.status_code == 200
        assert client.get(f"/api/t/{tid}/export.json").json()["tiebreaks"] == ["fewer_lost", "won"]
