"""The web server at site scale, in one run (issue 34): live tables beside a long history.

1. PostgreSQL gets ``--live`` running tables (three people each, their tokens known here) and
   a first ``--few`` finished games, by bulk insert (``COPY``) of finished tables played once
   here (``--games`` games each, random legal moves) under new ids;
2. ``skat serve`` is started on it: its start-up time (until it answers) and resident memory;
3. the history grows to ``--finished`` games (bulk insert again) and the server is started
   again: the same two figures, with the ratio to the first;
4. on that database, the live tables are played (3 clients each, a move every ``--think``
   seconds per table on average, ``bench/load.py``'s clients): p50/p99 latency action ->
   broadcast with 1 process, then with 2 processes (``--redis``, each player of a table on
   another process than the next, as ``bench/load_cluster.py`` does);
5. with 1 process again, the same play beside an abuser: ``--frames`` clients sending 16 MB
   frames over and over (from plain sockets, masked with the key 0: the cheapest way to send
   them, so the abuser's own CPU is not what is measured), ``--idle`` sockets that never say
   hello (reopened when closed), ``--pollers`` clients polling the lobby (4), and
   ``--experts`` tables of a person (who answers at once) against two ``pimc-expert``: the
   normal tables' p99 with and without.

The players connect from 100 loopback addresses (``127.0.1.x``), the abusers from 20 of their
own (``127.0.2.x``), and the server runs with its own limits for each address (sockets held,
sockets opened a second, HTTP requests a second), as a site would: the abuse is 20 clients,
not one address the server would refuse after its first few sockets.

Each load's line says how much of the machine's CPU time its host took away in the measured
window (``steal`` in ``/proc/stat``: on a shared virtual machine the largest cause of a
slow 99th percentile); ``--rounds N`` measures the loads N times in turn (one, two,
abused, one, …) and prints each one's median p99, so a slow spell of the host does not
fall on one load only.

``--pin`` (two cores or more) tells the server's own cost from the CPU its load generators
take on a machine that also runs them: the server and PostgreSQL and Redis run on the first
core, everything that stands for the world outside on the second (the players' clients, the
abuser at ``--abuser-nice``, and the server's thinking pool, the ``pimc-expert`` searches,
which a site gives cores of their own), in every load alike.

    python bench/site.py --small     # 100 live tables, 10,000 finished games: a few minutes
    python bench/site.py             # 1,000 live tables, 100,000 finished games
    python bench/site.py --phases one,abused --rounds 3 --abuser-nice 19
    python bench/site.py --phases one,abused --rounds 3 --pin

Without ``--database``/``--redis`` it starts a PostgreSQL and a Redis of its own in a
temporary folder (``bench/services.py``: Debian's ``postgresql`` and ``redis-server``), so it
runs from the repository alone.  The last lines are a summary table.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import http.client
import json
import multiprocessing
import os
import random
import secrets
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from statistics import median
from typing import Any, Final

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from load import (
    SETTLE,
    Stats,
    Table,
    client,
    cpu_seconds,
    free_port,
    percentile,
    person,
    post,
    settle_heap,
    unsettle_heap,
    watch_stalls,
)
from services import private_postgres, private_redis
from skat.server.cluster.supervisor import prepare
from skat.server.hub import Hub, Settings
from skat.server.storage import PostgresStorage, open_storage
from skat.server.table import TableConfig, token_hash

Seat = tuple[str, str, str]  # ws URL, table id, token

PLAYERS_FROM: Final = [f"127.0.1.{n}" for n in range(1, 101)]
"""The players' addresses (loopback: one machine): a table's three from the same one, 30
sockets an address at 1,000 tables, so the server's limits for each address (its defaults:
64 sockets, 5 new a second after 60) are on as on a site, and hold for the players too."""
ABUSERS_FROM: Final = [f"127.0.2.{n}" for n in range(1, 21)]
"""The abusers' addresses: 20 clients, each frame sender, idle socket, lobby poller and
expert table from one of them in turn."""


def abuser_from(i: int) -> str:
    """The address of the abuser's ``i``-th frame sender, idle socket, poller or table."""
    return ABUSERS_FROM[i % len(ABUSERS_FROM)]


# ---------------------------------------------------------------- the data


async def _play_templates(count: int, games: int, seed: int) -> list[dict[str, Any]]:
    """``count`` finished tables of ``games`` games, played here with random legal moves:
    their rows (table, log, records) to be copied under new ids."""
    settings = Settings(computer_delay=0, heavy_processes=0, analysis_ahead=0, allow_seed=True)
    hub = Hub(open_storage(":memory:"), settings)
    rng = random.Random(seed)
    await hub.start()
    out = []
    try:
        for _ in range(count):
            config = {"seats": ["human"] * 3, "games": games, "seed": rng.getrandbits(64)}
            table, _, _ = await hub.create_table(config)
            for place in table.free_places():
                table.claim(place)
            room = hub.rooms[table.id]
            while not table.is_over:
                player = table.to_move()
                assert player is not None and table.state is not None
                legal = [str(a) for a in table.state.legal_actions()]
                await hub.act(room, player, rng.choice(legal), table.counter)
            conn = hub.storage.conn
            row = conn.execute(
                "SELECT config, claims, summary FROM tables WHERE id = ?", (table.id,)
            ).fetchone()
            out.append(
                {
                    "id": table.id,
                    "table": row,
                    "actions": conn.execute(
                        "SELECT counter, player, action FROM actions WHERE table_id = ? "
                        "ORDER BY counter",
                        (table.id,),
                    ).fetchall(),
                    "records": conn.execute(
                        "SELECT number, json, iss FROM records WHERE table_id = ?", (table.id,)
                    ).fetchall(),
                }
            )
    finally:
        await hub.stop()
    return out


def add_finished(database: str, templates: list[dict[str, Any]], tables: int, start: int) -> None:
    """``tables`` finished tables copied from ``templates`` (ids ``f{start}`` on)."""
    store = open_storage(database)
    assert isinstance(store, PostgresStorage)
    base = time.time() - 86400 * 365
    try:
        with store._pool.connection() as conn, conn.cursor() as cur:
            with cur.copy(
                "COPY tables (id, config, claims, created, finished, creator, origin, summary) "
                "FROM STDIN"
            ) as copy:
                for k in range(start, start + tables):
                    t = templates[k % len(templates)]
                    config, claims, summary = t["table"]
                    line = summary.replace(t["id"], f"f{k}")
                    copy.write_row((f"f{k}", config, claims, base + k, 1, "", "", line))
            with cur.copy("COPY actions (table_id, counter, player, action) FROM STDIN") as copy:
                for k in range(start, start + tables):
                    for counter, player, action in templates[k % len(templates)]["actions"]:
                        copy.write_row((f"f{k}", counter, player, action))
            with cur.copy("COPY records (table_id, number, json, iss) FROM STDIN") as copy:
                for k in range(start, start + tables):
                    t = templates[k % len(templates)]
                    for number, text, iss in t["records"]:
                        copy.write_row((f"f{k}", number, text.replace(t["id"], f"f{k}"), iss))
            conn.commit()
            conn.autocommit = True  # (VACUUM runs outside a transaction)
            # vacuumed and analysed now, as a site's tables are: not by the autovacuum while
            # the start-up is measured
            cur.execute("VACUUM (ANALYZE)")
            with contextlib.suppress(Exception):  # the bulk insert written out before a start
                cur.execute("CHECKPOINT")
    finally:
        store.close()


def add_live(database: str, count: int) -> list[tuple[str, list[str]]]:
    """``count`` running tables of three people (a long series, nothing played yet): (id,
    the three tokens) each."""
    store = open_storage(database)
    assert isinstance(store, PostgresStorage)
    made = []
    try:
        with store._pool.connection() as conn, conn.cursor() as cur:
            with cur.copy("COPY tables (id, config, claims, created) FROM STDIN") as copy:
                for k in range(count):
                    tokens = [secrets.token_urlsafe(18) for _ in range(3)]
                    config = TableConfig.parse({"seats": ["human"] * 3, "games": 1000})
                    claims = {str(i): token_hash(t) for i, t in enumerate(tokens)}
                    copy.write_row(
                        (f"live{k}", json.dumps(config.to_dict()), json.dumps(claims),
                         time.time() + k)
                    )  # fmt: skip
                    made.append((f"live{k}", tokens))
            conn.commit()
    finally:
        store.close()
    return made


# ---------------------------------------------------------------- the servers


def rss_mb(pid: int) -> float:
    """Resident memory of a process (Linux /proc), MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


SERVE_OPTIONS: Final[list[str]] = []
"""``--serve``: more options for every ``skat serve`` (set once by :func:`main`)."""


def serve(database: str, port: int, extra: list[str]) -> tuple[subprocess.Popen[bytes], float]:
    """``skat serve`` on ``database``: the process and its start-up time (until it answers)."""
    began = time.monotonic()
    with started_on(FIRST_CORE):
        proc = subprocess.Popen(
            [sys.executable, "-m", "skat.cli.main", "serve", "--port", str(port), "--database",
             database, "--computer-delay", "0", "--rate", "1000", "--tables-per-minute", "0",
             *extra, *SERVE_OPTIONS],
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
    if PINNED[0]:
        pin_children(proc.pid)
    deadline = began + 1800
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/options", timeout=5).close()
            return proc, time.monotonic() - began
        if proc.poll() is not None:
            raise SystemExit("the server did not start")
        time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


def stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for proc in procs:
        proc.terminate()
    for proc in procs:
        proc.wait()


async def _hub_start(database: str) -> float:
    """Seconds :meth:`Hub.start` takes on ``database`` here (the part of a start that reads
    the tables: the rest is Python's imports and uvicorn's)."""
    hub = Hub(open_storage(database), Settings(heavy_processes=0))
    began = time.perf_counter()
    await hub.start()
    took = time.perf_counter() - began
    await hub.stop()
    return took


def start_figures(database: str, tries: int = 3) -> tuple[float, float, float]:
    """Start a server on ``database`` ``tries`` times (a few seconds' rest after each): the
    median start-up seconds (until it answers), its resident MB, and the median seconds of
    reading the tables (:func:`_hub_start`)."""
    starts, memory = [], []
    for _ in range(tries):
        proc, took = serve(database, free_port(), [])
        time.sleep(3)
        memory.append(rss_mb(proc.pid))
        stop([proc])
        starts.append(took)
    reads = sorted(asyncio.run(_hub_start(database)) for _ in range(tries))
    return sorted(starts)[tries // 2], sorted(memory)[tries // 2], reads[tries // 2]


# ---------------------------------------------------------------- the load


CONNECTS: Final = 100
"""Sockets a client process opens a second (a connection storm is not what is measured)."""


async def _players(args: argparse.Namespace, seats: list[list[Seat]], seed: int) -> Stats:
    """This client process's players: connected :data:`CONNECTS` a second, measured after
    the warm-up (which covers the connecting)."""
    stats = Stats()
    rng = random.Random(seed)
    warmup = args.warmup + 3 * len(seats) / CONNECTS
    stop = time.monotonic() + warmup + args.seconds
    plays = []
    for k, table in enumerate(seats):
        shared = Table(table[0][1])
        for i, (base, table_id, token) in enumerate(table):
            plays.append(
                client(f"{base}/ws/{table_id}", shared, token, args.think,
                       random.Random(rng.getrandbits(32)), stats, stop, (3 * k + i) / CONNECTS,
                       PLAYERS_FROM[k % len(PLAYERS_FROM)])
            )  # fmt: skip

    async def window() -> None:
        await asyncio.sleep(max(0.0, warmup - SETTLE))
        settle_heap()  # a full pass, then none: the moves held up go out in a burst; not measured
        await asyncio.sleep(min(warmup, SETTLE))
        stats.measuring, stats.since, stats.wall = True, time.perf_counter(), time.time()
        began, (stolen, total) = time.monotonic(), cpu_ticks()
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        unsettle_heap()
        stats.rate = stats.actions / (time.monotonic() - began)
        now_stolen, now_total = cpu_ticks()
        stats.steal = (now_stolen - stolen) / max(1, now_total - total)

    watcher = watch_stalls(stats, stop)  # the clients' own pauses (``--slow``)
    for result in await asyncio.gather(window(), watcher, *plays, return_exceptions=True):
        if isinstance(result, Exception):
            stats.errors += 1
    return stats


def _players_part(job: tuple[argparse.Namespace, list[list[Seat]], int]) -> Stats:
    return asyncio.run(_players(*job))


def cpu_ticks() -> tuple[int, int]:
    """The machine's CPU time stolen by its host (a virtual machine's other guests) and
    all its CPU time, in ticks since boot (``/proc/stat``; zeros where there is none)."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return 0, 0
    return (fields[7] if len(fields) > 7 else 0), sum(fields[:8])


def database_cpu() -> float:
    """CPU seconds the machine's PostgreSQL processes have used so far (all of them: their
    difference over a load is what the database spent on it; a backend that ends meanwhile
    takes its seconds along, which the server's pool does not do under a steady load)."""
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            if stat.read_text().split(" (", 1)[1].startswith("postgres)"):
                total += cpu_seconds(int(stat.parent.name))
    return total


def play(args: argparse.Namespace, seats: list[list[Seat]]) -> tuple[list[float], float]:
    """The live tables played for ``args.seconds`` (after a warm-up): latencies in ms, and
    the share of the machine's CPU time its host took away in the measured window."""
    n = max(1, min(args.procs, len(seats)))
    jobs = [(args, seats[i::n], args.seed * 1000 + i) for i in range(n)]
    with multiprocessing.Pool(n) as pool:
        parts = pool.map(_players_part, jobs)
    failed = sum(part.errors for part in parts)
    if failed:
        print(f"  ({failed} clients failed or were refused)", flush=True)
    steal = parts[0].steal
    if args.slow:
        slow_seconds(args.slow, parts)
    return sorted(1000 * x for part in parts for x in part.latencies), steal


def slow_seconds(limit: float, parts: list[Stats]) -> None:
    """``--slow``: in which second of the window the broadcasts over ``limit`` ms came, and
    in how many of the client processes (a stall of the server reaches all of them)."""
    seconds: dict[int, list[tuple[float, int]]] = {}  # second -> (ms, client process)
    for k, part in enumerate(parts):
        for at, latency in zip(part.sent_at, part.latencies, strict=True):
            if 1000 * latency > limit:
                seconds.setdefault(int(at), []).append((1000 * latency, k))
    total = sum(len(part.latencies) for part in parts)
    slow = sum(len(v) for v in seconds.values())
    began = time.strftime("%H:%M:%S", time.localtime(parts[0].wall))
    print(f"  {slow} of {total} broadcasts over {limit:g} ms; by second of the window (began "
          f"{began}; count, the slowest, client processes):", flush=True)  # fmt: skip
    stalls: dict[int, list[tuple[float, str]]] = {}  # second -> the clients' own pauses
    for part in parts:
        for at, ms, kind in part.stalls:
            stalls.setdefault(int(at), []).append((ms, kind))
    for second in sorted(set(seconds) | set(stalls)):
        found = seconds.get(second, [])
        slowest = max((ms for ms, _ in found), default=0.0)
        procs = len({k for _, k in found})
        own = stalls.get(second, [])
        paused = ", ".join(
            f"{sum(1 for _, k in own if k == kind)} {kind} up to "
            f"{max(ms for ms, k in own if k == kind):.0f} ms"
            for kind in ("gc", "loop")
            if any(k == kind for _, k in own)
        )
        clients = f"; the clients paused: {paused}" if paused else ""
        print(f"    {second:3d} s: {len(found):4d}, {slowest:6.0f} ms, {procs}{clients}")


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (``nan`` when nothing was measured)."""
    return percentile(values, q) if values else float("nan")


def seat_urls(live: list[tuple[str, list[str]]], ports: list[int]) -> list[list[Seat]]:
    """Each table's three places; place i of table k on process (k + i) mod the count."""
    return [
        [(f"ws://127.0.0.1:{ports[(k + i) % len(ports)]}", tid, tok)
         for i, tok in enumerate(tokens)]
        for k, (tid, tokens) in enumerate(live)
    ]  # fmt: skip


async def _abuse(args: argparse.Namespace, port: int, live: str, stop_at: float) -> dict[str, int]:
    """What an abuser does until ``stop_at``: counts of what he sent."""
    import websockets

    base = f"ws://127.0.0.1:{port}"
    done = {"frames": 0, "idle": 0, "closed": 0, "held": 0}
    opening = asyncio.Semaphore(50)  # sockets being opened at once

    counting = threading.Lock()  # the frames' senders are threads

    def frames(source: str) -> None:
        while time.monotonic() < stop_at:
            with contextlib.suppress(OSError):
                send_big_frame(port, f"/ws/{live}", source)
                with counting:
                    done["frames"] += 1
            time.sleep(0.05)

    async def idle(source: str) -> None:
        while time.monotonic() < stop_at:
            with contextlib.suppress(Exception):
                async with (
                    opening,
                    websockets.connect(
                        f"{base}/ws/{live}", open_timeout=60, local_addr=(source, 0)
                    ) as ws,
                ):
                    done["idle"] += 1
                    done["held"] = max(done["held"], done["idle"] - done["closed"])
                    opening.release()  # (held by the ``async with``: let the next one open)
                    try:
                        left = max(0.1, stop_at - time.monotonic())
                        await asyncio.wait_for(ws.wait_closed(), left)
                    finally:
                        done["closed"] += 1
                        await opening.acquire()
            await asyncio.sleep(0.5)

    async def experts() -> None:
        seats = {"seats": ["human", "pimc-expert", "pimc-expert"]}
        http = f"http://127.0.0.1:{port}"
        made = [
            await asyncio.to_thread(post, http, "/api/tables", seats) for _ in range(args.experts)
        ]
        rng = random.Random(7)
        await asyncio.gather(
            *(
                person(f"{base}/ws/{m['id']}", m["token"], rng, None, stop_at, 0.0, abuser_from(i))
                for i, m in enumerate(made)
            ),
            return_exceptions=True,
        )

    tasks = [asyncio.ensure_future(idle(abuser_from(i))) for i in range(args.idle)]
    for _ in range(600):  # the idle sockets first, then the rest of the abuse
        if done["idle"] >= args.idle:
            break
        await asyncio.sleep(0.1)
    tasks += [
        asyncio.ensure_future(asyncio.to_thread(frames, abuser_from(i))) for i in range(args.frames)
    ]
    await asyncio.gather(*tasks, experts(), return_exceptions=True)
    return done


BIG_FRAME: Final = (
    bytes([0x82, 0x80 | 127]) + (16 * 2**20).to_bytes(8, "big") + bytes(4) + b"x" * (16 * 2**20)
)
"""A binary WebSocket frame of 16 MB from a client, masked with the key 0 (so the payload is
sent as it is: what an abuser who wants to be cheap sends; the server cannot tell)."""


def send_big_frame(port: int, path: str, source: str) -> None:
    """Open a WebSocket on a plain socket from the address ``source`` and send
    :data:`BIG_FRAME` until the server closes the connection (before it has read it, as it
    should); ``OSError`` when the socket did not open."""
    key = base64.b64encode(secrets.token_bytes(16)).decode()
    with socket.create_connection(("127.0.0.1", port), 30, (source, 0)) as sock:
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        answer = b""
        while b"\r\n\r\n" not in answer:
            got = sock.recv(4096)
            if not got:
                raise ConnectionError("closed during the handshake")
            answer += got
        if not answer.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(answer.split(b"\r\n", 1)[0].decode(errors="replace"))
        with contextlib.suppress(OSError):  # the server closes before it has read it all
            sock.sendall(BIG_FRAME)
            while sock.recv(65536):  # (or it answers with a close frame, then closes)
                pass


def lobby_pollers(port: int, stop_at: float, count: int) -> list[threading.Thread]:
    """``count`` threads asking for the lobby as fast as it answers."""

    def poll(source: str) -> None:
        while time.monotonic() < stop_at:
            with contextlib.suppress(OSError, http.client.HTTPException):
                conn = http.client.HTTPConnection("127.0.0.1", port, 30, (source, 0))
                try:
                    conn.request("GET", "/api/tables")
                    conn.getresponse().read()
                finally:
                    conn.close()

    threads = [
        threading.Thread(target=poll, args=(abuser_from(i),), daemon=True) for i in range(count)
    ]
    for t in threads:
        t.start()
    return threads


FIRST_CORE: Final = 0
SECOND_CORE: Final = 1
"""``--pin``: the core of the server and its databases, the core of everything else."""
PINNED: Final[list[bool]] = [False]
"""Whether ``--pin`` was given (set once by :func:`main`)."""


@contextlib.contextmanager
def started_on(core: int) -> Iterator[None]:
    """Processes started inside run on ``core`` (when ``--pin``): a child inherits the
    affinity of the thread that starts it."""
    if not PINNED[0]:
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {core})
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


def pin_children(pid: int) -> None:
    """A thread moving the processes the server ``pid`` starts (its thinking pool, started
    when a search is first asked for and again when it breaks) to the second core, while the
    server runs."""

    def children() -> set[int]:
        found: set[int] = set()
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{pid}/task").iterdir():
                found.update(int(c) for c in (task / "children").read_text().split())
        return found

    def watch() -> None:
        moved: set[int] = set()
        while Path(f"/proc/{pid}").exists():
            for child in children() - moved:
                with contextlib.suppress(OSError):
                    os.sched_setaffinity(child, {SECOND_CORE})
                    moved.add(child)
            time.sleep(0.5)

    threading.Thread(target=watch, daemon=True).start()


def abuser(job: tuple[argparse.Namespace, int, str, float]) -> dict[str, int]:
    args, port, live, stop_at = job
    if args.abuser_nice:  # the abuser stands for clients elsewhere: its own CPU (masking
        os.nice(args.abuser_nice)  # 16 MB frames) is not what the server costs the others
    threads = lobby_pollers(port, stop_at, args.pollers)
    done = asyncio.run(_abuse(args, port, live, stop_at))
    for t in threads:
        t.join()
    done["cpu"] = int(time.process_time())  # the abuser's own CPU, on the same machine
    return done


# ---------------------------------------------------------------- the run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", action="store_true", help="100 live, 10,000 finished games")
    parser.add_argument("--live", type=int, help="running tables (default 1,000)")
    parser.add_argument("--finished", type=int, help="finished games (default 100,000)")
    parser.add_argument("--few", type=int, help="finished games of the first start (1,000)")
    parser.add_argument("--games", type=int, default=10, help="games of a finished table")
    parser.add_argument("--seconds", type=float, help="measured time of each load (30)")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--think", type=float, default=3.3, help="seconds a client thinks")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--frames", type=int, default=20, help="clients sending 16 MB frames")
    parser.add_argument("--idle", type=int, help="sockets that never say hello (1,000)")
    parser.add_argument("--experts", type=int, default=10, help="tables against pimc-expert")
    parser.add_argument("--pollers", type=int, default=4, help="threads polling the lobby")
    parser.add_argument(
        "--abuser-nice", type=int, default=0, help="the abuser's process at this nice level"
    )
    parser.add_argument("--database", help="postgresql://… (default: a private one)")
    parser.add_argument("--redis", help="redis://… (default: a private one)")
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument(
        "--rounds", type=int, default=1, help="each load measured this many times, in turn"
    )
    parser.add_argument(
        "--pin",
        action="store_true",
        help="the server and the players on one core, the abuse and the searches on another",
    )
    parser.add_argument(
        "--serve",
        default="",
        help="more options for every skat serve, e.g. --serve=--no-analyse-ahead",
    )
    parser.add_argument(
        "--slow",
        type=float,
        default=0.0,
        help="print when in each window the broadcasts over this many ms came (by second)",
    )
    parser.add_argument(
        "--phases",
        default="start,one,two,abused",
        help="what to measure (comma-separated): start, one, two (processes), abused",
    )
    args = parser.parse_args()
    big = not args.small
    args.live = args.live or (1000 if big else 100)
    args.finished = args.finished or (100_000 if big else 10_000)
    args.few = args.few or 1000
    args.seconds = args.seconds or (30.0 if big else 20.0)
    args.idle = args.idle if args.idle is not None else (1000 if big else 300)
    SERVE_OPTIONS.extend(args.serve.split())
    if args.pin:
        if not {FIRST_CORE, SECOND_CORE} <= os.sched_getaffinity(0):
            parser.error("--pin needs the cores 0 and 1")
        PINNED[0] = True
    with contextlib.ExitStack() as stack:
        with started_on(FIRST_CORE):
            if not args.database:
                args.database = stack.enter_context(private_postgres(fsync=True))
            if not args.redis:
                args.redis = stack.enter_context(private_redis())
        if args.pin:
            os.sched_setaffinity(0, {SECOND_CORE})  # the clients and the abuser inherit it
        run(args)


def run(args: argparse.Namespace) -> None:
    """Every phase of the module doc, printed as it goes; a summary at the end."""
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start"
          + (f"; pinned: the server and its databases on core {FIRST_CORE}, the clients, the "
             f"abuser and the searches on core {SECOND_CORE}" if args.pin else ""))  # fmt: skip
    schema = "site_" + secrets.token_hex(4)
    sep = "&" if "?" in args.database else "?"
    database = f"{args.database}{sep}schema={schema}"
    prepare(database, args.redis)
    try:
        measure(args, database)
    finally:
        store = open_storage(database)
        assert isinstance(store, PostgresStorage)
        store.drop_schema()
        store.close()


def measure(args: argparse.Namespace, database: str) -> None:
    began = time.monotonic()
    templates = asyncio.run(_play_templates(10, args.games, args.seed))
    few, many = args.few // args.games, args.finished // args.games
    live = add_live(database, args.live)
    add_finished(database, templates, few, 0)
    print(f"data: {args.live} live tables, {few * args.games} finished games "
          f"({time.monotonic() - began:.0f} s)", flush=True)  # fmt: skip
    phases = set(args.phases.split(","))
    small_start = small_rss = small_read = float("nan")
    if "start" in phases:
        small_start, small_rss, small_read = start_figures(database)
    print(f"start-up with {few * args.games} finished games: {small_start:.2f} s (reading the "
          f"tables {small_read:.2f} s), {small_rss:.0f} MB", flush=True)  # fmt: skip
    began = time.monotonic()
    add_finished(database, templates, many - few, few)
    print(
        f"data: {many * args.games} finished games ({time.monotonic() - began:.0f} s)", flush=True
    )
    big_start = big_rss = big_read = float("nan")
    if "start" in phases:
        big_start, big_rss, big_read = start_figures(database)
    print(f"start-up with {many * args.games} finished games: {big_start:.2f} s (reading the "
          f"tables {big_read:.2f} s), {big_rss:.0f} MB", flush=True)  # fmt: skip
    results: dict[str, list[Load]] = {}
    for _ in range(args.rounds):  # the loads in turn: a slower spell of the host hits each
        for workers in [w for w, name in ((1, "one"), (2, "two")) if name in phases]:
            name = f"{workers} process{'es' if workers > 1 else ''}"
            results.setdefault(name, []).append(processes(args, database, live, workers))
        if "abused" in phases:
            results.setdefault("1 process, abused", []).append(abused(args, database, live))
    summary(args, results, few, many, (small_start, small_rss, small_read),
            (big_start, big_rss, big_read))  # fmt: skip


Load = tuple[float, float, int, float]
"""A load's p50 and p99 (ms), broadcasts measured, and the host's steal in its window."""


def processes(
    args: argparse.Namespace, database: str, live: list[tuple[str, list[str]]], workers: int
) -> Load:
    """The live tables played with ``workers`` server processes."""
    ports = [free_port() for _ in range(workers)]
    extra = ["--redis", args.redis] if workers > 1 else []
    procs = [serve(database, p, extra)[0] for p in ports]
    try:
        before, db_before = [cpu_seconds(p.pid) for p in procs], database_cpu()
        lat, steal = play(args, seat_urls(live, ports))
        each = [cpu_seconds(p.pid) - b for p, b in zip(procs, before, strict=True)]
        cpu = sum(each)
        db_cpu = database_cpu() - db_before
        memory = sum(rss_mb(p.pid) for p in procs)
    finally:
        stop(procs)
    print(f"{workers} process(es): p50 {pct(lat, 0.5):.1f} ms, p99 "
          f"{pct(lat, 0.99):.1f} ms, {len(lat)} broadcasts, servers' CPU {cpu:.1f} s"
          f"{' (' + ' + '.join(f'{c:.1f}' for c in each) + ')' if len(each) > 1 else ''}, "
          f"PostgreSQL's CPU {db_cpu:.1f} s, "
          f"{memory:.0f} MB; the host took {100 * steal:.0f} % of the CPU", flush=True)  # fmt: skip
    return pct(lat, 0.5), pct(lat, 0.99), len(lat), steal


def abused(args: argparse.Namespace, database: str, live: list[tuple[str, list[str]]]) -> Load:
    """The live tables played with 1 process beside the abuser."""
    port = free_port()
    proc, _ = serve(database, port, [])
    try:
        stop_at = time.monotonic() + args.warmup + 3 * len(live) / CONNECTS + args.seconds + 5
        with multiprocessing.Pool(1) as pool:
            pending = pool.apply_async(abuser, ((args, port, live[0][0], stop_at),))
            before, db_before = cpu_seconds(proc.pid), database_cpu()
            lat, steal = play(args, seat_urls(live[1:], [port]))
            cpu, db_cpu = cpu_seconds(proc.pid) - before, database_cpu() - db_before
            done = pending.get()
        memory = rss_mb(proc.pid)
    finally:
        stop([proc])
    print(f"abused: p50 {pct(lat, 0.5):.1f} ms, p99 {pct(lat, 0.99):.1f} ms "
          f"({len(lat)} broadcasts; {done['frames']} frames of 16 MB, {done['held']} idle "
          f"sockets held at once, {args.experts} pimc-expert tables, {args.pollers} lobby "
          f"pollers; the abuser's own CPU {done['cpu']} s at nice {args.abuser_nice}); "
          f"server's CPU {cpu:.1f} s, "
          f"PostgreSQL's {db_cpu:.1f} s, {memory:.0f} MB; "
          f"the host took {100 * steal:.0f} % of the CPU", flush=True)  # fmt: skip
    return pct(lat, 0.5), pct(lat, 0.99), len(lat), steal


def summary(
    args: argparse.Namespace,
    results: dict[str, list[Load]],
    few: int,
    many: int,
    small: tuple[float, float, float],
    big: tuple[float, float, float],
) -> None:
    """The last lines: the start-up and memory ratios, each load's p50 and p99."""
    (small_start, small_rss, small_read), (big_start, big_rss, big_read) = small, big
    print(f"\nsummary ({args.live} live tables, a move every {args.think:g} s each; "
          f"load average {os.getloadavg()[0]:.1f} at the end)")  # fmt: skip
    print(f"  start-up: {small_start:.2f} s -> {big_start:.2f} s "
          f"({big_start / small_start:.2f}x) from {few * args.games} to {many * args.games} "
          f"finished games; reading the tables {small_read:.2f} s -> {big_read:.2f} s "
          f"({big_read / small_read:.2f}x)")  # fmt: skip
    print(f"  memory:   {small_rss:.0f} MB -> {big_rss:.0f} MB ({big_rss / small_rss:.2f}x)")
    for name, loads in results.items():
        for p50, p99, n, steal in loads:
            print(f"  {name:18} p50 {p50:6.1f} ms  p99 {p99:7.1f} ms  ({n} broadcasts; "
                  f"steal {100 * steal:.0f} %)")  # fmt: skip
        if len(loads) > 1:
            p99s = [load[1] for load in loads]
            print(f"  {name:18} median p99 {median(p99s):.1f} ms of {len(loads)} rounds")


if __name__ == "__main__":
    main()
