"""Redis pub/sub between the processes of a cluster: small JSON messages of ids and counters.

Two channels per process: ``{prefix}events`` (every process: a table moved, was created,
changed hands or places, who is online where) and ``{prefix}proc:{name}`` (this process only:
a forwarded move waits for it, or a move it forwarded is done).  The listener reconnects by
itself when Redis goes away (a restart) and then calls ``on_reconnect`` so the process can
catch up with what it missed from PostgreSQL; :meth:`Bus.publish` raises :class:`BusError`
while Redis is away.

>>> channel("skat:t_1:", "proc", "host-12-ab")
'skat:t_1:proc:host-12-ab'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

log: Final = logging.getLogger("skat.server.cluster")

RETRY: Final = 0.5
"""Seconds between attempts to reach Redis again."""
BATCH: Final = 500
"""Messages sent at most in one pipeline."""


class BusError(Exception):
    """Redis cannot be reached now."""


def channel(prefix: str, kind: str, name: str = "") -> str:
    """A channel name: ``{prefix}events`` or ``{prefix}proc:{name}``."""
    return f"{prefix}{kind}:{name}" if name else f"{prefix}{kind}"


class Bus:
    """Publish to and listen on Redis (``redis.asyncio``, the ``web`` extra)."""

    def __init__(self, url: str, prefix: str, name: str) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis
        self.url = url
        self.prefix = prefix
        self.name = name
        self.events = channel(prefix, "events")
        self.inbox = channel(prefix, "proc", name)
        self._client = aioredis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        self.connected = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._outbox: asyncio.Queue[tuple[str, str, asyncio.Future[int]]] = asyncio.Queue()
        self._sender: asyncio.Task[None] | None = None

    async def publish(self, target: str, message: dict[str, Any]) -> int:
        """Send ``message`` on ``target`` (a channel name): how many processes listen there;
        :class:`BusError` when Redis is away.  The messages of this process go out in order
        over one connection, those queued meanwhile in one pipeline."""
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._outbox.put_nowait((target, json.dumps(message, separators=(",", ":")), done))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.get_running_loop().create_task(self._send())
        return await done

    async def _send(self) -> None:
        while not self._outbox.empty():
            batch = [self._outbox.get_nowait() for _ in range(min(BATCH, self._outbox.qsize()))]
            try:
                pipe = self._client.pipeline(transaction=False)
                for target, text, _ in batch:
                    pipe.publish(target, text)
                counts = await pipe.execute()
            except (self._redis.RedisError, OSError) as exc:
                for _, _, done in batch:
                    if not done.done():
                        done.set_exception(BusError(f"Redis: {exc}"))
                continue
            for (_, _, done), count in zip(batch, counts, strict=True):
                if not done.done():
                    done.set_result(int(count))

    def to_process(self, name: str) -> str:
        """The channel of process ``name``."""
        return channel(self.prefix, "proc", name)

    def start(
        self,
        handle: Callable[[dict[str, Any]], Awaitable[None]],
        on_reconnect: Callable[[], Awaitable[None]],
        while_away: Callable[[], Awaitable[None]],
    ) -> None:
        """Listen in a task: ``handle`` each message; ``on_reconnect`` after Redis was away;
        ``while_away`` between attempts to reach it again."""
        self._task = asyncio.get_running_loop().create_task(
            self._listen(handle, on_reconnect, while_away)
        )

    async def _listen(
        self,
        handle: Callable[[dict[str, Any]], Awaitable[None]],
        on_reconnect: Callable[[], Awaitable[None]],
        while_away: Callable[[], Awaitable[None]],
    ) -> None:
        first = True
        while True:
            client = self._redis.from_url(self.url, socket_connect_timeout=2)
            pubsub = client.pubsub()
            try:
                await pubsub.subscribe(self.events, self.inbox)
                self.connected.set()
                if not first:
                    log.warning("Redis is back: catching up")
                    await on_reconnect()
                first = False
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    try:
                        data = json.loads(message["data"])
                    except ValueError:
                        continue
                    await _safely(handle(data))
            except (self._redis.RedisError, OSError) as exc:
                if self.connected.is_set():
                    log.warning("Redis went away (%s): retrying", exc)
                self.connected.clear()
                await _safely(while_away())
                await asyncio.sleep(RETRY)
            finally:
                with contextlib.suppress(Exception):  # the connection is gone anyway
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
                    await client.aclose()

    async def close(self) -> None:
        """Stop listening and close the connections."""
        if self._sender is not None:
            self._sender.cancel()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        with contextlib.suppress(Exception):
            await self._client.aclose()


async def _safely(work: Awaitable[None]) -> None:
    try:
        await work
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("cluster message failed")
