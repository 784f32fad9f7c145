"""The documentation site: ``mkdocs build --strict`` passes, and its generated CLI reference
covers every subcommand and argument of ``skat``.

The build needs the ``docs`` extra; without it the build test is skipped, except in CI
(``CI=true``), where a missing generator is a failure.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from skat.cli.main import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("skat has no subcommands")


def _have_mkdocs() -> bool:
    return all(
        importlib.util.find_spec(name) is not None
        for name in ("mkdocs", "material", "mkdocstrings", "mkdocstrings_handlers.python")
    )


def test_cli_reference_lists_every_subcommand_and_argument() -> None:
    page = _script("cli_reference").markdown()
    for name, parser in _subparsers().items():
        assert f"## skat {name}\n" in page, name
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            for option in action.option_strings or [str(action.metavar or action.dest)]:
                assert f"`{option}`" in page, f"skat {name} {option}"


def test_api_docstring_examples_become_fenced_blocks() -> None:
    if importlib.util.find_spec("griffe") is None:
        pytest.skip("griffe (the docs extra) is not installed")
    convert = _script("griffe_docstrings").markdown_docstring
    text = "Cards :class:`~skat.core.CardSet`:\n\n>>> [1, 2]\n[1, 2]\n"
    assert convert(text) == "Cards `skat.core.CardSet`:\n\n```pycon\n>>> [1, 2]\n[1, 2]\n```"


def test_every_page_is_in_the_nav() -> None:
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in DOCS.rglob("*.md"):
        assert page.relative_to(DOCS).as_posix() in nav, page


def test_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    if not _have_mkdocs() and os.environ.get("CI", "").lower() not in ("1", "true", "yes"):
        pytest.skip("mkdocs-material and mkdocstrings are not installed: pip install -e '.[docs]'")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT / "src")}
    site = tmp_path / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    cli = (site / "cli" / "index.html").read_text(encoding="utf-8")
    assert all(f"skat {name}" in cli for name in _subparsers())
    api = (site / "api" / "core" / "index.html").read_text(encoding="utf-8")
    assert 'id="skat.core.GameState"' in api and "Traceback" not in proc.stderr
