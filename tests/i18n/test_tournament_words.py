"""The tournament's list check speaks every language of the catalogs: its problems carry
message ids (no English sentence is matched as text anywhere), the standings' notes too."""

from __future__ import annotations

from skat.core import Rules
from skat.tournament import GameEntry, TableList, check_list
from skat.tournament.check import unchecked
from skat.tournament.model import Player, Seating, Table, Tournament
from skat.tournament.report import standings_sheet

PLAYERS = ("Anna", "Ben", "Cora")


def problems(games: tuple[GameEntry, ...], rules: str = "tournament") -> list[object]:
    return list(check_list(TableList(1, 1, PLAYERS, games), Rules.parse(rules), len(games)))


def test_list_problems_are_said_in_english_german_and_danish() -> None:
    got = problems(
        (
            GameEntry("Ben", "G", True, 50),  # no value of a won Grand
            GameEntry("Eva", "C", True, 24),  # not at this table
            GameEntry("Ben", "G", True, 48, kontra=1),  # Kontra not allowed in a DSkV list
        )
    )
    english = [p.describe("en") for p in got]  # type: ignore[attr-defined]
    assert english == [str(p) for p in got]
    assert english[0].startswith("game 1: 50 is no value of a won G (G won is worth")
    german = [p.describe("de") for p in got]  # type: ignore[attr-defined]
    assert (
        german[0]
        == "Spiel 1: 50 ist kein Wert eines gewonnenen G (G gewonnen ist 48, 72, 96, … wert)"
    )
    assert german[1] == "Spiel 2: 'Eva' sitzt nicht an diesem Tisch"
    assert "nicht erlaubt" in german[2] and "kein Kontra auf der Liste" in german[2]
    danish = [p.describe("da") for p in got]  # type: ignore[attr-defined]
    assert danish[0] == "spil 1: 50 er ingen værdi for et vundet G (G vundet er værd 48, 72, 96, …)"
    assert danish[1] == "spil 2: 'Eva' sidder ikke ved dette bord"
    assert "ikke tilladt" in danish[2] and "ingen kontra på listen" in danish[2]


def test_a_missing_list_and_the_standings_notes_in_danish() -> None:
    t = Tournament("Cup", tuple(Player(n) for n in PLAYERS))
    t = t.with_seating(1, Seating((Table(1, PLAYERS),), "lot", 1))
    assert unchecked(t, 1, "da") == ("serie 1 bord 1: ingen spilleliste indtastet",)
    assert unchecked(t, 1, "de") == ("Serie 1 Tisch 1: keine Liste eingetragen",)
    sheet = standings_sheet(t)
    assert sheet.notes[0] == "tie-breaks: the best series, more games won"  # the default
    assert sheet.notes_in("da") == (
        "ved pointlighed: den bedste serie, flere vundne spil",
        "serie 1 bord 1: ingen spilleliste talt endnu",
    )
