"""The whole-game batch against the engine: random games of the batch replayed in
:class:`~skat.core.state.GameState` give the same seat to move, observation, mask and reward at
every step (auction, skat, discard, declaration, card play, score)."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from skat.core.bidding import BID_VALUES
from skat.core.contracts import Contract
from skat.core.declarations import possible_declarations
from skat.core.rules import Rules
from skat.core.scoring import score
from skat.core.state import GameState
from skat.env.action_ids import DECLARE_IDS, action_id, action_of, legal_ids
from skat.env.batch_score import pay, scores
from skat.env.game_batch import GameBatch
from skat.env.reach import declarable
from skat.env.rewards import REWARDS, rewards
from skat.env.tracker import ObservationTracker


def _replay(batch: GameBatch, games: int, seed: int, passing: float) -> Counter[str]:
    """Play ``games`` random games in the batch and the engine side by side, comparing every
    step; passing is ``passing`` times as likely as another call.  Returns how the games ended
    (contract codes, ``passed in``)."""
    obs, mask, to_move = batch.reset(seed=seed)
    states = [GameState(batch.deal_of(i), batch.rules) for i in range(batch.n)]
    trackers = [ObservationTracker(s) for s in states]
    rng = np.random.default_rng(seed)
    ends: Counter[str] = Counter()
    while sum(ends.values()) < games:
        for i, state in enumerate(states):
            assert to_move[i] == state.to_move
            assert np.flatnonzero(mask[i]).tolist() == sorted(legal_ids(state))
            assert np.array_equal(obs[i], trackers[i].observe(state.to_move))
        weights = rng.random(mask.shape) * mask
        weights[:, 96] *= passing
        actions = weights.argmax(axis=1)
        obs, mask, to_move, paid, done = batch.step(actions)
        for i, state in enumerate(states):
            state.apply(action_of(int(actions[i])))
            assert state.is_over == bool(done[i])
            if done[i]:
                assert state.result is not None
                assert paid[i].tolist() == pytest.approx(rewards(state.result, batch.reward))
                c = state.result.contract
                ends[c.code if c is not None else "passed in"] += 1
                states[i] = GameState(batch.deal_of(i), batch.rules)
                trackers[i] = ObservationTracker(states[i])
            else:
                assert not paid[i].any()
    return ends


@pytest.mark.parametrize(
    ("rules", "reward", "seed", "passing"),
    [
        ("isko", "list", 1, 2.0),
        ("isko", "seeger", 2, 0.1),
        ("iss", "list_zero_sum", 3, 1.0),
        ("isko,lost_hand_single=on", "points", 4, 0.1),
        ("danish", "seeger_zero_sum", 5, 0.1),  # no jump bids
    ],
)
def test_game_batch_random_games_replay_in_the_engine_step_by_step(
    rules: str, reward: str, seed: int, passing: float
) -> None:
    ends = _replay(GameBatch(16, rules=rules, reward=reward), 200, seed, passing)
    assert sum(ends.values()) >= 200
    if passing > 1:  # games passed in too
        assert ends["passed in"] > 5
    else:  # declarations of every kind were played
        assert len(ends) > 8
        assert any(code.endswith("O") for code in ends)
        assert any(code.startswith("N") for code in ends)
        assert any(len(code) > 1 and code[1] == "H" for code in ends)


def test_game_batch_passed_in_games_pay_nothing() -> None:
    batch = GameBatch(4, seed=9)
    _, mask, _ = batch.reset()
    for _ in range(3):
        assert mask[:, 96].all()
        _, mask, to_move, paid, done = batch.step([96] * 4)
    assert done.all() and not paid.any() and to_move.tolist() == [1] * 4


def test_game_batch_refuses_what_it_does_not_play() -> None:
    with pytest.raises(ValueError, match="GameBatch plays no kontra, ramsch"):
        GameBatch(2, rules="pub")
    with pytest.raises(ValueError, match="at least one game"):
        GameBatch(0)
    batch = GameBatch(2, seed=1)
    with pytest.raises(ValueError, match=r"game 1: action 95 \(hold\) is not legal now"):
        batch.step([96, 95])
    with pytest.raises(ValueError, match="one action per game: 2 needed, got 1"):
        batch.step([96])
    with pytest.raises(ValueError, match="one action per game: 2 needed, got 1"):
        batch.step(96)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"game 0: action 644 \(no action\) is not legal now"):
        batch.step([644, 96])
    with pytest.raises(ValueError, match=r"GameBatch plays no grand_ouvert_base=36 \(the old"):
        GameBatch(2, rules="old")


def test_game_batch_is_reproducible_by_seed() -> None:
    def run(seed: int) -> list[float]:
        batch = GameBatch(3, seed=seed)
        _, mask, _ = batch.reset()
        rng = np.random.default_rng(0)
        out = []
        for _ in range(100):
            _, mask, _, paid, _ = batch.step((rng.random(mask.shape) * mask).argmax(axis=1))
            out.extend(paid.ravel().tolist())
        return out

    assert run(4) == run(4)
    assert run(4) != run(5)


@pytest.mark.parametrize("hand", [True, False])
def test_declarable_is_the_engines_possible_declarations(hand: bool) -> None:
    rng = random.Random(7)
    cards, bids, expected = [], [], []
    for _ in range(3000):
        mask = sum(1 << i for i in rng.sample(range(32), 10 if hand else 12))
        bid = rng.choice(BID_VALUES)
        cards.append(mask)
        bids.append(bid)
        expected.append(sorted(action_id(a) for a in possible_declarations(mask, hand, bid)))
    rows = declarable(np.array(cards), np.array(bids), hand)
    got = [(np.flatnonzero(row) + DECLARE_IDS.start).tolist() for row in rows]
    assert got == expected


@pytest.mark.parametrize("rules", ["isko", "isko,lost_hand_single=on"])
def test_batch_scores_and_pay_are_the_engines_score_and_rewards(rules: str) -> None:
    rng = random.Random(rules)
    the_rules = Rules.parse(rules)
    contracts = Contract.all()
    rows = []
    for _ in range(4000):
        c = rng.randrange(len(contracts))
        cards = sum(1 << i for i in rng.sample(range(32), 12))
        tricks = rng.randrange(11)
        points = rng.randrange(121) if 0 < tricks < 10 else (120 if tricks == 10 else 0)
        if rng.random() < 0.3:  # ended early (a Null's trick, a trick against Schwarz)
            defender_tricks = rng.randrange(1, 11 - tricks) if tricks < 10 else 0
        else:
            defender_tricks = 10 - tricks
        rows.append((c, rng.choice(BID_VALUES), cards, points, tricks, defender_tricks))
    cols = [np.array(col) for col in zip(*rows, strict=True)]
    won, score_ = scores(*cols, rules=the_rules)
    declarers = np.array([rng.randrange(3) for _ in rows])
    for reward in REWARDS:
        paid = pay(reward, declarers, won, score_, cols[3])
        for i, (c, bid, cards, points, tricks, dt) in enumerate(rows):
            result = score(
                contracts[c],
                bid=bid,
                cards=cards,
                points=points,
                tricks=tricks,
                defender_tricks=dt,
                declarer=int(declarers[i]),
                rules=the_rules,
            )
            assert (bool(won[i]), int(score_[i])) == (result.won, result.score)
            assert paid[i].tolist() == pytest.approx(rewards(result, reward))
