"""A player on the web table's WebSocket and two ``skat iss`` clients share one table; one
client's connection dies mid-game and it logs in again to finish the game.

(The web player speaks the browser's WebSocket protocol directly; a person in real Chromium
at such a table is in test_browser_and_iss.py.)"""

from __future__ import annotations

import json
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from tests.iss.conftest import ClientThread, Live
from tests.server.live import post
from websockets.sync.client import connect

from skat.cli.main import main


def _web_player(
    port: int, table: str, token: str, midway: Callable[[], None] | None
) -> dict[str, Any]:
    """Pass in the auction, play the first legal card; the state once the game is over.
    ``midway`` is called once, after the third move."""
    with connect(f"ws://127.0.0.1:{port}/ws/{table}", open_timeout=120) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            msg = json.loads(ws.recv(timeout=120))
            if msg["type"] != "state":
                continue
            if msg["last"] is not None:
                return msg
            if msg["counter"] >= 3 and midway is not None:
                midway()
                midway = None
            game = msg["game"]
            if game and game["to_move"] == msg["seat"] and game["legal"]:
                action = "p" if "p" in game["legal"] else game["legal"][0]
                ws.send(json.dumps({"type": "act", "action": action, "counter": msg["counter"]}))


def test_a_web_player_and_two_iss_clients_play_at_one_table(
    live: Live, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = [{"kind": "human", "name": n} for n in ("Anna", "w_b", "w_c")]
    made = post(live.web, "/api/tables", {"rules": "iss", "games": 1, "seats": seats})
    pair = (("w_b", "heuristic"), ("w_c", "random"))
    clients = [ClientThread(live.iss, u, a, games=1, join=made["id"]) for u, a in pair]
    dropped = clients[0].client

    def drop() -> None:  # the connection of one ISS client dies mid-game: it comes back
        assert dropped.out is not None
        dropped.out.shutdown(socket.SHUT_RDWR)

    final = _web_player(live.web, made["id"], made["token"], drop)
    for client in clients:
        client.join(timeout=240)
        assert client.played == 1
    assert final["last"]["number"] == 1 and [p["claimed"] for p in final["players"]] == [True] * 3
    with urlopen(f"http://127.0.0.1:{live.web}/api/tables/{made['id']}/games/1.iss") as r:
        record = r.read().decode()
    assert "P0[" in record and "w_b" in record and "w_c" in record and "Anna" in record
    path = tmp_path / "game.iss"
    path.write_text(record)
    assert main(["replay", "--check", str(path)]) == 0  # skat replay --check
    assert "agree: 1" in capsys.readouterr().out


def test_an_iss_client_named_like_another_place_finds_its_own_seat(live: Live) -> None:
    # the web player Anna holds the place named Anna; an ISS user also called Anna takes a
    # free place: the deal (its cards only) tells it its seat, and the start line names the
    # other Anna with her place's number
    seats = [{"kind": "human", "name": n} for n in ("Anna", "d_b", "d_c")]
    made = post(live.web, "/api/tables", {"rules": "iss", "games": 1, "seats": seats})
    clients = [
        ClientThread(live.iss, u, "heuristic", games=1, join=made["id"]) for u in ("Anna", "d_b")
    ]
    final = _web_player(live.web, made["id"], made["token"], None)
    for client in clients:
        client.join(timeout=240)
        assert client.played == 1
    assert final["last"]["number"] == 1
