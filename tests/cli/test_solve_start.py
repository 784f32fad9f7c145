"""`skat solve` on a small position does not import numba (issue 31: the README's two-trick
example took 4 times as long with numba as without, all of it numba's start-up); a larger
position or a deal is solved with it."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skat.cli.main import main
from skat.cli.solve import PLAIN_TRICKS, tricks_left

SRC = Path(__file__).resolve().parents[2] / "src"
TWO_TRICKS = "G decl=0 hands=CJ.HA/HT.H7/HK.S7"  # the README's example


def _skat_solve(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    env.pop("SKAT_NO_NUMBA", None)
    return subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "skat.cli.main", "solve", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )


def _imported(stderr: str) -> set[str]:
    """The modules ``-X importtime`` reports."""
    return {
        line.rsplit("|", 1)[-1].strip()
        for line in stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def test_a_small_position_is_solved_without_importing_numba(
    capsys: pytest.CaptureFixture[str],
) -> None:
    done = _skat_solve(TWO_TRICKS)
    assert done.returncode == 0, done.stderr
    modules = _imported(done.stderr)
    assert "skat.ai._kernel" in modules and "numba" not in modules and "numpy" not in modules
    assert main(["solve", TWO_TRICKS]) == 0  # the same answer as the solver of this process
    assert done.stdout == capsys.readouterr().out


def test_a_larger_position_is_solved_with_numba_when_installed() -> None:
    pytest.importorskip("numba", reason="numba is not installed (skat[ai])")
    seven = "G decl=0 hands=CJ.SJ.HA.HT.HK.H8.H7/CA.CT.CK.CQ.C9.SA.ST/HJ.DJ.C8.C7.S8.S7.HQ"
    done = _skat_solve(seven)
    assert done.returncode == 0, done.stderr
    assert "numba" in _imported(done.stderr)


def test_solve_in_a_process_it_does_not_own_leaves_the_choice_alone(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``main([...])`` called by a program (the test suite) must not switch numba off for
    the rest of that program."""
    monkeypatch.delenv("SKAT_NO_NUMBA", raising=False)
    assert main(["solve", TWO_TRICKS]) == 0
    assert "SKAT_NO_NUMBA" not in os.environ


@pytest.mark.parametrize(
    ("position", "deal", "after", "tricks"),
    [
        (TWO_TRICKS, None, 0, 2),
        ("G decl=0 hands=-/-/-", None, 0, 0),
        ("G decl=0 hands=CJ.SJ.HA.HT.HK.H8/CA.CT.CK.CQ.C9.SA/HJ.DJ.C8.C7.S8.S7", None, 0, 6),
        ("G decl=0 hands=nonsense/-/-", None, 0, None),
        (None, "32 cards", 0, 10),
        (None, None, 0, 10),
        (None, None, 12, 6),
        (None, None, 14, 6),
    ],
)
def test_tricks_left_is_read_before_the_solver_is_imported(
    position: str | None, deal: str | None, after: int, tricks: int | None
) -> None:
    args = argparse.Namespace(position=position, deal=deal, record="r.sgf", after=after)
    assert tricks_left(args) == tricks
    assert PLAIN_TRICKS == 6
