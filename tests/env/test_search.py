"""The OpenSpiel-style state: chance deal, apply/undo/clone, information states, resampling."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skat.core import PASS, GameState, Phase, Rules
from skat.core.actions import Discard, PickUp
from skat.env import CHANCE, TERMINAL, ResampleError, SkatGame, SkatState, resample
from skat.env.action_ids import action_id

from ._games import PRESETS, states


def _random_walk(game: SkatGame, seed: int, moves: int) -> SkatState:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and state.move_number() < moves:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(rng.choice(outcomes)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_deal_is_32_chance_outcomes_then_middlehand_bids() -> None:
    game = SkatGame()
    state = game.new_initial_state()
    for k in range(32):
        assert state.current_player() == CHANCE
        assert len(state.chance_outcomes()) == 32 - k
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 1
    assert state.state is not None and state.state.deal.hand_masks[0] == (1 << 10) - 1
    with pytest.raises(ValueError, match="not a card still in the pack"):
        game.new_initial_state().child(0).apply_action(0)


def test_undo_restores_every_information_state() -> None:
    game = SkatGame(rules="pub")
    for seed in range(30):
        state = _random_walk(game, seed, 100)
        trail = []
        probe = game.new_initial_state()
        for a in state.history():
            trail.append(
                (
                    probe.history(),
                    [probe.information_state_string(p) for p in range(3)],
                    [probe.information_state_tensor(p) for p in range(3)],
                )
                if not probe.is_chance_node()
                else (probe.history(), None, None)
            )
            probe.apply_action(a)
        while trail:
            history, strings, tensors = trail.pop()
            if not state.is_chance_node():
                state.information_state_tensor(0)  # the tracker is warm when the undo comes
            state.undo_action(*state.last_move())
            assert state.history() == history
            if strings is not None and tensors is not None:
                assert [state.information_state_string(p) for p in range(3)] == strings
                for p in range(3):
                    assert np.array_equal(state.information_state_tensor(p), tensors[p])
        assert state.is_chance_node() and state.history() == []


def test_a_clone_is_independent() -> None:
    game = SkatGame(rules="pub")
    state = _random_walk(game, 3, 10)
    twin = state.clone()
    before = state.information_state_tensor(state.current_player())
    while not twin.is_terminal():
        twin.apply_action(twin.legal_actions()[0])
    assert np.array_equal(state.information_state_tensor(state.current_player()), before)
    assert state.history() != twin.history() and twin.current_player() == TERMINAL


def test_undo_action_checks_the_move() -> None:
    state = _random_walk(SkatGame(), 1, 3)
    player, action = state.last_move()
    with pytest.raises(ValueError, match="the last move is"):
        state.undo_action(player, action + 1)


def test_returns_come_at_the_end() -> None:
    game = SkatGame(reward="list")
    state = _random_walk(game, 5, 1000)
    assert state.is_terminal()
    assert state.state is not None and state.state.result is not None
    assert state.returns() == [float(x) for x in state.state.result.seat_scores]


@pytest.mark.parametrize("rules", PRESETS)
def test_resampling_is_consistent_with_the_seats_view(rules: str) -> None:
    rng = random.Random(7)
    compared = differed = 0
    for k, state in enumerate(states(rules, 30, seed=9)):
        if k % 3:
            continue
        seat = rng.randrange(3)
        world = resample(state, seat, rng)
        assert world.view(seat) == state.view(seat)
        assert world.deal.hand_masks[seat] == state.deal.hand_masks[seat]
        compared += 1
        differed += world.deal != state.deal
    assert compared > 100 and differed > compared // 2


def test_resampling_follows_the_skat_through_the_schieberamsch_pushes() -> None:
    rules = Rules.parse("isko,ramsch=schieberamsch,schieberamsch_grand_hand=on,spitze=on")
    compared = grand_hand = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = GameState(seed=seed, rules=rules)
        while state.phase == Phase.BIDDING:
            state.apply(PASS)  # all pass: Schieberamsch
        stop = rng.randrange(40)
        while not state.is_over and len(state.history) < stop:
            state.apply(rng.choice(state.legal_actions()))
        if not any(type(ev.action) is PickUp for ev in state.history):
            continue
        seat = seed % 3
        world = resample(state, seat, random.Random(seed))
        assert world.view(seat) == state.view(seat)
        compared += 1
        grand_hand += state.contract is not None
    assert compared > 100 and grand_hand > 5


def test_resampling_refuses_a_bad_seat() -> None:
    with pytest.raises(ResampleError, match="seat must be 0, 1 or 2, not 3"):
        resample(GameState(seed=1), 3, random.Random(0))


def test_resampling_deals_the_hidden_cards_anew() -> None:
    state = GameState(seed=12, rules=Rules.parse("isko"))
    seen = {resample(state, 0, random.Random(s)).deal.hand_masks[1] for s in range(20)}
    assert len(seen) > 15


def test_resample_from_infostate_gives_a_state_for_search() -> None:
    game = SkatGame(rules="isko")
    for seed in range(20):
        state = _random_walk(game, seed, 15 + seed)
        if state.is_terminal():
            continue
        player = state.current_player()
        world = state.resample_from_infostate(player, random.Random(seed))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert np.array_equal(
            world.information_state_tensor(player), state.information_state_tensor(player)
        )
        assert world.legal_actions() == state.legal_actions()
        assert state.state is not None
        shown = [a is not None for _, a in state.state.view(player).history]
        mine, theirs = world.history()[32:], state.history()[32:]
        assert len(mine) == len(theirs)
        assert [a for a, s in zip(mine, shown, strict=True) if s] == [
            a for a, s in zip(theirs, shown, strict=True) if s
        ]  # another seat's discard is hidden: it may differ
        world.apply_action(world.legal_actions()[0])  # a world one can search in


def test_legal_actions_are_the_engines() -> None:
    game = SkatGame(rules="pub")
    state = _random_walk(game, 2, 12)
    assert state.state is not None
    assert state.legal_actions() == sorted(action_id(a) for a in state.state.legal_actions())
    other = (state.current_player() + 1) % 3
    assert state.legal_actions(other) == [] and sum(state.legal_actions_mask(other)) == 0


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    length=st.integers(0, 45),
    seat=st.integers(0, 2),
    preset=st.sampled_from(PRESETS),
    all_pass=st.booleans(),
)
def test_a_resampled_world_looks_the_same_to_the_seat(
    seed: int, length: int, seat: int, preset: str, all_pass: bool
) -> None:
    rng = random.Random(seed)
    state = GameState(seed=seed, rules=Rules.parse(preset))
    while all_pass and state.phase == Phase.BIDDING:
        state.apply(PASS)
    while not state.is_over and len(state.history) < length:
        state.apply(rng.choice(state.legal_actions()))
    world = resample(state, seat, rng)
    assert world.view(seat) == state.view(seat)
    assert world.deal.hand_masks[seat] == state.deal.hand_masks[seat]
    assert [ev.action for ev in world.history if not isinstance(ev.action, Discard)] == [
        ev.action for ev in state.history if not isinstance(ev.action, Discard)
    ]


def test_information_state_defaults_to_the_seat_to_move_and_resampling_takes_a_sampler() -> None:
    game = SkatGame(rules="isko")
    state = game.new_initial_state_for(GameState(seed=21).deal)
    state.apply_action(96)  # Middlehand passes: Rearhand to bid
    assert state.current_player() == 2
    assert state.information_state_string() == state.information_state_string(2)
    assert (state.information_state_tensor() == state.information_state_tensor(2)).all()
    draws = random.Random(5)
    world = state.resample_from_infostate(0, draws.random)  # any callable giving [0, 1)
    assert world.information_state_string(0) == state.information_state_string(0)
    assert world.state is not None and world.state.hand(0) == state.state.hand(0)
    with pytest.raises(TypeError, match=r"a random\.Random or a sampler callable"):
        state.resample_from_infostate(0, 42)  # type: ignore[arg-type]
