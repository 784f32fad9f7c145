"""ISS records of a timeout during the auction (``w TI.0``) and penalty records (``d:-1``):
the hand-written fixtures in tests/data/iss/timeouts.sgf read, replay and check."""

from __future__ import annotations

from skat.records.iss import IssRecord, RecordError, read_iss
from skat.records.replay import check, replay

from ._support import DATA


def _records() -> list[IssRecord]:
    out = []
    for item in read_iss(DATA / "timeouts.sgf"):
        assert not isinstance(item, RecordError), str(item)
        out.append(item)
    return out


def test_timeout_records_replay_and_agree_with_their_results() -> None:
    records = _records()
    assert len(records) == 4
    for rec in records:
        assert check(rec) == [], rec.label


def test_timeout_of_forehand_in_the_auction_is_a_penalty_without_declarer() -> None:
    rec = next(r for r in _records() if r.id == "901")  # 1 18 w TI.0
    f = replay(rec).fields.fields
    assert (f["d"], f["outcome"], f["p0"], f["p1"], f["p2"], f["to"]) == (-1, "penalty", 1, 0, 0, 0)


def test_timeout_after_the_auction_marks_both_defenders() -> None:
    rec = next(r for r in _records() if r.id == "904")  # 1 18 0 y 1 p 2 p w TI.1
    f = replay(rec).fields.fields
    assert (f["d"], f["outcome"], f["p0"], f["p1"], f["p2"], f["to"]) == (0, "penalty", 0, 1, 1, 1)
