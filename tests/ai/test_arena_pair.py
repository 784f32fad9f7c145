"""``bench/arena_pair.py``: two arena runs of the same seed compared deal by deal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from skat.cli.main import main as skat

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "arena_pair.py"


def _arena(path: Path, agents: str, seed: int) -> None:
    argv = ["arena", "--agents", agents, "--deals", "3", "--seed", str(seed), "--jobs", "1"]
    assert skat([*argv, "--out", str(path)]) == 0


def _pair(old: Path, new: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), str(old), str(new)],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_run_against_itself_changes_nothing(tmp_path: Path) -> None:
    a = tmp_path / "a.jsonl"
    _arena(a, "heuristic,random", 3)
    proc = _pair(a, a)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].startswith("paired 3 deals: new - old +0.00 ± 0.00 TP/game")
    assert lines[0].endswith("same figure: 3 deals, same games: 3")
    assert "0 results turned" in lines[1] and "0 results turned" in lines[2]
    assert lines[3] == "declarer or contract changed: 0 games"


def test_another_agent_on_the_same_deals_is_paired(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _arena(a, "heuristic,random", 3)
    _arena(b, "random,random", 3)
    proc = _pair(a, b)
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.splitlines()[0]
    assert first.startswith("paired 3 deals: new - old ")
    assert not first.startswith("paired 3 deals: new - old +0.00 ± 0.00")


def test_runs_of_other_deals_are_refused_in_one_line(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _arena(a, "heuristic,random", 3)
    _arena(b, "heuristic,random", 4)
    proc = _pair(a, b)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == "arena_pair: the files are of different seeds: their deals differ\n"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n")
    proc = _pair(a, bad)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.endswith(f"arena_pair: {bad} holds no complete deal\n")
    bad.write_text("not json\n{}\n")
    proc = _pair(a, bad)
    assert proc.returncode == 2 and proc.stderr.startswith(f"arena_pair: {bad} line 1")
    assert proc.stderr.count("\n") == 1
