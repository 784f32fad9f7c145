"""The import contracts of pyproject.toml (docs/decisions/0008-layers.md) are not toothless: an
import against the layers, or a package outside the standard library in the core, Scat or the
series (the ``standard_library_only`` contracts, skat_import_contracts.py), planted in a copy of
the package, breaks them, inside a function too; an allowed one does not.  That the real tree
keeps them is tests/test_quality.py's ``lint-imports`` run."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ._source import ROOT, SRC

LINT_IMPORTS = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"


def _lint_imports(src: Path, config: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", LINT_IMPORTS, "--config", str(config), "--no-cache"],
        cwd=src.parent,
        env={"PYTHONPATH": str(src), "PATH": ""},
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    ("module", "planted", "why"),
    [
        ("core/cards.py", "import skat.cli.main", "the core imports an application"),
        ("series/sheet.py", "import skat.records.iss", "siblings of one layer"),
        ("server/app.py", "import skat.cli.main", "the server imports the terminal"),
        ("thirtyone/cards.py", "import skat.core.cards", "Scat's island"),
        ("core/deal.py", "import numpy", "an outside package in the core"),
        ("core/deal.py", "import yaml", "a package nobody listed, in the core"),
        ("core/cards.py", "from requests import get", "a package nobody listed, from-import"),
        ("thirtyone/cards.py", "import numpy", "an outside package in Scat"),
        ("series/sheet.py", "import skat.variants", "the series import the core only"),
        ("series/sheet.py", "import psycopg", "an outside package in the series"),
        ("core/deal.py", "import decimal", "allowed"),
        ("series/sheet.py", "import skat.core.cards", "allowed"),
        ("cli/serve.py", "import skat.env", "allowed"),
        ("env/aec.py", "import skat.series.sheet", "allowed"),
    ],
)
def test_an_import_against_the_layers_breaks_the_contract(
    module: str, planted: str, why: str, tmp_path: Path
) -> None:
    src = tmp_path / "src"
    shutil.copytree(SRC / "skat", src / "skat", ignore=shutil.ignore_patterns("__pycache__"))
    target = src / "skat" / module
    target.write_text(
        target.read_text(encoding="utf-8") + f"\n\ndef _planted() -> None:\n    {planted}\n"
    )
    config = tmp_path / "pyproject.toml"
    shutil.copy(ROOT / "pyproject.toml", config)
    shutil.copy(ROOT / "skat_import_contracts.py", tmp_path)  # the contract type, from the cwd
    proc = _lint_imports(src, config)
    if why == "allowed":
        assert proc.returncode == 0, proc.stdout + proc.stderr
    else:
        assert proc.returncode != 0, f"{why}: {planted} in {module} kept the contracts"
        assert "BROKEN" in proc.stdout, proc.stdout + proc.stderr
