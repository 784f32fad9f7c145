"""The layers (docs/decisions/0008-layers.md) hold, and the contract is not toothless: an import
against the order, planted in a copy of the package, breaks it (and one along it does not)."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ._source import ROOT, SRC, name, source_files

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
    proc = _lint_imports(src, config)
    if why == "allowed":
        assert proc.returncode == 0, proc.stdout + proc.stderr
    else:
        assert proc.returncode != 0, f"{why}: {planted} in {module} kept the contracts"
        assert "BROKEN" in proc.stdout, proc.stdout + proc.stderr


def _imported(path: Path) -> list[str]:
    """Every module an import statement in ``path`` names, inside functions too."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


@pytest.mark.parametrize("package", ["core", "thirtyone"])
def test_the_core_and_scat_import_only_the_standard_library(package: str) -> None:
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    own = f"skat.{package}"
    found = [
        f"{name(path)}: {module}"
        for path in source_files(".py")
        if path.is_relative_to(SRC / "skat" / package)
        for module in _imported(path)
        if module.split(".")[0] not in allowed
        and module != own
        and not module.startswith(own + ".")
    ]
    assert not found, "imports outside the standard library:\n" + "\n".join(found)
