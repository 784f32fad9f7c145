"""A real server for the tests: ``skat serve`` (uvicorn) in a subprocess."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(
    where: str, port: int, delay: float = 0.0, extra: Sequence[str] = ()
) -> Iterator[subprocess.Popen[bytes]]:
    """``skat serve`` on ``where`` (data folder or PostgreSQL URL) with ``extra`` options,
    ready when yielded; in a process group of its own, killed with every process it started
    (``--workers N``) at the end."""
    flag = "--database" if where.startswith("postgresql") else "--data"
    # the server's log goes to a file, never to a pipe nobody reads: a pipe's buffer (64 KB)
    # filled by a long session's warnings blocks the server's event loop on its next line
    log = tempfile.NamedTemporaryFile(prefix="skat-serve-", suffix=".log", delete=False)  # noqa: SIM115
    proc = subprocess.Popen(
        [sys.executable, "-m", "skat.cli.main", "serve", "--port", str(port), flag, where,
         "--computer-delay", str(delay), *extra],
        stdout=subprocess.DEVNULL,
        stderr=log,
        start_new_session=True,
    )  # fmt: skip
    proc.log_path = log.name  # type: ignore[attr-defined]
    try:
        deadline = time.monotonic() + 300
        while True:
            try:
                with urlopen(f"http://127.0.0.1:{port}/api/options", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    err = Path(log.name).read_text(errors="replace")
                    raise AssertionError(f"the server did not start: {err}") from None
                time.sleep(0.1)
        yield proc
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the server and any worker it started
        proc.wait()
        log.close()
        if not os.environ.get("SKAT_KEEP_SERVER_LOG"):
            os.unlink(log.name)


def post(port: int, path: str, data: dict[str, Any]) -> dict[str, Any]:
    req = Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(data).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urlopen(req, timeout=120) as response:
        answer: dict[str, Any] = json.loads(response.read())
        return answer
