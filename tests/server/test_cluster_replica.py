"""A follower's replica kept up by the owner's ``move`` messages: a public move (a bid, a
declaration, a card played) rides in the message and is applied without reading the log; a
discard never crosses Redis and is read from PostgreSQL; a replica that missed a message reads
the log.  A follower's own moves go to the owner through Redis, a discard through
PostgreSQL; a move whose answer is lost is found in the log, one whose message is lost or
late is sent again through PostgreSQL and made once.  Needs ``SKAT_TEST_POSTGRES`` and
``SKAT_TEST_REDIS``."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from tests.server.test_cluster import REDIS, database  # noqa: F401 - the fixture

from skat.core.actions import Discard
from skat.server.cluster import node
from skat.server.cluster.node import ClusterHub
from skat.server.hub import Room, Settings
from skat.server.storage import open_storage
from skat.server.table import Table

HUMANS3 = {"seats": ["human", "human", "human"], "games": 1}
AUCTION = ("p", "18", "y", "p", "s")  # the rear bids 18, the fore holds and takes the skat


@asynccontextmanager
async def _two_processes(url: str) -> AsyncIterator[tuple[ClusterHub, ClusterHub, Table, Room]]:
    """The owner ``a`` and the follower ``b`` of one new table of three people, every place
    taken at both: (a, b, the owner's table, the follower's replica)."""
    settings = Settings(computer_delay=0.0, heavy_processes=0, tables_per_minute=0.0)
    a = ClusterHub(open_storage(url), settings, REDIS, lease=30)
    b = ClusterHub(open_storage(url), settings, REDIS, lease=30)
    await a.start()
    await b.start()
    try:
        table, _, _ = await a.create_table(HUMANS3, "10.0.0.8")
        table.claims = dict.fromkeys(range(3), "-")
        replica = await b.find(table.id)
        assert replica is not None and replica.table is not table
        replica.table.claims = dict(table.claims)
        yield a, b, table, replica
    finally:
        await a.stop()
        await b.stop()


def _next_move(table: Table) -> tuple[int, int, str, str]:
    """The move to make at ``table``: (player, counter, action, the action's kind) — the
    auction of :data:`AUCTION`, then the first legal action."""
    player, counter = table.to_move(), table.counter
    assert player is not None and table.state is not None
    action = AUCTION[counter] if counter < len(AUCTION) else str(table.state.legal_actions()[0])
    return player, counter, action, type(table.check(player, action, counter)).__name__


async def _follow(url: str, miss: int | None) -> list[tuple[str, bool, bool]]:
    """One game made at the owner ``a``, caught up at the follower ``b`` from each ``move``
    message (the message of move ``miss`` lost): (the move's kind, whether the message
    carried it, whether ``b`` read the log) for each move."""
    async with _two_processes(url) as (a, b, table, replica):
        sent: list[dict[str, Any]] = []
        publish = a._publish

        async def spy(message: dict[str, Any], target: str | None = None) -> None:
            sent.append(message)
            await publish(message, target)

        a._publish = spy  # type: ignore[method-assign]
        reads: list[object] = []
        moves_since = b.db.moves_since

        def counting(table_id: str, counter: int) -> list[tuple[int, int, str]]:
            reads.append(counter)
            return moves_since(table_id, counter)

        b.db.moves_since = counting  # type: ignore[method-assign]
        seen = []
        while table.state is not None and not table.state.is_over:
            player, counter, action, kind = _next_move(table)
            await a.act(a.rooms[table.id], player, action, counter)
            message = [m for m in sent if m["k"] == "move"][-1]
            assert message["c"] == counter + 1
            if counter == miss:  # lost: the next message finds the replica behind
                seen.append((kind, "m" in message, False))
                continue
            carried = message.get("m")
            before = len(reads)
            await b.catch_up(replica, message["c"], tuple(carried) if carried else None)
            seen.append((kind, carried is not None, len(reads) > before))
            assert replica.table.counter == table.counter
            if table.state is not None:  # (none when the series is over)
                assert replica.table.state is not None
                assert replica.table.state.view(0).hand == table.state.view(0).hand
        return seen


def test_a_public_move_rides_in_the_message_and_a_discard_is_read_from_the_log(
    database: str,  # noqa: F811
) -> None:
    seen = asyncio.run(_follow(database, miss=None))
    assert len(seen) == 5 + 1 + 1 + 30  # the auction and the skat, the discard, the game, 30 cards
    for kind, carried, read in seen:
        assert carried == (kind != Discard.__name__), kind
        assert read == (not carried), kind


def test_a_replica_that_missed_a_message_reads_the_log(database: str) -> None:  # noqa: F811
    seen = asyncio.run(_follow(database, miss=10))
    assert seen[10][2] is False  # not caught up then
    assert seen[11][1] and seen[11][2]  # carried, but the replica was behind: the log
    assert not any(read for _, carried, read in seen[12:] if carried)


async def _forward(url: str, fault: str = "") -> tuple[list[str], list[str], int, int]:
    """One game played through the follower ``b`` (every move forwarded to the owner ``a``):
    the kinds of the moves that waited in PostgreSQL, those that went through Redis, and the
    owner's and the replica's counters at the end (two moves with a ``fault``).  ``fault``:
    ``answers`` — the owner's answers through Redis are lost (the follower finds its moves in
    the log); ``acts`` — the moves sent through Redis are lost (as when Redis goes away with
    them: the follower sends them again through PostgreSQL); ``slow`` — the owner makes them
    only after the follower gave up waiting (the second sending is refused as stale, and the
    follower finds its move in the log)."""
    async with _two_processes(url) as (a, b, table, replica):
        stored: list[str] = []
        put = b.db.put_request

        def spy(rid: str, tid: str, player: int, counter: int, text: str, *rest: str) -> None:
            stored.append(text)
            put(rid, tid, player, counter, text, *rest)

        b.db.put_request = spy  # type: ignore[method-assign]
        if fault == "answers":
            publish = a._publish

            async def lossy(message: dict[str, Any], target: str | None = None) -> None:
                if message["k"] != "done":
                    await publish(message, target)

            a._publish = lossy  # type: ignore[method-assign]
        if fault in ("acts", "slow"):
            serve = a._serve

            async def late(rid: str, sender: str, carried: Any = None) -> None:
                if carried is not None:  # a move that came in its message through Redis
                    if fault == "acts":
                        return
                    await asyncio.sleep(2 * node.FORWARD_WAIT)
                await serve(rid, sender, carried)

            a._serve = late  # type: ignore[method-assign]
        kinds_in_pg, kinds_carried = [], []
        while replica.table.state is not None and not replica.table.state.is_over:
            player, counter, action, kind = _next_move(replica.table)
            before = len(stored)
            applied = await b.act(replica, player, action, counter)
            assert applied.counter == counter + 1 == replica.table.counter
            (kinds_in_pg if len(stored) > before else kinds_carried).append(kind)
            if fault and len(kinds_in_pg) + len(kinds_carried) >= 2:
                break
        return kinds_in_pg, kinds_carried, table.counter, replica.table.counter


def test_a_forwarded_move_goes_through_redis_and_a_discard_through_postgresql(
    database: str,  # noqa: F811
) -> None:
    in_pg, carried, owner, replica = asyncio.run(_forward(database))
    assert in_pg == [Discard.__name__]
    assert len(carried) == 5 + 1 + 30 and Discard.__name__ not in carried
    assert owner == replica == 37


def test_a_forwarded_move_whose_answer_is_lost_is_found_in_the_log(
    database: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(node, "FORWARD_WAIT", 0.5)
    in_pg, carried, owner, replica = asyncio.run(_forward(database, "answers"))
    assert not in_pg and len(carried) == 2  # made, though no answer came
    assert owner == replica == 2


@pytest.mark.parametrize("fault", ["acts", "slow"])
def test_a_forwarded_move_whose_message_is_lost_or_late_is_made_once_through_postgresql(
    database: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    fault: str,
) -> None:
    """Redis took the move's message and went away before the owner read it (``acts``), or
    the owner made it after the follower had given up waiting (``slow``): sent again through
    PostgreSQL, each move is made once and nobody is told ``unavailable``."""
    monkeypatch.setattr(node, "FORWARD_WAIT", 0.5)
    in_pg, carried, owner, replica = asyncio.run(_forward(database, fault))
    assert len(in_pg) == 2 and not carried  # each sent again through PostgreSQL
    assert owner == replica == 2  # made once each
