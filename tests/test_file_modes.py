"""Files that `skat` writes get the mode the umask gives (0644 under umask 022), as files
``open()`` creates do: the atomic writes (a temporary file renamed over the target) kept
:func:`tempfile.mkstemp`'s 0600, and a club's ``results.html`` copied to a web server was
refused (issue 31).  A file that exists keeps its own mode."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from skat.cli.main import main
from skat.core import Rules
from skat.series import Series
from skat.series.export import write_list
from skat.series.storage import atomic_path, atomic_write, save_series

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(params=[0o022, 0o027, 0o002], ids=["umask022", "umask027", "umask002"])
def umask(request: pytest.FixtureRequest) -> Iterator[int]:
    old = os.umask(request.param)
    try:
        yield request.param
    finally:
        os.umask(old)


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_an_atomic_write_of_a_new_file_follows_the_umask(tmp_path: Path, umask: int) -> None:
    for name, data in (("a.txt", "text"), ("b.bin", b"\x00bytes")):
        atomic_write(tmp_path / name, data)
        assert _mode(tmp_path / name) == 0o666 & ~umask
    with atomic_path(tmp_path / "c.ods", suffix=".ods") as tmp:
        tmp.write_bytes(b"sheet")
    assert _mode(tmp_path / "c.ods") == 0o666 & ~umask
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.bin", "c.ods"]


def test_an_atomic_write_over_a_file_keeps_its_mode(tmp_path: Path, umask: int) -> None:
    target = tmp_path / "secret.json"
    target.write_text("old")
    target.chmod(0o600)
    atomic_write(target, "new")
    assert target.read_text() == "new" and _mode(target) == 0o600


def test_a_saved_series_and_its_list_follow_the_umask(tmp_path: Path, umask: int) -> None:
    series = Series(["Anna", "Ben", "Cora"], Rules.parse("tournament"), seed=3, games=3)
    save_series(series, tmp_path / "friday.json")
    write_list(series, tmp_path / "list.html")
    assert _mode(tmp_path / "friday.json") == 0o666 & ~umask
    assert _mode(tmp_path / "list.html") == 0o666 & ~umask


def test_every_file_skat_tournament_writes_follows_the_umask(
    tmp_path: Path, umask: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["tournament", "new", "cup.json", "Cup", "--deals", "1"]) == 0
    names = ["--add", "Anna", "--add", "Ben", "--add", "Cora"]
    assert main(["tournament", "players", "cup.json", *names]) == 0
    written = ["cup.json"]
    seat = ["tournament", "seat", "cup.json", "--seed", "7", "--html", "tables.html"]
    if _have("reportlab"):
        seat += ["--pdf", "tables.pdf"]
        written.append("tables.pdf")
    assert main(seat) == 0
    written.append("tables.html")
    exports = ["r.csv", "r.html", "r.json"]
    exports += ["r.pdf"] if _have("reportlab") else []
    exports += ["r.ods"] if _have("odfdo") else []
    for out in exports:
        assert main(["tournament", "export", "cup.json", out]) == 0, capsys.readouterr().err
    for name in [*written, *exports]:
        assert _mode(tmp_path / name) == 0o666 & ~umask, name
    # no temporary file left behind (the tournament file's lock, ``.cup.json.lock``, stays)
    left = [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]
    assert not [n for n in left if not n.endswith(".lock")], left


def _have(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


# the temporary files of the sources: only storage's atomic_path may rename one over a file
# a user reads; the server's ODS download reads its scratch file back and removes it
_TEMPORARY = re.compile(r"mkstemp|NamedTemporaryFile")
_ALLOWED = {"src/skat/series/storage.py", "src/skat/server/tournament_web.py"}


def test_only_the_atomic_writer_renames_temporary_files_over_targets() -> None:
    found = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "src").rglob("*.py")
        if _TEMPORARY.search(path.read_text(encoding="utf-8"))
    }
    assert found <= _ALLOWED, found - _ALLOWED
