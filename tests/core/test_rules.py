"""The rules a game is played under: presets and their string form (ISkO 4-5 and docs/rules.md)."""

from __future__ import annotations

import pytest

from skat.core import ISKO, ISS, ISS2, OLD, PRESETS, Rules, RulesError


def test_the_default_rules_are_the_isko() -> None:
    assert Rules() == ISKO == Rules.parse("isko")
    assert ISKO.claim == "isko" and ISKO.resign == "one" and ISKO.resign_levels == "isko"
    assert not ISKO.lost_hand_single and ISKO.grand_ouvert_base == 24


def test_iss_presets_make_showing_cards_no_claim() -> None:
    assert ISS.claim == "iss" and ISS.resign == "both" and ISS.resign_levels == "rest"
    assert ISS2.claim == "iss" and ISS2.resign == "after_claim"


def test_old_rules_count_lost_hand_games_single_and_grand_ouvert_at_36() -> None:
    assert OLD.lost_hand_single and OLD.grand_ouvert_base == 36


def test_every_preset_is_written_as_its_name_and_reads_back() -> None:
    for name, rules in PRESETS.items():
        assert str(rules) == name
        assert Rules.parse(name) == rules
        assert Rules.parse(name.upper()) == rules


def test_options_differing_from_the_preset_are_written_after_it_and_read_back() -> None:
    r = Rules.parse("isko,lost_hand_single=on")
    assert r.lost_hand_single and str(r) == "isko,lost_hand_single=on"
    assert Rules.parse(str(r)) == r
    r = Rules.parse(" iss , resign = after_claim ")
    assert r == ISS2 and str(r) == "iss2"
    assert Rules.parse("isko,grand_ouvert_base=36,lost_hand_single=yes") == OLD


def test_rules_are_frozen() -> None:
    with pytest.raises(AttributeError):
        ISKO.claim = "iss"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty rules string"),
        ("fun", "unknown rules preset 'fun'"),
        ("isko,kontra_x=on", "unknown rules option 'kontra_x'"),
        ("isko,supra=on", "rules option supra=on needs kontra=on"),
        ("isko,jungfrau=off", "rules option jungfrau=off needs ramsch=on"),
        ("isko,bock=on,bock_triggers=6060+never", "bock_triggers takes"),
        ("isko,claim", "rules option without a value: 'claim'"),
        ("isko,claim=maybe", "claim takes isko or iss, not 'maybe'"),
        ("isko,resign=all", "resign takes one or both or after_claim"),
        ("isko,lost_hand_single=perhaps", "lost_hand_single takes on or off, not 'perhaps'"),
        ("isko,grand_ouvert_base=x", "grand_ouvert_base takes a number, not 'x'"),
        ("isko,grand_ouvert_base=20", "grand_ouvert_base takes 24 or 36"),
        ("isko,claim=iss,claim=isko", "rules option 'claim' given twice"),
    ],
)
def test_bad_rules_strings_are_refused_naming_the_bad_part(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("(", "\\(")):
        Rules.parse(text)


def test_word_options_take_exactly_the_values_of_their_literal_type() -> None:
    from typing import get_args, get_type_hints

    from skat.core.rules import OPTIONS, Rules

    hints = get_type_hints(Rules)
    words = [o for o in OPTIONS if isinstance(o.default, str)]
    assert len(words) == 14
    for option in words:
        assert option.choices == get_args(hints[option.name]), option.name
