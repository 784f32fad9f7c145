"""Cards, the rules options and hand values (pagat.com and Wikipedia, Scat)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skat.thirtyone import SCAT, SCHWIMMEN, Card, Rules, RulesError, pack, parse_cards, value2
from skat.thirtyone.cards import CardError
from skat.thirtyone.hands import best_three, format_value, is_instant
from skat.thirtyone.rules import OPTIONS


def v(cards: str, rules: Rules = SCAT) -> str:
    return format_value(value2(parse_cards(cards), rules))


def test_pack_has_52_cards_or_32_from_seven_up() -> None:
    assert len(set(pack(52))) == 52
    small = pack(32)
    assert len(set(small)) == 32 and min(c.rank for c in small) == 7
    with pytest.raises(CardError):
        pack(40)


def test_card_spellings_name_the_same_card() -> None:
    assert Card.parse("S10") is Card.parse("ST") is Card.parse("♠10") is Card.parse("10s")
    assert Card.parse("CQ") is Card.parse("♣D")  # Dame
    with pytest.raises(CardError, match="not a card: 'X9'"):
        Card.parse("X9")


def test_card_values_ace_eleven_pictures_ten_others_pips() -> None:
    assert [Card.parse(c).points for c in ("HA", "HK", "HQ", "HJ", "H10", "H9", "H2")] == [
        11,
        10,
        10,
        10,
        10,
        9,
        2,
    ]


def test_hand_value_is_the_best_suit() -> None:
    assert v("HK H8 H5") == "23"
    assert v("SQ D9 D8") == "17"  # the diamonds beat the queen
    assert v("CA S6 S4") == "11"  # the ace beats the spades
    assert v("CJ H7 S4") == "10"
    assert v("HA HK H10") == "31"


def test_three_of_a_kind_counts_nothing_special_in_plain_scat() -> None:
    assert v("D7 H7 S7") == "7"


def test_three_of_a_kind_30_ties_with_three_ten_point_cards() -> None:
    rules = Rules(three_of_a_kind="30")
    assert value2(parse_cards("D7 H7 S7"), rules) == value2(parse_cards("HK HQ HJ"), rules)


def test_three_of_a_kind_30_and_a_half_beats_30_and_loses_to_31() -> None:
    rules = Rules(three_of_a_kind="30.5")
    half = value2(parse_cards("D7 H7 S7"), rules)
    assert format_value(half) == "30½"
    assert value2(parse_cards("HK HQ HJ"), rules) < half < value2(parse_cards("HA HK HQ"), rules)
    assert not is_instant(parse_cards("D7 H7 S7"), rules)


def test_straight_flush_counts_30_and_ace_king_queen_its_31() -> None:
    rules = Rules(straight_flush=True)
    assert v("S4 S5 S6", rules) == "30"
    assert v("S4 S5 S7", rules) == "16"
    assert v("S4 H5 S6", rules) == "10"
    assert v("SA SK SQ", rules) == "31"
    assert v("SA S2 S3", rules) == "16"  # the ace is high only


def test_feuer_three_aces_count_33_and_are_shown_at_once() -> None:
    rules = Rules(feuer=True)
    assert v("HA SA CA", rules) == "33"
    assert is_instant(parse_cards("HA SA CA"), rules)
    assert not is_instant(parse_cards("HA SA CA"), SCAT)


def test_best_three_discards_the_card_that_costs_least() -> None:
    card, kept, val = best_three(parse_cards("HA HK D2 H9"), SCAT)
    assert card == Card.parse("D2") and val == 60 and len(kept) == 3


def test_rules_string_round_trips_for_every_option() -> None:
    samples = {
        "pack": "32",
        "lives": "5",
        "county": "off",
        "three_of_a_kind": "30.5",
        "straight_flush": "on",
        "min_knock": "19",
        "throw_down": "on",
        "feuer": "on",
        "take_back": "off",
        "knocker_pays": "1",
        "stock_out": "draw",
        "turn": "swap",
        "swap_two": "on",
        "knocker_safe": "off",
    }
    assert set(samples) == {o.name for o in OPTIONS}
    for name, value in samples.items():
        extra = ",turn=swap" if name == "swap_two" else ""
        r = Rules.parse(f"scat,{name}={value}{extra}")
        assert Rules.parse(str(r)) == r
        assert r != SCAT, name


def test_schwimmen_preset_is_the_32_card_pack_with_30_and_a_half_and_feuer() -> None:
    r = Rules.parse("schwimmen")
    assert r == SCHWIMMEN and (r.pack, r.three_of_a_kind, r.feuer) == (32, "30.5", True)
    assert (r.turn, r.knocker_pays, r.knocker_safe) == ("swap", 1, False)
    assert str(replace(SCHWIMMEN, min_knock=21)) == "schwimmen,min_knock=21"
    scat32 = Rules(pack=32, three_of_a_kind="30.5", feuer=True)
    assert Rules.parse(str(scat32)) == scat32 and str(scat32).startswith("scat,")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("poker", "unknown rules preset 'poker'"),
        ("scat,pack=36", "rules option pack takes 52 or 32, not '36'"),
        ("scat,min_knock=40", "rules option min_knock takes a number 0..31, not '40'"),
        ("scat,feuer=maybe", "rules option feuer takes on or off, not 'maybe'"),
        ("scat,three_of_a_kind=29", "rules option three_of_a_kind takes off or 30 or 30.5"),
        ("scat,min_knock", "rules option min_knock needs a value"),
        ("scat,turn=trade", "rules option turn takes draw or swap, not 'trade'"),
        ("schwimmen,throw_down=on", "throw_down=on is a rule of the draw turn"),
        ("scat,swap_two=on", "swap_two=on is a rule of the Schwimmen turn: add turn=swap"),
        ("", "empty rules"),
    ],
)
def test_bad_rules_are_one_line_errors(text: str, message: str) -> None:
    with pytest.raises(RulesError) as info:
        Rules.parse(text)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_rules_accept_the_half_sign() -> None:
    assert Rules.parse("scat,three_of_a_kind=30½").three_of_a_kind == "30.5"


@given(
    st.fixed_dictionaries(
        {
            "pack": st.sampled_from([52, 32]),
            "lives": st.integers(1, 9),
            "county": st.booleans(),
            "three_of_a_kind": st.sampled_from(["off", "30", "30.5"]),
            "straight_flush": st.booleans(),
            "min_knock": st.integers(0, 31),
            "throw_down": st.booleans(),
            "feuer": st.booleans(),
            "knocker_safe": st.booleans(),
            "take_back": st.booleans(),
            "knocker_pays": st.integers(1, 2),
            "stock_out": st.sampled_from(["shuffle", "draw"]),
        }
    )
)
def test_rules_string_round_trips_for_any_combination(options: dict[str, object]) -> None:
    rules = Rules(**options)  # type: ignore[arg-type]
    assert Rules.parse(str(rules)) == rules
    if not rules.throw_down:
        for two in (False, True):
            swap = replace(rules, turn="swap", swap_two=two)
            assert Rules.parse(str(swap)) == swap


@given(st.lists(st.sampled_from(pack(52)), min_size=3, max_size=3, unique=True), st.booleans())
def test_a_hand_is_worth_at_least_its_best_card_and_at_most_31_or_feuer(
    cards: list[Card], variants: bool
) -> None:
    rules = Rules(three_of_a_kind="30.5", straight_flush=True, feuer=True) if variants else SCAT
    worth = value2(cards, rules)
    assert 2 * max(c.points for c in cards) <= worth <= (66 if variants else 62)
    assert worth == 62 or not is_instant(cards, SCAT)
