"""The storage backends (SQLite and PostgreSQL run the same tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from skat.server.storage import SqlStorage, StorageError, open_storage


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
    assert storage.load_tables()[0].finished


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
