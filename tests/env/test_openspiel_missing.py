"""Without OpenSpiel, ``import skat.env.openspiel`` says in one line which extra to install
(not a bare ModuleNotFoundError)."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("numpy", reason="skat.env needs the env extra")


def test_import_without_openspiel_names_the_extra() -> None:
    code = (
        "import sys\n"
        "sys.modules['pyspiel'] = None  # as if OpenSpiel were not installed\n"
        "try:\n"
        "    import skat.env.openspiel\n"
        "except ImportError as exc:\n"
        "    print(type(exc).__name__, exc)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    ).stdout.strip()
    assert out.startswith("ImportError skat.env.openspiel needs OpenSpiel")
    assert "[openspiel]" in out and "\n" not in out and "ModuleNotFoundError" not in out
