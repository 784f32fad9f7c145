"""Finished tables out of memory, and the lobby a page at a time.  A part of the
:class:`~skat.server.hub.Hub`.

A table whose series is over leaves :attr:`Hub.rooms` (:meth:`LobbyMixin._retire`): its
state is kept only in the database, with its line for the lobby (``tables.summary``), so a
server's memory and its start (which reads the live tables only) do not grow with the games
ever played.  Whoever opens a finished table (its page, history, downloads, analysis) gets it
read back and replayed on demand (:meth:`LobbyMixin.find`); the last :data:`FINISHED_KEPT`
opened stay in memory.

The lobby (:meth:`LobbyMixin.lobby`) lists the running tables (from memory, newest first)
and then the finished ones (from the database, newest first), ``limit`` lines from
``offset``: only the lines of the page are made; a page of finished tables is read once and
kept until another table finishes or is deleted.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from skat.server.limits import Recent
from skat.server.rooms import Room
from skat.server.storage import SqlStorage, StorageError, StoredTable
from skat.server.table import ConfigError, Table
from skat.server.variant_table import new_table, parse_config

T = TypeVar("T")
log: Final = logging.getLogger("skat.server")

FINISHED_KEPT: Final = 32
"""Finished tables kept in memory after they were opened (the most recent)."""
PAGE: Final = 50
"""Lines of a lobby page unless the request says (``limit``)."""
MAX_PAGE: Final = 200
"""The most lines one lobby page has."""
PAGES_KEPT: Final = 64
"""Pages of finished tables kept (until the next table finishes)."""
FRESH: Final = 1.0
"""Seconds a lobby page's answer is given again as it was (until a table comes, goes or
finishes): a client polling the lobby as fast as it can costs the server one page a second."""


def summary_line(room: Room, paused: bool = False) -> dict[str, Any]:
    """A table's line in the lobby: id, rules, games planned and played, places, state."""
    t = room.table
    return {
        "id": t.id,
        "rules": t.rules_text,  # made once per table: the rules written out cost
        "variant": getattr(t, "variant", "skat"),
        "games": t.config.games,
        "played": len(t.series.records),
        "over": t.is_over,
        "created": t.created,
        "players": [
            {"name": s.name, "kind": s.kind, "claimed": i in t.claims}
            for i, s in enumerate(t.config.seats)
        ],
        "free": len(t.free_places()),
        "online": len(room.online),
        "waiting": t.waiting,
        "clock": t.config.clock,
        "paused": paused,
    }


def page_bounds(limit: object, offset: object) -> tuple[int, int]:
    """``limit`` and ``offset`` of a lobby request (text from the query), checked.

    >>> page_bounds(None, None), page_bounds("10", "20"), page_bounds("1000", "0")
    ((50, 0), (10, 20), (200, 0))
    >>> page_bounds("x", "0")
    Traceback (most recent call last):
    ...
    ValueError: limit: a whole number from 1 to 200, not 'x'
    """
    values = []
    for name, text, default, low in (("limit", limit, PAGE, 1), ("offset", offset, 0, 0)):
        if text is None or text == "":
            values.append(default)
            continue
        try:
            number = int(str(text))
        except ValueError:
            number = -1
        if number < low or (name == "offset" and number > 10**9):
            what = f"from 1 to {MAX_PAGE}" if name == "limit" else ">= 0"
            raise ValueError(f"{name}: a whole number {what}, not {text!r}")
        values.append(min(number, MAX_PAGE) if name == "limit" else number)
    return values[0], values[1]


class LobbyMixin:
    """Finished tables read on demand and the paginated lobby of the Hub (module doc)."""

    storage: SqlStorage
    rooms: dict[str, Room]
    if TYPE_CHECKING:  # provided by the Hub

        async def _db(self, fn: Callable[..., T], *args: Any) -> T: ...

        def paused(self, room: Room) -> bool: ...

        def _schedule(self, room: Room) -> None: ...

    def _init_lobby(self) -> None:
        self._finished: Recent[str, Room] = Recent(FINISHED_KEPT)
        self._pages: dict[tuple[int, int], list[tuple[str, str]]] = {}
        self._order: list[str] | None = None  # the running tables' ids, newest first
        self._answers: dict[tuple[int, int], tuple[float, bytes]] = {}  # lobby_json

    def _lobby_changed(self) -> None:
        """A table came, went or finished: the lists are made again when asked for."""
        self._order = None
        self._pages.clear()
        self._answers.clear()

    # ------------------------------------------------------------------ finished tables

    async def find(self, table_id: str) -> Room | None:
        """The table ``table_id`` (a finished one read back from the database) or ``None``."""
        room = self.rooms.get(table_id) or self._finished.get(table_id)
        if room is not None:
            return room
        stored = await self._db(self.storage.load_table, table_id)
        if stored is None:
            return self.rooms.get(table_id)
        return self._loaded(stored)

    def _loaded(self, stored: StoredTable) -> Room | None:
        """A table read from the database on demand: a finished one is kept among the last
        opened; one still played (another process's, a cluster) joins the running ones."""
        found = self.rooms.get(stored.id)
        if found is not None:  # read meanwhile
            return found
        try:
            table = new_table(
                stored.id, parse_config(stored.config), dict(stored.claims), stored.created
            )
            table.replay(stored.actions)
        except ConfigError as exc:
            log.error("table %s cannot be read back: %s", stored.id, exc)
            return None
        room = self._new_room(table, stored.creator)
        if table.is_over:
            self._finished.put(stored.id, room)
        else:
            self.rooms[stored.id] = room
            self._lobby_changed()
            self._schedule(room)
        return room

    def _new_room(self, table: Table, creator: str) -> Room:
        """The room of a table read back (a cluster's process makes its own kind)."""
        return Room(table, creator=creator)

    async def _retire(self, room: Room, store: bool = True) -> None:
        """The table's series is over: out of the running tables (its connections keep
        their room; the last opened finished tables stay in memory); ``store``: mark it
        finished in the database with its lobby line."""
        table = room.table
        if self.rooms.get(table.id) is room:
            del self.rooms[table.id]
        current = asyncio.current_task()
        for task in (room.clock, room.claim, *room.away.values()):
            if task is not None and task is not current:
                task.cancel()
        room.deadline = None
        self._finished.put(table.id, room)
        self._lobby_changed()
        if store:
            line = summary_line(room)
            line["online"] = 0
            try:
                await self._db(self.storage.finish_table, table.id, json.dumps(line))
            except StorageError as exc:  # its lobby line is made again when asked for
                log.warning("table %s: not marked finished: %s", table.id, exc)

    # ------------------------------------------------------------------ the lobby

    def _running(self) -> list[str]:
        if self._order is None or len(self._order) != len(self.rooms):
            rooms = sorted(self.rooms.values(), key=lambda r: (r.table.is_over, -r.table.created))
            self._order = [r.table.id for r in rooms]
        return [i for i in self._order if i in self.rooms]

    async def lobby(self, limit: int = PAGE, offset: int = 0) -> dict[str, Any]:
        """A page of the lobby: the running tables (newest first), then the finished ones;
        ``more``: a next page exists; ``running``: how many run."""
        order = self._running()
        page = [
            summary_line(self.rooms[i], self.paused(self.rooms[i]))
            for i in order[offset : offset + limit]
        ]
        more = offset + limit < len(order)
        need = limit - len(page)
        if need > 0:
            start = max(0, offset - len(order))
            rows = await self._finished_rows(need + 1, start)
            more = len(rows) > need
            for table_id, text in rows[:need]:
                line = await self._finished_line(table_id, text)
                if line is not None:
                    page.append(line)
        return {"tables": page, "offset": offset, "limit": limit, "more": more,
                "running": len(order)}  # fmt: skip

    async def lobby_json(self, limit: int = PAGE, offset: int = 0) -> bytes:
        """:meth:`lobby` as JSON, made at most once in :data:`FRESH` seconds."""
        key = (limit, offset)
        now = time.monotonic()
        kept = self._answers.get(key)
        if kept is not None and now - kept[0] < FRESH:
            return kept[1]
        body = json.dumps(await self.lobby(limit, offset), separators=(",", ":")).encode()
        if len(self._answers) >= PAGES_KEPT:
            self._answers.clear()
        self._answers[key] = (now, body)
        return body

    async def _finished_rows(self, limit: int, offset: int) -> list[tuple[str, str]]:
        key = (limit, offset)
        rows = self._pages.get(key)
        if rows is None:
            rows = await self._db(self.storage.finished_page, limit, offset)
            if len(self._pages) >= PAGES_KEPT:
                self._pages.clear()
            self._pages[key] = rows
        return rows

    async def _finished_line(self, table_id: str, text: str) -> dict[str, Any] | None:
        """A finished table's stored lobby line (made and stored now for a table finished by
        an older version)."""
        if text:
            line: dict[str, Any] = json.loads(text)
            return line
        room = await self.find(table_id)
        if room is None:
            return None
        made = summary_line(room)
        made["online"] = 0
        try:
            await self._db(self.storage.save_summary, table_id, json.dumps(made))
        except StorageError as exc:
            log.warning("table %s: lobby line not stored: %s", table_id, exc)
        self._pages.clear()
        return made
