"""Reading and writing ISS record lines: header fields, moves, the result field, errors."""

from __future__ import annotations

import bz2
import gzip
import random
import re
from pathlib import Path

import pytest

from skat.core import Deal, GameState
from skat.records.iss import (
    IssParseError,
    IssRecord,
    RecordError,
    format_iss,
    parse_iss_line,
    parse_iss_result,
    read_iss,
    write_iss,
)
from skat.records.replay import check

from ._support import REAL, fixture, fixtures, line


def test_the_fixture_file_holds_59_records() -> None:
    assert len(fixtures()) == 59


def test_header_fields_are_read() -> None:
    rec = fixture("541932")
    assert rec.place == "International Skat Server"
    assert rec.series == "24072"
    assert rec.date == "2010-12-06/18:59:24/UTC"
    assert rec.players == ("zoot", "kermit", "foo")
    assert rec.ratings == ("", "", "0.0")
    assert rec.comment == ""
    assert rec.line_no == 11
    assert rec.properties["GM"] == "Skat"


def test_moves_are_who_and_text_pairs() -> None:
    rec = fixture("541932")
    assert rec.moves[0][0] == "w"
    assert len(rec.moves[0][1].split(".")) == 32
    assert rec.moves[1:7] == [
        ("1", "p"),
        ("2", "18"),
        ("0", "p"),
        ("2", "s"),
        ("w", "H8.CK"),
        ("2", "D.ST.H8"),
    ]


def test_result_fields_are_read_with_their_types() -> None:
    r = fixture("541932").result
    assert r is not None and not r.passed
    assert r.fields == {
        "d": 2,
        "outcome": "loss",
        "v": -54,
        "m": -2,
        "bid": "bidok",
        "p": 59,
        "t": 4,
        "s": 0,
        "z": 0,
        "p0": 0,
        "p1": 0,
        "p2": 0,
        "l": -1,
        "to": -1,
        "r": 0,
    }
    assert (r.declarer, r.won, r.score, r.outcome) == (2, False, -54, "loss")


def test_passed_and_penalty_results() -> None:
    assert parse_iss_result("passed").passed
    penalty = fixture("8").result
    assert penalty is not None
    assert penalty.declarer is None and penalty.outcome == "penalty"
    assert penalty.fields["p2"] == 1 and penalty.fields["to"] == 2


def test_result_fields_missing_from_a_record_are_absent() -> None:
    r = fixture("30").result  # no r: field
    assert r is not None and "r" not in r.fields and r.fields["l"] == 2


def test_unknown_result_tokens_are_kept() -> None:
    r = parse_iss_result("d:1 win v:24 xyz:3")
    assert r.extra == ("xyz:3",)
    assert str(r) == "d:1 win v:24 xyz:3"


def test_result_field_text_round_trips() -> None:
    for rec in fixtures():
        assert rec.result is not None
        assert str(rec.result) == rec.properties["R"]


def test_every_fixture_line_formats_back_to_itself() -> None:
    for text in REAL.read_text(encoding="utf-8").splitlines():
        assert format_iss(parse_iss_line(text)) == text


def test_escaped_brackets_in_values() -> None:
    rec = IssRecord(moves=[("w", "x")], players=("a]b", "c\\d", "e[f"))
    text = format_iss(rec)
    assert parse_iss_line(text).players == ("a]b", "c\\d", "e[f")


def test_other_properties_are_kept_in_order() -> None:
    text = "(;GM[Skat]ID[1]XX[hello]MV[w x ]R[] ;)"
    rec = parse_iss_line(text)
    assert rec.properties["XX"] == "hello"
    assert rec.result is None
    assert format_iss(rec) == text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", 'starts with "(;"'),
        ("GM[Skat]MV[];)", 'starts with "(;"'),
        ("(;GM[Skat]MV[w CJ", 'ends with ";)"'),
        ("(;GM[Skat]MV[w CJ ;)", "bad property"),
        ("(;GM[Skat]MV[w [CJ] ;)", "bad property"),
        ("(;GM[Skat]MV[w CJ]] ;)", "bad property"),
        ("(;GM[Skat]ID[1]ID[2]MV[] ;)", "given twice"),
        ("(;GM[Chess]MV[] ;)", "not a Skat record"),
        ("(;GM[Skat]ID[1] ;)", "no move list"),
        ("(;GM[Skat]MV[w] ;)", "odd number"),
        ("(;GM[Skat]MV[w x 3 p] ;)", "move 2 is by '3'"),
        ("(;GM[Skat]MV[w x]R[d:one] ;)", "not a number"),
        ("(;GM[Skat]MV[w x]R[win loss] ;)", "given twice"),
    ],
)
def test_malformed_lines_raise_a_one_line_parse_error(text: str, reason: str) -> None:
    with pytest.raises(IssParseError, match=re.escape(reason)) as info:
        parse_iss_line(text)
    assert "\n" not in str(info.value)


def test_read_iss_reports_bad_lines_with_their_number_and_goes_on() -> None:
    lines = [
        "# comment",
        line("1 p 2 p 0 p", "passed"),
        "(;GM[Skat]MV[w",
        "",
        line("1 p 2 p 0 p", "passed", id="2"),
    ]
    items = list(read_iss(lines))
    assert [type(x).__name__ for x in items] == ["IssRecord", "RecordError", "IssRecord"]
    err = items[1]
    assert isinstance(err, RecordError)
    assert err.line_no == 3 and "ends with" in err.reason
    assert str(err).startswith("line 3: ")
    assert [x.line_no for x in items if isinstance(x, IssRecord)] == [2, 5]


def test_read_iss_reads_bytes_lines() -> None:
    items = list(read_iss([line("1 p 2 p 0 p", "passed").encode(), b"\xff\xfe(;"]))
    assert isinstance(items[0], IssRecord)
    assert isinstance(items[1], RecordError)


@pytest.mark.parametrize("suffix", [".sgf", ".sgf.bz2", ".sgf.gz"])
def test_read_iss_reads_plain_bz2_and_gzip_files(tmp_path: Path, suffix: str) -> None:
    data = REAL.read_bytes()
    if suffix.endswith("bz2"):
        data = bz2.compress(data)
    elif suffix.endswith("gz"):
        data = gzip.compress(data)
    path = tmp_path / f"games{suffix}"
    path.write_bytes(data)
    items = list(read_iss(path))
    assert len(items) == 59
    assert all(isinstance(x, IssRecord) for x in items)
    first = next(iter(read_iss(str(path))))
    assert isinstance(first, IssRecord) and first.id == "8"


def test_read_iss_raises_os_error_for_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        list(read_iss(tmp_path / "missing.sgf"))


def test_read_iss_raises_for_corrupt_bz2(tmp_path: Path) -> None:
    path = tmp_path / "bad.sgf.bz2"
    path.write_bytes(bz2.compress(REAL.read_bytes())[:2000])
    with pytest.raises((OSError, EOFError)):
        list(read_iss(path))


def _play_with_ends(seed: int) -> GameState:
    """Random games that sometimes show cards and resign, so every way to end is written."""
    rng = random.Random(seed)
    state = GameState(Deal.random(rng))
    while not state.is_over:
        ends = state.end_actions()
        if ends and rng.random() < 0.05:
            action = rng.choice(ends)
            seat = action.seat if hasattr(action, "seat") else state.declarer
            state.apply(action, seat)
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def test_written_games_reparse_and_agree_with_the_engine() -> None:
    for seed in range(300):
        state = _play_with_ends(seed)
        text = write_iss(state, id=str(seed), players=("a", "b", "c"), date="2026-01-01")
        rec = parse_iss_line(text)
        assert rec.id == str(seed) and rec.players == ("a", "b", "c")
        assert check(rec) == [], text


def test_writer_puts_the_skat_after_the_pick_up_and_discards_with_the_declaration() -> None:
    for seed in range(200):
        state = _play_with_ends(seed)
        if not state.picked_up:
            continue
        moves = parse_iss_line(write_iss(state)).moves
        texts = [t for _, t in moves]
        i = texts.index("s")
        assert moves[i + 1][0] == "w" and len(texts[i + 1].split(".")) == 2
        assert texts[i + 2].split(".")[0][0] in "GCSHDN"
        assert len(texts[i + 2].split(".")) == 3
        return
    pytest.fail("no game with a pick-up")


def test_writer_refuses_an_unfinished_game() -> None:
    with pytest.raises(ValueError, match="not over"):
        write_iss(GameState(seed=1))
