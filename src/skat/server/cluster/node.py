"""One process of a cluster: a :class:`~skat.server.hub.Hub` that owns some tables and
follows the others.

* **Owner** of a table (it holds the lease): moves go through :meth:`Hub.act` as in one
  process (check, store, apply, broadcast); then it publishes ``{"k": "move", "t": id, "c":
  counter, "m": [counter before, player, move]}`` so that the other processes catch up.  The
  move itself rides along when it is public once made (a bid, a declaration, a card played:
  everything but a discard), and a replica at the counter before applies it from the message;
  a discard, or a replica that missed a message, reads the log.  Only the owner runs the
  table's computer players and move clock.
* **Follower**: an action from one of its connections is checked against its replica (a
  stale or illegal one is answered at once) and sent to the owner in its message through
  Redis, or, for a discard or while Redis is away, left in PostgreSQL and announced by its id
  (:meth:`ClusterHub.forward`); a ``move`` event makes it apply the move the message
  carries, or read the new moves from the log, to its replica (:meth:`ClusterHub.catch_up`),
  and send each of its connections what that place may see, rendered here (``game_view``):
  no card still in a hand or in the skat crosses Redis, but for a forwarded card that the
  owner then refuses (another move came first).
  A replica is kept up to date only while the process has a connection to the table (and
  brought up to date when one opens or the process takes the table over), so each process
  works for the tables its own connections watch.
* **Failover**: every second a process renews its leases and takes over tables whose lease
  ran out (their owner died): it catches up from the log, writes a record its predecessor did
  not, and starts the computer players and the clock.  A follower whose forwarded move finds
  no owner takes the table itself.
* **Computer-only tables**: the owner's computers think through its
  :class:`~skat.server.scheduler.FairScheduler` (and worker processes) as in one process; a
  process with a connection to such a table says so (``watch`` at once, then in its periodic
  report), so the owner does not pause it while somebody elsewhere watches.  Any process
  deletes one (the creator's key is checked against the stored hash); ``deleted`` makes the
  others drop it and close its connections.  A move the owner stores while another process
  deletes the table is either stored before the deletion (and deleted with the table) or
  refused (``deleted``): the database decides (:meth:`SqlStorage.append_action`).
* **Limits per address** count for the whole cluster: new tables and open connections in
  Redis (:mod:`skat.server.cluster.quota`), computer-only tables in PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from skat.core.actions import Discard
from skat.server.cluster.bus import Bus, BusError
from skat.server.cluster.db import ClusterDb, log
from skat.server.cluster.quota import SharedLimits
from skat.server.hub import Connection, Hub, Room, Settings
from skat.server.storage import PostgresStorage, SqlStorage, StorageError
from skat.server.table import ActionRefused, Applied, Table, TableConfig

LEASE: Final = 5.0
"""Seconds a lease runs without renewal: how long a table waits for a dead owner."""
RENEW: Final = 1.0
"""Seconds between renewals (and looks for tables without an owner; a quarter of a shorter
lease)."""
FORWARD_WAIT: Final = 3.0
"""Seconds a forwarded move waits for its owner's answer."""
POLL: Final = 1.0
"""Seconds between an owner's looks in PostgreSQL for forwarded moves whose message through
Redis it did not get (a sender whose Redis is away); :data:`POLL_AWAY` while its own Redis
is away."""
POLL_AWAY: Final = 0.2
ANSWER_POLL: Final = 0.2
"""Seconds between a sender's looks for an answer left in PostgreSQL (Redis away)."""
AWAY_BOUND: Final = 5.0
"""While Redis is away, the longest a move waits until every player of its table sees it
(documented in docs/server.md; typically under a second: the owner looks for forwarded moves
every :data:`POLL_AWAY` seconds, the sender for the answer every :data:`ANSWER_POLL`, and every
process re-reads the log between its attempts to reach Redis, every half second)."""
PRESENCE: Final = 2.0
"""Seconds between reports of who is connected where (older than three are forgotten) and
which move the owned tables are at."""


def carried_move(msg: dict[str, Any]) -> tuple[int, int, str] | None:
    """The move a ``move`` or ``act`` message carries, ``"m": [counter, player, text]``, or
    ``None`` (none carried, or not in that shape).

    >>> carried_move({"k": "move", "m": [11, 1, "HQ"]})
    (11, 1, 'HQ')
    >>> carried_move({"k": "move"}) is None, carried_move({"m": [1, "x", "HQ"]}) is None
    (True, True)
    """
    move = msg.get("m")
    if not isinstance(move, list) or len(move) != 3:
        return None
    try:
        return int(move[0]), int(move[1]), str(move[2])
    except (TypeError, ValueError):  # not of this program's processes
        return None


@dataclass
class ClusterRoom(Room):
    """A room whose players may be connected to other processes too.

    >>> from skat.server.table import Table, TableConfig
    >>> room = ClusterRoom(Table("t", TableConfig.parse({"seats": ["human"] * 3}, seed=1)))
    >>> room.remote["other-process"] = (time.monotonic(), frozenset({2}))
    >>> room.remote["dead-process"] = (time.monotonic() - 60, frozenset({1}))
    >>> sorted(room.online), sorted(room.local_online)
    ([2], [])
    """

    owner: str | None = None  # as last heard: the process to forward moves to
    remote: dict[str, tuple[float, frozenset[int]]] = field(default_factory=dict)
    reported: frozenset[int] = frozenset()

    @property
    def local_online(self) -> frozenset[int]:
        """Players connected to this process."""
        return super().online

    @property
    def online(self) -> frozenset[int]:
        """Players connected to any process (reports older than three periods are dropped)."""
        fresh = time.monotonic() - 3 * PRESENCE
        players = set(self.local_online)
        for seen, remote in self.remote.values():
            if seen >= fresh:
                players |= remote
        return frozenset(players)


def process_name() -> str:
    """A name for this process, unique in the cluster: host, pid and a random part."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


class ClusterHub(Hub):
    """A hub sharing its tables with other processes (module doc)."""

    def __init__(
        self, storage: SqlStorage, settings: Settings | None, redis_url: str, lease: float = LEASE
    ) -> None:
        if not isinstance(storage, PostgresStorage):
            raise StorageError(
                "several processes share PostgreSQL: --redis needs --database postgresql://…"
            )
        super().__init__(storage, settings)
        self.name = process_name()
        self.db = ClusterDb(storage.url, storage.schema)
        self.bus = Bus(redis_url, f"skat:{storage.schema or 'public'}:", self.name)
        s = self.settings
        self.limits = self.shared = SharedLimits(
            s.tables_per_minute, s.tables_burst, s.sockets_per_address, redis_url,
            self.bus.prefix, self.name,
        )  # fmt: skip
        self.lease = lease
        self.renew_every = min(RENEW, lease / 4)
        self.owned: set[str] = set()
        self._waiting: dict[str, asyncio.Future[str | None]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loops: list[asyncio.Task[None]] = []

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        await self._db(self.db.prepare)
        await super().start()
        self.rooms = {
            tid: ClusterRoom(room.table, creator=room.creator) for tid, room in self.rooms.items()
        }
        self.bus.start(self._on_message, self.catch_up_all, self._while_away)
        loop = asyncio.get_running_loop()
        self._loops = [
            loop.create_task(self._lease_loop()),
            loop.create_task(self._presence_loop()),
            loop.create_task(self._poll_loop()),
        ]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.bus.connected.wait(), 5.0)
        await self._take_orphans()

    async def stop(self) -> None:
        for task in self._loops:
            task.cancel()
        for task in list(self._tasks):
            task.cancel()
        with contextlib.suppress(Exception):
            await self._db(self.db.release, self.name)
        self.owned.clear()
        with contextlib.suppress(Exception):
            await self.shared.close()
        await self.bus.close()
        await super().stop()
        self.db.close()

    def _spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _publish(self, message: dict[str, Any], target: str | None = None) -> None:
        try:
            await self.bus.publish(target or self.bus.events, message)
        except BusError as exc:  # the move is stored: the others catch up from the log
            if self.bus.connected.is_set():  # (while Redis is away: said once, by the bus)
                log.warning("not published (%s): %s", exc, message.get("k"))

    # ------------------------------------------------------------------ ownership

    def _schedule(self, room: Room) -> None:
        if room.table.id in self.owned:
            super()._schedule(room)

    async def _lease_loop(self) -> None:
        while True:
            await asyncio.sleep(self.renew_every * random.uniform(0.8, 1.2))
            try:
                held = await self._db(self.db.renew, self.name, self.lease)
                for tid in self.owned - held:
                    self._disown(tid)
                await self._take_orphans()
            except StorageError as exc:
                log.warning("leases not renewed: %s", exc)
                for tid in list(self.owned):  # the others may take them over meanwhile
                    self._disown(tid)
            except Exception:  # the loop must go on, or this process's tables go to others
                log.exception("lease loop")

    async def _take_orphans(self) -> None:
        orphans = await self._db(self.db.orphans)
        random.shuffle(orphans)
        for tid in orphans:
            room = await self.find(tid)
            if room is not None and not room.table.is_over:
                await self.take(room)

    async def take(self, room: Room) -> bool:
        """Take a table over if nobody else holds it: catch up from the log, write a record
        the last owner did not, start its computer players and clock."""
        table = room.table
        if not await self._db(self.db.acquire, table.id, self.name, self.lease):
            return False
        await self.catch_up(room)
        if table.id not in self.owned:
            have = {r.number for r in await self._db(self.storage.records, table.id)}
            for state, record in zip(table.finished_games, table.series.records, strict=False):
                if record.number not in have:
                    await self._store_record(table, state, record.number)
            self.owned.add(table.id)
            log.info("%s owns table %s at move %d", self.name, table.id, table.counter)
            await self._publish({"k": "owner", "t": table.id, "o": self.name})
        self._schedule(room)
        return True

    async def _recheck(self, room: Room) -> None:
        with contextlib.suppress(StorageError):
            if await self._db(self.db.owner_of, room.table.id) != self.name:
                self._disown(room.table.id)
                await self.catch_up(room)

    def _disown(self, table_id: str) -> None:
        self.owned.discard(table_id)
        room = self.rooms.get(table_id)
        if room is None:
            return
        for task in (room.driver, room.clock, room.claim):
            if task is not None:
                task.cancel()
        room.driver = room.clock = room.claim = None
        room.clock_counter = -1
        log.info("%s gave table %s up", self.name, table_id)

    # ------------------------------------------------------------------ tables

    def _new_room(self, table: Table, creator: str) -> Room:
        return ClusterRoom(table, creator=creator)

    async def _retire(self, room: Room, store: bool = True) -> None:
        """A finished table: no lease to renew any more (its owner marks it finished)."""
        table_id = room.table.id
        owner = table_id in self.owned
        self.owned.discard(table_id)
        await super()._retire(room, store=store)
        if owner:
            with contextlib.suppress(StorageError):
                await self._db(self.db.forget, table_id)

    async def _open(
        self,
        config: TableConfig,
        place: int | None = None,
        address: str = "?",
        table_id: str | None = None,
        setup: Callable[[Room], None] | None = None,
    ) -> tuple[Table, int | None, str | None]:
        """A new table (created, or a game played again) is owned by this process."""
        table, player, token = await super()._open(config, place, address, table_id, setup)
        made = self.rooms[table.id]
        self.rooms[table.id] = room = ClusterRoom(
            table, creator=made.creator, watched=made.watched, people_seen=made.people_seen
        )
        if setup is not None:
            setup(room)
        await self.take(room)
        await self._publish({"k": "new", "t": table.id})
        return table, player, token

    async def delete_table(self, table_id: str, key: object) -> None:
        """Any process deletes (the key is checked against the stored creator); the owner
        and the followers drop the table when they hear of it."""
        if await self.find(table_id) is None:
            raise KeyError(table_id)
        await super().delete_table(table_id, key)
        self.owned.discard(table_id)
        with contextlib.suppress(StorageError):
            await self._db(self.db.forget, table_id)
        await self._publish({"k": "deleted", "t": table_id})

    async def forget(self, table_id: str, room: Room | None = None) -> None:
        self.owned.discard(table_id)
        await super().forget(table_id, room)

    async def join(
        self, table_id: str, place: int | None = None, name: str | None = None
    ) -> tuple[int, str]:
        room = await self.find(table_id)
        if room is None:
            raise KeyError(table_id)
        if name is not None:
            self._check_name(room.table, name)
        seats = room.table.config.seats
        humans = [i for i, s in enumerate(seats) if s.human]
        try:
            got = await self._db(self.db.claim, table_id, humans, place)
        except StorageError as exc:
            raise ActionRefused("storage", str(exc)) from None
        if isinstance(got, str):
            message = (
                "every human place at this table is taken"
                if got == "full"
                else (f"place {(place or 0) + 1} is not a free human place")
            )
            raise ActionRefused(got, message)
        room.table.claims = await self._db(self.db.claims, table_id)
        await self._publish({"k": "claims", "t": table_id})
        await self._named(room, got[0], name)
        return got

    # ------------------------------------------------------------------ moves

    async def act(
        self, room: Room, player: int | None, text: object, counter: object, auto: str = ""
    ) -> Applied:
        table = room.table
        if table.id not in self.owned:  # the table's own moves (``auto``) are its owner's
            return await self.forward(room, player, text, counter)
        try:
            applied = await super().act(room, player, text, counter, auto)
        except ActionRefused as exc:
            if exc.code == "storage":  # perhaps another process stored this move: its table?
                self._spawn(self._recheck(room))
            elif exc.code == "deleted":  # by another process: tell this one's connections
                self._spawn(self.forget(table.id))
            raise
        message: dict[str, Any] = {
            "k": "move",
            "t": table.id,
            "c": table.counter,
            "d": room.deadline,
            "o": self.name,
        }
        if not isinstance(applied.action, Discard):  # public once made: the replicas apply it
            stored = f"{applied.action}@{auto}" if auto else str(applied.action)
            message["m"] = [applied.counter - 1, applied.player, stored]
        await self._publish(message)
        return applied

    async def forward(
        self, room: Room, player: int | None, text: object, counter: object
    ) -> Applied:
        """Hand a move to the table's owner (taking the table over if nobody holds it) and
        wait for its answer; :class:`ActionRefused` as if it were decided here.  The move
        goes in its message through Redis; a discard (two cards of a hand), or any move while
        Redis is away here or at the owner, waits in PostgreSQL for the owner to take it."""
        table = room.table
        action = table.check(player, text, counter)  # the replica answers what it can at once
        assert player is not None and type(counter) is int
        owner = room.owner if isinstance(room, ClusterRoom) else None
        if owner is None or owner == self.name:
            owner = await self._db(self.db.owner_of, table.id)
        if (owner is None or owner == self.name) and await self.take(room):
            return await self.act(room, player, text, counter)
        if owner is None:
            raise ActionRefused("unavailable", "the table is changing servers: try again")
        move = (counter, player, str(action))
        answered, code = await self._send(room, owner, move, not isinstance(action, Discard))
        if not answered:  # its message may have gone with Redis: again, through PostgreSQL
            if table.counter != counter:  # the table went on without it
                table.check(player, text, counter)
            owner = await self._db(self.db.owner_of, table.id)
            if owner is None or owner == self.name:
                if await self.take(room):
                    return await self.act(room, player, text, counter)
                raise ActionRefused("unavailable", "the table is changing servers: try again")
            _, code = await self._send(room, owner, move, False)  # answered, or refused
            if code == "stale" and await self._in_log(room, move):  # the first was made after all
                code = None
        if code == "deleted":
            self._spawn(self.forget(table.id))
            raise ActionRefused(code, "the table was deleted by its creator")
        if code is not None:
            await self.catch_up(room)
            table.check(player, text, counter)  # the reason, in this process's words
            raise ActionRefused(code, f"the table refused the move ({code})")
        await self.catch_up(room, upto=counter + 1, move=move)
        return Applied(counter + 1, player, action)

    async def _send(
        self, room: Room, owner: str, move: tuple[int, int, str], carry: bool
    ) -> tuple[bool, str | None]:
        """Send ``move`` (counter, player, text) to ``owner`` and wait for its answer: (True,
        the refusal code or ``None``).  With ``carry`` the move goes in its message through
        Redis when Redis is here and the owner listens; otherwise it waits in PostgreSQL.
        (False, None): a move sent through Redis got no answer and is not in the log (its
        message may have gone with Redis); :class:`ActionRefused` ``unavailable`` when one
        left in PostgreSQL got none."""
        table = room.table
        counter, player, text = move
        rid = secrets.token_hex(8)
        waiting = self._waiting[rid] = asyncio.get_running_loop().create_future()
        carried = False
        try:
            message: dict[str, Any] = {"k": "act", "r": rid, "t": table.id, "f": self.name}
            heard = 0
            if carry and self.bus.connected.is_set():
                with contextlib.suppress(BusError):  # the move itself, through Redis
                    heard = await self.bus.publish(
                        self.bus.to_process(owner), {**message, "m": list(move)}
                    )
                carried = heard > 0
            if not carried:  # a discard, or Redis away here or there: through PostgreSQL
                await self._db(
                    self.db.put_request, rid, table.id, player, counter, text, owner, self.name
                )
                if self.bus.connected.is_set():
                    with contextlib.suppress(BusError):
                        heard = await self.bus.publish(self.bus.to_process(owner), message)
            # not heard: the owner finds the move in PostgreSQL
            return True, await self._answer(rid, waiting, heard > 0)
        except (TimeoutError, StorageError):
            if isinstance(room, ClusterRoom):
                room.owner = None  # ask the database next time
            if carried:
                return (True, None) if await self._in_log(room, move) else (False, None)
            if not await self._gave_up(room, rid, counter):  # the owner took it: it is done
                return True, None
            raise ActionRefused(
                "unavailable", "the table's server does not answer: try again"
            ) from None
        finally:
            self._waiting.pop(rid, None)

    async def _answer(
        self, rid: str, waiting: asyncio.Future[str | None], heard: bool
    ) -> str | None:
        """The owner's answer to forwarded move ``rid``: through Redis, or left in PostgreSQL
        when Redis is away (looked for every :data:`ANSWER_POLL` seconds unless the owner
        ``heard`` the move through Redis and this process listens there);
        :class:`TimeoutError` after :data:`FORWARD_WAIT` seconds without one."""
        deadline = time.monotonic() + FORWARD_WAIT
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            with contextlib.suppress(TimeoutError):
                return await asyncio.wait_for(asyncio.shield(waiting), min(ANSWER_POLL, left))
            if heard and self.bus.connected.is_set():
                continue  # the answer comes through Redis
            found, code = await self._db(self.db.answer_of, rid)
            if found:
                return code

    async def _gave_up(self, room: Room, rid: str, counter: int) -> bool:
        """A forwarded move got no answer: withdraw it.  False when the owner had taken it and
        the log shows the table past ``counter`` (the answer was lost, not the move)."""
        try:
            if await self._db(self.db.cancel_request, rid):
                return True
            await self.catch_up(room)
        except StorageError:
            return True
        return room.table.counter <= counter

    async def _in_log(self, room: Room, move: tuple[int, int, str]) -> bool:
        """A move sent through Redis got no answer: whether the log has it (the owner made it
        and its answer was lost) — the replica caught up as far as the log goes."""
        counter, player, text = move
        try:
            await self.catch_up(room)
            stored = await self._db(self.db.moves_since, room.table.id, counter)
        except StorageError:
            return False
        return bool(stored) and stored[0] == (counter, player, text)

    async def _serve(
        self, rid: str, sender: str, carried: tuple[str, tuple[int, int, str]] | None = None
    ) -> None:
        """A forwarded move for a table this process owns: ``carried`` by its message (the
        table's id and (counter, player, text)) or waiting in PostgreSQL."""
        if carried is not None:
            table_id, (counter, player, text) = carried
        else:
            request = await self._db(self.db.take_request, rid)
            if request is None:
                return
            table_id, player, counter, text = request
        room = self.rooms.get(table_id)
        code: str | None = None
        if room is None or table_id not in self.owned:
            code = "unavailable"
        else:
            try:
                await self.act(room, player, text, counter)
            except ActionRefused as exc:
                code = exc.code
        heard = 0
        with contextlib.suppress(BusError):
            heard = await self.bus.publish(
                self.bus.to_process(sender), {"k": "done", "r": rid, "c": code}
            )
        if not heard:  # the sender does not listen on Redis now: the answer waits for it
            with contextlib.suppress(StorageError):
                await self._db(self.db.answer, rid, code)

    async def catch_up(
        self, room: Room, upto: int | None = None, move: tuple[int, int, str] | None = None
    ) -> None:
        """Apply the moves stored since the replica's counter (a follower's view of a move
        the owner made), then send every connection its state.  ``upto``: the counter the
        owner announced; a replica already there does not ask the log again (the answer to a
        forwarded move and the owner's ``move`` message announce the same move).  ``move``:
        the move that reached ``upto`` as (counter before, player, stored text), applied
        without reading the log when the replica is at that counter before."""
        table = room.table
        async with room.lock:
            if upto is not None and table.counter >= upto:
                return
            if move is not None and upto is not None and self._apply_carried(table, move, upto):
                moves: list[tuple[int, int, str]] = [move]
            else:
                moves = await self._read_log(table)
        if moves:
            self._broadcast(room)
        if table.is_over and self.rooms.get(table.id) is room:  # its owner stored the end
            await self._retire(room, store=False)

    @staticmethod
    def _apply_carried(table: Table, move: tuple[int, int, str], upto: int) -> bool:
        """Apply a move a message carried if the replica is just before it; False when the
        log must be read instead (another move first, or a move the replica refuses)."""
        before, player, text = move
        if before != table.counter or before + 1 != upto:
            return False
        try:
            table.apply_stored(player, text)
        except ActionRefused:  # the replica differs from the owner's table: the log decides
            return False
        return True

    async def _read_log(self, table: Table) -> list[tuple[int, int, str]]:
        """Apply the moves stored since the replica's counter (the room's lock held); the
        moves read (none when the database is away: the replica stays as it was)."""
        try:
            moves: list[tuple[int, int, str]] = await self._db(
                self.db.moves_since, table.id, table.counter
            )
        except StorageError as exc:
            log.warning("table %s: cannot catch up: %s", table.id, exc)
            return []
        try:
            for counter, player, text in moves:
                if counter != table.counter:
                    break
                table.apply_stored(player, text)
        except ActionRefused as exc:  # pragma: no cover - a damaged log
            log.error("table %s: stored move does not replay: %s", table.id, exc)
        return moves

    async def _poll_loop(self) -> None:
        """Serve the forwarded moves whose message through Redis did not come (a sender, or
        this process, without Redis): every :data:`POLL` seconds, :data:`POLL_AWAY` while
        this process's Redis is away; now and then drop what nobody took."""
        rounds = 0
        while True:
            away = not self.bus.connected.is_set()
            await asyncio.sleep(POLL_AWAY if away else POLL)
            try:
                for rid, sender in await self._db(self.db.waiting_for, self.name):
                    self._spawn(self._serve(rid, sender))
                rounds += 1
                if rounds % 60 == 0:
                    await self._db(self.db.sweep)
            except StorageError as exc:
                log.warning("forwarded moves not read: %s", exc)
            except Exception:  # the loop must go on: it is the way moves come without Redis
                log.exception("poll loop")

    async def _while_away(self) -> None:
        """Between attempts to reach Redis again: the other processes' reports of who is
        connected to them are kept as they were (a table whose people sit elsewhere does not
        pause for an outage), and the moves, places and tables are read from PostgreSQL."""
        now = time.monotonic()
        for room in self.rooms.values():
            if isinstance(room, ClusterRoom):
                room.remote = {p: (now, players) for p, (_, players) in room.remote.items()}
        await self.catch_up_all()

    async def catch_up_all(self) -> None:
        """After Redis was away: new tables, claims and moves from PostgreSQL."""
        try:
            heads = await self._db(self.db.heads)
        except StorageError as exc:
            log.warning("cannot catch up: %s", exc)
            return
        for tid, (claims, moves) in heads.items():
            room = self.rooms.get(tid)
            if room is None:
                await self.find(tid)
                continue
            if claims != room.table.claims:
                room.table.claims = claims
                self._broadcast(room)
            if moves > room.table.counter:
                await self.catch_up(room)
        for tid, room in list(self.rooms.items()):
            if tid not in heads:  # finished (or deleted) meanwhile: its last moves
                await self.catch_up(room)

    # ------------------------------------------------------------------ messages

    async def _on_message(self, msg: dict[str, Any]) -> None:
        kind = msg.get("k")
        if kind == "done":
            waiting = self._waiting.get(str(msg.get("r")))
            if waiting is not None and not waiting.done():
                waiting.set_result(msg.get("c"))
            return
        if kind == "act":
            move = carried_move(msg)
            carried = None if move is None else (str(msg.get("t")), move)
            self._spawn(self._serve(str(msg["r"]), str(msg["f"]), carried))
            return
        if kind == "here" and msg.get("p") != self.name:
            self._on_here(msg)
            return
        tid = str(msg.get("t"))
        if kind == "new":
            self._spawn(self.find(tid))
            return
        if kind == "deleted":
            self._spawn(self.forget(tid))
            return
        room = self.rooms.get(tid)
        if isinstance(room, ClusterRoom):
            self._on_table(room, msg)
        elif kind in ("move", "claims"):
            self._spawn(self.find(tid))

    def _on_table(self, room: ClusterRoom, msg: dict[str, Any]) -> None:
        """A message about a table this process knows."""
        kind = msg.get("k")
        tid = room.table.id
        if kind in ("move", "owner"):
            room.owner = str(msg.get("o"))
            if room.owner != self.name and tid in self.owned:  # our lease ran out meanwhile
                self._disown(tid)
        if kind == "move" and msg.get("o") != self.name:
            room.deadline = msg.get("d")
            announced = int(msg.get("c", 0))
            if room.connections and announced > room.table.counter:  # (nobody here: it waits)
                self._spawn(self.catch_up(room, announced, carried_move(msg)))
        elif kind == "claims":
            self._spawn(self._reload_claims(room))
        elif kind == "online" and msg.get("p") != self.name:
            self._seen_online(room, str(msg["p"]), msg.get("on", ()))
        elif kind == "watch" and msg.get("p") != self.name:
            self._watched(room)

    def _on_here(self, msg: dict[str, Any]) -> None:
        """Another process's periodic report: who is connected to it, and the move each table
        it owns is at (a move whose message Redis lost is caught up here)."""
        for tid, players in dict(msg.get("on", {})).items():
            room = self.rooms.get(tid)
            if isinstance(room, ClusterRoom):
                self._seen_online(room, str(msg["p"]), players)
        for tid in msg.get("w", ()):
            room = self.rooms.get(tid)
            if room is not None:
                self._watched(room)
        for tid, counter in dict(msg.get("at", {})).items():
            room = self.rooms.get(tid)
            if room is None:
                self._spawn(self.find(tid))
            elif room.connections and int(counter) > room.table.counter:
                self._spawn(self.catch_up(room, int(counter)))

    def _watched(self, room: Room) -> None:
        """A process has a connection to this computer-only table: it does not pause (and
        plays on if it did; :meth:`Hub.paused`)."""
        was = self.paused(room)
        room.watched = time.monotonic()
        if was:
            self._schedule(room)

    def _seen_online(self, room: ClusterRoom, process: str, players: Any) -> None:
        before = room.online
        was = self.paused(room)
        room.remote[process] = (time.monotonic(), frozenset(players))
        if before and not room.online:  # the last player left on another process
            room.people_seen = time.monotonic()
        if room.online != before and room.connections:
            super()._broadcast(room)
        if was and not self.paused(room):  # a player is back on another process
            self._schedule(room)

    async def attach(self, room: Room, conn: Connection) -> None:
        # the places as stored: a place taken on another process a moment ago holds here too
        # and the moves made since this process last had a connection to the table
        with contextlib.suppress(StorageError):
            await self._reload_claims(room)
            await self.catch_up(room)
        await super().attach(room, conn)
        if room.robots_only and room.table.id not in self.owned:  # the owner plays on
            await self._publish({"k": "watch", "t": room.table.id, "p": self.name})

    async def _reload_claims(self, room: Room) -> None:
        room.table.claims = await self._db(self.db.claims, room.table.id)

    # ------------------------------------------------------------------ presence

    def _broadcast(self, room: Room) -> None:
        super()._broadcast(room)
        if isinstance(room, ClusterRoom) and room.local_online != room.reported:
            room.reported = room.local_online
            self._spawn(self._report(room))

    async def _report(self, room: ClusterRoom) -> None:
        await self._publish(
            {"k": "online", "t": room.table.id, "p": self.name, "on": sorted(room.local_online)}
        )

    async def _presence_loop(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE)
            here = {
                tid: sorted(room.reported)
                for tid, room in self.rooms.items()
                if isinstance(room, ClusterRoom) and room.reported
            }
            at = {tid: self.rooms[tid].table.counter for tid in self.owned if tid in self.rooms}
            watched = [
                tid for tid, room in self.rooms.items() if room.connections and room.robots_only
            ]
            if here or at or watched:
                message = {"k": "here", "p": self.name, "on": here, "at": at, "w": watched}
                await self._publish(message)
            await self.shared.renew()
