"""The documentation site: ``mkdocs build --strict`` passes, and its generated CLI reference
covers every subcommand and argument of ``skat``.

The build needs the ``docs`` extra; without it the build test is skipped, except in CI
(``CI=true``), where a missing generator is a failure.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shutil
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


def _all_parsers(
    prog: str, parser: argparse.ArgumentParser
) -> list[tuple[str, argparse.ArgumentParser]]:
    """``prog`` and every subcommand below it, at any depth (``skat tournament export``)."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += [(f"{prog} {name}", sub), *_all_parsers(f"{prog} {name}", sub)]
    return found


def test_cli_reference_lists_every_subcommand_and_argument() -> None:
    page = _script("cli_reference").markdown()
    parsers = _all_parsers("skat", build_parser())
    assert {"skat tournament new", "skat tournament export"} <= {name for name, _ in parsers}
    for name, parser in parsers:
        heading = re.search(rf"^#+ {re.escape(name)}\n(.*?)(?=^#+ skat |\Z)", page, re.M | re.S)
        assert heading, name
        section = heading.group(1)
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction) or action.help == argparse.SUPPRESS:
                continue
            for option in action.option_strings or [str(action.metavar or action.dest)]:
                assert f"`{option}`" in section, f"{name} {option}"


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


def _needs_mkdocs() -> None:
    if not _have_mkdocs() and os.environ.get("CI", "").lower() not in ("1", "true", "yes"):
        pytest.skip("mkdocs-material and mkdocstrings are not installed: pip install -e '.[docs]'")


def build_site(root: Path, site: Path) -> tuple[list[str], str]:
    """Build the site of the tree at ``root`` into ``site``: every warning and error MkDocs
    printed (empty when the build is clean) and its whole output.

    Not ``-q``: quiet mode hides the warnings ``--strict`` counts, and a build with a broken
    link then exits 0 (issue 31).  A non-zero exit without a warning line is a problem too.
    """
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=1800,  # a generous bound for a loaded machine: it takes seconds when idle
    )
    output = proc.stdout + proc.stderr
    problems = [
        line for line in output.splitlines() if line.startswith(("WARNING", "ERROR", "Traceback"))
    ]
    if proc.returncode != 0 and not problems:
        problems.append(f"mkdocs build exited {proc.returncode}")
    return problems, output


def test_site_builds_without_a_warning(tmp_path: Path) -> None:
    _needs_mkdocs()
    site = tmp_path / "site"
    problems, output = build_site(ROOT, site)
    assert problems == [], output
    cli = (site / "cli" / "index.html").read_text(encoding="utf-8")
    assert all(f"skat {name}" in cli for name in _subparsers())
    api = (site / "api" / "core" / "index.html").read_text(encoding="utf-8")
    assert 'id="skat.core.GameState"' in api


def _copy_of_the_site_sources(tmp_path: Path) -> Path:
    """The docs, mkdocs.yml and the hooks in ``tmp_path/tree``, the sources linked."""
    tree = tmp_path / "tree"
    tree.mkdir()
    shutil.copytree(DOCS, tree / "docs")
    shutil.copytree(ROOT / "scripts", tree / "scripts")
    shutil.copy(ROOT / "mkdocs.yml", tree / "mkdocs.yml")
    (tree / "src").symlink_to(ROOT / "src", target_is_directory=True)
    return tree


PLANTED = {
    "anchor": ("glossary.md", "[broken](#no-such-anchor-planted-by-a-test)"),
    "anchor-on-another-page": (
        "variants/schwimmen.md",
        "[broken](../thirtyone.md#no-such-anchor-planted-by-a-test)",
    ),
    "page": ("index.md", "[broken](no-such-page-planted-by-a-test.md)"),
}
"""One broken link of each kind, each on a page of its own, planted in one copy of the site."""


@pytest.fixture(scope="module")
def planted_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], str]:
    """The build check's answer for a copy of the site with every link of ``PLANTED`` in it:
    one build for all of them (MkDocs' ``--strict`` reports every warning before it fails)."""
    _needs_mkdocs()
    tmp_path = tmp_path_factory.mktemp("planted")
    tree = _copy_of_the_site_sources(tmp_path)
    for page, link in PLANTED.values():
        target = tree / "docs" / page
        target.write_text(target.read_text(encoding="utf-8") + f"\n{link}\n", encoding="utf-8")
    return build_site(tree, tmp_path / "site")


@pytest.mark.parametrize("kind", list(PLANTED))
def test_a_planted_broken_link_fails_the_build_check(
    planted_build: tuple[list[str], str], kind: str
) -> None:
    """The check above cannot pass a site with a broken link: each one planted in a copy is
    reported on its own page (a link of one kind missed fails its test, whatever the others
    do)."""
    problems, output = planted_build
    page, _ = PLANTED[kind]
    assert any(page in line and "planted-by-a-test" in line for line in problems), output
