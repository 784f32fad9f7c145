"""Seating a series (Tischeinteilung): table sizes, by lot, by plan or by standings, with team
mates kept apart or together.

Tables of four are preferred and tables of three make the count work: ``3a + 4b = N`` has a
solution for every N ≥ 3 except 5.  Five players cannot be seated at 3- and 4-tables: the
seating refuses with that reason (a club with five plays one 5-table as a single series of
:mod:`skat.series`, outside a tournament).  The 4-tables get the lowest numbers.

>>> table_sizes(10), table_sizes(9), table_sizes(4)
((4, 3, 3), (3, 3, 3), (4,))
>>> table_sizes(5)
Traceback (most recent call last):
...
skat.tournament.seating.SeatingError: 5 players cannot sit at tables of 3 and 4: add or withdraw a player
>>> from skat.tournament.model import Player
>>> players = [Player(n, team="T1" if n in "AB" else "") for n in "ABCDEFG"]
>>> s = seat_by_lot(players, seed=7)
>>> s.seed, [len(t.players) for t in s.tables]
(7, [4, 3])
>>> any({"A", "B"} <= set(t.players) for t in s.tables)
False
>>> seat_by_lot(players, seed=7) == s
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from skat.tournament.model import Player, Seating, Table, TournamentError


class SeatingError(TournamentError):
    """The players cannot be seated this way; the message says why."""


def table_sizes(n: int) -> tuple[int, ...]:
    """The table sizes for ``n`` players: as many 4-tables as possible, then 3-tables."""
    if n < 3:
        raise SeatingError(f"{n} players are too few: a Skat table needs 3")
    if n == 5:
        raise SeatingError("5 players cannot sit at tables of 3 and 4: add or withdraw a player")
    threes = (4 - n % 4) % 4
    return (4,) * ((n - 3 * threes) // 4) + (3,) * threes


def seat_by_lot(players: Sequence[Player], *, seed: int, teams: str = "apart") -> Seating:
    """Draw the tables by lot from ``seed`` (the same seed gives the same tables)."""
    order = list(players)
    random.Random(seed).shuffle(order)
    return _seat(order, "lot", seed, teams, near=False)


def seat_by_standings(
    players: Sequence[Player], ranked: Sequence[str], *, teams: str = "apart"
) -> Seating:
    """Strong with strong: table 1 gets the first four of ``ranked`` (the standings after the
    series before), table 2 the next, …; team swaps stay between neighbouring tables."""
    by_name = {p.name: p for p in players}
    if sorted(ranked) != sorted(by_name):
        raise SeatingError("the ranking must name every player once")
    return _seat([by_name[n] for n in ranked], "standings", None, teams, near=True)


def seat_by_plan(players: Sequence[Player], plan: Sequence[Sequence[str]]) -> Seating:
    """The director's fixed plan: one list of names per table, kept as given."""
    names = [p.name for p in players]
    seated = [n for table in plan for n in table]
    missing = sorted(set(names) - set(seated))
    extra = sorted(set(seated) - set(names))
    if missing or extra:
        raise SeatingError(
            f"the plan does not fit the players (missing {missing}, unknown {extra})"
        )
    counts = Counter(seated)
    twice = sorted(n for n, c in counts.items() if c > 1)
    if twice:
        raise SeatingError(f"the plan seats {', '.join(twice)} twice")
    for i, table in enumerate(plan, 1):
        if len(table) not in (3, 4):
            raise SeatingError(f"table {i} of the plan has {len(table)} players, not 3 or 4")
    tables = tuple(Table(i, tuple(t)) for i, t in enumerate(plan, 1))
    return Seating(tables, "plan", None, _team_notes(tables, {p.name: p.team for p in players}))


def _seat(order: list[Player], method: str, seed: int | None, teams: str, near: bool) -> Seating:
    sizes = table_sizes(len(order))
    team_of = {p.name: p.team for p in order}
    if teams == "together":
        groups = _together(order, sizes)
    else:
        groups = _chunks([p.name for p in order], sizes)
        if teams == "apart":
            _apart(groups, team_of, near)
    tables = tuple(Table(i, tuple(g)) for i, g in enumerate(groups, 1))
    notes = _team_notes(tables, team_of) if teams == "apart" else ()
    if teams == "together":
        notes = _split_notes(tables, team_of)
    return Seating(tables, method, seed, notes)


def _chunks(names: list[str], sizes: Sequence[int]) -> list[list[str]]:
    out, start = [], 0
    for size in sizes:
        out.append(names[start : start + size])
        start += size
    return out


def _conflicts(group: Sequence[str], team_of: Mapping[str, str], skip: str = "") -> Counter[str]:
    return Counter(team_of[n] for n in group if team_of[n] and n != skip)


def _apart(groups: list[list[str]], team_of: Mapping[str, str], near: bool) -> None:
    """Swap players between tables until no table holds two of a team, or no swap helps."""
    for t, group in enumerate(groups):
        for i in range(len(group)):
            team = team_of[group[i]]
            if team and _conflicts(group[:i], team_of)[team]:  # the later (weaker) one moves
                _swap_out(groups, t, i, team_of, near)


def _swap_out(
    groups: list[list[str]], t: int, i: int, team_of: Mapping[str, str], near: bool
) -> bool:
    name = groups[t][i]
    team = team_of[name]
    here = _conflicts(groups[t], team_of, name)
    order = sorted(range(len(groups)), key=lambda u: (abs(u - t) if near else 0, u < t, u))
    for u in order:
        if u == t or _conflicts(groups[u], team_of)[team]:
            continue
        for j, other in enumerate(groups[u]):
            other_team = team_of[other]
            if other_team and (other_team == team or here[other_team]):
                continue  # he would meet a team mate at table t
            groups[t][i], groups[u][j] = other, name
            return True
    return False


def _together(order: list[Player], sizes: Sequence[int]) -> list[list[str]]:
    """Team blocks first (largest first, split into fours), into the first table with room;
    players without a team fill the rest in the drawn order."""
    blocks: dict[str, list[str]] = {}
    singles: list[str] = []
    for p in order:
        (blocks.setdefault(p.team, []) if p.team else singles).append(p.name)
    pieces = [b[k : k + 4] for b in blocks.values() for k in range(0, len(b), 4)]
    pieces.sort(key=len, reverse=True)
    groups: list[list[str]] = [[] for _ in sizes]
    for piece in pieces:
        room = [u for u in range(len(sizes)) if sizes[u] - len(groups[u]) >= len(piece)]
        if room:
            groups[room[0]].extend(piece)
        else:
            singles[:0] = piece  # no table has room for the whole piece: it is split below
    for u, size in enumerate(sizes):
        while len(groups[u]) < size:
            groups[u].append(singles.pop(0))
    return groups


def _team_notes(tables: Sequence[Table], team_of: Mapping[str, str]) -> tuple[str, ...]:
    notes = []
    for table in tables:
        for team, count in sorted(_conflicts(table.players, team_of).items()):
            if count > 1:
                notes.append(f"table {table.number}: {count} players of team {team!r} sit together")
    return _reasons(notes, tables, team_of)


def _reasons(
    notes: list[str], tables: Sequence[Table], team_of: Mapping[str, str]
) -> tuple[str, ...]:
    if not notes:
        return ()
    sizes = Counter(t for t in team_of.values() if t)
    big = sorted(t for t, c in sizes.items() if c > len(tables))
    if big:
        notes.append(f"more players than tables in team {', '.join(map(repr, big))}")
    else:
        notes.append("no swap between tables could part them")
    return tuple(notes)


def _split_notes(tables: Sequence[Table], team_of: Mapping[str, str]) -> tuple[str, ...]:
    where: dict[str, set[int]] = {}
    for table in tables:
        for name in table.players:
            if team_of[name]:
                where.setdefault(team_of[name], set()).add(table.number)
    return tuple(
        f"team {team!r} is split over tables {', '.join(map(str, sorted(at)))}"
        f"{' (more than 4 players)' if Counter(team_of.values())[team] > 4 else ' (no table had room)'}"
        for team, at in sorted(where.items())
        if len(at) > 1
    )
