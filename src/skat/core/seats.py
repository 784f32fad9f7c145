"""Seats: positions relative to the dealer.

>>> Seat.FOREHAND.german, Seat(2).english
('Vorhand', 'Rearhand')
"""

from __future__ import annotations

from enum import IntEnum


class Seat(IntEnum):
    """Position relative to the dealer: Forehand (Vorhand) leads and is asked first."""

    FOREHAND = 0
    MIDDLEHAND = 1
    REARHAND = 2

    @property
    def german(self) -> str:
        """Vorhand, Mittelhand, Hinterhand."""
        return ("Vorhand", "Mittelhand", "Hinterhand")[self]

    @property
    def english(self) -> str:
        """Forehand, Middlehand, Rearhand."""
        return ("Forehand", "Middlehand", "Rearhand")[self]


FOREHAND, MIDDLEHAND, REARHAND = Seat.FOREHAND, Seat.MIDDLEHAND, Seat.REARHAND
