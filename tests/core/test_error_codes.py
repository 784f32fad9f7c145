"""Every refused action names its reason by a fixed code (:class:`skat.core.errors.ErrorCode`)
beside the message; programs read the code, never the text."""

from __future__ import annotations

import pickle

import pytest

from skat.core import ISS, GameState, IllegalActionError, Rules
from skat.core.errors import ErrorCode

from ._support import DEAL, play

IN_PLAY = "p 18 y p HH"  # Forehand plays Hearts Hand; he leads


def code_of(state: GameState, action: str, seat: int | None = None) -> ErrorCode:
    with pytest.raises(IllegalActionError) as info:
        state.validate(action, seat)
    assert not state.is_legal(action, seat)
    return info.value.code


@pytest.mark.parametrize(
    ("actions", "rules", "action", "seat", "code"),
    [
        ("", "isko", "zz", None, ErrorCode.MALFORMED),
        ("", "isko", "18", 2, ErrorCode.NOT_YOUR_TURN),
        ("", "isko", "HA", None, ErrorCode.WRONG_PHASE),
        ("", "isko", "y", None, ErrorCode.WRONG_CALL),
        ("18", "isko", "20", None, ErrorCode.WRONG_CALL),
        ("20 y", "isko", "18", None, ErrorCode.BELOW_BID),
        ("", "danish", "20", None, ErrorCode.NOT_ALLOWED_BY_RULES),
        ("p 18 y p", "isko", "showskat", None, ErrorCode.NOT_ALLOWED_BY_RULES),
        ("p 18 y p", "isko", "G", None, ErrorCode.WRONG_PHASE),
        ("p 18 y 59 y p", "isko", "NH", None, ErrorCode.BELOW_BID),
        (IN_PLAY, "isko", "SA", None, ErrorCode.NOT_IN_HAND),
        (f"{IN_PLAY} HA CA", "isko", "S8", None, ErrorCode.MUST_FOLLOW),
        (f"{IN_PLAY} HA", "isko", "RE.2", 1, ErrorCode.WRONG_SEAT),
        (f"{IN_PLAY} HA", "isko", "kontra", None, ErrorCode.NOT_ALLOWED_BY_RULES),
        (IN_PLAY, "isko,spitze=on", "HA", None, ErrorCode.MUST_ANSWER),
        (f"{IN_PLAY} RE.0", "isko", "HA", None, ErrorCode.GAME_OVER),
    ],
)
def test_each_illegal_action_has_its_code(
    actions: str, rules: str, action: str, seat: int | None, code: ErrorCode
) -> None:
    state = play(DEAL, actions, Rules.parse(rules))
    assert code_of(state, action, seat) == code


def test_resigning_twice_is_already_done() -> None:
    state = play(DEAL, f"{IN_PLAY} RE.1", ISS)  # ISS: the defenders give up when both did
    assert code_of(state, "RE.1") == ErrorCode.ALREADY_DONE


def test_late_declarer_resign_needs_consent() -> None:
    trick = "HA C9 H9  "  # Forehand wins; after two tricks he holds 8 cards
    state = play(DEAL, f"{IN_PLAY} {trick} HT CK HQ")
    assert code_of(state, "RE.0") == ErrorCode.NEEDS_CONSENT
    assert state.is_legal("RE.0+1")


def test_nothing_to_undo_has_its_code() -> None:
    with pytest.raises(IllegalActionError) as info:
        GameState(DEAL).undo()
    assert info.value.code == ErrorCode.NOTHING_TO_UNDO


def test_error_message_is_unchanged_and_code_survives_pickle() -> None:
    state = play(DEAL, IN_PLAY)
    with pytest.raises(IllegalActionError) as info:
        state.validate("18", 1)
    assert str(info.value) == "it is Forehand's turn, not Middlehand's"
    again = pickle.loads(pickle.dumps(info.value))
    assert (str(again), again.code) == (str(info.value), ErrorCode.NOT_YOUR_TURN)
