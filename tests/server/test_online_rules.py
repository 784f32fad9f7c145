"""The ``online`` rules at the web table, against a real ``skat serve`` over WebSockets: the
confirmation delay after a jump bid (``jump_delay``) and a disconnect past the waiting time
counted as giving up (``disconnect_concede``), each with a short time set by the test."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from tests.server.live import free_port, post, server
from websockets.sync.client import ClientConnection, connect


def _next(ws: ClientConnection, kind: str, at_least: int = 0) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=120))
        if msg["type"] == kind and (kind != "state" or msg["counter"] >= at_least):
            return msg


@contextmanager
def _table(tmp: Path, rules: str) -> Iterator[tuple[int, str, dict[int, str]]]:
    """A running server with a table of three people: (port, table id, tokens by place)."""
    port = free_port()
    with server(str(tmp / "data"), port):
        made = post(port, "/api/tables", {"rules": rules, "games": 1, "seats": ["human"] * 3})
        tokens = {made["player"]: made["token"]}
        for _ in range(2):
            joined = post(port, f"/api/tables/{made['id']}/join", {})
            tokens[joined["player"]] = joined["token"]
        yield port, made["id"], tokens


def _greet(
    stack: ExitStack, port: int, table: str, token: str
) -> tuple[ClientConnection, dict[str, Any]]:
    ws = stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{table}"))
    ws.send(json.dumps({"type": "hello", "token": token}))
    return ws, _next(ws, "state")


def _send(ws: ClientConnection, action: str, counter: int) -> None:
    ws.send(json.dumps({"type": "act", "action": action, "counter": counter}))


def test_online_rules_hold_to_a_jump_bid_waits_for_the_delay(tmp_path: Path) -> None:
    # a delay of 10 s (online: 2): the hold sent "at once" must reach the server within the
    # delay, on a busy machine too
    with _table(tmp_path, "online,jump_delay=10") as (port, table, tokens), ExitStack() as stack:
        socks = {}
        for p, token in tokens.items():
            socks[p], first = _greet(stack, port, table, token)
        seats = first["seats"]  # player at Forehand, Middlehand, Rearhand
        fh, mh = socks[seats[0]], socks[seats[1]]
        _send(mh, "30", 0)  # Middlehand skips 18 ... 27: a jump bid
        seen = _next(fh, "state", 1)
        assert seen["game"]["legal"] == ["y", "p"] and 0 < seen["answer_wait"] <= 10
        _send(fh, "y", 1)  # at once: refused
        refused = _next(fh, "error")
        assert refused["code"] == "too_soon" and "jump_delay" in refused["message"]
        time.sleep(seen["answer_wait"] + 0.2)
        _send(fh, "y", 1)  # after the delay: taken
        assert _next(fh, "state", 2)["game"]["history"][-1][-1] == "y"
        _send(mh, "33", 2)  # the next value of the ladder: no jump, no delay
        assert _next(fh, "state", 3)["answer_wait"] == 0
        _send(fh, "y", 3)
        assert _next(fh, "state", 4)["game"]["history"][-1][-1] == "y"


def test_online_rules_pass_to_a_jump_bid_is_taken_at_once(tmp_path: Path) -> None:
    with _table(tmp_path, "online") as (port, table, tokens), ExitStack() as stack:
        socks = {}
        for p, token in tokens.items():
            socks[p], first = _greet(stack, port, table, token)
        fh, mh = socks[first["seats"][0]], socks[first["seats"][1]]
        _send(mh, "48", 0)
        _next(fh, "state", 1)  # the bid reached the table before Forehand answers it
        _send(fh, "p", 1)  # the source delays only the "Ja" button
        assert _next(fh, "state", 2)["game"]["history"][-1][-1] == "p"


def _to_the_play(socks: dict[int, ClientConnection], seats: list[int]) -> dict[str, Any]:
    """Middlehand bids 18, Forehand holds, the others pass; Forehand picks up, discards and
    declares a Grand: the first state of the play."""
    fh, mh, rh = (socks[p] for p in seats)
    for n, (ws, action) in enumerate(((mh, "18"), (fh, "y"), (mh, "p"), (rh, "p"), (fh, "s"))):
        _send(ws, action, n)
        msg = _next(ws, "state", n + 1)  # taken before the next player answers
    _send(fh, msg["game"]["legal"][0], 5)  # two cards away
    msg = _next(fh, "state", 6)
    _send(fh, "G", 6)
    msg = _next(fh, "state", 7)
    assert msg["game"]["phase"] == "play" and msg["game"]["contract"] == "G"
    return msg


def test_online_rules_disconnect_past_the_waiting_time_counts_as_conceding(
    tmp_path: Path,
) -> None:
    with _table(tmp_path, "online,disconnect_concede=1") as (port, table, tokens):
        with ExitStack() as stack:
            socks = {}
            for p, token in tokens.items():
                socks[p], first = _greet(stack, port, table, token)
            seats = first["seats"]
            _to_the_play(socks, seats)
            socks.pop(seats[2]).close()  # Rearhand, a defender, goes away
            fh = socks[seats[0]]
            msg = _next(fh, "state", 8)  # within a second or so: the game ends
        last = msg["last"]
        assert last["number"] == 1 and last["won"]  # the defenders lose: his party gave up
        assert last["events"][-1] == [2, "violation.2.left"]
        assert "left the game" in last["text_en"]
        record = json.loads(_get(port, f"/api/tables/{table}/games/1.json"))
        assert record["result"]["violation"] == "left"


def test_online_rules_reconnect_before_the_waiting_time_cancels_the_concession(
    tmp_path: Path,
) -> None:
    # 10 s to come back (a busy machine reconnects in time), then past it
    with _table(tmp_path, "online,disconnect_concede=10") as (port, table, tokens):
        with ExitStack() as stack:
            socks = {}
            for p, token in tokens.items():
                socks[p], first = _greet(stack, port, table, token)
            seats = first["seats"]
            at = _to_the_play(socks, seats)["counter"]
            socks.pop(seats[2]).close()
            _, seen = _greet(stack, port, table, tokens[seats[2]])  # back before 10 s
            assert seen["counter"] == at
            time.sleep(11)  # past the waiting time of the first disconnect
            state = json.loads(_get(port, "/api/tables"))["tables"][0]
        assert state["played"] == 0 and not state["over"]


def _get(port: int, path: str) -> str:
    from urllib.request import urlopen

    with urlopen(f"http://127.0.0.1:{port}{path}", timeout=120) as response:
        return str(response.read().decode())


def test_online_rules_disconnected_declarer_loses_as_if_he_gave_up(tmp_path: Path) -> None:
    with _table(tmp_path, "online,disconnect_concede=1") as (port, table, tokens):
        with ExitStack() as stack:
            socks = {}
            for p, token in tokens.items():
                socks[p], first = _greet(stack, port, table, token)
            seats = first["seats"]
            _to_the_play(socks, seats)
            socks.pop(seats[0]).close()  # Forehand, the declarer, goes away
            msg = _next(socks[seats[1]], "state", 8)
        last = msg["last"]
        assert not last["won"] and last["events"][-1] == [0, "violation.0.left"]
        assert "lost" in last["text_en"]


def test_online_rules_disconnect_in_the_auction_passes_for_him(tmp_path: Path) -> None:
    with (
        _table(tmp_path, "online,disconnect_concede=1") as (port, table, tokens),
        ExitStack() as stack,
    ):
        socks = {}
        for p, token in tokens.items():
            socks[p], first = _greet(stack, port, table, token)
        seats = first["seats"]
        socks.pop(seats[1]).close()  # Middlehand, who speaks first, goes away
        msg = _next(socks[seats[0]], "state", 1)
        assert msg["game"]["history"] == [[1, "p"]] and msg["game"]["phase"] == "bidding"


def test_online_rules_computer_answering_a_jump_bid_waits_too(tmp_path: Path) -> None:
    """A computer player's hold to a jump bid waits ``jump_delay`` as a person's does (the
    app in process, whose settings may fix the deal: seed 2, where the heuristic player at
    Forehand holds 30)."""
    import dataclasses

    from tests.server.client import FAST, create, hello, running, state_at

    settings = dataclasses.replace(FAST, allow_seed=True)
    with running(str(tmp_path / "data"), settings) as client:
        seats = ["human", "heuristic", "human"]  # place 2: Forehand, place 3: Middlehand
        made = create(client, rules="online,jump_delay=1", seats=seats, games=1, seed=2)
        joined = client.post(f"/api/tables/{made['id']}/join", json={"place": 2}).json()
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, joined["token"])
            sent = time.monotonic()
            ws.send_json({"type": "act", "action": "30", "counter": 0})
            held = state_at(ws, 2)
            waited = time.monotonic() - sent
        assert held["game"]["history"][-2:] == [[1, "30"], [0, "y"]]
        assert waited >= 1.0  # not before the delay after the bid
