"""The phases of a game of Skat.

>>> Phase(4), PLAY.name
(<Phase.PLAY: 4>, 'PLAY')
"""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    """Where the game is."""

    BIDDING = 0
    SKAT = 1  # declarer: pick up the skat or declare a Hand game
    DISCARD = 2  # declarer: put two cards away
    DECLARE = 3  # declarer: declare after picking up
    PLAY = 4
    DONE = 5
    PUSH = 6  # Schieberamsch: take the skat, pass it on, or play Grand Hand
    PUSH_DISCARD = 7  # Schieberamsch: pass two cards on with the skat
    ANSWER = 8  # during the play: Spitze, Kontra/Re…, or Schenken must be answered first


BIDDING, SKAT, DISCARD, DECLARE, PLAY, DONE, PUSH, PUSH_DISCARD, ANSWER = tuple(Phase)
