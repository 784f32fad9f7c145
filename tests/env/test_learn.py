"""skat.env.learn: the batched Deep Monte-Carlo card-play learner (numpy only)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from skat.ai.arena import Options, make_agent, play_game, run_arena
from skat.ai.heuristic import HeuristicAgent
from skat.ai.random_agent import RandomAgent
from skat.core import GameState
from skat.core.actions import Action
from skat.core.state import View
from skat.env import BatchEnv
from skat.env.action_ids import action_id
from skat.env.fast import CardPlayBatch
from skat.env.learn import (
    CHECKPOINT_ENV,
    FEATURES,
    DmcAgent,
    DmcTrainer,
    Mlp,
    OracleStarts,
    choose_cards,
    features,
)


def test_features_are_the_seat_to_moves_cards_role_and_points_won() -> None:
    """Against the engine at every step of random games with heuristic contracts: the hand
    (renamed back), the declarer's seat relative to the seat to move, the card points each
    side took."""
    batch = BatchEnv(8, contract="heuristic", reward="seeger", seed=3)
    obs, mask, to_move = batch.reset()
    rng = np.random.default_rng(0)
    for _ in range(120):
        feats, perm = features(obs)
        assert feats.shape == (8, FEATURES)
        for i, state in enumerate(batch.states):
            seat = int(to_move[i])
            rel = [(seat + k) % 3 for k in range(3)]
            hand = {int(perm[i, j]) for j in np.flatnonzero(feats[i, :32])}
            assert hand == {c.index for c in state.hand(seat)}
            assert feats[i, 288 + rel.index(state.declarer)] == 1.0
            won = feats[i, 298:301] * 120
            ours = sum(won[k] for k in range(3) if rel[k] == state.declarer)
            theirs = sum(won[k] for k in range(3) if rel[k] != state.declarer)
            assert (round(ours), round(theirs)) == state.points()
        obs, mask, to_move, _, _ = batch.step((rng.random(mask.shape) * mask).argmax(axis=1))


def test_the_trump_suit_is_renamed_to_clubs_and_back() -> None:
    hearts = CardPlayBatch(4, contract="H", seed=1)
    obs, mask, _ = hearts.reset()
    _, perm = features(obs)
    assert perm[0, 8] == 24 and perm[0, 24] == 8  # H7 <-> C7
    assert perm[0, 15] == 15  # the jacks keep their names
    assert np.array_equal(perm[0][perm[0]], np.arange(32))
    cards, _, _ = choose_cards(Mlp.new(FEATURES, 32, 8, np.random.default_rng(0)), obs, mask)
    assert all(mask[i, c] for i, c in enumerate(cards))


def test_oracle_starts_replay_each_heuristic_start_repeat_times() -> None:
    batch = OracleStarts(6, repeat=3, seed=2)
    starts = [(s.deal, s.history) for s in batch.states]
    assert starts[0] == starts[1] == starts[2] and starts[3] == starts[4] == starts[5]
    assert starts[0][0] != starts[3][0]
    assert all(s.contract is not None and not s.tricks for s in batch.states)


def _play(trainer: DmcTrainer, steps: int) -> None:
    for _ in range(steps):
        trainer.step()


def test_dmc_self_play_fits_the_returns_of_its_games() -> None:
    """A few hundred steps: the loss of the later training rounds is below the first's."""
    sim = CardPlayBatch(64, contract="G", reward="seeger", seed=4)
    net = Mlp.new(FEATURES, 32, 64, np.random.default_rng(1))
    trainer = DmcTrainer(sim, net, train_every=1024, minibatch=256, lr=1e-3, seed=1)
    _play(trainer, 30)
    first = list(trainer._losses)
    _play(trainer, 420)
    assert trainer.games >= 800 and trainer.decisions == 450 * 64
    later = trainer._losses[-8:]
    assert first and np.mean(later) < np.mean(first[:4])


def test_dmc_against_fixed_opponents_learns_only_from_its_own_seat() -> None:
    sim = BatchEnv(8, contract="heuristic", reward="seeger", seed=5)
    net = Mlp.new(FEATURES, 32, 16, np.random.default_rng(2))
    trainer = DmcTrainer(sim, net, mode="fixed", opponent=RandomAgent, train_every=10**9)
    _play(trainer, 90)
    assert 0 < trainer.decisions < 90 * 8 / 2  # about a third of the decisions
    assert trainer.games >= 8
    with pytest.raises(ValueError, match="needs an opponent"):
        DmcTrainer(sim, net, mode="fixed")


def test_a_checkpoint_plays_in_the_arena_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    net = Mlp.new(FEATURES, 32, 16, np.random.default_rng(3))
    path = tmp_path / "dmc.npz"
    net.save(path, cpu_minutes=0.5, hidden=16)
    back, meta = Mlp.load(path)
    assert meta == {"cpu_minutes": 0.5, "hidden": 16}
    assert all(np.array_equal(back.params[k], v) for k, v in net.params.items())
    agent = DmcAgent(seed=1, checkpoint=path)
    state = play_game(GameState(seed=7), [agent, RandomAgent(1), RandomAgent(2)])
    assert state.is_over
    monkeypatch.setenv(CHECKPOINT_ENV, str(path))
    report = run_arena(
        ["skat.env.learn:dmc", "random"], deals=3, seed=2, options=Options(contract="oracle")
    )
    assert report.stats[0].seat_games > 0 and report.fallbacks == 0
    with pytest.raises(ValueError, match="no DMC checkpoint"):
        DmcAgent(checkpoint=tmp_path / "missing.npz")


def test_cloning_learns_to_rank_the_teachers_card_first() -> None:
    """The heuristic plays every card; after some rounds the network would have played the
    heuristic's card more often than at the start (random weights)."""
    sim = OracleStarts(32, repeat=2, seed=6)
    net = Mlp.new(FEATURES, 32, 64, np.random.default_rng(4))
    trainer = DmcTrainer(
        sim, net, teacher=HeuristicAgent(0), train_every=1024, minibatch=256, lr=2e-3, seed=3
    )
    _play(trainer, 40)
    first = trainer._agree[0] / trainer._agree[1]
    _play(trainer, 400)
    trainer._agree = [0, 0]
    _play(trainer, 60)
    assert trainer._agree[0] / trainer._agree[1] > first + 0.1


def test_the_teacher_plays_while_following_and_only_labels_in_dagger() -> None:
    """Following, every game is the heuristic's own: its cards are the ones played; in DAgger
    the network's cards are played and the heuristic's only stored as targets."""

    class Recording(HeuristicAgent):
        def __init__(self) -> None:
            super().__init__(0)
            self.named: list[int] = []

        def choose(self, view: View) -> Action:
            action = super().choose(view)
            self.named.append(action_id(action))
            return action

    sim = OracleStarts(4, repeat=1, seed=7)
    teacher = Recording()
    net = Mlp.new(FEATURES, 32, 16, np.random.default_rng(5))
    trainer = DmcTrainer(sim, net, teacher=teacher, train_every=10**9)
    played: list[int] = []
    step = sim.step

    def spy(actions: np.ndarray) -> object:
        played.extend(int(a) for a in actions)
        return step(actions)

    sim.step = spy  # type: ignore[method-assign]
    _play(trainer, 5)
    assert played == teacher.named
    targets = trainer._target[:, :5]
    assert (targets >= 0).all()
    trainer.follow, trainer.eps = False, 1.0  # DAgger with random legal cards
    played.clear()
    teacher.named.clear()
    _play(trainer, 30)
    assert played != teacher.named and len(played) == len(teacher.named)


def test_dagger_labels_a_share_of_the_decisions_from_the_sixth_trick() -> None:
    """``late_labels``: in DAgger the teacher labels every decision of the first five tricks
    and the given share of the later ones (the counted ending's dear labels); cloning, which
    plays the teacher's cards, asks it always."""

    def targets(late: float, follow: bool) -> np.ndarray:
        sim = OracleStarts(8, repeat=1, seed=11)
        net = Mlp.new(FEATURES, 32, 16, np.random.default_rng(5))
        trainer = DmcTrainer(
            sim, net, teacher=HeuristicAgent(0), follow=follow, late_labels=late, seed=3
        )
        trainer.train_every = 10**9
        _play(trainer, 30)
        done = np.concatenate([part[4] for part in trainer._done])
        return done.reshape(-1, 30)  # self-play: a game's 30 cards, in order

    none = targets(0.0, follow=False)
    assert len(none) >= 8 and (none[:, :15] >= 0).all() and (none[:, 15:] == -1).all()
    half = targets(0.5, follow=False)
    assert (half[:, :15] >= 0).all() and 0.25 < (half[:, 15:] >= 0).mean() < 0.75
    assert (targets(0.0, follow=True) >= 0).all()
    with pytest.raises(ValueError, match="late_labels"):
        DmcTrainer(
            OracleStarts(2, seed=1),
            Mlp.new(FEATURES, 32, 8, np.random.default_rng(1)),
            late_labels=1.5,
        )


def test_bookkeeping_gives_every_decision_its_seats_final_reward() -> None:
    """The arrays of pending decisions: each finished game's decisions reach the buffer once,
    with the reward its own seat was paid (self-play, all three seats)."""
    sim = CardPlayBatch(8, contract="G", reward="seeger", seed=8)
    net = Mlp.new(FEATURES, 32, 16, np.random.default_rng(6))
    trainer = DmcTrainer(sim, net, train_every=10**9)
    paid_by_game: list[np.ndarray] = []
    step = sim.step

    def spy(actions: np.ndarray) -> object:
        out = step(actions)
        paid_by_game.extend(out[3][out[4]] / 100.0)
        return out

    sim.step = spy  # type: ignore[method-assign]
    _play(trainer, 95)
    assert trainer.games == len(paid_by_game) >= 16
    x, _, y, _, target = (np.concatenate(p) for p in zip(*trainer._done, strict=True))
    assert len(x) == 30 * trainer.games and (target == -1).all()
    want = np.concatenate([np.repeat(row, 10) for row in paid_by_game])  # seats 0, 1, 2 ...
    assert sorted(np.round(y, 4)) == sorted(np.round(want, 4))


def test_a_checkpoint_plays_in_the_arena_as_dmc_path(tmp_path: Path) -> None:
    path = tmp_path / "my net.npz"
    Mlp.new(FEATURES, 32, 16, np.random.default_rng(7)).save(path)
    report = run_arena(
        [f"dmc:{path}", "random"], deals=2, seed=3, options=Options(contract="oracle")
    )
    assert report.stats[0].seat_games > 0 and report.fallbacks == 0
    with pytest.raises(ValueError, match=r"no DMC checkpoint at .*missing\.npz"):
        run_arena([f"dmc:{tmp_path}/missing.npz", "random"], deals=1)
    with pytest.raises(ValueError, match="needs the checkpoint's path"):
        make_agent("dmc:", 0)
