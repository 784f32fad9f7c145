"""The Schieberamsch steps of the game state (a mixin of
:class:`~skat.core.state.GameState`): each seat in turn takes the skat and passes two cards
on, or passes it on unseen, or plays Grand Hand instead.

>>> from skat.core import GameState, Rules
>>> state = GameState(seed=3, rules=Rules(ramsch="schieberamsch"), ramsch=True)
>>> state.phase.name, state.to_move, [str(a) for a in state.legal_actions()]
('PUSH', 0, ['s', 'p', 'GH'])
>>> _ = state.apply("s"); state.phase.name
'PUSH_DISCARD'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from skat.core.actions import Action, Declare, Discard, PickUp
from skat.core.phase import PLAY, PUSH, PUSH_DISCARD, Phase

if TYPE_CHECKING:
    from skat.core.contracts import Contract
    from skat.core.course import Course
    from skat.core.play import Play


class Pushing:
    """The steps of the phases ``PUSH`` and ``PUSH_DISCARD`` (no fields of its own)."""

    if not TYPE_CHECKING:  # no __dict__ at run time; mypy checks the fields declared below
        __slots__ = ()

    phase: Phase
    to_move: int
    _hands: tuple[int, int, int]
    _course: Course

    if TYPE_CHECKING:

        @property
        def play(self) -> Play: ...
        def _set_play(self, play: Play) -> None: ...
        def _set(self, **changes: object) -> None: ...
        def _declare(self, contract: Contract) -> None: ...

    def _step_push(self, seat: int, action: Action) -> None:
        """Schieberamsch: take the skat, pass it on unseen, or play Grand Hand."""
        c = self._course
        ramsch = c.ramsch
        assert ramsch is not None
        if isinstance(action, PickUp):
            self._set_play(self.play.with_hand(seat, add=c.skat))
            self._set(ramsch=ramsch.took(seat, c.skat), skat=0)
            self.phase = PUSH_DISCARD
            return
        if isinstance(action, Declare):  # Grand Hand instead of the Ramsch
            # the cards were pushed around: his 12 cards are his hand and the skat as they are
            self._set(declarer=seat, twelve=self._hands[seat] | c.skat)
            self._declare(action.contract)
            return
        self._next_pusher(seat)

    def _step_push_discard(self, seat: int, action: Action) -> None:
        mask = cast(Discard, action).mask
        ramsch = self._course.ramsch
        assert ramsch is not None
        self._set_play(self.play.with_hand(seat, remove=mask))
        self._set(skat=mask, ramsch=ramsch.pushed_on(seat, mask))
        self._next_pusher(seat)

    def _next_pusher(self, seat: int) -> None:
        """The skat goes to the next seat; after Rearhand the play begins."""
        self.phase, self.to_move = (PLAY, 0) if seat == 2 else (PUSH, seat + 1)
