"""The examples and the benchmark run (briefly) and print what they promise."""

from __future__ import annotations

import importlib.util
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


def test_the_compare_benchmark_writes_its_table_into_the_marked_block(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    doc = tmp_path / "env.md"
    doc.write_text(
        "before\n<!-- bench/env.py --api compare: start -->\nold\n"
        "<!-- bench/env.py --api compare: end -->\nafter\n"
    )
    lines = _run(
        "bench/env.py",
        "--api",
        "compare",
        "--steps",
        "3000",
        "--rounds",
        "1",
        "--write-docs",
        str(doc),
    )
    assert lines[-1] == f"wrote the table into {doc}"
    text = doc.read_text()
    assert text.startswith("before\n<!-- bench/env.py --api compare: start -->\nMeasured ")
    assert text.endswith("<!-- bench/env.py --api compare: end -->\nafter\n")
    assert "old" not in text and "--steps 3000 --rounds 1" in text
    assert len(re.findall(r"^\| .* \|$", text, flags=re.M)) == 1 + 5  # header and rows


def test_the_docs_speed_table_is_the_benchmarks_output_and_agrees_with_itself() -> None:
    """docs/env.md's figures come from one run of ``bench/env.py --api compare``: the block is
    there, names its command and load, and each ratio is the quotient of the printed medians."""
    from skat.env import SIZE

    text = (ROOT / "docs" / "env.md").read_text()
    block = text.split("<!-- bench/env.py --api compare: start -->")[1]
    block = block.split("<!-- bench/env.py --api compare: end -->")[0]
    assert "`python bench/env.py --api compare --steps" in block and "load average" in block
    rows = [r for r in block.splitlines() if r.startswith("| ") and "---" not in r][1:]
    assert len(rows) == 5 and f"({SIZE} floats)" in rows[1]
    rates = [float(r.split(" | ")[2].replace(",", "")) for r in rows]
    for row, rate in zip(rows, rates, strict=True):
        ratio = float(row.split(" | ")[4].split()[0])
        assert ratio == pytest.approx(rate / rates[0], abs=0.006)
    assert re.search(r"\| (OpenSpiel|GameBatch).*\b2,031\b", text) is None


def test_the_dmc_example_clones_then_trains_evaluates_in_the_arena_and_plots(
    tmp_path: Path,
) -> None:
    """The three phases (the heuristic plays, the heuristic labels, DMC) in the order asked,
    an evaluation every --eval-every, the final arena lines and the curve's files."""
    checkpoint, curve = tmp_path / "dmc.npz", tmp_path / "curve"
    lines = _run(
        "examples/train_dmc.py",
        *("--minutes", "0.06", "--imitate", "0.02", "--dagger", "0.02"),
        *("--eval-every", "0.03", "--eval-deals", "2", "--final-deals", "2"),
        *("--games", "16", "--hidden", "32", "--report-every", "0.01"),
        *("--checkpoint", str(checkpoint), "--curve", str(curve)),
    )
    logged = [m.group(1) for line in lines if (m := re.match(r" *\d+\.\d CPU-min: (\w+),", line))]
    assert logged[0] == "imitate" and logged[-1] == "dmc" and "dagger" in logged
    assert logged == sorted(logged, key=["imitate", "dagger", "dmc"].index)
    assert re.search(r"agrees with heuristic \d+\.\d%", lines[0])
    assert sum(line.startswith("  eval vs random: diff: ") for line in lines) == 2
    assert any(re.match(r"whole loop: [\d,]+ learner decisions/s", line) for line in lines)
    assert lines[-2].startswith("vs random: diff: ") and "deals: " in lines[-2]
    assert lines[-1].startswith("vs heuristic: diff: ")
    assert checkpoint.exists() and curve.with_suffix(".svg").read_text().startswith("<svg")
    if importlib.util.find_spec("PIL") is not None:
        assert curve.with_suffix(".png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = curve.with_suffix(".csv").read_text().splitlines()
    assert rows[0] == "cpu_minutes,phase,games,decisions,loss,diff,ci95" and len(rows) > 3


def test_the_dmc_example_resumes_up_to_the_minutes_in_all_keeping_its_curve(
    tmp_path: Path,
) -> None:
    checkpoint, curve = tmp_path / "dmc.npz", tmp_path / "curve"
    common = ("--eval-every", "0.02", "--eval-deals", "2", "--final-deals", "0")
    common += ("--games", "16", "--hidden", "32", "--checkpoint", str(checkpoint))
    _run("examples/train_dmc.py", "--minutes", "0.02", *common, "--curve", str(curve))
    first = curve.with_suffix(".csv").read_text().splitlines()
    lines = _run(
        "examples/train_dmc.py", "--minutes", "0.04", "--resume", *common, "--curve", str(curve)
    )
    assert lines[0].startswith(f"resumed from {checkpoint} at 0.0 CPU-min")
    rows = curve.with_suffix(".csv").read_text().splitlines()
    assert rows[: len(first)] == first and len(rows) > len(first)
    evaluated = [float(r.split(",")[0]) for r in rows[1:] if r.split(",")[5]]
    assert len(evaluated) == 2 and evaluated[0] < evaluated[1] <= 0.045


def test_the_dmc_example_refuses_an_unknown_teacher_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "examples/train_dmc.py", "--teacher", "nosuch"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert (
        done.stderr.strip()
        .splitlines()[-1]
        .startswith("train_dmc.py: error: --teacher: unknown agent 'nosuch'")
    )


def test_the_dmc_example_learns_from_another_teacher(tmp_path: Path) -> None:
    """``--teacher random`` labels the cards: the log names it as the teacher."""
    checkpoint = tmp_path / "dmc.npz"
    lines = _run(
        "examples/train_dmc.py",
        *("--minutes", "0.02", "--imitate", "0.02", "--teacher", "random", "--final-deals", "0"),
        *("--games", "16", "--hidden", "32", "--checkpoint", str(checkpoint)),
    )
    assert re.search(r"agrees with random \d+\.\d%", lines[0])
