"""`skat play` through a pseudo-terminal (pexpect): the full-screen game as a player sees it."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from .lineplayer import Policy

pexpect = pytest.importorskip("pexpect")

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
PROMPT = r"\n([^\r\n]*) > "
BOX = re.compile(r"[\u2500-\u257f\u2580-\u259f]")  # box drawing and block elements
BID_LINE = re.compile(r"(You|Ann|Bob) (says \d+|holds \(\d+\)|passes)")


def spawn_play(args: list[str], tmp_path: Path) -> Any:
    """``skat play ARGS`` in an 80×24 pseudo-terminal."""
    return pexpect.spawn(
        sys.executable,
        ["-m", "skat.cli.main", "play", *args],
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


def _visible(raw: str) -> str:
    """The text a terminal shows of ``raw``: a cleared screen and a line overwritten in place
    (the "thinking…" sign, ``\\r`` and erase-line) start new lines, colour codes go."""
    raw = raw.replace("\x1b[H\x1b[2J", "\n").replace("\r\x1b[K", "\n")
    return ANSI.sub("", raw).replace("\r", "")


def play_in_terminal(args: list[str], policy: Policy, tmp_path: Path) -> str:
    """Run ``skat play`` in an 80×24 pseudo-terminal answering with ``policy``; all the text
    it showed (colour codes removed)."""
    child = spawn_play(args, tmp_path)
    shown: list[str] = []
    for _ in range(1000):
        if child.expect([PROMPT, pexpect.EOF]) == 1:
            shown.append(_visible(child.before or ""))
            break
        screen = _visible(child.before or "")
        shown.append(screen)
        prompt = ANSI.sub("", child.match.group(1)).strip()
        answer = policy.answer(screen.split("\n"), prompt)
        shown.append(f"{prompt} > {answer}")
        policy.log.append(f"{prompt} > {answer}")
        child.sendline(answer)
    else:
        raise AssertionError("the game did not end")
    child.close()
    assert child.exitstatus == 0, shown[-3:]
    return "\n".join(shown)


def test_play_one_complete_game_in_a_terminal(tmp_path: Path) -> None:
    """Bidding, picking up the skat and putting two cards away, the declaration from the
    menu, all ten tricks, the result, the list and the review."""
    records = tmp_path / "games.jsonl"
    policy = Policy(max_bid=30)
    text = play_in_terminal(
        ["--seed", "1", "--games", "1", "--no-analysis", "--records", str(records)],
        policy,
        tmp_path,
    )
    asked = "\n".join(policy.log)
    for question in ("bid 18 or more", "pick up the skat", "put two cards away", "choose the game"):
        assert question in asked
    assert "play a card" in asked
    assert "legal: " in text and "your hand" in text
    assert "You pick up the skat" in text
    assert re.search(r"result: You (win|lose) \w+.* with \d+ card points: ", text)
    assert "review" in text and "\n10. " in text  # the review lists the ten tricks
    data = json.loads(records.read_text(encoding="utf-8").splitlines()[0])
    events = [text for _, text in data["events"]]
    cards = [e for e in events if re.fullmatch(r"[CSHD][789TJQKA]", e)]
    assert len(cards) == 30 and "s" in events  # ten tricks; the skat was picked up
    assert data["meta"]["players"].count("You") == 1


def test_every_screen_fits_80_columns(tmp_path: Path) -> None:
    text = play_in_terminal(
        ["--seed", "3", "--games", "1", "--no-analysis"], Policy(max_bid=0, reviews=0), tmp_path
    )
    too_wide = [line for line in text.split("\n") if len(line) > 80 and " > " not in line]
    assert not too_wide


def test_a_short_series_ends_with_the_list_and_the_ranking(tmp_path: Path) -> None:
    text = play_in_terminal(
        ["--seed", "2", "--games", "3", "--no-analysis", "--sheet", "seeger"],
        Policy(max_bid=20, reviews=0),
        tmp_path,
    )
    assert "game 3 of 3" in text
    assert "the series is over · list (seeger)" in text
    final = text[text.index("the series is over") :]
    assert all(re.search(rf"\d\. {name} +-?\d+", final) for name in ("You", "Ann", "Bob"))
    rows = re.findall(r"^ +([123])  ", final, re.MULTILINE)
    assert rows == ["1", "2", "3"]


def test_the_review_shows_the_double_dummy_analysis(tmp_path: Path) -> None:
    text = play_in_terminal(
        ["--seed", "1", "--games", "1"], Policy(max_bid=30, extra={"-- more": []}), tmp_path
    )
    assert "double dummy: You could" in text
    assert "skat: " in text and "put away: " in text


def test_a_whole_game_in_the_plain_mode_is_complete_for_a_screen_reader(tmp_path: Path) -> None:
    """The plain mode (the screen-reader mode) in a real terminal: no colour or cursor codes,
    one event per line, every question one line ending in " >", every card, trick, the
    result and the list said in words."""
    from .lineplayer import converse

    child = spawn_play(["--plain", "--seed", "1", "--games", "1", "--no-analysis"], tmp_path)
    child.setecho(False)

    def read_line() -> str | None:
        line = child.readline()
        return line.rstrip("\r\n") if line else None

    policy = Policy(max_bid=30, reviews=1)
    lines = converse(read_line, child.sendline, policy)
    child.close()
    assert child.exitstatus == 0
    assert not [line for line in lines if "\x1b" in line or "\r" in line]  # no escape at all
    assert not [line for line in lines if BOX.search(line)]  # no box drawing, no rulers
    bids = [line for line in lines if BID_LINE.fullmatch(line)]
    assert len(bids) >= 3 and any(" passes" in b for b in bids)  # each bid and pass, in words
    cards = [line for line in lines if re.fullmatch(r"(You|Ann|Bob): [♣♠♥♦](10|[JQKA987])", line)]
    assert len(cards) == 30  # every card of the game, each a line with its player's name
    winners = [
        line for line in lines if re.fullmatch(r"(You|Ann|Bob) takes? the trick \(\d+\)", line)
    ]
    assert len(winners) == 10  # every trick's winner with its card points
    result = next(line for line in lines if line.startswith("result: You "))
    assert re.search(r"(win|lose)s? \w+.* with \d+ card points", result)
    asked = [line for line in lines if line.endswith(" >")]
    assert asked and len(asked) == len(policy.log)
    assert any(line.startswith("choose the game: ") for line in asked)
    assert any(line.startswith("result: You ") for line in lines)
    assert any(line.strip().startswith("1  You ") for line in lines)  # the list
    assert any(line.startswith("10. ") for line in lines)  # the review, trick by trick


def test_a_late_bid_in_the_screen_mode_declares_nothing_and_the_menu_speaks_german(
    tmp_path: Path,
) -> None:
    """Seed 5: "18", then "20" meant as the next bid reaches the declaration.  In German with
    the German pack the menu names Eichel/Grün/Rot/Schellen and no ISS code."""
    child = spawn_play(
        ["--seed", "5", "--games", "1", "--lang", "de", "--deck", "german"], tmp_path
    )
    child.expect(PROMPT)
    child.sendline("18")
    child.expect(PROMPT)
    menu = ANSI.sub("", child.before or "")
    child.sendline("20")
    child.expect(PROMPT)
    after = ANSI.sub("", child.before or "")
    child.sendline("quit")
    child.expect(PROMPT)
    child.sendline("j")
    child.expect(pexpect.EOF)
    child.close()
    assert all(name in menu for name in ("Eichel", "Grün", "Rot", "Schellen"))
    assert not re.search(r"\b(CH|HH|SH|DH|GH)\b", menu)
    assert "20 ist hier keine Wahl: das Reizen ist vorbei (Reizwert 18)" in after
    assert "Du spielst" not in after
