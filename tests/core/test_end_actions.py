"""``GameState.end_actions(seat)``: the ways one seat may end the play early now (show the
cards and claim, resign, offer Schenken), whether or not it is its turn; without a seat, those
of every seat."""

from __future__ import annotations

import random

from skat.core import ISS, Deal, GameState, Rules
from skat.core.actions import Resign

from ._support import DEAL, play


def names(actions: list[object]) -> list[str]:
    return [str(a) for a in actions]


def test_end_actions_per_seat_before_and_during_the_play() -> None:
    assert GameState(DEAL).end_actions(0) == []
    state = play(DEAL, "p 18 y p HH")
    assert names(state.end_actions()) == ["SC", "RE.0", "RE.1", "RE.2"]
    assert names(state.end_actions(0)) == ["SC", "RE.0"]
    assert names(state.end_actions(1)) == ["SC", "RE.1"]  # ISkO: a defender may claim too
    assert names(state.end_actions(2)) == ["SC", "RE.2"]


def test_end_actions_of_a_defender_under_iss_rules_have_no_claim() -> None:
    state = play(DEAL, "p 18 y p HH", ISS)
    assert names(state.end_actions(1)) == ["RE.1"]


def test_end_actions_of_the_declarer_with_eight_cards_need_consent() -> None:
    state = play(DEAL, "p 18 y p HH HA C9 H9 HT CK HQ")
    mine = state.end_actions(0)
    assert [a for a in mine if isinstance(a, Resign)] == [Resign(0, 1), Resign(0, 2)]


def test_end_actions_offer_schenken_to_the_defenders_only() -> None:
    state = play(DEAL, "p 18 y p HH", Rules.parse("isko,schenken=on"))
    assert "schenken.1" in names(state.end_actions(1))
    assert not any(a.startswith("schenken") for a in names(state.end_actions(0)))


def test_end_actions_per_seat_are_the_legal_ones_of_all_seats() -> None:
    for seed in range(30):
        rng = random.Random(seed)
        state = GameState(Deal.random(rng), Rules.parse("isko,schenken=on"))
        while not state.is_over:
            every = state.end_actions()
            for seat in range(3):
                mine = state.end_actions(seat)
                assert all(a in every and state.is_legal(a, seat) for a in mine)
                assert [a for a in every if a not in mine and state.is_legal(a, seat)] == []
            state.apply(rng.choice(state.legal_actions()))
