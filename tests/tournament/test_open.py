"""An open tournament: a late arrival, a leaver and a substitute at any time; the tables of 3
and 4 recomputed; a leaver's later series count 0 or he is removed (the tournament's
setting); everything survives the tournament file."""

from __future__ import annotations

import pytest

from skat.server.tournament_desk import Desk, DeskError
from skat.server.tournament_store import WebState
from skat.tournament import (
    Format,
    GameEntry,
    Player,
    Tournament,
    TournamentError,
    dumps,
    loads,
    standings,
    unchecked,
)


def passed_all(d: Desk, series: int) -> None:
    for table in d.t.round(series).seating.tables:
        for _ in range(d.t.format.games(len(table.players))):
            d.enter(series, table.number, GameEntry(None))


def won_by(d: Desk, series: int, name: str) -> None:
    """``name``'s table: ``name`` wins a Grand 72 first (or when he deals, the next game)."""
    for table in d.t.round(series).seating.tables:
        n = len(table.players)
        for g in range(d.t.format.games(n)):
            dealer = table.players[g % n]
            if name in table.players and g == 1 and (n == 3 or dealer != name):
                d.enter(series, table.number, GameEntry(name, "G", True, 72))
            else:
                d.enter(series, table.number, GameEntry(None))


def seven() -> Desk:
    t = Tournament("Open", tuple(Player(n) for n in "ABCDEFG"), Format(3, 1))
    d = Desk("t", t, WebState.new("k"))
    d.seat(1, "lot", seed=5)
    return d


def test_a_late_arrival_a_leaver_and_a_substitute() -> None:
    d = seven()
    won_by(d, 1, "A")
    # a late arrival before series 2, a leaver after series 1: still 7 at tables of 4 and 3
    d.set_players([*d.t.players, Player("H")])
    d.withdraw("B")
    assert d.t.player("B").left == 1
    d.seat(2, "standings")
    seated = [tb.players for tb in d.t.round(2).seating.tables]
    assert sorted(n for tb in seated for n in tb) == list("ACDEFGH")
    assert [len(tb) for tb in seated] == [4, 3]
    assert seated[0][0] == "A"  # the leader at table 1
    # a substitute takes C's seat before the table entered a game
    d.substitute(2, "C", Player("S"))
    assert "S" in [n for tb in d.t.round(2).seating.tables for n in tb.players]
    assert d.t.player("C").left == 1
    passed_all(d, 2)
    # a second withdrawal before series 3: 6 players sit at two tables of 3
    d.withdraw("D")
    d.seat(3, "lot", seed=1)
    assert [len(tb.players) for tb in d.t.round(3).seating.tables] == [3, 3]
    rows = {s.name: s for s in standings(d.live()).rows}
    assert rows["B"].series == (0, None, None)  # his later series count 0
    assert rows["A"].series[0] == 122 and rows["A"].points == 122
    assert rows["H"].series == (None, 0, None)
    again = loads(dumps(d.t))
    assert again == d.t
    d.settings("remove")
    assert "B" not in {s.name for s in standings(d.live()).rows}
    assert loads(dumps(d.t)).leavers == "remove"


def test_a_leaver_unseats_a_series_seated_without_lists() -> None:
    d = seven()
    passed_all(d, 1)
    d.seat(2, "lot", seed=2)
    d.withdraw("A", after=1)  # series 2 was seated with A: seat it again
    assert len(d.t.rounds) == 1
    d.seat(2, "lot", seed=2)
    assert [len(tb.players) for tb in d.t.round(2).seating.tables] == [3, 3]


def test_what_cannot_change_says_why() -> None:
    d = seven()
    with pytest.raises(TournamentError, match="A is seated in a series: withdraw"):
        d.set_players([p for p in d.t.players if p.name != "A"])
    table = d.t.round(1).seating.tables[0]
    d.enter(1, 1, GameEntry(None))
    with pytest.raises(TournamentError, match="table 1 has entered games: the seat is taken"):
        d.substitute(1, table.players[0], Player("S"))
    with pytest.raises(DeskError, match="leavers: one of count, remove"):
        d.settings("drop")


def test_ties_follow_the_dskv_rule_won_then_fewer_lost_then_the_lot() -> None:
    from dataclasses import replace

    from skat.tournament import DSKV_TIEBREAKS, Seating, Table, TableList

    t = Tournament("Tie", tuple(Player(n) for n in "ABC"), Format(1, 1),
                   tiebreaks=DSKV_TIEBREAKS)  # fmt: skip
    t = t.with_seating(1, Seating((Table(1, ("A", "B", "C")),)))
    # B and C each win a Grand 72: level on points, won and lost
    games = (GameEntry("B", "G", True, 72), GameEntry("C", "G", True, 72), GameEntry(None))
    t = t.with_list(TableList(1, 1, ("A", "B", "C"), games))
    rows = standings(t).rows
    assert [(s.place, s.name) for s in rows] == [(1, "B"), (1, "C"), (3, "A")]
    assert "the lot is to be drawn for the shared places" in standings(t).pending
    drawn = t.draw_lot(seed=4)
    order = [n for n in drawn.lot if n in "BC"]
    assert [s.name for s in standings(drawn).rows][:2] == order
    assert [s.place for s in standings(drawn).rows] == [1, 2, 3]
    assert loads(dumps(drawn)).lot == drawn.lot  # recorded
    with pytest.raises(TournamentError, match="the lot is drawn already"):
        drawn.draw_lot(seed=5)
    # on equal points: more games won first, then fewer lost, then the lot
    from skat.tournament.standings import Standing, rank

    lines = [Standing(0, "A", 300, 3, 1, (300,)), Standing(0, "B", 300, 4, 2, (300,)),
             Standing(0, "C", 300, 4, 1, (300,)), Standing(0, "D", 300, 3, 1, (300,))]  # fmt: skip
    assert [(s.place, s.name) for s in rank(lines, DSKV_TIEBREAKS)] == [
        (1, "C"), (2, "B"), (3, "A"), (3, "D")]  # fmt: skip
    assert [s.name for s in rank(lines, DSKV_TIEBREAKS, ("D", "C", "B", "A"))] == list("CBDA")
    assert replace(t, tiebreaks=("won",)).tiebreaks == ("won",)


@pytest.mark.parametrize("leavers", ["count", "remove"])
def test_a_player_who_leaves_during_a_series_ends_his_tables_list_there(leavers: str) -> None:
    """A leaver mid-series: his table's list ends with the games played with him (entered
    and checked at that length, one more refused with the reason); his later series count 0
    or he is removed, per the tournament's setting; the next series seats the others."""
    t = Tournament("Open", tuple(Player(n) for n in "ABCDEFG"), Format(3, 1), leavers=leavers)
    d = Desk("t", t, WebState.new("k"))
    d.seat(1, "lot", seed=5)
    four = next(tb for tb in d.t.round(1).seating.tables if len(tb.players) == 4)
    three = next(tb for tb in d.t.round(1).seating.tables if len(tb.players) == 3)
    for _ in range(3):
        d.enter(1, three.number, GameEntry(None))
    leaver, declarer = four.players[3], four.players[1]  # seat 4 deals game 4: he sits out
    d.enter(1, four.number, GameEntry(declarer, "G", True, 72))  # game 1 (seat 1 deals)
    with pytest.raises(TournamentError, match=f"table {four.number} has 1 games entered: "
                       "take back those after game 0 first"):  # fmt: skip
        d.withdraw(leaver, 1, game=0)
    d.withdraw(leaver, game=2)  # during series 1 after game 2, which is not entered yet
    assert d.table_view(1, four.number)["planned"] == 2
    d.enter(1, four.number, GameEntry(None))  # game 2: still enterable
    with pytest.raises(DeskError, match=f"the list ended after game 2: {leaver} left during"):
        d.enter(1, four.number, GameEntry(None))
    assert not d._problems()  # both lists complete and checked
    assert not unchecked(d.t, 1)
    for name in four.players:
        if name != leaver:
            assert not d.final(1, four.number)
            d.confirm(1, four.number, name)
    assert d.final(1, four.number)  # confirmed by the three still there
    rows = {s.name: s for s in standings(d.t).rows}
    assert rows[declarer].points == 122
    if leavers == "count":
        assert rows[leaver].points == 0 and rows[leaver].series[0] == 0
    else:
        assert leaver not in rows
    d.seat(2, "standings")  # six players: two tables of 3
    seated = sorted(n for tb in d.t.round(2).seating.tables for n in tb.players)
    assert seated == sorted(set("ABCDEFG") - {leaver})
    again = loads(dumps(d.t))
    assert again == d.t and again.player(leaver).left_game == 2
    # a player already listed keeps when he left (saving the player list does not undo it)
    d.set_players([Player(p.name) for p in d.t.players])
    assert d.t.player(leaver).left_game == 2 and d.t.planned(1, four.number) == 2
