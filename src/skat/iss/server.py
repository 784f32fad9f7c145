"""The ISS server: ISS clients at the web server's tables, over plain TCP.

:class:`IssServer` listens beside the web port on the same :class:`~skat.server.hub.Hub`:
the same tables, the same storage, the same authority.  A client logs in (its user name, then
its password), creates a table (``create / 3``) and invites two users, or joins a table
(``join .<T>``: one made over ISS, or a web table with a free place).  A table made over ISS
is opened on the hub once its three players are known (their user names name the places).
Every move goes through :meth:`Hub.act` like a web action, so it is checked by the engine;
what a seat is told comes from its :class:`~skat.iss.feed.Feed` after every change of the
table (the hub's broadcast reaches an :class:`IssConnection` like a WebSocket).

A place taken over ISS is held by a token derived from the user name and password (only its
hash is stored, as for the web's tokens): logging in again with them, after a dropped
connection or a server restart, finds the place again, and the current game is told again
from its start.  Limits per connection: line length, the hub's message rate, open
connections per address, tables made per address, the login time.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any, Final

from skat.core.cards import CardSet
from skat.core.state import IllegalActionError
from skat.iss.codes import MoveError, shown_cards, to_engine
from skat.iss.feed import Feed
from skat.iss.lines import MAX_LINE, Command, LineError, check_name, parse_command
from skat.iss.names import next_name
from skat.server.hub import MAX_STRIKES, Connection, Hub, Room
from skat.server.protocol import RateLimiter
from skat.server.table import ActionRefused, ConfigError, computer_levels, token_hash

__all__ = ["IssConnection", "IssServer", "IssSettings", "seat_token"]

log: Final = logging.getLogger("skat.iss")
PROTOCOL_VERSION: Final = "14"
"""The protocol version said in the welcome line (the one open clients check)."""
MAX_PENDING: Final = 4
"""Tables one user may have waiting for players."""


@dataclass
class IssSettings:
    """Tables made over ISS: their rules, series length and move clock (seconds a player
    has for a move; then the game ends by his timeout ``TI`` as on ISS, in every phase);
    the time every ISS seat has to
    say ``ready`` for the next game (then the series ends); the time a login may take; the
    time a logged-in connection may sit idle at no table."""

    rules: str = "iss"
    games: int = 36
    clock: int = 120
    ready_timeout: float = 300.0
    login_timeout: float = 30.0
    idle_timeout: float = 600.0
    resume_wait: float = 1.0
    """After the welcome, the tables of a client logging in again are told at its first line
    or after this many seconds (never in the packet of the welcome line)."""


ISS_COMPUTERS: Final = {"xskat": "heuristic", "xskat:2": "heuristic"}
"""The names the real ISS's own computer players go by (two instances of one program), and
the computer level that plays for each here; every level name (``heuristic``, ``pimc-easy``
...) may be invited too."""
STRIKE_DECAY: Final = 1.0
"""Strikes (lines over the rate limit) forgotten per second."""


@dataclass
class Strikes:
    """Lines over the rate limit, forgotten at :data:`STRIKE_DECAY` a second: a client that
    is now and then too fast is never cut off; one that floods reaches :data:`MAX_STRIKES`.

    >>> s = Strikes()
    >>> [s.add(0.0) for _ in range(3)][-1], s.add(2.5), s.add(100.0)
    (3.0, 1.5, 1.0)
    """

    count: float = 0.0
    last: float = 0.0

    def add(self, now: float) -> float:
        """One more strike at ``now`` (seconds); the count after it."""
        self.count = max(0.0, self.count - (now - self.last) * STRIKE_DECAY) + 1
        self.last = now
        return self.count


def computer_level(name: str) -> str | None:
    """The computer level an invitation of ``name`` seats, ``None`` for a user.

    >>> computer_level("xskat"), computer_level("xskat:2"), computer_level("heuristic")
    ('heuristic', 'heuristic', 'heuristic')
    >>> computer_level("anna") is None
    True
    """
    if name in ISS_COMPUTERS:
        return ISS_COMPUTERS[name]
    return name if name in computer_levels() else None


def user_key(user: str, password: str) -> bytes:
    """The key a user's places are held by (slow to guess from a stored hash)."""
    return hashlib.pbkdf2_hmac("sha256", password.encode(), f"skat-iss:{user}".encode(), 20_000)


def seat_token(key: bytes, table_id: str) -> str:
    """The token of ``key``'s place at table ``table_id`` (the table keeps its hash).

    >>> seat_token(b"k", "t1") == seat_token(b"k", "t1") != seat_token(b"k", "t2")
    True
    """
    return hmac.new(key, table_id.encode(), hashlib.sha256).hexdigest()


@dataclass
class Pending:
    """A table made over ISS whose players are not all known yet: its players in the order
    they came (users and computers), the computers' levels, the invitations' tickets, the
    users who said ``ready`` already."""

    name: str
    players: list[str]
    keys: dict[str, bytes]
    tickets: dict[str, str] = field(default_factory=dict)
    computers: dict[str, str] = field(default_factory=dict)
    ready: set[str] = field(default_factory=set)


class Session:
    """One client connection: its user, its key, the tables it follows."""

    def __init__(self, writer: asyncio.StreamWriter, address: str) -> None:
        self.writer = writer
        self.address = address
        self.user = ""
        self.key = b""
        self.conns: dict[str, IssConnection] = {}
        self.closed = False
        self.answered: dict[str, int] = {}  # table -> the move number its seat answered

    async def write(self, line: str) -> None:
        """Send one line (the connection closes on a write error)."""
        if self.closed:
            return
        try:
            self.writer.write(line.encode() + b"\n")
            await self.writer.drain()
        except (ConnectionError, RuntimeError):
            self.closed = True

    async def close(self, code: int = 0) -> None:
        """Close the socket."""
        self.closed = True
        with contextlib.suppress(Exception):
            self.writer.close()


class IssConnection(Connection):
    """A seat followed over ISS: the hub's broadcasts become the seat's ISS lines."""

    def __init__(
        self, session: Session, room: Room, player: int, *, next_game: bool = False
    ) -> None:
        super().__init__(session.write, session.close)
        held, endings = (lambda: bool(room.gate)), room.table.endings
        self.feed = Feed(
            room.table, player, session.user, held=held, endings=endings, next_game=next_game
        )
        self.player = player
        self.greeted = True
        self.reads_json = False  # a broadcast ``state`` goes to :meth:`send`: its ISS lines

    def send(self, message: dict[str, Any]) -> None:
        """Queue the lines for what changed (only ``state`` messages say something changed)."""
        if self.closed or message.get("type") != "state":
            return
        for line in self.feed.update():
            self.line(line)

    def line(self, line: str) -> None:
        """Queue one line (a client that does not read is dropped)."""
        if self.closed:
            return
        if self.queue.qsize() >= 4 * MAX_LINE:
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(line)


class IssServer:
    """The ISS protocol on a hub (see the module doc)."""

    def __init__(self, hub: Hub, settings: IssSettings | None = None) -> None:
        self.hub = hub
        self.settings = settings or IssSettings()
        self.pending: dict[str, Pending] = {}
        self.sessions: set[Session] = set()
        self.last_name = 0
        self.gate_tasks: set[asyncio.Task[None]] = set()
        hub.on_load.append(self._loaded)

    async def serve(self, host: str, port: int) -> asyncio.Server:
        """Listen on ``host:port``."""
        return await asyncio.start_server(self.handle, host, port, limit=4 * MAX_LINE)

    def _loaded(self, room: Room) -> None:
        """A table read back after a restart: one made over ISS (named by a number) keeps
        its ways (``ready`` before each game, ``TI``, step bids)."""
        state = room.table.state
        if room.table.id.isdigit() and state is not None:
            self._adopt(room, frozenset(), gate=not state.history)
            if room.gate:
                self._gate_closed(room)

    def _adopt(self, room: Room, ready: frozenset[int], *, gate: bool = True) -> None:
        """Make ``room`` a table made over ISS: its human places say ``ready`` before each
        game (``ready``: those who said it for the first; ``gate``: the current game waits
        for it, as it does unless it is under way), its timeouts end games as on ISS, its
        computers bid one step at a time."""
        users = [p for p, seat in enumerate(room.table.config.seats) if seat.human]
        room.ready_players = frozenset(users)
        room.gate = set(users) - ready if gate else set()
        room.on_gate = self._gate_closed
        room.on_timeout = self._timeout
        room.step_bids = True

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One client connection, from its login to its end."""
        peer = writer.get_extra_info("peername")
        address = peer[0] if isinstance(peer, tuple) else "?"
        session = Session(writer, address)
        if not await self.hub.open_socket(address):
            await session.write("error _too_many too many connections from this address")
            await session.close()
            return
        self.sessions.add(session)
        lines = _lines(reader)
        try:
            if await self._login(session, lines):
                await self._commands(session, lines)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        finally:
            self.sessions.discard(session)
            await self.hub.close_socket(address)
            for table_id in list(session.conns):
                await self._leave(session, table_id)
            await session.close()

    # ------------------------------------------------------------------ login

    async def _login(self, session: Session, lines: AsyncIterator[str | Bad]) -> bool:
        try:
            async with asyncio.timeout(self.settings.login_timeout):
                first = await anext(lines, None)
                if not isinstance(first, str):
                    return False
                words = first.split()
                if len(words) == 3 and words[0] == "login":  # some clients send both at once
                    user, password = words[1], words[2]
                else:
                    user = first.strip()
                    await session.write("password:")
                    got = await anext(lines, None)
                    if not isinstance(got, str):
                        return False
                    password = got.strip()
        except TimeoutError:
            await session.write("error _timeout log in within the time")
            return False
        try:
            check_name(user)
        except LineError as exc:
            await session.write(f"error {exc.code} {exc.message}")
            return False
        if not password or len(password) > 200:
            await session.write("error _id_pw_mismatch a password is 1 to 200 characters")
            return False
        session.user = user
        session.key = await asyncio.get_running_loop().run_in_executor(
            None, user_key, user, password
        )
        await session.write(f"Welcome {user} skat-serve {PROTOCOL_VERSION}")
        return True

    async def _resume(self, session: Session) -> None:
        """Follow again every running table where the user holds a place; pass on the
        invitations made before the user logged in."""
        for pending in list(self.pending.values()):
            ticket = pending.tickets.get(session.user)
            if ticket is not None and session.user not in pending.players:
                await session.write(f"invite {pending.players[0]} .{pending.name} {ticket}")
        for room in list(self.hub.rooms.values()):
            player = self._place(session, room)
            if player is not None:
                await self._attach(session, room, player)

    def _place(self, session: Session, room: Room) -> int | None:
        """The user's place at a running three-seat table, if he holds one."""
        table = room.table
        if table.is_over or len(table.config.seats) != 3:
            return None
        return table.player_of(seat_token(session.key, table.id))

    # ------------------------------------------------------------------ commands

    async def _commands(self, session: Session, lines: AsyncIterator[str | Bad]) -> None:
        limiter = RateLimiter(self.hub.settings.rate, self.hub.settings.burst)
        strikes = Strikes(last=time.monotonic())
        resumed = False
        while not session.closed:
            nxt = asyncio.ensure_future(anext(lines, None))
            if not resumed:  # the tables are told at the first line or after a moment
                await asyncio.wait({nxt}, timeout=self.settings.resume_wait)
                await self._resume(session)
                resumed = True
            while not nxt.done():
                wait = None if self._busy(session) else self.settings.idle_timeout
                await asyncio.wait({nxt}, timeout=wait)
                if not nxt.done() and not self._busy(session):  # else: seated meanwhile
                    nxt.cancel()
                    await session.write("error _idle no table and no line for a long time")
                    return
            line = nxt.result()
            if line is None:
                return
            now = time.monotonic()
            if not self._answers_turn(session, line) and not limiter.allow(now):
                if strikes.add(now) >= MAX_STRIKES:
                    await session.write("error _flood too many lines: closing")
                    return
                where = command_of(line) if isinstance(line, str) else None
                await session.write(_error("_flood", "too many lines: slow down", session, where))
                continue
            if isinstance(line, Bad):
                await session.write(f"error {line.code} {line.message}")
                continue
            try:
                command = parse_command(line)
                if command.kind == "exit":  # logging out ends one's games as leaving them
                    for table_id in list(session.conns):
                        await self._left(session, table_id)
                    return
                await self._command(session, command)
            except LineError as exc:
                await session.write(_error(exc.code, exc.message, session, command_of(line)))

    def _busy(self, session: Session) -> bool:
        """Does the user sit at a table, wait for players or hold an invitation?"""
        if session.conns:
            return True
        return any(
            session.user in p.players or session.user in p.tickets for p in self.pending.values()
        )

    def _answers_turn(self, session: Session, line: str | Bad) -> bool:
        """Is ``line`` the first answer of the user's seat to its turn (or its ``ready`` that a
        game waits for)?  Those lines are never rate limited."""
        if not isinstance(line, str):
            return False
        words = line.split()
        if len(words) < 4 or words[0] != "table" or words[2] != session.user:
            return False
        table_id = words[1].lstrip(".")
        conn = session.conns.get(table_id)
        room = self.hub.rooms.get(table_id)
        if conn is None or room is None:
            return False
        if words[3] == "ready":
            return conn.player in room.gate
        if words[3] != "play" or room.gate or room.table.to_move() != conn.player:
            return False
        counter = room.table.counter
        if session.answered.get(table_id) == counter:
            return False
        session.answered[table_id] = counter
        return True

    async def _command(self, session: Session, command: Command) -> None:
        if command.user is not None and command.user != session.user:
            raise LineError("_forbidden", f"you are logged in as {session.user}")
        kind = command.kind
        if kind == "create":
            await self._create(session)
        elif kind == "join":
            assert command.table is not None
            await self._join(session, command.table, command.args)
        elif kind == "invite":
            await self._invite(session, command)
        elif kind == "play":
            await self._play(session, command)
        elif kind == "leave":
            assert command.table is not None
            await self._left(session, command.table)
            await self._leave(session, command.table)
        elif kind == "ready":
            await self._ready(session, command.table or "")
        elif kind == "34":
            await self._state_line(session, command.table or "")
        # tell, gametalk: talk is not kept

    async def _new_name(self) -> str:
        """A fresh table name: the next decimal number (:func:`skat.iss.names.next_name`)."""
        self.last_name = await next_name(
            self.last_name,
            lambda name: name not in self.pending and name not in self.hub.rooms,
            lambda number: self.hub._db(self.hub.storage.table_exists, str(number)),
        )
        return str(self.last_name)

    async def _create(self, session: Session) -> None:
        """A new table, or (for clients that always create and invite, never answer an
        invitation) the table where the user holds a place already, or the one he is
        invited to (module doc)."""
        for room in list(self.hub.rooms.values()):
            player = self._place(session, room)
            if player is not None and room.ready_players:
                await self._created(session, room.table.id)
                await self._leave(session, room.table.id)
                await self._attach(session, room, player, next_game=True)
                return
        for pending in list(self.pending.values()):
            if session.user in pending.players:
                continue
            if session.user in pending.tickets:
                await self._created(session, pending.name)
                await self._join_pending(session, pending, (pending.tickets[session.user],))
                return
        mine = sum(1 for p in self.pending.values() if p.players[0] == session.user)
        if mine >= MAX_PENDING:
            raise LineError("_too_many", f"at most {MAX_PENDING} tables waiting for players")
        if not await self.hub.may_create(session.address):
            raise LineError("_rate", "too many tables created from this address: wait a minute")
        name = await self._new_name()
        self.pending[name] = Pending(name, [session.user], {session.user: session.key})
        await self._created(session, name)

    async def _created(self, session: Session, name: str) -> None:
        await session.write(f"create .{name} {session.user} 3 -1 3 ? ? ? 0")

    async def _invite(self, session: Session, command: Command) -> None:
        pending = self.pending.get(command.table or "")
        if not 1 <= len(command.args) <= 2:
            raise LineError("_bad_invite", "invite one or two users")
        if pending is None or pending.players[0] != session.user:
            room = self.hub.rooms.get(command.table or "")
            known = set(room.table.players) if room is not None else set()
            if pending is not None and session.user in pending.players:
                known = {*pending.players, *pending.tickets}
            if known and session.user in known:
                return  # a player invites those who are there or invited already: no change
            raise LineError("_no_table", "invite to a table you created that waits for players")
        for name in command.args:
            level = computer_level(name)
            if level is not None:
                seat = name
                n = 2
                while seat in pending.players:
                    base = name.split(":")[0]
                    seat, n = f"{base}:{n}", n + 1
                pending.players.append(seat)
                pending.computers[seat] = level
                continue
            ticket = secrets.token_hex(4)
            pending.tickets[check_name(name)] = ticket
            for other in list(self.sessions):
                if other.user == name:
                    await other.write(f"invite {session.user} .{pending.name} {ticket}")
        if len(pending.players) > 3:
            del self.pending[pending.name]
            raise LineError("_full", "a table has three places: invite again at a new table")
        if len(pending.players) == 3:
            await self._open(pending)

    async def _join(self, session: Session, name: str, args: tuple[str, ...]) -> None:
        pending = self.pending.get(name)
        if pending is not None:
            await self._join_pending(session, pending, args)
            return
        room = self.hub.rooms.get(name)
        if room is None:
            raise LineError("_no_table", f"no table .{name}")
        table = room.table
        if len(table.config.seats) != 3:
            raise LineError("_unsupported", "ISS clients sit at tables of three")
        token = seat_token(session.key, table.id)
        player = table.player_of(token)
        if player is None:
            async with room.lock:
                free = table.free_places()
                if not free:
                    raise LineError("_full", "every place at this table is taken")
                named = [p for p in free if table.players[p] == session.user]
                player = (named or free)[0]
                table.claims[player] = token_hash(token)
                await self.hub._db(self.hub.storage.save_claims, table.id, dict(table.claims))
        await self._attach(session, room, player)

    async def _join_pending(
        self, session: Session, pending: Pending, args: tuple[str, ...]
    ) -> None:
        if session.user in pending.players:
            return
        ticket = pending.tickets.get(session.user)
        if pending.tickets and ticket is None:
            raise LineError("_not_invited", f"table .{pending.name} waits for invited users")
        if ticket is not None and args and args[0] != ticket:
            raise LineError("_bad_ticket", "that invitation ticket is not for you")
        if len(pending.players) >= 3:
            raise LineError("_full", "every place at this table is taken")
        pending.players.append(session.user)
        pending.keys[session.user] = session.key
        if len(pending.players) == 3:
            await self._open(pending)

    async def _open(self, pending: Pending) -> None:
        """Open a table whose three players are known on the hub."""
        del self.pending[pending.name]
        seats = [{"kind": pending.computers.get(n, "human"), "name": n} for n in pending.players]
        data = {
            "rules": self.settings.rules,
            "games": self.settings.games,
            "clock": self.settings.clock,
            "seats": seats,
        }
        users = [i for i, n in enumerate(pending.players) if n not in pending.computers]
        said = frozenset(i for i in users if pending.players[i] in pending.ready)

        def setup(room: Room) -> None:
            self._adopt(room, said)

        try:
            table, _, _ = await self.hub.create_table(data, table_id=pending.name, setup=setup)
        except ConfigError as exc:
            raise LineError("_config", str(exc)) from None
        room = self.hub.rooms[table.id]
        async with room.lock:
            table.claims.clear()
            for player in users:
                user = pending.players[player]
                table.claims[player] = token_hash(seat_token(pending.keys[user], table.id))
            await self.hub._db(self.hub.storage.save_claims, table.id, dict(table.claims))
        if room.gate:
            self._gate_closed(room)
        for other in list(self.sessions):
            if other.user in pending.players and other.user not in pending.computers:
                await self._attach(other, room, pending.players.index(other.user))

    async def _attach(
        self, session: Session, room: Room, player: int, *, next_game: bool = False
    ) -> None:
        table_id = room.table.id
        if table_id in session.conns:
            return
        conn = IssConnection(session, room, player, next_game=next_game)
        session.conns[table_id] = conn
        await self.hub.attach(room, conn)
        conn.line(state_line(room, player, session.user))
        conn.send({"type": "state"})

    async def _leave(self, session: Session, table_id: str) -> None:
        conn = session.conns.pop(table_id, None)
        room = self.hub.rooms.get(table_id)
        if conn is not None and room is not None:
            await self.hub.detach(room, conn)

    # ------------------------------------------------------------------ ready, timeouts

    async def _ready(self, session: Session, table_id: str) -> None:
        """``ready``: at a table waiting for players it counts for the first game; at a
        running table it opens the next game once every ISS seat has said it."""
        pending = self.pending.get(table_id)
        if pending is not None:
            if session.user in pending.players:
                pending.ready.add(session.user)
            return
        conn = session.conns.get(table_id)
        room = self.hub.rooms.get(table_id)
        if conn is None or room is None:
            return
        if conn.player not in room.gate:
            if not room.gate and conn.feed.game > len(room.table.finished_games) + 1:
                room.early.add(conn.feed.player)  # back for the next game: ready for it
            return
        self.hub.open_gate(room, conn.player)
        for other in list(room.connections):
            if isinstance(other, IssConnection):
                other.line(state_line(room, other.player, other.feed.name))

    async def _state_line(self, session: Session, table_id: str) -> None:
        """``34`` (the JSkat client's seat change): the places are fixed; the table's state."""
        conn = session.conns.get(table_id)
        room = self.hub.rooms.get(table_id)
        if conn is None or room is None:
            raise LineError("_not_at_table", f"you do not sit at table .{table_id}")
        conn.line(state_line(room, conn.player, session.user))

    def _gate_closed(self, room: Room) -> None:
        """A game waits for ``ready``: the series ends if it does not come in time."""
        number = room.table.series.number
        task = asyncio.get_running_loop().create_task(self._gate_timeout(room, number))
        self.gate_tasks.add(task)
        task.add_done_callback(self.gate_tasks.discard)

    async def _gate_timeout(self, room: Room, number: int) -> None:
        await asyncio.sleep(self.settings.ready_timeout)
        table = room.table
        if not room.gate or table.series.number != number or table.is_over:
            return
        async with room.lock:
            missing = ", ".join(table.players[p] for p in sorted(room.gate))
            log.info("table %s: no ready from %s: the series ends", table.id, missing)
            await self.hub.end_series(room)
        for conn in list(room.connections):
            if isinstance(conn, IssConnection):
                conn.line(
                    f"table .{table.id} {conn.feed.name} tell server no ready from "
                    f"{missing}: the series ends"
                )
                conn.line(f"destroy .{table.id}")
        room.gate.clear()

    async def _timeout(self, room: Room, player: int, counter: int) -> bool:
        """The move clock ran out for ``player``: the game ends by his timeout as on ISS, in
        every phase (``w TI.<seat>``: during the play the declarer's resignation or the
        defenders'; before the declaration a penalty record, :meth:`Table.end_game`).
        False (the clock's move is made instead) only if the table moved meanwhile."""
        try:
            await self.hub.end_game(room, player, "TI", counter)
        except ActionRefused as exc:
            log.warning("table %s: the timeout could not end the game: %s", room.table.id, exc)
            return False
        return True

    async def _left(self, session: Session, table_id: str) -> None:
        """The user leaves a table made over ISS (``leave``, or logs out) while his seat plays
        a game: it ends as on ISS by his leaving (``w LE.<seat>``).  Between games (the next
        one waits for ``ready``) and at other tables nothing ends: the place stays his."""
        conn = session.conns.get(table_id)
        room = self.hub.rooms.get(table_id)
        if conn is None or conn.player is None or room is None:
            return
        if not room.ready_players or room.gate:
            return
        table = room.table
        state = table.state
        if state is None or state.is_over or table.seat_of(conn.player) is None:
            return
        try:
            await self.hub.end_game(room, conn.player, "LE", table.counter)
        except ActionRefused as exc:
            log.warning("table %s: leaving could not end the game: %s", table.id, exc)

    # ------------------------------------------------------------------ moves

    async def _play(self, session: Session, command: Command) -> None:
        table_id = command.table or ""
        conn = session.conns.get(table_id)
        room = self.hub.rooms.get(table_id)
        if conn is None or room is None:
            raise LineError("_not_at_table", f"you do not sit at table .{table_id}")
        table = room.table
        state = table.state
        seat = table.seat_of(conn.player)
        if state is None or seat is None:
            raise LineError("_over", "no game of yours is running at this table")
        if room.gate:
            raise LineError("_not_ready", "the next game starts when every player said ready")
        move = command.args[0]
        try:
            texts = to_engine(move, state.phase, seat)
            shown = shown_cards(move)
        except MoveError as exc:
            raise LineError("_bad_move", str(exc)) from None
        if shown and CardSet(shown) != state.hand(seat) - _discards(texts):
            raise LineError("_bad_move", "an ouvert declaration lists the cards you keep")
        if len(texts) == 2:  # the discards and the declaration: both or neither
            sim = state.copy()
            try:
                sim.apply(sim.validate(texts[0], seat), seat)
                sim.validate(texts[1], seat)
            except IllegalActionError as exc:
                raise LineError("_illegal", str(exc)) from None
        for text in texts:
            try:
                await self.hub.act(room, conn.player, text, table.counter)
            except ActionRefused as exc:
                raise LineError(f"_{exc.code}", exc.message) from None


def state_line(room: Room, player: int | None, name: str) -> str:
    """The table's ``state`` line as the JSkat client reads it: the places, then for each
    place its name, address (``.`` a user, ``$`` a computer), games played and won, last
    game's score, total, 34-switch, a field unknown (0), talk, ready; a fourth empty place
    (three-seat tables) and whether a game is running."""
    table = room.table
    series = table.series
    names = ["_".join(n.split()) for n in table.players]
    if player is not None:
        names[player] = name
    blocks = []
    for p, who in enumerate(names):
        human = table.config.seats[p].human
        won = series.won[p]
        games = won + series.lost[p]
        last = 0
        if series.records:
            last = series.records[-1].totals[p] - (
                series.records[-2].totals[p] if len(series.records) > 1 else 0
            )
        ready = int(not human or p not in room.gate)
        where = "." if human else "$"
        blocks.append(f"{who} {where} {games} {won} {last} {series.totals[p]} 0 0 1 {ready}")
    running = "true" if table.state is not None and not room.gate else "false"
    return (
        f"table .{table.id} {name} state 3 {' '.join(names)} . {' '.join(blocks)} "
        f". . 0 0 0 0 0 0 0 0 {running}"
    )


def _discards(texts: list[str]) -> CardSet:
    return CardSet.parse(texts[0].replace(".", " ")) if len(texts) == 2 else CardSet()


def command_of(line: str) -> tuple[str, str] | None:
    """The table and user a ``table`` line names (for its error line), if any."""
    words = line.split()
    if len(words) >= 3 and words[0] == "table":
        return words[1], words[2]
    return None


def _printable(text: str) -> str:
    """``text`` with every control character (raw bytes a client sent) shown as ``?``."""
    return "".join(c if c.isprintable() else "?" for c in text)


def _error(code: str, message: str, session: Session, where: tuple[str, str] | None) -> str:
    text = _printable(" ".join(message.split())[:200])
    if where is not None and where[1] == session.user:
        return f"table {_printable(where[0][:41])} {session.user} error {code} {text}"
    return f"error {code} {text}"


@dataclass(frozen=True)
class Bad:
    """A line that is no command: too long, or not UTF-8 text (its error code and message)."""

    code: str
    message: str


TOO_LONG: Final = Bad("_too_long", f"a line has at most {MAX_LINE} bytes")
NOT_TEXT: Final = Bad("_not_utf8", "a line is UTF-8 text")


async def _lines(reader: asyncio.StreamReader) -> AsyncIterator[str | Bad]:
    """The lines a client sends (``\\r`` dropped); :data:`TOO_LONG` for a line over
    :data:`MAX_LINE` bytes (the rest of it is skipped), :data:`NOT_TEXT` for one that is no
    UTF-8 text."""
    buffer = b""
    skipping = False
    while True:
        chunk = await reader.read(4096)
        if not chunk:
            return
        buffer += chunk
        while True:
            end = buffer.find(b"\n")
            if end < 0:
                if len(buffer) > MAX_LINE:
                    if not skipping:
                        yield TOO_LONG
                    skipping, buffer = True, b""
                break
            raw, buffer = buffer[:end], buffer[end + 1 :]
            if skipping:
                skipping = False
                continue
            if len(raw) > MAX_LINE:
                yield TOO_LONG
                continue
            try:
                yield raw.decode("utf-8").rstrip("\r")
            except UnicodeDecodeError:
                yield NOT_TEXT
