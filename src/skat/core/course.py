"""The course of one game besides the cards in play: one immutable value that the game state
replaces on every change, so that a snapshot of it is the value itself.

It holds the auction, the skat, the declarer and his game, the questions asked during the
play (Spitze, Kontra, Schenken), the Ramsch being played, and how the play is ending (who
resigned, claimed or laid his cards open), and the result.

>>> from skat.core.auction import Auction
>>> c = Course(Auction.start(), skat=0b11)
>>> c.declarer, c.contract, c.playing_ramsch
(-1, None, False)
"""

from __future__ import annotations

from typing import Final, NamedTuple

from skat.core.auction import Auction
from skat.core.contracts import Contract
from skat.core.questions import NO_QUESTIONS, Questions
from skat.core.ramsch import Ramsch
from skat.core.scoring import Result


class Course(NamedTuple):
    """Everything decided so far besides the cards in the hands and the tricks.

    ``skat`` is the skat as dealt, or the two cards put away (or pushed on); ``twelve`` the
    declarer's 12 cards when not as dealt (Grand Hand after a Schieberamsch), else 0;
    ``resigned`` a bit per seat; ``claimed`` the declarer showed his cards; ``claimer`` a
    defender who laid his cards open claiming every remaining trick (-1: none);
    ``claim_from`` the tricks completed when the claim was made: a failed claim hands every
    trick from there on to the other party (ISkO 4.4).
    """

    auction: Auction
    skat: int
    declarer: int = -1
    contract: Contract | None = None
    picked_up: bool = False
    questions: Questions = NO_QUESTIONS
    ramsch: Ramsch | None = None
    twelve: int = 0
    resigned: int = 0
    claimed: bool = False
    claimer: int = -1
    claim_from: int = 0
    lay_open: bool = False
    skat_shown: bool = False
    result: Result | None = None

    @staticmethod
    def start(auction: Auction, skat: int) -> Course:
        """The course before anything is decided: ``auction`` under way, ``skat`` as dealt.

        >>> Course.start(Auction.start(), 0b11) == Course(Auction.start(), 0b11)
        True
        """
        return _new(Course, (auction, skat, *_UNDECIDED))

    def with_result(self, result: Result) -> Course:
        """The same course with its result (``_replace(result=...)``, without its overhead).

        >>> from skat.core.scoring import Result
        >>> Course.start(Auction.start(), 0b11).with_result(Result(None)).result.passed
        True
        """
        return _new(Course, (*self[:-1], result))

    @property
    def playing_ramsch(self) -> bool:
        """True while a Ramsch is played (not a Grand Hand declared instead of it)."""
        return self.ramsch is not None and self.contract is None

    @property
    def ramsch_kind(self) -> str | None:
        """The kind of Ramsch being played (``None``: a declarer's game, or none yet)."""
        return self.ramsch.kind if self.ramsch is not None and self.contract is None else None

    def announcements(self) -> tuple[str, ...]:
        """The house-rule announcements in force, as the views name them."""
        q = self.questions
        out: list[str] = []
        out.extend(q.announced())  # what the question kinds recorded: "spitze 2"
        if self.lay_open:
            out.append("open")
        if self.skat_shown:
            out.append("skat shown")
        if q.schenken_refused:
            out.append(("", "schneider required", "schwarz required")[q.schenken_refused])
        return tuple(out)


_new: Final = tuple.__new__  # a Course from all its fields, without checks
assert Course._fields[-1] == "result"  # with_result replaces the last field
_UNDECIDED: Final = tuple(Course._field_defaults.values())
"""The defaults of the fields after ``auction`` and ``skat``."""
