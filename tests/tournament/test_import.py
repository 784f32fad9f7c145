"""Players imported from the sheets clubs keep: a German Excel CSV (semicolons, UTF-8 with a
BOM or Windows-1252) imports; a workbook, a number in the name column or too many columns are
refused with the line and the reason, never stored as junk players."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from skat.cli.main import main

GERMAN = "Name;Verein;Team;Kategorie\nJürgen Weiß;SC Köln;Nord;Senioren\nAnna;;;Damen+Senioren\n"


def _new(tmp: Path) -> str:
    path = str(tmp / "cup.json")
    assert main(["tournament", "new", path, "Cup"]) == 0
    return path


@pytest.mark.parametrize("encoding", ["utf-8-sig", "cp1252", "utf-8"])
def test_a_german_excel_csv_imports(tmp_path: Path, encoding: str) -> None:
    path = _new(tmp_path)
    (tmp_path / "p.csv").write_bytes(GERMAN.encode(encoding))
    assert main(["tournament", "players", path, "--import", str(tmp_path / "p.csv")]) == 0
    players = json.loads(Path(path).read_text())["players"]
    assert players == [
        {"name": "Jürgen Weiß", "club": "SC Köln", "team": "Nord", "categories": ["Senioren"]},
        {"name": "Anna", "club": "", "team": "", "categories": ["Damen", "Senioren"]},
    ]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"PK\x03\x04xlsx", "is an Excel workbook, not CSV: save it as CSV first"),
        (b"Name;Punkte\n1.234,5;Anna\n", "line 2: '1.234,5' is a number, not a name"),
        (b"Anna;SC;T;D;extra\n", "line 1: 5 columns, at most 4"),
        (b";SC\n", "line 1: no name in the first column"),
    ],
)
def test_a_sheet_that_is_no_player_list_is_refused(
    tmp_path: Path, capsys: Any, raw: bytes, message: str
) -> None:
    path = _new(tmp_path)
    before = Path(path).read_text()
    (tmp_path / "p.csv").write_bytes(raw)
    assert main(["tournament", "players", path, "--import", str(tmp_path / "p.csv")]) == 2
    assert message in capsys.readouterr().err
    assert Path(path).read_text() == before
