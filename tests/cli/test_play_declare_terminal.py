"""Every declaration the menu offers, declared through a pseudo-terminal (pexpect) as a player
types it: every game from the hand with every announcement (Hand, Schneider, Schwarz, Ouvert;
Null Hand and Null Ouvert Hand) and every game after picking up the skat (Null and Null Ouvert
too), in English and German with both packs; and Ctrl-D, which asks once like ``quit``.

The human is the declarer by construction, not by luck: ``--replay`` plays a recorded deal
(tests/data/play/declarer_at_18.jsonl: You win the auction at 18) again from move 4, the skat
question.  After each declaration the player gives up at his first card and plays the deal
again (``a``), so one process declares them all.  Every wait is for a question on the screen,
with a generous timeout: nothing depends on the machine's speed."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from skat.cli.declaring import contract_words
from skat.core import Contract
from skat.series import load_series

from .test_play_terminal import ANSI, spawn_play

pexpect = pytest.importorskip("pexpect")

RECORD = Path(__file__).parent.parent / "data" / "play" / "declarer_at_18.jsonl"
PROMPT = r"\n([^\r\n]*) >(?: |\r\n)"  # the full screen's prompt, or a plain question line
WAIT = 180  # seconds for one question: a busy machine is slow, never wrong


@dataclass(frozen=True)
class Words:
    """What the terminal asks and what the player answers, in one language."""

    lang: str
    you: str
    start: str
    choose: str
    discard: str
    sure: str
    yes: str
    play: str
    concede: str
    again: str
    bid: str
    result: str


EN = Words(
    "en",
    "You",
    "pick up the skat (s)",
    "choose the game: ",
    "put two cards away",
    "sure? (y/n)",
    "y",
    "play a card",
    "concede",
    "Enter: end · r: review · a: play it again",
    "bid",
    "result: You lose ",
)
DE = Words(
    "de",
    "Du",
    "Skat aufnehmen (s)",
    "wähle das Spiel: ",
    "zwei Karten drücken",
    "sicher? (j/n)",
    "j",
    "spiel eine Karte",
    "aufgeben",
    "Enter: Ende · r: Rückblick · a: noch einmal",
    "Reizwert",
    "Ergebnis: Du verlierst ",
)

# the game keys of the menu: Grand, Clubs, Spades, Hearts, Diamonds, Null
KEYS = {
    ("en", "french"): ("g", "c", "s", "h", "d", "n"),
    ("de", "french"): ("g", "k", "p", "h", "ka", "n"),
    ("de", "german"): ("g", "e", "gr", "r", "sch", "n"),
}
GAMES = "GCSHDN"
FLAGS = {"": "H", "s": "HS", "z": "HSZ", "o": "O"}  # a Hand game's announcement keys


def every_declaration() -> list[tuple[str, str, str]]:
    """(how: ``h`` Hand, ``s`` skat, ``o`` shown skat; game; flag key) → code, for every
    declaration the menu offers at a bid of 18."""
    out = []
    for game in GAMES[:5]:
        out += [("h", game, flag) for flag in ("", "s", "z", "o")]  # Hand, Schneider, …
        out.append(("s", game, ""))
    out += [("h", "N", ""), ("h", "N", "o"), ("s", "N", ""), ("s", "N", "o")]
    return out


def code(how: str, game: str, flag: str) -> str:
    """The contract declared: ``GHS``, ``NOH``, ``C``…"""
    if game == "N":
        return ("NO" if flag else "N") + ("H" if how == "h" else "")
    if how == "h":
        return game + FLAGS[flag]
    return game


class Player:
    """The terminal and the player at it: waits for a question, checks it, answers."""

    def __init__(self, child: Any, words: Words) -> None:
        self.child = child
        self.words = words
        self.screen = ""
        self.flat = ""
        self.asked: list[str] = []

    def wait(self, question: str) -> str:
        """Wait for the next question; it must start with ``question``."""
        self.child.expect(PROMPT, timeout=WAIT)
        self.screen = ANSI.sub("", self.child.before or "").replace("\r", "")
        self.flat = re.sub(r"\s+", " ", self.screen)  # a message wrapped at 80 columns, whole
        prompt = ANSI.sub("", self.child.match.group(1)).strip()
        self.asked.append(prompt)
        assert prompt.startswith(question), (prompt, self.screen[-600:])
        return prompt

    def answer(self, question: str, line: str) -> str:
        prompt = self.wait(question)
        self.child.sendline(line)
        return prompt


def replay_record(tmp_path: Path, lang: str, rules: str = "isko") -> Path:
    """The recorded deal with these rules and the players' names in ``lang``."""
    data = json.loads(RECORD.read_text(encoding="utf-8"))
    data["rules"] = rules
    if lang == "de":
        data["meta"]["players"] = ["Anna", "Bernd", "Du"]
    path = tmp_path / "declarer.jsonl"
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    return path


def declare_all(
    tmp_path: Path, lang: str, deck: str, ways: list[tuple[str, str, str]], rules: str = "isko"
) -> list[str]:
    """Declare each of ``ways`` in one ``skat play --replay`` in a pseudo-terminal; the codes
    the screens showed declared."""
    words = EN if lang == "en" else DE
    record = replay_record(tmp_path, lang, rules)
    args = ["--replay", str(record), "--from", "4", "--no-analysis", "--lang", lang]
    child = spawn_play([*args, "--deck", deck], tmp_path)
    p = Player(child, words)
    keys = dict(zip(GAMES, KEYS[(lang, deck)], strict=True))
    declared = []
    for n, (how, game, flag) in enumerate(ways):
        start = p.answer(words.start, how)
        if how == "o":
            assert "(o)" in start  # showing the skat is offered only when the rules allow it
        if how == "h":
            menu = p.wait(words.choose)
            assert menu.split(": ", 1)[1].split(" · ")[0].split() == list(keys.values())
            child.sendline(keys[game])
            p.answer("", flag)  # "Clubs: Enter = Hand ≈72 · s Schneider ≈96 …"
        else:
            p.answer(words.discard, "11 12")
            p.answer(words.choose, keys[game])
            if game == "N":
                p.answer("Null: Enter = ", flag)
        contract = Contract.parse(code(how, game, flag))
        name = contract_words(contract, lang, deck)
        p.answer(words.sure, words.yes)
        p.answer(words.play, words.concede)  # the table line names the declared game
        assert f"{words.you}: {name} ({words.bid} 18)" in p.screen, (name, p.screen)
        declared.append(contract.code)
        p.answer(words.sure, words.yes)
        p.wait(words.again)
        assert words.result + name in p.flat
        child.sendline("a" if n < len(ways) - 1 else "")
    child.expect(pexpect.EOF, timeout=WAIT)
    child.close()
    assert child.exitstatus == 0
    return declared


@pytest.mark.parametrize(("lang", "deck"), [("en", "french"), ("de", "german"), ("de", "french")])
def test_every_game_and_announcement_of_the_menu_is_declared_in_a_terminal(
    lang: str, deck: str, tmp_path: Path
) -> None:
    ways = every_declaration()
    declared = declare_all(tmp_path, lang, deck, ways)
    assert declared == [code(*w) for w in ways]
    assert {"GH", "GHS", "GHSZ", "GO", "CO", "DHSZ", "NH", "NOH", "N", "NO", "G", "D"} <= set(
        declared
    )
    assert len(set(declared)) == 29  # 20 suit/Grand Hand, 5 after the skat, 4 Null


@pytest.mark.parametrize("lang", ["en", "de"])
def test_showing_the_skat_is_offered_and_declared_when_the_rules_allow_it(
    lang: str, tmp_path: Path
) -> None:
    ways = [("o", "N", ""), ("o", "G", ""), ("o", "N", "o")]
    declared = declare_all(tmp_path, lang, "french", ways, rules="isko,show_skat=on")
    assert declared == ["N", "G", "NO"]


def test_null_after_picking_up_is_declared_in_a_new_series(tmp_path: Path) -> None:
    """The issue's reproduction as a player meets it: ``skat play --seed 11``, 18, pick up,
    put away, ``n``, Enter."""
    child = spawn_play(["--seed", "11", "--games", "1", "--no-analysis"], tmp_path)
    p = Player(child, EN)
    p.answer("bid 18 or more", "18")
    p.answer(EN.start, "s")
    p.answer(EN.discard, "8 9")
    p.answer(EN.choose, "n")
    p.answer("Null: Enter = 23 · o Ouvert 46", "")
    p.answer(EN.sure, "y")
    p.answer(EN.play, "quit")
    assert "You: Null (bid 18)" in p.screen
    p.answer(EN.sure, "y")
    child.expect(pexpect.EOF, timeout=WAIT)
    child.close()
    assert child.exitstatus == 0


# ---------------------------------------------------------------- Ctrl-D


def ctrl_d(child: Any) -> None:
    """The end of the input typed at an empty line (Ctrl-D)."""
    child.sendcontrol("d")


@pytest.mark.parametrize("plain", [False, True])
def test_ctrl_d_asks_once_like_quit_then_no_plays_on_and_a_second_ctrl_d_quits(
    plain: bool, tmp_path: Path
) -> None:
    args = ["--seed", "11", "--games", "2", "--no-analysis"] + (["--plain"] if plain else [])
    child = spawn_play(args, tmp_path)
    p = Player(child, EN)
    p.wait("bid 18 or more")
    ctrl_d(child)
    p.answer(EN.sure, "n")  # no: the game goes on, the question is asked again
    assert "You quit: the game in progress ends unfinished" in p.flat
    assert "the series is not saved: type save FILE to keep it" in p.flat
    p.answer("bid 18 or more", "18")
    p.wait(EN.start)
    ctrl_d(child)
    p.wait(EN.sure)
    ctrl_d(child)  # a second Ctrl-D at the question confirms it
    child.expect(pexpect.EOF, timeout=WAIT)
    tail = ANSI.sub("", child.before or "")
    child.close()
    assert child.exitstatus == 0
    assert "bye" in tail
    assert p.asked.count(EN.sure) == 2


@pytest.mark.parametrize("plain", [False, True])
def test_ctrl_d_in_a_saved_series_keeps_the_game_in_progress(plain: bool, tmp_path: Path) -> None:
    saved = tmp_path / "friday.json"
    args = ["--seed", "11", "--games", "2", "--no-analysis", "--save", str(saved)]
    child = spawn_play(args + (["--plain"] if plain else []), tmp_path)
    p = Player(child, EN)
    p.answer("bid 18 or more", "18")
    p.wait(EN.start)
    ctrl_d(child)
    p.answer(EN.sure, "y")
    assert f"(saved to {saved})" in p.flat
    child.expect(pexpect.EOF, timeout=WAIT)
    child.close()
    assert child.exitstatus == 0
    current = load_series(saved).current
    assert current is not None and [str(e.action) for e in current.history] == ["p", "18", "p"]


def test_ctrl_d_between_games_of_an_unsaved_series_asks_in_german(tmp_path: Path) -> None:
    child = spawn_play(["--seed", "11", "--games", "2", "--no-analysis", "--lang", "de"], tmp_path)
    p = Player(child, DE)
    p.answer("reize 18 oder mehr", "p")
    while True:  # as a defender: give up at the first card of the game
        prompt = p.wait("")
        if prompt.startswith("Enter: nächstes Spiel"):
            break
        child.sendline("aufgeben" if prompt.startswith(DE.play) else "j")
    ctrl_d(child)
    p.answer(DE.sure, "n")
    assert "Du hörst nach Spiel 1 von 2 auf" in p.flat
    assert "die Serie ist nicht gespeichert: save DATEI sichert sie" in p.flat
    p.answer("Enter: nächstes Spiel", "q")
    p.answer(DE.sure, "j")
    child.expect(pexpect.EOF, timeout=WAIT)
    tail = ANSI.sub("", child.before or "")
    child.close()
    assert child.exitstatus == 0 and "tschüss" in tail
    assert re.search(r"Spiel 2 von 2", tail) is None  # the second game was never dealt
