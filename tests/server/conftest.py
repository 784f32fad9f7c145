"""Fixtures of the server tests: a fresh storage on each backend (SQLite always; PostgreSQL
when ``SKAT_TEST_POSTGRES`` names a server: required in CI, where a missing one fails)."""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.server.browsing import browser, live  # noqa: F401  (one Chromium, one server)

from skat.server.storage import PostgresStorage, SqlStorage, open_storage

POSTGRES = os.environ.get("SKAT_TEST_POSTGRES", "")
BACKENDS = ["sqlite", "postgres"]


def postgres_url(schema: str) -> str:
    """The test server's URL with a schema of its own."""
    sep = "&" if "?" in POSTGRES else "?"
    return f"{POSTGRES}{sep}schema={schema}"


def require_postgres() -> None:
    """Skip without a PostgreSQL server, except in CI where that is a failure."""
    if not POSTGRES:
        if os.environ.get("CI"):
            pytest.fail("CI must test PostgreSQL: set SKAT_TEST_POSTGRES (.ci/run starts one)")
        pytest.skip("no PostgreSQL server (set SKAT_TEST_POSTGRES=postgresql://…)")


@pytest.fixture(params=BACKENDS)
def storage_where(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Where a fresh, empty database is: a SQLite data folder or a PostgreSQL schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "data")
        return
    require_postgres()
    schema = "t_" + secrets.token_hex(6)
    yield postgres_url(schema)
    store = open_storage(postgres_url(schema))
    assert isinstance(store, PostgresStorage)
    store.drop_schema()
    store.close()


@pytest.fixture
def storage(storage_where: str) -> Iterator[SqlStorage]:
    """A fresh storage on each backend."""
    store = open_storage(storage_where)
    yield store
    with contextlib.suppress(Exception):
        store.close()
