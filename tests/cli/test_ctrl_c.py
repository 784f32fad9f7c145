"""Ctrl-C in any `skat` command is one line on stderr and exit status 130, never a traceback
(issue 31); the long commands say what they kept (tests/ai/test_selfplay_resume.py,
tests/ai/test_arena_resume.py)."""

from __future__ import annotations

import argparse

import pytest

from skat.cli import rules, solve
from skat.cli.main import main


@pytest.mark.parametrize(("module", "argv"), [(rules, ["rules"]), (solve, ["solve", "x"])])
@pytest.mark.parametrize(("lang", "word"), [("en", "interrupted"), ("de", "unterbrochen")])
def test_ctrl_c_in_a_command_is_one_line_and_exit_130(
    module: object,
    argv: list[str],
    lang: str,
    word: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    def interrupted(args: argparse.Namespace) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(module, "run", interrupted)
    assert main(["--lang", lang, *argv]) == 130
    captured = capsys.readouterr()
    assert captured.err == f"skat {argv[0]}: {word}\n" and captured.out == ""
