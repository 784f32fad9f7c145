"""``bench/solver_positions.py``: an arena's card decisions solved once, the heuristic scored on
them in every checkout."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from skat.ai.dds import Position, Solver
from skat.cli.main import main as skat
from skat.core import GameState
from skat.records.jsonrecord import load_json

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "solver_positions.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600
    )


def test_saved_positions_carry_the_solvers_values_and_score_every_one(tmp_path: Path) -> None:
    games, positions = tmp_path / "g.jsonl", tmp_path / "p.jsonl"
    argv = ["arena", "--agents", "heuristic,random", "--contract", "oracle", "--deals", "2"]
    assert skat([*argv, "--seed", "3", "--jobs", "1", "--out", str(games)]) == 0
    proc = _run("save", str(games), str(positions), "--every", "4")
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in positions.read_text().splitlines()]
    assert rows and {row["game"] for row in rows} <= {0, 4, 8}
    # the first position replayed: its values are the solver's for every legal card
    first = rows[0]
    record = json.loads(games.read_text().splitlines()[first["game"]])
    game = load_json(record, check_result=False).state
    assert isinstance(game, GameState)
    state = GameState(game.deal, game.rules)
    for ev in game.history[: first["event"]]:
        state.apply(ev.action, ev.seat)
    values = Solver().values(Position.from_state(state))
    assert {str(c): v for c, v in values.items()} == first["values"]
    proc = _run("score", str(games), str(positions), "--classes", "3")
    assert proc.returncode == 0, proc.stderr
    counted = sum(int(m) for m in re.findall(r"^\s*\w+\s+\w+\s+[\d-]+\s+(\d+)", proc.stdout, re.M))
    assert counted == len(rows)
    assert re.search(r"mean loss \d+\.\d{4}", proc.stdout)


def test_a_missing_or_foreign_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a game record\n")
    out = tmp_path / "positions.jsonl"
    for args in (
        ("score", str(tmp_path / "none.jsonl"), str(foreign)),
        ("save", str(foreign), str(out)),
    ):
        proc = _run(*args)
        assert proc.returncode == 2 and "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1
        assert proc.stderr.startswith("solver_positions: ")
    assert not out.exists() and not Path(f"{out}.part").exists()  # nothing half-written
