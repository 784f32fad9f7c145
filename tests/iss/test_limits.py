"""The limits per connection on the ISS port, as on the web side: the message rate (a
flood is cut off), the connections one address may hold, the tables one user may have
waiting and one address may create.  A server of their own runs with low limits."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest
from tests.iss.conftest import Line
from tests.server.live import free_port, server

SOCKETS = 8


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """``skat serve --iss-port`` with low limits; its ISS port."""
    web, iss = free_port(), free_port()
    while iss == web:
        iss = free_port()
    options = ("--iss-port", str(iss), "--rate", "5", "--sockets-per-address", str(SOCKETS),
               "--tables-per-minute", "0.1")  # fmt: skip
    with server(str(tmp_path_factory.mktemp("iss-limits")), web, 0.0, options):
        yield iss


def _knock(port: int) -> tuple[socket.socket, str]:
    """A new connection (a user name sent) and the server's first line: ``password:`` when
    it takes the connection, an error line when it does not."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=120)
    sock.sendall(b"x_knock\n")
    return sock, sock.makefile("r", encoding="utf-8").readline().strip()


def test_a_flood_of_lines_is_cut_off_and_nothing_else_suffers(strict: int) -> None:
    flooder = Line(strict, "f_flood")
    flooder.sock.sendall(b"dance with me\n" * 400)  # rate 5 a second, bursts of 15
    said: list[str] = []
    while True:
        line = flooder.file.readline()
        if not line:
            break  # the server closed the connection
        said.append(line.strip())
    assert any(s.startswith("error _flood") and "slow down" in s for s in said)
    assert said[-1].startswith("error _flood") and "closing" in said[-1]
    assert sum(s.startswith("error _unknown_command") for s in said) <= 20  # the rest not read
    flooder.close()
    other = Line(strict, "f_other")  # the server serves the next client as before
    other.send("dance")
    assert other.read().startswith("error _unknown_command")
    other.close()


def test_one_address_holds_a_limited_number_of_connections(strict: int) -> None:
    deadline = time.monotonic() + 120  # a bound for a busy machine, not a measure
    while time.monotonic() < deadline:  # (other tests' connections may be counted a moment)
        held: list[socket.socket] = []
        while True:
            sock, first = _knock(strict)
            if first != "password:":
                sock.close()
                break
            held.append(sock)
        if len(held) == SOCKETS:
            break
        for sock in held:
            sock.close()
        time.sleep(0.2)
    assert len(held) == SOCKETS and first.startswith("error _too_many"), first
    held.pop().close()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # a closed connection frees its place once seen
        sock, first = _knock(strict)
        sock.close()
        if first == "password:":
            break
        time.sleep(0.1)
    assert first == "password:", first
    for sock in held:
        sock.close()


def test_tables_waiting_for_players_and_tables_made_per_address_are_limited(
    strict: int,
) -> None:
    users = [Line(strict, f"t_{i}") for i in range(6)]
    answers = []
    for user in users:  # four tables each may wait for players; the address makes 20
        for _ in range(5):
            user.send("create / 3")
            answers.append(_answer(user))
    made = [a for a in answers if a.startswith("create")]
    assert len(made) == 20
    too_many = [a for a in answers if a.startswith("error _too_many")]
    assert len(too_many) == 5  # the fifth of each of the first five users
    rated = [a for a in answers[-5:] if a.startswith("error _rate")]
    assert len(rated) == 5  # the sixth user: the address made its 20 tables
    for user in users:
        user.close()


def _answer(line: Line) -> str:
    """The answer to a ``create``: the create line or an error line."""
    while True:
        got = line.read()
        if got.startswith(("create", "error")):
            return got
