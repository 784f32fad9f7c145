"""The history viewer's "how could I have won": the best line from the first card that gave
value away is legal, plays the game to its end and starts with one of the best cards."""

from __future__ import annotations

import random

from skat.core import GameState
from skat.records.jsonrecord import dumps, state_to_json
from skat.server.history import analysis_of


def test_the_best_line_starts_with_a_best_card_and_plays_to_the_end() -> None:
    rng = random.Random(4)
    game = GameState(seed=4)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    analysis = analysis_of(dumps(state_to_json(game)))["analysis"]
    best = analysis["best_line"]
    assert best is not None
    first = analysis["moves"][best["step"]]
    assert first["loss"] > 0 and best["moves"][0][1] in first["best_cards"]
    replay = GameState(game.deal, game.rules)
    for ev in game.history[: best["step"]]:
        replay.apply(ev.action, ev.seat)
    for seat, card in best["moves"]:
        assert replay.to_move == seat
        replay.apply(card, seat)
    assert replay.is_over
