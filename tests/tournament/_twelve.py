"""The hand-computed 12-player, 2-series tournament (three 4-tables, one deal per player a
series: 4 games a table).  Seeger-Fabian at a 4-table: a won game value + 50, a lost one
−2 × value − 50 and + 30 to each other player.

Series 1 (tables by plan)          Series 2 (by the standings after series 1)
T1 A B C D: A 103 B 152 C -146 D 30   T1 B G F H: B 120 G 176 F 30 H -138
T2 E F G H: E -146 F 110 G 113 H 107  T2 A J K I: A -122 J 152 K 152 I 30
T3 I J K L: I 68 J 74 K 74 L 0        T3 D L C E: D -96 L 98 C 100 E 128

Overall: G 289, B 272, J 226, K 226, F 140, L 98, I 98, E -18, A -19, H -31, C -46, D -66.
"""

from __future__ import annotations

from skat.tournament import (
    Format,
    Money,
    Player,
    TableList,
    Tournament,
    parse_list,
    seat_by_plan,
    seat_by_standings,
    standings,
)

TEAMS = {"G": "North", "A": "North", "B": "South", "C": "South", "J": "East", "D": "East"}
LADIES = set("CEIL")

SERIES_1 = {
    1: "B G won 72\nC C lost 48\npassed\nA N won 23\ntotals 103 152 -146 30",
    2: "F H won 30\nG S won 33\nH D won 27\nE G lost 48",
    3: "J C won 24\nK C won 24\npassed\nI D won 18",
}
SERIES_2 = {
    1: "G G won 96\npassed\nH S lost 44\nB H won 40",
    2: "J G won 72\nK G won 72\npassed\nA C lost 36",
    3: "L D won 18\nC H won 20\nE G won 48\nD N lost 23",
}


def players() -> tuple[Player, ...]:
    return tuple(
        Player(
            n,
            club="SC " + TEAMS.get(n, "Free"),
            team=TEAMS.get(n, ""),
            categories=("ladies",) * (n in LADIES),
        )
        for n in "ABCDEFGHIJKL"
    )


def enter(t: Tournament, series: int, lists: dict[int, str]) -> Tournament:
    for table in t.round(series).seating.tables:
        games, written = parse_list(lists[table.number], table.players)
        t = t.with_list(
            TableList(series, table.number, table.players, games, written.get("totals"))
        )
    return t


def twelve() -> Tournament:
    """The tournament with both series entered (loss money 50 ct, 1 € a series at a 4-table,
    prizes 10, 6, 4, 2 €)."""
    t = Tournament(
        "Twelve",
        players(),
        Format(series=2, deals_per_player=1),
        money=Money(loss_fees=(50,), table_fee=((4, 100),), prizes=(1000, 600, 400, 200)),
    )
    t = t.with_seating(1, seat_by_plan(t.players, ["ABCD", "EFGH", "IJKL"]))
    t = enter(t, 1, SERIES_1)
    ranked = [s.name for s in standings(t).rows]
    t = t.with_seating(2, seat_by_standings(t.players, ranked, teams="ignore"))
    return enter(t, 2, SERIES_2)
