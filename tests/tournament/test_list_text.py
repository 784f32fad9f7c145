"""Typing a paper list: one game a line, the declarer by name (spaces allowed) or seat number,
won/lost in English, German or as +/-, the bid optional, the table's own sums, comments."""

from __future__ import annotations

import pytest

from skat.tournament import GameEntry, ListTextError, parse_list

PLAYERS = ("Anna Maria", "Ben", "Cora")


def test_a_typed_list_reads_names_seats_outcomes_bids_and_sums() -> None:
    text = """
    # series 1, table 2
    Anna Maria GH gewonnen 72   # a name with a space
    3 c - 48 50
    eingepasst
    Ben N verloren 23
    totals 122 -96 -146
    won 1 0 0
    """
    games, written = parse_list(text, PLAYERS)
    assert games == (
        GameEntry("Anna Maria", "GH", True, 72),
        GameEntry("Cora", "C", False, 48, 50),
        GameEntry(None),
        GameEntry("Ben", "N", False, 23),
    )
    assert written == {"totals": (122, -96, -146), "won": (1, 0, 0)}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("Eva G won 72", "line 1: 'Eva' is not a player of this table"),
        ("4 G won 72", "line 1: '4' is not a player of this table"),
        ("Ben G won", "is not 'declarer game won|lost value [bid]'"),
        ("Ben G won 72 18 1", "is not 'declarer game won|lost value [bid]'"),
        ("Ben G won x", "is not 'declarer game won|lost value [bid]'"),
        ("passed 3", "is not 'declarer game won|lost value [bid]'"),
    ],
)
def test_a_line_that_cannot_be_read_names_the_line(line: str, message: str) -> None:
    with pytest.raises(ListTextError, match=message.replace("|", r"\|").replace("[", r"\[")):
        parse_list(line, PLAYERS)
