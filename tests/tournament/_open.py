"""The open tournament of the done-when tests, shared by the web runs (``test_open_cluster``)
and the command-line run (``test_open_cli``): 27 players over 3 series of one deal a player
(4 games at a 4-table, 3 at a 3-table, 7 tables a series), with

- a leaver after series 1 (``P01``) and a late arrival before series 2 (``Late``), series 2
  seated by the standings;
- a substitute (``Sub``) taking ``P02``'s seat in series 2 before his table's first game;
- a player leaving *during* series 3: the player in seat 2 of table 1 leaves after the
  first game of his table's list, which ends after game 2.

The games a table plays follow from the table alone (its series, number and players), so
every run enters the same games whatever process or director enters them, and
:func:`seeger_fabian` computes the standings from the games independently (Seeger-Fabian
written out here, nothing of the project's scoring)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from http.client import HTTPException
from pathlib import Path
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

NAMES = tuple(f"P{i:02}" for i in range(1, 28))
SERIES = 3
DEALS = 1
SEED = {1: 11, 3: 3}
"""The seeds of the seatings by lot (series 2 is seated by the standings)."""
LEAVER, LATE, OLD, SUB = "P01", "Late", "P02", "Sub"
EVERYONE = (*NAMES, LATE, SUB)
MID_GAME = 2
"""The player in seat 2 of series 3's table 1 leaves after game 1; the list ends after game 2."""

OUTCOMES = (("G", True, 72), ("G", False, 48), ("GH", True, 72), ("C", True, 24),
            ("S", False, 33), ("H", False, 40), ("D", True, 18), ("N", True, 23),
            ("NO", True, 46))  # fmt: skip
"""Games with values the list check accepts: (contract as the phone sends it, won, value)."""


@dataclass(frozen=True)
class Game:
    """One game of a list: the declarer (``None``: all passed), contract, won, value."""

    declarer: str | None
    contract: str = ""
    won: bool = False
    value: int = 0

    def line(self) -> str:
        """The game typed as on a paper list (``P03 G won 72``, ``passed``)."""
        if self.declarer is None:
            return "passed"
        return f"{self.declarer} {self.contract} {'won' if self.won else 'lost'} {self.value}"


def games_of(series: int, table: int, players: Sequence[str], count: int) -> list[Game]:
    """The first ``count`` games the table plays (the same table always plays the same)."""
    rng = random.Random(f"{series}/{table}/{'/'.join(players)}")
    n = len(players)
    out = []
    for g in range(count):
        dealer = players[g % n]
        choices = [p for p in players if not (n == 4 and p == dealer)]  # the dealer sits out
        declarer = rng.choice(choices)
        if rng.random() < 0.2:
            out.append(Game(None))
        else:
            contract, won, value = rng.choice(OUTCOMES)
            out.append(Game(declarer, contract, won, value))
    return out


@dataclass
class Line:
    """A player's expected line: points, games won and lost as declarer, and the points of
    each series he played."""

    points: int = 0
    won: int = 0
    lost: int = 0
    series: dict[int, int] = field(default_factory=dict)


def seeger_fabian(lists: Iterable[tuple[int, Sequence[str], Sequence[Game]]]) -> dict[str, Line]:
    """The standings of the lists ``(series, players, games)``, computed by hand: a won game
    scores value + 50 for the declarer, a lost one −2 × value − 50 and +40 to each other
    player at a 3-table, +30 at a 4-table (the sitting dealer too)."""
    lines: dict[str, Line] = {}
    for series, players, games in lists:
        for p in players:
            lines.setdefault(p, Line()).series.setdefault(series, 0)
        for g in games:
            if g.declarer is None:
                continue
            if g.won:
                gain = {g.declarer: g.value + 50}
                lines[g.declarer].won += 1
            else:
                other = 40 if len(players) == 3 else 30
                gain = {p: other for p in players}
                gain[g.declarer] = -2 * g.value - 50
                lines[g.declarer].lost += 1
            for p, v in gain.items():
                lines[p].points += v
                lines[p].series[series] += v
    return lines


def expected_rows(lines: dict[str, Line]) -> dict[str, tuple[Any, ...]]:
    """Each player's (points, won, lost, series 1, 2, 3) as the standings sheet shows them
    (an empty cell for a series not played); everyone registered is listed."""
    out = {}
    for name in EVERYONE:
        line = lines.get(name, Line())
        per = tuple(line.series.get(k, "") for k in range(1, SERIES + 1))
        out[name] = (line.points, line.won, line.lost, *per)
    return out


def sheet_rows(rows: Iterable[Sequence[Any]]) -> dict[str, tuple[Any, ...]]:
    """The standings sheet's rows as :func:`expected_rows` gives them (by name)."""
    return {str(r[1]): tuple(r[4:]) for r in rows}


def placed(rows: Iterable[Sequence[Any]]) -> tuple[tuple[Any, ...], ...]:
    """The standings sheet's rows in order: (place, player, points, won, lost, series…)."""
    return tuple((r[0], r[1], *r[4:]) for r in rows)


def mid_leaver(players: Sequence[str]) -> str:
    """Who leaves during series 3: seat 2 of table 1."""
    return players[1]


STANDINGS = (
    (1, "P07", 452, 4, 0, 128, 172, 152),
    (2, "P09", 430, 4, 0, 170, 164, 96),
    (3, "P21", 385, 2, 0, 182, 90, 113),
    (4, "P15", 305, 3, 0, 73, 104, 128),
    (5, "P27", 299, 3, 0, 122, 103, 74),
    (6, "P19", 224, 3, 1, 122, 30, 72),
    (7, "Sub", 202, 3, 1, "", 196, 6),
    (8, "Late", 172, 2, 0, "", 98, 74),
    (9, "P06", 170, 2, 1, 36, 104, 30),
    (10, "P10", 162, 2, 1, 30, 152, -20),
    (11, "P20", 160, 0, 0, 90, 30, 40),
    (12, "P25", 158, 1, 0, 68, 30, 60),
    (13, "P23", 126, 1, 0, 0, 30, 96),
    (14, "P08", 126, 1, 1, 60, 30, 36),
    (15, "P14", 125, 2, 1, -57, 30, 152),
    (16, "P01", 96, 1, 0, 96, "", ""),
    (17, "P17", 90, 0, 0, 0, 30, 60),
    (18, "P22", 70, 1, 1, 60, -20, 30),
    (19, "P04", 4, 0, 1, 90, -146, 60),
    (20, "P12", -4, 1, 2, 152, -56, -100),
    (21, "P18", -13, 1, 1, 73, 30, -116),
    (22, "P11", -50, 1, 2, 152, -232, 30),
    (23, "P05", -56, 0, 1, -86, 30, 0),
    (23, "P16", -56, 0, 1, -86, 0, 30),
    (25, "P02", -116, 0, 1, -116, "", ""),
    (26, "P24", -130, 0, 1, 0, -130, 0),
    (27, "P13", -142, 0, 2, 90, -146, -86),
    (28, "P03", -146, 0, 1, 0, -146, 0),
    (29, "P26", -270, 1, 3, -392, 122, 0),
)  # fmt: skip
"""The final standings (place, player, points, won, lost, series 1 to 3) every run gives: the
web runs' and the command line's are the same (the calculation here checks the figures)."""


# ---------------------------------------------------------------------- the web server


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL ``proc`` and every process it started (its process group): no shutdown."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(60)


class Phone:
    """A phone on the web app, as its pages do it (``tournament.js``): JSON bodies with the
    form's values as texts, the key in the ``X-Key`` header; a request that got no answer
    (the server down or killed while answering) is sent again as it was, with the same
    entry id, until some process answers."""

    def __init__(self, port: int, key: str = "") -> None:
        self.port = port
        self.key = key

    def call(self, path: str, data: dict[str, Any] | None = None) -> dict[str, Any]:
        """The answer, or ``AssertionError`` with a refusal's status and reason."""
        body = None if data is None else json.dumps(data).encode()
        deadline = time.monotonic() + 600  # a bound for a busy machine, not a measure
        while True:
            req = Request(f"http://127.0.0.1:{self.port}{path}", data=body,
                          headers={"Content-Type": "application/json", "X-Key": self.key},
                          method="GET" if body is None else "POST")  # fmt: skip
            try:
                with urlopen(req, timeout=60) as r:
                    answer: dict[str, Any] = json.loads(r.read())
                    return answer
            except HTTPError as exc:
                if exc.code < 500:
                    raise Refused(exc.code, json.loads(exc.read())["error"]) from None
                last: Exception = exc
            except (URLError, OSError, HTTPException) as exc:  # down, or died answering
                last = exc
            if time.monotonic() > deadline:
                raise AssertionError(f"{path}: no answer: {last}")
            time.sleep(0.2)


class Refused(AssertionError):
    """The server refused a request: its HTTP status and reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(f"{status}: {reason}")
        self.status = status
        self.reason = reason


def entry_body(game: Game, entry: str) -> dict[str, Any]:
    """What the table page sends for ``game`` (``enterAction`` in tournament.js): the form's
    fields as they are, the value as typed, an empty bid, and the entry's client id."""
    if game.declarer is None:
        return {"action": "game", "declarer": None, "value": "", "bid": "", "entry": entry}
    return {"action": "game", "declarer": game.declarer, "contract": game.contract,
            "won": game.won, "value": str(game.value), "bid": "", "entry": entry}  # fmt: skip


@dataclass
class Ledger:
    """What the server acknowledged to the phones: per table the games in order (each
    entry id once, however often it was sent), and how many in all."""

    accepted: dict[tuple[int, int], list[Game]] = field(default_factory=dict)
    games: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ack(self, series: int, table: int, game: Game) -> None:
        with self.lock:
            self.accepted.setdefault((series, table), []).append(game)
            self.games += 1


def play_table(port: int, series: int, table: dict[str, Any], ledger: Ledger,
               leaving: Any = None) -> None:  # fmt: skip
    """A table's phone enters its games one by one.  Every third game is tapped twice at
    once (two requests with one entry id, concurrently), every other game's answer is
    asked again with the same id (a retry after a lost answer): each is acknowledged, the
    game stored once.  ``leaving(k)`` (the director's act when a player leaves) runs after
    the table's game ``k``; the phone then enters what the table view still plans."""
    path, key = table["url"].split("/t/", 1)[1].split("#")
    phone = Phone(port, key)
    api = f"/api/t/{path}"
    view = phone.call(f"{api}?since=-1")
    players, number = view["players"], view["table"]
    games = games_of(series, number, players, view["planned"])
    rng = random.Random(f"phone {series}/{number}")
    g = 0
    while g < view["planned"]:
        body = entry_body(games[g], f"{rng.getrandbits(40):x}-{series}-{number}-{g}")
        if g % 3 == 2:  # a double tap: the same id twice at once
            with ThreadPoolExecutor(2) as taps:
                answers = list(taps.map(lambda b: phone.call(api, b), [body, body]))
            assert [a["repeated"] for a in answers].count(False) <= 1, answers  # stored once
        else:
            answers = [phone.call(api, body)]
            if g % 2:
                answers.append(phone.call(api, body))  # the same id again
                assert answers[-1]["repeated"], answers
        assert all(a["entered"] == g + 1 for a in answers), (series, number, g, answers)
        ledger.ack(series, number, games[g])
        g += 1
        view = answers[0]
        if leaving is not None:
            leaving(g)
            view = phone.call(api)
    if view["planned"] < len(players) * DEALS:  # the list ended early: one more is refused
        body = entry_body(Game(None), f"late-{series}-{number}")
        try:
            phone.call(api, body)
        except Refused as exc:
            assert exc.status == 422 and "the list ended after game" in exc.reason, exc
        else:
            raise AssertionError("a game after the list's end was stored")


def run_web(port: int, restart: Any) -> None:
    """The tournament on the server at ``port``: seven phones at once a series, the server
    killed and started again (``restart()``) while series 2 is being entered.  Checks the
    standings against :func:`seeger_fabian` of the games the phones had acknowledged, and
    every table's list against the games acknowledged (none missing, none doubled)."""
    made = Phone(port).call("/api/t", {"name": "Open cup", "series": SERIES, "deals": DEALS,
                                       "players": [{"name": n} for n in NAMES]})  # fmt: skip
    tid = made["id"]
    director = Phone(port, made["key"])
    dpath = f"/api/t/{tid}/director"
    ledger = Ledger()
    killed: list[int] = []

    def series(k: int, kill: bool = False) -> None:
        tables = director.call(dpath)["rounds"][k - 1]["tables"]
        before = ledger.games

        def leaving(table: dict[str, Any]) -> Any:
            if k != 3 or table["table"] != 1:
                return None
            name = mid_leaver(table["players"])
            leave = {"action": "withdraw", "name": name, "after": 3, "game": MID_GAME}
            return lambda g: g == MID_GAME - 1 and director.call(dpath, leave)

        with ThreadPoolExecutor(len(tables)) as phones:
            jobs = [phones.submit(play_table, director.port, k, tb, ledger, leaving(tb))
                    for tb in tables]  # fmt: skip
            if kill:  # the server dies mid-series (no shutdown) and is started again
                while ledger.games < before + 10 and not all(j.done() for j in jobs):
                    time.sleep(0.05)
                killed.append(ledger.games - before)
                restart()
            for job in jobs:
                job.result(timeout=900)

    director.call(dpath, {"action": "seat", "seed": SEED[1]})
    series(1)
    players = director.call(dpath)["player_list"]
    director.call(dpath, {"action": "players", "players": [*players, {"name": LATE}]})
    director.call(dpath, {"action": "withdraw", "name": LEAVER})
    d = director.call(dpath, {"action": "seat", "by": "standings"})
    seated = [n for tb in d["rounds"][1]["tables"] for n in tb["players"]]
    assert LATE in seated and LEAVER not in seated and len(seated) == 27
    director.call(dpath, {"action": "substitute", "series": 2, "old": OLD, "new": {"name": SUB}})
    series(2, kill=True)
    assert 0 < killed[0] < 27, killed  # killed mid-series (series 2 has 27 games)
    director.call(dpath, {"action": "seat", "seed": SEED[3]})
    series(3)
    final = Phone(port).call(f"/api/t/{tid}")
    for _ in range(6):  # whichever process answers shows the same
        assert Phone(port).call(f"/api/t/{tid}")["standings"] == final["standings"]
    rounds = director.call(dpath)["rounds"]
    check_web(final, rounds, ledger)


def check_web(final: dict[str, Any], rounds: list[dict[str, Any]], ledger: Ledger) -> None:
    """The lists hold exactly the games acknowledged, as the tables planned them, and the
    standings equal the independent calculation."""
    lists = []
    for r in rounds:
        for tb in r["tables"]:
            k, number, players = r["series"], tb["table"], tb["players"]
            got = ledger.accepted.get((k, number), [])
            planned = games_of(k, number, players, len(got))
            assert got == planned, (k, number)  # the games each phone meant, in order
            assert tb["text"] == "\n".join(g.line() for g in got), (k, number)
            lists.append((k, players, got))
    ended = [(p["series"], p["table"], p["entered"]) for p in final["progress"]
             if p["entered"] != len(p["players"])]  # fmt: skip
    assert ended == [(3, 1, MID_GAME)], ended  # only the table a player left mid-series
    assert all(p["entered"] == p["planned"] for p in final["progress"])
    assert sum(p["entered"] for p in final["progress"]) == ledger.games
    assert sheet_rows(final["standings"][0]["rows"]) == expected_rows(seeger_fabian(lists))
    assert placed(final["standings"][0]["rows"]) == STANDINGS


# ---------------------------------------------------------------------- the command line


def skat_command() -> list[str]:
    """The installed console command ``skat`` beside this Python (``python -m skat.cli.main``
    where it is not installed)."""
    script = Path(sys.executable).with_name("skat")
    return [str(script)] if script.exists() else [sys.executable, "-m", "skat.cli.main"]


def command_env() -> dict[str, str]:
    """The environment of a ``skat`` command: this checkout's code, a login name."""
    return {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src"), "USER": "kim"}


def tournament(cwd: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``skat tournament ARGS`` in ``cwd`` with ``stdin`` piped in."""
    return subprocess.run([*skat_command(), "tournament", *args], cwd=cwd, input=stdin,
                          capture_output=True, text=True, env=command_env(),
                          timeout=300)  # fmt: skip


def at_terminal(cwd: Path, answer: str, *args: str) -> tuple[int, str]:
    """``skat tournament ARGS`` with a terminal as its input, typing ``answer``: (exit
    status, what it printed)."""
    import pty

    master, slave = pty.openpty()
    try:
        os.write(master, answer.encode() + b"\n")
        done = subprocess.run([*skat_command(), "tournament", *args], cwd=cwd, stdin=slave,
                              capture_output=True, text=True, env=command_env(),
                              timeout=300)  # fmt: skip
    finally:
        os.close(slave)
        os.close(master)
    return done.returncode, done.stdout + done.stderr
