"""Seating (Tischeinteilung): every N from 3 to 200, by lot, by standings and by plan; 4-tables
preferred, 3-tables to make the count work, N = 5 refused with the reason; team mates apart or
together, or the reason why not."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from skat.tournament import (
    Player,
    SeatingError,
    seat_by_lot,
    seat_by_plan,
    seat_by_standings,
    table_sizes,
)
from skat.tournament.model import Seating

SIZES = [n for n in range(3, 201) if n != 5]


def _players(n: int, team_size: int, seed: int) -> list[Player]:
    """``n`` players, the first ones in teams of ``team_size`` (about a third in teams)."""
    rng = random.Random(seed)
    teamed = (n // 3) // team_size * team_size
    return [
        Player(f"P{i:03d}", team=f"T{i // team_size}" if i < teamed else "", club=rng.choice("ab"))
        for i in range(n)
    ]


def _check_tables(s: Seating, players: list[Player]) -> None:
    seated = [name for t in s.tables for name in t.players]
    assert sorted(seated) == sorted(p.name for p in players)  # every player once
    sizes = [len(t.players) for t in s.tables]
    assert set(sizes) <= {3, 4}
    assert sizes.count(3) <= 3  # 4-tables preferred: at most three 3-tables
    assert sizes == sorted(sizes, reverse=True)  # the 4-tables first
    assert [t.number for t in s.tables] == list(range(1, len(s.tables) + 1))


def _apart_kept_or_noted(s: Seating, players: list[Player]) -> None:
    team = {p.name: p.team for p in players}
    together = [
        (t.number, tm)
        for t in s.tables
        for tm, c in Counter(team[n] for n in t.players if team[n]).items()
        if c > 1
    ]
    if together:
        assert s.notes, "team mates sit together without a reason"
        for number, tm in together:
            assert any(f"table {number}" in note and tm in note for note in s.notes)
    else:
        assert s.notes == ()


@pytest.mark.parametrize("n", SIZES)
def test_seating_by_lot_seats_every_player_once_at_3_and_4_tables_for_every_n(n: int) -> None:
    players = _players(n, 2, n)
    s = seat_by_lot(players, seed=n)
    _check_tables(s, players)
    _apart_kept_or_noted(s, players)
    assert s.seed == n and s.method == "lot"


@pytest.mark.parametrize("n", SIZES)
def test_seating_by_standings_puts_strong_with_strong_for_every_n(n: int) -> None:
    players = _players(n, 3, n + 1)
    ranked = [p.name for p in players]
    random.Random(n).shuffle(ranked)
    s = seat_by_standings(players, ranked, teams="ignore")
    _check_tables(s, players)
    assert [name for t in s.tables for name in t.players] == ranked


@pytest.mark.parametrize("n", [n for n in SIZES if n % 7 == 0 or n < 20])
def test_seating_by_standings_keeps_teams_apart_with_near_swaps(n: int) -> None:
    players = _players(n, 2, n + 2)
    ranked = [p.name for p in players]
    s = seat_by_standings(players, ranked)
    _check_tables(s, players)
    _apart_kept_or_noted(s, players)
    if not s.notes:  # a swap stays between neighbouring tables: nobody moves far
        where = {name: t.number for t in s.tables for name in t.players}
        plain = {name: k // 4 + 1 for k, name in enumerate(ranked)}
        assert all(abs(where[x] - plain[x]) <= 2 for x in ranked if n % 4 == 0)


def test_seating_by_lot_is_reproducible_from_its_seed() -> None:
    players = _players(40, 2, 1)
    assert seat_by_lot(players, seed=99) == seat_by_lot(players, seed=99)
    assert seat_by_lot(players, seed=99) != seat_by_lot(players, seed=100)


def test_five_players_cannot_be_seated_at_tables_of_three_and_four() -> None:
    with pytest.raises(SeatingError, match="5 players cannot sit at tables of 3 and 4"):
        table_sizes(5)
    with pytest.raises(SeatingError, match="too few"):
        table_sizes(2)
    assert [table_sizes(n) for n in (3, 6, 7, 8, 9, 13)] == [
        (3,),
        (3, 3),
        (4, 3),
        (4, 4),
        (3, 3, 3),
        (4, 3, 3, 3),
    ]


def test_team_mates_apart_unless_the_team_has_more_players_than_tables() -> None:
    players = [Player(f"X{i}", team="X") for i in range(3)] + [Player(f"Y{i}") for i in range(5)]
    s = seat_by_lot(players, seed=1)  # 8 players: two tables, three of team X
    assert any("sit together" in note for note in s.notes)
    assert any("more players than tables in team 'X'" in note for note in s.notes)


def test_team_mates_together_at_one_table_when_asked() -> None:
    players = [Player(f"P{i}", team=f"T{i // 2}" if i < 8 else "") for i in range(14)]
    s = seat_by_lot(players, seed=5, teams="together")
    _check_tables(s, players)
    where = {name: t.number for t in s.tables for name in t.players}
    for k in range(4):
        assert where[f"P{2 * k}"] == where[f"P{2 * k + 1}"]
    assert s.notes == ()


def test_a_team_of_five_cannot_sit_together_and_says_why() -> None:
    players = [Player(f"P{i}", team="Big" if i < 5 else "") for i in range(8)]
    s = seat_by_lot(players, seed=2, teams="together")
    assert s.notes == ("team 'Big' is split over tables 1, 2 (more than 4 players)",)


def test_seating_by_plan_keeps_the_plan_and_refuses_a_wrong_one() -> None:
    players = [Player(n) for n in "ABCDEFG"]
    s = seat_by_plan(players, [["A", "B", "C", "D"], ["E", "F", "G"]])
    assert [t.players for t in s.tables] == [("A", "B", "C", "D"), ("E", "F", "G")]
    with pytest.raises(SeatingError, match="missing"):
        seat_by_plan(players, [["A", "B", "C", "D"], ["E", "F"]])
    with pytest.raises(SeatingError, match="not 3 or 4"):
        seat_by_plan(players, [["A", "B", "C", "D", "E"], ["F", "G"]])
    with pytest.raises(SeatingError, match="twice"):
        seat_by_plan(players, [["A", "B", "C", "D"], ["E", "F", "G", "A"]])
