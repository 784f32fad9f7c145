"""A season on the web app (:mod:`skat.server.season_web`), on both database backends: the
director creates it with the register, starts two evenings with different attendance (each a
tournament of the server with Kontra and Re), the tables enter their lists, and the public
season page's standing equals the one written out here from the games entered."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient
from tests.server.client import running
from tests.server.conftest import storage_where  # noqa: F401  (the fixture, both backends)


def post(client: TestClient, path: str, key: str | None, status: int = 200, **body: Any) -> Any:
    r = client.post(path, json=body, headers={"X-Key": key} if key else {})
    assert r.status_code == status, r.text
    return r.json()


def play(
    client: TestClient, director: str, games: dict[int, list[dict[str, Any]]]
) -> dict[str, int]:
    """Seat series 1 of the evening by lot, enter ``games[table size]`` at every table (by
    seat: 0 deals the first game); each player's points written out by hand."""
    tid, key = director.split("/t/", 1)[1].split("/director#")
    d = post(client, f"/api/t/{tid}/director", key, action="seat", series=1, seed=3)
    points: dict[str, int] = {}
    for table in d["rounds"][0]["tables"]:
        players = table["players"]
        path, tkey = table["url"].split("/t/", 1)[1].split("#")
        for n, g in enumerate(games[len(players)]):
            who = players[g["seat"]]
            post(client, f"/api/t/{path}", tkey, action="game", declarer=who, contract=g["game"],
                 won=g["won"], value=g["value"], kontra=g.get("kontra", 0), entry=f"{n}")  # fmt: skip
            score = g["value"] * 2 ** g.get("kontra", 0)
            if g["won"]:
                points[who] = points.get(who, 0) + score + 50
            else:
                points[who] = points.get(who, 0) - 2 * score - 50
                for p in players:
                    if p != who:
                        points[p] = points.get(p, 0) + (40 if len(players) == 3 else 30)
        for p in players:
            points.setdefault(p, 0)
    return points


GAMES = {
    3: [dict(seat=1, game="G", won=True, value=48, kontra=1),
        dict(seat=2, game="C", won=False, value=24), dict(seat=0, game="N", won=True, value=23)],
    4: [dict(seat=1, game="H", won=True, value=30), dict(seat=3, game="G", won=False, value=48,
        kontra=2), dict(seat=0, game="S", won=True, value=22), dict(seat=1, game="D", won=True,
        value=18)],
}  # fmt: skip


def test_a_season_of_two_evenings_on_the_web(storage_where: str) -> None:  # noqa: F811
    with running(storage_where) as client:
        made = post(client, "/api/t/season", None, 201, name="Club 2026", deals=1, series=1,
                    members=[{"name": "Anna", "number": "1"}, {"name": "Ben", "number": "2"},
                             {"name": "Cora", "number": "3"}, {"name": "Dirk", "number": "4"},
                             {"name": "Ida", "guest": True}])  # fmt: skip
        sid, key = made["id"], made["key"]
        path = f"/api/t/season/{sid}"
        one = post(client, path, key, action="evening", date="03-06",
                   players=["Anna", "Ben", "Cora", "Dirk"])  # fmt: skip
        two = post(client, path, key, action="evening", date="03-13",
                   players=["Anna", "Ben", "Ida", "Kai"])  # fmt: skip
        assert one["rules"] == "tournament,kontra=on"
        first = play(client, one["evening"]["director"], GAMES)
        second = play(client, two["evening"]["director"], GAMES)
        season = client.get(path).json()
        assert season["director"] is False and [e["date"] for e in season["evenings"]] == [
            "03-06", "03-13"]  # fmt: skip
        sheet = season["sheet"]
        assert sheet["header"][:9] == ["place", "no.", "player", "guest", "points", "won",
                                       "lost", "series", "counted"]  # fmt: skip
        got = {r[2]: (r[1], r[3], r[4], r[9], r[10]) for r in sheet["rows"]}
        names = set(first) | set(second)
        want = {n: (dict(Anna="1", Ben="2", Cora="3", Dirk="4").get(n, ""),
                    "guest" if n in ("Ida", "Kai") else "",
                    first.get(n, 0) + second.get(n, 0), first.get(n, ""), second.get(n, ""))
                for n in names}  # fmt: skip
        assert got == want
        points = [r[4] for r in sheet["rows"]]
        assert points == sorted(points, reverse=True)
        # only the director changes it; an evening date is used once; no such tournament
        post(client, path, "guess", 403, action="members", members=[])
        post(client, path, key, 409, action="evening", date="03-06", players=["Anna"])
        post(client, path, key, 404, action="add", date="03-20", id="tNothing")
        assert len(client.get(path).json()["evenings"]) == 2
