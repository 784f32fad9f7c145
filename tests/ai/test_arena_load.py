"""The arena's figures do not depend on the machine's load or on the number of processes: the
computer players bound their work by counts (deals sampled, solver nodes), never by the clock,
and the arena sets no wall-clock limit unless asked to."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from skat.ai import _kernel
from skat.ai.arena import DEFAULT_BUDGET
from skat.ai.dds import Position, Solver
from skat.cli.main import main

TINY_LEVEL = '''
from skat.ai.pimc import Level, PimcAgent


def tiny(seed: int = 0) -> PimcAgent:
    """A PIMC player small enough for a test: 3 deals or 10,000 solver nodes a card."""
    return PimcAgent(Level(samples=3, nodes=10_000), seed=seed)
'''

BUSY_SECONDS = 120
"""The busy loops stop by themselves after this long (they are killed before, in any case)."""

BUSY_LOOP = (
    "import time\n"
    f"end = time.monotonic() + {BUSY_SECONDS}\n"
    "while time.monotonic() < end:\n"
    "    sum(range(1000))\n"
)


GRAND = "G decl=0 hands=CJ.SJ.CA.CT.C9.SA.S7/HJ.DJ.C8.HA.HT.H9.S8/C7.ST.SK.DA.DT.D9.HK"

NODES_WITHOUT_NUMBA = f"""
from skat.ai import _kernel
from skat.ai.dds import Position, Solver
solver = Solver()
solver.solve(Position.parse({GRAND!r}))
print(_kernel.USE_NUMBA, solver.nodes)
"""


def arena_last_line(capsys: pytest.CaptureFixture[str], jobs: int) -> str:
    argv = ["arena", "--agents", "tiny_level:tiny,heuristic", "--deals", "2", "--seed", "5"]
    assert main([*argv, "--jobs", str(jobs)]) == 0
    return capsys.readouterr().out.splitlines()[-1]


def test_the_arena_sets_no_wall_clock_limit_by_default() -> None:
    assert DEFAULT_BUDGET is None


@pytest.mark.skipif(not _kernel.USE_NUMBA, reason="numba not installed: one kernel only")
def test_node_counts_do_not_depend_on_the_solver_kernel() -> None:
    """The levels stop sampling after a number of solver nodes, so the compiled and the pure
    Python kernel must count the same nodes (same transposition table size)."""
    solver = Solver()
    solver.solve(Position.parse(GRAND))
    proc = subprocess.run(
        [sys.executable, "-c", NODES_WITHOUT_NUMBA],
        env={**os.environ, "SKAT_NO_NUMBA": "1"},
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    assert proc.stdout.split() == ["False", str(solver.nodes)]


def test_same_diff_line_on_a_busy_machine_and_with_any_jobs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "tiny_level.py").write_text(TINY_LEVEL, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))  # the worker processes inherit it
    quiet = arena_last_line(capsys, jobs=1)
    busy = [subprocess.Popen([sys.executable, "-c", BUSY_LOOP]) for _ in range(os.cpu_count() or 1)]
    try:
        loaded = arena_last_line(capsys, jobs=2)
    finally:
        for proc in busy:
            proc.kill()
        for proc in busy:
            proc.wait()
    assert quiet.startswith("diff: ") and quiet.endswith("deals: 2"), quiet  # no fallbacks
    assert loaded == quiet
