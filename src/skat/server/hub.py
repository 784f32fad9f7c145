"""The running server: every running table in memory, its connections, computers and clock.

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
import secrets
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Final, TypeVar

from skat.core.language import say
from skat.core.state import GameState
from skat.records.iss import IssWriteError, parse_iss_line, write_iss
from skat.records.jsonrecord import dumps as json_dumps
from skat.records.jsonrecord import state_to_json
from skat.records.jsonv1 import record_to_json
from skat.server.again import again_config
from skat.server.analysing import AnalysisMixin
from skat.server.claimplay import ClaimPlayMixin
from skat.server.clock import timeout_action
from skat.server.disconnects import watch_away
from skat.server.driving import DrivingMixin, _end, step_bid
from skat.server.gates import GateMixin
from skat.server.jumpdelay import check_jump_delay
from skat.server.limits import AddressLimits, Recent, check_robot_table, origin_of, robots_refused
from skat.server.lobby import LobbyMixin
from skat.server.protocol import (
    ProtocolError,
    RateLimiter,
    error_message,
    parse_message,
    sheet_delta,
    state_message,
    state_text,
)
from skat.server.rooms import (
    MAX_QUEUE,
    MAX_STRIKES,
    Connection,
    Room,
    Settings,
    new_table_id,
    record_meta,
)
from skat.server.scheduler import FairScheduler
from skat.server.storage import Full, SqlStorage, StorageError, TableGone
from skat.server.table import (
    NAME,
    ActionRefused,
    Applied,
    ConfigError,
    Table,
    TableConfig,
    TableEvent,
    clean_name,
    token_hash,
)
from skat.server.variant_table import new_table, parse_config
from skat.server.webwords import page_language

__all__ = [
    "MAX_QUEUE",
    "MAX_STRIKES",
    "Connection",
    "Hub",
    "Room",
    "Settings",
    "new_table_id",
    "record_meta",
    "step_bid",
    "timeout_action",
]

log: Final = logging.getLogger("skat.server")
T = TypeVar("T")


class Hub(LobbyMixin, GateMixin, ClaimPlayMixin, AnalysisMixin, DrivingMixin):
    """Every running table of the server (see the module doc); its parts: finished tables
    read on demand and the lobby (:mod:`skat.server.lobby`), the ready gate and early
    endings (:mod:`skat.server.gates`), the claim play-out (:mod:`skat.server.claimplay`),
    the analyses (:mod:`skat.server.analysing`), the computer players and move clock
    (:mod:`skat.server.driving`)."""

    def __init__(self, storage: SqlStorage, settings: Settings | None = None) -> None:
        self.storage = storage
        self.settings = settings or Settings()
        self.rooms: dict[str, Room] = {}
        """The running tables (a finished one is read back on demand: :meth:`find`)."""
        self._init_lobby()
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
        self._ahead_spent: deque[tuple[float, float]] = deque()
        self._analysing: dict[tuple[str, int], asyncio.Future[dict[str, Any] | None]] = {}
        s = self.settings
        self.limits = AddressLimits(s.tables_per_minute, s.tables_burst, s.sockets_per_address)

    # ------------------------------------------------------------------ life

    async def start(self) -> None:
        """Read the running tables back from the database and replay their moves (the
        finished ones stay there); computer players and clocks take up where they were."""
        stored = await self._db(self.storage.load_tables)
        for st in stored:
            try:
                table = new_table(st.id, parse_config(st.config), dict(st.claims), st.created)
                table.replay(st.actions)
            except ConfigError as exc:
                log.error("table %s cannot be resumed: %s", st.id, exc)
                continue
            room = Room(table, creator=st.creator)  # computer-only tables wait for a watcher
            self.rooms[st.id] = room
            have = await self._db(self.storage.record_numbers, st.id)
            for state, record in zip(table.finished_games, table.series.records, strict=False):
                if record.number not in have:  # killed between the move and its record
                    await self._store_record(table, state, record.number)
            if table.is_over:  # killed between its last move and the end: finished now
                await self._retire(room)
        for room in self.rooms.values():
            for load in self.on_load:
                load(room)
            self._schedule(room)
        log.info("resumed %d tables", len(self.rooms))

    async def stop(self) -> None:
        """Cancel computer players and clocks, close the database."""
        self._stopping = True
        finished = [r for r in map(self._finished.get, list(self._finished)) if r is not None]
        for room in [*self.rooms.values(), *finished]:
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
            raise ConfigError(lambda lang: say(lang, "server.config.noSeed"))
        if isinstance(data, dict) and "salt" in data:
            raise ConfigError(lambda lang: say(lang, "server.config.noSalt"))
        if isinstance(data, dict) and {"deal", "moves", "agent_seeds"} & set(data):
            raise ConfigError(lambda lang: say(lang, "server.config.noDeal"))
        config = parse_config(data)  # Skat's, or a variant's (skat.server.variant_table)
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
        if table_id is not None and (
            table_id in self.rooms or await self._db(self.storage.table_exists, table_id)
        ):
            table_id = None  # the name of a table played before (finished: not in memory)
        if table_id is None:
            table_id = new_table_id()
        humans = [i for i, s in enumerate(config.seats) if s.human]
        if humans:  # the creator's place: he may start the table with computers
            config = dataclasses.replace(config, host=place if place in humans else humans[0])
        table = new_table(table_id, config, created=time.time())
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
        self._lobby_changed()
        self._schedule(room)
        return table, player, token

    async def delete_table(self, table_id: str, key: object) -> None:
        """Remove a computer-only table: ``key`` is the one its creator was given
        (``KeyError``: no such table; :class:`ActionRefused` ``forbidden`` otherwise)."""
        room = await self.find(table_id)
        if room is None:
            raise KeyError(table_id)
        if (
            not room.creator
            or not isinstance(key, str)
            or not secrets.compare_digest(room.creator, token_hash(key))
        ):
            raise ActionRefused("forbidden", lambda lang: say(lang, "server.refused.notCreator"))
        async with room.lock:  # not while a move is stored; none after (``Hub.act``)
            await self._db(self.storage.delete_table, table_id)
            self.rooms.pop(table_id, None)
            self._finished.discard(table_id)
        await self.forget(table_id, room)

    async def forget(self, table_id: str, room: Room | None = None) -> None:
        """Drop a deleted table: stop its computer players and clock, tell its connections
        and close them."""
        room = self.rooms.pop(table_id, None) or room
        self._finished.discard(table_id)
        self._lobby_changed()
        if room is None:
            return
        for task in (room.driver, room.clock, room.claim, *room.away.values()):
            if task is not None:
                task.cancel()
        for conn in list(room.connections):
            conn.send(error_message("deleted", say(conn.lang, "server.refused.deleted")))
            await conn.finish(1000)

    def room(self, table_id: str) -> Room:
        """The table ``table_id`` (``KeyError`` if there is none)."""
        return self.rooms[table_id]

    async def join(
        self, table_id: str, place: int | None = None, name: str | None = None
    ) -> tuple[int, str]:
        """Take a free human place: (player, token); ``name``: the name he gives himself
        (a ``@name`` event in the log; :class:`ActionRefused` when it is taken or no name)."""
        room = await self.find(table_id)
        if room is None:
            raise KeyError(table_id)
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
            raise ActionRefused(
                "taken", lambda lang: say(lang, "server.refused.nameTaken", name=repr(clean))
            )

    async def _named(self, room: Room, player: int, name: str | None) -> None:
        """After a place was taken: its holder's name (while the table waits), the table
        running once full."""
        if name is not None and not room.table.played:
            with contextlib.suppress(ActionRefused):  # taken meanwhile: he keeps the default
                await self.act(room, player, f"{NAME} {name}", room.table.counter)
        self._schedule(room)
        self._broadcast(room)

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
                if table.is_over:  # (or finished: a finished table is not running)
                    raise ActionRefused("over", lambda lang: say(lang, "server.refused.over"))
                raise ActionRefused("deleted", lambda lang: say(lang, "server.refused.deleted"))
            if room.gate:
                raise ActionRefused("not_ready", lambda lang: say(lang, "server.refused.notReady"))
            action = table.check(player, text, counter, auto)
            if not isinstance(action, TableEvent):
                if table.claim_open and auto != "claim":  # the table plays the claim out
                    raise ActionRefused("claimed", lambda lang: say(lang, "server.refused.claimed"))
                check_jump_delay(table, action)
            assert player is not None
            stored = f"{action}@{auto}" if auto else str(action)
            try:
                await self._db(self.storage.append_action, table.id, table.counter, player, stored)
            except TableGone:  # by another process: nothing stored
                raise ActionRefused(
                    "deleted", lambda lang: say(lang, "server.refused.deleted")
                ) from None
            except StorageError as exc:
                raise ActionRefused("storage", str(exc)) from None
            applied = table.apply(player, action, auto)
            if applied.finished is not None and applied.record is not None:
                number = applied.record.number
                await self._store_record(table, applied.finished, number, room.endings.get(number))
                self._close_gate(room)
        if applied.finished is not None and applied.record is not None and not room.robots_only:
            self._prepare_analysis(table.id, applied.record.number)
        if table.is_over:  # kept in the database from now on
            await self._retire(room)
        self._schedule(room)
        self._broadcast(room)
        return applied

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
                players=(names[0], names[1], names[-1]),  # a variant's: ISS refuses it
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
        made: dict[int | None, dict[str, Any]] = {}
        written: dict[tuple[int | None, int], str] = {}  # (place, rows it has) -> the JSON
        online = room.online
        remaining = max(0.0, room.deadline - time.time()) if room.deadline else None
        for conn in list(room.connections):
            if not conn.greeted:
                continue
            msg = made.get(conn.player)
            if msg is None:
                msg = state_message(room.table, conn.player, online=online, remaining=remaining)
                made[conn.player] = msg
            if conn.reads_json:
                conn.send_text(_written(written, room.table, msg, conn.player, conn.sheet_rows))
            else:  # a client of another protocol (ISS) writes the message in its own words
                conn.send(msg)
            conn.sheet_rows = len(msg["series"]["rows"])

    # ------------------------------------------------------------------ computers and clock

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
                conn.send(error_message("flood", say(conn.lang, "server.protocol.floodClosed")))
                return False
            if conn.strikes == 1 or conn.strikes % 10 == 0:
                conn.send(error_message("flood", say(conn.lang, "server.protocol.flood")))
            return True
        try:
            msg = parse_message(text)
        except ProtocolError as exc:
            conn.send(error_message(exc.code, exc.said(conn.lang)))
            return True
        except RecursionError:  # '[[[[…' nested deeper than the JSON reader goes
            conn.send(error_message("malformed", say(conn.lang, "server.protocol.nested")))
            return True
        kind = msg["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
            return True
        if kind == "lang":  # the page's language changed
            conn.lang = page_language(msg.get("lang"))
            return True
        if kind == "hello":
            if conn.greeted:
                conn.send(error_message("malformed", say(conn.lang, "server.protocol.helloTwice")))
                return True
            conn.lang = page_language(msg.get("lang"))
            token = msg.get("token")
            player = room.table.player_of(token)
            if token and player is None:
                conn.send(error_message("forbidden", say(conn.lang, "server.protocol.token")))
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
            conn.send(error_message("malformed", say(conn.lang, "server.protocol.helloFirst")))
            return True
        try:
            await self.act(room, conn.player, msg["action"], msg["counter"])
        except ActionRefused as exc:
            conn.send(error_message(exc.code, exc.said(conn.lang)))
        return True


def _written(
    written: dict[tuple[int | None, int], str],
    table: Table,
    message: dict[str, Any],
    player: int | None,
    rows: int,
) -> str:
    """``message`` as JSON for a connection of ``player`` holding ``rows`` rows of the score
    sheet (the rows it has not got yet: :func:`sheet_delta`), made once a broadcast."""
    text = written.get((player, rows))
    if text is None:
        text = written[player, rows] = state_text(sheet_delta(message, rows), table)
    return text
