"""``bench/openspiel_skat.py`` without open_spiel: one line and a non-zero exit, no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "openspiel_skat.py"

# Hide pyspiel even where open_spiel is installed: the script must say what is missing.
WITHOUT_OPEN_SPIEL = (
    "import runpy, sys; sys.modules['pyspiel'] = None; sys.argv = [sys.argv[1], '--games', '1']; "
    "runpy.run_path(sys.argv[0], run_name='__main__')"
)


def test_the_openspiel_benchmark_says_in_one_line_that_open_spiel_is_missing() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", WITHOUT_OPEN_SPIEL, str(SCRIPT)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert (
        proc.stderr.startswith("openspiel_skat: needs open_spiel") and proc.stderr.count("\n") == 1
    )
