"""The done-when test of the command line: the open tournament of :mod:`tests.tournament._open`
run with the console command ``skat tournament`` by two directors at once (two processes on
one file, each entering its half of the tables), a late arrival, a leaver after series 1, a
substitute, a player leaving during series 3.  Two lists are entered wrong and replaced:
one asked at a terminal, one with ``--replace``; a replacement piped in without
``--replace`` is refused.  The final standings equal the independent calculation and the
web runs' (:data:`~tests.tournament._open.STANDINGS`); every list holds exactly its games;
the history holds every list entered and every replaced list with who and when."""

from __future__ import annotations

import csv
import io
import json
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ._open import (
    LATE,
    LEAVER,
    MID_GAME,
    NAMES,
    OLD,
    SEED,
    SERIES,
    STANDINGS,
    SUB,
    Game,
    at_terminal,
    expected_rows,
    games_of,
    mid_leaver,
    placed,
    seeger_fabian,
    sheet_rows,
    tournament,
)


def tables(cup: Path, series: int) -> list[list[str]]:
    """The tables of ``series`` as the file holds them."""
    data = json.loads(cup.read_text())
    return [list(tb) for tb in data["series"][series - 1]["seating"]["tables"]]


def typed(games: list[Game]) -> str:
    return "\n".join(g.line() for g in games) + "\n"


def wrong(games: list[Game]) -> list[Game]:
    """The list with its first game played typed as the other outcome (a legal value, so
    only a person comparing with the paper sees it)."""
    first = next(i for i, g in enumerate(games) if g.declarer is not None)
    g = games[first]
    return [*games[:first], Game(g.declarer, g.contract, not g.won, g.value), *games[first + 1 :]]


def enter(cup: Path, who: str, series: int, table: int, games: list[Game],
          *more: str) -> str:  # fmt: skip
    got = tournament(cup.parent, "enter", cup.name, "--series", str(series), "--table",
                     str(table), "--who", who, *more, stdin=typed(games))  # fmt: skip
    assert got.returncode == 0, got.stdout + got.stderr
    return got.stdout


def two_directors(cup: Path, series: int, skip: tuple[int, ...] = (), extras: Any = ()) -> None:
    """Directors A (odd tables) and B (even tables) enter series ``series`` at once, each
    one list after the other (the tables ``skip`` left out), while ``extras`` run too."""
    count = len(tables(cup, series))

    def director(who: str, mine: range) -> None:
        for number in (n for n in mine if n not in skip):
            players = tables(cup, series)[number - 1]
            planned = MID_GAME if (series, number) == (3, 1) else len(players)
            enter(cup, who, series, number, games_of(series, number, players, planned))

    with ThreadPoolExecutor(2 + len(extras)) as pool:
        jobs = [pool.submit(director, "A", range(1, count + 1, 2)),
                pool.submit(director, "B", range(2, count + 1, 2)),
                *(pool.submit(extra) for extra in extras)]  # fmt: skip
        for job in jobs:
            job.result(timeout=900)


def test_the_open_tournament_by_two_directors_at_once_on_the_command_line(
    tmp_path: Path,
) -> None:
    cup = tmp_path / "cup.json"
    ok = tournament(tmp_path, "new", "cup.json", "Open cup", "--series", str(SERIES),
                    "--deals", "1")  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    added = tournament(tmp_path, "players", "cup.json", *(a for n in NAMES for a in ("--add", n)))
    assert added.returncode == 0, added.stderr
    assert tournament(tmp_path, "seat", "cup.json", "--seed", str(SEED[1])).returncode == 0

    # series 1: director A first enters table 1 wrong; B puts it right after both are done
    right_1 = games_of(1, 1, tables(cup, 1)[0], len(tables(cup, 1)[0]))
    enter(cup, "A", 1, 1, wrong(right_1))
    two_directors(cup, 1, skip=(1,))
    piped = tournament(tmp_path, "enter", "cup.json", "--series", "1", "--table", "1",
                       "--who", "B", stdin=typed(right_1))  # fmt: skip
    assert piped.returncode == 2 and "--replace replaces it" in piped.stderr, piped.stderr
    (tmp_path / "t1.txt").write_text(typed(right_1))
    code, said = at_terminal(tmp_path, "j", "enter", "cup.json", "--series", "1", "--table",
                             "1", "--who", "B", "--list", "t1.txt")  # fmt: skip
    assert code == 0 and "series 1 table 1 has a list already" in said, said
    assert "replace it with" in said and "replaced" in said, said

    # a late arrival, a leaver after series 1, series 2 by standings, a substitute
    ok = tournament(tmp_path, "players", "cup.json", "--add", LATE, "--withdraw", LEAVER)
    assert ok.returncode == 0 and f"{LEAVER}  (left after series 1)" in ok.stdout, ok.stderr
    ok = tournament(tmp_path, "seat", "cup.json", "--by", "standings")
    assert ok.returncode == 0, ok.stderr
    ok = tournament(tmp_path, "players", "cup.json", "--substitute", f"{OLD}={SUB}")
    assert ok.returncode == 0, ok.stderr

    # series 2: B enters table 2 wrong while both enter; A replaces it with --replace
    wrong_done = threading.Event()
    right_2 = games_of(2, 2, tables(cup, 2)[1], len(tables(cup, 2)[1]))

    def b_wrong() -> None:
        enter(cup, "B", 2, 2, wrong(right_2))
        wrong_done.set()

    def a_replaces() -> None:
        assert wrong_done.wait(600)
        assert "replaced" in enter(cup, "A", 2, 2, right_2, "--replace")

    two_directors(cup, 2, skip=(2,), extras=(b_wrong, a_replaces))

    # series 3: a player leaves during it, after game 1 of his table's list
    assert tournament(tmp_path, "seat", "cup.json", "--seed", str(SEED[3])).returncode == 0
    gone = mid_leaver(tables(cup, 3)[0])
    ok = tournament(tmp_path, "players", "cup.json", "--withdraw", gone, "--game", str(MID_GAME))
    assert ok.returncode == 0 and f"left in series 3 after game {MID_GAME}" in ok.stdout
    two_directors(cup, 3)

    checked = tournament(tmp_path, "check", "cup.json")
    assert checked.returncode == 0 and checked.stdout.count(": ok") == 21, checked.stdout
    check_file(cup)


def check_file(cup: Path) -> None:
    """Every list holds its table's games (none lost, none doubled), the standings equal the
    independent calculation, the history holds each list and each replacement."""
    data = json.loads(cup.read_text())
    lists = []
    for k, rnd in enumerate(data["series"], 1):
        stored = {tl["table"]: tl for tl in rnd["lists"]}
        for number, players in enumerate(rnd["seating"]["tables"], 1):
            tl = stored[number]
            got = [Game(g[0], g[1] or "", bool(g[2]), g[3] or 0) for g in tl["games"]]
            planned = MID_GAME if (k, number) == (3, 1) else len(players)
            assert got == games_of(k, number, players, planned), (k, number)
            lists.append((k, players, got))
    shown = tournament(cup.parent, "standings", cup.name, "--format", "csv")
    rows = [[int(c) if c.lstrip("-").isdigit() else c for c in r]
            for r in csv.reader(io.StringIO(shown.stdout))][1:]  # fmt: skip
    assert sheet_rows(rows) == expected_rows(seeger_fabian(lists))
    assert placed(rows) == STANDINGS  # the web runs' standings
    history = data["history"]
    entered = [(h["series"], h["table"]) for h in history if h["action"] == "enter"]
    every = [(k, n) for k, rnd in enumerate(data["series"], 1)
             for n in range(1, len(rnd["seating"]["tables"]) + 1)]  # fmt: skip
    assert sorted(entered) == every  # each table's list entered once
    replaced = [h for h in history if h["action"] == "replace"]
    assert [(h["series"], h["table"], h["by"]) for h in replaced] == [(1, 1, "B"), (2, 2, "A")]
    for h in replaced:
        assert h["before"] != h["after"] and h["at"].endswith("UTC")
