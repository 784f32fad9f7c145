"""Seats: positions relative to the dealer.

>>> Seat.FOREHAND.german, Seat(2).english
('Vorhand', 'Rearhand')
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from skat.core.language import N_, say


class Seat(IntEnum):
    """Position relative to the dealer: Forehand (Vorhand) leads and is asked first."""

    FOREHAND = 0
    MIDDLEHAND = 1
    REARHAND = 2

    def describe(self, lang: str = "en") -> str:
        """Its name in ``lang``: Forehand, Vorhand, forhånd …

        >>> [Seat.REARHAND.describe(lang) for lang in ("en", "de", "da")]
        ['Rearhand', 'Hinterhand', 'baghånd']
        """
        return say(lang, _SEAT_KEYS[self])

    @property
    def german(self) -> str:
        """Vorhand, Mittelhand, Hinterhand."""
        return self.describe("de")

    @property
    def english(self) -> str:
        """Forehand, Middlehand, Rearhand."""
        return self.describe("en")


_SEAT_KEYS: Final = (N_("seat.forehand"), N_("seat.middlehand"), N_("seat.rearhand"))


def seat_name(seat: int, lang: str = "en") -> str:
    """The name of a seat number in ``lang``; ``seat 3`` (``Platz 3``) for a number that is no
    seat of the three.

    >>> seat_name(1, "da"), seat_name(5)
    ('mellemhånd', 'seat 5')
    """
    if 0 <= seat < 3:
        return say(lang, _SEAT_KEYS[seat])
    return say(lang, "seat.other", seat=seat)


FOREHAND, MIDDLEHAND, REARHAND = Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND
