"""``bench/declarer_rates.py``: one agent declaring against two of another, the arena's games."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from skat.cli.main import main as skat

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "declarer_rates.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=600
    )


def test_each_game_is_the_arenas_game_of_that_declarer_against_two_defenders(
    tmp_path: Path,
) -> None:
    arena, mine = tmp_path / "a.jsonl", tmp_path / "d.jsonl"
    argv = ["arena", "--agents", "heuristic,random", "--contract", "oracle", "--deals", "5"]
    assert skat([*argv, "--seed", "3", "--jobs", "1", "--out", str(arena)]) == 0
    expected = {}
    for line in arena.read_text().splitlines():
        record = json.loads(line)
        players, result = record["meta"]["players"], record["result"]
        declarer = result.get("declarer")
        alone = declarer is not None and players.count(players[declarer]) == 1
        if alone and players[declarer] == "heuristic":
            expected[record["meta"]["arena"]["deal"]] = (result["won"], result["points"])
    args = ["--declarer", "heuristic", "--defenders", "random", "--deals", "5", "--seed", "3"]
    proc = _run(*args, "--out", str(mine))
    assert proc.returncode == 0, proc.stderr
    games = [json.loads(line) for line in mine.read_text().splitlines()]
    assert expected and {g["deal"]: (g["won"], g["points"]) for g in games} == expected
    won = sum(g["won"] for g in games)
    assert f"all    {won:>4}/{len(games):<6}" in proc.stdout
    paired = _run(*args, "--pair", str(mine))
    assert "0 / 0" in paired.stdout  # the same games: neither run won one the other lost


def test_an_unknown_agent_is_one_line_and_exit_2() -> None:
    proc = _run("--declarer", "heuristic", "--defenders", "nobody", "--deals", "2")
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "nobody" in proc.stderr
