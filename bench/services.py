"""A PostgreSQL and a Redis of a benchmark's own, in a temporary folder, as ``.ci/run`` starts
them (Debian's ``postgresql`` and ``redis-server`` packages): so ``bench/load_cluster.py`` runs
from the repository alone.  Both are stopped and their folders removed at the end."""

from __future__ import annotations

import os
import shlex
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pg_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: p.parts)
    which = shutil.which("pg_ctl")
    if found:
        return found[-1].parent
    if which:
        return Path(which).parent
    raise SystemExit("no PostgreSQL binaries: apt-get install postgresql, or give --database")


@contextmanager
def private_postgres(fsync: bool = True) -> Iterator[str]:
    """A PostgreSQL server in a temporary folder: its URL."""
    pg_bin = _pg_bin()
    folder = Path(tempfile.mkdtemp(prefix="skat-bench-pg-"))
    root = os.getuid() == 0

    def as_pg(*argv: object) -> None:
        cmd = [str(a) for a in argv]
        if root:  # initdb refuses to run as root
            cmd = ["su", "postgres", "-s", "/bin/sh", "-c", shlex.join(cmd)]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)

    if root:
        shutil.chown(folder, "postgres")
    data, port = folder / "data", _free_port()
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
    if not fsync:
        options += " -c fsync=off"
    as_pg(pg_bin / "initdb", "-D", data, "-A", "trust", "-U", "postgres")
    as_pg(pg_bin / "pg_ctl", "-D", data, "-l", folder / "log", "-w", "-o", options, "start")
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        with suppress(Exception):
            as_pg(pg_bin / "pg_ctl", "-D", data, "-m", "fast", "stop")
        shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def private_redis() -> Iterator[str]:
    """A Redis server (no persistence) in a temporary folder: its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("no redis-server: apt-get install redis-server, or give --redis")
    folder = Path(tempfile.mkdtemp(prefix="skat-bench-redis-"))
    port = _free_port()
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(folder)],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        for _ in range(200):
            with suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait()
        shutil.rmtree(folder, ignore_errors=True)
