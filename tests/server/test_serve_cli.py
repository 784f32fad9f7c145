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
