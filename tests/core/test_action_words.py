"""The words of every action kind live in the core (describe), in English and German."""

from __future__ import annotations

from skat.core.actions import (
    ACTION_KINDS,
    HOLD,
    KONTRA,
    LAY_OPEN,
    PASS,
    SCHENKEN,
    SHOW_CARDS,
    SPITZEN,
    Action,
    Resign,
    Violation,
    describe,
    parse_action,
)


def _examples() -> list[Action]:
    table_events: list[Action] = [SHOW_CARDS, Resign(0), SCHENKEN[1], Violation(2, "revoke")]
    return [kind.ids[0] for kind in ACTION_KINDS if kind.ids] + table_events


def test_action_words_every_kind_has_words_in_english_and_german() -> None:
    examples = _examples()
    assert {type(a) for a in examples} == {kind.type for kind in ACTION_KINDS}
    for action in examples:
        en, de = describe(action, "en"), describe(action, "de")
        assert en and de and en != str(action), action
        assert en != de, action


def test_action_words_are_the_sentences_players_read() -> None:
    assert describe(SPITZEN[2]) == "announce Spitze with 2 trumps"
    assert describe(SPITZEN[2], "de") == "Spitze mit 2 Trümpfen ansagen"
    assert describe(SPITZEN[1], "de") == "Spitze mit 1 Trumpf ansagen"
    assert (describe(HOLD, "de"), describe(PASS, "de")) == ("ja", "passe")
    assert describe(KONTRA) == "say Kontra" and describe(LAY_OPEN, "de") == "offen spielen"
    assert describe(parse_action("CHS"), "de") == "Kreuz Hand Schneider angesagt ansagen"
    assert describe(Resign(0, consent=1), "de") == "aufgeben (mit Zustimmung von Mittelhand)"
