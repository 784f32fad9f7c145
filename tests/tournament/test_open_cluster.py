"""The done-when tests of an open tournament on the web app (:mod:`tests.tournament._open`):
27 players over 3 series, the lists entered from seven simulated phones at once with double
submissions, the server killed (SIGKILL of its whole process group) and started again
mid-series, a late arrival, a leaver after a series and one during a series, a substitute.
The final standings equal an independent Seeger-Fabian calculation from the games the phones
had acknowledged, and every list holds exactly those games: none missing, none doubled.

- on ``skat serve --workers 2`` with PostgreSQL and Redis: one port, the kernel spreading the
  phones' connections over both worker processes;
- on one ``skat serve`` process with a SQLite data folder (the folder's lock goes with the
  killed process)."""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from tests.server.live import free_port, server
from tests.server.test_cluster import REDIS, children, database  # noqa: F401  (the fixture)

from ._open import kill_group, run_web


def run_killed_once(where: str, extra: list[str]) -> None:
    """The tournament on ``skat serve`` on ``where``, killed and started again once."""
    port = free_port()
    with ExitStack() as stack:
        running = [stack.enter_context(server(where, port, extra=extra))]
        workers(running[-1], extra)

        def restart() -> None:
            kill_group(running[-1])
            running.append(stack.enter_context(server(where, port, extra=extra)))
            workers(running[-1], extra)

        run_web(port, restart)
        assert len(running) == 2


def workers(proc: Any, extra: list[str]) -> None:
    """With ``--workers N``: wait until the N workers run (the kernel then spreads the
    phones' connections over all of them)."""
    if "--workers" not in extra:
        return
    n = int(extra[extra.index("--workers") + 1])
    deadline = time.monotonic() + 300  # a bound for a busy machine, not a measure
    while len(children(proc.pid)) < n:
        assert proc.poll() is None and time.monotonic() < deadline, "the workers did not start"
        time.sleep(0.1)


def test_an_open_tournament_on_skat_serve_with_two_workers(database: str) -> None:  # noqa: F811
    run_killed_once(database, ["--workers", "2", "--redis", REDIS, "--lease", "2"])


def test_an_open_tournament_on_one_process_with_sqlite(tmp_path: Path) -> None:
    run_killed_once(str(tmp_path / "data"), [])
