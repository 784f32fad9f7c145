"""The examples and the benchmark run (briefly) and print what they promise."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()


def test_the_random_agents_example_plays_games() -> None:
    lines = _run("examples/random_agents.py", "--games", "3", "--rules", "pub")
    assert [line.split(":")[0] for line in lines[:3]] == ["game 1", "game 2", "game 3"]
    assert re.fullmatch(r"totals: player_0 [-+]\d+, player_1 [-+]\d+, player_2 [-+]\d+", lines[-1])


def test_the_training_example_trains_and_evaluates() -> None:
    lines = _run("examples/train_linear.py", "--episodes", "40", "--block", "20")
    assert lines[0].startswith("episodes 1-20: mean reward")
    assert re.fullmatch(r"trained: [-+]\d+\.\d, random: [-+]\d+\.\d", lines[-1])


def test_the_card_play_example_trains_and_compares_with_random_and_pass_always() -> None:
    lines = _run(
        "examples/train_cardplay.py", "--minutes", "0.01", "--games", "6", "--report", "50"
    )
    assert lines[0].startswith("games 50: mean training return")
    names = [line.split()[0] for line in lines[-5:-2]]
    assert names == ["trained", "random", "pass-always"]
    assert re.fullmatch(r"  pass-always +\+0\.00 \+- 0\.00", lines[-3])
    last = r"trained - random: [-+]\d+\.\d\d \+- \d+\.\d\d list points a game \(95 % CI\)"
    assert re.fullmatch(last, lines[-1])


def test_the_environment_benchmark_prints_steps_per_second() -> None:
    for api in ("aec", "batch", "search", "games", "fast"):
        lines = _run("bench/env.py", "--steps", "2000", "--api", api)
        assert re.fullmatch(r"steps/s: [\d,]+", lines[-1])
    pytest.importorskip("pyspiel")
    lines = _run("bench/env.py", "--steps", "2000", "--api", "compare")
    assert re.fullmatch(r"games / openspiel: \d+\.\d", lines[-2])
    assert re.fullmatch(r"fast / openspiel: \d+\.\d", lines[-1])
