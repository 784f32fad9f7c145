"""``skat replay``: summaries, --json, --check, stdin and compressed files, errors."""

from __future__ import annotations

import bz2
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from skat.cli.main import main
from skat.records.jsonrecord import load_json

from ._support import REAL, line

ROOT = Path(__file__).resolve().parent.parent.parent


def _skat() -> list[str]:
    exe = Path(sys.executable).parent / "skat"
    found = str(exe) if exe.exists() else shutil.which("skat")
    return [found] if found else [sys.executable, "-m", "skat.cli.main"]


def test_check_of_the_fixtures_agrees(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--check", str(REAL)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["checked: 59, agree: 59, differ: 0, skipped: 0"]


def test_check_by_subprocess_prints_the_counts_last() -> None:
    proc = subprocess.run(
        [*_skat(), "replay", "--check", "tests/data/iss/real.sgf"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "checked: 59, agree: 59, differ: 0, skipped: 0"
    assert proc.stderr == ""


def test_check_reports_differences_skips_and_exit_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = REAL.read_text(encoding="utf-8").splitlines()
    lines[1] = lines[1].replace("v:-96", "v:-48").replace("p:56", "p:55")  # ID 9
    lines.append("(;GM[Skat]ID[77]MV[w CJ")  # truncated
    lines.append(line("w " + "??." * 31 + "?? 1 p 2 p 0 p", "passed", id="78"))
    lines.append(line("1 18 0 y", "d:0 win", id="79"))  # stops early
    path = tmp_path / "games.sgf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["replay", "--check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "ID 9: v record -48 engine -96; p record 55 engine 56"
    assert out[1] == f'{path}:60: skipped: a record ends with ";)" (truncated line?)'
    assert out[2].startswith("ID 78: skipped: the deal hides cards")
    assert out[3].startswith("ID 79: the engine cannot replay it: the record ends before")
    assert out[-1] == "checked: 60, agree: 58, differ: 2, skipped: 2"


def test_replay_prints_one_summary_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(REAL)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 59
    assert out[0] == "ID 8: penalty: Rearhand (Ben) timed out during the auction"
    assert out[1] == (
        "ID 9: Rearhand (vaun) CH, bid 20: with 2, game 3, hand 4, × Clubs 12 = 48, "
        "lost 2 × 48 = −96"
    )
    assert "ID 756788: passed in" in out


def test_replay_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--lang", "de", str(REAL)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("ID 9: Hinterhand (vaun) CH, gereizt 20: mit 2, Spiel 3")


def test_json_writes_one_loadable_record_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--json", str(REAL)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 59
    games = [load_json(json.loads(x)) for x in out]
    assert games[0].meta["id"] == "8"


def test_bz2_from_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    data = bz2.compress(REAL.read_bytes())
    fake = io.TextIOWrapper(io.BytesIO(data))
    monkeypatch.setattr(sys, "stdin", fake)
    assert main(["replay", "--check", "-"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("checked: 59, agree: 59")


def test_bz2_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sgf.bz2"
    path.write_bytes(bz2.compress(REAL.read_bytes()))
    assert main(["replay", "--check", str(path), str(REAL)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "checked: 118, agree: 118, differ: 0, skipped: 0"
    )


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("missing.sgf", None, "No such file or directory"),
        ("bad.sgf.bz2", b"BZh91AY&SY" + b"\x00" * 50, "bad.sgf.bz2: "),
        ("cut.sgf.bz2", bz2.compress(REAL.read_bytes())[:3000], "cut.sgf.bz2: "),
    ],
)
def test_unreadable_files_give_one_line_and_exit_status_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    content: bytes | None,
    message: str,
) -> None:
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    assert main(["replay", "--check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("skat replay: error: ")
    assert message in err


def test_a_directory_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_junk_file_is_reported_line_by_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "junk.sgf"
    path.write_bytes(bytes(range(256)) * 20 + b"\n(;GM[Skat]MV[w x]R[passed];)\n")
    assert main(["replay", "--check", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1].startswith("checked: 1, agree: 0, differ: 1, skipped: ")


def test_replay_without_check_reports_problems_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.sgf"
    path.write_text(line("1 p 2 p 0 p", "passed") + "\n(;bad\n", encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == "ID 1: passed in\n"
    assert captured.err == f'{path}:2: skipped: a record ends with ";)" (truncated line?)\n'


def test_check_and_json_are_exclusive(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["replay", "--check", "--json", str(REAL)])
    assert info.value.code == 2
