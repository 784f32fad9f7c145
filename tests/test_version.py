"""One version everywhere: ``pyproject.toml``, the installed metadata that ``skat --version``
prints, the source tree's fallback, a section of CHANGELOG.md, and a release tag at HEAD
(CONTRIBUTING.md, "Releases")."""

from __future__ import annotations

import importlib.metadata
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

import skat
from skat.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def test_skat_version_prints_the_installed_packages_version(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    try:
        installed = importlib.metadata.version("skat")
    except importlib.metadata.PackageNotFoundError:
        installed = skat._SOURCE_VERSION
    assert capsys.readouterr().out == f"skat {installed}\n"
    assert skat.__version__ == installed


def test_the_source_trees_version_is_pyprojects() -> None:
    assert skat._SOURCE_VERSION == VERSION


def test_the_changelog_has_the_version_and_an_unreleased_section() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "\n## Unreleased\n" in text
    assert f"\n## {VERSION} - " in text


def test_a_release_tag_at_head_names_the_version() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git clone")
    done = subprocess.run(
        ["git", "-C", str(ROOT), "tag", "--points-at", "HEAD", "--list", "v*"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    tags = done.stdout.split()
    assert all(tag == f"v{VERSION}" for tag in tags), (tags, VERSION)
