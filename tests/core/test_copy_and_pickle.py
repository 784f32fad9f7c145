"""A Deal and a GameState survive ``copy.deepcopy`` and ``pickle``; the copy plays on alike."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from skat.core import Deal, GameState, Rules
from skat.core.deal import DealError

COPIES: list[tuple[str, Callable[[Any], Any]]] = [
    ("deepcopy", copy.deepcopy),
    ("pickle", lambda x: pickle.loads(pickle.dumps(x))),
]


@pytest.mark.parametrize(("how", "clone"), COPIES)
def test_a_deal_copies_to_an_equal_deal(how: str, clone: Callable[[Any], Any]) -> None:
    deal = Deal.random(random.Random(8))
    again = clone(deal)
    assert again == deal and hash(again) == hash(deal) and str(again) == str(deal)
    with pytest.raises(AttributeError, match="immutable"):
        again.skat_mask = 0


def test_an_unpickled_deal_is_checked_like_a_new_one() -> None:
    deal = Deal.random(random.Random(8))
    make, (hands, skat) = deal.__reduce__()
    assert make(hands, skat) == deal
    with pytest.raises(DealError, match="the skat must be 2 cards"):
        make(hands, hands[0] & -hands[0] | skat & (skat - 1))  # a hand's card in the skat


def _play(state: GameState, rng: random.Random) -> list[str]:
    moves = []
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        moves.append(str(action))
    return moves


@pytest.mark.parametrize(("how", "clone"), COPIES)
@pytest.mark.parametrize(
    "rules", ["isko", "pub", "isko,kontra=on,supra=on,spitze=on,schenken=on,ramsch=ramsch"]
)
@pytest.mark.parametrize("moves", [0, 3, 12, 20])
def test_a_game_state_copied_mid_game_plays_on_identically(
    how: str, clone: Callable[[Any], Any], rules: str, moves: int
) -> None:
    rng = random.Random(f"{rules}:{moves}")
    state = GameState(Deal.random(rng), Rules.parse(rules))
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    twin = clone(state)
    assert twin is not state and twin.history == state.history
    seed = rng.random()
    assert _play(twin, random.Random(seed)) == _play(state, random.Random(seed))
    assert twin.result == state.result
    twin.undo()  # the copy's undo history came along
    assert len(twin.history) == len(state.history) - 1
