"""Score sheets: the standings of a series; a game's list entries are the core's
(:func:`skat.core.sheets.entries`, re-exported here).

>>> from skat.core import Contract, Result
>>> lost = Result(Contract.parse("C"), declarer=0, won=False, value=48, score=-96)
>>> entries(lost, (1, 2, 0), 3, "seeger")
(40, -146, 40)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skat.core.sheets import (
    SEEGER_ACTIVE_BONUS,
    SEEGER_DEFENCE_BONUS,
    SEEGER_GAME_BONUS,
    SHEETS,
    entries,
)

__all__ = [
    "SEEGER_ACTIVE_BONUS",
    "SEEGER_DEFENCE_BONUS",
    "SEEGER_GAME_BONUS",
    "SHEETS",
    "Standing",
    "entries",
    "ranking",
]


@dataclass(frozen=True)
class Standing:
    """One line of the final ranking: place (shared when everything is equal), name, total,
    games won and lost as declarer."""

    place: int
    player: str
    total: int
    won: int
    lost: int


def ranking(
    players: Sequence[str], totals: Sequence[int], won: Sequence[int], lost: Sequence[int]
) -> list[Standing]:
    """Rank by total; equal totals by more games won, then fewer games lost (the official
    tie-breaks of the Skatwettspielordnung).  Players equal in all three share a place (the
    rules then draw lots; we leave that to the table).

    >>> [(s.place, s.player) for s in ranking("ABCD", [100, 100, 100, 7], [3, 4, 3, 1], [1, 2, 1, 0])]
    [(1, 'B'), (2, 'A'), (2, 'C'), (4, 'D')]
    """
    order = sorted(range(len(players)), key=lambda p: (-totals[p], -won[p], lost[p]))
    out: list[Standing] = []
    for i, p in enumerate(order):
        key = (totals[p], won[p], lost[p])
        if out and (out[-1].total, out[-1].won, out[-1].lost) == key:
            place = out[-1].place
        else:
            place = i + 1
        out.append(Standing(place, players[p], totals[p], won[p], lost[p]))
    return out
