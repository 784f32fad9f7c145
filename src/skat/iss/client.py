"""``skat iss``: a computer player on an ISS server.

:class:`IssClient` logs in, then either creates a table and invites two users (``invite``)
or waits for an invitation and joins; it plays every game with a :mod:`skat.ai` agent on a
:class:`~skat.iss.shadow.Shadow` of the game, appends each finished game's record (the
server's ``end`` line) to a file, and after a dropped connection logs in again: the server
puts it back at its place and tells the running game again from its start.
"""

from __future__ import annotations

import logging
import select
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TextIO

from skat.ai.agent import SafeAgent, fallback_action
from skat.core.actions import Action, Bid, Declare, Discard, Resign
from skat.core.cards import CardSet
from skat.core.rules import ISS, Rules
from skat.core.state import Phase
from skat.iss.codes import HIDDEN
from skat.iss.shadow import Shadow, ShadowError

__all__ = ["ClientOptions", "IssClient", "iss_move"]

log: Final = logging.getLogger("skat.iss.client")


@dataclass
class ClientOptions:
    """What the client does: where, who, how many games, with whom."""

    host: str
    port: int
    user: str
    password: str
    games: int = 1
    invite: Sequence[str] = ()
    join: str | None = None
    records: Path | None = None
    rules: Rules = ISS
    retries: int = 20
    timeout: float = 600.0
    step_bids: bool = False
    """Bid one step at a time (for tables with clients that cannot read a jump bid)."""


class Dropped(Exception):
    """The connection went away."""


class LineReader:
    """The server's lines from a socket, and whether more are waiting already (the client
    acts only on the last position it was told: after a reconnection the server tells the
    game so far again, and none of those positions is to be answered)."""

    QUIET: Final = 0.05
    """Seconds without a new line after which the position told is the current one."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.buffer = b""

    def readline(self) -> str:
        """The next line (``""`` when the server closed the connection)."""
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                return ""
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", "replace") + "\n"

    def waiting(self) -> bool:
        """Is another line here, or about to come?"""
        if b"\n" in self.buffer:
            return True
        ready, _, _ = select.select([self.sock], [], [], self.QUIET)
        return bool(ready)


class IssClient:
    """One player on an ISS server (module doc)."""

    def __init__(
        self, options: ClientOptions, agent: SafeAgent, say: Callable[[str], None]
    ) -> None:
        self.o = options
        self.agent = agent
        self.report = say  # (not "say": the catalogs' keyword)
        self.played = 0
        self.created = False
        self.table = ""
        self.shadow: Shadow | None = None
        self.seat = -1
        self.asked = -1
        self.fell_back = -1
        self.refused = False
        self.file: TextIO | None = None
        self.out: socket.socket | None = None

    # ------------------------------------------------------------------ connection

    def run(self) -> int:
        """Play ``games`` games; the number played."""
        failures = 0
        while self.played < self.o.games:
            try:
                with socket.create_connection((self.o.host, self.o.port), timeout=10) as sock:
                    sock.settimeout(self.o.timeout)
                    self.out = sock
                    failures = 0
                    self._session(LineReader(sock))
            except (OSError, Dropped) as exc:
                failures += 1
                if failures > self.o.retries:
                    raise ConnectionError(f"{self.o.host}:{self.o.port}: {exc}") from None
                self.report(f"connection lost ({exc}); again in 1 s")
                time.sleep(1.0)
        return self.played

    def send(self, line: str) -> None:
        """Send one line."""
        assert self.out is not None
        log.debug("> %s", line)
        self.out.sendall(line.encode() + b"\n")

    def _read(self, reader: LineReader) -> str:
        line = reader.readline()
        if not line:
            raise Dropped("the server closed the connection")
        log.debug("< %s", line.rstrip())
        return line.rstrip("\r\n")

    def _session(self, reader: LineReader) -> None:
        self.send(self.o.user)
        while "password" not in self._read(reader):
            pass
        self.send(self.o.password)
        while True:
            line = self._read(reader)
            if line.startswith("Welcome"):
                break
            if line.startswith("error"):
                raise ConnectionError(f"login refused: {line}")
        if self.o.join is not None:
            self.table = self.o.join.lstrip(".")
            self.send(f"join .{self.table}")
            self.send(f"table .{self.table} {self.o.user} ready")
        elif self.o.invite and not self.created:
            self.send("create / 3")
        elif self.table:  # back after a dropped connection: ready, if a game waits for it
            self.send(f"table .{self.table} {self.o.user} ready")
        while self.played < self.o.games:
            self.handle(self._read(reader), settled=lambda: not reader.waiting())
        self.send(f"table .{self.table} {self.o.user} leave")

    # ------------------------------------------------------------------ lines

    def handle(self, line: str, settled: Callable[[], bool] = lambda: True) -> None:
        """React to one line of the server: follow the game; if it is our turn (or our move
        was refused) and ``settled()`` (no later line is waiting), answer."""
        self._follow(line)
        if self._due() and settled():
            self._act()

    def _due(self) -> bool:
        shadow = self.shadow
        if self.refused:
            return True
        return (
            shadow is not None
            and not shadow.state.is_over
            and shadow.state.to_move == self.seat
            and len(shadow.state.history) != self.asked
        )

    def _follow(self, line: str) -> None:
        words = line.split()
        if not words:
            return
        if words[0] == "create" and len(words) >= 3 and words[2] == self.o.user:
            self.created = True
            self.table = words[1][1:]
            self.send(f"table .{self.table} {self.o.user} invite {' '.join(self.o.invite)}")
            self.send(f"table .{self.table} {self.o.user} ready")
        elif words[0] == "invite" and len(words) >= 3 and not self.table:
            self.table = words[2][1:]
            self.send(f"join {words[2]} {' '.join(words[3:4])}".rstrip())
            self.send(f"table .{self.table} {self.o.user} ready")
        elif words[0] == "table" and len(words) >= 4 and words[2] == self.o.user:
            self._table(words[1][1:], words[3], words[4:], line)
        elif words[0] == "error":
            self.report(line)

    def _table(self, table: str, kind: str, args: list[str], line: str) -> None:
        self.table = table
        if kind == "start":
            names = args[1::2][:3]
            self.seat = names.index(self.o.user) if self.o.user in names else -1
            self.shadow = None
            self.asked = -1
        elif kind == "play" and len(args) >= 2:
            self._told(args[0], args[1])
        elif kind == "end":
            self._end(line[line.index("(") :] if "(" in line else "")
        elif kind == "error":
            self.report(line)
            self.refused = True

    def _told(self, who: str, move: str) -> None:
        if who == "w" and "|" in move:
            hands = move.split("|")[:3]
            mine = [i for i, h in enumerate(hands) if HIDDEN not in h]
            if len(mine) == 1:  # the deal shows this seat's cards only: that is its seat
                self.seat = mine[0]
            if self.seat < 0:
                return
            hand = CardSet.parse(hands[self.seat].replace(".", " "))
            self.shadow = Shadow(self.seat, hand, self.o.rules, seed=len(self.o.user))
        elif self.shadow is not None:
            try:
                self.shadow.told(who, move)
            except (ShadowError, ValueError) as exc:
                self.report(f"cannot follow the move {who} {move}: {exc}")
                self.shadow = None

    def _act(self) -> None:
        """Answer the position last told (once), or a refusal of our move."""
        if self.refused:
            self.refused = False
            self._error()
        else:
            self._move()

    def _move(self) -> None:
        shadow = self.shadow
        if shadow is None:
            return
        state = shadow.state
        if state.is_over or state.to_move != self.seat or len(state.history) == self.asked:
            return
        if state.phase == Phase.DISCARD and not shadow.skat:
            return  # its own pick-up: the skat's cards come in the next line
        self.asked = len(state.history)
        self.send(f"table .{self.table} {self.o.user} play {self._choose()}")

    def _choose(self) -> str:
        assert self.shadow is not None
        view = self.shadow.view()
        action = self.agent.choose(view)
        if self.o.step_bids and isinstance(action, Bid):
            action = step_bid(action, view.legal_actions)
        if isinstance(action, Discard):  # ISS says the discards with the declaration
            sim = self.shadow.state.copy()
            sim.apply(action, self.seat)
            decl = self.agent.choose(sim.view(self.seat))
            if not isinstance(decl, Declare):
                decl = fallback_action(sim.view(self.seat))
            return iss_move(decl, sim.hand(self.seat), action)
        return iss_move(action, view.hand)

    def _error(self) -> None:
        """Our move was refused: a safe legal move instead (once a move: a refused
        fallback is not sent again and again)."""
        if self.shadow is None or self.shadow.state.to_move != self.seat:
            return
        if self.fell_back == len(self.shadow.state.history):
            return
        self.fell_back = len(self.shadow.state.history)
        view = self.shadow.view()
        action = fallback_action(view)
        if isinstance(action, Discard):  # the discards go with a declaration
            sim = self.shadow.state.copy()
            sim.apply(action, self.seat)
            decl = fallback_action(sim.view(self.seat))
            self.send(
                f"table .{self.table} {self.o.user} play {iss_move(decl, sim.hand(self.seat), action)}"
            )
            return
        self.send(f"table .{self.table} {self.o.user} play {iss_move(action, view.hand)}")

    def _end(self, record: str) -> None:
        self.played += 1
        self.shadow = None
        if self.o.records is not None and record:
            with self.o.records.open("a", encoding="utf-8") as f:
                f.write(record + "\n")
        self.report(f"game {self.played} over")
        if self.played < self.o.games:
            self.send(f"table .{self.table} {self.o.user} ready")


def step_bid(bid: Bid, legal: Sequence[Action]) -> Bid:
    """The lowest bid allowed instead of a higher one (one step at a time; the seat is asked
    again at the next step and bids on as long as its choice is higher).

    >>> str(step_bid(Bid.of(30), [Bid.of(18), Bid.of(20)])), str(step_bid(Bid.of(18), [Bid.of(18)]))
    ('18', '18')
    """
    steps = [a for a in legal if isinstance(a, Bid)]
    lowest = min(steps, key=lambda b: b.value) if steps else bid
    return lowest if lowest.value < bid.value else bid


def iss_move(action: Action, hand: CardSet, discard: Discard | None = None) -> str:
    """The ISS text of one of our actions (``hand``: the cards kept, for an ouvert game).

    >>> from skat.core.actions import Discard, Declare, Resign
    >>> iss_move(Declare.parse("G"), CardSet(), Discard.parse("CJ.SJ"))
    'G.CJ.SJ'
    >>> iss_move(Resign(2), CardSet()), iss_move(Declare.parse("NOH"), CardSet.parse("C7 S7"))
    ('RE', 'NOH.C7.S7')
    """
    if isinstance(action, Resign):
        return "RE"
    text = str(action)
    if isinstance(action, Declare):
        if discard is not None:
            text = f"{text}.{discard}"
        if action.contract.ouvert:
            text += "." + ".".join(c.name for c in hand)
    return text
