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


def test_only_null_plays_the_null_deals_and_counts_their_holes(tmp_path: Path) -> None:
    """``--only null`` plays just the deals whose contract is a Null, each the same game as in
    a run of every deal, with the declarer's dangerous cards and holed suits; ``--deal-list``
    plays the deals listed, a passed one as a line of its own."""
    every, nulls = tmp_path / "all.jsonl", tmp_path / "nulls.jsonl"
    args = ["--declarer", "heuristic", "--defenders", "random", "--seed", "99"]
    proc = _run(*args, "--deals", "160", "--only", "null", "--out", str(nulls))
    assert proc.returncode == 0, proc.stderr
    games = [json.loads(line) for line in nulls.read_text().splitlines()]
    assert games and all(g["kind"] == "null" and g["contract"].startswith("N") for g in games)
    assert all(0 <= g["holes"] <= 4 and g["risk"] >= 0 for g in games)
    assert "Null by dangerous cards and suits with a hole" in proc.stdout
    listed = tmp_path / "deals.txt"
    first = games[0]["deal"]
    passed_or_not = [d for d in range(first) if d not in {g["deal"] for g in games}][:3]
    listed.write_text(" ".join(str(d) for d in [first, *passed_or_not]))
    proc = _run(*args, "--deal-list", str(listed), "--out", str(every))
    assert proc.returncode == 0, proc.stderr
    lines = {g["deal"]: g for g in map(json.loads, every.read_text().splitlines())}
    assert set(lines) == {first, *passed_or_not}
    assert {k: lines[first][k] for k in games[0]} == games[0]
    assert all(lines[d]["kind"] != "null" for d in passed_or_not)
    assert all(g["seeger"] == 0 for g in lines.values() if g["kind"] == "passed")
    paired = _run(*args, "--deal-list", str(listed), "--pair", str(every))
    assert f"Seeger points on {len(lines)} deals" in paired.stdout


def test_a_bad_deal_list_is_one_line_and_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "deals.txt"
    bad.write_text("3 x")
    proc = _run("--declarer", "heuristic", "--defenders", "random", "--deal-list", str(bad))
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "deal numbers" in proc.stderr
