"""The bid ladder (Reizwerte).

Bids are the possible game values, from 18 to 264:

>>> BID_VALUES[:7], len(BID_VALUES), BID_VALUES[-1]
((18, 20, 22, 23, 24, 27, 30), 63, 264)
>>> next_bid(23), next_bid(264)
(24, None)
>>> spoken(20), spoken(30)
('zwanzig', 'dreißig')
"""

from __future__ import annotations

from typing import Final


def _ladder() -> tuple[int, ...]:
    values = set()
    for base in (9, 10, 11, 12):
        for level in range(1, 19):
            if 18 <= base * level <= 216:
                values.add(base * level)
    for level in range(1, 12):
        if 24 * level >= 18:
            values.add(24 * level)
    values.update((23, 35, 46, 59))
    return tuple(sorted(values))


BID_VALUES: Final[tuple[int, ...]] = _ladder()
"""Every legal bid in ascending order (the possible game values)."""

BID_INDEX: Final[dict[int, int]] = {v: i for i, v in enumerate(BID_VALUES)}


def next_bid(value: int) -> int | None:
    """The smallest bid above ``value`` (``None`` above 264)."""
    for v in BID_VALUES:
        if v > value:
            return v
    return None


_GERMAN: Final = {
    18: "achtzehn",
    20: "zwanzig",
    22: "zwei",
    23: "null",  # 23 is the value of a Null game: "18, 20, 2, 0, 4, 7, 30"
    24: "vier",
    27: "sieben",
    30: "dreißig",
    33: "dreiunddreißig",
    35: "fünfunddreißig",
    36: "sechsunddreißig",
    40: "vierzig",
    44: "vierundvierzig",
    45: "fünfundvierzig",
    46: "sechsundvierzig",
    48: "achtundvierzig",
    50: "fünfzig",
}


def spoken(value: int) -> str:
    """How players say a bid at the table (18, 20, "zwei", "null", "vier", ...)."""
    return _GERMAN.get(value, str(value))
