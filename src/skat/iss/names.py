"""The names of the tables made over ISS: decimal numbers, as the real ISS gives them.

A restarted server holds only its running tables in memory (the finished ones are in the
database), so its first new name is found past the names the database knows: by doubling and
halving, a few lookups however many tables were played (:func:`last_used`).

>>> import asyncio
>>> used = set(range(1, 1001))
>>> async def stored(n: int) -> bool:
...     return n in used
>>> asyncio.run(last_used(0, stored))
1000
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable


async def last_used(start: int, stored: Callable[[int], Awaitable[bool]]) -> int:
    """The last of the names ``start + 1, start + 2, …`` the database holds before the first
    it does not (``stored``: is a table of that number stored?), for names given in order."""
    low, step = start, 1
    while await stored(low + step):  # doubling past the names used ...
        low, step = low + step, step * 2
    high = low + step
    while high - low > 1:  # ... then halving to the first free one
        middle = (low + high) // 2
        low, high = (middle, high) if await stored(middle) else (low, middle)
    return low


async def next_name(
    last: int, free_here: Callable[[str], bool], stored: Callable[[int], Awaitable[bool]]
) -> int:
    """The number of the next table after ``last`` (0: the first since the start, found past
    the stored ones): free here (``free_here``: not a running or awaited table's name) and in
    the database (``stored``)."""
    if last == 0:
        last = await last_used(0, stored)
    while True:
        last += 1
        if free_here(str(last)) and not await stored(last):
            return last
