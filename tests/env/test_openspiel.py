"""skat.env.openspiel: Skat as a registered OpenSpiel Python game, driven by OpenSpiel's own code
(random bots, evaluate_bots, random_sim_test, the Python ISMCTSBot).  Skipped without open_spiel
(``pip install 'skat[openspiel]'``)."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
evaluate_bots = pytest.importorskip("open_spiel.python.algorithms.evaluate_bots")
ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

from skat.core import Rules  # noqa: E402
from skat.env.openspiel import MAX_GAME_LENGTH, SkatSpielGame, SkatSpielState  # noqa: E402
from skat.env.rewards import reward_bounds  # noqa: E402

RULES = ("isko", "pub", "isko+ramsch:schieberamsch+spitze:on", "danish")


def _random_game(game: Any, rng: np.random.RandomState, until: int = 10**6) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history()) < until:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_load_game_makes_the_registered_python_skat_game_with_its_parameters() -> None:
    game = pyspiel.load_game("python_skat(rules=isko+kontra:on,reward=seeger)")
    assert isinstance(game, SkatSpielGame)
    assert game.get_type().short_name == "python_skat"
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.skat.rules == Rules.parse("isko,kontra=on") and game.skat.reward == "seeger"
    assert (game.min_utility(), game.max_utility()) == reward_bounds(game.skat.rules, "seeger")
    assert game.num_players() == 3 and game.num_distinct_actions() == 644
    assert game.max_chance_outcomes() == 32 and game.max_game_length() == MAX_GAME_LENGTH
    assert str(pyspiel.load_game(str(game))) == str(game)
    plain = pyspiel.load_game("python_skat", {"rules": "pub,kontra=off"})
    assert plain.skat.rules == Rules.parse("pub,kontra=off")
    assert str(plain) == "python_skat(reward=list,rules=pub+kontra:off+supra:off)"


def test_bad_parameters_give_one_clear_error() -> None:
    with pytest.raises(Exception, match=r"(?i)unknown parameter 'rule'"):
        pyspiel.load_game("python_skat", {"rule": "isko"})
    with pytest.raises(ValueError, match="bogus") as error:
        pyspiel.load_game("python_skat(rules=isko+bogus:on)")
    assert "\n" not in str(error.value)
    with pytest.raises(Exception, match="unknown reward"):
        pyspiel.load_game("python_skat(reward=money)")


@pytest.mark.parametrize("rules", RULES)
def test_openspiel_random_sim_test_passes_with_serialization(rules: str) -> None:
    game = pyspiel.load_game(f"python_skat(rules={rules})")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("rules", RULES)
def test_evaluate_bots_with_openspiel_random_bots_plays_whole_games_within_the_bounds(
    rules: str,
) -> None:
    game = pyspiel.load_game(f"python_skat(rules={rules},reward=list)")
    rng = np.random.RandomState(3)
    for g in range(8):
        bots = [pyspiel.make_uniform_random_bot(p, 10 * g + p) for p in range(3)]
        state = game.new_initial_state()
        returns = evaluate_bots.evaluate_bots(state, bots, rng)
        assert state.is_terminal() and returns == state.returns() == state.inner.returns()
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        assert len(state.history()) - 32 <= game.max_game_length()


def test_the_state_answers_what_openspiel_algorithms_ask() -> None:
    game = pyspiel.load_game("python_skat")
    state = _random_game(game, np.random.RandomState(5), until=32 + 6)
    assert state.get_game().get_type().short_name == "python_skat"
    assert state.get_type() == pyspiel.StateType.DECISION
    assert not state.is_simultaneous_node() and state.is_player_node()
    player = state.current_player()
    inner = state.inner
    assert state.information_state_string() == inner.information_state_string(player)
    for p in range(3):
        assert state.information_state_string(p) == inner.information_state_string(p)
        assert np.array_equal(state.information_state_tensor(p), inner.information_state_tensor(p))
        assert np.array_equal(state.observation_tensor(p), inner.information_state_tensor(p))
    assert state.legal_actions() == inner.legal_actions()
    assert state.action_to_string(player, 96) == "pass"
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert len(twin.history()) == len(state.history()) + 1 and state.inner.state is not None
    assert len(state.inner.state.history) == len(twin.inner.state.history) - 1


def test_while_dealing_a_seat_sees_only_its_own_cards_dealt_so_far() -> None:
    game = pyspiel.load_game("python_skat")
    state = game.new_initial_state()
    for card in (4, 9, 31, 0, 7, 12, 13, 14, 15, 16, 20):  # ten to Forehand, one to Middlehand
        state.apply_action(card)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 21
    tensor = np.asarray(state.information_state_tensor(0))
    assert np.flatnonzero(tensor[15:47]).tolist() == [0, 4, 7, 9, 12, 13, 14, 15, 16, 31]
    assert tensor[0] == 1 and tensor.sum() == 11
    mh = np.asarray(state.information_state_tensor(1))
    assert np.flatnonzero(mh[15:47]).tolist() == [20] and mh[1] == 1
    assert state.information_state_string(2) != state.information_state_string(1)


def test_serialize_pickle_and_deepcopy_give_the_same_state_that_plays_on_identically() -> None:
    game = pyspiel.load_game("python_skat(rules=pub)")
    state = _random_game(game, np.random.RandomState(8), until=32 + 9)
    copies = [
        game.deserialize_state(state.serialize()),
        pickle.loads(pickle.dumps(state)),
        copy.deepcopy(state),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
    ]
    for twin in copies:
        assert twin.history() == state.history() and str(twin) == str(state)
        assert twin.information_state_string(1) == state.information_state_string(1)
    originals = [state.clone() for _ in copies]
    for twin, original in zip(copies, originals, strict=True):
        rng_a, rng_b = random.Random(2), random.Random(2)
        while not original.is_terminal():
            original.apply_action(rng_a.choice(original.legal_actions()))
            twin.apply_action(rng_b.choice(twin.legal_actions()))
        assert twin.returns() == original.returns() and twin.history() == original.history()


@pytest.mark.parametrize("rules", ["isko", "isko+ramsch:schieberamsch"])
def test_resampling_takes_openspiel_samplers_and_keeps_the_infostate(rules: str) -> None:
    game = pyspiel.load_game(f"python_skat(rules={rules})")
    rng = np.random.RandomState(11)
    for g in range(6):
        state = _random_game(game, rng, until=32 + 4 + 3 * g)
        if state.is_terminal():
            continue
        for player in range(3):
            for sampler in (pyspiel.UniformProbabilitySampler(0.0, 1.0), random.Random(g)):
                world = state.resample_from_infostate(player, sampler)
                assert isinstance(world, SkatSpielState)
                assert world.information_state_string(player) == state.information_state_string(
                    player
                )
                assert np.array_equal(
                    world.information_state_tensor(player), state.information_state_tensor(player)
                )
                if player == state.current_player():  # others' choices hang on hidden cards
                    assert world.legal_actions() == state.legal_actions()
                assert len(world.history()) == len(state.history())


def test_openspiel_ismcts_bot_plays_skat_with_our_resampler() -> None:
    game = pyspiel.load_game("python_skat(rules=isko)")
    rs = np.random.RandomState(4)
    worlds: list[bool] = []

    def resampler(state: Any, player: int) -> Any:
        world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        worlds.append(world.information_state_string(player) == state.information_state_string())
        return world

    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 12, random_state=rs)
    bot.set_resampler(resampler)
    default = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 12, random_state=rs)
    moves = 0
    for g in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, _ = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rs.choice(outcomes)))
            elif state.current_player() == g:
                action = (bot if g == 0 else default).step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
                moves += 1
            else:
                state.apply_action(int(rs.choice(state.legal_actions())))
        assert state.returns() == list(state.inner.returns())
        assert game.min_utility() <= state.returns()[g] <= game.max_utility()
    assert moves > 0 and worlds and all(worlds)


def test_zero_sum_reward_games_pay_returns_that_add_up_to_zero() -> None:
    game = pyspiel.load_game("python_skat(reward=list_zero_sum)")
    assert (game.min_utility(), game.max_utility()) == (-540.0, 540.0)
    bots = [pyspiel.make_uniform_random_bot(p, p) for p in range(3)]
    rng = np.random.RandomState(0)
    for _ in range(3):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert sum(returns) == pytest.approx(0.0, abs=1e-9)


@pytest.mark.parametrize("reward", ["list_zero_sum", "seeger_zero_sum", "points_zero_sum"])
def test_a_zero_sum_reward_makes_a_zero_sum_game_that_openspiel_checks(reward: str) -> None:
    """OpenSpiel's random_sim_test checks that a zero-sum game's returns add up to 0."""
    game = pyspiel.load_game(f"python_skat(reward={reward})")
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.utility_sum() == 0.0
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_the_score_sheet_rewards_are_general_sum_as_declared() -> None:
    """Under ``list`` a won game pays the declarer alone: the returns do not add up to 0."""
    game = pyspiel.load_game("python_skat(reward=list)")
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    rng = np.random.RandomState(4)
    sums = {sum(_random_game(game, rng).returns()) for _ in range(30)}
    assert any(total != 0 for total in sums)


def test_generate_playthrough_runs_with_the_public_and_private_observers() -> None:
    """It used to refuse: OpenSpiel asks for public-only and private-only observers."""
    playthrough = pytest.importorskip("open_spiel.python.algorithms.generate_playthrough")
    text = playthrough.playthrough("python_skat", action_sequence=None, seed=2)
    assert "PublicObservationString() = " in text and "Returns() = " in text


def test_public_and_private_observations_split_the_seats_view() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_skat")
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    private = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False,
            public_info=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    rng = np.random.RandomState(6)
    for until in (20, 36, 45, 60):
        state = _random_game(game, rng, until)
        seen = []
        for player in range(3):
            view = np.asarray(state.information_state_tensor(player), np.float32)
            public.set_from(state, player)
            private.set_from(state, player)
            seen.append(public.tensor.copy())
            both = public.tensor + private.tensor
            opened = slice(430, 462)  # an Ouvert declarer's cards: public, in his hand block too
            assert np.array_equal(np.delete(both, np.r_[opened]), np.delete(view, np.r_[opened]))
            assert np.array_equal(both[opened], np.maximum(both[opened], view[opened]))
            if state.inner.state is not None:
                hand = {c.index for c in state.inner.state.hand(player)}
                assert set(np.flatnonzero(public.dict["hand"]).tolist()).isdisjoint(hand)
        assert all(np.array_equal(seen[0], other) for other in seen)


def test_undo_action_takes_back_the_last_move_in_place() -> None:
    game = pyspiel.load_game("python_skat(rules=isko+kontra:on)")
    rng = np.random.RandomState(8)
    state = _random_game(game, rng, 50)
    before = (state.history(), state.information_state_string(1), state.serialize())
    for action in state.legal_actions()[:3]:
        player = state.current_player()
        state.apply_action(action)
        state.undo_action(player, action)
        assert state.history() == before[0] and state.move_number() == len(before[0])
        assert state.information_state_string(1) == before[1]
    assert state.serialize() == before[2]
    last = state.full_history()[-1]
    state.undo_action(last.player, last.action)
    assert state.history() == before[0][:-1]
    again = game.deserialize_state(state.serialize())
    assert again.history() == state.history() and str(again) == str(state)
    with pytest.raises(ValueError, match="last move"):
        state.undo_action(last.player, last.action)
    state.apply_action(last.action)
    assert state.history() == before[0]
