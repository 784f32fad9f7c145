"""Helpers shared by the record tests: the fixture file and small ISS lines built by hand."""

from __future__ import annotations

from pathlib import Path

from skat.records.iss import IssRecord, RecordError, parse_iss_line, read_iss

DATA = Path(__file__).resolve().parent.parent / "data" / "iss"
REAL = DATA / "real.sgf"

# Forehand CJ SJ HJ DJ and all Clubs, Middlehand Spades and Hearts, Rearhand Hearts and Diamonds.
DEAL = (
    "CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8."
    "C7.SA.ST.SK.SQ.S9.S8.S7.HA.HT."
    "HK.HQ.H9.H8.H7.DA.DT.DK.DQ.D9."
    "D8.D7"
)


def line(
    moves: str, result: str = "", place: str = "International Skat Server", id: str = "1"
) -> str:
    """An ISS line with these moves (after ``w <DEAL>`` unless they start with ``w``)."""
    if not moves.startswith("w "):
        moves = f"w {DEAL} {moves}"
    return f"(;GM[Skat]PC[{place}]ID[{id}]P0[a]P1[b]P2[c]MV[{moves} ]R[{result}] ;)"


def record(moves: str, result: str = "", place: str = "International Skat Server") -> IssRecord:
    """The parsed record of :func:`line`."""
    return parse_iss_line(line(moves, result, place))


def fixtures() -> list[IssRecord]:
    """The 59 real ISS records."""
    out = []
    for item in read_iss(REAL):
        assert not isinstance(item, RecordError), str(item)
        out.append(item)
    return out


def fixture(id: str) -> IssRecord:
    """One real record by its ID."""
    return next(r for r in fixtures() if r.id == id)
