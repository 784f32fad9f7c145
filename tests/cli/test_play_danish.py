"""`skat play --lang da` through a pseudo-terminal: a whole game and a variant's series in
Danish, a language added by its catalog alone, without one English word on the screen.

The player answers the questions it recognises from the Danish catalog's own messages (never
from English text); the English words looked for are every word of the English catalog that
Danish does not use as well (``skat``, ``grand``, ``Enter``, ``kontra`` …), and the core's
English names of seats, suits and results.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from skat.core.language import LOCALE_DIR, say
from skat.core.rules import PRESETS

from .test_play_terminal import ANSI, PROMPT, _visible, spawn_play

pexpect = pytest.importorskip("pexpect")
babel = pytest.importorskip("babel.messages.pofile")

LANG = "da"
WORD = re.compile(r"[A-Za-zÆØÅæøå']+")
CARD = re.compile(r"[♣♠♥♦](?:10|Kn|[EKD987])")
CORE_ENGLISH = frozenset(
    [
        "clubs",
        "spades",
        "hearts",
        "diamonds",
        "forehand",
        "middlehand",
        "rearhand",
        "declarer",
        "defenders",
        "wins",
        "win",
        "loses",
        "lose",
        "won",
        "lost",
        "with",
        "without",
        "matadors",
        "game",
        "trick",
        "tricks",
        "announced",
        "schneider",
        "schwarz",
        "null",
        "ouvert",
        "the",
        "and",
        "of",
        "card",
        "cards",
        "value",
        "save",
        "quit",
    ]
)
"""English words the core says (seat, suit and game names, results) beside the catalog's."""
SHARED = frozenset(
    ["a", "i", "o", "at", "for", "to", "under", "give", "start", "sort", "hold", "play", "points"]
)
"""Words Danish writes too (``for``, ``under``, ``sort`` black, ``hold``, ``points``)."""


def _catalog_words(lang: str) -> set[str]:
    """The words of every message of a language's catalog (placeholders left out)."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "skat.po").open("rb") as f:
        cat = babel.read_po(f)
    out: set[str] = set()
    for m in cat:
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        for s in strings:
            out |= {w.lower() for w in WORD.findall(re.sub(r"\{[^{}]*\}", " ", s or ""))}
    return out


@cache
def english_words() -> frozenset[str]:
    """Words that are English and not Danish: the English catalog's that the Danish one does
    not use, and the core's English names."""
    typed = {name.lower() for name in PRESETS}  # the rules presets' names (``danish``)
    return frozenset((_catalog_words("en") - _catalog_words(LANG)) | CORE_ENGLISH) - SHARED - typed


def english_left(text: str) -> list[str]:
    """The English words in ``text`` (command-line options such as ``--save`` and rules
    options such as ``grand_ouvert_base=36`` left out: they are typed as they are)."""
    text = re.sub(r"--[a-z-]+|\S*[_=]\S*", " ", text)
    found = (w for w in WORD.findall(text) if len(w) > 1)  # a letter is a key: c) …
    return sorted({w for w in found if w.lower() in english_words()})


def _pattern(key: str, **fixed: str) -> re.Pattern[str]:
    """The Danish message ``key`` as a pattern: each placeholder matches any text."""
    template = say(LANG, key)
    parts = re.split(r"(\{[^{}]*\})", template)
    return re.compile("".join("(.+?)" if p.startswith("{") else re.escape(p) for p in parts) + "$")


def _starts(prompt: str, key: str) -> bool:
    """Whether ``prompt`` begins with the Danish message ``key`` (up to its first placeholder)."""
    head = say(LANG, key).split("{")[0]
    return bool(head) and prompt.startswith(head)


class DanishPlayer:
    """Answers the Danish questions: bids up to ``max_bid``, picks up the skat, puts the last
    two cards away, declares the menu's first game, plays the first legal card, says no to
    every Kontra, reviews the first game."""

    def __init__(self, max_bid: int = 30) -> None:
        self.max_bid = max_bid
        self.reviews = 1
        self.asked: list[str] = []

    def answer(self, screen: list[str], prompt: str) -> str:
        self.asked.append(prompt)
        hold = _pattern("play.ask_hold").match(prompt)
        if hold:
            return "y" if int(hold.group(2)) <= self.max_bid else "p"
        if _starts(prompt, "play.ask_bid"):
            low = int(re.findall(r"\d+", prompt)[0])
            return str(low) if low <= self.max_bid else "p"
        if prompt == say(LANG, "play.ask_alone"):
            return "18"
        if prompt in (say(LANG, "play.decl_start"), say(LANG, "play.decl_start_show")):
            return "s"
        if prompt == say(LANG, "play.ask_discard"):
            return "9 10"
        if _starts(prompt, "play.decl_game"):
            return prompt.split(": ")[1].split()[0]
        if ": Enter = " in prompt:
            return ""
        if prompt == say(LANG, "play.ask_sure"):
            return "j"
        if prompt == say(LANG, "play.ask_play"):
            head = say(LANG, "play.legal") + ": "
            legal = [line for line in screen if line.startswith(head)][-1]
            return CARD.findall(legal)[0]
        if _starts(prompt, "play.ask_answer") or prompt == say(LANG, "play.ask_push"):
            return "p"
        if prompt == say(LANG, "play.ask_next"):
            if self.reviews > 0:
                self.reviews -= 1
                return "r"
            return ""
        if prompt in (say(LANG, "play.more"), say(LANG, "play.ask_more")):
            return ""
        raise AssertionError(f"a question the Danish player does not know: {prompt!r}")


def play_danish(args: list[str], player: DanishPlayer, tmp_path: Path) -> str:
    """``skat play --lang da ARGS`` in an 80×24 pseudo-terminal; all the text it showed."""
    child = spawn_play(["--lang", LANG, *args], tmp_path)
    shown: list[str] = []
    for _ in range(1000):
        if child.expect([PROMPT, pexpect.EOF]) == 1:
            shown.append(_visible(child.before or ""))
            break
        screen = _visible(child.before or "")
        shown.append(screen)
        prompt = ANSI.sub("", child.match.group(1)).strip()
        reply = player.answer(screen.split("\n"), prompt)
        shown.append(f"{prompt} > {reply}")
        child.sendline(reply)
    else:
        raise AssertionError("the game did not end")
    child.close()
    assert child.exitstatus == 0, shown[-3:]
    return "\n".join(shown)


def test_a_whole_game_in_danish_has_no_english_word(tmp_path: Path) -> None:
    """Bidding, the skat picked up and two cards put away, the declaration from the menu, ten
    tricks, the result, the list and the review: all Danish."""
    player = DanishPlayer(max_bid=30)
    text = play_danish(
        ["--seed", "1", "--games", "1", "--level", "heuristic", "--no-analysis"], player, tmp_path
    )
    (tmp_path / "transcript.txt").write_text(text)
    assert any(p == say(LANG, "play.ask_play") for p in player.asked)  # the tricks were played
    assert say(LANG, "play.result") + ": " in text
    assert say(LANG, "play.review") in text  # the review was shown
    assert english_left(text) == [], english_left(text)


def test_a_series_with_passed_games_and_a_declaration_in_danish(tmp_path: Path) -> None:
    """Another deal and three games, the player bidding high: more of the questions and the
    final list and ranking, all Danish."""
    player = DanishPlayer(max_bid=48)
    text = play_danish(
        ["--seed", "7", "--games", "3", "--level", "heuristic", "--no-analysis"], player, tmp_path
    )
    assert say(LANG, "play.series_over") in text
    assert english_left(text) == [], english_left(text)


def _variant_answer(prompt: str) -> str:
    """The first choice of a variant's question, yes to a confirmation, two cards to put away."""
    if prompt.endswith("(j/n)"):
        return "j"
    if prompt.startswith(say(LANG, "play.variant.discard")):
        return "a b"
    return "a"


@pytest.mark.parametrize("variant", ["tournee", "officers"])
def test_a_variant_series_in_danish_has_no_english_word(variant: str, tmp_path: Path) -> None:
    """Tournee Skat and Officers' Skat (two players) in Danish: every question, the result and
    the list."""
    child = spawn_play(
        ["--variant", variant, "--lang", LANG, "--seed", "4", "--games", "2"], tmp_path
    )
    shown: list[str] = []
    for _ in range(1000):
        if child.expect([PROMPT, pexpect.EOF]) == 1:
            shown.append(_visible(child.before or ""))
            break
        shown.append(_visible(child.before or ""))
        prompt = ANSI.sub("", child.match.group(1)).strip()
        child.sendline(_variant_answer(prompt))
    else:
        raise AssertionError("the series did not end")
    child.close()
    text = "\n".join(shown)
    (tmp_path / "transcript.txt").write_text(text)
    assert child.exitstatus == 0, text[-500:]
    assert say(LANG, "play.variant.end") in text
    assert say(LANG, "play.variant.list", n=2) in text
    assert english_left(text) == [], english_left(text)


def test_the_english_words_looked_for_are_english() -> None:
    """The check finds English: an English game's words are caught, Danish ones are not."""
    assert english_left("Ann says 18 · Bob passes · You play Clubs") != []
    assert english_left(say(LANG, "play.bids", who="Anne", bid=18)) == []
    assert english_left(say(LANG, "play.ask_next")) == []


@pytest.mark.parametrize("rules", ["scat", "schwimmen"])
def test_a_thirty_one_match_in_danish_has_no_english_word(rules: str) -> None:
    """Scat and Schwimmen in Danish (plain lines): every turn, the knocks, the rounds' results,
    the lives and the winner."""
    import io

    from skat.cli.thirtyone import TerminalMatch
    from skat.thirtyone import Rules as ScatRules

    out = io.StringIO()
    turns = iter(range(10**6))

    def read() -> str:
        """Draw from the stock and discard the first card, knock every third turn (Schwimmen:
        pass, knock every third turn); help once."""
        asked = out.getvalue().rsplit("\n", 2)[-2]
        n = next(turns)
        if n == 0:
            return "h\n"
        knock = n % 3 == 0 and say(LANG, "term.scat.k_knock") in asked
        if asked.startswith(say(LANG, "term.scat.which", cards="")):
            return "1\n"
        return ("k" if knock else "w" if rules == "schwimmen" else "s") + "\n"

    match = TerminalMatch(
        3, ScatRules.parse(rules), 4, "heuristic", plain=True, out=out, read=read, lang=LANG
    )
    assert match.play() == 0
    text = out.getvalue()
    assert say(LANG, "term.scat.round_over") in text
    assert english_left(text) == [], [line for line in text.splitlines() if english_left(line)][:5]


@pytest.mark.parametrize("reason", sorted(__import__("skat.core.reasons").core.reasons.REASONS))
def test_every_refusal_has_danish_words(reason: str) -> None:
    """Every reason the engine refuses a move with, in Danish with the board's card names."""
    from skat.cli.cardtext import CardStyle
    from skat.cli.reasonwords import reason_words
    from skat.core import Card

    from .test_play_errors_de import SAMPLES

    for deck in ("french", "german"):
        style = CardStyle(LANG, deck)
        text = reason_words(reason, SAMPLES, style, ("Anne", "Bo", "Du"), [Card.parse("CJ")])
        assert text is not None and text.strip()
        assert english_left(text) == [], text
        assert not re.search(r"\b[CSHD][789TJQKA]\b", text), text  # no card codes


@pytest.mark.parametrize("line", ["17", "11", "fish", "save", "sort X", "9 9", "H1 x", "CJ"])
def test_a_mistyped_line_is_answered_in_danish(line: str) -> None:
    """What the player typed wrong, said in Danish: a bid below 18, a card number not in the
    hand, no command, a command without its argument, two cards to put away."""
    from skat.cli.cardtext import CardStyle
    from skat.cli.commands import Context, InputError, parse_command
    from skat.core import CardSet, Phase

    hand = list(CardSet.parse("CJ SJ HA HT HK H8 H7 D9 D8 D7"))
    style = CardStyle(LANG)
    phase = {"17": Phase.BIDDING, "11": Phase.PLAY, "9 9": Phase.DISCARD, "H1 x": Phase.DISCARD}
    ctx = Context(phase.get(line, Phase.PLAY), hand=hand, menu=[], style=style)
    if line == "CJ":  # a card in the engine's notation is read in every language
        assert parse_command(line, ctx).action == hand[0]
        return
    with pytest.raises(InputError) as info:
        parse_command(line, ctx)
    assert english_left(str(info.value)) == [], str(info.value)


@pytest.mark.parametrize(
    "text", ["", "foo", "isko,kontra=vielleicht", "old,kontra=on", "isko,bock=x"]
)
def test_a_bad_rules_string_is_refused_in_danish(text: str) -> None:
    from skat.cli.ruleswords import rules_error_words
    from skat.core.rules import Rules, RulesError

    with pytest.raises(RulesError) as info:
        Rules.parse(text)
    words = rules_error_words(info.value, LANG)
    assert words != str(info.value) and english_left(words) == [], words
