"""Storage faults reach people as clear answers: a full SQLite disk is a ``storage`` error on
the socket (which stays open, the game as it was, no view going back) and a ``503`` with
``Retry-After`` over HTTP; the PostgreSQL pool's size is a setting."""

from __future__ import annotations

import json
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from tests.server.client import FAST, create, hello, receive_until, running
from tests.server.conftest import POSTGRES, require_postgres
from tests.server.live import free_port
from tests.server.test_protocol import join_all

from skat.cli.main import main
from skat.server.storage import PostgresStorage, StorageError, open_storage

HUMANS3 = {"seats": ["human", "human", "human"], "games": 1}


class FullDisk:
    """A SQLite connection whose disk is full while :attr:`full`: every write fails as
    SQLite fails it (``OperationalError: database or disk is full``)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn
        self.full = False

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        if self.full and sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            raise sqlite3.OperationalError("database or disk is full")
        return self.conn.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.conn, name)


def test_a_full_sqlite_database_is_a_storage_error_and_keeps_what_it_had(
    tmp_path: Path,
) -> None:
    """SQLite's own limit: the file may not grow (``max_page_count``), a large record does
    not fit."""
    store = open_storage(tmp_path / "data")
    store.create_table("t1", {"seats": []}, created=1.0)
    store.append_action("t1", 0, 0, "18")  # (table, counter, player, action)
    pages = store.conn.execute("PRAGMA page_count").fetchone()[0]
    store.conn.execute(f"PRAGMA max_page_count = {pages}")
    with pytest.raises(StorageError, match="disk is full: nothing was stored"):
        store.add_record("t1", 1, json.dumps({"x": "y" * 200_000}), None, finished=True)
    assert [t.actions for t in store.load_tables()] == [[(0, "18")]]
    assert store.records("t1") == []
    store.conn.execute("PRAGMA max_page_count = 1073741823")  # room again
    store.append_action("t1", 1, 1, "p")
    store.add_record("t1", 1, json.dumps({"x": "y" * 200_000}), None, finished=True)
    assert len(store.records("t1")) == 1
    store.close()


def test_a_full_disk_is_a_clear_message_on_the_socket_and_a_503_over_http(
    tmp_path: Path,
) -> None:
    with running(str(tmp_path / "data"), FAST) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        made = create(client, **HUMANS3)
        tokens = join_all(client, made["id"], made["token"])
        disk = FullDisk(hub.storage._conn)
        hub.storage._conn = disk
        socks = [client.websocket_connect(f"/ws/{made['id']}") for _ in range(3)]
        states = [hello(ws.__enter__(), tokens[p]) for p, ws in enumerate(socks)]
        try:
            mover = next(p for p in range(3) if states[p]["game"]["legal"])
            ws = socks[mover]
            bid = str(states[mover]["game"]["legal"][0])
            disk.full = True
            ws.send_json({"type": "act", "action": bid, "counter": 0})
            refused = receive_until(ws, "error")
            ws.send_json({"type": "ping"})
            pong = receive_until(ws, "pong")
            created = client.post("/api/tables", json=HUMANS3)
            disk.full = False  # room again: the same move goes through
            ws.send_json({"type": "act", "action": bid, "counter": 0})
            seen = []
            while not seen or seen[-1] < 1:
                seen.append(receive_until(ws, "state")["counter"])
        finally:
            for s in socks:
                s.__exit__(None, None, None)
        stored = hub.storage.load_tables()[0].actions
    assert refused["code"] == "storage" and "disk is full" in refused["message"]
    assert pong == {"type": "pong"}  # the socket stayed open
    assert created.status_code == 503 and created.json()["error"] == "storage"
    assert int(created.headers["retry-after"]) > 0
    assert "disk is full" in created.json()["message"]
    assert seen == sorted(seen) and seen[-1] == 1  # never a view going back
    assert stored == [(mover, bid)]  # stored once, when there was room


def test_every_503_says_when_to_try_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def away(*args: object) -> None:
        raise StorageError("PostgreSQL unreachable: connection refused")

    with running(str(tmp_path / "data"), FAST) as client:
        made = create(client, **HUMANS3)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        monkeypatch.setattr(hub.storage, "records", away)
        monkeypatch.setattr(hub.storage, "save_claims", away)
        answers = [
            client.get(f"/api/tables/{made['id']}/games"),
            client.post(f"/api/tables/{made['id']}/join"),
        ]
    for a in answers:
        assert a.status_code == 503 and a.json()["error"] == "storage", a.text
        assert int(a.headers["retry-after"]) > 0


def test_the_postgresql_pool_size_is_a_setting() -> None:
    from tests.server.conftest import postgres_url

    require_postgres()
    store = open_storage(postgres_url("t_pool_size"), pool_size=3)
    try:
        assert isinstance(store, PostgresStorage)
        assert store.threads == 3 and store._pool.max_size == 3
    finally:
        store.drop_schema()
        store.close()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--pg-pool-size", "0"], "--pg-pool-size must be 1 to 1000, not 0"),
        (["--hello-within", "0"], "--hello-within must be > 0 seconds"),
        (["--http-rate", "-1"], "--http-rate must be >= 0 (0: no limit)"),
        (["--socket-rate", "-1"], "--socket-rate must be >= 0 (0: no limit)"),
        (["--max-message", "100"], "--max-message must be 4096 to 16777216 bytes, not 100"),
        (["--site", "skat.example.org"], "--site takes an origin such as"),
    ],
)
def test_bad_protection_options_are_one_clear_line(
    argv: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["serve", "--data", str(tmp_path), *argv]) != 0
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_pgbouncer_mode_refuses_a_schema_it_cannot_keep() -> None:
    require_postgres()
    from tests.server.conftest import postgres_url

    with pytest.raises(StorageError, match="pgbouncer=1 keeps no session settings"):
        open_storage(postgres_url("t_x") + "&pgbouncer=1")
    with pytest.raises(StorageError, match=r"pgbouncer=1 .* or 0, not 'yes'"):
        open_storage(postgres_url("t_x") + "&pgbouncer=yes")


# ---------------------------------------------------------------- PgBouncer


@pytest.fixture
def pgbouncer() -> Iterator[str]:
    """PgBouncer (Debian's ``pgbouncer``) pooling by transaction in front of the test
    PostgreSQL, with 2 server connections for the server's 8: the URL through it."""
    require_postgres()
    binary = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
    if not Path(binary).exists():
        if os.environ.get("CI"):
            pytest.fail("CI tests PgBouncer: install Debian's pgbouncer")
        pytest.skip("no pgbouncer (apt-get install pgbouncer)")
    target = urlsplit(POSTGRES)
    database = target.path.lstrip("/")
    user = target.username or "postgres"
    port = free_port()
    folder = Path(tempfile.mkdtemp(prefix="pgbouncer-"))  # readable by the user it runs as
    folder.chmod(0o755)
    (folder / "users.txt").write_text(f'"{user}" ""\n')
    (folder / "pgbouncer.ini").write_text(
        f"[databases]\n{database} = host={target.hostname} port={target.port or 5432} "
        f"dbname={database}\n"
        f"[pgbouncer]\nlisten_addr = 127.0.0.1\nlisten_port = {port}\n"
        f"unix_socket_dir =\nauth_type = trust\nauth_file = {folder / 'users.txt'}\n"
        "pool_mode = transaction\ndefault_pool_size = 2\nmax_client_conn = 100\n"
    )
    for f in folder.iterdir():
        f.chmod(0o644)
    command = [binary, str(folder / "pgbouncer.ini")]
    if os.geteuid() == 0:  # PgBouncer refuses to run as root
        command[1:1] = ["-u", "nobody"]
    proc = subprocess.Popen(command, stderr=subprocess.PIPE)
    url = f"postgresql://{user}@127.0.0.1:{port}/{database}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    proc.kill()
                    _, err = proc.communicate()
                    raise AssertionError(f"pgbouncer did not start: {err.decode()}") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.communicate(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
        store = open_storage(POSTGRES)  # the public schema of the test database: empty again
        store.transaction(
            lambda c: c.execute("DROP TABLE IF EXISTS tables, actions, records, tournaments")
        )
        store.close()


def test_the_server_plays_through_pgbouncer_pooling_by_transaction(pgbouncer: str) -> None:
    """More statements than psycopg prepares after (5) over more connections than PgBouncer
    has: a prepared statement would be missing on another server connection."""
    where = pgbouncer + "?pgbouncer=1"
    ids = []
    with running(where, FAST) as client:
        for _ in range(12):
            made = create(client, **HUMANS3)
            ids.append(made["id"])
            client.post(f"/api/tables/{made['id']}/join")
        listed = client.get("/api/tables").json()["tables"]
    again = open_storage(where)
    try:
        stored = {t.id: t for t in again.load_tables()}
    finally:
        again.close()
    assert {t["id"] for t in listed} >= set(ids)
    assert all(len(stored[i].claims) == 2 for i in ids)


def test_no_statement_depends_on_the_server_connection_pgbouncer_gave_before(
    pgbouncer: str,
) -> None:
    """psycopg prepares a statement run five times on its server connection; PgBouncer then
    hands the next transaction another one (the first is busy), where it does not exist."""
    import psycopg

    store = open_storage(pgbouncer + "?pgbouncer=1", pool_size=1)
    hold = psycopg.connect(pgbouncer)
    try:
        for _ in range(8):
            assert store.records("none") == []
        hold.execute("SELECT 1")  # an open transaction holds the server connection used so far
        assert store.records("none") == []  # on another server connection
    finally:
        hold.close()
        store.close()


# ---------------------------------------------------------------- PostgreSQL stopped


def test_postgresql_stopped_is_a_clear_message_and_nothing_is_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PostgreSQL stopped past the retries (made 1 s here): the move is refused with
    ``storage`` on an open socket, HTTP answers 503; started again, the move goes through
    once and no view went back."""
    from tests.server.test_restart import postgres_control

    monkeypatch.setattr(PostgresStorage, "patience", 1.0)
    with postgres_control() as pg, running(pg.url, FAST) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        made = create(client, **HUMANS3)
        tokens = join_all(client, made["id"], made["token"])
        socks = [client.websocket_connect(f"/ws/{made['id']}") for _ in range(3)]
        states = [hello(ws.__enter__(), tokens[p]) for p, ws in enumerate(socks)]
        try:
            mover = next(p for p in range(3) if states[p]["game"]["legal"])
            ws = socks[mover]
            bid = str(states[mover]["game"]["legal"][0])
            pg.stop()
            ws.send_json({"type": "act", "action": bid, "counter": 0})
            refused = receive_until(ws, "error")
            ws.send_json({"type": "ping"})
            pong = receive_until(ws, "pong")
            created = client.post("/api/tables", json=HUMANS3)
            pg.start()
            ws.send_json({"type": "act", "action": bid, "counter": 0})
            seen = []
            while not seen or seen[-1] < 1:
                seen.append(receive_until(ws, "state")["counter"])
        finally:
            for s in socks:
                s.__exit__(None, None, None)
        stored = hub.storage.load_tables()[0].actions
    assert refused["code"] == "storage" and "PostgreSQL" in refused["message"]
    assert pong == {"type": "pong"}
    assert created.status_code == 503 and int(created.headers["retry-after"]) > 0
    assert seen == sorted(seen) and seen[-1] == 1
    assert stored == [(mover, bid)]
