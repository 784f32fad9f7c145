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
from skat.core.errors import IllegalActionError, Refusal
from skat.core.extras import play_extras, schenken_open
from skat.core.phase import PLAY, PUSH_DISCARD
from skat.core.ramsch import push_refusal
from skat.core.reachable import unreachable
from skat.core.reasons import refusal

if TYPE_CHECKING:
    from skat.core.state import GameState


def _refuse(reason: str, **params: object) -> Exception:
    return _raise(refusal(reason, **params))


def _raise(refusal: Refusal) -> Exception:
    return IllegalActionError.of(refusal)


def check_resign(state: GameState, action: Action, seat: int, who: str) -> None:
    assert isinstance(action, Resign)
    c = state.course
    d = c.declarer
    if state.phase != PLAY or d < 0:
        raise _refuse("resign_not_now")
    if action.seat != seat:
        raise _refuse("resign_other_seat", who=who, seat=seat, other=action.seat)
    if c.resigned >> seat & 1:
        raise _refuse("resigned_already", who=who, seat=seat)
    _check_consent(state, action, seat)


def _check_consent(state: GameState, action: Resign, seat: int) -> None:
    """ISkO: the declarer holding fewer than 9 cards gives up only with a defender's consent."""
    d = state.course.declarer
    if action.consent >= 0 and (action.consent == d or action.consent > 2):
        raise _refuse("consent_by_defender")
    if (
        seat == d
        and state.rules.declarer_resign == "isko"
        and state.play.hands[d].bit_count() < 9
        and action.consent < 0
    ):
        raise _refuse("needs_consent", declarer=d)


def check_violation(state: GameState, action: Action, seat: int, who: str) -> None:
    assert isinstance(action, Violation)
    if state.phase != PLAY or state.course.declarer < 0:
        raise _refuse("violation_not_now")
    if action.seat != seat or not 0 <= seat < 3:
        raise _refuse("violation_other_seat", who=who, seat=seat, other=action.seat)
    if action.kind not in VIOLATION_KINDS:
        raise _refuse("unknown_violation", kind=action.kind)


def check_schenken(state: GameState, action: Action, seat: int, who: str) -> None:
    assert isinstance(action, Schenken)
    d = state.course.declarer
    if action.seat != seat or seat == d or not 0 <= seat < 3:
        raise _refuse("schenken_by_defender")
    if state.phase != PLAY or not schenken_open(state.play, state.course, state.rules) or d < 0:
        raise _refuse("schenken_not_now" if state.rules.schenken else "schenken_off")


def check_show_cards(state: GameState, action: Action, seat: int, who: str) -> None:
    c = state.course
    if state.phase != PLAY:
        raise _refuse("show_cards_not_now")
    if c.declarer < 0:
        raise _refuse("no_claim_in_ramsch")
    if seat != c.declarer:  # a defender claims every remaining trick for himself
        null = state.play.game_type == NULL
        if state.rules.claim != "isko" or null:
            raise _refuse("claim_declarer_only_null" if null else "claim_declarer_only")
        if c.claimer >= 0 or c.claimed:
            raise _refuse("claimed_already")
        return
    if c.claimed:
        raise _refuse("shown_already")


def check_answer(state: GameState, action: Action, seat: int, who: str) -> None:
    legal = state.legal_actions()
    # Double, Spitze and Schenken are tuples (Spitze(1) == KONTRA): match the type too
    if not any(type(a) is type(action) and a == action for a in legal):
        options = ", ".join(str(a) for a in legal)
        raise _refuse("must_answer", who=who, seat=seat, options=options, answers=tuple(legal))


def _check_extra(state: GameState, action: Double | LayOpen, seat: int, who: str) -> None:
    if action not in play_extras(seat, state.play, state.course, state.rules):
        what = "kontra" if isinstance(action, Double) else "lay_open"
        allowed = state.rules.kontra if isinstance(action, Double) else state.rules.open_play
        raise _refuse(what + ("_not_now" if allowed else "_off"), who=who, seat=seat)


def check_play(state: GameState, action: Action, seat: int, who: str) -> None:
    if isinstance(action, (Double, LayOpen)):
        _check_extra(state, action, seat, who)
        return
    if not isinstance(action, Card):
        raise _refuse("must_play_card", who=who, seat=seat, action=action)
    play = state.play
    hand = play.hands[seat]
    if not hand & action.bit:
        raise _refuse("not_in_hand", who=who, seat=seat, cards=action)
    if play.trick:
        gt = play.game_type
        follow = hand & FOLLOW_MASKS[gt][play.trick[0]]
        if follow and not follow & action.bit:
            led = CARDS[play.trick[0]]
            if EFFECTIVE_SUIT[gt][led.index] == 4:
                raise _refuse("must_follow_trump", who=who, seat=seat, led=led, card=action)
            raise _refuse(
                "must_follow_suit", who=who, seat=seat, suit=led.suit.english, led=led, card=action
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
            raise _refuse("show_skat_off")
        return
    if isinstance(action, Declare):
        c = action.contract
        if not c.hand:
            raise _refuse("needs_skat", game=c.describe(), contract=c)
        _check_reachable(state, action, hand=True)
        return
    raise _refuse("skat_or_hand", who=who, seat=seat)


def check_declare(state: GameState, action: Action, seat: int, who: str) -> None:
    if not isinstance(action, Declare):
        raise _refuse("must_declare", who=who, seat=seat)
    if action.contract.hand:
        raise _refuse("hand_after_pickup")
    _check_reachable(state, action, hand=False)


def _check_reachable(state: GameState, action: Declare, hand: bool) -> None:
    why = unreachable(action, state.declarer_mask(hand), state.bid, hand, state.rules)
    if why is not None:
        raise _raise(why)


def check_bidding(state: GameState, action: Action, seat: int, who: str) -> None:
    if isinstance(action, Pass):
        return
    if isinstance(action, (Hold, Bid)):
        value = action.value if isinstance(action, Bid) else None
        refusal = state.auction.refusal(value, who)
        if refusal is not None:
            raise _raise(refusal)
        return
    raise _refuse("auction_on", who=who, seat=seat, action=action)


def check_discard(state: GameState, action: Action, seat: int, who: str) -> None:
    if not isinstance(action, Discard):
        raise _refuse("must_discard", who=who, seat=seat)
    hand = state.hand_masks[seat]
    if action.mask & ~hand:
        missing = CardSet(action.mask & ~hand)
        raise _refuse("not_in_hand", who=who, seat=seat, cards=missing)


def check_game_over(state: GameState, action: Action, seat: int, who: str) -> None:
    """Nothing is possible once the game is over."""
    raise _refuse("game_over")


def no_step(state: GameState, seat: int, action: Action) -> None:
    """The step of a game that is over: none (its check refuses every action first)."""
    raise _refuse("game_over")
