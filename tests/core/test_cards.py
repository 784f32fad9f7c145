"""ISkO 1: the 32 cards, their card points (Augen) and every notation players use."""

from __future__ import annotations

import pytest

from skat.core import CARDS, Card, CardParseError, CardSet, Rank, Suit
from skat.core.cards import JACKS_MASK, SUIT_MASKS, cards_of, points_of, sorted_cards


def test_the_pack_has_32_cards_four_suits_of_eight_ranks() -> None:
    assert len(CARDS) == 32
    assert len({(c.suit, c.rank) for c in CARDS}) == 32
    assert {c.suit for c in CARDS} == set(Suit)
    assert {c.rank for c in CARDS} == set(Rank)
    assert len(CardSet.all()) == 32


@pytest.mark.parametrize(
    ("rank", "points"),
    [
        (Rank.ACE, 11),
        (Rank.TEN, 10),
        (Rank.KING, 4),
        (Rank.QUEEN, 3),
        (Rank.JACK, 2),
        (Rank.NINE, 0),
        (Rank.EIGHT, 0),
        (Rank.SEVEN, 0),
    ],
)
def test_card_points_ace_11_ten_10_king_4_queen_3_jack_2_nine_eight_seven_0(
    rank: Rank, points: int
) -> None:
    assert rank.points == points
    assert all(Card.of(suit, rank).points == points for suit in Suit)


def test_card_points_of_the_whole_pack_total_120() -> None:
    assert sum(c.points for c in CARDS) == 120
    assert CardSet.all().points == 120
    assert points_of(0xFFFFFFFF) == 120


def test_each_suit_holds_30_card_points_jack_included() -> None:
    for suit in Suit:
        assert CardSet(SUIT_MASKS[suit]).points == 30


def test_card_index_is_suit_times_eight_plus_rank_with_jacks_highest_in_each_byte() -> None:
    for card in CARDS:
        assert card.index == 8 * card.suit + card.rank
        assert card.bit == 1 << card.index
    assert CardSet(JACKS_MASK) == CardSet.parse("CJ SJ HJ DJ")
    assert CardSet(SUIT_MASKS[Suit.HEARTS]) == CardSet.parse("HA HT HK HQ HJ H9 H8 H7")


def test_cards_are_interned_and_immutable() -> None:
    assert Card(31) is Card.parse("CJ") is Card.of(Suit.CLUBS, Rank.JACK)
    with pytest.raises(AttributeError):
        Card.parse("CJ").points = 11  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "name"),
    [("CJ", "CJ"), ("ST", "ST"), ("H7", "H7"), ("DA", "DA"), ("SQ", "SQ"), ("HK", "HK")],
)
def test_iss_notation_is_suit_letter_then_rank_letter_with_t_for_ten(text: str, name: str) -> None:
    card = Card.parse(text)
    assert str(card) == card.name == name
    assert Card.parse(text.lower()) is card


@pytest.mark.parametrize(
    ("text", "name"),
    [("♣J", "CJ"), ("♠10", "ST"), ("♥7", "H7"), ("♦A", "DA"), ("10♥", "HT"), ("♧Q", "CQ")],
)
def test_symbol_notation_uses_suit_symbols_and_10_for_the_ten(text: str, name: str) -> None:
    assert Card.parse(text).name == name


def test_symbol_output_is_suit_symbol_then_printed_rank() -> None:
    assert [Card.parse(t).symbol for t in ("CJ", "ST", "H7", "DA")] == ["♣J", "♠10", "♥7", "♦A"]
    assert CardSet.parse("CJ ST H7").symbols() == "♣J ♠10 ♥7"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Kreuz-Bube", "CJ"),
        ("Pik-Zehn", "ST"),
        ("Herz-Dame", "HQ"),
        ("Karo-Ass", "DA"),
        ("Karo-As", "DA"),
        ("Herz-König", "HK"),
        ("Pik-Sieben", "S7"),
        ("kreuz-bube", "CJ"),
    ],
)
def test_german_names_of_the_french_pack(text: str, name: str) -> None:
    assert Card.parse(text).name == name


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Eichel-Unter", "CJ"),
        ("Grün-Ober", "SQ"),
        ("Blatt-Daus", "SA"),
        ("Rot-Daus", "HA"),
        ("Schellen-Sieben", "D7"),
        ("Eichel-Zehn", "CT"),
        ("Schellen-König", "DK"),
    ],
)
def test_german_pack_names_daus_is_ace_ober_is_queen_unter_is_jack(text: str, name: str) -> None:
    assert Card.parse(text).name == name


def test_german_and_english_names_are_written_for_every_card() -> None:
    assert Card.parse("CJ").german == "Kreuz-Bube"
    assert Card.parse("ST").german == "Pik-Zehn"
    assert Card.parse("CJ").german_pack == "Eichel-Unter"
    assert Card.parse("HA").german_pack == "Rot-Daus"
    assert Card.parse("SQ").german_pack == "Grün-Ober"
    assert Card.parse("DT").english == "Ten of Diamonds"


def test_every_card_reads_back_from_every_notation_it_is_written_in() -> None:
    for card in CARDS:
        for text in (card.name, card.symbol, card.german, card.german_pack, card.english):
            assert Card.parse(text) is card, text


@pytest.mark.parametrize("text", ["CX", "", "C", "J", "C11", "Kreuz-Elf", "Joker", "1C"])
def test_a_text_that_is_no_card_is_refused_naming_it(text: str) -> None:
    with pytest.raises(CardParseError, match="not a card") as info:
        Card.parse(text)
    assert repr(text) in str(info.value)


def test_card_lists_are_separated_by_spaces_commas_or_dots() -> None:
    expected = CardSet.parse("CJ ST H7")
    for text in (
        "CJ,ST,H7",
        "CJ.ST.H7",
        "  CJ  ST\tH7 ",
        "♣J ♠10 ♥7",
        "Kreuz-Bube Pik-Zehn Herz-Sieben",
    ):
        assert CardSet.parse(text) == expected


def test_a_card_given_twice_in_a_list_is_refused_naming_it() -> None:
    with pytest.raises(CardParseError, match="card given twice: 'CJ'"):
        CardSet.parse("CJ SJ CJ")


def test_card_sets_are_written_jacks_first_then_clubs_spades_hearts_diamonds_a_10_k_q_9_8_7() -> (
    None
):
    s = CardSet.parse("D7 HJ CA CJ DT ST S9 HK")
    assert str(s) == "CJ HJ CA ST S9 HK DT D7"
    assert [c.name for c in sorted_cards(CardSet.all().mask)][:8] == [
        "CJ",
        "SJ",
        "HJ",
        "DJ",
        "CA",
        "CT",
        "CK",
        "CQ",
    ]
    assert [c.name for c in cards_of(s.mask)] == ["D7", "DT", "HK", "HJ", "S9", "ST", "CA", "CJ"]


def test_card_set_operations_follow_set_semantics() -> None:
    a, b = CardSet.parse("CJ SJ HA"), CardSet.parse("HA D7")
    assert a | b == CardSet.parse("CJ SJ HA D7")
    assert a & b == CardSet.parse("HA")
    assert a - b == CardSet.parse("CJ SJ")
    assert a ^ b == CardSet.parse("CJ SJ D7")
    assert CardSet.parse("CJ") <= a and not a <= b
    assert a.isdisjoint(CardSet.parse("D8")) and not a.isdisjoint(b)
    assert Card.parse("HA") in a and Card.parse("D7") not in a
    assert len(a) == 3 and a.points == 15 and bool(a) and not CardSet()


def test_card_set_repr_evaluates_back() -> None:
    s = CardSet.parse("CJ HA D7")
    assert eval(repr(s), {"CardSet": CardSet}) == s
    assert eval(repr(Card.parse("ST")), {"Card": Card}) is Card.parse("ST")


def test_card_set_mask_is_32_bits() -> None:
    with pytest.raises(CardParseError):
        CardSet(1 << 32)
    with pytest.raises(CardParseError):
        CardSet(-1)
