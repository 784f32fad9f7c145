"""Exports: the JSON archive reloads exactly, CSV and ODS read back to the same cells, the
printable HTML escapes every text; a damaged archive is one line naming the fault."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from skat.tournament import (
    TournamentFileError,
    dumps,
    from_csv,
    load,
    loads,
    player_cards,
    save,
    to_csv,
    to_html,
    to_pdf,
    to_text,
    workbook,
)

from ._twelve import twelve


def test_the_json_archive_reloads_exactly(tmp_path: Path) -> None:
    t = twelve()
    again = loads(dumps(t))
    assert again == t
    assert dumps(again) == dumps(t)
    save(t, tmp_path / "cup.json")
    assert load(tmp_path / "cup.json") == t


def test_every_sheet_round_trips_through_csv() -> None:
    for sheet in workbook(twelve()):
        assert from_csv(to_csv(sheet)) == [list(sheet.header), *(list(r) for r in sheet.rows)]


def test_the_workbook_round_trips_through_ods(tmp_path: Path) -> None:
    pytest.importorskip("odfdo")
    from skat.tournament import read_ods, write_ods

    sheets = workbook(twelve())
    write_ods(sheets, tmp_path / "cup.ods")
    back = read_ods(tmp_path / "cup.ods")
    assert len(back) == len(sheets)
    for sheet, (name, rows) in zip(sheets, back.items(), strict=True):
        assert name and rows == [list(sheet.header), *(list(r) for r in sheet.rows)]


def test_the_printable_html_escapes_names_and_holds_every_sheet() -> None:
    from dataclasses import replace

    t = twelve()
    t = replace(t, players=(replace(t.players[0], club="<script>x</script>"), *t.players[1:]))
    page = to_html([*workbook(t), *player_cards(t)], "Twelve & co")
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "<title>Twelve &amp; co</title>" in page
    assert page.count("<section>") == len(workbook(t)) + len(t.players)  # a card a player


def test_the_text_standings_show_places_points_and_series() -> None:
    text = to_text([workbook(twelve())[0]])
    lines = text.splitlines()
    assert lines[0] == "Twelve: standings"
    assert lines[2].split() == ["1", "G", "SC", "North", "North", "289", "2", "0", "113", "176"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: "not json", "not JSON"),
        (lambda d: {**d, "format": "x"}, "not a skat-tournament file"),
        (lambda d: {**d, "players": [1]}, "players[0]: must be an object"),
        (lambda d: {**d, "rules": "nonsense"}, "tournament file:"),
        (lambda d: {**d, "players": d["players"][:-1]}, "does not hold every player once"),
        (
            lambda d: {
                **d,
                "series": [
                    {**d["series"][0], "lists": [{**d["series"][0]["lists"][0], "games": [[1]]}]}
                ],
            },
            "game 1: must be [declarer, game, won, value, bid]",
        ),
    ],
)
def test_a_damaged_archive_is_one_line_naming_the_fault(change: object, message: str) -> None:
    data = json.loads(dumps(twelve()))
    changed = change(data)  # type: ignore[operator]
    text = changed if isinstance(changed, str) else json.dumps(changed)
    with pytest.raises(TournamentFileError) as err:
        loads(text)
    assert message in str(err.value) and "\n" not in str(err.value)


def test_the_pdf_prints_every_sheet_on_its_own_page() -> None:
    sheets = workbook(twelve())
    pdf = to_pdf(sheets, "Twelve")
    assert pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF")
    assert len(re.findall(rb"/Type /Page\b", pdf)) == len(sheets)
