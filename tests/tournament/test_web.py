"""The tournament pages' API (:mod:`skat.server.tournament_web`) on both database backends:
a director creates and seats a tournament, tables enter their own games through the list
check, confirm the closing total, the director corrects a list (logged), locks a series and
publishes; everything reloads from the database."""

from __future__ import annotations

import json
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.server.client import running
from tests.server.conftest import storage_where  # noqa: F401  (the fixture, both backends)

PLAYERS = [
    {"name": "Anna", "team": "North", "categories": ["ladies"]},
    {"name": "Ben", "team": "North"},
    {"name": "Cora", "club": "SC", "categories": "ladies"},
    "Dirk",
    "Eva",
    "Fritz",
    "Gero",
]


def director(client: TestClient, tid: str, key: str, **action: Any) -> Any:
    r = client.post(f"/api/t/{tid}/director", json=action, headers={"X-Key": key})
    assert r.status_code == 200, r.text
    return r.json()


def at_table(client: TestClient, url: str, status: int = 200, **action: Any) -> Any:
    path, key = url.split("/t/", 1)[1].split("#")
    api = f"/api/t/{path}"
    r = client.post(api, json=action, headers={"X-Key": key})
    assert r.status_code == status, r.text
    return r.json()


def new(client: TestClient) -> tuple[str, str]:
    r = client.post("/api/t", json={"name": "Friday cup", "series": 2, "deals": 1,
                                    "players": PLAYERS})  # fmt: skip
    assert r.status_code == 201, r.text
    return r.json()["id"], r.json()["key"]


def test_a_tournament_from_seating_to_published_results(storage_where: str) -> None:  # noqa: F811
    with running(storage_where) as client:
        tid, key = new(client)
        d = director(client, tid, key, action="seat", series=1, seed=4711)
        assert d["rules"] == "tournament"
        tables = d["rounds"][0]["tables"]
        assert [len(x["players"]) for x in tables] == [4, 3]
        four, three = tables
        # a table's key opens only that table
        wrong = four["url"].replace("/1/1#", "/1/2#")
        at_table(client, wrong, 403, action="undo")
        # every entry is checked before it counts; at a 4-table the dealer sits out
        dealer = four["players"][0]
        got = at_table(client, four["url"], 422, action="game", declarer=dealer,
                       contract="G", won=True, value=72)  # fmt: skip
        assert "sits out at a 4-table" in got["error"]
        got = at_table(client, four["url"], 422, action="game", declarer=four["players"][1],
                       contract="G", won=True, value=50)  # fmt: skip
        assert got["error"] == "game 1: 50 is no value of a won G (G won is worth 48, 72, 96, …)"
        view = at_table(client, four["url"], action="game", declarer=four["players"][1],
                        contract="G", won=True, value=72)  # fmt: skip
        assert view["entered"] == 1 and view["list"]["rows"][-1][7] == 122
        at_table(client, four["url"], 409, action="confirm", player=four["players"][1])
        for _ in range(3):
            view = at_table(client, four["url"], action="game", declarer=None)
        at_table(client, four["url"], 422, action="game", declarer=None)  # a 5th game
        for name in four["players"]:
            view = at_table(client, four["url"], action="confirm", player=name)
        assert view["final"]
        at_table(client, four["url"], 409, action="undo")  # confirmed: the director corrects
        # live standings: the 3-table has entered nothing yet
        live = client.get(f"/api/t/{tid}").json()
        unchanged = client.get(f"/api/t/{tid}", params={"since": live["version"]}).json()
        assert unchanged == {"version": live["version"]}  # a poll with nothing new
        top = live["standings"][0]["rows"][0]
        assert (top[1], top[4]) == (four["players"][1], 122)
        assert [g["title"] for g in live["groups"]] == [
            "Friday cup: teams", "Friday cup: clubs", "Friday cup: ladies"]  # fmt: skip
        # the director types the 3-table's paper list in and corrects it: both logged
        p = three["players"]
        d = director(client, tid, key, action="correct", series=1, table=2,
                     text=f"{p[0]} G won 48\npassed\npassed", reason="paper list")  # fmt: skip
        d = director(client, tid, key, action="correct", series=1, table=2,
                     text=f"{p[0]} G won 72\npassed\npassed", reason="value misread")  # fmt: skip
        assert [(c["reason"], c["after"].split(",")[1]) for c in d["log"]] == [
            ("paper list", f" totals {p[0]} 98"),
            ("value misread", f" totals {p[0]} 122"),
        ]
        assert d["log"][0]["before"] == ""
        assert d["log"][1]["before"] == f"3 games, totals {p[0]} 98, {p[1]} 0, {p[2]} 0"
        # a correction started from an older list is refused: it would drop games
        r = client.post(f"/api/t/{tid}/director", headers={"X-Key": key},
                        json={"action": "correct", "series": 1, "table": 2, "text": "passed",
                              "reason": "stale", "base": f"{p[0]} G won 48"})  # fmt: skip
        assert r.status_code == 409 and "changed meanwhile (3 games now)" in r.json()["error"]
        assert d["problems"] == []
        # a locked series takes no more entries
        director(client, tid, key, action="lock", series=1)
        at_table(client, four["url"], 409, action="undo")
        d = director(client, tid, key, action="publish")
        assert d["published"] and d["locked"] == [1]
        pdf = client.get(f"/api/t/{tid}/export.pdf")
        assert pdf.content.startswith(b"%PDF-")
        assert client.get(f"/api/t/{tid}/export.ods").content[:2] == b"PK"
        cards = client.get(f"/api/t/{tid}/export.html?sheets=tables").text
        assert cards.count("<section>") == 1 + len(PLAYERS)  # the table list, a card each
        ranks = client.get(f"/api/t/{tid}/export.html?sheets=standings").text
        assert "Friday cup: series 1</h2>" in ranks and "Friday cup: ladies</h2>" in ranks
        assert client.get(f"/api/t/{tid}/export.pdf?sheets=some").status_code == 400
        assert "value misread" not in client.get(f"/api/t/{tid}/export.html").text
        archive = client.get(f"/api/t/{tid}/export.json").text
    with running(storage_where) as client:  # a restart reads it all back
        assert client.get(f"/api/t/{tid}/export.json").text == archive
        again = client.get(f"/api/t/{tid}").json()
        assert again["log"] == d["log"] and again["published"]
        # the file goes on as a new tournament (as `skat tournament` would read it)
        r = client.post("/api/t", json={"archive": json.loads(archive)})
        copy = client.get(f"/api/t/{r.json()['id']}/export.json").text
        assert copy == archive


def test_refusals_are_one_line(tmp_path: Any) -> None:
    with running(str(tmp_path / "data")) as client:
        assert client.get("/api/t/nothere").status_code == 404
        r = client.post("/api/t", json={"name": "Cup", "series": "two"})
        assert (r.status_code, r.json()) == (400, {"error": "series is a whole number, not 'two'"})
        r = client.post("/api/t", json={"name": "Cup", "time_limit": 0})
        assert r.json() == {"error": "the time limit must be positive minutes, not 0"}
        r = client.post("/api/t", content=b"[1")
        assert r.status_code == 400 and "\n" not in r.json()["error"]
        r = client.post("/api/t", json={"archive": {"format": "skat-tournament", "version": 1}})
        assert r.json() == {"error": "tournament file: name is missing"}
        tid, key = new(client)
        r = client.get(f"/api/t/{tid}/director", headers={"X-Key": "guess"})
        assert r.status_code == 403
        r = client.post(f"/api/t/{tid}/director", json={"action": "seat", "by": "standings"},
                        headers={"X-Key": key})  # fmt: skip
        assert r.json()["error"].startswith("the first series cannot be seated by standings")
        r = client.get("/api/t/qr.svg", params={"text": "http://x/t/1/table/1/1#k"})
        assert r.headers["content-type"] == "image/svg+xml" and "<svg" in r.text
        for page in ("/t", f"/t/{tid}", f"/t/{tid}/director", f"/t/{tid}/table/1/1"):
            assert client.get(page).status_code == 200


@pytest.mark.parametrize("text", ["x G won", "Nobody G won 72"])
def test_a_correction_that_cannot_be_read_changes_nothing(tmp_path: Any, text: str) -> None:
    with running(str(tmp_path / "data")) as client:
        tid, key = new(client)
        director(client, tid, key, action="seat", seed=1)
        r = client.post(f"/api/t/{tid}/director", headers={"X-Key": key},
                        json={"action": "correct", "series": 1, "table": 1, "text": text,
                              "reason": "typo"})  # fmt: skip
        assert r.status_code == 400 and r.json()["error"].startswith("line 1:")
        assert client.get(f"/api/t/{tid}").json()["log"] == []
