"""The server under abuse: computer-only tables limited, paused and deletable, computer moves
scheduled fairly per table, analyses cached and bounded, hostile messages and requests
answered in one line, security headers, a private SQLite file."""

from __future__ import annotations

import asyncio
import json
import re
import stat
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from tests.server.client import FAST, create, hello, receive_until, running, state_at
from tests.server.live import free_port, server

import skat.server.analysing as analysing_module
import skat.server.driving as driving_module
from skat.server.analysing import AHEAD_WINDOW
from skat.server.app import STATIC
from skat.server.hub import Hub, Settings
from skat.server.scheduler import FairScheduler, SchedulerFull
from skat.server.storage import open_storage

HUMANS3 = {"seats": ["human", "human", "human"], "games": 1}
ROBOTS = {"seats": ["random", "random", "random"], "games": 1}
HOLD = Settings(  # computers wait long before a move: a test sees the table as it was made
    computer_delay=60.0, rate=1000.0, burst=1000.0, tables_per_minute=0.0, sockets_per_address=0
)


# ---------------------------------------------------------------- fair scheduling


def record_order(
    threads: int, submissions: list[tuple[str, bool]], late: list[tuple[str, bool]]
) -> list[str]:
    """Jobs (key, background) submitted while every thread is held; ``late`` ones after the
    queues are full.  The keys in the order the scheduler started their jobs."""

    async def scenario() -> list[str]:
        pool = ThreadPoolExecutor(threads)
        sched = FairScheduler(pool, threads)
        gate = threading.Event()
        tasks = [
            asyncio.ensure_future(sched.run(key, gate.wait, 5, background=bg))
            for key, bg in submissions
        ]
        await asyncio.sleep(0)
        tasks += [
            asyncio.ensure_future(sched.run(key, gate.wait, 5, background=bg)) for key, bg in late
        ]
        await asyncio.sleep(0)
        gate.set()
        await asyncio.gather(*tasks)
        pool.shutdown()
        return [str(k) for k in sched.dispatched]

    return asyncio.run(scenario())


def test_a_table_with_many_queued_moves_does_not_starve_the_others() -> None:
    abusers = [(f"abuser{i}", False) for i in range(3) for _ in range(4)]  # 4 jobs each
    order = record_order(1, abusers, [("normal", False)])
    # the normal table's move runs after at most one job of each abusive table
    assert order.index("normal") <= 3
    assert order[:4] == ["abuser0", "abuser1", "abuser2", "normal"]


def test_computer_only_tables_leave_a_thread_for_the_tables_where_people_play() -> None:
    robots = [(f"robots{i}", True) for i in range(4)]
    order = record_order(2, robots, [("people", False)])
    # two threads: the background keys hold one, the people's table starts second
    assert order[:2] == ["robots0", "people"]


def test_heavy_jobs_run_in_their_own_executor_one_at_a_time() -> None:
    async def scenario() -> tuple[list[str], list[str]]:
        threads = ThreadPoolExecutor(1, thread_name_prefix="threads")
        processes = ThreadPoolExecutor(2, thread_name_prefix="processes")  # their stand-in
        sched = FairScheduler(threads, 1, heavy_executor=processes, heavy_slots=1)
        gate = threading.Event()
        where: list[str] = []

        def job(name: str) -> None:
            where.append(f"{name}:{threading.current_thread().name.split('_')[0]}")
            gate.wait(5)

        tasks = [
            asyncio.ensure_future(sched.run(f"slow{i}", job, "slow", heavy=True)) for i in range(2)
        ]
        tasks.append(asyncio.ensure_future(sched.run("quick", job, "quick")))
        for _ in range(500):  # until both have started in their workers
            if len(where) >= 2:
                break
            await asyncio.sleep(0.01)
        started = sorted(where)
        assert list(sched.dispatched) == ["slow0", "quick"]  # slow1 waits for slow0
        gate.set()
        await asyncio.gather(*tasks)
        threads.shutdown()
        processes.shutdown()
        return started, [str(k) for k in sched.dispatched]

    started, order = asyncio.run(scenario())
    assert started == ["quick:threads", "slow:processes"]
    assert order == ["slow0", "quick", "slow1"]


def test_one_key_runs_one_job_at_a_time_and_its_queue_is_bounded() -> None:
    async def scenario() -> tuple[int, str]:
        pool = ThreadPoolExecutor(2)
        sched = FairScheduler(pool, 2)
        gate = threading.Event()
        first = asyncio.ensure_future(sched.run("analysis", gate.wait, 5, max_queue=2))
        second = asyncio.ensure_future(sched.run("analysis", gate.wait, 5, max_queue=2))
        await asyncio.sleep(0)
        running_now = len(sched.dispatched)
        with pytest.raises(SchedulerFull) as refused:
            await sched.run("analysis", gate.wait, 5, max_queue=2)
        gate.set()
        await asyncio.gather(first, second)
        pool.shutdown()
        return running_now, str(refused.value)

    running_now, message = asyncio.run(scenario())
    assert running_now == 1  # the second waits though a thread is free
    assert "2 jobs waiting" in message


def test_expensive_computer_players_cannot_hold_up_the_quick_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three tables of slow computer players (stand-ins that think until released) and a
    table with heuristic players on two threads: the heuristic players move while every slow
    move is still thinking or waiting."""

    gate = threading.Event()
    finished: list[bool] = []

    class Slow:
        def choose(self, view: Any) -> Any:
            gate.wait(20)
            finished.append(True)
            return view.legal_actions[0]

    real = driving_module.make_agent
    monkeypatch.setattr(
        driving_module,
        "make_agent",
        lambda kind, seed: Slow() if kind.startswith("pimc") else real(kind, seed=seed),
    )
    settings = Settings(
        **{**FAST.__dict__, "agent_threads": 2, "agent_budget": 60.0, "heavy_processes": 0}
    )
    with running(str(tmp_path), settings) as client:
        try:
            slow = [create(client, seats=["pimc-expert", "human", "pimc-expert"]) for _ in range(3)]
            made = create(client, seats=["heuristic", "human", "heuristic"])
            with client.websocket_connect(f"/ws/{made['id']}") as ws:
                msg = hello(ws, made["token"])
                while msg["counter"] < 4:
                    if msg["game"]["legal"]:
                        legal = msg["game"]["legal"]
                        action = "p" if "p" in legal else legal[0]
                        ws.send_json({"type": "act", "action": action, "counter": msg["counter"]})
                    msg = state_at(ws, msg["counter"] + 1)
            hub = client.app.state.hub  # type: ignore[attr-defined]
            waiting = sum(hub.scheduler.pending(t["id"]) for t in slow)
            ended = len(finished)
        finally:
            gate.set()
    assert ended == 0  # no slow move had ended when the heuristic players had moved
    assert waiting >= 2  # the slow tables' moves were all thinking or queued meanwhile


# ---------------------------------------------------------------- computer-only tables


def test_computer_only_tables_are_limited_in_length_levels_and_number(tmp_path: Path) -> None:
    settings = Settings(
        computer_delay=60.0, tables_per_minute=0.0, robot_tables_per_address=2, robot_max_games=3
    )
    with running(str(tmp_path), settings) as client:
        long = client.post("/api/tables", json={**ROBOTS, "games": 4})
        expert = client.post("/api/tables", json={**ROBOTS, "seats": ["pimc-expert"] * 3})
        made = [client.post("/api/tables", json=ROBOTS) for _ in range(3)]
        people = client.post("/api/tables", json={**ROBOTS, "seats": ["human"] + ["pimc"] * 2})
    assert long.status_code == 400 and "at most 3 games" in long.json()["message"]
    assert expert.status_code == 400 and "'pimc-expert'" in expert.json()["message"]
    assert [m.status_code for m in made] == [201, 201, 400]
    assert "2 tables of computers only per address" in made[2].json()["message"]
    assert people.status_code == 201  # a person at the table may choose any level


def test_the_creator_deletes_a_computer_only_table_and_nobody_else_can(tmp_path: Path) -> None:
    with running(str(tmp_path), HOLD) as client:
        made = create(client, **ROBOTS)
        url = f"/api/tables/{made['id']}"
        assert made["player"] is None and made["token"] is None and made["key"]
        with client.websocket_connect(f"/ws/{made['id']}") as watcher:
            hello(watcher, None)
            anonymous = client.delete(url)
            wrong = client.delete(url, headers={"Authorization": "Bearer nope"})
            deleted = client.delete(url, headers={"Authorization": f"Bearer {made['key']}"})
            told = receive_until(watcher, "error")
        listed = client.get("/api/tables").json()["tables"]
        again = client.delete(url, headers={"Authorization": f"Bearer {made['key']}"})
    assert (anonymous.status_code, wrong.status_code, deleted.status_code) == (403, 403, 204)
    assert told["code"] == "deleted"
    assert listed == [] and again.status_code == 404
    with running(str(tmp_path), HOLD) as client:  # and it is gone from the database
        assert client.get("/api/tables").json()["tables"] == []


def test_a_table_with_people_cannot_be_deleted(tmp_path: Path) -> None:
    with running(str(tmp_path), HOLD) as client:
        made = create(client, **HUMANS3)
        refused = client.delete(
            f"/api/tables/{made['id']}", headers={"Authorization": f"Bearer {made['token']}"}
        )
    assert refused.status_code == 403


def test_an_idle_computer_only_table_stays_paused_after_a_restart_until_watched(
    tmp_path: Path,
) -> None:
    fast = Settings(**{**FAST.__dict__, "computer_delay": 0.0})
    with running(str(tmp_path), HOLD) as client:
        made = create(client, **{**ROBOTS, "games": 2})
    with running(str(tmp_path), fast) as client:
        time.sleep(0.3)  # time enough for random players to play a whole game, were they on
        (table,) = client.get("/api/tables").json()["tables"]
        assert table["paused"] and table["played"] == 0
        with client.websocket_connect(f"/ws/{made['id']}") as watcher:
            first = hello(watcher, None)
            moved = state_at(watcher, first["counter"] + 5)  # a watcher: it plays on
    assert moved["counter"] >= 5


def test_a_table_nobody_watched_for_the_idle_time_pauses(tmp_path: Path) -> None:
    with running(str(tmp_path), HOLD) as client:
        made = create(client, **ROBOTS)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        room = hub.rooms[made["id"]]
        assert not hub.paused(room)  # just made: its creator watches it start
        room.watched -= hub.settings.idle_pause + 1
        assert hub.paused(room)
        assert client.get("/api/tables").json()["tables"][0]["paused"]


def test_an_analysis_is_computed_once_and_the_cache_is_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    computed: list[str] = []

    def analysis_of(json_text: str) -> dict[str, Any]:  # the double-dummy solver's stand-in
        computed.append(json_text)
        return {"game": json.loads(json_text)["meta"]["series"]["game"]}

    monkeypatch.setattr(analysing_module, "analysis_of", analysis_of)  # (the module the hub uses)
    settings = Settings(**{**FAST.__dict__, "analysis_cache": 1, "heavy_processes": 0})
    with running(str(tmp_path), settings) as client:
        made = create(client, **{**ROBOTS, "games": 2})
        with client.websocket_connect(f"/ws/{made['id']}") as watcher:
            msg = hello(watcher, None)
            while not msg["series"]["over"]:
                msg = receive_until(watcher, "state")
        base = f"/api/tables/{made['id']}/games"
        answers = [client.get(f"{base}/{n}/analysis").json() for n in (1, 1, 2, 1)]
        missing = client.get(f"{base}/3/analysis")
        hub = client.app.state.hub  # type: ignore[attr-defined]
        kept = list(hub._analyses)
    assert answers == [{"game": 1}, {"game": 1}, {"game": 2}, {"game": 1}]
    assert len(computed) == 3  # the second ask was answered from the cache; the fourth not:
    assert kept == [(made["id"], 1)]  # at most analysis_cache are kept
    assert missing.status_code == 404


async def _games_finished_while_the_analyses_queue_is_full() -> tuple[int, int]:
    hub = Hub(open_storage(":memory:"), Settings(analysis_queue=2, heavy_processes=0))
    read: list[str] = []
    records = hub.storage.records

    def reading(table_id: str) -> Any:
        read.append(table_id)
        return records(table_id)

    hub.storage.records = reading  # type: ignore[method-assign]
    waiting = 2
    hub.scheduler.pending = lambda key: waiting if key == "analysis" else 0  # type: ignore[method-assign]
    hub._prepare_analysis("t1", 1)  # two analyses waiting or running: this one is not begun
    await asyncio.sleep(0.05)
    skipped = len(read)
    waiting = 1
    hub._prepare_analysis("t1", 2)  # room for it: its record is read (there is none here)
    await asyncio.sleep(0.05)
    await hub.stop()
    return skipped, len(read)


def test_a_finished_game_is_not_analysed_ahead_while_the_analyses_queue_is_full() -> None:
    """Under load the analyses ahead of time would be refused: they are not begun (no record
    read and parsed for each finished game); asked for, the analysis is computed then."""
    assert asyncio.run(_games_finished_while_the_analyses_queue_is_full()) == (0, 1)


async def _analyses_ahead_under_load() -> list[int]:
    hub = Hub(open_storage(":memory:"), Settings(heavy_processes=0, analysis_ahead_share=0.25))
    begun: list[int] = []

    async def analysis(table_id: str, number: int) -> None:
        begun.append(number)
        await asyncio.sleep(0.01)

    hub.analysis = analysis  # type: ignore[method-assign]
    hub._prepare_analysis("t1", 1)
    hub._prepare_analysis("t1", 2)  # the first still running: not begun
    await asyncio.gather(*hub._ahead)
    hub._ahead_spent.append((time.monotonic(), 0.3 * AHEAD_WINDOW))  # a long one just ended
    hub._prepare_analysis("t1", 3)  # the analyses ahead took their share: not begun
    hub._ahead_spent.clear()
    hub._prepare_analysis("t1", 4)  # the worker had time again
    await asyncio.gather(*hub._ahead)
    await hub.stop()
    return begun


def test_analyses_ahead_run_one_at_a_time_within_their_share_of_a_worker() -> None:
    """A busy site finishes games faster than the worker analyses them: the analyses
    computed ahead (speculative) run one at a time and take at most
    ``analysis_ahead_share`` of the worker's time, so the computer players' searches and the
    serving keep the CPU; a game not analysed ahead is analysed when asked for."""
    assert asyncio.run(_analyses_ahead_under_load()) == [1, 4]


# ---------------------------------------------------------------- hostile input


def test_a_deeply_nested_message_is_one_clear_error(tmp_path: Path) -> None:
    with running(str(tmp_path), FAST) as client:
        made = create(client, **HUMANS3)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["token"])
            ws.send_text("[" * 1024 + "]" * 1024)
            error = receive_until(ws, "error")
            ws.send_json({"type": "ping"})
            assert receive_until(ws, "pong")  # the connection lives on
        body = client.post(
            "/api/tables",
            content=("[" * 4000 + "]" * 4000).encode(),
            headers={"Content-Type": "application/json"},
        )
    assert error["code"] == "malformed"
    assert body.status_code in (400, 413) and body.json()["error"] in ("malformed", "too_long")


def test_every_answer_forbids_framing_sniffing_and_foreign_scripts(tmp_path: Path) -> None:
    with running(str(tmp_path), FAST) as client:
        answers = [client.get(p) for p in ("/", "/api/options", "/static/table.js")]
    for a in answers:
        csp = a.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp
        assert a.headers["x-frame-options"] == "DENY"
        assert a.headers["x-content-type-options"] == "nosniff"


def test_every_script_a_page_loads_is_served_from_this_site(tmp_path: Path) -> None:
    """The pages' scripts (the table's in several files) all come from the server itself,
    so ``script-src 'self'`` lets each one run."""
    with running(str(tmp_path), FAST) as client:
        for page in ("/", "/table/abcdefgh", "/history/abcdefgh/1"):
            html = client.get(page).text
            sources = re.findall(r'<script src="([^"]+)"', html)
            assert sources, page
            for src in sources:
                assert src.startswith("/static/"), src  # same origin: no foreign script
                answer = client.get(src)
                assert answer.status_code == 200, src
                assert "javascript" in answer.headers["content-type"], src
    assert "/static/table_panels.js" in (STATIC / "table.html").read_text()


def test_json_endpoints_refuse_other_content_types_and_other_sites(tmp_path: Path) -> None:
    body = json.dumps(HUMANS3)
    with running(str(tmp_path), FAST) as client:
        plain = client.post("/api/tables", content=body, headers={"Content-Type": "text/plain"})
        foreign = client.post(
            "/api/tables", json=HUMANS3, headers={"Origin": "https://evil.example"}
        )
        own = client.post("/api/tables", json=HUMANS3, headers={"Origin": "http://testserver"})
        join = client.post(
            f"/api/tables/{own.json()['id']}/join",
            content="",
            headers={"Origin": "https://evil.example"},
        )
        listed = client.get("/api/tables").json()["tables"]
    assert plain.status_code == 415 and plain.json()["error"] == "content_type"
    assert foreign.status_code == 403 and foreign.json()["error"] == "cross_site"
    assert join.status_code == 403
    assert own.status_code == 201 and len(listed) == 1


def test_the_sqlite_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    store = open_storage(tmp_path / "data")
    store.create_table("t1", {}, created=1.0)
    store.close()
    for f in (tmp_path / "data").iterdir():
        assert stat.S_IMODE(f.stat().st_mode) & 0o077 == 0, f


def test_x_forwarded_for_is_ignored_unless_a_proxy_is_trusted(tmp_path: Path) -> None:
    """A client cannot dodge the per-address table limit by naming other addresses."""
    from urllib.error import HTTPError
    from urllib.request import Request, urlopen

    codes = []
    port = free_port()
    with server(str(tmp_path / "a"), port):
        for i in range(22):  # 20 at once, then 10 a minute
            req = Request(
                f"http://127.0.0.1:{port}/api/tables",
                data=json.dumps(HUMANS3).encode(),
                headers={"Content-Type": "application/json", "X-Forwarded-For": f"10.0.0.{i}"},
                method="POST",
            )
            try:
                with urlopen(req, timeout=120) as answer:
                    codes.append(answer.status)
            except HTTPError as exc:
                codes.append(exc.code)
    assert codes[:20] == [201] * 20 and 429 in codes[20:]


@pytest.mark.parametrize(
    ("flags", "proxy_headers", "allowed"),
    [([], False, None), (["--trust-proxy", "10.0.0.1,10.0.0.2"], True, ["10.0.0.1", "10.0.0.2"])],
)
def test_only_the_proxies_named_may_say_who_the_client_is(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    flags: list[str],
    proxy_headers: bool,
    allowed: list[str] | None,
) -> None:
    import uvicorn

    from skat.cli.main import main

    seen: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(kw))
    assert main(["serve", "--data", str(tmp_path), *flags]) == 0
    assert seen["proxy_headers"] is proxy_headers and seen["forwarded_allow_ips"] == allowed


def test_a_searching_level_thinks_in_a_worker_process_that_ends_with_the_server(
    tmp_path: Path,
) -> None:
    settings = Settings(**{**FAST.__dict__, "heavy_processes": 1})
    with running(str(tmp_path), settings) as client:
        made = create(client, seats=["pimc-easy", "human", "pimc-easy"])
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            msg = hello(ws, made["token"])
            while msg["counter"] < 2:  # the computers' first moves, the person passing
                if msg["game"]["legal"]:
                    ws.send_json({"type": "act", "action": "p", "counter": msg["counter"]})
                msg = state_at(ws, msg["counter"] + 1)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        workers = list(hub._heavy_pool._processes.values())
    assert msg["counter"] >= 2 and len(workers) == 1
    # the pool's own thread reaps the killed worker too: the joins race (one of them sees
    # ECHILD and returns before the exit status is set), so ask again for a while
    deadline = time.monotonic() + 120
    while workers[0].is_alive() and time.monotonic() < deadline:
        workers[0].join(0.1)
    assert not workers[0].is_alive()  # the server stopped: so did its worker


def test_a_database_away_past_the_retries_is_a_503_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from skat.server.storage import StorageError

    def away(*args: object) -> None:
        raise StorageError("PostgreSQL unreachable: connection refused")

    with running(str(tmp_path), HOLD) as client:
        made = create(client, **HUMANS3)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        monkeypatch.setattr(hub.storage, "records", away)
        monkeypatch.setattr(hub.storage, "create_table", away)
        games = client.get(f"/api/tables/{made['id']}/games")
        created = client.post("/api/tables", json=HUMANS3)
    assert (games.status_code, created.status_code) == (503, 503)
    assert games.json()["error"] == created.json()["error"] == "storage"
