"""Two servers on one SQLite data folder would overwrite each other's tournaments and tables:
the serving process holds a lock on the folder's database, and a second server is refused in
one line naming the folder (``skat serve``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skat.cli.main import main
from skat.server.data_lock import hold_data
from skat.server.storage import StorageError, open_storage


def test_a_second_server_on_one_sqlite_folder_is_refused(tmp_path: Path) -> None:
    first = open_storage(tmp_path / "data")
    held = hold_data(first)
    second = open_storage(tmp_path / "data")
    with pytest.raises(StorageError, match=r"another skat serve uses .*data.*: stop it first"):
        hold_data(second)
    held.release()
    hold_data(second).release()  # once the first stopped, the folder is free again


def test_skat_serve_refuses_a_folder_in_use(tmp_path: Path, capsys: Any, monkeypatch: Any) -> None:
    import uvicorn

    started: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.append(app))
    held = hold_data(open_storage(tmp_path / "data"))
    assert main(["serve", "--data", str(tmp_path / "data")]) == 2
    assert "another skat serve uses" in capsys.readouterr().err and not started
    held.release()
    assert main(["serve", "--data", str(tmp_path / "data")]) == 0 and started


def test_memory_and_postgres_need_no_lock() -> None:
    hold_data(open_storage(":memory:")).release()
