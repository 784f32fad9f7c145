"""One list for the same games: the web table's list, ``skat list`` on the downloaded records
and the terminal's list are one computation (skat.series.sheet.list_rows), with the table's
size and order taken from the records; Kontra/Re/Supra written on the row; the words of one
language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skat.cli.main import main
from skat.records.jsonrecord import dumps, state_to_json
from skat.server.hub import record_meta
from skat.server.protocol import sheet_view
from skat.server.table import Table, TableConfig


def _finished_table(seats: int, rules: str, games: int, seed: int) -> Table:
    names = ["Ann", "Computer 1", "Computer 2", "Dora"][:seats]
    places = [{"kind": "human", "name": n} for n in names]
    config = {"games": games, "seats": places, "rules": rules, "seed": seed}
    taken = dict.fromkeys(range(seats), "-")  # every place taken: the table plays
    table = Table("t", TableConfig.parse(config), claims=taken)
    while not table.is_over:
        player = table.to_move()
        assert player is not None and table.state is not None
        action = str(table.state.legal_actions()[0])
        table.apply(player, table.check(player, action, table.counter))
    return table


def _records(table: Table, path: Path) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        for number, state in enumerate(table.finished_games, 1):
            fh.write(dumps(state_to_json(state, record_meta(table, number))) + "\n")
    return path


def _listed(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(["list", *argv]) == 0
    return capsys.readouterr().out.splitlines()


def test_skat_list_on_the_records_of_a_four_table_writes_the_web_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = _finished_table(4, "tournament", 8, seed=5)
    web = sheet_view(table)
    assert any(r["declarer"] is not None and not r["won"] for r in web["rows"])  # a lost game
    path = _records(table, tmp_path / "games.jsonl")
    lines = _listed(capsys, str(path), "--sheet", "seeger", "--lang", "en")
    at = [lines[0].index(name) for name in table.series.players]
    assert at == sorted(at)  # the table's order, the sitting player's column too
    totals = next(line.split() for line in lines if line.split()[:1] == ["total"])
    assert [int(x) for x in totals[1:]] == web["totals"]
    for row in web["rows"]:
        if row["declarer"] is not None and not row["won"]:  # + 30 for each other at four
            assert sorted(row["entries"])[1:] == [30, 30, 30]


def test_skat_list_names_every_declarer_in_full(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = _finished_table(3, "tournament", 6, seed=2)
    path = _records(table, tmp_path / "games.jsonl")
    assert main(["list", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    declared = {table.players[r.declarer] for r in table.series.records if r.declarer is not None}
    assert declared and all(f"  {name} " in out for name in declared)


def test_skat_list_writes_the_game_as_the_terminal_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = _finished_table(3, "isko", 6, seed=1)
    path = _records(table, tmp_path / "games.jsonl")
    assert main(["list", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    for row in sheet_view(table)["rows"]:
        assert row["game_en"] in out
    assert " G " not in out and "—" not in out


def test_skat_list_in_german_has_german_headers_and_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = _finished_table(3, "tournament", 3, seed=4)
    path = _records(table, tmp_path / "games.jsonl")
    assert main(["--lang", "de", "list", str(path), "--sheet", "seeger"]) == 0
    out = capsys.readouterr().out
    assert "Spieler" in out and "Summe" in out and "declarer" not in out and "total" not in out


def test_kontra_and_re_are_written_on_the_list_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from skat.core import GameState, Rules

    state = GameState(seed=3, rules=Rules.parse("pub"))
    for action in ("p", "p", "18", "GH", "H8", "kontra", "rekontra"):
        state.apply(action)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    path = tmp_path / "kontra.jsonl"
    path.write_text(json.dumps(state_to_json(state)) + "\n", encoding="utf-8")
    assert main(["list", str(path), "--lang", "en"]) == 0
    assert "Grand Hand Re" in capsys.readouterr().out
