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

from skat.core.language import N_, say


def _ladder(grand_ouvert_base: int = 24) -> tuple[int, ...]:
    """Every value a game can reach when Grand Ouvert has this base value (24 since 1998 with
    an Ouvert level; 36 before, without one: 7 to 10 levels)."""
    values = set()
    for base in (9, 10, 11, 12):
        for level in range(1, 19):
            if 18 <= base * level <= 216:
                values.add(base * level)
    for level in range(1, 11):  # Grand up to with 4, game, hand, S, SA, Z, ZA
        if 24 * level >= 18:
            values.add(24 * level)
    ouvert = grand_ouvert_base == 24  # the Ouvert level, which base 36 replaces
    values.update(grand_ouvert_base * (level + ouvert) for level in range(7, 11))
    values.update((23, 35, 46, 59))
    return tuple(sorted(values))


BID_VALUES: Final[tuple[int, ...]] = _ladder()
"""Every legal bid in ascending order (the possible game values)."""

OLD_BID_VALUES: Final[tuple[int, ...]] = _ladder(36)
"""The bids under the rules before 1998 (Grand Ouvert base 36): up to 360.

>>> OLD_BID_VALUES[-5:]
(240, 252, 288, 324, 360)
"""


def ladder(grand_ouvert_base: int = 24) -> tuple[int, ...]:
    """The bid ladder of rules whose Grand Ouvert has this base value (``Rules.grand_ouvert_base``).

    >>> ladder() is BID_VALUES, ladder(36)[-1]
    (True, 360)
    """
    return BID_VALUES if grand_ouvert_base == 24 else OLD_BID_VALUES


BID_INDEX: Final[dict[int, int]] = {v: i for i, v in enumerate(BID_VALUES)}


def next_bid(value: int) -> int | None:
    """The smallest bid above ``value`` (``None`` above 264)."""
    for v in BID_VALUES:
        if v > value:
            return v
    return None


_SPOKEN: Final = {
    18: N_("game.bid.18"),
    20: N_("game.bid.20"),
    22: N_("game.bid.22"),
    23: N_("game.bid.23"),  # 23 is the value of a Null game: "18, 20, 2, 0, 4, 7, 30"
    24: N_("game.bid.24"),
    27: N_("game.bid.27"),
    30: N_("game.bid.30"),
    33: N_("game.bid.33"),
    35: N_("game.bid.35"),
    36: N_("game.bid.36"),
    40: N_("game.bid.40"),
    44: N_("game.bid.44"),
    45: N_("game.bid.45"),
    46: N_("game.bid.46"),
    48: N_("game.bid.48"),
    50: N_("game.bid.50"),
}
"""The message ids of the bids players say in words (the others as numbers)."""


def spoken(value: int, lang: str = "de") -> str:
    """How players say a bid at the table, German by default (18, 20, "zwei", "null", "vier",
    ...), or in ``lang``.

    >>> spoken(22, "en"), spoken(23, "da"), spoken(99)
    ('two', 'nul', '99')
    """
    key = _SPOKEN.get(value)
    return say(lang, key) if key is not None else str(value)
