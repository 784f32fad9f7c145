"""Load test of several ``skat serve`` processes on PostgreSQL with Redis between them.

For each process count of ``--workers`` (default 1, 2 and 4) it starts that many cluster
processes (``skat serve --redis …``, each on its own port, on a fresh PostgreSQL schema),
creates N tables of three human places spread over the processes (the creator owns the
table), and connects the three clients of table k to processes k, k+1 and k+2 (modulo the
count): with two processes or more, two of every three players sit on a process that does not
own their table, so their moves are forwarded to the owner and its broadcasts are rendered
by their own process.  The clients (``bench/load.py``'s, in ``--procs`` processes) play
random legal moves and note the latency from sending an action to receiving the state that
contains it, at all three places.

    python bench/load_cluster.py --tables 60
    python bench/load_cluster.py --database postgresql://… --redis redis://… --tables 60

(``SKAT_TEST_POSTGRES`` and ``SKAT_TEST_REDIS`` are the defaults; without either the
benchmark starts a PostgreSQL and a Redis of its own in a temporary folder, from Debian's
``postgresql`` and ``redis-server`` packages, fsync on unless ``--no-fsync``: ``services.py``.)  One line per process
count: moves a second in all and per process, p50/p99 latency action -> broadcast, and the
servers' CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import secrets
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from load import Stats, Table, client, cpu_seconds, free_port, percentile, post
from services import private_postgres, private_redis
from skat.server.cluster.supervisor import prepare
from skat.server.storage import PostgresStorage, open_storage

Seat = tuple[str, str, str]  # ws URL, table id, token


def start(ports: list[int], database: str, redis: str) -> list[subprocess.Popen[bytes]]:
    """One cluster process on each port, all of them answering when returned."""
    command = [sys.executable, "-m", "skat.cli.main", "serve", "--database", database,
               "--redis", redis, "--computer-delay", "0", "--rate", "1000",
               "--tables-per-minute", "0", "--sockets-per-address", "0"]  # fmt: skip
    procs = [subprocess.Popen([*command, "--port", str(port)]) for port in ports]
    waiting = set(ports)
    deadline = time.monotonic() + 120
    while waiting and time.monotonic() < deadline:
        for port in list(waiting):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/options", timeout=2).close()
                waiting.discard(port)
        time.sleep(0.2)
    if waiting:
        for proc in procs:
            proc.kill()
        raise SystemExit("a server did not start")
    return procs


def make_tables(ports: list[int], n: int) -> list[list[Seat]]:
    """N tables, table k created on process k (its owner), its places on k, k+1, k+2."""
    out = []
    for k in range(n):
        bases = [f"http://127.0.0.1:{ports[(k + i) % len(ports)]}" for i in range(3)]
        made = post(bases[0], "/api/tables", {"seats": ["human"] * 3, "games": 1000})
        tokens = [made["token"]]
        for i in (1, 2):
            tokens.append(post(bases[i], f"/api/tables/{made['id']}/join", {})["token"])
        out.append(
            [(b.replace("http", "ws"), made["id"], t) for b, t in zip(bases, tokens, strict=True)]
        )
    return out


async def run(args: argparse.Namespace, tables: list[list[Seat]], seed: int) -> Stats:
    """Play this client process's tables (the clients stop by themselves at the end);
    measure after the warm-up."""
    stats = Stats()
    rng = random.Random(seed)
    stop = time.monotonic() + args.warmup + args.seconds
    plays = [
        client(f"{base}/ws/{table_id}", shared, token, args.think,
               random.Random(rng.getrandbits(32)), stats, stop)
        for shared, seats in ((Table(seats[0][1]), seats) for seats in tables)
        for base, table_id, token in seats
    ]  # fmt: skip

    async def window() -> None:
        await asyncio.sleep(args.warmup)
        stats.measuring, stats.since = True, time.perf_counter()
        began = time.monotonic()
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        stats.rate = stats.actions / (time.monotonic() - began)

    for result in await asyncio.gather(window(), *plays, return_exceptions=True):
        if isinstance(result, Exception):
            print(f"client failed: {result!r}", file=sys.stderr)
    return stats


def run_part(job: tuple[argparse.Namespace, list[list[Seat]], int]) -> Stats:
    """One client process's share of the tables."""
    args, tables, seed = job
    return asyncio.run(run(args, tables, seed))


def measure(args: argparse.Namespace, workers: int) -> dict[str, Any]:
    """Start ``workers`` processes on a fresh schema, load them, stop them: the figures."""
    schema = "load_" + secrets.token_hex(4)
    sep = "&" if "?" in args.database else "?"
    database = f"{args.database}{sep}schema={schema}"
    prepare(database, args.redis)
    ports = [free_port() for _ in range(workers)]
    procs = start(ports, database, args.redis)
    try:
        tables = make_tables(ports, args.tables)
        before = sum(cpu_seconds(p.pid) for p in procs)
        n = max(1, min(args.procs, len(tables)))
        jobs = [(args, tables[i::n], args.seed * 1000 + i) for i in range(n)]
        with multiprocessing.Pool(n) as pool:
            parts = pool.map(run_part, jobs)
        cpu = sum(cpu_seconds(p.pid) for p in procs) - before
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait()
        store = open_storage(database)
        assert isinstance(store, PostgresStorage)
        store.drop_schema()
        store.close()
    lat = sorted(x * 1000 for part in parts for x in part.latencies)
    rate = sum(part.rate for part in parts)
    spent = args.warmup + args.seconds
    return {
        "workers": workers,
        "rate": rate,
        "per_process": rate / workers,
        "p50": percentile(lat, 0.5) if lat else float("nan"),
        "p99": percentile(lat, 0.99) if lat else float("nan"),
        "errors": sum(part.errors for part in parts),
        "cpu": 100 * cpu / spent,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", default=os.environ.get("SKAT_TEST_POSTGRES"))
    parser.add_argument("--redis", default=os.environ.get("SKAT_TEST_REDIS"))
    parser.add_argument("--workers", default="1,2,4", help="process counts (default 1,2,4)")
    parser.add_argument("--tables", type=int, default=60, help="tables (3 clients each)")
    parser.add_argument("--seconds", type=float, default=15.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds before measuring")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a client thinks")
    parser.add_argument("--procs", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-fsync", action="store_true", help="the private PostgreSQL without fsync"
    )
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        if not args.database:
            args.database = stack.enter_context(private_postgres(fsync=not args.no_fsync))
        if not args.redis:
            args.redis = stack.enter_context(private_redis())
        report(args)


def report(args: argparse.Namespace) -> None:
    """Measure every process count of ``--workers``: one line each."""
    print(
        f"tables: {args.tables}, clients: {3 * args.tables} in {args.procs} processes, "
        f"think: {args.think:g} s, measured {args.seconds:g} s"
    )
    for workers in (int(w) for w in args.workers.split(",")):
        r = measure(args, workers)
        print(
            f"processes: {workers}  moves/s: {r['rate']:.0f} ({r['per_process']:.0f} a process)  "
            f"p50: {r['p50']:.1f} ms  p99: {r['p99']:.1f} ms  refused: {r['errors']}  "
            f"servers' CPU: {r['cpu']:.0f} % of a core",
            flush=True,
        )


if __name__ == "__main__":
    main()
