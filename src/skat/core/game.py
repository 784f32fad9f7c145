"""What every game state offers: the :class:`GameLike` protocol.

Records, the server, the terminal and the conformance suite handle a game through these
members only, whatever the variant: Skat for three (:class:`~skat.core.state.GameState`) and the
variants of :mod:`skat.variants` (Strohmann, Officers' Skat, Tournee Skat) all satisfy it.  What
differs between them (how a record writes the deal and the variant's own setup, how an action
is read back from its text) is said by the variant's entry in the registry,
:func:`skat.variants.find_variant`.

``A`` is the variant's action type (:data:`~skat.core.actions.Action` for Skat; Tournee Skat
adds its own).  An event of the history is any pair of ``seat`` and ``action``
(:class:`Move`); ``str(event.action)`` is the text a record keeps and the variant's parser reads.

>>> from skat.core import GameState
>>> state: GameLike[object] = GameState(seed=3)
>>> state.variant, state.is_over, [str(a) for a in state.legal_actions()][:3]
('skat', False, ['18', '20', '22'])
>>> isinstance(state, GameLike)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, Self, TypeVar, runtime_checkable

from skat.core.rules import Rules
from skat.core.scoring import Result

__all__ = ["GameLike", "Move"]

A = TypeVar("A")


@runtime_checkable
class Move(Protocol):
    """One event of a game's history: who acted (the seat) and what."""

    @property
    def seat(self) -> int:
        """The seat that acted."""
        ...

    @property
    def action(self) -> object:
        """The action; its ``str()`` is its record text."""
        ...


@runtime_checkable
class GameLike(Protocol[A]):
    """A game of any variant: the members records, the server, the terminal and the
    conformance suite use.

    ``variant`` names the variant's entry in the registry; ``deal`` is the variant's deal (a
    :class:`~skat.core.deal.Deal`, or the variant's own layout), written and read back by that
    entry.  ``legal_actions()`` are the seat-to-move's, ``end_actions()`` those that end the game
    early (resigning); ``apply`` takes an action or its text, with the seat acting (``None``:
    the seat to move), and raises :class:`~skat.core.errors.IllegalActionError` (a
    ``ValueError``) naming the reason; ``undo`` takes the last event back; ``copy`` is an
    independent game; ``view(seat)`` what that seat knows.
    """

    @property
    def variant(self) -> str:
        """The registry name of the variant (``skat``, ``strohmann``, ``officers``, ``tournee``)."""
        ...

    @property
    def rules(self) -> Rules:
        """The rules the game is played under."""
        ...

    @property
    def deal(self) -> object:
        """The cards as dealt (the variant's deal type)."""
        ...

    @property
    def history(self) -> Sequence[Move]:
        """Every event so far, in order: the game's record."""
        ...

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        ...

    @property
    def result(self) -> Result | None:
        """The result once the game is over, else ``None``."""
        ...

    def legal_actions(self) -> Sequence[A]:
        """The actions the seat to move may take now."""
        ...

    def end_actions(self) -> Sequence[A]:
        """The actions that end the game early (resigning), for any seat."""
        ...

    def apply(self, action: A | str, seat: int | None = None) -> Move:
        """Apply an action (or its text) for ``seat``; the event recorded."""
        ...

    def undo(self) -> Move:
        """Take back the last event and return it."""
        ...

    def copy(self) -> Self:
        """An independent copy of the game."""
        ...

    def view(self, seat: int) -> object:
        """What ``seat`` knows of the game, and nothing more."""
        ...
