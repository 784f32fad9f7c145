"""What plays a table on without its people: the computer players (each move thought in a
worker thread or process, :mod:`skat.server.thinking`), the worker processes themselves, and
the move clock; and when a table pauses instead.  A part of the :class:`~skat.server.hub.Hub`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import time
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from typing import TYPE_CHECKING, Any, Final

from skat.ai.agent import SafeAgent
from skat.ai.arena import make_agent
from skat.core.actions import Bid
from skat.core.state import GameState
from skat.server.clock import timeout_action
from skat.server.jumpdelay import answer_wait
from skat.server.rooms import Room, Settings
from skat.server.scheduler import FairScheduler
from skat.server.table import ActionRefused, Applied, Table
from skat.server.thinking import expensive, think, watch_parent
from skat.server.variant_table import VariantTable
from skat.server.worker_pool import LowPriorityPool

log: Final = logging.getLogger("skat.server")


class DrivingMixin:
    """The computer players and move clock of the :class:`~skat.server.hub.Hub`."""

    settings: Settings
    scheduler: FairScheduler
    _stopping: bool
    _heavy_pool: ProcessPoolExecutor | None
    if TYPE_CHECKING:  # provided by the Hub

        async def act(
            self, room: Room, player: int | None, text: object, counter: object, auto: str = ""
        ) -> Applied: ...

    def paused(self, room: Room) -> bool:
        """A computer-only table nobody has watched for ``idle_pause`` seconds (or since the
        server started) does not play on until somebody watches it again; nor do the
        computers and the move clock of a table whose people have all been away for
        ``away_pause`` seconds (or since the server started) until one of them is back
        (except at a table made over ISS, where the clock ends a dead seat's game)."""
        if room.table.is_over:
            return False
        if room.robots_only:
            if room.connections:
                return False
            return time.monotonic() - room.watched > self.settings.idle_pause or not room.watched
        if room.online or room.ready_players:
            # a table made over ISS is never paused: its clock ends a dead seat's game by
            # ``TI`` as the real ISS does, and the series goes on or ends at ``ready``
            return False
        seen = room.people_seen
        return time.monotonic() - seen > self.settings.away_pause or not seen

    async def _drive(self, room: Room) -> None:
        """Play the computers' moves while it is their turn; each move is thought in a worker
        thread when it is this table's turn (:class:`FairScheduler`)."""
        table = room.table
        while not self._stopping and not self.paused(room) and not room.gate:
            player = table.computer_to_move()
            state = table.state
            if player is None or state is None:
                return
            if self.settings.computer_delay:
                await asyncio.sleep(self.settings.computer_delay)
                if self.paused(room):
                    return
            counter = table.counter
            seat = table.seat_of(player)
            assert seat is not None
            view = state.view(seat)
            pool = self._heavy_pool
            try:
                action = await self._think(room, player, view)
            except BrokenExecutor:  # a worker process died (killed, out of memory): anew
                self._renew_heavy_pool(pool)
                await asyncio.sleep(1.0)
                continue
            except RuntimeError:  # the pool is shut down: the server stops
                return
            if table.counter != counter:
                continue  # somebody else moved meanwhile (a resignation): think again
            if room.step_bids:
                action = step_bid(state, action)
            await asyncio.sleep(answer_wait(table, action))  # the online rules' jump_delay
            try:
                await self.act(room, player, str(action), counter)
            except ActionRefused as exc:
                log.warning("table %s: computer move %s refused: %s", table.id, action, exc)
                if exc.code in ("deleted", "not_ready"):
                    return
                await asyncio.sleep(1.0)  # never a loop that only logs (storage, a stale view)
            except Exception:  # never stop for good: the next round tries again
                log.exception("table %s: computer move %s failed", table.id, action)
                await asyncio.sleep(1.0)

    async def _think(self, room: Room, player: int, view: Any) -> str:
        """The computer's move: a quick level's in a thread (a background job at a
        computer-only table), a slow level's in a worker process (:mod:`.thinking`; a variant
        table's with its variant, whose own player the worker builds)."""
        table = room.table
        kind = table.config.seats[player].kind
        quick = kind in self.settings.quick_levels
        if not quick and self._heavy_pool is not None:
            key = (table.id, player, table.series.number)
            return await self.scheduler.run(
                table.id,
                think,
                kind,
                self._seed(table, player),
                key,
                view,
                self.settings.agent_budget,
                table.variant if isinstance(table, VariantTable) else "skat",
                heavy=True,
                expensive=expensive(kind),
            )
        agent = self._agent(room, player)
        background = room.robots_only or not quick
        return str(await self.scheduler.run(table.id, agent.choose, view, background=background))

    def _new_heavy_pool(self) -> ProcessPoolExecutor | None:
        n = self.settings.heavy_processes
        if n <= 0:
            return None
        return LowPriorityPool(
            n,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=watch_parent,
            initargs=(os.getpid(),),
        )

    def warm_workers(self) -> None:
        """Start the worker processes now (each at the lower priority from its first
        instruction: :class:`~skat.server.worker_pool.LowPriorityPool`), so that none starts
        in the middle of play (``Settings.warm_workers``)."""
        pool = self._heavy_pool
        if pool is None:
            return
        for _ in range(self.settings.heavy_processes):  # a worker each: none is idle yet
            pool.submit(os.getpid)

    def _renew_heavy_pool(self, broken: ProcessPoolExecutor | None) -> None:
        """New worker processes in place of ``broken`` (unless replaced already)."""
        old = self._heavy_pool
        if old is not broken or self._stopping:
            return
        log.error("the worker processes died; starting new ones")
        self._heavy_pool = self._new_heavy_pool()
        self.scheduler.heavy_executor = self._heavy_pool
        if old is not None:
            _end(old)

    @staticmethod
    def _seed(table: Table, player: int) -> int:
        """The seed of the computer player at place ``player`` in the current game (the old
        game's at a deal played again: :meth:`TableConfig.agent_seed`)."""
        return table.config.agent_seed(player, table.series.number)

    def _agent(self, room: Room, player: int) -> SafeAgent:
        table = room.table
        key = (player, table.series.number)
        agent = room.agents.get(key)
        if agent is None:
            room.agents = {k: v for k, v in room.agents.items() if k[1] == key[1]}
            kind = table.config.seats[player].kind
            seed = self._seed(table, player)
            agent = SafeAgent(
                table.agent(kind, seed)
                if isinstance(table, VariantTable)
                else make_agent(kind, seed=seed),
                budget=self.settings.agent_budget,
                name=kind,
                anytime=True,
            )
            room.agents[key] = agent
        return agent

    def _set_clock(self, room: Room) -> None:
        table = room.table
        if (
            not table.config.clock
            or table.state is None
            or table.waiting
            or table.claim_open
            or table.computer_to_move() is not None
            or room.gate
        ):
            if room.gate and room.clock is not None:
                room.clock.cancel()
                room.clock_counter = -1
            room.deadline = None
            return
        if room.clock_counter == table.counter and room.deadline is not None:
            return
        if room.clock is not None:
            room.clock.cancel()
        room.clock_counter = table.counter
        room.deadline = time.time() + table.config.clock
        room.clock = asyncio.get_running_loop().create_task(self._ring(room, table.counter))

    async def _ring(self, room: Room, counter: int) -> None:
        """The move clock ran out: :func:`timeout_action` moves for the player to move."""
        assert room.deadline is not None
        await asyncio.sleep(max(0.0, room.deadline - time.time()))
        table = room.table
        state = table.state
        if table.counter != counter or state is None:
            return
        if self.paused(room):  # everybody away: the clock starts again when one is back
            room.deadline = None
            return
        player = table.to_move()
        hook = room.on_timeout
        if player is not None and hook is not None and await hook(room, player, counter):
            return
        view = state.view(state.to_move)
        with contextlib.suppress(ActionRefused):
            await self.act(room, player, str(timeout_action(view)), counter, auto="clock")

    # ------------------------------------------------------------------ connections


def step_bid(state: GameState, action: str) -> str:
    """``action``, but a bid above the lowest one allowed now becomes that lowest one: the
    seat bids one step at a time (and will be asked again).

    >>> s = GameState(seed=1)
    >>> step_bid(s, "30"), step_bid(s, "p"), step_bid(s, "18")
    ('18', 'p', '18')
    """
    try:
        value = int(action)
    except ValueError:
        return action
    steps = [a.value for a in state.legal_actions() if isinstance(a, Bid)]
    return str(min(steps)) if steps and value > min(steps) else action


def _end(pool: ProcessPoolExecutor) -> None:
    """Stop worker processes now, even in the middle of a search."""
    processes = list(getattr(pool, "_processes", {}).values())  # not public: no other way
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.kill()
