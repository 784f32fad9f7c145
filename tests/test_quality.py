"""Project-wide checks: lint, types and the layer contract run as part of the test suite."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*cmd: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)


def _tool(name: str) -> str:
    exe = Path(sys.executable).parent / name
    found = str(exe) if exe.exists() else shutil.which(name)
    if not found:
        pytest.fail(f"{name} is not installed: pip install -e '.[dev]'")
    return found


def test_ruff_lint_is_clean() -> None:
    proc = _run(_tool("ruff"), "check", "src", "tests", "bench", "scripts", "examples")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format_is_clean() -> None:
    proc = _run(_tool("ruff"), "format", "--check", "src", "tests", "bench", "scripts", "examples")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_core_passes_mypy_strict() -> None:
    proc = _run(sys.executable, "-m", "mypy", "--strict", "src/skat/core")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_whole_package_passes_mypy() -> None:
    # pyproject's [tool.mypy]: every module type-checked, skat.core strictly
    proc = _run(sys.executable, "-m", "mypy")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_layers_follow_the_import_contract() -> None:
    # pyproject's [tool.importlinter]: the layers, and the core, Scat and the series import only
    # the standard library (tests/quality/test_layers.py shows each contract can break)
    proc = _run(_tool("lint-imports"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
