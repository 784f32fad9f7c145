"""A client's shadow game gives its seat the same view as the real game: its hand and the
legal actions, whatever the others' hidden cards turn out to be."""

from __future__ import annotations

import random

from skat.core import CardSet, GameState
from skat.core.rules import ISS
from skat.iss.codes import event_moves, events_done
from skat.iss.shadow import Shadow


def test_the_shadow_gives_the_seat_the_real_games_view() -> None:
    compared = 0
    for seed in range(25):
        rng = random.Random(seed)
        game = GameState(seed=seed, rules=ISS)
        shadows = [Shadow(s, CardSet(game.deal.hand_masks[s]), ISS, seed=s) for s in range(3)]
        told = [0, 0, 0]
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            for s, shadow in enumerate(shadows):
                for who, move in event_moves(game, told[s], s):
                    shadow.told(who, move)
                told[s] = events_done(game, told[s])
                if game.is_over or told[s] != len(game.history):
                    continue
                assert shadow.view().hand == game.view(s).hand
                assert set(shadow.view().legal_actions) == set(game.view(s).legal_actions)
                compared += 1
    assert compared > 600
