"""`skat play --lang de`: every refusal and input mistake is said in German, with the cards
named as the board shows them — in a real pseudo-terminal; and every reason the engine can
give has German words (no English left)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.core._support import DEAL, play
from tests.core.test_error_reasons import REFUSALS

from skat.cli.cardtext import CardStyle
from skat.cli.reasonwords import REASON_KEYS as REASONS_DE
from skat.cli.reasonwords import reason_words as german_reason
from skat.core import HOLD, PASS, Card, CardSet, Contract, IllegalActionError, Rules
from skat.core.reasons import REASONS, param_names

from .test_play_terminal import spawn_play

pexpect = pytest.importorskip("pexpect")

ENGLISH_WORDS = frozenset(
    [
        "the",
        "not",
        "is",
        "are",
        "must",
        "hold",
        "holds",
        "does",
        "cannot",
        "only",
        "with",
        "bid",
        "card",
        "cards",
        "play",
        "plays",
        "game",
        "trump",
        "follow",
        "already",
        "now",
        "first",
        "rules",
        "possible",
        "you",
        "your",
        "resign",
        "resigning",
        "claim",
        "claims",
        "value",
        "less",
        "than",
        "worth",
        "answer",
        "declare",
        "pick",
        "put",
        "into",
        "after",
        "before",
        "nobody",
        "needs",
        "skat's",
        "turn",
        "it's",
        "seat",
        "recorded",
        "violation",
        "violations",
        "unknown",
        "showing",
        "shown",
        "remaining",
        "tricks",
    ]
)
"""English words that must not appear in a German message."""


def english_left(text: str) -> set[str]:
    """The English words of :data:`ENGLISH_WORDS` in ``text``."""
    return {w for w in re.findall(r"[A-Za-z']+", text) if w.lower() in ENGLISH_WORDS}


SAMPLES: dict[str, object] = {
    "who": "Middlehand",
    "seat": 1,
    "to_move": "Forehand",
    "turn": 0,
    "cards": CardSet.parse("SA HT"),
    "card": Card.parse("SA"),
    "led": Card.parse("CJ"),
    "suit": "Clubs",
    "value": 17,
    "bid": 20,
    "next": 22,
    "action": HOLD,
    "game": "Clubs Hand",
    "contract": Contract.parse("CH"),
    "options": "y, p",
    "answers": (HOLD, PASS),
    "declarer": 0,
    "other": 2,
    "kind": "x",
    "detail": "unknown action 'zz'",
    "text": "zz",
}


@pytest.mark.parametrize("reason", sorted(REASONS))
def test_every_reason_has_german_words(reason: str) -> None:
    assert reason in REASONS_DE
    assert param_names(reason) <= set(SAMPLES)
    for deck in ("french", "german"):
        style = CardStyle("de", deck)
        names = ("Anna", "Bernd", "Du")
        text = german_reason(reason, SAMPLES, style, names, [Card.parse("CJ")])
        assert text is not None and text.strip()
        assert english_left(text) == set(), text
        assert not re.search(r"\b[CSHD][789TJQKA]\b", text), text  # no card codes
        if "cards" in param_names(reason):
            assert style.card(Card.parse("SA")) in text


def test_the_german_table_has_no_reason_the_engine_lacks() -> None:
    assert set(REASONS_DE) == set(REASONS)


@pytest.mark.parametrize(("actions", "rules", "action", "seat", "reason"), REFUSALS)
def test_each_real_refusal_has_german_words(
    actions: str, rules: str, action: str, seat: int | None, reason: str
) -> None:
    """The params the engine really gives are the ones the German words need."""
    state = play(DEAL, actions, Rules.parse(rules))
    with pytest.raises(IllegalActionError) as info:
        state.validate(action, seat)
    assert info.value.reason == reason
    text = german_reason(reason, info.value.params, CardStyle("de", "german"))
    assert text is not None and english_left(text) == set(), text


# names as the board shows them: German pack, or the French pack with German ranks
DECKS = {
    "german": {"not_held": "Ei-A", "d8": "Sc-8", "d7": "Sc-7", "ha": "Rt-A", "hq": "Rt-O",
               "led": "Ei-A", "legal": "Ei-O", "suit": "Eichel", "game": "gr"},
    "french": {"not_held": "♣A", "d8": "♦8", "d7": "♦7", "ha": "♥A", "hq": "♥D",
               "led": "♣A", "legal": "♣D", "suit": "Kreuz", "game": "p"},
}  # fmt: skip


def _reply(child: Any, line: str) -> str:
    """Send ``line``; the text up to the next question."""
    child.sendline(line)
    child.expect(r"\n([^\r\n]*) >")
    return str(child.before).replace("\r", "").strip()


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_every_mistake_is_answered_in_german(deck: str, tmp_path: Path) -> None:
    """Seed 5: Bernd passes, You (Rearhand) bid against Anna, pick up the skat and play Spades
    (Grün / Pik); Anna leads ♦A (Sc-A), then ♣A (Ei-A)."""
    n = DECKS[deck]
    args = ["--plain", "--seed", "5", "--games", "1", "--lang", "de", "--deck", deck]
    child = spawn_play(args, tmp_path)
    child.setecho(False)
    child.expect(r"\n([^\r\n]*) >")
    replies = {
        "unknown": _reply(child, "fish"),
        "not a bid value": _reply(child, "17"),
        "hold while bidding": _reply(child, "y"),
    }
    _reply(child, "18")
    replies["not skat or hand"] = _reply(child, "kontra")
    replies["card before the skat"] = _reply(child, n["d8"])
    _reply(child, "s")
    replies["discard not held"] = _reply(child, f"{n['d8']} {n['not_held']}")
    replies["discard twice"] = _reply(child, f"{n['d8']} {n['d8']}")
    _reply(child, f"{n['d8']} {n['d7']}")
    _reply(child, n["game"])
    _reply(child, "y")
    replies["card not held"] = _reply(child, n["not_held"])
    replies["kontra"] = _reply(child, "kontra")
    replies["card number"] = _reply(child, "11")
    _reply(child, n["ha"])
    replies["not following"] = _reply(child, n["hq"])
    child.sendline("quit")
    child.expect("sicher")
    child.sendline("j")
    child.expect(pexpect.EOF)
    child.close()
    last = {k: v.splitlines()[-1] for k, v in replies.items()}
    assert last == {
        "unknown": "kein Reizwert, keine Karte, kein Befehl: 'fish' (hilfe zeigt sie)",
        "not a bid value": "17 ist kein Reizwert (nächster: 18)",
        "hold while bidding": "Du bist mit Reizen dran: sag einen Reizwert oder passe",
        "not skat or hand": "Nimm zuerst den Skat auf (s) oder spiele Hand (h)",
        "card before the skat": "Nimm zuerst den Skat auf (s) oder spiele Hand (h)",
        "discard not held": f"Du hast {n['not_held']} nicht",
        "discard twice": f"zwei verschiedene Karten, nicht zweimal {n['d8']}",
        "card not held": f"Du hast {n['not_held']} nicht",
        "kontra": "Kontra erlauben diese Regeln nicht",
        "card number": "Kartennummer 11: deine Karten haben die Nummern 1 bis 10",
        "not following": (
            f"{n['hq']} geht nicht: {n['suit']} ist zu bedienen "
            f"(ausgespielt {n['led']}; erlaubt: {n['legal']})"
        ),
    }
    for text in last.values():
        assert english_left(text) == set(), text
        assert not re.search(r"\b[CSHD][789TJQKA]\b", text), text


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--level", "nix"], "skat play: Fehler: unbekannte Spielstärke 'nix' (bekannt: random"),
        (["--games", "0"], "skat play: Fehler: --games muss 1 oder mehr sein, nicht 0"),
        (["--replay", "/dev/null"], "skat play: Fehler: kein Spiel zum Nachspielen"),
    ],
)
def test_the_errors_before_a_german_game_are_german(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from skat.cli.main import main

    assert main(["play", "--lang", "de", *argv]) == 2
    assert capsys.readouterr().err.startswith(said)
    assert main(["play", *argv]) == 2  # English without --lang de
    assert "Fehler" not in capsys.readouterr().err
