"""What one seat is told about its table, line by line.

A :class:`Feed` follows one table for one player: after every change it turns what happened
since the last call into ISS lines: the game's ``start`` and the deal (``play w``, only the
recipient's cards), every move with the seat that made it (:func:`skat.iss.codes.event_moves`),
and at the game's end the whole game as an ISS game record (``end``).  A game is always told
to its end before the next one starts, so the games of a table stay strictly in order.

>>> from skat.server.table import Table, TableConfig
>>> config = TableConfig.parse({"rules": "iss", "games": 1, "seats": ["human"] * 3}, seed=3)
>>> table = Table("t1", config, claims=dict.fromkeys(range(3), "-"))  # every place taken
>>> feed = Feed(table, player=0, name="a")
>>> [line.split()[3] for line in feed.update()]
['go', 'start', 'play']
>>> mover = table.to_move()
>>> _ = table.apply(mover, table.check(mover, "p", 0))
>>> feed.update()
['table .t1 a play 1 p 0 0 0']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from skat.core.state import GameState
from skat.iss.codes import deal_text, event_moves, events_done
from skat.records.iss import IssWriteError, iss_unwritable, write_iss
from skat.server.table import Table

__all__ = ["Feed", "end_record"]

_CLOCK: Final = "0"


class Feed:
    """The lines for ``player`` (``name`` its ISS user name) at ``table`` (module doc).

    ``held()`` true: the current game waits for the players' ``ready`` and is not told yet.
    ``endings``: games ended by a timeout or a player leaving (number -> (``TI``/``LE``,
    seat, moves before it)), told as ``play w TI.<seat>`` in place of the resignations that
    ended them (before the declaration nothing follows it but the penalty record).  ``next_game``:
    start with the game after the one being played (a client that cannot take up a game
    already under way)."""

    def __init__(
        self,
        table: Table,
        player: int,
        name: str,
        *,
        held: Callable[[], bool] = lambda: False,
        endings: Mapping[int, tuple[str, int, int]] | None = None,
        next_game: bool = False,
    ) -> None:
        self.table = table
        self.player = player
        self.name = name
        self.held = held
        self.endings = endings if endings is not None else {}
        self.game = len(table.finished_games) + 1  # the game being told (1-based)
        if next_game and table.state is not None and not held():
            self.game += 1
        self.sent = -1  # events of it told; -1: not started

    def _prefix(self) -> str:
        return f"table .{self.table.id} {self.name}"

    def _times(self) -> str:
        clock = str(self.table.config.clock) if self.table.config.clock else _CLOCK
        return f"{clock} {clock} {clock}"

    def update(self) -> list[str]:
        """The lines for everything that happened since the last call."""
        table = self.table
        lines: list[str] = []
        while self.game <= len(table.finished_games):
            state = table.finished_games[self.game - 1]
            number = self.game
            ending = self.endings.get(number)
            lines += self._moves(state, number)
            if ending is not None:
                lines.append(f"{self._prefix()} play w {ending[0]}.{ending[1]} {self._times()}")
            record = end_record(table, state, number, ending)
            lines.append(f"{self._prefix()} end {record}")
            self.game += 1
            self.sent = -1
        current = None if table.waiting else table.state  # nothing dealt out until it starts
        if current is not None and len(table.finished_games) + 1 == self.game and not self.held():
            lines += self._moves(current, self.game)
        return lines

    def _moves(self, state: GameState, number: int) -> list[str]:
        seats = self._seats(number)
        if seats is None:
            return []
        seat = seats.index(self.player) if self.player in seats else None
        lines = []
        if self.sent < 0:
            clock = str(self.table.config.clock) if self.table.config.clock else _CLOCK
            names = " ".join(f"{self._name(p)} {clock}" for p in seats)
            lines.append(f"{self._prefix()} go")
            lines.append(f"{self._prefix()} start {number} {names}")
            lines.append(f"{self._prefix()} play w {deal_text(state, seat)} {self._times()}")
            self.sent = 0
        ending = self.endings.get(number)
        stop = ending[2] if ending is not None else None
        for who, text in event_moves(state, self.sent, seat, stop):
            lines.append(f"{self._prefix()} play {who} {text} {self._times()}")
        self.sent = events_done(state, self.sent, stop)
        return lines

    def _seats(self, number: int) -> tuple[int, ...] | None:
        series = self.table.series
        if number <= len(series.records):
            return tuple(series.records[number - 1].seats)
        return tuple(series.seats) if not series.is_over else None

    def _name(self, player: int) -> str:
        """A player's name on the wire: one word (the recipient's own seat carries its user
        name, so a client finds itself even at a table whose places were named otherwise; another
        place named like it is told with its number)."""
        if player == self.player:
            return self.name
        name = "_".join(self.table.players[player].split())
        return f"{name}-{player + 1}" if name == self.name else name  # one of a kind


def end_record(
    table: Table, state: GameState, number: int, ending: tuple[str, int, int] | None = None
) -> str:
    """The finished game as the server stores it: an ISS game record on one line (for a game
    the ISS format cannot say, a record with only its id and the reason in ``C[...]``);
    ``ending``: it ended by a timeout (``w TI.<seat>``)."""
    record = table.series.records[number - 1]
    names = [table.players[p] for p in record.seats]
    game_id = f"{table.id}-{number}"
    try:
        return write_iss(
            state,
            id=game_id,
            players=(names[0], names[1], names[2]),
            ended=ending[:2] if ending else None,
        )
    except (IssWriteError, ValueError):
        reason = iss_unwritable(state) or "not an ISS game"
        return f"(;GM[Skat]ID[{game_id}]C[{reason}] ;)"
