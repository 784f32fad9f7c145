"""A test client that behaves on ISS the way the go-skat bot does (github dranidis/go-skat,
read for the protocol facts in ``tests/data/iss/protocol/``; no code of it is here).

What it does, and where a server that does not speak ISS as real bots expect makes it fail
(each failure is what go-skat does: crash, hang or refuse):

- the login reads one reply at a time, each with a fresh buffer: whatever the server sent in
  the same packet as ``Welcome`` is lost (:attr:`lost_after_welcome`);
- it always sends ``create / 3`` and reads the table name of ``create .<T> <user> …`` as a
  decimal number (a name that is none is a crash), then invites two players (users or the
  server's computers, ``xskat``) and never answers an ``invite`` line;
- before every game it sends ``table .T U ready`` and waits for the game's ``end``: a game
  dealt before its ``ready`` is a crash;
- it bids one step at a time and reads another seat's bid as the next step of the ladder:
  a jump bid is a crash;
- ``play w TI.<seat>`` is a timeout; ``destroy .T`` the end of the table.

``die_in_play``: it stops answering once the game is declared (a killed bot) and closes
its connection; ``die_in_bidding``: the same at its first turn in the bidding.
"""

from __future__ import annotations

import socket
import threading
from dataclasses import dataclass, field

from skat.ai.agent import SafeAgent
from skat.ai.heuristic import HeuristicAgent
from skat.core.actions import Bid, Declare, Discard
from skat.core.cards import CardSet
from skat.core.rules import ISS
from skat.core.state import Phase
from skat.iss.client import iss_move
from skat.iss.shadow import Shadow, ShadowError


class Crash(Exception):
    """What makes go-skat exit or hang."""


@dataclass
class Outcome:
    """What happened: games ended, records, lines refused, the crash if any."""

    lines: list[str] = field(default_factory=list)
    ends: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    timeouts: list[str] = field(default_factory=list)
    crash: str = ""
    destroyed: bool = False
    table: int = -1
    lost_after_welcome: bytes = b""


class GoSkatLike(threading.Thread):
    """One go-skat-like bot (module doc) playing ``games`` games in a thread."""

    def __init__(
        self,
        port: int,
        user: str,
        games: int,
        invite: tuple[str, str],
        *,
        die_in_play: bool = False,
        die_in_bidding: bool = False,
        timeout: float = 120.0,
    ) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.user = user
        self.games = games
        self.invite = invite
        self.die_in_play = die_in_play
        self.die_in_bidding = die_in_bidding
        self.timeout = timeout
        self.out = Outcome()
        self.sock: socket.socket | None = None
        self.buffer = b""
        self.readies = 0
        self.started = 0
        self.shadow: Shadow | None = None
        self.seat = -1
        self.asked = -1
        self.agent = SafeAgent(HeuristicAgent())
        self.start()

    # ------------------------------------------------------------------ wire

    def send(self, line: str) -> None:
        assert self.sock is not None
        self.sock.sendall(line.encode() + b"\n")

    def _one_reply(self) -> str:
        """A reply read with a fresh buffer, as go-skat's login does: the rest is lost."""
        assert self.sock is not None
        data = b""
        while b"\n" not in data:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise Crash("the server closed the connection in the login")
            data += chunk
        line, _, rest = data.partition(b"\n")
        self.out.lost_after_welcome = rest
        return line.decode()

    def readline(self) -> str:
        assert self.sock is not None
        while b"\n" not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Crash("the server closed the connection")
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        self.out.lines.append(line.decode())
        return self.out.lines[-1]

    # ------------------------------------------------------------------ the bot

    def run(self) -> None:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=self.timeout) as s:
                self.sock = s
                self._play()
        except Crash as exc:
            self.out.crash = str(exc)
        except OSError as exc:
            self.out.crash = f"hang or lost connection: {exc}"

    def _play(self) -> None:
        self.send(self.user)
        if "password" not in self._one_reply():
            raise Crash("no password prompt")
        self.send("pw")
        if not self._one_reply().startswith("Welcome"):
            raise Crash("not logged in")
        self.send("create / 3")
        while True:
            words = self.readline().split()
            if words[:1] == ["create"] and len(words) > 2 and words[2] == self.user:
                try:
                    self.out.table = int(words[1][1:])
                except ValueError:
                    raise Crash(f"the table name {words[1]} is no number") from None
                break
        self.send(f"table .{self.out.table} {self.user} invite {self.invite[0]} {self.invite[1]}")
        for _ in range(self.games):
            self.send(f"table .{self.out.table} {self.user} ready")
            self.readies += 1
            if not self._until_end():
                return
        self.send(f"table .{self.out.table} {self.user} leave")

    def _until_end(self) -> bool:
        """Follow one game to its end (False: the bot stops: died, or the table is gone)."""
        prefix = f"table .{self.out.table} {self.user} "
        while True:
            line = self.readline()
            if line == f"destroy .{self.out.table}":
                self.out.destroyed = True
                return False
            if not line.startswith(prefix):
                continue
            words = line.split()
            kind = words[3]
            if kind == "start":
                self.started += 1
                if self.started > self.readies:
                    raise Crash(f"game {words[4]} came before its ready")
                self.seat = words[5::2].index(self.user)
            elif kind == "end":
                self.out.ends.append(line[line.index("(") :])
                self.shadow = None
                return True
            elif kind == "error":
                self.out.refused.append(line)
            elif kind == "play" and len(words) > 5 and not self._told(words[4], words[5]):
                return False

    def _told(self, who: str, move: str) -> bool:
        if who == "w" and "|" in move:
            hand = CardSet.parse(move.split("|")[self.seat].replace(".", " "))
            self.shadow = Shadow(self.seat, hand, ISS, seed=self.seat)
            self.asked = -1
        elif who == "w" and move.startswith("TI."):
            self.out.timeouts.append(move)
            return True
        elif self.shadow is not None:
            if who != "w" and int(who) != self.seat and move.isdigit():
                steps = [a.value for a in self.shadow.state.legal_actions() if isinstance(a, Bid)]
                if steps and int(move) != min(steps):
                    raise Crash(f"a jump bid {move} (the next step is {min(steps)})")
            try:
                self.shadow.told(who, move)
            except (ShadowError, ValueError) as exc:
                raise Crash(f"cannot follow {who} {move}: {exc}") from None
        return self._move()

    def _move(self) -> bool:
        shadow = self.shadow
        if shadow is None:
            return True
        state = shadow.state
        if state.is_over or state.to_move != self.seat or len(state.history) == self.asked:
            return True
        if state.phase == Phase.DISCARD and not shadow.skat:
            return True
        dies = Phase.PLAY if self.die_in_play else Phase.BIDDING if self.die_in_bidding else None
        if state.phase == dies:
            assert self.sock is not None
            self.sock.close()  # killed in the middle of the game
            return False
        self.asked = len(state.history)
        view = shadow.view()
        action = self.agent.choose(view)
        if isinstance(action, Bid):
            steps = [a for a in view.legal_actions if isinstance(a, Bid)]
            action = min(steps, key=lambda b: b.value)
        if isinstance(action, Discard):
            sim = state.copy()
            sim.apply(action, self.seat)
            decl = self.agent.choose(sim.view(self.seat))
            assert isinstance(decl, Declare)
            text = iss_move(decl, sim.hand(self.seat), action)
        else:
            text = iss_move(action, view.hand)
        self.send(f"table .{self.out.table} {self.user} play {text}")
        return True
