"""The wheel works outside the repository: build it, install it into a fresh venv (no
dependencies: a player's ``pip install skat`` needs none) and run ``skat --help`` and
``skat value`` from an empty folder, so nothing of the checkout can be imported by accident.

About 30 s (building in an isolated environment fetches setuptools).  Without a package index
it skips, except in CI (``CI`` set), where that is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(
    cmd: list[str | Path], cwd: Path, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return subprocess.run(
        [str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    source = out / "source"  # a copy: the build writes build/ and *.egg-info beside the sources
    shutil.copytree(
        ROOT / "src", source / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source)
    proc = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", out, source], out)
    if proc.returncode != 0:
        message = f"cannot build the wheel: {proc.stderr.strip().splitlines()[-1:]}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    (built,) = out.glob("skat-*.whl")
    return built


def test_the_wheel_holds_the_package_and_its_data_only(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "skat/py.typed" in names and "skat/core/state.py" in names
    assert any(n.startswith("skat/server/static/") for n in names)
    assert "skat/server/static/tournament/tournament.js" in names
    assert "skat/server/static/table_panels.js" in names  # a script of the table page
    assert "skat/ai/data/belief.npz" in names  # the belief model's weights (skat.ai.belief)
    tops = {n.split("/")[0] for n in names}
    assert tops == {"skat", wheel.name.split("-py3")[0] + ".dist-info"}


def test_the_installed_wheel_runs_outside_the_repository(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    # a venv without pip of its own (ensurepip takes seconds): this pip installs into it
    assert _run([sys.executable, "-m", "venv", "--without-pip", venv], tmp_path).returncode == 0
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    install = [sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps"]
    proc = _run([*install, wheel], tmp_path)
    assert proc.returncode == 0, proc.stderr
    work = tmp_path / "empty"
    work.mkdir()

    where = _run([python, "-c", "import skat; print(skat.__file__)"], work)
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stdout + where.stderr

    skat = bin_dir / "skat"
    helped = _run([skat, "--help"], work)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: skat"), helped.stderr
    assert "value" in helped.stdout and "serve" in helped.stdout

    cards = ["--cards", "CJ SJ HA HT H7 S8 S9 D7 D8 D9", "--skat", "DT DA"]
    valued = _run([skat, "value", "CH", *cards, "--points", "75"], work)
    assert valued.returncode == 0, valued.stderr
    assert valued.stdout.splitlines() == [
        "Clubs Hand: with 2, game 3, hand 4, × Clubs 12 = 48",
        "list: +48 (won)",
    ]
    # no web extra installed: one clear line, exit 2
    served = _run([skat, "serve"], work)
    assert served.returncode == 2
    assert "skat serve needs the web extra: pip install 'skat[web]'" in served.stderr
    assert served.stderr.count("\n") == 1
