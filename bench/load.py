"""Load test of ``skat serve``: N tables of three scripted clients over loopback.

Starts the server in a subprocess (SQLite in a temporary folder, or ``--database URL``),
creates N tables with three human places, and connects three WebSocket clients to each.
Every client plays a random legal move when it is its turn (after ``--think`` seconds), and
every client notes when each move's broadcast reaches it: the latency from sending an action
to receiving the state that contains it, at all three places of the table.

    python bench/load.py --tables 200 --seconds 30

Prints the move rate (actions/s, each stored, applied and broadcast) and the p50/p90/p99/max
latency action -> broadcast in ms; the last line is ``actions/s: X p50: Y ms p99: Z ms``.
The clients run in ``--procs`` processes (one asyncio loop each), the server in another.

``--computer-tables M`` adds M tables of a scripted person and two heuristic computer players:
the *answer* time (from the person's action to his next turn, the two computers having moved)
is measured there.  ``--abusive K`` plays, beside them, what an abuser can do: it asks for six
computer-only tables of ``pimc-expert`` for 1,000 games (the server refuses them), opens as
many computer-only tables as it may and watches them, and plays K tables of itself against
two ``pimc-expert`` players without thinking.  ``--compare`` runs once without and once with
the abuse and prints the normal tables' figures side by side:

    python bench/load.py --tables 20 --computer-tables 4 --abusive 4 --compare
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import math
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from websockets.asyncio.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(base: str, path: str, data: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        base + path,
        data=json.dumps(data).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=30) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer


def start_server(port: int, where: str, rate: float) -> subprocess.Popen[bytes]:
    flag = "--database" if where.startswith("postgres") else "--data"
    proc = subprocess.Popen(
        [sys.executable, "-m", "skat.cli.main", "serve", "--port", str(port), flag, where,
         "--computer-delay", "0", "--rate", str(rate), "--tables-per-minute", "0",
         "--sockets-per-address", "0"],
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/options", timeout=2):
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


class Table:
    """What the three clients of one table share: when each move was sent."""

    def __init__(self, table_id: str) -> None:
        self.id = table_id
        self.sent: dict[int, float] = {}


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.sent_at: list[float] = []  # each latency's move: seconds into the window
        self.answers: list[float] = []  # person's action -> his next turn (computer tables)
        self.actions = 0
        self.errors = 0
        self.measuring = False
        self.since = 0.0
        """When the window began (``perf_counter``): a move sent before it is not measured
        (its broadcast may have waited in a client that was settling its heap)."""
        self.wall = 0.0
        """When the window began (``time.time()``: to match other logs with ``--slow``)."""
        self.rate = 0.0
        self.steal = 0.0  # the host's share of the machine's CPU time in the window
        self.stalls: list[tuple[float, float, str]] = []
        """The client's own pauses in the window: (seconds into it, ms, "gc" or "loop"): a
        collection of its heap, or its event loop late (its CPU taken by others)."""


def from_address(source: str | None) -> dict[str, Any]:
    """``connect``'s options to open a socket from the address ``source`` (None: any)."""
    return {"local_addr": (source, 0)} if source else {}


async def client(
    url: str,
    table: Table,
    token: str,
    think: float,
    rng: random.Random,
    stats: Stats,
    stop: float,
    after: float = 0.0,
    source: str | None = None,
) -> None:
    """One scripted player (``after``: seconds to wait before connecting, so that thousands
    of clients do not all open their sockets in the same moment; ``source``: the address it
    connects from, e.g. ``127.0.1.7``: players of other addresses, on one machine)."""
    await asyncio.sleep(after)
    async with connect(url, max_size=2**22, open_timeout=120, **from_address(source)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        acted = -1
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                break
            now = time.perf_counter()
            msg = json.loads(raw)
            if msg["type"] == "error":
                stats.errors += 1
                if stats.errors <= 5:
                    print(f"refused: {msg['code']}: {msg['message']}", file=sys.stderr)
                continue
            if msg["type"] != "state":
                continue
            counter = msg["counter"]
            sent = table.sent.get(counter)
            if sent is not None and stats.measuring and sent >= stats.since:
                stats.latencies.append(now - sent)
                stats.sent_at.append(sent - stats.since)
            game = msg["game"]
            if game and game["legal"] and acted < counter:
                acted = counter
                await act(ws, table, counter, rng.choice(game["legal"]), think, stats)


async def act(
    ws: ClientConnection, table: Table, counter: int, action: str, think: float, stats: Stats
) -> None:
    if think:
        await asyncio.sleep(think * random.uniform(0.5, 1.5))
    table.sent[counter + 1] = time.perf_counter()
    if stats.measuring:
        stats.actions += 1
    await ws.send(json.dumps({"type": "act", "action": action, "counter": counter}))


async def person(
    url: str,
    token: str,
    rng: random.Random,
    stats: Stats | None,
    stop: float,
    think: float,
    source: str | None = None,
) -> None:
    """One scripted person among computers: plays when it is his turn; notes how long the
    computers took to answer (``stats``: None for the abuser, who measures nothing;
    ``source``: the address it connects from)."""
    async with connect(url, max_size=2**22, **from_address(source)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        acted, sent = -1, 0.0
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                break
            msg = json.loads(raw)
            game = msg.get("game") if msg["type"] == "state" else None
            if not game or not game["legal"] or msg["counter"] <= acted:
                continue
            if stats is not None and stats.measuring and acted >= 0 and sent >= stats.since:
                stats.answers.append(time.perf_counter() - sent)
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            acted, sent = msg["counter"], time.perf_counter()
            await ws.send(
                json.dumps({"type": "act", "action": rng.choice(game["legal"]), "counter": acted})
            )


async def watch(url: str, stop: float) -> None:
    """A spectator (a computer-only table plays only while watched)."""
    async with connect(url, max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while time.monotonic() < stop:
            try:
                await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic()))
            except TimeoutError:
                break


def make_abuse(base: str, k: int) -> tuple[list[tuple[str, str]], list[str], int]:
    """The abuser's tables: K he plays against pimc-expert players, the computer-only ones
    the server let him open, and how many it refused."""
    refused = 0
    for _ in range(6):  # the attack of issue 18: refused now
        try:
            post(base, "/api/tables", {"seats": ["pimc-expert"] * 3, "games": 1000})
        except urllib.error.HTTPError:
            refused += 1
    robots = []
    for _ in range(10):
        try:
            made = post(base, "/api/tables", {"seats": ["pimc-easy"] * 3, "games": 12})
        except urllib.error.HTTPError:
            refused += 1
            break
        robots.append(made["id"])
    played = []
    for _ in range(k):
        made = post(base, "/api/tables", {"seats": ["human", "pimc-expert", "pimc-expert"]})
        played.append((made["id"], made["token"]))
    return played, robots, refused


def make_computer_tables(base: str, n: int) -> list[tuple[str, str]]:
    """N tables of a person and two heuristic players; (id, the person's token) each."""
    out = []
    for _ in range(n):
        made = post(base, "/api/tables", {"seats": ["human", "heuristic", "heuristic"]})
        out.append((made["id"], made["token"]))
    return out


def make_tables(base: str, n: int) -> list[tuple[str, list[str]]]:
    """N tables with three human places; (id, the three tokens) each."""
    out = []
    for _ in range(n):
        made = post(base, "/api/tables", {"seats": ["human"] * 3, "games": 1000})
        tokens = [made["token"]]
        for _ in range(2):
            tokens.append(post(base, f"/api/tables/{made['id']}/join", {})["token"])
        out.append((made["id"], tokens))
    return out


@dataclass
class Part:
    """One client process's share: people's tables, computer tables, the abuser's."""

    tables: list[tuple[str, list[str]]]
    computers: list[tuple[str, str]] = field(default_factory=list)
    abused: list[tuple[str, str]] = field(default_factory=list)
    watched: list[str] = field(default_factory=list)


async def run(args: argparse.Namespace, base: str, part: Part, seed: int) -> Stats:
    """Play the tables' clients in this process; measure after the warm-up."""
    ws_base = base.replace("http://", "ws://")
    stats = Stats()
    rng = random.Random(seed)
    tasks = []
    start = time.monotonic()
    stop = start + args.warmup + args.seconds
    tables = part.tables
    for table_id, token in part.computers + part.abused:
        mine = stats if (table_id, token) in part.computers else None
        think = args.think if mine is not None else 0.0
        play = person(
            f"{ws_base}/ws/{table_id}", token, random.Random(rng.getrandbits(32)), mine, stop, think
        )
        tasks.append(asyncio.create_task(play))
    for table_id in part.watched:
        tasks.append(asyncio.create_task(watch(f"{ws_base}/ws/{table_id}", stop)))
    for table_id, tokens in tables:
        table = Table(table_id)
        for token in tokens:
            url = f"{ws_base}/ws/{table.id}"
            play = client(
                url, table, token, args.think, random.Random(rng.getrandbits(32)), stats, stop
            )
            tasks.append(asyncio.create_task(play))
    await asyncio.sleep(max(0.0, args.warmup - SETTLE))
    settle_heap()  # the moves it held up go out in a burst: not measured
    await asyncio.sleep(min(args.warmup, SETTLE))
    stats.measuring, stats.since = True, time.perf_counter()
    tasks.append(asyncio.create_task(watch_stalls(stats, stop)))
    measured_from = time.monotonic()
    await asyncio.sleep(max(0.0, stop - time.monotonic()))
    stats.measuring = False
    unsettle_heap()
    elapsed = time.monotonic() - measured_from
    for task in tasks:
        task.cancel()
    for result in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(result, Exception):
            print(f"client failed: {result!r}", file=sys.stderr)
    stats.rate = stats.actions / elapsed if elapsed else 0.0
    return stats


async def watch_stalls(stats: Stats, stop: float, tick: float = 0.01, over: float = 0.02) -> None:
    """Record this client process's own pauses in the window (``Stats.stalls``): its
    collector's passes over ``over`` seconds and its event loop waking more than ``over``
    seconds late, so that a slow broadcast can be told from a slow client."""
    began: list[float] = []

    def collected(phase: str, info: dict[str, int]) -> None:
        now = time.perf_counter()
        if phase == "start":
            began[:] = [now]
        elif began and now - began[0] > over and stats.measuring:
            stats.stalls.append((began[0] - stats.since, 1000 * (now - began[0]), "gc"))

    gc.callbacks.append(collected)
    try:
        while time.monotonic() < stop:
            before = time.perf_counter()
            await asyncio.sleep(tick)
            late = time.perf_counter() - before - tick
            if late > over and stats.measuring:
                stats.stalls.append((before - stats.since, 1000 * late, "loop"))
    finally:
        gc.callbacks.remove(collected)


SETTLE: Final = 4.0
"""Seconds between the clients' freezing their heap and the measured window."""


def settle_heap() -> None:
    """Keep the clients' own collector out of the window: one full pass now, the objects
    frozen, and no automatic pass until :func:`unsettle_heap`.  A client process holds
    thousands of connections and their messages; even with the heap frozen its passes came
    every 4-5 s in both client processes at once and stalled every one of its clients for
    up to a tenth of a second (``bench/site.py --slow``): a delay of the clients, which stand
    for browsers on other machines, not of the server measured."""
    gc.collect()
    gc.freeze()
    gc.disable()


def unsettle_heap() -> None:
    """The collector back after the window."""
    gc.enable()


def run_part(job: tuple[argparse.Namespace, str, Part, int]) -> Stats:
    """One client process's share of the tables."""
    args, base, part, seed = job
    return asyncio.run(run(args, base, part, seed))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_all(args: argparse.Namespace, base: str, abusive: int = 0) -> Stats:
    tables = make_tables(base, args.tables)
    computers = make_computer_tables(base, args.computer_tables)
    abused, watched, refused = make_abuse(base, abusive) if abusive else ([], [], 0)
    if abusive:
        print(
            f"abuse: {refused} computer-only tables refused, {len(watched)} opened and watched, "
            f"{len(abused)} tables against pimc-expert played without thinking"
        )
    args.cpu_before = cpu_seconds(args.server_pid) if args.server_pid else float("nan")
    procs = max(1, min(args.procs, len(tables) + len(computers)))
    shares = [Part(tables[i::procs], computers[i::procs]) for i in range(procs)]
    shares[-1].abused, shares[-1].watched = abused, watched
    jobs = [(args, base, shares[i], args.seed * 1000 + i) for i in range(procs)]
    if procs == 1:
        parts = [run_part(jobs[0])]
    else:
        with multiprocessing.Pool(procs) as pool:
            parts = pool.map(run_part, jobs)
    total = Stats()
    for part in parts:
        total.latencies.extend(part.latencies)
        total.sent_at.extend(part.sent_at)
        total.answers.extend(part.answers)
        total.errors += part.errors
        total.rate += part.rate
    return total


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="tables (3 clients each)")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--think", type=float, default=0.0, help="seconds a client thinks")
    parser.add_argument("--database", help="postgresql://… (default: SQLite in a temp dir)")
    parser.add_argument("--url", help="an already running server (http://host:port)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--procs", type=int, default=2, help="client processes (default 2)")
    parser.add_argument(
        "--rate",
        type=float,
        default=1000.0,
        help="the server's per-connection rate limit (default 1000: scripted clients with no "
        "think time send far more than the 10 a second a person may)",
    )
    parser.add_argument(
        "--computer-tables",
        type=int,
        default=0,
        metavar="M",
        help="tables of a person and two heuristic players (the computers' answer is timed)",
    )
    parser.add_argument(
        "--abusive", type=int, default=0, metavar="K", help="the abuse beside (module doc)"
    )
    parser.add_argument(
        "--compare", action="store_true", help="run without, then with --abusive K tables"
    )
    args = parser.parse_args()
    if args.compare and not args.abusive:
        raise SystemExit("--compare needs --abusive K")
    runs = [0, args.abusive] if args.compare else [args.abusive]
    results = [measure(args, abusive) for abusive in runs]
    for (stats, server_cpu), abusive in zip(results, runs, strict=True):
        report(args, stats, server_cpu, abusive)
    if args.compare:
        print("normal tables, without -> with the abuse:")
        (quiet, _), (abused, _) = results
        for name, a, b in (
            ("action -> broadcast p99", quiet.latencies, abused.latencies),
            ("computers' answer p99", quiet.answers, abused.answers),
        ):
            if a and b:
                print(
                    f"  {name}: {1000 * percentile(a, 0.99):.1f} ms -> "
                    f"{1000 * percentile(b, 0.99):.1f} ms"
                )


def measure(args: argparse.Namespace, abusive: int) -> tuple[Stats, float]:
    """One run on a fresh server (or ``--url``): the statistics and the server's CPU time."""
    proc = None
    tmp = tempfile.TemporaryDirectory()
    if args.url:
        base = args.url.rstrip("/")
    else:
        port = free_port()
        proc = start_server(port, args.database or tmp.name, args.rate)
        base = f"http://127.0.0.1:{port}"
    try:
        args.server_pid = proc.pid if proc is not None else 0
        stats = run_all(args, base, abusive)
        server_cpu = cpu_seconds(args.server_pid) - args.cpu_before if proc else float("nan")
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait()
        tmp.cleanup()
    return stats, server_cpu


def report(args: argparse.Namespace, stats: Stats, server_cpu: float, abusive: int) -> None:
    """Print one run's figures (the last line: ``actions/s: X p50: Y ms p99: Z ms``)."""
    lat = [x * 1000 for x in stats.latencies]
    if not lat:
        raise SystemExit("no moves measured")
    rate = stats.rate
    print(
        f"tables: {args.tables}, clients: {3 * args.tables} in {args.procs} processes, "
        f"think: {args.think:g} s, computer tables: {args.computer_tables}, abusive: {abusive}"
    )
    print(f"broadcasts measured: {len(lat)}, refused: {stats.errors}")
    if not math.isnan(server_cpu):
        spent = args.warmup + args.seconds
        print(
            f"server CPU: {server_cpu:.1f} s in {spent:.0f} s ({100 * server_cpu / spent:.0f} % "
            f"of a core), {1000 * server_cpu / max(1.0, stats.rate * spent):.2f} ms an action"
        )
    if stats.answers:
        ans = [x * 1000 for x in stats.answers]
        print(
            f"computers' answer (2 heuristic moves): p50 {percentile(ans, 0.5):.1f} ms, "
            f"p99 {percentile(ans, 0.99):.1f} ms, max {max(ans):.1f} ms ({len(ans)} answers)"
        )
    print(
        f"latency action -> broadcast: p50 {percentile(lat, 0.5):.1f} ms, "
        f"p90 {percentile(lat, 0.9):.1f} ms, p99 {percentile(lat, 0.99):.1f} ms, "
        f"max {max(lat):.1f} ms, mean {statistics.fmean(lat):.1f} ms"
    )
    print(
        f"actions/s: {rate:.0f} p50: {percentile(lat, 0.5):.1f} ms "
        f"p99: {percentile(lat, 0.99):.1f} ms"
    )


if __name__ == "__main__":
    main()
