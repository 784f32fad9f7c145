"""``skat serve --workers N``: N server processes on one port.

Each worker is ``skat serve --workers 1 --reuse-port`` with the same options: it binds the port
with ``SO_REUSEPORT`` (:func:`listening_socket`), so the kernel spreads new connections over
the workers, and any worker may take any connection (the cluster shares every table).  The
supervisor prepares the database once (so that N processes do not create tables at once),
checks that Redis answers, starts the workers, starts one again when it dies (its tables are
taken over by the others meanwhile, :mod:`skat.server.cluster.node`), and stops them all on
Ctrl-C or ``SIGTERM``.

>>> without_workers(["serve", "--workers", "4", "--port", "8080", "--workers=2"])
['serve', '--port', '8080']
"""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from types import FrameType
from typing import Final

from skat.server.cluster.db import ClusterDb
from skat.server.storage import PostgresStorage, StorageError, open_storage

RESTART_PAUSE: Final = 1.0
"""Seconds before a worker that died is started again."""
EARLY: Final = 10.0
"""A worker that ends within this many seconds of its start did not start at all."""


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket listening on ``host:port`` that other processes may bind too
    (``SO_REUSEPORT``: the kernel hands each new connection to one of them)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def prepare(database: str, redis_url: str) -> str:
    """Create the server's and the cluster's tables and check Redis; where the data is (for
    the banner).  :class:`StorageError` in one line when something is missing."""
    store = open_storage(database)
    try:
        if not isinstance(store, PostgresStorage):
            raise StorageError(
                "several processes share PostgreSQL: --redis needs --database postgresql://…"
            )
        db = ClusterDb(store.url, store.schema)
        try:
            db.prepare()
        finally:
            db.close()
        where = store.where
    finally:
        store.close()
    ping(redis_url)
    return where


def ping(url: str) -> None:
    """Check that Redis answers at ``url`` (:class:`StorageError` if not)."""
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3).ping()
    except (redis.RedisError, OSError, ValueError) as exc:
        raise StorageError(f"cannot reach Redis at {url}: {exc}".splitlines()[0]) from None


def without_workers(argv: Sequence[str]) -> list[str]:
    """The command line without its ``--workers`` option."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--workers":
            skip = True
        elif not arg.startswith("--workers="):
            out.append(arg)
    return out


def supervise(argv: Sequence[str], workers: int) -> int:
    """Run ``workers`` processes of ``skat <argv> --workers 1 --reuse-port`` until Ctrl-C or
    SIGTERM; a worker that dies is started again."""
    command = [sys.executable, "-m", "skat.cli.main", *without_workers(argv)]
    command += ["--workers", "1", "--reuse-port"]
    stopping = False

    def stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    procs = [subprocess.Popen(command) for _ in range(workers)]
    started = [time.monotonic()] * workers
    early = 0  # workers in a row that ended soon after their start (a port taken, …)
    try:
        while not stopping:
            time.sleep(0.2)
            for i, proc in enumerate(procs):
                code = proc.poll()
                if code is None or stopping:
                    continue
                early = early + 1 if time.monotonic() - started[i] < EARLY else 0
                if early >= 3:
                    print("skat serve: the workers end as soon as they start", file=sys.stderr)
                    return 1
                print(f"skat serve: worker {i} ended ({code}): starting it again", file=sys.stderr)
                time.sleep(RESTART_PAUSE)
                procs[i] = subprocess.Popen(command)
                started[i] = time.monotonic()
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        deadline = time.monotonic() + 10
        for proc in procs:
            try:
                proc.wait(max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    return 0
