"""The ISS ready gate and the games ended otherwise than by play: a table made over ISS
deals each game but tells it, and lets it be played, only once every player has said ``ready``
(:attr:`Room.gate`); a game ends early by a timeout (``TI``) or a player leaving (``LE``); a
series ends when its players stop.  A part of the :class:`~skat.server.hub.Hub`."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from skat.core.language import say
from skat.core.state import GameState
from skat.server.rooms import Room
from skat.server.storage import SqlStorage, StorageError
from skat.server.table import OVER, ActionRefused, Applied, Table

log: Final = logging.getLogger("skat.server")
T = TypeVar("T")


class GateMixin:
    """The ready gate and the early endings of the :class:`~skat.server.hub.Hub`."""

    rooms: dict[str, Room]
    storage: SqlStorage
    if TYPE_CHECKING:  # provided by the Hub

        async def _db(self, fn: Callable[..., T], *args: Any) -> T: ...

        def _schedule(self, room: Room) -> None: ...

        def _broadcast(self, room: Room) -> None: ...

        async def _retire(self, room: Room, store: bool = True) -> None: ...

        async def _store_record(
            self,
            table: Table,
            state: GameState,
            number: int,
            ending: tuple[str, int, int] | None = None,
        ) -> None: ...

    def _close_gate(self, room: Room) -> None:
        """A game just finished at a table made over ISS: the next one waits for every
        player's ``ready`` (those who said it early excepted).  (Call under the table's lock.)"""
        if room.ready_players and not room.table.is_over:
            room.gate = set(room.ready_players) - room.early
            room.early.clear()
            if room.gate and room.on_gate is not None:
                room.on_gate(room)

    def open_gate(self, room: Room, player: int | None = None) -> None:
        """``player`` said ``ready`` (``None``: open the gate for all): once nobody is
        awaited, the game is told and played."""
        if not room.gate:
            return
        if player is None:
            room.gate.clear()
        else:
            room.gate.discard(player)
        if not room.gate:
            self._schedule(room)
            self._broadcast(room)

    async def end_game(self, room: Room, player: int, how: str, counter: int) -> Applied:
        """End the current game because ``player`` ran out of time (``TI``) or left (``LE``),
        as the International Skat Server does (:meth:`Table.end_game`); stored in the log
        like a move, its record says ``w TI.<seat>``.  :class:`ActionRefused` if not now."""
        table = room.table
        async with room.lock:
            if self.rooms.get(table.id) is not room:
                raise ActionRefused("deleted", lambda lang: say(lang, "server.refused.deleted"))
            if room.gate:
                raise ActionRefused("not_ready", lambda lang: say(lang, "server.refused.notBegun"))
            ending = table.check_end(player, how, counter)
            try:
                await self._db(
                    self.storage.append_action, table.id, table.counter, player, str(ending)
                )
            except StorageError as exc:
                raise ActionRefused("storage", str(exc)) from None
            applied = table.end_game(player, ending)
            assert applied.finished is not None and applied.record is not None
            number = applied.record.number
            await self._store_record(table, applied.finished, number, table.endings[number])
            self._close_gate(room)
        if table.is_over:  # kept in the database from now on
            await self._retire(room)
        self._schedule(room)
        self._broadcast(room)
        return applied

    async def end_series(self, room: Room) -> None:
        """End the table's series now (its players will not play on): the game dealt but
        not begun is dropped, the computer players and the clock stop; stored in the log
        (``@over``) and the table marked finished, so a restart does not bring it back.
        (Call under the table's lock.)"""
        table = room.table
        player = table.series.seats[0]
        try:
            await self._db(self.storage.append_action, table.id, table.counter, player, OVER)
            await self._db(self.storage.finish_table, table.id)
        except StorageError as exc:  # ended here all the same; a restart may bring it back
            log.warning("table %s: the end of the series not stored: %s", table.id, exc)
        table.end_series()
        for task in (room.driver, room.clock):
            if task is not None:
                task.cancel()
        room.deadline = None
        self._broadcast(room)
        await self._retire(room)
