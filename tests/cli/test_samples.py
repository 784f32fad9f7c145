"""`skat samples`: its help, and a one-line error (exit status 2) for every bad option."""

from __future__ import annotations

from pathlib import Path

import pytest

from skat.cli.main import main

REAL = Path(__file__).resolve().parent.parent / "data" / "iss" / "real.sgf"


def test_samples_has_help_with_the_schema_pointer(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["samples", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: skat samples") and "--reward" in out and "docs/env.md" in out


def test_samples_writes_the_npz_and_counts_the_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    np = pytest.importorskip("numpy")
    out = tmp_path / "s.npz"
    assert main(["samples", str(REAL), "--out", str(out), "--reward", "seeger"]) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith(f"{out}: ") and "of 59 games (59 records: 0 duplicate" in line
    with np.load(out) as data:
        assert data["observation"].shape[1] == 2083 and len(data["action"]) > 1000


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["missing.sgf", "--out", "x.npz"], "skat samples: error: no such file: missing.sgf"),
        ([str(REAL), "--out", "x.csv"], "skat samples: error: --out must name a .npz file"),
        ([str(REAL), "--out", "x.npz", "--reward", "euros"], "skat samples: error: unknown reward"),
    ],
)
def test_a_bad_option_is_one_line(
    argv: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["samples", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1
    assert not (tmp_path / "x.npz").exists()


def test_an_existing_file_is_kept_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "old.npz"
    out.write_bytes(b"keep me")
    assert main(["samples", str(REAL), "--out", str(out)]) == 2
    assert capsys.readouterr().err == f"skat samples: error: {out} exists (--force overwrites it)\n"
    assert out.read_bytes() == b"keep me"


def test_a_missing_out_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["samples", str(REAL)])
    assert done.value.code == 2
    assert "the following arguments are required: --out" in capsys.readouterr().err
