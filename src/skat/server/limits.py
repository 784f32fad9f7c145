"""What one client may ask of the server: the rules for a table of computers only, and a
bounded store of results computed once (the analyses).

>>> from skat.server.table import TableConfig
>>> config = TableConfig.parse({"seats": ["pimc-expert"] * 3, "games": 3}, seed=1)
>>> check_robot_table(config, max_games=12, levels=("random", "heuristic"))
Traceback (most recent call last):
...
skat.server.table.ConfigError: seats[0]: a table of computers only seats random, heuristic ...

The limits per client address (:class:`AddressLimits`) are counted in this process; a cluster
process counts them in Redis for all processes (``skat.server.cluster.quota``).  The number of
computer-only tables an address runs is counted in the database (:func:`origin_of`).
"""

from __future__ import annotations

import hashlib
import time
from collections import OrderedDict
from collections.abc import Hashable, Iterator, Sequence
from typing import Generic, TypeVar

from skat.core.language import say
from skat.server.protocol import RateLimiter
from skat.server.table import ConfigError, TableConfig

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def check_robot_table(config: TableConfig, *, max_games: int, levels: Sequence[str]) -> None:
    """May a client open this table of computers only?  :class:`ConfigError` says why not:
    too many games, a level that thinks too long (only ``levels`` may sit there).  How many
    such tables an address runs is counted where they are stored (:func:`robots_refused`)."""
    if config.games > max_games:
        raise ConfigError(lambda lang: say(lang, "server.config.robotGames", most=max_games))
    for i, seat in enumerate(config.seats):
        if seat.kind not in levels:
            raise _level_refused(f"seats[{i}]", ", ".join(levels), repr(seat.kind))


def _level_refused(place: str, known: str, given: str) -> ConfigError:
    """The answer to a computer level that may not sit at a table of computers only."""
    return ConfigError(
        lambda lang: say(lang, "server.config.robotLevel", place=place, known=known, given=given)
    )


def robots_refused(limit: int) -> ConfigError:
    """The answer to an address that runs ``limit`` computer-only tables already."""
    return ConfigError(lambda lang: say(lang, "server.config.robotTables", limit=limit))


def origin_of(address: str) -> str:
    """What the database keeps of the address that opened a computer-only table: a hash
    (the limit per address counts it; the address itself is not stored).

    >>> origin_of("10.0.0.1") == origin_of("10.0.0.1") != origin_of("10.0.0.2")
    True
    """
    return hashlib.sha256(f"skat-origin:{address}".encode()).hexdigest()[:32]


class AddressLimits:
    """What one client address may do at once in this process: create tables (a token
    bucket: ``burst`` at once, then ``per_minute``; 0: no limit) and hold open connections
    (``sockets``; 0: no limit).

    >>> import asyncio
    >>> limits = AddressLimits(per_minute=1, burst=2, sockets=1)
    >>> async def demo() -> list[bool]:
    ...     made = [await limits.may_create("10.0.0.1") for _ in range(3)]
    ...     return made + [await limits.may_create("10.0.0.2"), await limits.open_socket("a"),
    ...                    await limits.open_socket("a")]
    >>> asyncio.run(demo())
    [True, True, False, True, True, False]
    """

    def __init__(self, per_minute: float, burst: float, sockets: int) -> None:
        self.per_minute = per_minute
        self.burst = burst
        self.sockets = sockets
        self._creators: dict[str, RateLimiter] = {}
        self.open: dict[str, int] = {}  # address -> connections open in this process

    async def may_create(self, address: str) -> bool:
        """May the client at ``address`` create another table now?"""
        return self.create_here(address)

    def create_here(self, address: str) -> bool:
        """:meth:`may_create` as counted in this process alone."""
        rate = self.per_minute
        if rate <= 0:
            return True
        now = time.monotonic()
        if len(self._creators) > 10_000:  # forget addresses whose bucket is full again
            full = self.burst / (rate / 60.0)
            self._creators = {a: b for a, b in self._creators.items() if now - b.last < full}
        bucket = self._creators.get(address)
        if bucket is None:
            bucket = self._creators[address] = RateLimiter(rate / 60.0, self.burst)
        return bucket.allow(now)

    async def open_socket(self, address: str) -> bool:
        """Count a new connection from ``address``; False (and not counted) when that
        address holds ``sockets`` already."""
        n = self.open.get(address, 0)
        if self.sockets and n >= self.sockets:
            return False
        self.open[address] = n + 1
        return True

    async def close_socket(self, address: str) -> None:
        """A connection counted by :meth:`open_socket` closed."""
        n = self.open.get(address, 0) - 1
        if n > 0:
            self.open[address] = n
        else:
            self.open.pop(address, None)


class Recent(Generic[K, V]):
    """The ``size`` values asked for last (least recently used dropped first).

    >>> r: Recent[str, int] = Recent(2)
    >>> r.put("a", 1); r.put("b", 2); r.get("a"); r.put("c", 3)
    1
    >>> list(r)
    ['a', 'c']
    """

    def __init__(self, size: int) -> None:
        self.size = max(0, size)
        self._values: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recent), or ``None``."""
        value = self._values.get(key)
        if value is not None:
            self._values.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        """Keep ``value``; the oldest goes when there are more than ``size``."""
        self._values[key] = value
        self._values.move_to_end(key)
        while len(self._values) > self.size:
            self._values.popitem(last=False)

    def discard(self, key: K) -> None:
        """Forget ``key`` (nothing if it is not kept)."""
        self._values.pop(key, None)

    def __iter__(self) -> Iterator[K]:
        return iter(self._values)
