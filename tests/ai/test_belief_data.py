"""``scripts/belief_data.py``: training rows from self-play and from game records agree."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("numpy")

from skat.ai.arena import agent_seed
from skat.ai.heuristic import HeuristicAgent
from skat.ai.selfplay import selfplay_deal
from skat.core.state import GameState
from skat.records.jsonrecord import dumps, state_to_json

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "belief_data.py"
ISS = ROOT / "tests" / "data" / "iss" / "real.sgf"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("belief_data", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _selfplay(seed: int, index: int) -> GameState:
    state = GameState(selfplay_deal(seed, index))
    agents = [HeuristicAgent(agent_seed(seed, index, 0, s)) for s in range(3)]
    while not state.is_over:
        state.apply(agents[state.to_move].choose(state.view(state.to_move)))
    return state


def test_a_recorded_game_gives_the_rows_of_its_self_play() -> None:
    data = _script()
    compared = 0
    for index in range(4):
        played = data.game_rows(1, index, 1.0)
        recorded = data.record_rows(_selfplay(1, index), index, 1.0)
        assert played[0] == recorded[0]  # the card masks of every view
        assert played[1] == recorded[1]  # the other features
        assert [list(x) for x in played[2]] == [list(x) for x in recorded[2]]  # the labels
        compared += len(played[0])
    assert compared > 20


def test_records_of_both_formats_make_training_rows(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    games.write_text("".join(dumps(state_to_json(_selfplay(2, i))) + "\n" for i in range(3)))
    out = tmp_path / "rows.npz"
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--records", str(ISS), str(games), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "from 62 games (0 records skipped)" in proc.stdout
    import numpy as np

    rows = np.load(out)
    assert rows["masks"].shape[0] == rows["label"].shape[0] == rows["game"].shape[0] > 100
    assert set(rows["game"].tolist()) <= set(range(62))


def test_a_file_without_games_is_a_one_line_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a record\n")
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--records", str(bad), "--out", str(tmp_path / "x.npz")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == (
        "belief_data: no card decision of a declared game in 0 games (1 records skipped)\n"
    )
    missing = tmp_path / "missing.sgf"
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--records", str(missing), "--out", str(tmp_path / "x.npz")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2 and proc.stderr.startswith("belief_data: ")
    assert proc.stderr.count("\n") == 1
