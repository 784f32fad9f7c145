"""Several real ``skat serve`` processes on one PostgreSQL database with a real Redis between
them (:mod:`skat.server.cluster`): players on different processes play one game; the table's
owner is killed with SIGKILL mid-game and another process takes the table over from the log;
Redis is restarted mid-game.  Needs ``SKAT_TEST_POSTGRES`` and ``SKAT_TEST_REDIS`` (and
Debian's ``redis-server`` for the restart); with ``CI=true`` a missing one fails."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import secrets
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from tests.server.conftest import postgres_url, require_postgres
from tests.server.live import free_port, post, server
from websockets.sync.client import ClientConnection, connect

from skat.cli.main import main
from skat.server.cluster.node import ClusterHub
from skat.server.cluster.supervisor import prepare
from skat.server.hub import Connection, Settings
from skat.server.protocol import merge_sheet
from skat.server.storage import PostgresStorage, open_storage
from skat.server.table import ActionRefused

REDIS = os.environ.get("SKAT_TEST_REDIS", "")


def require_redis() -> None:
    """Skip without a Redis server, except in CI where that is a failure."""
    if not REDIS:
        if os.environ.get("CI"):
            pytest.fail("CI must test several processes: set SKAT_TEST_REDIS (.ci/run starts one)")
        pytest.skip("no Redis server (set SKAT_TEST_REDIS=redis://…)")


@pytest.fixture
def database() -> Iterator[str]:
    """A fresh PostgreSQL schema for the cluster (its Redis channels are named after it)."""
    require_postgres()
    require_redis()
    schema = "c_" + secrets.token_hex(6)
    prepare(postgres_url(schema), REDIS)  # the processes start at once on ready tables
    yield postgres_url(schema)
    store = open_storage(postgres_url(schema))
    assert isinstance(store, PostgresStorage)
    store.drop_schema()
    store.close()


@contextmanager
def cluster(
    database: str, redis: str, n: int
) -> Iterator[list[tuple[int, subprocess.Popen[bytes]]]]:
    """``n`` cluster processes, each on its own port, started at once: [(port, process)]."""
    ports = [free_port() for _ in range(n)]
    extra = ["--redis", redis, "--lease", "2"]
    starting = [server(database, port, extra=extra) for port in ports]
    with ThreadPoolExecutor(n) as pool:
        procs = list(pool.map(lambda s: s.__enter__(), starting))
    try:
        yield list(zip(ports, procs, strict=True))
    finally:
        for s in starting:
            s.__exit__(None, None, None)


@contextmanager
def redis_server(port: int, folder: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A private Redis (the test restarts it)."""
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("CI"):
            pytest.fail("CI must test a Redis restart: install redis-server (.ci/run does)")
        pytest.skip("no redis-server to restart")
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        import redis

        deadline = time.monotonic() + 120  # a bound for a busy machine, not a measure
        while True:
            try:
                redis.Redis(port=port).ping()
                break
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        yield proc
    finally:
        proc.kill()
        proc.wait()


class Player:
    """A person at the table over a WebSocket to one process; reconnects elsewhere."""

    def __init__(self, stack: ExitStack, port: int, table: str, token: str) -> None:
        self.stack = stack
        self.table = table
        self.token = token
        self.ws: ClientConnection
        self.msg: dict[str, Any] = {}
        self.errors: list[str] = []
        self.connect(port)

    def connect(self, port: int) -> None:
        self.ws = self.stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{self.table}"))
        self.ws.send(json.dumps({"type": "hello", "token": self.token}))
        self.until(0)

    def until(self, counter: int) -> dict[str, Any]:
        """The first state at or past ``counter`` (the last one seen after an error)."""
        while self.msg.get("counter", -1) < counter:
            msg: dict[str, Any] = json.loads(self.ws.recv(timeout=120))
            if msg["type"] == "error":
                self.errors.append(msg["code"])
                return self.msg
            if msg["type"] == "state":  # the score sheet's new rows after those kept
                self.msg = merge_sheet(self.msg["series"]["rows"] if self.msg else [], msg)
        return self.msg

    def act(self, rng: random.Random) -> None:
        """Make a random legal move; try again while the table changes servers."""
        counter = self.msg["counter"]
        legal = self.msg["game"]["legal"]
        action = rng.choice([a for a in legal if a != "p"] or legal)  # play a game, not pass
        deadline = time.monotonic() + 120  # a bound for a busy machine, not a measure
        while time.monotonic() < deadline:
            self.ws.send(json.dumps({"type": "act", "action": action, "counter": counter}))
            before = len(self.errors)
            self.until(counter + 1)
            if len(self.errors) == before:
                return
            assert self.errors[-1] == "unavailable", self.errors
            time.sleep(0.25)
        raise AssertionError("the table stayed unavailable")


def two_players(
    stack: ExitStack, creator: int, ports: tuple[int, int], seats: list[str]
) -> tuple[dict[str, Any], list[Player]]:
    """A one-game table created on process ``creator`` (its owner), its two human places
    taken and connected on ``ports``: (the creation's answer, the players)."""
    made = post(creator, "/api/tables", {"seats": seats, "games": 1})
    joined = post(ports[1], f"/api/tables/{made['id']}/join", {})
    return made, [
        Player(stack, ports[0], made["id"], made["token"]),
        Player(stack, ports[1], made["id"], joined["token"]),
    ]


def play(players: list[Player], rng: random.Random, moves: int | None = None) -> None:
    """Play random moves (all of them, or ``moves`` counters further), each player from his
    own process; every player sees every move."""
    start = max(p.msg["counter"] for p in players)
    while True:
        top = max(p.msg["counter"] for p in players)
        for p in players:
            p.until(top)
        if len({p.msg["counter"] for p in players}) > 1:
            continue
        if players[0].msg["series"]["over"] or (moves is not None and top >= start + moves):
            return
        movers = [p for p in players if p.msg["game"] and p.msg["game"]["legal"]]
        if movers:
            movers[0].act(rng)
        else:  # a computer player moves
            players[0].until(top + 1)


@contextmanager
def redis_traffic(database: str) -> Iterator[list[str]]:
    """Every message the cluster on ``database`` sends through Redis, while the block runs."""
    import redis

    schema = database.rsplit("schema=", 1)[1]
    pubsub = redis.Redis.from_url(REDIS).pubsub()
    seen: list[str] = []
    pubsub.psubscribe(**{f"skat:{schema}:*": lambda m: seen.append(m["data"].decode())})
    thread = pubsub.run_in_thread(sleep_time=0.05, daemon=True)
    try:
        yield seen
    finally:
        thread.stop()
        thread.join(5)
        pubsub.close()


def test_players_on_different_processes_play_one_game(database: str) -> None:
    rng = random.Random(3)
    with (
        cluster(database, REDIS, 2) as [(a, _), (b, _)],
        ExitStack() as stack,
        redis_traffic(database) as traffic,
    ):
        _, players = two_players(stack, a, (a, b), ["human", "human", "random"])
        play(players, rng)
        ends = [p.msg for p in players]
    assert ends[0]["series"] == ends[1]["series"] and ends[0]["series"]["over"]
    assert ends[0]["counter"] == ends[1]["counter"] > 3
    assert ends[0]["players"][1]["online"]  # each process knows who is connected elsewhere
    assert not [e for p in players for e in p.errors]
    # Redis carried moves (player 1's were forwarded to the owner in their messages) and the
    # owner's public moves with its counters, but no card still in a hand or in the skat: a
    # card only as the one just played, or forwarded to be played
    kinds = {json.loads(m)["k"] for m in traffic}
    assert {"new", "move", "act", "done", "online"} <= kinds
    with_cards = [json.loads(m) for m in traffic if re.search(r"\b[CSHD][789TJQKA]\b", m)]
    assert with_cards and all(
        m["k"] in ("move", "act") and re.fullmatch(r"[CSHD][789TJQKA](@\w+)?", m["m"][-1])
        for m in with_cards
    )
    assert all(
        set(json.loads(m)) <= {"k", "t", "c", "d", "o", "r", "f", "p", "on", "at", "w", "m"}
        for m in traffic
    )


def test_the_owner_killed_mid_game_another_process_takes_the_table_over(database: str) -> None:
    rng = random.Random(5)
    with cluster(database, REDIS, 2) as [(a, owner), (b, _)], ExitStack() as stack:
        made, players = two_players(stack, a, (a, b), ["human", "random", "human"])
        play(players, rng, moves=8)
        seen = players[0].msg["counter"]
        assert not players[0].msg["series"]["over"]
        os.kill(owner.pid, signal.SIGKILL)  # the owner: no shutdown, no lease given back
        owner.wait()
        players[0].connect(b)  # as the page does when its socket drops
        assert players[0].msg["counter"] == seen
        play(players, rng)
        end = players[0].msg
        store = open_storage(database)
        try:
            stored = store.load_table(made["id"])
            assert stored is not None and stored.finished and not store.load_tables()
            moves = stored.actions
            records = store.records(made["id"])
        finally:
            store.close()
    assert end["series"]["over"] and end["counter"] > seen
    assert len(moves) == end["counter"]  # every move stored once, none lost
    assert [r.number for r in records] == [1]


def test_redis_restarted_mid_game(database: str, tmp_path: Path) -> None:
    rng = random.Random(9)
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    with (
        redis_server(port, tmp_path) as first,
        cluster(database, url, 2) as [(a, _), (b, _)],
        ExitStack() as stack,
    ):
        _, players = two_players(stack, a, (a, b), ["human", "human", "random"])
        play(players, rng, moves=8)
        first.kill()
        first.wait()
        with redis_server(port, tmp_path):
            play(players, rng)
        ends = [p.msg for p in players]
    assert ends[0]["series"]["over"] and ends[0]["series"] == ends[1]["series"]


def test_one_command_starts_several_workers_on_one_port(database: str) -> None:
    port = free_port()
    supervisor = subprocess.Popen(
        [sys.executable, "-m", "skat.cli.main", "serve", "--workers", "2", "--port", str(port),
         "--database", database, "--redis", REDIS],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 300
        while len(children(supervisor.pid)) < 2 or not answers(port):
            assert supervisor.poll() is None and time.monotonic() < deadline
            time.sleep(0.2)
        made = post(port, "/api/tables", {"seats": ["human", "random", "random"]})
        ids = {t["id"] for _ in range(6) for t in get(port, "/api/tables")["tables"]}
        assert ids == {made["id"]}  # whichever worker answers knows the table
        workers = children(supervisor.pid)
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(30) == 0
        assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]
    finally:
        if supervisor.poll() is None:
            supervisor.kill()
            supervisor.wait()


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux /proc)."""
    found = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(c) for c in found.read_text().split()] if found.exists() else []


def answers(port: int) -> bool:
    try:
        get(port, "/api/options")
    except OSError:
        return False
    return True


def get(port: int, path: str) -> dict[str, Any]:
    with urlopen(f"http://127.0.0.1:{port}{path}", timeout=120) as response:
        data: dict[str, Any] = json.loads(response.read())
        return data


async def _until(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline
        await asyncio.sleep(0.05)


async def _robots_across_processes(database: str) -> list[dict[str, Any]]:
    settings = Settings(computer_delay=0.02, idle_pause=0.3, heavy_processes=0)
    a, b = (ClusterHub(open_storage(database), settings, REDIS, lease=2) for _ in range(2))
    await a.start()
    await b.start()
    seen: list[dict[str, Any]] = []

    async def send(text: str) -> None:
        seen.append(json.loads(text))

    async def close(code: int) -> None:
        return None

    try:
        table, _, key = await a.create_table({"seats": ["random"] * 3, "games": 12}, "1.2.3.4")
        owned = a.rooms[table.id]
        await _until(lambda: a.paused(owned))  # nobody watches: it pauses on its owner
        paused_at = owned.table.counter
        replica = await b.find(table.id)
        assert replica is not None
        watcher = Connection(send, close)
        await b.attach(replica, watcher)  # somebody watches through the other process
        await _until(lambda: owned.table.counter > paused_at + 3)
        with pytest.raises(ActionRefused):
            await b.delete_table(table.id, "not the key")
        await b.delete_table(table.id, key)  # the key is checked by the process asked
        await _until(lambda: table.id not in a.rooms and table.id not in b.rooms)
        assert await a.find(table.id) is None and table.id not in a.owned
    finally:
        await a.stop()
        await b.stop()
    return seen


def test_a_computer_only_table_plays_while_watched_elsewhere_and_any_process_deletes_it(
    database: str,
) -> None:
    seen = asyncio.run(_robots_across_processes(database))
    assert {"type": "error", "code": "deleted"}.items() <= seen[-1].items()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--workers", "2"], "--workers N --database postgresql://… --redis redis://…"),
        (["--redis", "redis://127.0.0.1:1"], "--workers N --database postgresql://…"),
        (["--workers", "0"], "--workers must be >= 1"),
        (["--lease", "0.5"], "--lease must be 1 to 600 seconds"),
        (["--redis", "redis://x", "--database", "sqlite:///x.db"], "--database postgresql://…"),
    ],
)  # fmt: skip
def test_bad_cluster_options_are_one_clear_line(
    argv: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    assert main(["serve", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_redis_that_does_not_answer_is_one_clear_line(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["serve", "--database", database, "--redis", f"redis://127.0.0.1:{free_port()}"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "cannot reach Redis at redis://127.0.0.1:" in err and err.count("\n") == 1
