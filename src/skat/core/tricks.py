"""Tricks: a completed trick and who wins it (card play, ISkO 4); the play that holds them is
:class:`~skat.core.play.Play`.  A trick has three cards, or two in a game for two players
(:func:`pair_winner`).

>>> from skat.core import GameState
>>> game = GameState(seed=3)
>>> for a in ("p", "p", "18", "GH"):   # Forehand bids alone, plays Grand Hand
...     _ = game.apply(a)
>>> lead = game.legal_actions()[0]
>>> _ = game.apply(lead)
>>> game.current_trick == (lead,), game.trick_leader, len(game.hand(0))
(True, 0, 9)
"""

from __future__ import annotations

from typing import NamedTuple

from skat.core.cards import Card
from skat.core.contracts import EFFECTIVE_SUIT, WIN_KEY


class Trick(NamedTuple):
    """A completed trick: who led, the cards in play order (three; two in a game for two
    players), who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    @property
    def points(self) -> int:
        """Card points in the trick."""
        return sum(c.points for c in self.cards)

    def __str__(self) -> str:
        return f"{self.leader}: {' '.join(c.name for c in self.cards)} -> {self.winner}"


def trick_winner(game_type: int, trick: tuple[int, ...], leader: int) -> int:
    """The seat that wins the full ``trick`` (card indices in play order) led by ``leader``.

    >>> from skat.core.cards import Card
    >>> from skat.core.contracts import GRAND
    >>> trick_winner(GRAND, tuple(Card.parse(c).index for c in ("HA", "HJ", "HT")), leader=2)
    0
    """
    keys = WIN_KEY[game_type][EFFECTIVE_SUIT[game_type][trick[0]]]
    a, b, c = keys[trick[0]], keys[trick[1]], keys[trick[2]]
    if a >= b:
        pos = 0 if a >= c else 2
    else:
        pos = 1 if b >= c else 2
    return (leader + pos) % 3


def pair_winner(game_type: int, trick: tuple[int, ...], leader: int) -> int:
    """The player (0 or 1) that wins the two-card ``trick`` led by ``leader``, in a game for
    two players: the higher trump, else the higher card of the suit led.

    >>> from skat.core.cards import Card
    >>> from skat.core.contracts import HEARTS
    >>> pair_winner(HEARTS, tuple(Card.parse(c).index for c in ("SA", "H7")), leader=1)
    0
    """
    keys = WIN_KEY[game_type][EFFECTIVE_SUIT[game_type][trick[0]]]
    return leader if keys[trick[0]] >= keys[trick[1]] else 1 - leader
