"""What one client may ask of the server: the rules for a table of computers only, and a
bounded store of results computed once (the analyses).

>>> from skat.server.table import TableConfig
>>> config = TableConfig.parse({"seats": ["pimc-expert"] * 3, "games": 3}, seed=1)
>>> check_robot_table(config, max_games=12, levels=("random", "heuristic"), running=0, limit=2)
Traceback (most recent call last):
...
skat.server.table.ConfigError: seats[0]: a table of computers only seats random, heuristic ...
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable, Iterator, Sequence
from typing import Generic, TypeVar

from skat.server.table import ConfigError, TableConfig

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def check_robot_table(
    config: TableConfig, *, max_games: int, levels: Sequence[str], running: int, limit: int
) -> None:
    """May a client open this table of computers only, ``running`` of his running already?
    :class:`ConfigError` says why not: too many games, a level that thinks too long (only
    ``levels`` may sit there), ``limit`` tables running (0: no limit)."""
    if config.games > max_games:
        raise ConfigError(f"games: a table of computers only plays at most {max_games} games")
    for i, seat in enumerate(config.seats):
        if seat.kind not in levels:
            raise ConfigError(
                f"seats[{i}]: a table of computers only seats {', '.join(levels)}"
                f" (not {seat.kind!r}); sit at the table to play against stronger levels"
            )
    if limit and running >= limit:
        raise ConfigError(
            f"seats: {limit} tables of computers only per address at once: "
            "delete one or wait for its end"
        )


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

    def __iter__(self) -> Iterator[K]:
        return iter(self._values)
