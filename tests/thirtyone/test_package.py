"""skat.thirtyone is its own small core (decision 0009): the standard library only, typed strictly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "skat" / "thirtyone"


def test_thirtyone_imports_only_the_standard_library_and_itself() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for path in PACKAGE.glob("*.py"):
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from") and not line.startswith(" "):
                module = words[1]
                ok = module.split(".")[0] in allowed or module.startswith("skat.thirtyone")
                assert ok, f"{path.name}: {line}"


def test_thirtyone_passes_mypy_strict() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", str(PACKAGE)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
