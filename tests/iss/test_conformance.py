"""Conformance with ISS clients written by others: the lines go-skat and JSkat send and
read (``tests/data/iss/protocol/real-clients.txt``), and a test client that behaves as
go-skat does (``tests/iss/goskat_like.py``) at the three kinds of table of issue 33:
three such bots; two and one of the server's computers invited by name; one and two
``skat iss`` clients that bid one step at a time."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest
from tests.iss.conftest import ClientThread, Line, Live, table_of
from tests.iss.goskat_like import GoSkatLike
from tests.server.live import free_port, server

from skat.iss.lines import LineError, parse_command
from skat.records.iss import parse_iss_line
from skat.records.replay import check

FACTS = Path(__file__).parents[1] / "data" / "iss" / "protocol" / "real-clients.txt"

SHAPES = (
    r"password:?",
    r"Welcome \S+( \S+)* \d+",
    r"create \.\d+ \S+ 3 .*",
    r"invite \S+ \.\d+ \S+",
    r"destroy \.\d+",
    r"error _\w+( .*)?",
    r"table \.\d+ \S+ start \d+( \S+ \d+(\.\d+)?){3}",
    r"table \.\d+ \S+ play (w|[012]) \S+( \d+(\.\d+)?){3}",
    r"table \.\d+ \S+ end \(;GM\[Skat\].*;\)",
    r"table \.\d+ \S+ state 3( \S+){4}( \S+ [.$] \d+ \d+ -?\d+ -?\d+ [01] \d+ [01] [01]){3}"
    r" \. \. 0 0 0 0 0 0 0 0 (true|false)",
    r"table \.\d+ \S+ go",
    r"table \.\d+ \S+ error _\w+( .*)?",
    r"table \.\d+ \S+ tell .*",
)
"""The forms of the server's lines, written after the facts (each fact matches one)."""


def _facts(kind: str) -> list[str]:
    lines = FACTS.read_text(encoding="utf-8").splitlines()
    return [ln.split(" | ", 1)[1] for ln in lines if ln.startswith(f"{kind} ")]


def _shape(line: str) -> str | None:
    return next((s for s in SHAPES if re.fullmatch(s, line)), None)


def test_every_server_line_the_real_clients_read_has_a_known_form() -> None:
    lines = _facts("S")
    assert len(lines) > 20
    assert [ln for ln in lines if _shape(ln) is None] == []


def test_every_command_line_the_real_clients_send_is_understood() -> None:
    commands = _facts("C")
    commands = commands[commands.index("create / 3") :]  # the login lines come before
    refused = []
    for line in commands:
        try:
            parse_command(line)
        except LineError as exc:
            if exc.code == "_unknown_command":  # observe is refused, but understood
                refused.append(line)
    assert refused == []


def _records_agree(*bots: GoSkatLike) -> list[str]:
    ends = bots[0].out.ends
    for bot in bots:
        assert bot.out.ends == ends
    for record in ends:
        assert check(parse_iss_line(record)) == []
    return ends


def _all_lines_of_known_form(bot: GoSkatLike) -> None:
    odd = [ln for ln in bot.out.lines if _shape(ln) is None]
    assert odd == []
    deals = [ln.split()[5] for ln in bot.out.lines if " play w " in ln and "|" in ln]
    assert deals and all(len(d) == 95 for d in deals)  # JSkat reads a deal by its length


def _run(*bots: GoSkatLike, timeout: float = 400) -> None:
    for bot in bots:
        bot.join(timeout)
        assert not bot.is_alive(), f"{bot.user} hangs"
        assert bot.out.crash == "", f"{bot.user}: {bot.out.crash}"
        assert bot.out.refused == [], f"{bot.user}: {bot.out.refused}"
        assert bot.out.lost_after_welcome == b""


def test_three_goskat_like_bots_play_a_series_at_a_table_with_a_decimal_name(live: Live) -> None:
    a = GoSkatLike(live.iss, "ga_a", 2, ("ga_b", "ga_c"))
    while a.out.table < 0 and a.is_alive() and not a.out.crash:
        a.join(0.05)
    b = GoSkatLike(live.iss, "ga_b", 2, ("ga_a", "ga_c"))  # it creates: it is seated where
    c = GoSkatLike(live.iss, "ga_c", 2, ("ga_a", "ga_b"))  # it was invited
    _run(a, b, c)
    assert a.out.table == b.out.table == c.out.table > 0
    assert len(_records_agree(a, b, c)) == 2
    _all_lines_of_known_form(a)


def test_two_goskat_like_bots_and_the_servers_xskat_invited_by_name(live: Live) -> None:
    a = GoSkatLike(live.iss, "gb_a", 2, ("gb_b", "xskat"))
    while a.out.table < 0 and a.is_alive() and not a.out.crash:
        a.join(0.05)
    b = GoSkatLike(live.iss, "gb_b", 2, ("gb_a", "xskat"))
    _run(a, b)
    ends = _records_agree(a, b)
    assert len(ends) == 2 and all("xskat" in parse_iss_line(e).players for e in ends)


def test_one_goskat_like_bot_and_two_skat_iss_clients_bidding_step_by_step(
    live: Live, tmp_path: Path
) -> None:
    records = [tmp_path / "gc_b.iss", tmp_path / "gc_c.iss"]
    clients = [
        ClientThread(live.iss, user, "heuristic", games=2, step_bids=True, records=rec)
        for user, rec in zip(("gc_b", "gc_c"), records, strict=True)
    ]
    a = GoSkatLike(live.iss, "gc_a", 2, ("gc_b", "gc_c"))
    _run(a)
    for client in clients:
        client.join(60)
        assert client.played == 2
    ends = _records_agree(a)
    for rec in records:
        assert rec.read_text().split("\n")[:2] == ends


def test_a_game_is_dealt_only_when_every_iss_seat_said_ready(live: Live) -> None:
    a, b, c = (Line(live.iss, u) for u in ("rd_a", "rd_b", "rd_c"))
    a.send("create / 3")
    name = a.until("create").split()[1][1:]
    assert name.isdigit()
    for other in (b, c):
        other.send(f"join .{name}")
    for player in (a, b):
        player.send(f"table .{name} {player.user} ready")
    ready: dict[str, str] = {}
    while ready.get("rd_a") != "1" or ready.get("rd_b") != "1":  # told at every ready
        state = c.until("state").split()
        assert state[3:5] == ["state", "3"] and state[-1] == "false"
        ready = {state[i]: state[i + 9] for i in (9, 19, 29)}
    assert ready["rd_c"] == "0"
    c.send(f"table .{name} rd_c 34")  # JSkat's seat change: answered with the table's state
    assert c.until("state")
    assert not any(" start " in ln for ln in c.seen)  # nothing dealt before the last ready
    c.send(f"table .{name} rd_c ready")
    for player in (a, b, c):
        assert player.until("start").split()[1] == f".{name}"
    for player in (a, b, c):
        player.close()


def test_a_seat_invited_by_name_is_not_taken_by_another_user(live: Live) -> None:
    a, b, x = (Line(live.iss, u) for u in ("in_a", "in_b", "in_x"))
    a.send("create / 3")
    name = a.until("create").split()[1][1:]
    a.send(f"table .{name} in_a invite in_b xskat")
    x.send(f"join .{name}")
    assert "_not_invited" in x.until("error").split()
    b.send(f"join .{name}")  # the invited user sits down: the table opens (xskat is the third)
    for player in (a, b):
        player.send(f"table .{name} {player.user} ready")
    assert a.until("start").split()[5::2] != []
    for player in (a, b, x):
        player.close()


def test_every_line_gets_an_answer_and_the_answer_to_ones_own_turn_is_never_limited(
    quick: Live,
) -> None:
    a, b, c = (Line(quick.iss, u) for u in ("rl_a", "rl_b", "rl_c"))
    name = table_of(a, b, c)
    names = a.until("start").split()[5::2]
    middle = {p.user: p for p in (a, b, c)}[names[1]]
    lines = 60  # more than the burst of --rate 5 (15): some are over the limit
    flood = f"table .999 {middle.user} play 18\n".encode() * lines
    move = f"table .{name} {middle.user} play 18\n".encode()  # its turn, right after them
    middle.sock.sendall(flood + move)
    answers = [middle.until("error") for _ in range(lines)]  # one answer a line, in order
    assert {ln.split()[4] for ln in answers} <= {"_not_at_table", "_flood"}
    assert any("_flood" in ln for ln in answers)
    assert middle.until("play", "18").split()[4] == "1"  # the move was taken
    for player in (a, b, c):
        player.close()


def test_hostile_bytes_get_a_plain_answer(live: Live) -> None:
    a = Line(live.iss, "hb_a")
    a.send(b"\xff\xfe table")
    assert a.until("error").split()[1] == "_not_utf8"
    a.send(b"dance \x01\x1b[31m now")
    answer = a.until("error")
    assert "_unknown_command" in answer and not any(ord(ch) < 32 for ch in answer)
    a.close()


def test_a_client_that_logs_in_again_is_told_its_table_after_the_welcome_packet(
    live: Live,
) -> None:
    a, b, c = (Line(live.iss, u) for u in ("rl2_a", "rl2_b", "rl2_c"))
    name = table_of(a, b, c)
    c.until("start")
    c.close()
    sock = socket.create_connection(("127.0.0.1", live.iss), timeout=10)
    sock.sendall(b"rl2_c\n")
    assert b"password" in sock.recv(4096)
    sock.sendall(b"pw\n")
    welcome = b""
    while not welcome.endswith(b"\n"):
        welcome += sock.recv(4096)
    assert welcome.startswith(b"Welcome") and welcome.count(b"\n") == 1  # alone in its packet
    sock.sendall(b"create / 3\n")  # go-skat after a restart: it is given its running table
    reader = sock.makefile("r", encoding="utf-8")
    lines = []
    while not lines or not lines[-1].startswith("create"):
        lines.append(reader.readline().rstrip("\n"))
    assert lines[-1].split()[:3] == ["create", f".{name}", "rl2_c"]
    for player in (a, b):
        player.close()
    reader.close()
    sock.close()


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Live:
    """A server with short clocks (5 s a move, 3 s for ready, 3 s idle) and a low rate
    limit (5 lines a second, bursts of 15): the bots' answers to their turns pass it."""
    data = tmp_path_factory.mktemp("iss-quick")
    web, iss = free_port(), free_port()
    while iss == web:
        iss = free_port()
    options = ("--iss-port", str(iss), "--iss-games", "8", "--rate", "5", "--iss-clock", "5",
               "--iss-ready-timeout", "3", "--iss-idle-timeout", "3")  # fmt: skip
    with server(str(data), web, 0.0, options):
        yield Live(web, iss, data)


def test_a_killed_bot_loses_its_game_by_timeout_and_the_series_ends_without_its_ready(
    quick: Live,
) -> None:
    a = GoSkatLike(quick.iss, "tk_a", 8, ("tk_b", "tk_c"))
    while a.out.table < 0 and a.is_alive() and not a.out.crash:
        a.join(0.05)
    b = GoSkatLike(quick.iss, "tk_b", 8, ("tk_a", "tk_c"))
    dead = GoSkatLike(quick.iss, "tk_c", 8, ("tk_a", "tk_b"), die_in_play=True)
    for bot in (a, b, dead):
        bot.join(300)
        assert not bot.is_alive()
    assert a.out.crash == b.out.crash == "" and a.out.refused == b.out.refused == []
    ends = _records_agree(a, b)
    last = parse_iss_line(ends[-1])
    seat = last.players.index("tk_c") if last.players else -1
    assert a.out.timeouts == [f"TI.{seat}"]  # told as on ISS, then the game's end
    assert ("w", f"TI.{seat}") in last.moves and f"to:{seat}" in ends[-1]
    assert a.out.destroyed and b.out.destroyed  # no ready from the dead: the series ended


def test_a_connection_idle_at_no_table_is_closed(quick: Live) -> None:
    a = Line(quick.iss, "idle_a")
    assert "_idle" in a.until("error").split()
    assert a.file.readline() == ""  # closed: its place among the address's sockets is free
    a.close()


def test_a_killed_bot_started_again_is_seated_at_its_table_from_the_next_game(
    quick: Live,
) -> None:
    a = GoSkatLike(quick.iss, "tr_a", 8, ("tr_b", "tr_c"))
    while a.out.table < 0 and a.is_alive() and not a.out.crash:
        a.join(0.05)
    b = GoSkatLike(quick.iss, "tr_b", 8, ("tr_a", "tr_c"))
    dead = GoSkatLike(quick.iss, "tr_c", 8, ("tr_a", "tr_b"), die_in_play=True)
    dead.join(300)
    died_in = len(dead.out.ends) + 1
    again = GoSkatLike(quick.iss, "tr_c", 8 - died_in, ("tr_a", "tr_b"))  # it creates again
    _run(a, b, again, timeout=300)
    assert again.out.table == a.out.table  # given its running table, not a new one
    ends = _records_agree(a, b)
    assert len(ends) == 8 and again.out.ends == ends[died_in:]
    assert f"to:{parse_iss_line(ends[died_in - 1]).players.index('tr_c')}" in ends[died_in - 1]


def test_after_a_restart_a_table_made_over_iss_keeps_waiting_for_ready(
    tmp_path: Path,
) -> None:
    web, iss = free_port(), free_port()
    while iss == web:
        iss = free_port()
    options = ("--iss-port", str(iss), "--iss-games", "2", "--rate", "200")
    with server(str(tmp_path), web, 0.0, options):
        a, b, c = (Line(iss, u) for u in ("rs_a", "rs_b", "rs_c"))
        name = table_of(a, b, c)
        names = a.until("start").split()[5::2]
        for player in (a, b, c):
            player.close()
    with server(str(tmp_path), web, 0.0, options):  # the game was dealt, not begun
        players = {u: Line(iss, u) for u in ("rs_a", "rs_b", "rs_c")}
        middle = players[names[1]]
        middle.send(f"table .{name} {middle.user} play 18")
        assert "_not_ready" in middle.until("error").split()
        for user, player in players.items():
            player.send(f"table .{name} {user} ready")
        for player in players.values():
            assert player.until("start").split()[1] == f".{name}"
        middle.send(f"table .{name} {middle.user} play 18")
        assert middle.until("play", "18").split()[4] == "1"
        for player in players.values():
            player.close()
