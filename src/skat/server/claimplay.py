"""A binding claim played out: the table plays the rest of the game at once, every hand
open.  A part of the :class:`~skat.server.hub.Hub`."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Final

from skat.core.cards import Card
from skat.server.claims import claim_line
from skat.server.rooms import Room
from skat.server.scheduler import FairScheduler
from skat.server.table import ActionRefused, Applied

log: Final = logging.getLogger("skat.server")


class ClaimPlayMixin:
    """The claim play-out of the :class:`~skat.server.hub.Hub`."""

    scheduler: FairScheduler
    _stopping: bool
    if TYPE_CHECKING:  # provided by the Hub

        async def act(
            self, room: Room, player: int | None, text: object, counter: object, auto: str = ""
        ) -> Applied: ...

    async def _play_claim(self, room: Room) -> None:
        """A binding claim: play the rest of the game at once, every hand open
        (:func:`~skat.server.claims.claim_line`, in a worker thread), each move marked
        ``claim``."""
        table = room.table
        state = table.state
        if state is None:
            return
        counter, number = table.counter, table.series.number
        line: list[tuple[int, str]] = []
        try:
            # a thread, not the worker process: a claim is decided in milliseconds and must not
            # wait behind an analysis there
            line = await self.scheduler.run(table.id, claim_line, state.copy())
        except RuntimeError:  # the pool is shut down: the server stops (a restart replays)
            return
        except Exception:  # never leave the table stuck in the claim: the plain cards below
            log.exception("table %s: the claim could not be decided", table.id)
        if table.counter != counter or table.series.number != number:
            return
        for seat, card in line:
            if table.series.number != number or not table.claim_open:
                return
            try:
                await self.act(room, table.series.seats[seat], card, table.counter, auto="claim")
            except ActionRefused as exc:
                log.warning("table %s: claim move %s refused: %s", table.id, card, exc)
                break
        while table.series.number == number and table.claim_open and not self._stopping:
            now = table.state  # (only if the line fell short): the first legal card
            assert now is not None
            first = next(a for a in now.legal_actions() if isinstance(a, Card))
            await self.act(
                room, table.series.seats[now.to_move], str(first), table.counter, "claim"
            )
