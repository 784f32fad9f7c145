"""How long "How could I have won?" keeps a player waiting after a game at a running server.

    python bench/analysis_wait.py http://127.0.0.1:8000 [--read 3] [--tables 3]

For each of ``--tables`` new tables (the human place and two rule players, two games) a
client passes through the first game (it plays its first legal move, passes in the auction,
puts away its first two cards), "reads the result" for ``--read`` seconds, then asks for the
game's analysis (``GET /api/tables/{id}/games/1/analysis``, what the history page loads) and
prints the seconds until the answer.  The server analyses a finished game ahead while the next
one is dealt (``Settings.analysis_ahead``); with it off, or on an older server, the wait is
the whole double-dummy analysis.
"""

from __future__ import annotations

import argparse
import json
import time
from urllib.request import Request, urlopen


def _post(base: str, path: str, data: dict[str, object]) -> dict[str, object]:
    body = json.dumps(data).encode()
    req = Request(base + path, data=body, headers={"Content-Type": "application/json"})
    with urlopen(req, timeout=10) as answer:
        out: dict[str, object] = json.loads(answer.read())
        return out


def one_wait(base: str, read: float) -> float:
    """Play one game through as the human; the seconds the analysis takes after ``read``."""
    from websockets.sync.client import connect

    made = _post(base, "/api/tables", {"games": 2, "seats": ["human", "heuristic", "heuristic"]})
    with connect(base.replace("http", "ws", 1) + f"/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        while True:
            m = json.loads(ws.recv())
            if m["type"] != "state":
                continue
            if m["last"]:
                break
            g = m["game"]
            if g and g["legal"]:
                act = "p" if g["phase"] == "bidding" and "p" in g["legal"] else g["legal"][0]
                if g["phase"] == "discard":
                    act = ".".join(g["hand"][:2])
                ws.send(json.dumps({"type": "act", "action": act, "counter": m["counter"]}))
    time.sleep(read)
    start = time.monotonic()
    with urlopen(f"{base}/api/tables/{made['id']}/games/1/analysis", timeout=300) as answer:
        answer.read()
    return time.monotonic() - start


def main() -> None:
    """Command line (module doc)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--read", type=float, default=3.0, help="seconds reading the result")
    parser.add_argument("--tables", type=int, default=3)
    args = parser.parse_args()
    waits = [one_wait(args.base.rstrip("/"), args.read) for _ in range(args.tables)]
    print("seconds to the answer:", " ".join(f"{w:.2f}" for w in waits))


if __name__ == "__main__":
    main()
