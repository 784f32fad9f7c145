"""`skat` without a subcommand prints the help and exits 0, however it is called: bare, after
``--``, with ``--lang``, with a German locale, as a process (issue 31: bare `skat` crashed in
:func:`skat.cli.main.help_lang`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from skat.cli.main import help_lang, main

SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.mark.parametrize(
    "argv",
    [[], ["--"], ["--lang", "en"], ["--lang=en"], ["--lang", "en", "--"]],
    ids=["bare", "dashdash", "lang-en", "lang=en", "lang-en-dashdash"],
)
def test_no_subcommand_prints_the_english_help(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: skat") and "COMMAND" in out and "play" in out


@pytest.mark.parametrize(
    ("argv", "env"),
    [
        ([], {"SKAT_LANG": "de"}),
        (["--"], {"SKAT_LANG": "de"}),
        (["--lang", "de"], {}),
        (["--lang=de"], {}),
        ([], {"SKAT_LANG": "", "LANG": "de_DE.UTF-8"}),
    ],
    ids=["skat-lang", "dashdash-skat-lang", "lang-de", "lang=de", "locale"],
)
def test_no_subcommand_prints_the_german_help(
    argv: list[str],
    env: dict[str, str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("SKAT_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "BEFEHL" in out and "Skat im Terminal" in out


@pytest.mark.parametrize("argv", [[], ["--"]])
def test_help_lang_of_no_words_is_the_environments(argv: list[str]) -> None:
    assert help_lang(argv, {}) == "en"
    assert help_lang(argv, {"LANG": "de_DE.UTF-8"}) == "de"


def test_dashdash_before_the_subcommand_only_ends_the_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``skat -- play ...`` is ``skat play ...``: the subcommand is not an option."""
    with pytest.raises(SystemExit) as done:
        main(["--", "play", "--help"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith("usage: skat play")


def test_an_unknown_subcommand_after_dashdash_is_a_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--", "nosuch"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "invalid choice: 'nosuch'" in err


@pytest.mark.parametrize("argv", [[], ["--"], ["--lang", "de"]])
def test_the_installed_command_without_a_subcommand_exits_0(argv: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC), "LANG": "de_DE.UTF-8", "SKAT_LANG": ""}
    done = subprocess.run(
        [sys.executable, "-m", "skat.cli.main", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(("usage: skat", "Aufruf: skat")) and not done.stderr
