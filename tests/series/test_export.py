"""Export of a list: CSV and JSON read back equal; the HTML page is standalone and escapes every
name and text."""

from __future__ import annotations

import random
from html.parser import HTMLParser
from pathlib import Path

import pytest

from skat.core import Rules
from skat.series import ListFormatError, Row, ScoreList, Series, write_list

from ._support import PASSED, lost, ramsch, won

FH, MH, RH = 0, 1, 2
NAMES = ["Anna, die Erste", 'Ben "Bube" Meier', "=SUM(A1:A9)", "'quoted", "Zoë <b>&amp;</b>"]


def _played(names: list[str], rules: str = "pub", games: int = 15, seed: int = 3) -> Series:
    s = Series(names, Rules.parse(rules), seed=seed, games=games)
    moves = random.Random(seed)
    while not s.is_over:
        s.play(lambda g: moves.choice(g.legal_actions()))
    return s


def test_csv_round_trip_of_a_played_list() -> None:
    s = _played(NAMES)
    sl = ScoreList.of(s, title="Friday")
    back = ScoreList.from_csv(sl.to_csv(), title="Friday", rules=sl.rules)
    assert back == sl
    assert back.totals == tuple(s.totals)
    assert back.won == tuple(s.won) and back.lost == tuple(s.lost)


def test_json_round_trip_of_a_played_list() -> None:
    s = _played(NAMES, rules="tournament", games=10)
    sl = ScoreList.of(s)
    assert ScoreList.from_json(sl.to_json()) == sl
    assert ScoreList.from_json(sl.to_json()).rules == "tournament"


def test_csv_guards_names_a_spreadsheet_would_run_as_formulas() -> None:
    row = Row(1, "=SUM(A1)", "", "passed", "", 0, "normal", (0, 0, 0))
    sl = ScoreList(players=("=SUM(A1)", "+1", "Ann"), rows=(row,))
    header, first = sl.to_csv().splitlines()[:2]
    assert header.endswith(",'=SUM(A1),'+1,Ann") and first.startswith("1,'=SUM(A1),")
    assert ScoreList.from_csv(sl.to_csv()) == sl


class _Cells(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.tags: set[str] = set()
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def test_html_page_is_standalone_and_escapes_names() -> None:
    evil = ["<script>alert(1)</script>", "Ben & Jerry", 'Cora "C"']
    s = Series(evil, seed=1, games=3)
    s.add(won("G", 48, FH))
    s.add(lost("C", 24, MH))
    s.add(PASSED)
    page = ScoreList.of(s, title="<Friday> & co").to_html()
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;Friday&gt; &amp; co" in page
    parser = _Cells()
    parser.feed(page)
    assert parser.tags.isdisjoint({"script", "link", "img", "iframe"})
    header = parser.rows[0]
    assert header[-3:] == evil  # the names read back exactly
    games = parser.rows[1:4]
    # game 1: the second player (Forehand) wins 48; game 2: the first (Middlehand) loses 48
    assert [row[-3:] for row in games] == [["0", "48", "0"], ["-48", "0", "0"], ["0", "0", "0"]]
    assert parser.rows[4] == ["Total", "-48", "48", "0"]


def test_html_marks_bock_and_ramsch_rows() -> None:
    s = Series(
        ["A", "B", "C"], Rules.parse("isko,ramsch=ramsch,bock=on,ramsch_rounds=on"), seed=1, games=7
    )
    s.add(won("G", 120, FH))
    for _ in range(3):
        s.add(PASSED)
    for _ in range(3):
        s.add(ramsch(0, -10, 0))
    page = ScoreList.of(s).to_html()
    assert page.count('<tr class="bock">') == 3 and page.count('<tr class="ramsch">') == 3


def test_corrupt_csv_is_refused_with_the_reason() -> None:
    sl = ScoreList.of(_played(["A", "B", "C"], games=6))
    good = sl.to_csv()
    lines = good.splitlines()
    wrong_total = "total,,,,,,," + ",".join(str(t + 1) for t in sl.totals)
    with pytest.raises(ListFormatError, match="total row does not match"):
        ScoreList.from_csv("\n".join([*lines[:-3], wrong_total, *lines[-2:]]))
    with pytest.raises(ListFormatError, match="header"):
        ScoreList.from_csv("x,y\n")
    with pytest.raises(ListFormatError, match="not a whole number"):
        ScoreList.from_csv(good.replace("\n1,", "\nx,", 1))
    with pytest.raises(ListFormatError, match="missing"):
        ScoreList.from_csv("\n".join(lines[:-1]))


def test_corrupt_json_is_refused() -> None:
    with pytest.raises(ListFormatError, match="not JSON"):
        ScoreList.from_json("{")
    with pytest.raises(ListFormatError, match="format"):
        ScoreList.from_json('{"format": "other"}')
    with pytest.raises(ListFormatError, match="malformed"):
        ScoreList.from_json('{"format": "skat-list", "version": 1, "players": ["A"], "rows": [{}]}')


def test_write_picks_the_format_from_the_suffix(tmp_path: Path) -> None:
    s = _played(["A", "B", "C"], games=3)
    for name in ("list.csv", "list.json", "list.html"):
        write_list(s, tmp_path / name)
    expected = ScoreList.of(s)
    csv_text = (tmp_path / "list.csv").read_text(encoding="utf-8")
    assert ScoreList.from_csv(csv_text, rules=expected.rules) == expected
    assert ScoreList.from_json(
        (tmp_path / "list.json").read_text(encoding="utf-8")
    ) == ScoreList.of(s)
    assert "<table>" in (tmp_path / "list.html").read_text(encoding="utf-8")
    with pytest.raises(ListFormatError, match="cannot tell the format"):
        write_list(s, tmp_path / "list.txt")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["list.csv", "list.html", "list.json"]
