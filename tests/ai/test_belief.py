"""The learned belief model (skat.ai.belief) and PIMC's learned inference."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from skat.ai.arena import make_agent, play_game
from skat.ai.belief import (
    FEATURES,
    BeliefModel,
    constraint_mask,
    features,
    labels,
    places_of,
    sample_learned,
)
from skat.ai.heuristic import HeuristicAgent
from skat.ai.pimc import PimcAgent
from skat.core.knowledge import Knowledge
from skat.core.state import GameState, Phase, View

ROOT = Path(__file__).resolve().parents[2]


def play_views(seeds: range, every: int = 3) -> list[tuple[View, GameState]]:
    """Card-play views of declared games (every ``every``-th decision) of heuristic games,
    each with a copy-free snapshot of the true deal (hands and skat masks)."""
    out = []
    for seed in seeds:
        state = GameState(seed=seed)
        agents = [HeuristicAgent(s) for s in range(3)]
        n = 0
        while not state.is_over:
            view = state.view(state.to_move)
            if view.phase == Phase.PLAY and view.contract is not None:
                n += 1
                if n % every == 0:
                    slots = (*(state.hand(s).mask for s in range(3)), state.skat.mask)
                    out.append((view, slots))
            state.apply(agents[state.to_move].choose(view))
    return out  # type: ignore[return-value]


VIEWS = play_views(range(300, 312))


def test_shipped_weights_load() -> None:
    model = BeliefModel.shipped()
    assert model.layers[0][0].shape[0] == FEATURES
    assert model.layers[-1][0].shape[1] == 96
    path = ROOT / "src" / "skat" / "ai" / "data" / "belief.npz"
    assert path.stat().st_size < 400_000


def test_load_rejects_other_weights(tmp_path: Path) -> None:
    bad = tmp_path / "bad.npz"
    np.savez(bad, w0=np.zeros((3, 96)), b0=np.zeros(96))
    with pytest.raises(ValueError, match="not a belief model"):
        BeliefModel.load(bad)


def test_probabilities_are_zero_where_the_constraints_exclude_a_card() -> None:
    model = BeliefModel.shipped()
    assert len(VIEWS) > 40
    for view, _ in VIEWS:
        know = Knowledge(view)
        probs = model.probabilities(view, know)
        for i in range(32):
            for slot in range(4):
                allowed = not know.known[slot] and know.hidden >> i & 1 and know.may[slot] >> i & 1
                if not allowed:
                    assert probs[i, slot] == 0


def test_probabilities_sum_to_one_per_hidden_card() -> None:
    model = BeliefModel.shipped()
    for view, _ in VIEWS:
        know = Knowledge(view)
        sums = model.probabilities(view, know).sum(axis=1)
        hidden = np.array([know.hidden >> i & 1 for i in range(32)], dtype=bool)
        assert np.allclose(sums[hidden], 1, atol=1e-5)
        assert np.all(sums[~hidden] == 0)


def test_features_and_labels_are_relative_to_the_seat() -> None:
    view, slots = VIEWS[0]
    know = Knowledge(view)
    x = features(view, know)
    assert x.shape == (FEATURES,)
    assert x[:32].sum() == len(view.hand)  # the own hand comes first
    y = labels(know, slots)
    mask = constraint_mask(know)
    for i in np.flatnonzero(y >= 0):
        assert mask[i, y[i]]  # the true place is always allowed
        assert slots[places_of(view.seat)[y[i]]] >> int(i) & 1


def test_sampled_worlds_satisfy_knowledge() -> None:
    rng = random.Random(5)
    for view, _ in VIEWS:
        know = Knowledge(view)
        for deal in sample_learned(view, 6, rng):
            assert know.consistent(deal)


def test_learned_model_beats_uniform_on_held_out_deals() -> None:
    """The shipped model places the hidden cards of games it was not trained on (heuristic
    games of GameState seeds, not self-play deals) better than uniform over the allowed places."""
    model = BeliefModel.shipped()
    learned = uniform = 0.0
    for view, slots in VIEWS:
        know = Knowledge(view)
        y = labels(know, slots)
        rows = np.flatnonzero(y >= 0)
        p = model.places(view, know)[rows, y[rows]]
        k = constraint_mask(know)[rows].sum(axis=1)
        learned += float(-np.log(p).sum())
        uniform += float(np.log(k).sum())
    assert learned < 0.97 * uniform


def test_pimc_learned_game_is_legal_end_to_end() -> None:
    agents = [PimcAgent("easy", seed=s, inference="learned") for s in range(3)]
    state = play_game(GameState(seed=11), agents)  # GameState.apply rejects illegal moves
    assert state.is_over and state.result is not None
    assert sum(a.decisions for a in agents) > 0


def test_pimc_learned_is_an_arena_agent() -> None:
    agent = make_agent("pimc-learned", 3)
    assert isinstance(agent, PimcAgent)
    assert agent.inference == "learned" and agent.level_name == "hard"


def test_pimc_learned_same_seed_same_moves() -> None:
    def moves() -> list[object]:
        agents = [PimcAgent("easy", seed=s, inference="learned") for s in range(3)]
        return list(play_game(GameState(seed=12), agents).history)

    assert moves() == moves()


def test_pimc_unknown_inference_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown inference 'magic'"):
        PimcAgent("easy", inference="magic")


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="needs the learn extra")
def test_training_script_tiny_run(tmp_path: Path) -> None:
    env = {"PYTHONPATH": str(ROOT / "src")}
    data, weights = tmp_path / "d.npz", tmp_path / "w.npz"
    run = [sys.executable, str(ROOT / "scripts" / "belief_data.py")]
    subprocess.run([*run, "--games", "20", "--out", str(data)], check=True, env=env)
    train = [sys.executable, str(ROOT / "scripts" / "train_belief.py")]
    args = ["--data", str(data), "--out", str(weights), "--epochs", "1", "--hidden", "16"]
    subprocess.run([*train, *args], check=True, env=env)
    assert BeliefModel.load(weights).layers[0][0].shape == (FEATURES, 16)
