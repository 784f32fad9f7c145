"""The checks of an action before a game state applies it: the actions a seat may take out of
turn during the play (resigning, a violation, Schenken, showing the cards) and, per phase, the
seat to move's action.  Each check raises :class:`~skat.core.errors.IllegalActionError` with
the reason and its :class:`~skat.core.errors.ErrorCode`; the state dispatches to them by the
action's type and by the phase.

>>> from skat.core import HOLD, GameState
>>> state = GameState(seed=3)
>>> check_bidding(state, HOLD, 1, "Middlehand")
Traceback (most recent call last):
...
skat.core.errors.IllegalActionError: Middlehand is bidding and must say a value or pass
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skat.core.actions import (
    VIOLATION_KINDS,
    Action,
    Bid,
    Declare,
    Discard,
    Double,
    Hold,
    LayOpen,
    Pass,
    PickUp,
    Resign,
    Schenken,
    ShowSkat,
    Violation,
)
from skat.core.cards import CARDS, Card, CardSet
from skat.core.contracts import EFFECTIVE_SUIT, FOLLOW_MASKS, NULL
from skat.core.errors import ErrorCode, IllegalActionError, Refusal
from skat.core.extras import play_extras, schenken_open
from skat.core.phase import PLAY, PUSH_DISCARD
from skat.core.ramsch import push_refusal
from skat.core.reachable import unreachable

if TYPE_CHECKING:
    from skat.core.state import GameState


def _refuse(message: str, code: ErrorCode) -> Exception:
    return _raise(Refusal(code, message))


def _raise(refusal: Refusal) -> Exception:
    return IllegalActionError.of(refusal)


def check_resign(state: GameState, action: Action, seat: int, who: str) -> None:
    assert isinstance(action, Resign)
    c = state.course
    d = c.declarer
    if state.phase != PLAY or d < 0:
        raise _refuse("resigning is possible only during the play of a game", ErrorCode.WRONG_PHASE)
    if action.seat != seat:
        raise _refuse(f"{who} cannot resign for seat {action.seat}", ErrorCode.WRONG_SEAT)
    if c.resigned >> seat & 1:
        raise _refuse(f"{who} has resigned already", ErrorCode.ALREADY_DONE)
    _check_consent(state, action, seat)


def _check_consent(state: GameState, action: Resign, seat: int) -> None:
    """ISkO: the declarer holding fewer than 9 cards gives up only with a defender's consent."""
    d = state.course.declarer
    if action.consent >= 0 and (action.consent == d or action.consent > 2):
        raise _refuse("only a defender can consent to the declarer giving up", ErrorCode.WRONG_SEAT)
    if (
        seat == d
        and state.rules.declarer_resign == "isko"
        and state.play.hands[d].bit_count() < 9
        and action.consent < 0
    ):
        raise _refuse(
            "the declarer holds fewer than 9 cards: he can give up only with a "
            f"defender's consent (RE.{d}+<defender>)",
            ErrorCode.NEEDS_CONSENT,
        )


def check_violation(state: GameState, action: Action, seat: int, who: str) -> None:
    assert isinstance(action, Violation)
    if state.phase != PLAY or state.course.declarer < 0:
        raise _refuse("violations are recorded during the play of a game", ErrorCode.WRONG_PHASE)
    if action.seat != seat or not 0 <= seat < 3:
        raise _refuse(
            f"{who} cannot record a violation for seat {action.seat}", ErrorCode.WRONG_SEAT
        )
    if action.kind not in VIOLATION_KINDS:
        raise _refuse(f"unknown violation {action.kind!r}", ErrorCode.MALFORMED)


def check_schenken(state: GameState, action: Action, seat: int, who: str) -> None:
    assert isinstance(action, Schenken)
    d = state.course.declarer
    if action.seat != seat or seat == d or not 0 <= seat < 3:
        raise _refuse("only a defender can offer to concede (schenken)", ErrorCode.WRONG_SEAT)
    if state.phase != PLAY or not schenken_open(state.play, state.course, state.rules) or d < 0:
        raise _refuse(
            "schenken is possible only before the first card is played"
            + ("" if state.rules.schenken else " and with the rules option schenken=on"),
            ErrorCode.WRONG_PHASE if state.rules.schenken else ErrorCode.NOT_ALLOWED_BY_RULES,
        )


def check_show_cards(state: GameState, action: Action, seat: int, who: str) -> None:
    c = state.course
    if state.phase != PLAY:
        raise _refuse("showing the cards is possible only during the play", ErrorCode.WRONG_PHASE)
    if c.declarer < 0:
        raise _refuse("nobody claims in a Ramsch", ErrorCode.WRONG_PHASE)
    if seat != c.declarer:  # a defender claims every remaining trick for himself
        null = state.play.game_type == NULL
        if state.rules.claim != "isko" or null:
            raise _refuse(
                "only the declarer can show his cards and claim"
                + (" in Null" if null else " under these rules"),
                ErrorCode.NOT_ALLOWED_BY_RULES,
            )
        if c.claimer >= 0 or c.claimed:
            raise _refuse("the remaining tricks are claimed already", ErrorCode.ALREADY_DONE)
        return
    if c.claimed:
        raise _refuse("the declarer has shown his cards already", ErrorCode.ALREADY_DONE)


def check_answer(state: GameState, action: Action, seat: int, who: str) -> None:
    legal = state.legal_actions()
    # Double, Spitze and Schenken are tuples (Spitze(1) == KONTRA): match the type too
    if not any(type(a) is type(action) and a == action for a in legal):
        options = ", ".join(str(a) for a in legal)
        raise _refuse(f"{who} must answer first: {options}", ErrorCode.MUST_ANSWER)


def _check_extra(state: GameState, action: Double | LayOpen, seat: int, who: str) -> None:
    if action not in play_extras(seat, state.play, state.course, state.rules):
        what = "Kontra" if isinstance(action, Double) else "laying the cards open"
        allowed = state.rules.kontra if isinstance(action, Double) else state.rules.open_play
        raise _refuse(
            f"{what} is not possible for {who} now",
            ErrorCode.WRONG_PHASE if allowed else ErrorCode.NOT_ALLOWED_BY_RULES,
        )


def check_play(state: GameState, action: Action, seat: int, who: str) -> None:
    if isinstance(action, (Double, LayOpen)):
        _check_extra(state, action, seat, who)
        return
    if not isinstance(action, Card):
        raise _refuse(f"{who} must play a card, not {action}", ErrorCode.WRONG_PHASE)
    play = state.play
    hand = play.hands[seat]
    if not hand & action.bit:
        raise _refuse(f"{who} does not hold {action}", ErrorCode.NOT_IN_HAND)
    if play.trick:
        gt = play.game_type
        follow = hand & FOLLOW_MASKS[gt][play.trick[0]]
        if follow and not follow & action.bit:
            led = CARDS[play.trick[0]]
            what = "trump" if EFFECTIVE_SUIT[gt][led.index] == 4 else led.suit.english
            raise _refuse(
                f"{who} must follow {what} (led {led}), not {action}", ErrorCode.MUST_FOLLOW
            )


def check_push(state: GameState, action: Action, seat: int, who: str) -> None:
    refusal = push_refusal(
        action, state.phase == PUSH_DISCARD, state.hand_masks[seat], state.rules, who
    )
    if refusal is not None:
        raise _raise(refusal)


def check_skat(state: GameState, action: Action, seat: int, who: str) -> None:
    if isinstance(action, PickUp):
        return
    if isinstance(action, ShowSkat):
        if not state.rules.show_skat:
            raise _refuse(
                "showing the skat needs the rules option show_skat=on",
                ErrorCode.NOT_ALLOWED_BY_RULES,
            )
        return
    if isinstance(action, Declare):
        c = action.contract
        if not c.hand:
            raise _refuse(
                f"{c.describe()} needs the skat: pick it up first, or declare Hand",
                ErrorCode.WRONG_PHASE,
            )
        _check_reachable(state, action, hand=True)
        return
    raise _refuse(f"{who} must pick up the skat (s) or declare a Hand game", ErrorCode.WRONG_PHASE)


def check_declare(state: GameState, action: Action, seat: int, who: str) -> None:
    if not isinstance(action, Declare):
        raise _refuse(f"{who} must declare the game now", ErrorCode.WRONG_PHASE)
    if action.contract.hand:
        raise _refuse(
            "a Hand game cannot be declared after picking up the skat", ErrorCode.WRONG_PHASE
        )
    _check_reachable(state, action, hand=False)


def _check_reachable(state: GameState, action: Declare, hand: bool) -> None:
    message = unreachable(action, state.declarer_mask(hand), state.bid, hand, state.rules)
    if message is not None:
        raise _refuse(message, ErrorCode.BELOW_BID)


def check_bidding(state: GameState, action: Action, seat: int, who: str) -> None:
    if isinstance(action, Pass):
        return
    if isinstance(action, (Hold, Bid)):
        value = action.value if isinstance(action, Bid) else None
        refusal = state.auction.refusal(value, who)
        if refusal is not None:
            raise _raise(refusal)
        return
    raise _refuse(f"the auction is on: {who} cannot {action}", ErrorCode.WRONG_PHASE)


def check_discard(state: GameState, action: Action, seat: int, who: str) -> None:
    if not isinstance(action, Discard):
        raise _refuse(f"{who} must put two cards into the skat first", ErrorCode.WRONG_PHASE)
    hand = state.hand_masks[seat]
    if action.mask & ~hand:
        missing = CardSet(action.mask & ~hand)
        raise _refuse(f"{who} does not hold {missing}", ErrorCode.NOT_IN_HAND)


def check_game_over(state: GameState, action: Action, seat: int, who: str) -> None:
    """Nothing is possible once the game is over."""
    raise _refuse("the game is over", ErrorCode.GAME_OVER)


def no_step(state: GameState, seat: int, action: Action) -> None:
    """The step of a game that is over: none (its check refuses every action first)."""
    raise _refuse("the game is over", ErrorCode.GAME_OVER)
