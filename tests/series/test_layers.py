"""The layers (decision 0008): skat.series imports only the standard library, skat.core and itself."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SERIES = Path(__file__).resolve().parents[2] / "src" / "skat" / "series"


def test_series_imports_only_the_standard_library_and_skat_core() -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for path in sorted(SERIES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                ok = name.split(".")[0] in allowed or name.startswith(("skat.core", "skat.series"))
                assert ok, f"{path.name} imports {name}"
