"""`skat tournament` in a subprocess: a club evening from the first player to the export;
bad input is one line with exit status 2 and leaves the tournament file as it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ._twelve import SERIES_1


def _skat(tmp: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2] / "src")}
    return subprocess.run(
        [sys.executable, "-m", "skat.cli.main", "tournament", *args],
        cwd=tmp,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def _three_players(tmp: Path) -> None:
    assert _skat(tmp, "new", "cup.json", "Cup").returncode == 0
    assert (
        _skat(
            tmp, "players", "cup.json", "--add", "Anna", "--add", "Ben", "--add", "Cora"
        ).returncode
        == 0
    )


def test_a_club_evening_from_players_to_export(tmp_path: Path) -> None:
    ok = _skat(
        tmp_path,
        "new",
        "cup.json",
        "Club cup",
        "--series",
        "2",
        "--deals",
        "1",
        "--loss-fees",
        "0.50",
        "--table-fee",
        "4=1",
        "--prizes",
        "10,6",
    )
    assert ok.returncode == 0, ok.stderr
    names = [a for n in "ABCDEFGHIJKL" for a in ("--add", n)]
    ok = _skat(tmp_path, "players", "cup.json", *names)
    assert ok.returncode == 0 and ok.stdout.splitlines()[-1] == "12 players"
    (tmp_path / "plan.txt").write_text("A,B,C,D\nE,F,G,H\nI,J,K,L\n")
    ok = _skat(tmp_path, "seat", "cup.json", "--by", "plan", "--plan", "plan.txt", "--cards")
    assert ok.returncode == 0 and "by plan" in ok.stdout and "Club cup: L" in ok.stdout
    for table, text in SERIES_1.items():
        ok = _skat(
            tmp_path, "enter", "cup.json", "--series", "1", "--table", str(table), stdin=text
        )
        assert ok.returncode == 0, ok.stdout + ok.stderr
    ok = _skat(tmp_path, "check", "cup.json")
    assert ok.returncode == 0 and ok.stdout.count(": ok") == 3
    ok = _skat(tmp_path, "standings", "cup.json", "--format", "csv")
    assert ok.stdout.splitlines()[1] == "1,B,,,152,1,0,152"
    ok = _skat(tmp_path, "seat", "cup.json", "--by", "standings")
    assert ok.returncode == 0 and "by standings" in ok.stdout
    for out in ("r.csv", "r.html", "r.json", "r.pdf"):
        ok = _skat(tmp_path, "export", "cup.json", out)
        assert ok.returncode == 0 and (tmp_path / out).stat().st_size > 0
    assert (tmp_path / "r.pdf").read_bytes().startswith(b"%PDF-")
    assert json.loads((tmp_path / "r.json").read_text()) == json.loads(
        (tmp_path / "cup.json").read_text()
    )


def test_a_list_with_problems_is_kept_and_reported_with_exit_status_1(tmp_path: Path) -> None:
    _skat(tmp_path, "new", "cup.json", "Cup", "--deals", "1")
    _skat(tmp_path, "players", "cup.json", "--add", "Anna", "--add", "Ben", "--add", "Cora")
    ok = _skat(tmp_path, "seat", "cup.json", "--seed", "7", "--pdf", "tables.pdf")
    assert "drawn by lot, seed 7" in ok.stdout
    assert (tmp_path / "tables.pdf").read_bytes().startswith(b"%PDF-")
    table_1 = ("enter", "cup.json", "--series", "1", "--table", "1")
    ok = _skat(tmp_path, *table_1, stdin="1 G won 50\npassed\npassed")
    assert ok.returncode == 1
    assert "game 1: 50 is no value of a won G" in ok.stdout and "does not count" in ok.stdout
    ok = _skat(tmp_path, "check", "cup.json")
    assert ok.returncode == 1 and "1 problem(s)" in ok.stdout
    ok = _skat(tmp_path, *table_1, stdin="1 G won 48\npassed\npassed")
    assert ok.returncode == 0 and "corrected" in ok.stdout


@pytest.mark.parametrize(
    ("args", "stdin", "message"),
    [
        (("players", "cup.json", "--add", "Anna"), "", "player 'Anna' is entered twice"),
        (("players", "cup.json", "--remove", "Zed"), "", "no player Zed to remove"),
        (("seat", "cup.json", "--series", "3"), "", "series 3 is not 1 to 2"),
        (("enter", "cup.json", "--series", "1", "--table", "1"), "", "series 1 is not seated"),
        (("standings", "nothere.json"), "", "no tournament file nothere.json"),
        (("export", "cup.json", "out.xls"), "", "export to .csv, .ods, .html, .pdf or .json"),
        (("new", "cup.json", "Again"), "", "cup.json exists"),
        (("seat", "cup.json", "--by", "standings"), "", "cannot be seated by standings"),
    ],
)
def test_bad_input_is_one_line_and_leaves_the_file_unchanged(
    tmp_path: Path, args: tuple[str, ...], stdin: str, message: str
) -> None:
    _three_players(tmp_path)
    before = (tmp_path / "cup.json").read_bytes()
    got = _skat(tmp_path, *args, stdin=stdin)
    assert got.returncode == 2
    assert got.stderr.count("\n") == 1 and message in got.stderr, got.stderr
    assert (tmp_path / "cup.json").read_bytes() == before


def test_a_damaged_list_line_is_refused_before_the_file_is_touched(tmp_path: Path) -> None:
    _three_players(tmp_path)
    _skat(tmp_path, "seat", "cup.json", "--seed", "1")
    before = (tmp_path / "cup.json").read_bytes()
    got = _skat(
        tmp_path, "enter", "cup.json", "--series", "1", "--table", "1", stdin="Anna G perhaps 72"
    )
    assert got.returncode == 2 and "line 1:" in got.stderr
    assert (tmp_path / "cup.json").read_bytes() == before
