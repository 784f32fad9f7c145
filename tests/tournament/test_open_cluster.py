"""The done-when test of an open tournament on several processes: 27 players over 3 series
on two ``skat serve`` processes sharing PostgreSQL (Redis between them), the lists entered
from seven simulated phones at once, each game sent twice (a double tap, through either
process), one process killed (SIGKILL) and restarted mid-series, a late arrival, a leaver and
a substitute.  The final standings equal an independent Seeger-Fabian calculation written
here from the games entered, and not one accepted entry is missing or doubled.

(One deal a player a series keeps it short: 4 games at a 4-table, 3 at a 3-table.)"""

from __future__ import annotations

import json
import random
import signal
import threading
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from http.client import HTTPException
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

from tests.server.live import server
from tests.server.test_cluster import REDIS, cluster, database  # noqa: F401  (the fixture)


def call(ports: list[int], path: str, data: dict[str, Any] | None = None,
         key: str = "") -> dict[str, Any]:  # fmt: skip
    """The request through whichever process answers (a phone retries while one is down)."""
    body = None if data is None else json.dumps(data).encode()
    last: Exception | None = None
    for attempt in range(300):
        port = ports[(attempt + random.randrange(2)) % len(ports)]
        req = Request(f"http://127.0.0.1:{port}{path}", data=body,
                      headers={"Content-Type": "application/json", "X-Key": key},
                      method="GET" if body is None else "POST")  # fmt: skip
        try:
            with urlopen(req, timeout=20) as r:
                answer: dict[str, Any] = json.loads(r.read())
                return answer
        except HTTPError as exc:
            if exc.code < 500:
                raise AssertionError(f"{path}: {exc.code} {exc.read().decode()}") from None
            last = exc
        except (URLError, OSError, HTTPException) as exc:  # the process is down (or died
            # while answering): the same request again, through the other one if there is one
            last = exc
        threading.Event().wait(0.2)
    raise AssertionError(f"{path}: no process answered: {last}")


def sf(value: int, won: bool, n: int) -> tuple[int, int]:
    """Seeger-Fabian, written out: (the declarer's points, each other player's)."""
    return (value + 50, 0) if won else (-2 * value - 50, 30 if n == 4 else 40)


def play_table(ports: list[int], tid: str, k: int, table: dict[str, Any], seed: int,
               points: dict[str, int], lock: threading.Lock, sent: list[int]) -> None:  # fmt: skip
    """A phone enters its table's games, each one twice; the points by hand."""
    rng = random.Random(seed)
    players = table["players"]
    n = len(players)
    path, key = table["url"].split("/t/", 1)[1].split("#")
    for g in range(4 if n == 4 else 3):
        dealer = players[g % n]
        choices = [p for p in players if not (n == 4 and p == dealer)]
        kind = rng.choice(["won", "lost", "passed"])
        entry = f"s{k}t{table['table']}g{g}"
        if kind == "passed":
            game: dict[str, Any] = {"action": "game", "declarer": None, "entry": entry}
        else:
            declarer = rng.choice(choices)
            game = {"action": "game", "declarer": declarer, "contract": "G",
                    "won": kind == "won", "value": 72, "entry": entry}  # fmt: skip
            mine, others = sf(72, kind == "won", n)
            with lock:
                points[declarer] += mine
                for p in players:
                    if p != declarer:
                        points[p] += others
        first = call(ports, f"/api/t/{path}", game, key)
        again = call(ports, f"/api/t/{path}", game, key)  # the double tap
        assert first["entered"] == again["entered"] == g + 1, (first, again)
        with lock:
            sent[0] += 1


def test_an_open_tournament_on_two_processes(database: str) -> None:  # noqa: F811
    with cluster(database, REDIS, 2) as procs:
        run_open_tournament(
            [p for p, _ in procs], procs, database, ["--redis", REDIS, "--lease", "2"]
        )


def test_an_open_tournament_on_one_process_with_sqlite(tmp_path: Any) -> None:
    """The same on one process with SQLite: killed mid-series, restarted on its folder (the
    folder's lock goes with the killed process)."""
    from tests.server.live import free_port

    port = free_port()
    folder = str(tmp_path / "data")
    first = server(folder, port)
    proc = first.__enter__()
    try:
        run_open_tournament([port], [(port, proc)], folder, [])
    finally:
        first.__exit__(None, None, None)


def run_open_tournament(ports: list[int], procs: list[Any], where: str, extra: list[str]) -> None:
    """27 players, 3 series through ``ports``; the last process is killed mid-series 2 and
    started again on ``where``."""
    names = [f"P{i:02}" for i in range(1, 28)]
    made = call(ports, "/api/t", {"name": "Open cup", "series": 3, "deals": 1,
                                   "players": names})  # fmt: skip
    tid, key = made["id"], made["key"]
    director = f"/api/t/{tid}/director"
    points: dict[str, int] = defaultdict(int)
    lock = threading.Lock()
    sent = [0]
    restarted: list[Any] = []

    def series(k: int, kill: bool = False) -> None:
        tables = call(ports, director, key=key)["rounds"][k - 1]["tables"]
        with ThreadPoolExecutor(len(tables)) as phones:
            jobs = [phones.submit(play_table, ports, tid, k, tb, 100 * k + tb["table"],
                                  points, lock, sent) for tb in tables]  # fmt: skip
            if kill:  # the second process dies mid-series and comes back
                while sent[0] < 8:
                    threading.Event().wait(0.1)
                procs[-1][1].send_signal(signal.SIGKILL)
                procs[-1][1].wait(30)
                threading.Event().wait(1)
                again = server(where, ports[-1], extra=extra)
                again.__enter__()
                restarted.append(again)
            for job in jobs:
                job.result(timeout=600)

    try:
        call(ports, director, {"action": "seat", "seed": 11}, key)
        series(1)
        # a late arrival, a leaver: 27 again, seated by standings
        players = call(ports, director, key=key)["player_list"]
        call(ports, director, {"action": "players",
                               "players": [*players, {"name": "Late"}]}, key)  # fmt: skip
        call(ports, director, {"action": "withdraw", "name": "P01"}, key)
        d = call(ports, director, {"action": "seat", "by": "standings"}, key)
        seated = [n for tb in d["rounds"][1]["tables"] for n in tb["players"]]
        assert "Late" in seated and "P01" not in seated and len(seated) == 27
        # a substitute takes P02's seat before the series starts
        call(ports, director, {"action": "substitute", "series": 2, "old": "P02",
                               "new": {"name": "Sub"}}, key)  # fmt: skip
        series(2, kill=True)
        call(ports, director, {"action": "seat", "seed": 3}, key)
        series(3)
        final = call(ports, f"/api/t/{tid}")
        for port in ports:  # every process shows the same
            one = call([port], f"/api/t/{tid}")
            assert one["standings"] == final["standings"]
    finally:
        for s in restarted:
            s.__exit__(None, None, None)
    rows = final["standings"][0]["rows"]
    got = {r[1]: r[4] for r in rows}
    everyone = {*names, "Late", "Sub"}
    assert got == {n: points.get(n, 0) for n in everyone}
    assert all(p["entered"] == p["planned"] for p in final["progress"])
    assert sum(p["entered"] for p in final["progress"]) == sent[0]
