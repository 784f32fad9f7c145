"""Tricks: a completed trick, who wins a trick; and the trick-play mixin that
:class:`~skat.variants.tournee.TourneeState` still uses (a compatibility layer:
:class:`~skat.core.state.GameState` holds its trick play as an immutable value,
:class:`~skat.core.play.Play`).  The mixin reads the host's fields (a hand mask per
seat, the open trick as card indices, who leads it, the tricks and points of each party); the
host decides what a finished trick means (:meth:`TrickPlay._complete_trick`).

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

from typing import TYPE_CHECKING, NamedTuple

from skat.core.cards import CARDS, Card, CardSet, points_of
from skat.core.contracts import EFFECTIVE_SUIT, WIN_KEY


class Trick(NamedTuple):
    """A completed trick: who led, the three cards in play order, who won it."""

    leader: int
    cards: tuple[Card, Card, Card]
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


class TrickPlay:
    """The trick-play mixin (no fields of its own: the game state's ``__slots__`` hold them)."""

    if not TYPE_CHECKING:  # no __dict__ at run time; mypy checks the fields declared below
        __slots__ = ()

    _declarer: int
    _bid: int
    _hands: tuple[int, ...]
    _trick: tuple[int, ...]
    _trick_leader: int
    _trick_count: int
    _gt: int
    _decl_won: int
    _def_won: int
    _decl_tricks: int
    _def_tricks: int
    tricks: tuple[Trick, ...]
    to_move: int

    @property
    def declarer(self) -> int | None:
        """Seat of the declarer once the auction is over (``None`` before or when passed in)."""
        return self._declarer if self._declarer >= 0 else None

    @property
    def bid(self) -> int:
        """The highest bid so far (0 if none)."""
        return self._bid

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        return CardSet(self._hands[seat])

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards of the unfinished trick in play order."""
        return tuple(CARDS[i] for i in self._trick)

    @property
    def trick_leader(self) -> int:
        """The seat that led (or leads) the current trick."""
        return self._trick_leader

    def points(self) -> tuple[int, int]:
        """Card points taken so far in tricks: (declarer, defenders); the skat not included."""
        return points_of(self._decl_won), points_of(self._def_won)

    def _play(self, seat: int, card: Card) -> None:
        """``seat`` lays ``card``; the third card completes the trick."""
        h0, h1, h2 = self._hands
        if seat == 0:
            self._hands = (h0 & ~card.bit, h1, h2)
        elif seat == 1:
            self._hands = (h0, h1 & ~card.bit, h2)
        else:
            self._hands = (h0, h1, h2 & ~card.bit)
        trick = self._trick = (*self._trick, card.index)
        if len(trick) < 3:
            self.to_move = (seat + 1) % 3
            return
        self._complete_trick()

    def _complete_trick(self) -> None:
        """What the game makes of a completed trick; starts with :meth:`_close_trick`."""
        raise NotImplementedError

    def _close_trick(self) -> tuple[int, int]:
        """Close the full trick: record it, let its winner lead; returns the winner and the
        mask of the three cards."""
        trick = self._trick
        leader = self._trick_leader
        winner = trick_winner(self._gt, trick, leader)
        self.tricks = (
            *self.tricks,
            Trick(leader, (CARDS[trick[0]], CARDS[trick[1]], CARDS[trick[2]]), winner),
        )
        self._trick = ()
        self._trick_count += 1
        self._trick_leader = winner
        self.to_move = winner
        return winner, (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2])

    def _give_rest(self, to_declarer: bool) -> None:
        """Every card still in play (hands and the open trick) goes to one party, with the
        tricks still to play."""
        rest = self._hands[0] | self._hands[1] | self._hands[2]
        for i in self._trick:
            rest |= 1 << i
        remaining = 10 - self._trick_count
        if to_declarer:
            self._decl_won |= rest
            self._decl_tricks += remaining
        else:
            self._def_won |= rest
            self._def_tricks += remaining
        self._hands = (0, 0, 0)
        self._trick = ()
