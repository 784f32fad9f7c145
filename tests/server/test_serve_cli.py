"""``skat serve``: bad options are one line and exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from skat.cli.main import main


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["serve", "--port", "0"], "--port must be 1 to 65535"),
        (["serve", "--computer-delay", "-1"], "--computer-delay must be >= 0"),
        (["serve", "--rate", "0"], "--rate must be > 0"),
        (["serve", "--tables-per-minute", "-1"], "--tables-per-minute must be >= 0"),
        (["serve", "--sockets-per-address", "-1"], "--sockets-per-address must be >= 0"),
        (["serve", "--database", "postgresql://nobody@127.0.0.1:1/x?connect_timeout=2"],
         "cannot connect to PostgreSQL"),
        (["serve", "--database", "postgres"], "--database takes a URL"),
        (["serve", "--robot-levels", "random,nope"], "--robot-levels: unknown level 'nope'"),
        (["serve", "--robot-tables", "-1"], "--robot-tables must be >= 0"),
        (["serve", "--robot-games", "0"], "--robot-games must be >= 1"),
        (["serve", "--agent-threads", "0"], "--agent-threads must be >= 1"),
    ],
)  # fmt: skip
def test_bad_serve_options_are_one_clear_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_data_folder_that_cannot_be_made_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["serve", "--data", str(blocker / "data")]) == 2
    assert "cannot create the data folder" in capsys.readouterr().err


def test_an_unknown_database_scheme_is_one_clear_line_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["serve", "--database", "mysql://x"]) == 2
    err = capsys.readouterr().err
    assert "unknown database URL scheme 'mysql://'" in err and err.count("\n") == 1
    assert "sqlite:///path, postgresql://" in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--data", "my.sqlite3"], "my.sqlite3"),
        (["--data", "club"], "club/skat.sqlite3"),
        (["--database", "sqlite:///other.db"], "other.db"),
    ],
)
def test_the_banner_names_the_file_the_server_really_writes(
    argv: list[str],
    expected: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import uvicorn

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    assert main(["serve", *argv]) == 0
    banner = capsys.readouterr().out
    assert f"(data: SQLite {expected};" in banner
    assert (tmp_path / expected).is_file()


def test_without_numba_serve_warns_once_that_the_web_extra_brings_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import uvicorn

    from skat.cli import speed

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(uvicorn, "run", lambda *args, **kwargs: None)
    monkeypatch.setattr(speed, "numba_missing", lambda: True)
    assert main(["serve"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "numba is not installed" in err
    assert err.rstrip().endswith("pip install 'skat[web]'")
