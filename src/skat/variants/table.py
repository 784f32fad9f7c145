"""What a variant's game state shows of the trick play, read from the
:class:`~skat.core.play.Play` it holds (Tournee, Officers' Skat) or its game's (Strohmann):
the hands, the completed tricks, the open trick and who leads it.

>>> from skat.variants.tournee import TourneeState
>>> state = TourneeState(seed=1)
>>> state.tricks, state.current_trick, state.trick_leader
((), (), 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skat.core.cards import Card, CardSet
from skat.core.play import Play
from skat.core.tricks import Trick


class TrickTable:
    """The trick-play properties of a game state whose cards in play are ``_play`` (a state
    with cards in play beyond its hands overrides :meth:`hand`)."""

    if not TYPE_CHECKING:  # no __dict__ at run time
        __slots__ = ()
    else:

        @property
        def _play(self) -> Play:
            """The cards in play: a field of the state, or its game's."""
            raise NotImplementedError

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        return CardSet(self._play.hands[seat])

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        return self._play.tricks

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards of the unfinished trick in play order."""
        return self._play.current_trick

    @property
    def trick_leader(self) -> int:
        """The seat that led (or leads) the current trick."""
        return self._play.leader
