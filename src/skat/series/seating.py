"""The seating order at a table: players by name, who deals, who plays, who sits out.

Players sit clockwise in the order given; the first player deals the first game and the deal
passes to the left (the next player in the list).  Forehand is the dealer's left neighbour.
With three players the dealer is Rearhand; with four the dealer sits out and his right
neighbour is Rearhand; with five or more the dealer's two left neighbours and his right
neighbour play and everybody else sits out (ISkO 2; the Skatordnung before 1998).

>>> t = SeatingOrder(["Anna", "Ben", "Cora", "Dirk", "Eva"])
>>> t.seats(0), t.sitting(0)
((1, 2, 4), (0, 3))
>>> [t.players[p] for p in t.seats(3)]
['Eva', 'Anna', 'Cora']
>>> SeatingOrder(["Anna", "Ben", "Cora"]).seats(0)
(1, 2, 0)
>>> SeatingOrder(["Anna", "Anna", "Ben"])
Traceback (most recent call last):
...
skat.series.seating.SeatingError: player name 'Anna' is given twice
"""

from __future__ import annotations

from collections.abc import Sequence


class SeatingError(ValueError):
    """Too few players, an empty or repeated name, or a dealer who is not at the table."""


class SeatingOrder:
    """The players at one table, clockwise; ``players[0]`` deals first."""

    __slots__ = ("players",)

    players: tuple[str, ...]

    def __init__(self, players: Sequence[str]) -> None:
        if isinstance(players, str):
            raise SeatingError("players must be a list of names, not one string")
        names = tuple(players)
        if len(names) < 3:
            raise SeatingError(f"a Skat table needs at least 3 players, got {len(names)}")
        seen: set[str] = set()
        for name in names:
            if not isinstance(name, str) or not name.strip():
                raise SeatingError(f"a player name must be a non-empty text, not {name!r}")
            if not name.isprintable():
                raise SeatingError(f"player name {name!r} holds a control character")
            if name != name.strip():
                raise SeatingError(f"player name {name!r} starts or ends with a space")
            if name in seen:
                raise SeatingError(f"player name {name!r} is given twice")
            seen.add(name)
        self.players = names

    @property
    def size(self) -> int:
        """Number of players at the table."""
        return len(self.players)

    def _check(self, dealer: int) -> None:
        if not 0 <= dealer < len(self.players):
            raise SeatingError(f"dealer {dealer} is not at a table of {len(self.players)}")

    def seats(self, dealer: int) -> tuple[int, int, int]:
        """Player indices of Forehand, Middlehand and Rearhand when ``dealer`` deals."""
        self._check(dealer)
        n = len(self.players)
        rearhand = dealer if n == 3 else (dealer - 1) % n
        return ((dealer + 1) % n, (dealer + 2) % n, rearhand)

    def sitting(self, dealer: int) -> tuple[int, ...]:
        """Player indices who sit out when ``dealer`` deals, clockwise from the dealer."""
        active = self.seats(dealer)
        n = len(self.players)
        return tuple(p for p in ((dealer + k) % n for k in range(n)) if p not in active)

    def next_dealer(self, dealer: int) -> int:
        """The dealer's left neighbour, who deals next."""
        self._check(dealer)
        return (dealer + 1) % len(self.players)

    def index(self, name: str) -> int:
        """Index of the player called ``name``."""
        try:
            return self.players.index(name)
        except ValueError:
            raise SeatingError(f"no player called {name!r} at this table") from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeatingOrder) and self.players == other.players

    def __hash__(self) -> int:
        return hash(self.players)

    def __repr__(self) -> str:
        return f"SeatingOrder({list(self.players)!r})"
