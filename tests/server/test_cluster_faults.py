"""A cluster process whose database is away: a replica that cannot catch up stays as it was
and says so in the log (no task dies with an error nobody sees).  Needs
``SKAT_TEST_POSTGRES`` and ``SKAT_TEST_REDIS``."""

from __future__ import annotations

import asyncio

import pytest
from tests.server.test_cluster import REDIS, database  # noqa: F401 - the fixture

from skat.server.cluster.node import ClusterHub
from skat.server.hub import Settings
from skat.server.storage import StorageError, open_storage

HUMANS3 = {"seats": ["human", "human", "human"], "games": 1}


async def _catch_up_while_the_database_is_away(url: str) -> tuple[int, int]:
    settings = Settings(computer_delay=0.0, heavy_processes=0, tables_per_minute=0.0)
    hub = ClusterHub(open_storage(url), settings, REDIS, lease=2)
    await hub.start()
    try:
        table, _, _ = await hub.create_table(HUMANS3, "10.0.0.8")
        before = table.counter

        def away(*args: object) -> None:
            raise StorageError("PostgreSQL unreachable: connection refused")

        hub.db.moves_since = away  # type: ignore[method-assign]
        await hub.catch_up(hub.rooms[table.id])  # no exception: the replica waits
        return before, table.counter
    finally:
        await hub.stop()


def test_a_replica_that_cannot_catch_up_stays_as_it_was(
    database: str,  # noqa: F811
    caplog: pytest.LogCaptureFixture,
) -> None:
    before, after = asyncio.run(_catch_up_while_the_database_is_away(database))
    assert before == after
    assert "cannot catch up: PostgreSQL unreachable" in caplog.text
