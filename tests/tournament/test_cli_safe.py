"""`skat tournament` never loses or silently replaces a list: replacing a table's counted list
needs ``--replace`` (or a yes at the terminal), every change is kept in the file's history
with who and when, and two commands at once on one file both land (the file is locked while
a command reads and writes it, and written only if it did not change since it was read)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from ._open import command_env as _env
from ._open import tournament as _skat
from ._twelve import SERIES_1

SEATED_BY_NUMBER = {  # series 1 typed with seat numbers (1-4) instead of names
    1: "2 G won 72\n3 C lost 48\npassed\n1 N won 23",
    2: "2 H won 30\n3 S won 33\n4 D won 27\n1 G lost 72",
}


def _twelve(tmp: Path) -> None:
    assert _skat(tmp, "new", "cup.json", "Cup", "--deals", "1").returncode == 0
    names = [a for n in "ABCDEFGHIJKL" for a in ("--add", n)]
    assert _skat(tmp, "players", "cup.json", *names).returncode == 0
    (tmp / "plan.txt").write_text("A,B,C,D\nE,F,G,H\nI,J,K,L\n")
    assert _skat(tmp, "seat", "cup.json", "--by", "plan", "--plan", "plan.txt").returncode == 0


def test_replacing_a_counted_list_needs_replace_and_is_kept_in_the_history(
    tmp_path: Path,
) -> None:
    _twelve(tmp_path)
    for table in (1, 2):
        ok = _skat(tmp_path, "enter", "cup.json", "--series", "1", "--table", str(table),
                   stdin=SERIES_1[table])  # fmt: skip
        assert ok.returncode == 0, ok.stderr
    before = (tmp_path / "cup.json").read_text()
    # table 1's list typed by seat numbers under --table 2: refused, table 2 kept
    got = _skat(tmp_path, "enter", "cup.json", "--series", "1", "--table", "2",
                stdin=SEATED_BY_NUMBER[1])  # fmt: skip
    assert got.returncode == 2
    assert "series 1 table 2 has a list already (4 games, totals E -146, F 110" in got.stderr
    assert "--replace" in got.stderr
    assert (tmp_path / "cup.json").read_text() == before
    # the same list again changes nothing
    same = _skat(tmp_path, "enter", "cup.json", "--series", "1", "--table", "2",
                 stdin=SERIES_1[2])  # fmt: skip
    assert same.returncode == 0 and "unchanged" in same.stdout
    # --replace replaces, and the history keeps the list it replaced, who and when
    ok = _skat(tmp_path, "enter", "cup.json", "--series", "1", "--table", "2", "--replace",
               "--who", "Eva", stdin=SEATED_BY_NUMBER[2])  # fmt: skip
    assert ok.returncode == 0 and "replaced" in ok.stdout
    history = json.loads((tmp_path / "cup.json").read_text())["history"]
    assert [h["action"] for h in history] == [
        "new", "players", "seat", "enter", "enter", "replace"]  # fmt: skip
    last = history[-1]
    assert (last["by"], last["series"], last["table"]) == ("Eva", 1, 2)
    assert last["before"] == "F H won 30\nG S won 33\nH D won 27\nE G lost 48"
    assert last["at"].endswith("UTC") and history[0]["by"] == "kim"
    # a later command keeps the history
    assert _skat(tmp_path, "seat", "cup.json", "--series", "2", "--seed", "3").returncode == 0
    assert len(json.loads((tmp_path / "cup.json").read_text())["history"]) == 7


def test_two_enter_commands_at_once_both_land(tmp_path: Path) -> None:
    _twelve(tmp_path)
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "skat.cli.main",
                "tournament",
                "enter",
                "cup.json",
                "--series",
                "1",
                "--table",
                str(table),
            ],
            cwd=tmp_path,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_env(),
        )
        for table in (1, 2, 3)
    ]
    for p, table in zip(procs, (1, 2, 3), strict=True):
        out, err = p.communicate(SERIES_1[table], timeout=120)
        assert p.returncode == 0, out + err
    ok = _skat(tmp_path, "check", "cup.json")
    assert ok.stdout.count(": ok") == 3, ok.stdout


def test_a_file_changed_meanwhile_is_not_overwritten(tmp_path: Path) -> None:
    from skat.cli import tournament as cli

    _twelve(tmp_path)
    path = str(tmp_path / "cup.json")
    with cli.open_file(path) as f:
        t = f.tournament
        Path(path).write_text(Path(path).read_text().replace('"Cup"', '"Cup 2"'))  # an editor
        try:
            f.write(t, "players", "test")
        except cli.UserError as exc:
            assert "changed since it was read" in str(exc)
        else:
            raise AssertionError("written over a changed file")
    assert '"Cup 2"' in Path(path).read_text()


def test_seating_by_standings_names_the_lists_missing_or_needs_an_override(
    tmp_path: Path,
) -> None:
    _twelve(tmp_path)
    for table in (1, 2):
        _skat(tmp_path, "enter", "cup.json", "--series", "1", "--table", str(table),
              stdin=SERIES_1[table])  # fmt: skip
    _skat(tmp_path, "enter", "cup.json", "--series", "1", "--table", "3", stdin="J C won 50")
    got = _skat(tmp_path, "seat", "cup.json", "--by", "standings")
    assert got.returncode == 2
    assert "series 1 table 3: 1 games, a table of 4 plays 4" in got.stderr
    assert "series 1 table 3: game 1: 50 is no value of a won C" in got.stderr
    assert "--override" in got.stderr
    assert len(json.loads((tmp_path / "cup.json").read_text())["series"]) == 1
    ok = _skat(tmp_path, "seat", "cup.json", "--by", "standings", "--override", "late table")
    assert ok.returncode == 0, ok.stderr
    last = json.loads((tmp_path / "cup.json").read_text())["history"][-1]
    assert (last["action"], last["override"]) == ("seat", "late table")
    assert last["unchecked"][0] == "series 1 table 3: 1 games, a table of 4 plays 4"


def test_a_late_arrival_a_leaver_and_a_substitute_from_the_command_line(tmp_path: Path) -> None:
    _twelve(tmp_path)
    for table in (1, 2, 3):
        _skat(tmp_path, "enter", "cup.json", "--series", "1", "--table", str(table),
              stdin=SERIES_1[table])  # fmt: skip
    ok = _skat(tmp_path, "players", "cup.json", "--add", "M", "--withdraw", "A")
    assert ok.returncode == 0, ok.stderr
    assert "M  (from series 2)" in ok.stdout and "A  (left after series 1)" in ok.stdout
    ok = _skat(tmp_path, "seat", "cup.json", "--by", "standings")
    assert ok.returncode == 0, ok.stderr
    ok = _skat(tmp_path, "players", "cup.json", "--substitute", "B=S")
    assert ok.returncode == 0, ok.stderr
    data = json.loads((tmp_path / "cup.json").read_text())
    seated = [n for table in data["series"][1]["seating"]["tables"] for n in table]
    assert sorted(seated) == sorted("CDEFGHIJKLMS")
    assert data["history"][-1]["substitute"] == "B=S"


def test_new_with_force_overwrites_an_existing_tournament_file(tmp_path: Path) -> None:
    _twelve(tmp_path)
    assert _skat(tmp_path, "new", "cup.json", "Cup 2").returncode == 2  # exists: refused
    ok = _skat(tmp_path, "new", "cup.json", "Cup 2", "--force")
    assert ok.returncode == 0, ok.stderr
    data = json.loads((tmp_path / "cup.json").read_text())
    assert data["name"] == "Cup 2" and data["players"] == []
