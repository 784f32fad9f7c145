"""What the running server keeps of each table (:class:`Room`) and each WebSocket
(:class:`Connection`), and how it behaves (:class:`Settings`); the :class:`~skat.server.hub.Hub`
holds them."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final

from skat.ai.agent import SafeAgent
from skat.core.language import SOURCE
from skat.server.protocol import RateLimiter, dumps, revealed
from skat.server.table import Table
from skat.server.variant_table import VariantTable, variant_meta

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
    robot_levels: tuple[str, ...] = ("random", "heuristic", "pimc-fast", "pimc-easy")
    """The computer levels a computer-only table may seat (the others think for seconds)."""
    quick_levels: tuple[str, ...] = ("random", "heuristic", "pimc-fast")
    """Levels whose moves take milliseconds (in threads); the others think in worker
    processes, as do the analyses."""
    heavy_processes: int = 1  # worker processes for them (0: background threads instead)
    idle_pause: float = 120.0  # a computer-only table nobody watched this long pauses
    away_pause: float = 30.0  # a table whose people have all been away this long pauses
    analysis_cache: int = 64  # analyses kept (the most recently asked for)
    analysis_queue: int = 4  # analyses waiting at most; more are refused ("busy")
    analysis_ahead: int = 1  # analyse each finished game at once (0: only when asked for)
    analysis_ahead_share: float = 0.25  # of a worker's time, at most, for analyses ahead
    settle_heap: bool = False
    """Keep the heap out of the garbage collector's long passes (:mod:`skat.server.heap`:
    frozen after the start and every few seconds, swept once an hour).  For ``skat serve``'s
    own process; an application created for a test leaves it off."""
    warm_workers: bool = False
    """Start the worker processes with the server, not at the first slow move or analysis
    (a new worker spends about a CPU-second importing the engine: on a busy server that second
    came in the middle of play).  For ``skat serve``; an application for a test leaves it off."""


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
        self.lang = SOURCE
        """The page's language (its ``hello``'s ``lang``): the refusals it is sent are in it."""
        self.sheet_rows = 0
        """Rows of the score sheet this connection was sent (the next message adds the
        others: :func:`~skat.server.protocol.sheet_delta`)."""
        self.reads_json = True
        """Sent JSON (a broadcast's text made once for every connection sent the same); a
        client of another protocol (ISS) is sent each ``state`` message's dict through
        :meth:`send` and writes it in its own words."""
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
        self.send_text(dumps(message))

    def send_text(self, text: str) -> None:
        """Queue a message written as JSON already (:meth:`send`)."""
        if self.closed:
            return
        if self.queue.qsize() >= MAX_QUEUE:
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)

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
    if isinstance(table, VariantTable):
        return variant_meta(table, number)
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
