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


def _claims_game(seed: int) -> int:
    """A game of random moves where a claim or a resignation comes at random (one chance in
    ten at each move while one is open): every seat's shadow follows it to the end; the
    number of views compared."""
    rng = random.Random(seed)
    game = GameState(seed=seed, rules=ISS)
    shadows = [
        Shadow(s, CardSet(game.deal.hand_masks[s]), ISS, seed=seed * 7 + s) for s in range(3)
    ]
    told = [0, 0, 0]
    compared = 0
    while not game.is_over:
        legal = game.legal_actions()
        ending = [(a, s) for s in range(3) for a in game.end_actions(s)]
        if ending and rng.random() < 0.1:
            action, seat = rng.choice(ending)
            game.apply(action, seat)
        else:
            game.apply(rng.choice(legal))
        for s, shadow in enumerate(shadows):
            for who, move in event_moves(game, told[s], s):
                shadow.told(who, move)
            told[s] = events_done(game, told[s])
            if told[s] != len(game.history):
                continue
            assert shadow.state.is_over == game.is_over
            assert shadow.view().hand == game.view(s).hand
            compared += 1
    return compared


def test_the_shadow_follows_a_claim_whose_cards_break_the_made_up_deal() -> None:
    # seeds where a claimer showed cards the made-up deal gave to a seat void in their suit
    # (the shadow swapped cards one for one and found no deal: "no deal fits the cards")
    assert all(_claims_game(seed) > 10 for seed in (214, 279, 292))


def test_the_shadow_follows_claims_and_resignations_in_many_games() -> None:
    assert sum(_claims_game(seed) for seed in range(40)) > 1000


def test_the_shadow_follows_a_card_that_shows_a_void_in_the_suit_led() -> None:
    # seed 1199: a defender discards on a suit led that the made-up deal gave him four
    # cards of; the deals drawn for the card knew nothing of that void and none fitted
    assert _claims_game(1199) > 10


def test_the_shadow_follows_a_declaration_that_needs_many_matadors() -> None:
    # seed 308: Clubs Hand Schneider announced at a bid of 180 needs "with" or "without"
    # 11 matadors, which no random deal gives the declarer
    assert _claims_game(308) > 0
