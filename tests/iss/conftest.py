"""One ``skat serve --iss-port`` for the ISS tests, and a plain line client."""

from __future__ import annotations

import socket
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from tests.server.live import free_port, server

from skat.ai.agent import SafeAgent
from skat.ai.arena import make_agent
from skat.iss.client import ClientOptions, IssClient


@dataclass
class Live:
    """The running server: its web and ISS ports, its data folder."""

    web: int
    iss: int
    data: Path


@pytest.fixture(scope="package")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    data = tmp_path_factory.mktemp("iss-serve")
    web, iss = free_port(), free_port()
    while iss == web:  # two free ports, not one twice
        iss = free_port()
    options = ("--iss-port", str(iss), "--iss-games", "2", "--rate", "200")
    with server(str(data), web, 0.0, options):  # the ISS port opens before the web port
        yield Live(web, iss, data)


class Line:
    """A test's own ISS connection: send lines, wait for lines."""

    def __init__(self, port: int, user: str, password: str = "pw") -> None:
        self.user = user
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=120)
        self.file = self.sock.makefile("r", encoding="utf-8")
        self.seen: list[str] = []
        self.send(user)
        assert "password" in self.read()
        self.send(password)
        assert self.read().startswith(f"Welcome {user}")

    def send(self, line: str | bytes) -> None:
        data = line if isinstance(line, bytes) else line.encode()
        self.sock.sendall(data + b"\n")

    def read(self) -> str:
        line = self.file.readline()
        assert line, "the server closed the connection"
        self.seen.append(line.rstrip("\n"))
        return self.seen[-1]

    def until(self, *words: str) -> str:
        """The next line holding every word."""
        while True:
            line = self.read()
            if all(w in line.split() for w in words):
                return line

    def close(self) -> None:
        self.file.close()
        self.sock.close()


def table_of(creator: Line, *others: Line) -> str:
    """A table made by ``creator`` with the others joined, all three ready for the first
    game (a table made over ISS deals each game once every ISS seat said ``ready``); the
    table name (no dot)."""
    creator.send("create / 3")
    name = creator.until("create").split()[1][1:]
    for other in others:
        other.send(f"join .{name}")
    for player in (creator, *others):
        player.send(f"table .{name} {player.user} ready")
    return name


def bins(argv: list[str]) -> list[str]:
    return [sys.executable, "-m", "skat.cli.main", *argv]


class ClientThread(threading.Thread):
    """The project's ISS client (what ``skat iss`` runs) in a thread of the test."""

    def __init__(self, port: int, user: str, agent: str, **options: Any) -> None:
        super().__init__(daemon=True)
        opts = ClientOptions("127.0.0.1", port, user, "pw", retries=3, timeout=60, **options)
        self.client = IssClient(opts, SafeAgent(make_agent(agent, seed=1)), lambda _: None)
        self.played = -1
        self.start()

    def run(self) -> None:
        self.played = self.client.run()
