"""`skat play --lang de --help` and its usage errors in German; English stays the default."""

from __future__ import annotations

import subprocess
import sys

import pytest

from skat.cli.main import main

ENGLISH_HELP = (
    "usage:",
    "options:",
    "show this help message",
    "rules preset",
    "computer players",
    "reproduce a session",
    "games in the series",
    "card names and suits",
    "plain line mode",
    "save the series",
    "resume a saved series",
    "append every finished game",
    "show the review",
    "play a recorded deal",
    "keep the recorded moves",
    "the game with this record",
    "review without",
    "Play Skat in the terminal",
)


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    return capsys.readouterr().out


def test_play_help_is_german_with_lang_de(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(["play", "--lang", "de", "--help"], capsys)
    assert out.startswith("Aufruf: skat play [-h] [--rules REGELN]")
    assert "Skat im Terminal gegen zwei Computerspieler spielen." in out
    assert "Optionen:" in out and "diese Hilfe zeigen und beenden" in out
    assert "--save DATEI" in out and "Rückblick ohne die Doppeldummy-Analyse" in out
    left = [words for words in ENGLISH_HELP if words in out]
    assert left == []


def test_play_help_stays_english_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(["play", "--help"], capsys)
    assert all(words in out for words in ENGLISH_HELP)
    assert _help(["play", "--lang=de", "-h"], capsys).startswith("Aufruf: skat play")
    assert _help(["play", "--help"], capsys) == out  # the German words are not left behind


def test_play_usage_error_is_german_with_lang_de(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["play", "--lang", "de", "--deck", "tarot"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("Aufruf: skat play")
    assert err.splitlines()[-1] == (
        "skat play: Fehler: Argument --deck: ungültige Wahl: 'tarot' (möglich: 'french', 'german')"
    )


def test_the_skat_command_says_its_play_help_in_german() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "skat.cli.main", "play", "--lang", "de", "--games", "x"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines()[-1] == (
        "skat play: Fehler: Argument --games: ungültiger Wert (int): 'x'"
    )
