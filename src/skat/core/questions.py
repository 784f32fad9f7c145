"""The questions asked during the play that must be answered before it goes on (house rules):
Spitze (the declarer announces it or not), Kontra before the lead (each eligible defender in
turn), the answer to a doubling (Re, Supra, Resupra), Schenken (the declarer accepts the
defenders' concession or refuses it).

:class:`Questions` is an immutable value: what is asked of whom, and what was said so far.

>>> q = NO_QUESTIONS.ask(Question.KONTRA, (1, 2), resume=0)
>>> q.turn, [str(a) for a in q.answers(0)]
(1, ['kontra', 'p'])
>>> q = q.answer(1, PASS, declarer=0, supra=False)    # Middlehand does not double
>>> q.turn, q.kind
(2, <Question.KONTRA: 'kontra'>)
>>> q = q.answer(2, KONTRA, declarer=0, supra=False)  # Rearhand says Kontra: the declarer answers
>>> q.kind, q.turn, q.kontra, [str(a) for a in q.answers(0)]
(<Question.DOUBLE: 'double'>, 0, 1, ['rekontra', 'p'])
>>> q = q.answer(0, PASS, declarer=0, supra=False)
>>> q.kind is None, q.turn, q.kontra
(True, 0, 1)
"""

from __future__ import annotations

from enum import Enum
from typing import Final, NamedTuple

from skat.core.actions import DOUBLES, HOLD, KONTRA, PASS, SPITZEN, Action, Double, Hold, Spitze


class Question(Enum):
    """What is asked."""

    SPITZE = "spitze"  # the declarer: announce Spitze (how many cards) or not
    KONTRA = "kontra"  # before the lead: each eligible defender in turn, Kontra or not
    DOUBLE = "double"  # the answer to a doubling: Re, Supra, Resupra, or not
    SCHENKEN = "schenken"  # the declarer: accept the defenders' concession (y) or refuse (p)


class Questions(NamedTuple):
    """The open question (``kind``, the seats still to answer, the seat to move afterwards)
    and what was said: the doubling level (1 Kontra … 4 Resupra) and who said Kontra, the
    Spitze (cards), how often Schenken was refused."""

    kind: Question | None = None
    pending: tuple[int, ...] = ()
    resume: int = 0
    kontra: int = 0
    kontra_seat: int = -1
    spitze: int = 0
    schenken_refused: int = 0

    @property
    def turn(self) -> int:
        """The seat to move: the next to answer, or the one the play resumes with."""
        return self.pending[0] if self.pending else self.resume

    def ask(self, kind: Question, seats: tuple[int, ...], resume: int) -> Questions:
        """Ask ``seats`` (in turn) a question; the play resumes with ``resume``.  Nobody to ask
        leaves nothing open."""
        if not seats:
            return self._replace(kind=None, pending=(), resume=resume)
        return self._replace(kind=kind, pending=seats, resume=resume)

    def answers(self, spitze_run: int) -> list[Action]:
        """The answers open to the seat asked; ``spitze_run`` is the largest Spitze the
        declarer can announce."""
        kind = self.kind
        if kind is Question.SPITZE:
            return [*SPITZEN[1 : spitze_run + 1], PASS]
        if kind is Question.KONTRA:
            return [KONTRA, PASS]
        if kind is Question.DOUBLE:
            return [DOUBLES[self.kontra + 1], PASS]
        return [HOLD, PASS]

    def doubled(self, seat: int, level: int, declarer: int, supra: bool) -> Questions:
        """``seat`` doubles to ``level``: the other party is asked whether it doubles again
        (Re after Kontra; Supra after Re only with the option; Resupra after Supra)."""
        nxt: tuple[int, ...] = ()
        if level == 1 or level == 3:
            nxt = (declarer,)
        elif level == 2 and supra:
            nxt = (self.kontra_seat,)
        return self._replace(
            kontra=level,
            kontra_seat=seat if level == 1 else self.kontra_seat,
            pending=nxt,
            kind=Question.DOUBLE if nxt else None,
        )

    def answer(self, seat: int, action: Action, declarer: int, supra: bool) -> Questions:
        """``seat`` answers (one of :meth:`answers`); an accepted Schenken ends the game (the
        caller scores it)."""
        kind = self.kind
        if kind is Question.SPITZE:
            spitze = action.cards if isinstance(action, Spitze) else 0
            return self._replace(spitze=spitze, pending=(), kind=None)
        if kind is Question.SCHENKEN:
            refused = self.schenken_refused + (not isinstance(action, Hold))
            return self._replace(pending=(), kind=None, schenken_refused=refused)
        if isinstance(action, Double):
            return self.doubled(seat, action.level, declarer, supra)
        # a pass: in the window before the lead the next defender is asked; a doubling ends
        rest = self.pending[1:] if kind is Question.KONTRA else ()
        return self._replace(pending=rest, kind=kind if rest else None)


NO_QUESTIONS: Final = Questions()
"""Nothing asked, nothing said."""
