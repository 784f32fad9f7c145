"""Standings on the hand-computed 12-player, 2-series tournament (tests/tournament/_twelve.py):
Seeger-Fabian points per series and overall, the tie-breaks in the tournament's order,
seating by standings, team, club and category rankings, loss money, table fees and prizes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skat.tournament import (
    GameEntry,
    TableList,
    TournamentError,
    category_standings,
    group_standings,
    player_fees,
    prize_list,
    standings,
    table_fees,
)

from ._twelve import twelve


def _table(rows: object) -> list[tuple[int, str, int]]:
    return [(s.place, s.name, s.points) for s in rows]  # type: ignore[attr-defined]


def test_seeger_fabian_points_of_the_first_series() -> None:
    st = standings(twelve(), 1)
    assert _table(st.rows) == [
        (1, "B", 152),
        (2, "G", 113),
        (3, "F", 110),
        (4, "H", 107),
        (5, "A", 103),
        (6, "J", 74),  # J and K: equal points, best series and won games: they share 6th
        (6, "K", 74),
        (8, "I", 68),
        (9, "D", 30),
        (10, "L", 0),
        (11, "C", -146),
        (11, "E", -146),
    ]
    assert st.pending == ()


def test_the_second_series_is_seated_strong_with_strong() -> None:
    tables = [t.players for t in twelve().round(2).seating.tables]
    assert tables == [("B", "G", "F", "H"), ("A", "J", "K", "I"), ("D", "L", "C", "E")]


def test_overall_standings_with_the_tie_breaks_best_series_then_won_games() -> None:
    st = standings(twelve())
    assert _table(st.rows) == [
        (1, "G", 289),
        (2, "B", 272),
        (3, "J", 226),  # J and K tie on every tie-break: they share 3rd, there is no 4th
        (3, "K", 226),
        (5, "F", 140),
        (6, "L", 98),  # L and I have 98: L's best series (98) beats I's (68)
        (7, "I", 98),
        (8, "E", -18),
        (9, "A", -19),
        (10, "H", -31),
        (11, "C", -46),
        (12, "D", -66),
    ]
    g = st.rows[0]
    assert (g.won, g.lost, g.series) == (2, 0, (113, 176))


def test_the_tie_break_order_is_the_tournaments() -> None:
    t = twelve()
    by_last = standings(replace(t, tiebreaks=("last_series",))).rows
    assert [(s.place, s.name) for s in by_last if s.points == 98] == [(6, "L"), (7, "I")]
    by_won = standings(replace(t, tiebreaks=("won",))).rows  # I and L each won one game
    assert [(s.place, s.name) for s in by_won if s.points == 98] == [(6, "I"), (6, "L")]
    with pytest.raises(TournamentError, match="unknown tie-break 'luck'"):
        standings(replace(t, tiebreaks=("luck",)))


def test_team_and_club_rankings_add_their_members_points() -> None:
    teams = group_standings(twelve(), "team")
    assert [(g.place, g.group, g.points, g.members) for g in teams] == [
        (1, "North", 270, ("G", "A")),
        (2, "South", 226, ("B", "C")),
        (3, "East", 160, ("J", "D")),
    ]
    clubs = group_standings(twelve(), "club")
    assert [(g.group, g.points) for g in clubs] == [
        ("SC Free", 140 + 98 + 98 + 226 - 18 - 31),  # F L I K E H
        ("SC North", 270),
        ("SC South", 226),
        ("SC East", 160),
    ]


def test_category_ranking_places_the_category_among_itself() -> None:
    ladies = category_standings(twelve(), "ladies")
    assert _table(ladies) == [(1, "L", 98), (2, "I", 98), (3, "E", -18), (4, "C", -46)]
    with pytest.raises(TournamentError, match="no player is in category 'youth'"):
        category_standings(twelve(), "youth")


def test_loss_money_and_table_fees_per_player_and_per_table() -> None:
    fees = {f.name: (f.loss_money, f.table_fees) for f in player_fees(twelve())}
    assert fees["C"] == (50, 200) and fees["A"] == (50, 200) and fees["G"] == (0, 200)
    assert sum(f[0] for f in fees.values()) == 5 * 50  # five lost games
    t1 = table_fees(twelve(), 1)
    assert [(f.name, f.loss_money, f.table_fees) for f in t1] == [
        ("table 1", 50, 400),
        ("table 2", 50, 400),
        ("table 3", 0, 400),
    ]


def test_the_prize_list_shares_the_prizes_of_a_shared_place() -> None:
    prizes = [(p.place, p.name, p.amount) for p in prize_list(twelve())]
    assert prizes == [(1, "G", 1000), (2, "B", 600), (3, "J", 300), (3, "K", 300)]


def test_a_list_with_problems_does_not_count_until_corrected() -> None:
    t = twelve()
    table = t.round(2).seating.tables[0]
    bad = TableList(2, 1, table.players, (GameEntry("G", "G", True, 50),) * 4)
    st = standings(t.with_list(bad))
    assert st.pending == ("series 2 table 1",)
    assert next(s for s in st.rows if s.name == "G").series == (113, None)


def test_under_a_time_limit_a_shorter_list_counts() -> None:
    t = twelve()
    table = t.round(2).seating.tables[0]
    short = TableList(2, 1, table.players, (GameEntry("G", "G", True, 96),))  # 1 of 4 games
    assert standings(t.with_list(short)).pending == ("series 2 table 1",)
    timed = replace(t, format=replace(t.format, time_limit=90)).with_list(short)
    st = standings(timed)
    assert st.pending == ()
    assert next(s for s in st.rows if s.name == "G").series == (113, 146)
