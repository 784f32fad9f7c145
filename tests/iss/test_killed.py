"""A ``skat iss`` process killed mid-game (SIGKILL: no goodbye) and started again finds its
place: the server tells it the game so far and it plays the game to its end with another
``skat iss`` process and a player on the web table; the record replays with
``skat replay --check``."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

from tests.iss.conftest import Live, bins
from tests.server.live import post
from websockets.sync.client import connect

USERS = ("x_b", "x_c")


def _client(live: Live, user: str, table: str, tmp: Path) -> subprocess.Popen[bytes]:
    pw = tmp / "pw"
    pw.write_text("secret\n")
    argv = ["iss", "--server", f"127.0.0.1:{live.iss}", "--user", user, "--password-file",
            str(pw), "--agent", "heuristic", "--games", "1", "--join", table,
            "--records", str(tmp / f"{user}.iss")]  # fmt: skip
    log = (tmp / f"{user}.log").open("a")
    return subprocess.Popen(bins(argv), stdout=log, stderr=log)


def _person(live: Live, table: str, token: str, midway: Callable[[], None]) -> None:
    """The third place, played over the web table's WebSocket: bid 18 or hold it, else the
    first legal move; ``midway`` is called at its first turn to play a card (the game waits
    for it: the kill falls mid-game whatever the speed of the machine)."""
    with connect(f"ws://127.0.0.1:{live.web}/ws/{table}", open_timeout=120) as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            msg = json.loads(ws.recv(timeout=120))
            if msg["type"] != "state":
                continue
            if msg["last"] is not None:
                return
            game = msg["game"]
            if not (game and game["to_move"] == msg["seat"] and game["legal"]):
                continue
            if game["phase"] == "play":
                midway()
                midway = _nothing
            legal = game["legal"]  # bid 18 or hold it: nobody passes the game in
            action = next((a for a in ("18", "y") if a in legal), legal[0])
            ws.send(json.dumps({"type": "act", "action": action, "counter": msg["counter"]}))


def _nothing() -> None:
    pass


def test_a_client_killed_mid_game_comes_back_and_finishes_it(live: Live, tmp_path: Path) -> None:
    seats = [{"kind": "human", "name": n} for n in ("Anna", *USERS)]
    made = post(live.web, "/api/tables", {"rules": "iss", "games": 1, "seats": seats})
    table = made["id"]
    procs = {u: _client(live, u, table, tmp_path) for u in USERS}
    killed: list[int] = []

    def kill_and_restart() -> None:
        victim = procs["x_c"]
        victim.kill()  # SIGKILL: the socket dies with the process, no goodbye
        killed.append(victim.wait(timeout=120))
        procs["x_c"] = _client(live, "x_c", table, tmp_path)  # the same user and password

    _person(live, table, made["token"], kill_and_restart)
    assert killed and killed[0] != 0
    for user, proc in procs.items():
        assert proc.wait(timeout=240) == 0, (tmp_path / f"{user}.log").read_text()
    records = [(tmp_path / f"{u}.iss").read_text() for u in USERS]
    assert records[0] == records[1] and records[0].count("\n") == 1
    assert f"ID[{table}-1]" in records[0]
    replay = subprocess.run(
        bins(["replay", "--check", str(tmp_path / "x_c.iss")]), capture_output=True, text=True
    )
    assert replay.returncode == 0 and "agree: 1" in replay.stdout, replay.stdout + replay.stderr
