"""A player on the web table's WebSocket and two ``skat iss`` clients share one table.

(The web player speaks the browser's WebSocket protocol directly: a browser run per game is
too slow for the suite; the page itself is tested in tests/server/test_browser.py.)"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any
from urllib.request import urlopen

from websockets.sync.client import connect

from tests.iss.conftest import Live, bins
from tests.server.live import post


def _web_player(port: int, table: str, token: str) -> dict[str, Any]:
    """Pass in the auction, play the first legal card; the state once the game is over."""
    with connect(f"ws://127.0.0.1:{port}/ws/{table}", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            msg = json.loads(ws.recv(timeout=120))
            if msg["type"] != "state":
                continue
            if msg["last"] is not None:
                return msg
            game = msg["game"]
            if game and game["to_move"] == msg["seat"] and game["legal"]:
                action = "p" if "p" in game["legal"] else game["legal"][0]
                ws.send(json.dumps({"type": "act", "action": action, "counter": msg["counter"]}))


def test_a_web_player_and_two_iss_clients_play_at_one_table(live: Live, tmp_path: Path) -> None:
    seats = [{"kind": "human", "name": n} for n in ("Anna", "w_b", "w_c")]
    made = post(live.web, "/api/tables", {"rules": "iss", "games": 1, "seats": seats})
    pw = tmp_path / "pw"
    pw.write_text("pw\n")
    clients = [
        subprocess.Popen(
            bins(["iss", "--server", f"127.0.0.1:{live.iss}", "--user", user, "--password-file",
                  str(pw), "--agent", agent, "--games", "1", "--join", made["id"]]),
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        for user, agent in (("w_b", "heuristic"), ("w_c", "random"))
    ]
    final = _web_player(live.web, made["id"], made["token"])
    for proc in clients:
        assert proc.wait(timeout=60) == 0
        if proc.stderr:
            proc.stderr.close()
    assert final["last"]["number"] == 1 and [p["claimed"] for p in final["players"]] == [True] * 3
    with urlopen(f"http://127.0.0.1:{live.web}/api/tables/{made['id']}/games/1.iss") as r:
        record = r.read().decode()
    assert "P0[" in record and "w_b" in record and "w_c" in record and "Anna" in record
    path = tmp_path / "game.iss"
    path.write_text(record)
    check = subprocess.run(bins(["replay", "--check", str(path)]), capture_output=True, text=True)
    assert "agree: 1" in check.stdout, check.stdout + check.stderr
