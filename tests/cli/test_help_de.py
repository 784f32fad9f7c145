"""`skat --help` and every subcommand's help and usage errors in German when the user asks for
it (``skat --lang de``, ``SKAT_LANG=de`` or a German locale); English stays the default."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from skat.cli.argwords import argparse_words
from skat.cli.main import build_parser, main
from skat.core.language import say


def _parsers(parser: argparse.ArgumentParser, path: str = "") -> Iterator[tuple[str, Any]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, f"{path} {name}".strip())


def _helps(parser: argparse.ArgumentParser) -> list[str]:
    """Every help text the parser shows: its options' and its subcommands' lines."""
    out = [a.help for a in parser._actions if a.help and a.help != argparse.SUPPRESS]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            out += [c.help for c in action._choices_actions if c.help]
    return out


def _built(lang: str) -> dict[str, argparse.ArgumentParser]:
    with argparse_words(lang):
        return dict(_parsers(build_parser(lang)))


ENGLISH = _built("en")
GERMAN = _built("de")


@pytest.mark.parametrize("path", sorted(ENGLISH))
def test_every_help_string_is_german(path: str) -> None:
    """No English help string of this (sub)command is left in its German help."""
    with argparse_words("de"):
        shown = GERMAN[path].format_help()
    english = _helps(ENGLISH[path])
    assert english, path
    german = set(_helps(GERMAN[path]))
    left = [h for h in english if h in shown or h in german]
    assert left == []
    assert shown.startswith("Aufruf: ")
    description = ENGLISH[path].description
    if description:
        first = description.strip().splitlines()[0]
        assert first not in shown  # the description is German too


def test_every_subcommand_is_covered() -> None:
    assert set(GERMAN) == set(ENGLISH)
    assert {"", "play", "value", "tournament", "tournament seat", "verify"} <= set(ENGLISH)


def _run(argv: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    keep = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH")}
    return subprocess.run(
        [sys.executable, "-m", "skat.cli.main", *argv],
        capture_output=True,
        text=True,
        env={**keep, **env},
        check=False,
    )


@pytest.mark.parametrize(
    ("argv", "env"),
    [
        (["--lang", "de", "--help"], {}),
        (["--help"], {"SKAT_LANG": "de"}),
        (["--help"], {"LANG": "de_DE.UTF-8"}),
        (["--help"], {"LANGUAGE": "de:en", "LANG": "en_US.UTF-8"}),
        (["--lang", "de", "tournament", "seat", "--help"], {}),
    ],
)
def test_the_help_is_german_when_asked_for(argv: list[str], env: dict[str, str]) -> None:
    done = _run(argv, **env)
    assert done.returncode == 0
    assert done.stdout.startswith("Aufruf: skat")
    assert "Optionen:" in done.stdout and "show this help" not in done.stdout


@pytest.mark.parametrize(
    "env", [{}, {"LANG": "C.UTF-8"}, {"LANG": "de_DE.UTF-8", "SKAT_LANG": "en"}]
)
def test_the_help_stays_english_otherwise(env: dict[str, str]) -> None:
    done = _run(["--help"], **env)
    assert done.stdout.startswith("usage: skat")
    assert "play Skat in the terminal" in done.stdout


def test_usage_errors_are_german(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--lang", "de", "value", "--points", "viele"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "skat value: Fehler: Argument --points: ungültiger Wert (int): 'viele'" in err
    assert err.startswith("Aufruf: skat value")
    assert say("de", "help.iss.games") == "Spiele (1)"


def test_skat_lang_de_plays_in_german(tmp_path: object) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "skat.cli.main", "--lang", "de", "play", "--plain", "--seed", "5"],
        input="quit\nj\n",
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH")},
        check=False,
    )
    assert "Spiel 1 von 3" in done.stdout and "reize 18 oder mehr" in done.stdout
