"""Every refusal names its reason by a stable key with the values of its message
(:mod:`skat.core.reasons`): a program says the reason in its own words from the key and the
params, never by reading the English text."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from skat.core import Card, GameState, IllegalActionError, Rules
from skat.core.errors import ErrorCode
from skat.core.reasons import REASONS, param_names, refusal

from ._support import DEAL, play
from .test_error_codes import IN_PLAY

CORE = Path(__file__).parents[2] / "src" / "skat" / "core"


def reason_of(state: GameState, action: str, seat: int | None = None) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        state.validate(action, seat)
    return info.value


REFUSALS = [
    ("", "isko", "zz", None, "unreadable"),
    ("", "isko", "18", 2, "not_your_turn"),
    ("", "isko", "HA", None, "auction_on"),
    ("", "isko", "y", None, "must_bid_or_pass"),
    ("18", "isko", "20", None, "must_hold_or_pass"),
    ("20 y", "isko", "18", None, "bid_not_above"),
    ("", "danish", "20", None, "no_jump_bids"),
    ("p 18 y p", "isko", "showskat", None, "show_skat_off"),
    ("p 18 y p", "isko", "G", None, "needs_skat"),
    ("p 18 y p", "isko", "HA", None, "skat_or_hand"),
    ("p 18 y p s", "isko", "GH", None, "must_discard"),
    ("p 18 y 59 y p", "isko", "NH", None, "null_below_bid"),
    (IN_PLAY, "isko", "SA", None, "not_in_hand"),
    (f"{IN_PLAY} HA CA", "isko", "S8", None, "must_follow_trump"),
    (f"{IN_PLAY} D9 C9", "isko", "S7", None, "must_follow_suit"),
    (f"{IN_PLAY} HA", "isko", "RE.2", 1, "resign_other_seat"),
    (f"{IN_PLAY} HA", "isko", "kontra", None, "kontra_off"),
    (IN_PLAY, "isko,spitze=on", "HA", None, "must_answer"),
    (f"{IN_PLAY} RE.0", "isko", "HA", None, "game_over"),
]
"""(actions played, rules, the refused action, its seat, the reason)."""


@pytest.mark.parametrize(("actions", "rules", "action", "seat", "reason"), REFUSALS)
def test_each_refusal_names_its_reason(
    actions: str, rules: str, action: str, seat: int | None, reason: str
) -> None:
    err = reason_of(play(DEAL, actions, Rules.parse(rules)), action, seat)
    assert err.reason == reason
    assert err.code == REASONS[reason].code
    assert str(err) == REASONS[reason].english.format(**err.params)


def test_not_in_hand_names_the_card_and_seat_as_data() -> None:
    err = reason_of(play(DEAL, IN_PLAY), "SA")
    assert err.params["cards"] == Card.parse("SA")
    assert err.params["seat"] == 0
    assert str(err) == "Forehand does not hold SA"  # the library's English is unchanged


def test_reason_and_params_survive_pickle() -> None:
    err = reason_of(play(DEAL, IN_PLAY), "18", 1)
    again = pickle.loads(pickle.dumps(err))
    assert (again.reason, again.params, again.code) == (
        "not_your_turn",
        {"to_move": "Forehand", "turn": 0, "who": "Middlehand", "seat": 1},
        ErrorCode.NOT_YOUR_TURN,
    )


def _reasons_raised_in_core() -> set[str]:
    """The first argument of every ``refusal(...)``/``_refuse(...)`` call in skat.core."""
    found: set[str] = set()
    for path in CORE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", "")
            if name not in ("refusal", "_refuse"):
                continue
            for arg in ast.walk(node.args[0]):
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value)
    return found


def test_every_reason_in_the_catalogue_is_raised_somewhere() -> None:
    raised = _reasons_raised_in_core()
    # "kontra" + "_off"/"_not_now", "lay_open" + ...: composed names
    raised |= {f"{a}{b}" for a in ("kontra", "lay_open") for b in ("_off", "_not_now")}
    assert raised >= set(REASONS)
    assert {r for r in raised if r in REASONS} == set(REASONS)


def test_refusal_fills_the_template() -> None:
    r = refusal("bid_not_above", value=18, bid=20)
    assert r.message == "bid 18 is not above the current bid 20"
    assert param_names("bid_not_above") == {"value", "bid"}
    with pytest.raises(KeyError):
        refusal("no_such_reason")
