"""ISS moves into engine actions: a declaration after picking up carries its two discards."""

from __future__ import annotations

import pytest

from skat.core.state import Phase
from skat.iss.codes import MoveError, to_engine


@pytest.mark.parametrize(
    ("move", "phase", "expected"),
    [
        ("18", Phase.BIDDING, ["18"]),
        ("s", Phase.SKAT, ["s"]),
        ("GH", Phase.SKAT, ["GH"]),
        ("NOH.CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8", Phase.SKAT, ["NOH"]),
        ("G.CJ.SJ", Phase.DISCARD, ["CJ.SJ", "G"]),
        ("NO.C7.S7", Phase.DISCARD, ["C7.S7", "NO"]),
        ("CJ.SJ", Phase.DISCARD, ["CJ.SJ"]),
        ("RE", Phase.PLAY, ["RE.1"]),
        ("SC.CA.CT", Phase.PLAY, ["SC"]),
        ("CA", Phase.PLAY, ["CA"]),
    ],
)
def test_a_declaration_after_picking_up_carries_its_discards(
    move: str, phase: Phase, expected: list[str]
) -> None:
    assert to_engine(move, phase, 1) == expected


@pytest.mark.parametrize("move", ["", "G.CJ", "G.CJ.CJ", "X.CJ.SJ", "a b", "x" * 200])
def test_a_text_that_is_no_move_is_refused(move: str) -> None:
    with pytest.raises(MoveError):
        to_engine(move, Phase.DISCARD, 0)
