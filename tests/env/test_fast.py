"""The fast card-play batch against the engine: random games of the batch replayed in
:class:`~skat.core.state.GameState` give the same observation, mask and reward at every step."""

from __future__ import annotations

import numpy as np
import pytest

from skat.env.action_ids import action_of, legal_ids
from skat.env.fast import CardPlayBatch
from skat.env.rewards import rewards
from skat.env.tracker import ObservationTracker

CASES = [
    ("isko", "G", 0, "list"),
    ("isko", "C", 1, "seeger"),
    ("isko", "N", 2, "list"),
    ("isko,lost_hand_single=on", "DH", 1, "list"),
    ("isko", "H", 1, "points"),
    ("isko", "NH", 0, "list_zero_sum"),
    ("isko", "GH", 2, "points_zero_sum"),
]


@pytest.mark.parametrize(("rules", "contract", "declarer", "reward"), CASES)
def test_card_play_batch_games_replay_in_the_engine_step_by_step(
    rules: str, contract: str, declarer: int, reward: str
) -> None:
    batch = CardPlayBatch(6, contract=contract, declarer=declarer, rules=rules, reward=reward)
    obs, mask, to_move = batch.reset(seed=11)
    states = [batch.engine_state(i) for i in range(batch.n)]
    trackers = [ObservationTracker(s) for s in states]
    rng = np.random.default_rng(5)
    finished = 0
    while finished < 18:
        for i, state in enumerate(states):
            assert to_move[i] == state.to_move
            assert np.array_equal(obs[i], trackers[i].observe(state.to_move))
            assert np.flatnonzero(mask[i]).tolist() == sorted(legal_ids(state))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        obs, mask, to_move, paid, done = batch.step(actions)
        for i, state in enumerate(states):
            state.apply(action_of(int(actions[i])))
            assert state.is_over == bool(done[i])
            if done[i]:
                assert state.result is not None
                assert paid[i].tolist() == pytest.approx(rewards(state.result, reward))
                states[i] = batch.engine_state(i)
                trackers[i] = ObservationTracker(states[i])
                finished += 1
            else:
                assert not paid[i].any()


def test_card_play_batch_refuses_what_it_does_not_play() -> None:
    with pytest.raises(ValueError, match="no Ouvert or announced contract, not NO"):
        CardPlayBatch(2, contract="NO")
    with pytest.raises(ValueError, match="no Kontra, Spitze or open play"):
        CardPlayBatch(2, rules="isko,kontra=on")
    batch = CardPlayBatch(2, seed=1)
    _, mask, _ = batch.reset()
    illegal = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(ValueError, match=rf"game 1: action {illegal} \(.*\) is not legal now"):
        batch.step([int(np.flatnonzero(mask[0])[0]), illegal])


def test_card_play_batch_is_reproducible_by_seed() -> None:
    def run(seed: int) -> list[float]:
        batch = CardPlayBatch(3, contract="S", seed=seed)
        _, mask, _ = batch.reset()
        out = []
        for _ in range(40):
            _, mask, _, paid, _ = batch.step([int(np.flatnonzero(m)[-1]) for m in mask])
            out.extend(paid.ravel().tolist())
        return out

    assert run(4) == run(4)
    assert run(4) != run(5)
