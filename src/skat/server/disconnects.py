"""A player whose connection is gone past the waiting time gives up: the rules option
``disconnect_concede`` (seconds; the ``online`` preset waits 60).

Skat-Online (skatblog.com): "Skat-Online setzt den Ausstieg aufgrund technischer Gründe mit
einer Spielaufgabe dieses Spielers gleich", and the game it tells of ended there, every trick
still to play going to the declarer, as ISkO 4.1.3 says.  So when the last connection of a
human place closes, the table waits ``disconnect_concede`` seconds; a reconnect before then
cancels it.  Past them, as long as he is away:

- once a declarer plays (the play phase), the game ends as his party's giving up: the engine's
  violation ``left`` (``violation.<seat>.left``), scored like a concession (ISkO 4.1.3 to 4.1.6,
  the declarer's party or the defenders'; under ``resign=both`` too, as in the source's game);
- before that (the auction, picking up, declaring) and in a Ramsch, where nobody can give up,
  the table makes his cautious move when it is his turn (the move clock's:
  :func:`~skat.server.clock.timeout_action`: pass, pick up the skat, ...).

>>> from skat.server.table import Table, TableConfig
>>> t = Table("t", TableConfig.parse({"rules": "online", "seats": ["human"] * 3}, seed=1))
>>> t.series.seats[1]  # Middlehand, who speaks first in the auction
2
>>> [str(away_move(t, p)) for p in range(3)]  # away: he passes when it is his turn
['None', 'None', 'p']
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Final

from skat.core.actions import Action, Violation
from skat.core.phase import Phase
from skat.server.clock import timeout_action
from skat.server.table import ActionRefused, Table

if TYPE_CHECKING:
    from skat.server.hub import Hub, Room

POLL: Final = 0.2
"""Seconds between two looks at a table whose player is away past the waiting time."""


def away_move(table: Table, player: int) -> Action | None:
    """What the table does now for ``player`` who is away past the waiting time (``None``:
    nothing; module doc)."""
    state = table.state
    seat = table.seat_of(player)
    if state is None or seat is None or state.is_over:
        return None
    if state.phase == Phase.PLAY and state.course.declarer >= 0:
        return Violation(seat, "left")
    if state.to_move == seat:
        return timeout_action(state.view(seat))
    return None


def watch_away(hub: Hub, room: Room, player: int) -> None:
    """``player``'s connections closed: wait ``disconnect_concede`` seconds for him (a
    reconnect cancels), then act for him (module doc).  Nothing without the option, at a
    finished table, or when he still has a connection open."""
    table = room.table
    wait = table.config.rules.disconnect_concede
    if not wait or table.is_over or player in room.online:
        return
    old = room.away.pop(player, None)
    if old is not None:
        old.cancel()
    room.away[player] = asyncio.get_running_loop().create_task(_away(hub, room, player, wait))


async def _away(hub: Hub, room: Room, player: int, wait: float) -> None:
    await asyncio.sleep(wait)
    table = room.table
    while player not in room.online and not table.is_over and hub.rooms.get(table.id) is room:
        move = None if hub.paused(room) else away_move(table, player)  # nobody there: wait
        if move is not None:
            with contextlib.suppress(ActionRefused):
                await hub.act(room, player, str(move), table.counter, auto="away")
        await asyncio.sleep(POLL)
