"""Score sheets: the standings of a series; a game's list entries are the core's
(:func:`skat.core.sheets.entries`, re-exported here).

>>> from skat.core import Contract, Result
>>> lost = Result(Contract.parse("C"), declarer=0, won=False, value=48, score=-96)
>>> entries(lost, (1, 2, 0), 3, "seeger")
(40, -146, 40)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from skat.core.actions import DOUBLES
from skat.core.scoring import Result
from skat.core.sheets import (
    SEEGER_ACTIVE_BONUS,
    SEEGER_DEFENCE_BONUS,
    SEEGER_GAME_BONUS,
    SHEETS,
    entries,
    games_won_lost,
    list_game,
)

__all__ = [
    "SEEGER_ACTIVE_BONUS",
    "SEEGER_DEFENCE_BONUS",
    "SEEGER_GAME_BONUS",
    "SHEETS",
    "ListRow",
    "ListedGame",
    "Standing",
    "entries",
    "games_won_lost",
    "list_rows",
    "list_standings",
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


class Listed(Protocol):
    """A game as the list needs it: a series' :class:`~skat.series.series.GameRecord`, or a
    :class:`ListedGame` read from a record."""

    @property
    def number(self) -> int: ...

    @property
    def result(self) -> Result: ...

    @property
    def seats(self) -> tuple[int, int, int]: ...

    @property
    def factor(self) -> int: ...


@dataclass(frozen=True)
class ListedGame:
    """One game for the list from a record: its number, result, the player index of each seat
    (Forehand, Middlehand, Rearhand) and the Bock factor."""

    number: int
    result: Result
    seats: tuple[int, int, int]
    factor: int = 1


@dataclass(frozen=True)
class ListRow:
    """One row of the list, the same for the web, the terminal, ``skat list`` and the
    tournament desk: the game's number, the declarer's player index (``None``: a Ramsch or
    passed in), the game as players write it (English and German, Kontra/Re/Supra included;
    :meth:`game` says it in any language),
    the doubling said (``""``, ``Kontra``, ``Re``, ``Supra``, ``Resupra``), won, the value,
    one entry per player, and the players who won or lost a game by it (the ranking's
    tie-break)."""

    number: int
    declarer: int | None
    game_en: str
    game_de: str
    doubled: str
    won: bool
    value: int
    entries: tuple[int, ...]
    wins: tuple[int, ...]
    losses: tuple[int, ...]
    result: Result | None = field(default=None, compare=False, repr=False)

    def game(self, lang: str) -> str:
        """The game in ``lang`` (``en``, ``de``, ``da`` …), as players write it on the list.

        >>> from skat.core import Contract
        >>> won = Result(Contract.parse("GH"), declarer=0, won=True, value=72, score=72)
        >>> list_rows([ListedGame(1, won, (0, 1, 2))], 3, "plain")[0].game("da")
        'grand hånd'
        """
        if self.result is not None:
            return _game_name(self.result, lang)
        return self.game_de if lang == "de" else self.game_en


def list_rows(
    games: Iterable[Listed], n_players: int, sheet: str, *, bonus: str = "all"
) -> list[ListRow]:
    """The list's rows for ``games`` at a table of ``n_players`` on ``sheet`` (the one list
    computation: :func:`entries`, :func:`~skat.core.sheets.games_won_lost`,
    :func:`~skat.core.sheets.list_game`).

    >>> from skat.core import Contract
    >>> lost = Result(Contract.parse("C"), declarer=0, won=False, value=48, score=-96)
    >>> row = list_rows([ListedGame(1, lost, (1, 2, 3))], 4, "seeger")[0]
    >>> row.declarer, row.game_en, row.entries, row.losses
    (1, 'Clubs', (30, -146, 30, 30), (1,))
    """
    out = []
    for g in games:
        res = g.result
        won, lost = games_won_lost(res)
        declarer = None if res.declarer is None or res.ramsch is not None else res.declarer
        out.append(
            ListRow(
                number=g.number,
                declarer=None if declarer is None else g.seats[declarer],
                game_en=list_game(res, "en"),
                game_de=list_game(res, "de"),
                doubled=DOUBLES[res.kontra].name if res.kontra and res.ramsch is None else "",
                won=res.won,
                value=res.value,
                entries=entries(res, g.seats, n_players, sheet, bonus=bonus, factor=g.factor),
                wins=tuple(g.seats[s] for s in won),
                losses=tuple(g.seats[s] for s in lost),
                result=res,
            )
        )
    return out


def variant_row(
    number: int, result: Result, seats: Sequence[int | None], n_players: int
) -> ListRow:
    """The list's row of a variant's game (Strohmann, Officers' Skat, Tournee Skat): each
    seat's score as the variant scores it (``result.seat_scores``) in the column of the player
    at that seat (``seats``; ``None``: the Strohmann dummy, who has no column).

    >>> from skat.core import Contract
    >>> won = Result(Contract.parse("G"), declarer=2, won=True, value=48, score=48)
    >>> row = variant_row(3, won, (1, None, 0), 2)
    >>> row.declarer, row.entries, row.wins, row.game("de")
    (0, (48, 0), (0,), 'Grand')
    """
    scores = [0] * n_players
    for seat, score in enumerate(result.seat_scores):
        player = seats[seat] if seat < len(seats) else None
        if player is not None:
            scores[player] += score
    declarer = None if result.declarer is None else seats[result.declarer]
    outcome = () if declarer is None else (declarer,)
    return ListRow(
        number=number,
        declarer=declarer,
        game_en=_game_name(result, "en"),
        game_de=_game_name(result, "de"),
        doubled="",
        won=result.won,
        value=result.value,
        entries=tuple(scores),
        wins=outcome if result.won else (),
        losses=() if result.won else outcome,
        result=result,
    )


def _game_name(result: Result, lang: str) -> str:
    """The game as the list writes it: a variant's own name of it (Tournee Skat's kinds)."""
    own = getattr(result, "game_name_in", None)
    return str(own(lang)) if own is not None else list_game(result, lang)


def list_standings(players: Sequence[str], rows: Sequence[ListRow]) -> list[Standing]:
    """The ranking of the list's rows (:func:`ranking`: totals, games won, games lost)."""
    n = len(players)
    totals = [sum(r.entries[p] for r in rows) for p in range(n)]
    won = [sum(r.wins.count(p) for r in rows) for p in range(n)]
    lost = [sum(r.losses.count(p) for r in rows) for p in range(n)]
    return ranking(players, totals, won, lost)
