"""ISkO 3.3, 4 and 5: games and contracts, trump and rank orders, trick winners, matadors."""

from __future__ import annotations

import pytest

from skat.core import (
    CLUBS,
    DIAMONDS,
    GRAND,
    HEARTS,
    NULL,
    SPADES,
    Card,
    CardSet,
    Contract,
    ContractParseError,
    GameType,
    matadors,
)
from skat.core.contracts import (
    EFFECTIVE_SUIT,
    FOLLOW_MASKS,
    TRUMP_MASKS,
    TRUMP_ORDER,
    best_case_matadors,
    game_cards,
    trick_winner,
)


def names(indices: tuple[int, ...]) -> str:
    return " ".join(Card(i).name for i in indices)


def winner(game: GameType, trick: str) -> str:
    cards = [Card.parse(t) for t in trick.split()]
    return cards[trick_winner(game, (cards[0].index, cards[1].index, cards[2].index))].name


def follow(game: GameType, led: str, hand: str) -> CardSet:
    """The cards of ``hand`` that may be played to a trick led with ``led``."""
    mask = CardSet.parse(hand).mask
    return CardSet(mask & FOLLOW_MASKS[game][Card.parse(led).index] or mask)


# ----------------------------------------------------------------------------- games


def test_base_values_diamonds_9_hearts_10_spades_11_clubs_12_grand_24() -> None:
    assert [g.base_value for g in (DIAMONDS, HEARTS, SPADES, CLUBS, GRAND)] == [9, 10, 11, 12, 24]


def test_null_values_are_fixed_23_hand_35_ouvert_46_ouvert_hand_59() -> None:
    values = {code: Contract.parse(code).null_value for code in ("N", "NH", "NO", "NOH")}
    assert values == {"N": 23, "NH": 35, "NO": 46, "NOH": 59}


def test_game_names_in_english_and_german() -> None:
    assert [g.english for g in GameType] == [
        "Diamonds",
        "Hearts",
        "Spades",
        "Clubs",
        "Grand",
        "Null",
    ]
    assert [g.german for g in GameType] == ["Karo", "Herz", "Pik", "Kreuz", "Grand", "Null"]


# ----------------------------------------------------------------------------- contracts


def test_announcements_need_a_hand_game() -> None:
    with pytest.raises(ContractParseError, match="only in a Hand game"):
        Contract.make(CLUBS, schneider=True)
    with pytest.raises(ContractParseError, match="only in a Hand game"):
        Contract.parse("GZ")


def test_schwarz_announced_implies_schneider_announced() -> None:
    c = Contract.parse("CHZ")
    assert c.hand and c.schneider_announced and c.schwarz_announced and not c.ouvert
    assert str(c) == "CHSZ"


def test_suit_and_grand_ouvert_are_hand_with_schneider_and_schwarz_announced() -> None:
    for code in ("CO", "SO", "HO", "DO", "GO"):
        c = Contract.parse(code)
        assert c.hand and c.schneider_announced and c.schwarz_announced and c.ouvert
        assert str(c) == code
    assert Contract.make(GRAND, ouvert=True) is Contract.parse("GOHSZ")


def test_null_ouvert_may_be_with_or_without_pickup_and_null_has_no_schneider() -> None:
    assert not Contract.parse("NO").hand and Contract.parse("NOH").hand
    for code in ("NS", "NHZ", "NOHS"):
        with pytest.raises(ContractParseError):
            Contract.parse(code)


def test_there_are_29_distinct_contracts_five_per_suit_and_grand_four_nulls() -> None:
    # suit/Grand: plain, Hand, Hand Schneider, Hand Schwarz, Ouvert; Null: N, NH, NO, NOH
    codes = [c.code for c in Contract.all()]
    assert len(codes) == len(set(codes)) == 5 * 5 + 4
    assert set(codes) >= {"C", "CH", "CHS", "CHSZ", "CO", "N", "NH", "NO", "NOH"}


def test_contract_names_in_english_and_german() -> None:
    assert Contract.parse("CHS").describe() == "Clubs Hand Schneider announced"
    assert Contract.parse("CHS").describe("de") == "Kreuz Hand Schneider angesagt"
    assert Contract.parse("GHZ").describe() == "Grand Hand Schwarz announced"
    assert Contract.parse("GO").describe() == "Grand Ouvert"
    assert Contract.parse("NOH").describe() == "Null Ouvert Hand"
    assert Contract.parse("D").describe("de") == "Karo"


def test_contract_text_is_case_insensitive_and_modifiers_come_in_any_order() -> None:
    assert Contract.parse("chs") is Contract.parse("CSH") is Contract.parse(" CHS ")
    assert Contract.parse("NHO") is Contract.parse("NOH")


@pytest.mark.parametrize("text", ["", "X", "CC", "CHH", "CQ", "C H", "Grand"])
def test_a_text_that_is_no_contract_is_refused_naming_it(text: str) -> None:
    with pytest.raises(ContractParseError, match="not a contract") as info:
        Contract.parse(text)
    assert repr(text) in str(info.value)


# ----------------------------------------------------------------------------- trumps and order


def test_suit_game_trump_order_is_cj_sj_hj_dj_then_a_10_k_q_9_8_7_of_the_suit() -> None:
    assert names(TRUMP_ORDER[HEARTS]) == "CJ SJ HJ DJ HA HT HK HQ H9 H8 H7"
    assert names(TRUMP_ORDER[CLUBS]) == "CJ SJ HJ DJ CA CT CK CQ C9 C8 C7"


def test_a_suit_game_has_11_trumps_grand_4_null_none() -> None:
    assert [len(CardSet(TRUMP_MASKS[g])) for g in GameType] == [11, 11, 11, 11, 4, 0]


def test_trumps_beat_each_other_in_the_trump_order() -> None:
    order = [Card(i).name for i in TRUMP_ORDER[SPADES]]
    for higher in range(len(order)):
        for lower in range(higher + 1, len(order)):
            trick = f"{order[lower]} {order[higher]} H7"
            assert winner(SPADES, trick) == order[higher], trick


def test_jacks_are_trumps_not_their_printed_suit() -> None:
    # Hearts game: spades are led; the spade jack is a trump, so it does not follow spades...
    assert follow(HEARTS, "SA", "SJ S7 D8") == CardSet.parse("S7")
    # ...a player without another spade may play anything, and the jack then trumps
    assert follow(HEARTS, "SA", "SJ D8") == CardSet.parse("SJ D8")
    assert winner(HEARTS, "SA ST SJ") == "SJ"
    # a jack led calls for trumps
    assert follow(HEARTS, "DJ", "HA S7 C7") == CardSet.parse("HA")
    assert follow(HEARTS, "HA", "CJ S7") == CardSet.parse("CJ")
    assert (
        EFFECTIVE_SUIT[CLUBS][Card.parse("DJ").index]
        == EFFECTIVE_SUIT[CLUBS][Card.parse("C7").index]
    )


def test_plain_suits_rank_a_10_k_q_9_8_7_in_suit_and_grand_games() -> None:
    order = ["DA", "DT", "DK", "DQ", "D9", "D8", "D7"]
    for game in (CLUBS, GRAND):
        for hi in range(len(order)):
            for lo in range(hi + 1, len(order)):
                assert winner(game, f"{order[lo]} {order[hi]} H7") == order[hi]


def test_grand_only_the_four_jacks_are_trumps_a_fifth_suit() -> None:
    assert names(TRUMP_ORDER[GRAND]) == "CJ SJ HJ DJ"
    assert follow(GRAND, "CA", "CJ C7 D8") == CardSet.parse("C7")
    assert follow(GRAND, "CA", "CJ D8") == CardSet.parse("CJ D8")
    assert follow(GRAND, "DJ", "C7 SJ") == CardSet.parse("SJ")
    assert winner(GRAND, "CA DJ CT") == "DJ"
    assert winner(GRAND, "HA CA SA") == "HA"


def test_null_has_no_trumps_and_ranks_a_k_q_j_10_9_8_7() -> None:
    order = ["CA", "CK", "CQ", "CJ", "CT", "C9", "C8", "C7"]
    for hi in range(len(order)):
        for lo in range(hi + 1, len(order)):
            assert winner(NULL, f"{order[lo]} {order[hi]} D7") == order[hi]
    assert winner(NULL, "H7 CJ SJ") == "H7"
    assert [c.name for c in game_cards(NULL)][:8] == order


def test_null_jacks_belong_to_their_printed_suits() -> None:
    assert follow(NULL, "H7", "HJ CJ D8") == CardSet.parse("HJ")
    assert follow(NULL, "CJ", "SJ C7") == CardSet.parse("C7")
    assert follow(NULL, "CJ", "SJ D7") == CardSet.parse("SJ D7")


def test_highest_trump_wins_else_highest_card_of_the_led_suit() -> None:
    assert winner(CLUBS, "HA H7 C7") == "C7"  # the lowest trump beats the led ace
    assert winner(CLUBS, "HA DJ C7") == "DJ"
    assert winner(CLUBS, "H7 HA ST") == "HA"  # off-suit ten does not win
    assert winner(CLUBS, "H7 SA DA") == "H7"  # nobody followed: the led card wins
    assert winner(DIAMONDS, "HT HK HA") == "HA"


def test_game_cards_show_trumps_first() -> None:
    assert [c.name for c in game_cards(DIAMONDS)][:12] == (
        ["CJ", "SJ", "HJ", "DJ", "DA", "DT", "DK", "DQ", "D9", "D8", "D7", "CA"]
    )


# ----------------------------------------------------------------------------- matadors


@pytest.mark.parametrize(
    ("game", "held", "expected"),
    [
        (CLUBS, "CJ SJ", 2),  # Wikipedia, Skat (card game): with 2
        (CLUBS, "CJ HJ", 1),  # with 1, counting interrupted by the missing SJ
        (CLUBS, "CJ SJ HJ DJ", 4),
        (CLUBS, "CJ SJ HJ DJ CA", 5),  # all jacks and the ace but not the ten: with 5
        (HEARTS, "HJ DJ", -2),  # without 2
        (HEARTS, "HJ", -2),  # HJ alone: also without 2
        (DIAMONDS, "DJ", -3),
        (GRAND, "DJ", -3),
        (GRAND, "CJ SJ HJ DJ", 4),
        (GRAND, "HA HT", -4),
        (SPADES, "CJ SJ HJ DJ SA ST SK SQ S9 S8 S7", 11),
        (SPADES, "HA HT HK HQ H9 H8 H7 DA DT DK DQ D9", -11),
        (NULL, "CJ SJ", 0),
    ],
)
def test_matadors_run_from_the_club_jack_with_or_without(
    game: GameType, held: str, expected: int
) -> None:
    assert matadors(game, CardSet.parse(held).mask) == expected


def test_matadors_run_from_1_to_11_in_suit_games_and_1_to_4_in_grand() -> None:
    for game, top in ((CLUBS, 11), (GRAND, 4)):
        order = TRUMP_ORDER[game]
        for n in range(1, top + 1):
            with_n = sum(1 << i for i in order[:n])
            assert matadors(game, with_n) == n
            # without n: the n top trumps missing, the next one held
            held = 1 << order[n] if n < top else 0
            assert matadors(game, held) == -n


def test_best_case_matadors_lets_the_unseen_skat_fill_the_top_of_the_run() -> None:
    assert best_case_matadors(CLUBS, CardSet.parse("CJ HJ").mask) == 4  # SJ, DJ in the skat
    assert best_case_matadors(CLUBS, CardSet.parse("CJ").mask) == 3
    assert best_case_matadors(GRAND, CardSet.parse("DJ").mask) == 3  # without 3
    assert best_case_matadors(GRAND, CardSet.parse("SJ").mask) == 3  # CJ, HJ in the skat: with 3
    assert best_case_matadors(CLUBS, CardSet.parse("CJ SJ").mask, unknown=0) == 2
    assert best_case_matadors(NULL, CardSet.parse("CJ").mask) == 0
