"""``skat play --variant strohmann|officers|tournee`` (issue 36): a series of each variant
played to the end in the plain line mode in English and German (piped input), the variant's
own table drawn as players see it, confirmations, bad input and quitting; and one game in a
pseudo-terminal."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .variantdriver import answer, play_variant_lines

END = {"en": "End of the series.", "de": "Ende der Serie."}
RESULT = {"en": "Result: ", "de": "Ergebnis: "}
LIST = {"en": "The list after game 2:", "de": "Die Liste nach Spiel 2:"}
CONFIRM = {
    "en": re.compile(r"^Declare .+\? \(y/n\) >$"),
    "de": re.compile(r"^.+ ansagen\? \(j/n\) >$"),
}
# what each variant draws of its own table, per language
OWN = {
    ("strohmann", "en"): (
        "Dummy (Middlehand): 10 cards face down",
        "Dummy (Middlehand), face up: ",
    ),
    ("strohmann", "de"): (
        "Strohmann (Mittelhand): 10 Karten verdeckt",
        "Strohmann (Mittelhand), offen: ",
    ),
    ("officers", "en"): ("Ann (dealer), rows:", "You (Forehand (declares)), rows:"),
    ("officers", "de"): ("Anna (Geber), Reihen:", "Du (Vorhand (spielt)), Reihen:"),
    ("tournee", "en"): ("  a) bid 10", "Turned up: "),
    ("tournee", "de"): ("  a) reize 10", "Aufgedeckt: "),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("variant", ["strohmann", "officers", "tournee"])
def test_plain_series_of_each_variant_to_the_end(variant: str, lang: str, tmp_path: Path) -> None:
    args = ["--variant", variant, "--plain", "--lang", lang, "--seed", "4", "--games", "2"]
    lines, status = play_variant_lines(args, tmp_path)
    assert status == 0
    assert lines[-1] == END[lang]
    assert sum(line.startswith(RESULT[lang]) for line in lines) == 2
    assert LIST[lang] in lines
    questions = [line for line in lines if line.endswith(" >")]
    assert questions and all("\x1b" not in line for line in lines)  # plain: no escape codes
    assert any(CONFIRM[lang].match(q) for q in questions), "a declaration is confirmed"
    # every choice by its letter: a list of "  a) ..." before each question but discards
    assert any(line.startswith("  a) ") for line in lines)
    for text in OWN[(variant, lang)]:
        assert any(line.startswith(text) for line in lines), text


def test_officers_rows_show_face_up_cards_on_face_down_ones(tmp_path: Path) -> None:
    lines, _ = play_variant_lines(
        ["--variant", "officers", "--plain", "--seed", "4", "--games", "1"], tmp_path
    )
    first = lines.index("Ann (dealer), rows:")
    # before the declaration: the dealer's rows are all face down, Forehand's first row up
    assert lines[first + 1].split() == ["##"] * 4
    you = lines.index("You (Forehand (declares)), rows:")
    assert all(p.endswith("*") for p in lines[you + 1].split())
    # after it: every face-up card of both layouts shows, each on a face-down card
    later = lines.index("Ann (dealer), rows:", you)
    assert all(p.endswith("*") for p in lines[later + 1].split() + lines[later + 2].split())


@pytest.mark.parametrize("lang", ["en", "de"])
def test_strohmann_defender_plays_the_dummys_cards(lang: str, tmp_path: Path) -> None:
    """You pass: the computer declares, the dummy turns face up, and you play both defender
    hands, yours and the dummy's."""
    words = {
        "en": ("pass", "Play a card of the dummy's >", r"^You play the dummy's \S+$"),
        "de": ("passe", "Spiel eine Karte des Strohmanns >", r"^Du spielst \S+ des Strohmanns$"),
    }[lang]
    passed_in = {"en": "Result: passed in", "de": "Ergebnis: eingepasst"}[lang]
    for seed in range(1, 21):  # the first deal the computer declares (its bidding may change)
        lines, _ = play_variant_lines(
            [
                "--variant",
                "strohmann",
                "--plain",
                "--lang",
                lang,
                "--seed",
                str(seed),
                "--games",
                "1",
            ],
            tmp_path,
            prefer=words[0],
        )
        if passed_in not in lines:
            break
    assert passed_in not in lines, "the computer declared no game in 20 deals"
    assert words[1] in lines
    assert any(re.match(words[2], line) for line in lines)
    assert sum(line.startswith(RESULT[lang]) for line in lines) == 1


def _run(args: list[str], script: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "skat.cli.main", "play", *args],
        input=script,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=str(cwd),
        timeout=300,
    )


def test_bad_input_help_a_higher_bid_and_quit_asked_once(tmp_path: Path) -> None:
    proc = _run(
        ["--variant", "tournee", "--plain", "--seed", "4"],
        "zz\nhelp\n21\nquit\nn\nquit\ny\n",
        tmp_path,
    )
    out = proc.stdout.splitlines()
    assert proc.returncode == 0 and not proc.stderr
    assert "Not a choice: 'zz' (type a letter from the list, or help)" in out
    assert any(line.startswith("Type the letter of a choice") for line in out)
    assert "Bid: 21" in out  # a bid not listed, typed as its number
    assert out.count("Quit the series? The game in play is not scored (y/n) >") == 2
    assert out[-1] == "Series ended."


def test_end_of_input_ends_the_series_quietly(tmp_path: Path) -> None:
    proc = _run(["--variant", "officers", "--plain", "--seed", "1"], "", tmp_path)
    assert proc.returncode == 0 and not proc.stderr
    assert proc.stdout.splitlines()[-1] == "Series ended."


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--level", "pimc-easy"],
            "--variant officers has the levels heuristic, pimc, random, not 'pimc-easy'",
        ),
        (["--replay", "x.json"], "--replay is not available with --variant yet"),
        (["--games", "0"], "--games must be 1 or more, not 0"),
    ],
)
def test_refused_options_are_one_line(args: list[str], message: str, tmp_path: Path) -> None:
    proc = _run(["--variant", "officers", "--plain", *args], "", tmp_path)
    assert proc.returncode == 2
    assert message in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_unknown_variant_is_refused_by_its_choices(tmp_path: Path) -> None:
    proc = _run(["--variant", "doppelkopf"], "", tmp_path)
    assert proc.returncode == 2 and "strohmann" in proc.stderr and "Traceback" not in proc.stderr


def test_officers_game_in_a_pseudo_terminal(tmp_path: Path) -> None:
    """One Officers' Skat game in an 80×24 pseudo-terminal, German: coloured cards, every
    question answered after its prompt, the result and the list."""
    pexpect = pytest.importorskip("pexpect")
    child: Any = pexpect.spawn(
        sys.executable,
        [
            "-m",
            "skat.cli.main",
            "play",
            "--variant",
            "officers",
            "--lang",
            "de",
            "--seed",
            "4",
            "--games",
            "1",
        ],
        dimensions=(24, 80),
        encoding="utf-8",
        timeout=300,
        cwd=str(tmp_path),
        env={
            "PYTHONUNBUFFERED": "1",
            "TERM": "xterm",
            "PATH": "/usr/bin:/bin",
            **({"PYTHONPATH": os.environ["PYTHONPATH"]} if "PYTHONPATH" in os.environ else {}),
        },
    )
    shown: list[str] = []
    for _ in range(500):
        if child.expect([r"\n([^\r\n]*) > ", pexpect.EOF]) == 1:
            shown.append(child.before or "")
            break
        shown.append(child.before or "")
        prompt = child.match.group(1).strip()
        child.sendline(answer(prompt + " >"))
    else:
        raise AssertionError("the game did not end")
    child.close()
    text = "".join(shown)
    assert child.exitstatus == 0, text[-500:]
    assert "\x1b[" in text  # the cards in colour at a terminal
    plain = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text)
    assert "Du (Vorhand (spielt)), Reihen:" in plain
    assert "Ergebnis: " in plain and "Die Liste nach Spiel 1:" in plain
    assert "Ende der Serie." in plain


def test_german_pack_names_cards_and_games(tmp_path: Path) -> None:
    lines, status = play_variant_lines(
        [
            "--variant",
            "officers",
            "--plain",
            "--lang",
            "de",
            "--deck",
            "german",
            "--seed",
            "2",
            "--games",
            "1",
        ],
        tmp_path,
    )
    assert status == 0 and lines[-1] == "Ende der Serie."
    assert "  a) Schellen (Grundwert 9)" in lines and "  d) Eichel (Grundwert 12)" in lines
    assert "(Ei-U* offene Karte auf verdeckter, ## verdeckt, -- leer)" in lines
    assert not any(s in line for line in lines for s in ("♣", "♠", "♥", "♦"))
