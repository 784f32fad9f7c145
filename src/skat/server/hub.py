"""The running server: every table in memory, its connections, its computer players and clock.

The :class:`Hub` is the only authority.  An action (from a browser, a computer player or the
move clock) goes through :meth:`Hub.act`: under the table's lock it is checked
(:meth:`Table.check`: token's place, state counter, the engine), written to the database and
committed, applied, and only then broadcast, each connection getting what its place may see
(:func:`~skat.server.protocol.state_message`).  Computer players never think on the event
loop: the quick levels in worker threads (:class:`~skat.ai.agent.SafeAgent`), the searching
ones (and the analyses) in a worker process of lower priority (:mod:`skat.server.thinking`),
each table's moves in its own queue, served in turn (:class:`~skat.server.scheduler.FairScheduler`).
A table of computers only is limited (length, levels, number per address), can be deleted by
its creator, and pauses while nobody watches it.  Database calls run in worker threads (on the
event loop for SQLite, whose commits take about 0.1 ms).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import multiprocessing
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from skat.ai.agent import SafeAgent
from skat.ai.arena import make_agent
from skat.core.actions import Bid
from skat.core.cards import Card
from skat.core.state import GameState, View
from skat.records.iss import IssWriteError, parse_iss_line, write_iss
from skat.records.jsonrecord import dumps as json_dumps
from skat.records.jsonrecord import state_to_json
from skat.records.jsonv1 import record_to_json
from skat.server.again import again_config
from skat.server.claims import claim_line
from skat.server.clock import timeout_action
from skat.server.disconnects import watch_away
from skat.server.history import analysis_of
from skat.server.jumpdelay import answer_wait, check_jump_delay
from skat.server.limits import AddressLimits, Recent, check_robot_table, origin_of, robots_refused
from skat.server.protocol import (
    ProtocolError,
    RateLimiter,
    dumps,
    error_message,
    parse_message,
    revealed,
    state_message,
)
from skat.server.scheduler import FairScheduler, SchedulerFull
from skat.server.storage import Full, SqlStorage, StorageError, TableGone
from skat.server.table import (
    NAME,
    OVER,
    ActionRefused,
    Applied,
    ConfigError,
    Table,
    TableConfig,
    TableEvent,
    clean_name,
    token_hash,
)
from skat.server.thinking import expensive, think, watch_parent

log: Final = logging.getLogger("skat.server")
T = TypeVar("T")

MAX_STRIKES: Final = 100
"""Messages over the rate limit after which a connection is closed."""
MAX_QUEUE: Final = 200
"""Unsent messages after which a connection that does not read is closed."""


@dataclass
class Settings:
    """How the hub behaves: pause before a computer move (seconds, so people can follow),
    a computer's time budget, the per-connection rate limit (messages a second, burst)."""

    computer_delay: float = 0.6
    agent_budget: float = 10.0
    rate: float = 10.0
    burst: float = 30.0
    tables_per_minute: float = 10.0  # tables one client address may create (0: no limit)
    tables_burst: float = 20.0
    sockets_per_address: int = 64  # open WebSockets from one client address (0: no limit)
    agent_threads: int = 2
    allow_seed: bool = False  # tests and benchmarks may choose the deals' seed
    robot_tables_per_address: int = 2  # running computer-only tables per address (0: no limit)
    robot_max_games: int = 12  # the longest series of a computer-only table
    robot_levels: tuple[str, ...] = ("random", "heuristic", "pimc-easy")
    """The computer levels a computer-only table may seat (the others think for seconds)."""
    quick_levels: tuple[str, ...] = ("random", "heuristic")
    """Levels whose moves take milliseconds (in threads); the others think in worker
    processes, as do the analyses."""
    heavy_processes: int = 1  # worker processes for them (0: background threads instead)
    idle_pause: float = 120.0  # a computer-only table nobody watched this long pauses
    away_pause: float = 30.0  # a table whose people have all been away this long pauses
    analysis_cache: int = 64  # analyses kept (the most recently asked for)
    analysis_queue: int = 4  # analyses waiting at most; more are refused ("busy")
    analysis_ahead: int = 1  # analyse each finished game at once (0: only when asked for)


def new_table_id() -> str:
    """A fresh table id: eight letters and digits."""
    return secrets.token_urlsafe(6).replace("-", "x").replace("_", "y")


class Connection:
    """One WebSocket: its place (``player``, ``None`` for a spectator), its rate limiter and
    an outbox drained by a sender task (a slow reader never blocks the table)."""

    def __init__(
        self, send: Callable[[str], Awaitable[None]], close: Callable[[int], Awaitable[None]]
    ) -> None:
        self._send = send
        self._close = close
        self.player: int | None = None
        self.greeted = False
        self.limiter = RateLimiter(0, 0)
        self.strikes = 0
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.closed = False
        self._code = 1008

    def start(self) -> None:
        """Start sending the outbox."""
        self.task = asyncio.get_running_loop().create_task(self._pump())

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (dropping the connection if it stopped reading)."""
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE:
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(dumps(message))

    async def _pump(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    await self._close(self._code)
                    return
                await self._send(text)
        except Exception:  # the socket went away: the receive loop notices too
            self.closed = True

    async def finish(self, code: int = 1008, wait: float = 5.0) -> None:
        """Send what is queued (an error saying why, say), then close with ``code``."""
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)
            self._code = code
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError, asyncio.TimeoutError, Exception):
                await asyncio.wait_for(asyncio.shield(self.task), wait)
        await self.stop()

    async def stop(self) -> None:
        """Stop the sender."""
        self.closed = True
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task


@dataclass
class Room:
    """A table with what the running server keeps beside it."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    agents: dict[tuple[int, int], SafeAgent] = field(default_factory=dict)
    driver: asyncio.Task[None] | None = None
    clock: asyncio.Task[None] | None = None
    deadline: float | None = None
    clock_counter: int = -1
    creator: str = ""  # a computer-only table: the hash of its creator's key
    watched: float = 0.0  # when a connection last left (or came)
    people_seen: float = 0.0  # when the last player left (or the table was made)
    away: dict[int, asyncio.Task[None]] = field(default_factory=dict)  # disconnects.watch_away
    ready_players: frozenset[int] = frozenset()
    """Players whose ``ready`` each game waits for (the ISS seats of a table made over ISS)."""
    gate: set[int] = field(default_factory=set)
    """Of :attr:`ready_players`, those the current game still waits for: until every one has
    said ``ready`` nobody is told the game, nobody may move in it and its clock does not run."""
    early: set[int] = field(default_factory=set)
    """Players who said ``ready`` for the next game while the current one was played (one
    who came back and follows the table from the next game on)."""
    on_gate: Callable[[Room], None] | None = None
    """Called when a finished game closes the gate for the next one (the ISS server times it)."""
    on_timeout: Callable[[Room, int, int], Awaitable[bool]] | None = None
    """Called when the move clock runs out (room, player, counter); True: it ended the game
    its own way (the ISS server's ``TI``), so the clock's move is not made."""
    endings: dict[int, tuple[str, int, int]] = field(default_factory=dict)
    """Games that ended by a timeout: number -> (``TI``, seat, moves made before it)."""
    step_bids: bool = False
    """The computer players here bid one step at a time (clients that cannot read a jump bid)."""
    claim: asyncio.Task[None] | None = None  # the rest of a claim played out (Hub._play_claim)
    waited: bool = False  # the table was seen waiting for its players (Hub._schedule)

    @property
    def robots_only(self) -> bool:
        """No human place: only computers play here."""
        return not any(s.human for s in self.table.config.seats)

    @property
    def online(self) -> frozenset[int]:
        """Players with at least one open connection."""
        return frozenset(c.player for c in self.connections if c.player is not None)


def record_meta(table: Table, number: int) -> dict[str, Any]:
    """The ``meta`` of game ``number``'s record: the players by seat and where the game stands
    in the table's series (its size, order and Bock in ``series.state``, so that ``skat list``
    writes the web's list from the downloaded records)."""
    record = table.series.records[number - 1]
    names = [table.players[p] for p in record.seats]
    return {
        "players": names,
        "place": "skat serve",
        "series": {
            "id": table.id,
            "game": number,
            "dealer": table.players[record.dealer],
            "players": names,
            "state": table.series.record_state(record),
        },
        "dealing": revealed(table, number),
    }


class Hub:
    """Every table of the server (see the module doc)."""

    def __init__(self, storage: SqlStorage, settings: Settings | None = None) -> None:
        self.storage = storage
        self.settings = settings or Settings()
        self.rooms: dict[str, Room] = {}
        self._db_pool = ThreadPoolExecutor(storage.threads, thread_name_prefix="skat-db")
        self._agent_pool = ThreadPoolExecutor(
            self.settings.agent_threads, thread_name_prefix="skat-agent"
        )
        self._heavy_pool = self._new_heavy_pool()  # processes start at the first slow move
        self.scheduler = FairScheduler(
            self._agent_pool,
            self.settings.agent_threads,
            heavy_executor=self._heavy_pool,
            heavy_slots=max(1, self.settings.heavy_processes),
        )
        self._analyses: Recent[tuple[str, int], dict[str, Any]] = Recent(
            self.settings.analysis_cache
        )
        self._stopping = False
        self.on_load: list[Callable[[Room], None]] = []
        """Called for each table read back at :meth:`start`, before it plays on (the ISS
        server takes up its tables' ways)."""
        self._ahead: set[asyncio.Task[None]] = set()  # analyses computed ahead
        self._analysing: dict[tuple[str, int], asyncio.Future[dict[str, Any] | None]] = {}
        s = self.settings
        self.limits = AddressLimits(s.tables_per_minute, s.tables_burst, s.sockets_per_address)

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Read every table back from the database and replay its moves; computer players
        and clocks take up where they were."""
        stored = await self._db(self.storage.load_tables)
        for st in stored:
            try:
                config = TableConfig.parse(st.config)
                table = Table(st.id, config, claims=dict(st.claims), created=st.created)
                table.replay(st.actions)
            except ConfigError as exc:
                log.error("table %s cannot be resumed: %s", st.id, exc)
                continue
            room = Room(table, creator=st.creator)  # computer-only tables wait for a watcher
            self.rooms[st.id] = room
            have = {r.number for r in await self._db(self.storage.records, st.id)}
            for state, record in zip(table.finished_games, table.series.records, strict=False):
                if record.number not in have:  # killed between the move and its record
                    await self._store_record(table, state, record.number)
        for room in self.rooms.values():
            for load in self.on_load:
                load(room)
            self._schedule(room)
        log.info("resumed %d tables", len(self.rooms))

    async def stop(self) -> None:
        """Cancel computer players and clocks, close the database."""
        self._stopping = True
        for room in self.rooms.values():
            for task in (room.driver, room.clock, room.claim, *room.away.values()):
                if task is not None:
                    task.cancel()
            for conn in list(room.connections):
                await conn.stop()
        for task in list(self._ahead):
            task.cancel()
        self._agent_pool.shutdown(wait=False, cancel_futures=True)
        if self._heavy_pool is not None:
            _end(self._heavy_pool)
        await self._db(self.storage.close)
        self._db_pool.shutdown(wait=True)

    async def _db(self, fn: Callable[..., T], *args: Any) -> T:
        if self.storage.inline:  # a local SQLite file: faster than a hop to a thread
            return fn(*args)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db_pool, fn, *args)

    # ------------------------------------------------------------------ tables

    async def may_create(self, address: str) -> bool:
        """May the client at ``address`` create another table now?  (:attr:`limits`)"""
        return await self.limits.may_create(address)

    async def open_socket(self, address: str) -> bool:
        """Count a new connection from ``address``: False when it holds too many."""
        return await self.limits.open_socket(address)

    async def close_socket(self, address: str) -> None:
        """A connection counted by :meth:`open_socket` closed."""
        await self.limits.close_socket(address)

    async def create_table(
        self,
        data: object,
        address: str = "?",
        table_id: str | None = None,
        setup: Callable[[Room], None] | None = None,
    ) -> tuple[Table, int | None, str | None]:
        """A new table from its configuration (:class:`ConfigError` names what is wrong);
        the creator gets the first human place: (table, player, token).  At a computer-only
        table (limited: :func:`check_robot_table`, and per address in the database) the token
        is the creator's key, which may delete it (:meth:`delete_table`).  ``table_id``: the
        id chosen by the caller (the ISS server names its tables when they are created);
        ``setup`` prepares the new room before anything is played there."""
        if isinstance(data, dict) and "seed" in data and not self.settings.allow_seed:
            raise ConfigError("seed: the server draws the deals; a table cannot choose them")
        if isinstance(data, dict) and "salt" in data:
            raise ConfigError("salt: the server draws the deals' secret; a table cannot choose it")
        if isinstance(data, dict) and {"deal", "moves", "agent_seeds"} & set(data):
            raise ConfigError("deal: the server deals; play a finished game again from its history")
        config = TableConfig.parse(data)
        if not any(s.human for s in config.seats):
            s = self.settings
            check_robot_table(config, max_games=s.robot_max_games, levels=s.robot_levels)
        return await self._open(config, address=address, table_id=table_id, setup=setup)

    async def again(
        self, table_id: str, number: int, moves: int, player: int | None
    ) -> tuple[Table, int | None, str | None]:
        """A new one-game table that plays finished game ``number`` of ``table_id`` again: the
        same cards, places and computer levels, its first ``moves`` moves kept; ``player``
        (of the old table) takes his place again.  ``KeyError``: no such table or game."""
        room = await self.find(table_id)
        if room is None:
            raise KeyError(table_id)
        config, place = again_config(room.table, number, moves, player)
        return await self._open(config, place)

    async def _open(
        self,
        config: TableConfig,
        place: int | None = None,
        address: str = "?",
        table_id: str | None = None,
        setup: Callable[[Room], None] | None = None,
    ) -> tuple[Table, int | None, str | None]:
        """Open a new table (checked): the creator takes ``place`` (or the first free one);
        at a computer-only table he gets its key instead."""
        if table_id is None or table_id in self.rooms:
            table_id = new_table_id()
        humans = [i for i, s in enumerate(config.seats) if s.human]
        if humans:  # the creator's place: he may start the table with computers
            config = dataclasses.replace(config, host=place if place in humans else humans[0])
        table = Table(table_id, config, created=time.time())
        player: int | None = None
        token: str | None = None
        creator = ""
        if table.free_places():
            player, token = table.claim(place if place in table.free_places() else None)
        else:
            token = secrets.token_urlsafe(18)
            creator = token_hash(token)
        limit = self.settings.robot_tables_per_address if creator else 0
        try:  # the computer-only tables of an address are counted where they are stored
            await self._db(
                self.storage.create_table, table_id, config.to_dict(), table.created, creator,
                origin_of(address) if creator else "", limit,
            )  # fmt: skip
        except Full:
            raise robots_refused(limit) from None
        if table.claims:
            await self._db(self.storage.save_claims, table_id, dict(table.claims))
        now = time.monotonic()
        room = Room(table, creator=creator, watched=now, people_seen=now)
        if setup is not None:
            setup(room)
        self.rooms[table_id] = room
        self._schedule(room)
        return table, player, token

    async def find(self, table_id: str) -> Room | None:
        """The table ``table_id`` or ``None`` (a cluster process may load it first)."""
        return self.rooms.get(table_id)

    async def delete_table(self, table_id: str, key: object) -> None:
        """Remove a computer-only table: ``key`` is the one its creator was given
        (``KeyError``: no such table; :class:`ActionRefused` ``forbidden`` otherwise)."""
        room = self.rooms[table_id]
        if (
            not room.creator
            or not isinstance(key, str)
            or not secrets.compare_digest(room.creator, token_hash(key))
        ):
            raise ActionRefused("forbidden", "only the creator of a computer-only table deletes it")
        async with room.lock:  # not while a move is stored; none after (``Hub.act``)
            await self._db(self.storage.delete_table, table_id)
            self.rooms.pop(table_id, None)
        await self.forget(table_id, room)

    async def forget(self, table_id: str, room: Room | None = None) -> None:
        """Drop a deleted table: stop its computer players and clock, tell its connections
        and close them."""
        room = self.rooms.pop(table_id, None) or room
        if room is None:
            return
        for task in (room.driver, room.clock, room.claim, *room.away.values()):
            if task is not None:
                task.cancel()
        for conn in list(room.connections):
            conn.send(error_message("deleted", "the table was deleted by its creator"))
            await conn.finish(1000)

    def room(self, table_id: str) -> Room:
        """The table ``table_id`` (``KeyError`` if there is none)."""
        return self.rooms[table_id]

    async def join(
        self, table_id: str, place: int | None = None, name: str | None = None
    ) -> tuple[int, str]:
        """Take a free human place: (player, token); ``name``: the name he gives himself
        (a ``@name`` event in the log; :class:`ActionRefused` when it is taken or no name)."""
        room = self.rooms[table_id]
        if name is not None:
            self._check_name(room.table, name)
        async with room.lock:
            player, token = room.table.claim(place)
            await self._db(self.storage.save_claims, table_id, dict(room.table.claims))
        await self._named(room, player, name)
        return player, token

    @staticmethod
    def _check_name(table: Table, name: str) -> None:
        """Refuse a name before the place is taken (nothing changes)."""
        try:
            clean = clean_name(name)
        except ConfigError as exc:
            raise ActionRefused("malformed", str(exc)) from None
        if clean in table.players:
            raise ActionRefused("taken", f"{clean!r} sits at this table already: another name")

    async def _named(self, room: Room, player: int, name: str | None) -> None:
        """After a place was taken: its holder's name (while the table waits), the table
        running once full."""
        if name is not None and not room.table.played:
            with contextlib.suppress(ActionRefused):  # taken meanwhile: he keeps the default
                await self.act(room, player, f"{NAME} {name}", room.table.counter)
        self._schedule(room)
        self._broadcast(room)

    def summaries(self) -> list[dict[str, Any]]:
        """Every table for the lobby: running first, newest first."""
        out = []
        rooms = sorted(self.rooms.values(), key=lambda r: (r.table.is_over, -r.table.created))
        for room in rooms:
            t = room.table
            out.append(
                {
                    "id": t.id,
                    "rules": str(t.config.rules),
                    "games": t.config.games,
                    "played": len(t.series.records),
                    "over": t.is_over,
                    "created": t.created,
                    "players": [
                        {"name": s.name, "kind": s.kind, "claimed": i in t.claims}
                        for i, s in enumerate(t.config.seats)
                    ],
                    "free": len(t.free_places()),
                    "online": len(room.online),
                    "waiting": t.waiting,
                    "clock": t.config.clock,
                    "paused": self.paused(room),
                }
            )
        return out

    # ------------------------------------------------------------------ moves

    async def act(
        self, room: Room, player: int | None, text: object, counter: object, auto: str = ""
    ) -> Applied:
        """Check, store, apply and broadcast one action (:class:`ActionRefused` if refused;
        then nothing changed).  ``auto``: the table moves for the player, and says why
        (:data:`~skat.server.table.AUTO`: stored as ``CJ@clock``, marked in the log)."""
        table = room.table
        async with room.lock:
            if self.rooms.get(table.id) is not room:  # deleted while the move waited
                raise ActionRefused("deleted", "the table was deleted by its creator")
            if room.gate:
                raise ActionRefused(
                    "not_ready", "the next game starts when every player has said ready"
                )
            action = table.check(player, text, counter, auto)
            if not isinstance(action, TableEvent):
                if table.claim_open and auto != "claim":  # the table plays the claim out
                    raise ActionRefused("claimed", "the claim is being played out")
                check_jump_delay(table, action)
            assert player is not None
            stored = f"{action}@{auto}" if auto else str(action)
            try:
                await self._db(self.storage.append_action, table.id, table.counter, player, stored)
            except TableGone:  # by another process: nothing stored
                raise ActionRefused("deleted", "the table was deleted by its creator") from None
            except StorageError as exc:
                raise ActionRefused("storage", str(exc)) from None
            applied = table.apply(player, action, auto)
            if applied.finished is not None and applied.record is not None:
                number = applied.record.number
                await self._store_record(table, applied.finished, number, room.endings.get(number))
                if room.ready_players and not table.is_over:
                    room.gate = set(room.ready_players) - room.early
                    room.early.clear()
                    if room.gate and room.on_gate is not None:
                        room.on_gate(room)
        if applied.finished is not None and applied.record is not None and not room.robots_only:
            self._prepare_analysis(table.id, applied.record.number)
        self._schedule(room)
        self._broadcast(room)
        return applied

    def _prepare_analysis(self, table_id: str, number: int) -> None:
        """Start the analysis of a game just finished while the next one is dealt (in a worker
        process: :meth:`analysis`), so "How could I have won?" answers at once."""
        if self._stopping or self.settings.analysis_ahead <= 0:
            return

        async def run() -> None:
            with contextlib.suppress(Exception):  # asked for again, it says why it failed
                await self.analysis(table_id, number)

        task = asyncio.get_running_loop().create_task(run())
        self._ahead.add(task)
        task.add_done_callback(self._ahead.discard)

    def open_gate(self, room: Room, player: int | None = None) -> None:
        """``player`` said ``ready`` (``None``: open the gate for all): once nobody is
        awaited, the game is told and played."""
        if not room.gate:
            return
        if player is None:
            room.gate.clear()
        else:
            room.gate.discard(player)
        if not room.gate:
            self._schedule(room)
            self._broadcast(room)

    async def end_game(self, room: Room, player: int, how: str, counter: int) -> Applied:
        """End the current game because ``player`` ran out of time (``TI``) or left (``LE``),
        as the International Skat Server does (:meth:`Table.end_game`); stored in the log
        like a move, its record says ``w TI.<seat>``.  :class:`ActionRefused` if not now."""
        table = room.table
        async with room.lock:
            if self.rooms.get(table.id) is not room:
                raise ActionRefused("deleted", "the table was deleted by its creator")
            if room.gate:
                raise ActionRefused("not_ready", "the game has not begun")
            ending = table.check_end(player, how, counter)
            try:
                await self._db(
                    self.storage.append_action, table.id, table.counter, player, str(ending)
                )
            except StorageError as exc:
                raise ActionRefused("storage", str(exc)) from None
            applied = table.end_game(player, ending)
            assert applied.finished is not None and applied.record is not None
            number = applied.record.number
            await self._store_record(table, applied.finished, number, table.endings[number])
            if room.ready_players and not table.is_over:
                room.gate = set(room.ready_players) - room.early
                room.early.clear()
                if room.gate and room.on_gate is not None:
                    room.on_gate(room)
        self._schedule(room)
        self._broadcast(room)
        return applied

    async def end_series(self, room: Room) -> None:
        """End the table's series now (its players will not play on): the game dealt but
        not begun is dropped, the computer players and the clock stop; stored in the log
        (``@over``) and the table marked finished, so a restart does not bring it back.
        (Call under the table's lock.)"""
        table = room.table
        player = table.series.seats[0]
        try:
            await self._db(self.storage.append_action, table.id, table.counter, player, OVER)
            await self._db(self.storage.finish_table, table.id)
        except StorageError as exc:  # ended here all the same; a restart may bring it back
            log.warning("table %s: the end of the series not stored: %s", table.id, exc)
        table.end_series()
        for task in (room.driver, room.clock):
            if task is not None:
                task.cancel()
        room.deadline = None
        self._broadcast(room)

    async def _store_record(
        self,
        table: Table,
        state: GameState,
        number: int,
        ending: tuple[str, int, int] | None = None,
    ) -> None:
        meta = record_meta(table, number)
        names = meta["players"]
        ending = ending or table.endings.get(number)
        try:
            iss: str | None = write_iss(
                state,
                id=f"{table.id}-{number}",
                players=(names[0], names[1], names[2]),
                ended=ending[:2] if ending else None,
            )
        except (IssWriteError, ValueError):
            iss = None  # a house-rule game the ISS format cannot say
        try:
            if state.is_over:
                data = json_dumps(state_to_json(state, meta))
            else:  # ended by TI/LE before the declaration: only the ISS record can say it
                assert iss is not None
                data = json_dumps(record_to_json(parse_iss_line(iss)))
        except (ValueError, AssertionError) as exc:  # pragma: no cover - every game has one
            log.error("table %s game %d: no JSON record: %s", table.id, number, exc)
            return
        finished = number == len(table.series.records) and table.is_over
        try:
            await self._db(self.storage.add_record, table.id, number, data, iss, finished)
        except Exception as exc:  # a record already there after a restart
            log.warning("table %s game %d: record not stored: %s", table.id, number, exc)

    def _broadcast(self, room: Room) -> None:
        cache: dict[int | None, dict[str, Any]] = {}
        online = room.online
        remaining = max(0.0, room.deadline - time.time()) if room.deadline else None
        for conn in list(room.connections):
            if not conn.greeted:
                continue
            msg = cache.get(conn.player)
            if msg is None:
                msg = state_message(room.table, conn.player, online=online, remaining=remaining)
                cache[conn.player] = msg
            conn.send(msg)

    # ------------------------------------------------------------------ computers and clock

    def paused(self, room: Room) -> bool:
        """A computer-only table nobody has watched for ``idle_pause`` seconds (or since the
        server started) does not play on until somebody watches it again; nor do the
        computers and the move clock of a table whose people have all been away for
        ``away_pause`` seconds (or since the server started) until one of them is back
        (except at a table made over ISS, where the clock ends a dead seat's game)."""
        if room.table.is_over:
            return False
        if room.robots_only:
            if room.connections:
                return False
            return time.monotonic() - room.watched > self.settings.idle_pause or not room.watched
        if room.online or room.ready_players:
            # a table made over ISS is never paused: its clock ends a dead seat's game by
            # ``TI`` as the real ISS does, and the series goes on or ends at ``ready``
            return False
        seen = room.people_seen
        return time.monotonic() - seen > self.settings.away_pause or not seen

    def _schedule(self, room: Room) -> None:
        if self._stopping or self.rooms.get(room.table.id) is not room:
            return
        table = room.table
        if table.waiting:
            room.waited = True
        elif room.waited:  # the last place was taken (here, by the ISS server, by another
            room.waited = False  # process): everyone is sent the game dealt out
            self._broadcast(room)
        if (
            table.computer_to_move() is not None
            and not room.gate
            and (room.driver is None or room.driver.done())
            and not self.paused(room)
        ):
            room.driver = asyncio.get_running_loop().create_task(self._drive(room))
        if table.claim_open and (room.claim is None or room.claim.done()):
            room.claim = asyncio.get_running_loop().create_task(self._play_claim(room))
        self._set_clock(room)

    async def _play_claim(self, room: Room) -> None:
        """A binding claim: play the rest of the game at once, every hand open
        (:func:`~skat.server.claims.claim_line`, in a worker thread), each move marked
        ``claim``."""
        table = room.table
        state = table.state
        if state is None:
            return
        counter, number = table.counter, table.series.number
        line: list[tuple[int, str]] = []
        try:
            # a thread, not the worker process: a claim is decided in milliseconds and must not
            # wait behind an analysis there
            line = await self.scheduler.run(table.id, claim_line, state.copy())
        except RuntimeError:  # the pool is shut down: the server stops (a restart replays)
            return
        except Exception:  # never leave the table stuck in the claim: the plain cards below
            log.exception("table %s: the claim could not be decided", table.id)
        if table.counter != counter or table.series.number != number:
            return
        for seat, card in line:
            if table.series.number != number or not table.claim_open:
                return
            try:
                await self.act(room, table.series.seats[seat], card, table.counter, auto="claim")
            except ActionRefused as exc:
                log.warning("table %s: claim move %s refused: %s", table.id, card, exc)
                break
        while table.series.number == number and table.claim_open and not self._stopping:
            now = table.state  # (only if the line fell short): the first legal card
            assert now is not None
            first = next(a for a in now.legal_actions() if isinstance(a, Card))
            await self.act(
                room, table.series.seats[now.to_move], str(first), table.counter, "claim"
            )

    async def _drive(self, room: Room) -> None:
        """Play the computers' moves while it is their turn; each move is thought in a worker
        thread when it is this table's turn (:class:`FairScheduler`)."""
        table = room.table
        while not self._stopping and not self.paused(room) and not room.gate:
            player = table.computer_to_move()
            state = table.state
            if player is None or state is None:
                return
            if self.settings.computer_delay:
                await asyncio.sleep(self.settings.computer_delay)
                if self.paused(room):
                    return
            counter = table.counter
            seat = table.seat_of(player)
            assert seat is not None
            view = state.view(seat)
            pool = self._heavy_pool
            try:
                action = await self._think(room, player, view)
            except BrokenExecutor:  # a worker process died (killed, out of memory): anew
                self._renew_heavy_pool(pool)
                await asyncio.sleep(1.0)
                continue
            except RuntimeError:  # the pool is shut down: the server stops
                return
            if table.counter != counter:
                continue  # somebody else moved meanwhile (a resignation): think again
            if room.step_bids:
                action = step_bid(state, action)
            await asyncio.sleep(answer_wait(table, action))  # the online rules' jump_delay
            try:
                await self.act(room, player, str(action), counter)
            except ActionRefused as exc:
                log.warning("table %s: computer move %s refused: %s", table.id, action, exc)
                if exc.code in ("deleted", "not_ready"):
                    return
                if exc.code == "storage":
                    await asyncio.sleep(1.0)
            except Exception:  # never stop for good: the next round tries again
                log.exception("table %s: computer move %s failed", table.id, action)
                await asyncio.sleep(1.0)

    async def analysis(self, table_id: str, number: int) -> dict[str, Any] | None:
        """The analysis of finished game ``number`` (``None``: no such game), computed once
        and kept (the last ``analysis_cache`` asked for); at most one is computed at a time
        and ``analysis_queue`` wait (:class:`SchedulerFull` beyond)."""
        key = (table_id, number)
        cached = self._analyses.get(key)
        if cached is not None:
            return cached
        running = self._analysing.get(key)
        if running is not None:  # computed ahead right now (_prepare_analysis): its answer
            return await asyncio.shield(running)
        future: asyncio.Future[dict[str, Any] | None] = asyncio.get_running_loop().create_future()
        self._analysing[key] = future
        try:
            data = await self._analyse(table_id, number)
        except BaseException as exc:
            if isinstance(exc, asyncio.CancelledError):
                future.cancel()
            else:
                future.set_exception(exc)
                future.exception()  # retrieved: nobody else may wait for it
            raise
        finally:
            self._analysing.pop(key, None)
        future.set_result(data)
        return data

    async def _analyse(self, table_id: str, number: int) -> dict[str, Any] | None:
        key = (table_id, number)
        found = [r for r in await self._db(self.storage.records, table_id) if r.number == number]
        if not found:
            return None
        pool = self._heavy_pool
        try:
            data = await self.scheduler.run(
                "analysis",
                analysis_of,
                found[0].json,
                background=True,
                heavy=True,
                expensive=True,
                max_queue=self.settings.analysis_queue,
            )
        except BrokenExecutor:
            self._renew_heavy_pool(pool)
            raise SchedulerFull("the analysis was interrupted: try again") from None
        self._analyses.put(key, data)
        return data

    async def _think(self, room: Room, player: int, view: View) -> str:
        """The computer's move: a quick level's in a thread (a background job at a
        computer-only table), a slow level's in a worker process (:mod:`.thinking`)."""
        table = room.table
        kind = table.config.seats[player].kind
        quick = kind in self.settings.quick_levels
        if not quick and self._heavy_pool is not None:
            key = (table.id, player, table.series.number)
            return await self.scheduler.run(
                table.id,
                think,
                kind,
                self._seed(table, player),
                key,
                view,
                self.settings.agent_budget,
                heavy=True,
                expensive=expensive(kind),
            )
        agent = self._agent(room, player)
        background = room.robots_only or not quick
        return str(await self.scheduler.run(table.id, agent.choose, view, background=background))

    def _new_heavy_pool(self) -> ProcessPoolExecutor | None:
        n = self.settings.heavy_processes
        if n <= 0:
            return None
        return ProcessPoolExecutor(
            n, mp_context=multiprocessing.get_context("spawn"), initializer=watch_parent
        )

    def _renew_heavy_pool(self, broken: ProcessPoolExecutor | None) -> None:
        """New worker processes in place of ``broken`` (unless replaced already)."""
        old = self._heavy_pool
        if old is not broken or self._stopping:
            return
        log.error("the worker processes died; starting new ones")
        self._heavy_pool = self._new_heavy_pool()
        self.scheduler.heavy_executor = self._heavy_pool
        if old is not None:
            _end(old)

    @staticmethod
    def _seed(table: Table, player: int) -> int:
        """The seed of the computer player at place ``player`` in the current game (the old
        game's at a deal played again: :meth:`TableConfig.agent_seed`)."""
        return table.config.agent_seed(player, table.series.number)

    def _agent(self, room: Room, player: int) -> SafeAgent:
        table = room.table
        key = (player, table.series.number)
        agent = room.agents.get(key)
        if agent is None:
            room.agents = {k: v for k, v in room.agents.items() if k[1] == key[1]}
            kind = table.config.seats[player].kind
            seed = self._seed(table, player)
            agent = SafeAgent(
                make_agent(kind, seed=seed),
                budget=self.settings.agent_budget,
                name=kind,
                anytime=True,
            )
            room.agents[key] = agent
        return agent

    def _set_clock(self, room: Room) -> None:
        table = room.table
        if (
            not table.config.clock
            or table.state is None
            or table.waiting
            or table.claim_open
            or table.computer_to_move() is not None
            or room.gate
        ):
            if room.gate and room.clock is not None:
                room.clock.cancel()
                room.clock_counter = -1
            room.deadline = None
            return
        if room.clock_counter == table.counter and room.deadline is not None:
            return
        if room.clock is not None:
            room.clock.cancel()
        room.clock_counter = table.counter
        room.deadline = time.time() + table.config.clock
        room.clock = asyncio.get_running_loop().create_task(self._ring(room, table.counter))

    async def _ring(self, room: Room, counter: int) -> None:
        """The move clock ran out: :func:`timeout_action` moves for the player to move."""
        assert room.deadline is not None
        await asyncio.sleep(max(0.0, room.deadline - time.time()))
        table = room.table
        state = table.state
        if table.counter != counter or state is None:
            return
        if self.paused(room):  # everybody away: the clock starts again when one is back
            room.deadline = None
            return
        player = table.to_move()
        hook = room.on_timeout
        if player is not None and hook is not None and await hook(room, player, counter):
            return
        view = state.view(state.to_move)
        with contextlib.suppress(ActionRefused):
            await self.act(room, player, str(timeout_action(view)), counter, auto="clock")

    # ------------------------------------------------------------------ connections

    async def attach(self, room: Room, conn: Connection) -> None:
        """A new connection: not greeted until its ``hello``; a paused table plays on."""
        conn.limiter = RateLimiter(self.settings.rate, self.settings.burst)
        conn.start()
        room.connections.add(conn)
        room.watched = time.monotonic()
        self._schedule(room)

    async def detach(self, room: Room, conn: Connection) -> None:
        """A connection went away."""
        room.connections.discard(conn)
        room.watched = time.monotonic()
        await conn.stop()
        if conn.player is not None:
            room.people_seen = time.monotonic()
            watch_away(self, room, conn.player)
            self._broadcast(room)

    async def receive(self, room: Room, conn: Connection, text: str | bytes) -> bool:
        """Handle one incoming message; False when the connection should be closed."""
        if not conn.limiter.allow(time.monotonic()):
            conn.strikes += 1
            if conn.strikes >= MAX_STRIKES:
                conn.send(error_message("flood", "too many messages: the connection is closed"))
                return False
            if conn.strikes == 1 or conn.strikes % 10 == 0:
                conn.send(error_message("flood", "too many messages: slow down"))
            return True
        try:
            msg = parse_message(text)
        except ProtocolError as exc:
            conn.send(error_message(exc.code, exc.message))
            return True
        except RecursionError:  # '[[[[…' nested deeper than the JSON reader goes
            conn.send(error_message("malformed", "a message is a JSON object, not nested lists"))
            return True
        kind = msg["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
            return True
        if kind == "hello":
            if conn.greeted:
                conn.send(error_message("malformed", "hello is sent once"))
                return True
            token = msg.get("token")
            player = room.table.player_of(token)
            if token and player is None:
                conn.send(error_message("forbidden", "this token holds no place at this table"))
                return True
            conn.player = player
            conn.greeted = True
            if player is not None:
                self._schedule(room)  # a player is back: a paused table plays on
            conn.send(
                {
                    "type": "welcome",
                    "table": room.table.id,
                    "you": player,
                    "name": room.table.players[player] if player is not None else None,
                }
            )
            self._broadcast(room)
            return True
        if not conn.greeted:
            conn.send(error_message("malformed", "send hello first"))
            return True
        try:
            await self.act(room, conn.player, msg["action"], msg["counter"])
        except ActionRefused as exc:
            conn.send(error_message(exc.code, exc.message))
        return True


def step_bid(state: GameState, action: str) -> str:
    """``action``, but a bid above the lowest one allowed now becomes that lowest one: the
    seat bids one step at a time (and will be asked again).

    >>> s = GameState(seed=1)
    >>> step_bid(s, "30"), step_bid(s, "p"), step_bid(s, "18")
    ('18', 'p', '18')
    """
    try:
        value = int(action)
    except ValueError:
        return action
    steps = [a.value for a in state.legal_actions() if isinstance(a, Bid)]
    return str(min(steps)) if steps and value > min(steps) else action


def _end(pool: ProcessPoolExecutor) -> None:
    """Stop worker processes now, even in the middle of a search."""
    processes = list(getattr(pool, "_processes", {}).values())  # not public: no other way
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.kill()
