"""Why an action is refused: a fixed set of reason codes beside the message.

The game states raise :class:`IllegalActionError` with a message for people
and one of these codes for programs (a server tells "not your turn" from "illegal" by the code,
never by the text).  The parts of a game (the auction, the questions, the pushing) report a
:class:`Refusal` that the state raises.

>>> ErrorCode.NOT_YOUR_TURN == "not_your_turn"
True
>>> Refusal(ErrorCode.BELOW_BID, "bid 18 is not above the current bid 20").code
<ErrorCode.BELOW_BID: 'below_bid'>
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class ErrorCode(StrEnum):
    """The reason an action is refused."""

    MALFORMED = "malformed"  # the text is no action at all
    GAME_OVER = "game_over"
    WRONG_PHASE = "wrong_phase"  # this kind of action is not possible at this point of the game
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_CALL = "wrong_call"  # the wrong kind of action for this seat now (hold while bidding)
    WRONG_SEAT = "wrong_seat"  # an action for another seat, or one this seat cannot take
    MUST_FOLLOW = "must_follow"
    NOT_IN_HAND = "not_in_hand"
    MUST_ANSWER = "must_answer"  # a question (Spitze, Kontra, Schenken) is open
    BELOW_BID = "below_bid"  # a bid not above the last one, a game that cannot reach the bid
    NOT_ALLOWED_BY_RULES = "not_allowed_by_rules"  # needs a rules option that is off
    ALREADY_DONE = "already_done"  # resigned, claimed or shown already
    NEEDS_CONSENT = "needs_consent"  # the declarer gives up late only with a defender's consent
    NOTHING_TO_UNDO = "nothing_to_undo"
    ILLEGAL = "illegal"  # any other reason (the variants that have no finer codes yet)


class Refusal(NamedTuple):
    """A refused action: the code and the message; ``reason`` names the message's template
    in :data:`skat.core.reasons.REASONS` and ``params`` are the values filled into it (so a
    program can say the reason in other words, :func:`skat.core.reasons.refusal`)."""

    code: ErrorCode
    message: str
    reason: str = ""
    params: tuple[tuple[str, object], ...] = ()


class IllegalActionError(ValueError):
    """An action that is not allowed now; the message says why, ``code`` (an
    :class:`~skat.core.errors.ErrorCode`) what kind of reason it is.

    >>> err = IllegalActionError("it is Forehand's turn, not Middlehand's", ErrorCode.NOT_YOUR_TURN)
    >>> str(err), err.code
    ("it is Forehand's turn, not Middlehand's", <ErrorCode.NOT_YOUR_TURN: 'not_your_turn'>)

    ``reason`` and ``params`` say the message as data (see :class:`Refusal`); an error raised
    without them has the reason ``""`` and no params.
    """

    def __init__(
        self,
        message: str,
        code: ErrorCode = ErrorCode.ILLEGAL,
        reason: str = "",
        params: tuple[tuple[str, object], ...] = (),
    ) -> None:
        super().__init__(message)
        self.code = code
        self.reason = reason
        self.params: dict[str, object] = dict(params)

    def __reduce__(
        self,
    ) -> tuple[object, tuple[str, ErrorCode, str, tuple[tuple[str, object], ...]]]:
        return (type(self), (str(self), self.code, self.reason, tuple(self.params.items())))

    @classmethod
    def of(cls, refusal: Refusal) -> IllegalActionError:
        """The error for a part's refusal."""
        return cls(refusal.message, refusal.code, refusal.reason, refusal.params)
