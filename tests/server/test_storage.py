"""The storage backends (SQLite and PostgreSQL run the same tests)."""

from __future__ import annotations

import secrets
import threading
from pathlib import Path

import pytest
from tests.server.conftest import POSTGRES, postgres_url, require_postgres

from skat.server.storage import PostgresStorage, SqlStorage, StorageError, open_storage
from skat.server.tournament_store import TournamentStore


def test_a_new_table_is_stored_with_its_configuration(storage: SqlStorage) -> None:
    storage.create_table("t1", {"rules": "pub", "games": 3}, created=5.0)
    (t,) = storage.load_tables()
    assert (t.id, t.config, t.created, t.finished, t.actions) == (
        "t1",
        {"rules": "pub", "games": 3},
        5.0,
        False,
        [],
    )


def test_the_action_log_comes_back_in_move_order(storage: SqlStorage) -> None:
    storage.create_table("t1", {}, created=1.0)
    storage.create_table("t2", {}, created=2.0)
    for counter, (player, text) in enumerate([(1, "18"), (2, "y"), (1, "20")]):
        storage.append_action("t1", counter, player, text)
    storage.append_action("t2", 0, 0, "p")
    logs = {t.id: t.actions for t in storage.load_tables()}
    assert logs == {"t1": [(1, "18"), (2, "y"), (1, "20")], "t2": [(0, "p")]}


def test_a_move_number_is_stored_once(storage: SqlStorage) -> None:
    storage.create_table("t1", {}, created=1.0)
    storage.append_action("t1", 0, 1, "18")
    with pytest.raises(StorageError, match="move 0 is stored already"):
        storage.append_action("t1", 0, 1, "20")
    storage.append_action("t1", 1, 2, "p")  # the connection is still usable
    assert storage.load_tables()[0].actions == [(1, "18"), (2, "p")]


def test_a_table_id_is_stored_once(storage: SqlStorage) -> None:
    storage.create_table("t1", {}, created=1.0)
    with pytest.raises(StorageError, match="exists already"):
        storage.create_table("t1", {}, created=2.0)


def test_claims_are_kept(storage: SqlStorage) -> None:
    storage.create_table("t1", {}, created=1.0)
    storage.save_claims("t1", {0: "abc", 2: "def"})
    assert storage.load_tables()[0].claims == {0: "abc", 2: "def"}


def test_records_and_the_finished_flag(storage: SqlStorage) -> None:
    storage.create_table("t1", {}, created=1.0)
    storage.add_record("t1", 1, '{"a": 1}', "(;GM[Skat];)", finished=False)
    storage.add_record("t1", 2, '{"a": 2}', None, finished=True)
    records = storage.records("t1")
    assert [(r.number, r.json, r.iss) for r in records] == [
        (1, '{"a": 1}', "(;GM[Skat];)"),
        (2, '{"a": 2}', None),
    ]
    stored = storage.load_table("t1")
    assert stored is not None and stored.finished
    assert storage.load_tables() == []  # a start reads the running tables only


def test_reopening_finds_everything(storage_where: str) -> None:
    first = open_storage(storage_where)
    first.create_table("t1", {"x": 1}, created=1.0)
    first.append_action("t1", 0, 1, "p")
    first.close()
    second = open_storage(storage_where)
    try:
        assert [(t.id, t.actions) for t in second.load_tables()] == [("t1", [(1, "p")])]
    finally:
        second.close()


def test_a_data_folder_that_cannot_be_made_is_one_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StorageError, match="cannot create the data folder"):
        open_storage(blocker / "data")


def test_an_unreachable_postgres_is_one_clear_error() -> None:
    with pytest.raises(StorageError, match="cannot connect to PostgreSQL"):
        open_storage("postgresql://nobody@127.0.0.1:1/none?connect_timeout=2")


def test_a_deleted_table_is_gone_with_its_log_and_records(storage: SqlStorage) -> None:
    storage.create_table("t1", {}, created=1.0, creator="h")
    storage.create_table("t2", {}, created=2.0)
    storage.append_action("t1", 0, 1, "18")
    storage.add_record("t1", 1, "{}", None, finished=True)
    storage.delete_table("t1")
    assert [t.id for t in storage.load_tables()] == ["t2"]
    assert storage.records("t1") == []


def test_the_creators_key_hash_is_kept(storage: SqlStorage) -> None:
    storage.create_table("t1", {}, created=1.0, creator="abc")
    assert storage.load_tables()[0].creator == "abc"


def test_a_retried_write_that_had_been_committed_is_no_error(storage: SqlStorage) -> None:
    """The connection broke after the commit, before its answer: the retry finds its row."""
    storage.create_table("t1", {"games": 1}, created=1.0)
    storage.create_table("t1", {"games": 1}, created=1.0)
    storage.append_action("t1", 0, 1, "18")
    storage.append_action("t1", 0, 1, "18")
    assert storage.load_tables()[0].actions == [(1, "18")]


def test_a_database_of_an_older_version_gains_the_creator_column(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE tables (id TEXT PRIMARY KEY, config TEXT NOT NULL, claims TEXT NOT NULL "
        "DEFAULT '{}', created DOUBLE PRECISION NOT NULL, finished INTEGER NOT NULL DEFAULT 0)"
    )
    conn.execute("INSERT INTO tables (id, config, created) VALUES ('old', '{}', 1.0)")
    conn.commit()
    conn.close()
    store = open_storage(path)
    (t,) = store.load_tables()
    store.close()
    assert (t.id, t.creator) == ("old", "")


def test_postgres_replaces_connections_the_server_dropped(storage_where: str) -> None:
    """Every connection of the pool killed by the database (as by its restart): the next
    calls get new ones and succeed."""
    if not storage_where.startswith("postgres"):
        pytest.skip("PostgreSQL only")
    import psycopg

    store = open_storage(storage_where)
    store.create_table("t1", {}, created=1.0)
    admin_url = POSTGRES
    with psycopg.connect(admin_url, autocommit=True) as admin:
        killed = admin.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
    store.append_action("t1", 0, 1, "18")
    assert [t.actions for t in store.load_tables()] == [[(1, "18")]]
    store.close()
    assert killed is not None and killed[0] >= 1


def test_a_transaction_is_committed_or_rolled_back_whole(storage: SqlStorage) -> None:
    sql = "INSERT INTO tables (id, config, created) VALUES (?, '{}', 1.0)".replace(
        "?", storage.placeholder
    )

    def two_then_fail(conn: object) -> None:
        conn.execute(sql, ("a",))  # type: ignore[attr-defined]
        conn.execute(sql, ("b",))  # type: ignore[attr-defined]
        raise RuntimeError("changed my mind")

    with pytest.raises(RuntimeError):
        storage.transaction(two_then_fail)
    storage.transaction(lambda conn: conn.execute(sql, ("c",)))
    assert [t.id for t in storage.load_tables()] == ["c"]


def _open_at_once(url: str, count: int) -> tuple[list[SqlStorage], list[BaseException]]:
    """``count`` threads open a storage and the tournament store on ``url`` at one moment."""
    start = threading.Barrier(count)
    stores: list[SqlStorage] = []
    errors: list[BaseException] = []

    def open_one() -> None:
        start.wait()
        try:
            store = open_storage(url)
            TournamentStore(store)
            stores.append(store)
        except BaseException as exc:  # the test reports every one
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return stores, errors


def test_servers_starting_at_once_create_the_schema_without_error() -> None:
    """Several `skat serve` processes on one new PostgreSQL database: `CREATE TABLE IF NOT
    EXISTS` alone races (DuplicateTable, or UniqueViolation on the table's type); the schema is
    created under an advisory lock."""
    require_postgres()
    for _ in range(5):
        stores, errors = _open_at_once(postgres_url("race_" + secrets.token_hex(6)), 4)
        assert not errors, errors
        assert isinstance(stores[0], PostgresStorage)
        stores[0].drop_schema()
        for store in stores:
            store.close()
