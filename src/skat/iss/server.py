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
from skat.server.hub import MAX_STRIKES, Connection, Hub, Room, new_table_id
from skat.server.protocol import RateLimiter
from skat.server.table import ActionRefused, ConfigError, token_hash

__all__ = ["IssConnection", "IssServer", "IssSettings", "seat_token"]

log: Final = logging.getLogger("skat.iss")
PROTOCOL_VERSION: Final = "14"
"""The protocol version said in the welcome line (the one open clients check)."""
MAX_PENDING: Final = 4
"""Tables one user may have waiting for players."""


@dataclass
class IssSettings:
    """Tables made over ISS: their rules, series length and move clock (seconds a player
    has for a move, then the server moves for him: a client that hangs does not stop the
    table); the time a login may take."""

    rules: str = "iss"
    games: int = 36
    clock: int = 120
    login_timeout: float = 30.0


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
    """A table made over ISS whose players are not all known yet."""

    name: str
    players: list[str]
    keys: dict[str, bytes]
    tickets: dict[str, str] = field(default_factory=dict)


class Session:
    """One client connection: its user, its key, the tables it follows."""

    def __init__(self, writer: asyncio.StreamWriter, address: str) -> None:
        self.writer = writer
        self.address = address
        self.user = ""
        self.key = b""
        self.conns: dict[str, IssConnection] = {}
        self.closed = False

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

    def __init__(self, session: Session, room: Room, player: int) -> None:
        super().__init__(session.write, session.close)
        self.feed = Feed(room.table, player, session.user)
        self.player = player
        self.greeted = True

    def send(self, message: dict[str, Any]) -> None:
        """Queue the lines for what changed (only ``state`` messages say something changed)."""
        if self.closed or message.get("type") != "state":
            return
        for line in self.feed.update():
            if self.queue.qsize() >= 4 * MAX_LINE:  # a client that does not read
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

    async def serve(self, host: str, port: int) -> asyncio.Server:
        """Listen on ``host:port``."""
        return await asyncio.start_server(self.handle, host, port, limit=4 * MAX_LINE)

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
                await self._resume(session)
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

    async def _login(self, session: Session, lines: AsyncIterator[str | None]) -> bool:
        try:
            async with asyncio.timeout(self.settings.login_timeout):
                first = await anext(lines, None)
                if first is None:
                    return False
                words = first.split()
                if len(words) == 3 and words[0] == "login":  # some clients send both at once
                    user, password = words[1], words[2]
                else:
                    user = first.strip()
                    await session.write("password:")
                    got = await anext(lines, None)
                    if got is None:
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
            table = room.table
            if table.is_over or len(table.config.seats) != 3:
                continue
            player = table.player_of(seat_token(session.key, table.id))
            if player is not None:
                await self._attach(session, room, player)

    # ------------------------------------------------------------------ commands

    async def _commands(self, session: Session, lines: AsyncIterator[str | None]) -> None:
        limiter = RateLimiter(self.hub.settings.rate, self.hub.settings.burst)
        strikes = 0
        async for line in lines:
            if session.closed:
                return
            if not limiter.allow(time.monotonic()):
                strikes += 1
                if strikes >= MAX_STRIKES:
                    await session.write("error _flood too many lines: closing")
                    return
                if strikes == 1 or strikes % 10 == 0:
                    await session.write("error _flood too many lines: slow down")
                continue
            if line is None:
                await session.write(f"error _too_long a line has at most {MAX_LINE} bytes")
                continue
            try:
                command = parse_command(line)
                if command.kind == "exit":
                    return
                await self._command(session, command)
            except LineError as exc:
                await session.write(_error(exc.code, exc.message, session, command_of(line)))

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
            await self._leave(session, command.table)
        # ready, tell, gametalk: the table deals the next game by itself; talk is not kept

    async def _create(self, session: Session) -> None:
        mine = sum(1 for p in self.pending.values() if p.players[0] == session.user)
        if mine >= MAX_PENDING:
            raise LineError("_too_many", f"at most {MAX_PENDING} tables waiting for players")
        if not await self.hub.may_create(session.address):
            raise LineError("_rate", "too many tables created from this address: wait a minute")
        name = new_table_id()
        self.pending[name] = Pending(name, [session.user], {session.user: session.key})
        await session.write(f"create .{name} {session.user} 3 -1 3 ? ? ? 0")

    async def _invite(self, session: Session, command: Command) -> None:
        pending = self.pending.get(command.table or "")
        if pending is None or pending.players[0] != session.user:
            raise LineError("_no_table", "invite to a table you created that waits for players")
        if not 1 <= len(command.args) <= 2:
            raise LineError("_bad_invite", "invite one or two users")
        for name in command.args:
            ticket = secrets.token_hex(4)
            pending.tickets[check_name(name)] = ticket
            for other in list(self.sessions):
                if other.user == name:
                    await other.write(f"invite {session.user} .{pending.name} {ticket}")

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
        if pending.tickets and ticket is not None and args and args[0] != ticket:
            raise LineError("_bad_ticket", "that invitation ticket is not for you")
        pending.players.append(session.user)
        pending.keys[session.user] = session.key
        if len(pending.players) < 3:
            return
        del self.pending[pending.name]
        seats = [{"kind": "human", "name": n} for n in pending.players]
        data = {
            "rules": self.settings.rules,
            "games": self.settings.games,
            "clock": self.settings.clock,
            "seats": seats,
        }
        try:
            table, _, _ = await self.hub.create_table(data, table_id=pending.name)
        except ConfigError as exc:
            raise LineError("_config", str(exc)) from None
        room = self.hub.rooms[table.id]
        async with room.lock:
            for player, user in enumerate(pending.players):
                table.claims[player] = token_hash(seat_token(pending.keys[user], table.id))
            await self.hub._db(self.hub.storage.save_claims, table.id, dict(table.claims))
        for other in list(self.sessions):
            if other.user in pending.players:
                await self._attach(other, room, pending.players.index(other.user))

    async def _attach(self, session: Session, room: Room, player: int) -> None:
        table_id = room.table.id
        if table_id in session.conns:
            return
        conn = IssConnection(session, room, player)
        session.conns[table_id] = conn
        await self.hub.attach(room, conn)
        conn.send({"type": "state"})

    async def _leave(self, session: Session, table_id: str) -> None:
        conn = session.conns.pop(table_id, None)
        room = self.hub.rooms.get(table_id)
        if conn is not None and room is not None:
            await self.hub.detach(room, conn)

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


def _discards(texts: list[str]) -> CardSet:
    return CardSet.parse(texts[0].replace(".", " ")) if len(texts) == 2 else CardSet()


def command_of(line: str) -> tuple[str, str] | None:
    """The table and user a ``table`` line names (for its error line), if any."""
    words = line.split()
    if len(words) >= 3 and words[0] == "table":
        return words[1], words[2]
    return None


def _error(code: str, message: str, session: Session, where: tuple[str, str] | None) -> str:
    text = " ".join(message.split())[:200]
    if where is not None and where[1] == session.user:
        return f"table {where[0][:41]} {session.user} error {code} {text}"
    return f"error {code} {text}"


async def _lines(reader: asyncio.StreamReader) -> AsyncIterator[str | None]:
    """The lines a client sends (``\\r`` dropped); ``None`` for a line over :data:`MAX_LINE`
    bytes or one that is no UTF-8 text (the rest of such a line is skipped)."""
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
                        yield None
                    skipping, buffer = True, b""
                break
            raw, buffer = buffer[:end], buffer[end + 1 :]
            if skipping:
                skipping = False
                continue
            if len(raw) > MAX_LINE:
                yield None
                continue
            try:
                yield raw.decode("utf-8").rstrip("\r")
            except UnicodeDecodeError:
                yield None
