"""ISkO 3.1: the bid ladder and the complete auction (Reizen)."""

from __future__ import annotations

import pytest

from skat.core import (
    BID_VALUES,
    FOREHAND,
    HOLD,
    MIDDLEHAND,
    PASS,
    REARHAND,
    Bid,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    next_bid,
)
from skat.core.bidding import spoken
from skat.core.steps import spelled_out

from ._support import DEAL, legal, play

RULES_MD_BIDS = (
    "18 20 22 23 24 27 30 33 35 36 40 44 45 46 48 50 54 55 59 60 63 66 70 72 77 80 81 84 88 90 96 99 "
    "100 108 110 117 120 121 126 130 132 135 140 143 144 150 153 154 156 160 162 165 168 170 176 180 "
    "187 192 198 204 216 240 264"
)


def test_legal_bids_are_exactly_the_possible_game_values_listed_in_the_rules() -> None:
    assert tuple(int(v) for v in RULES_MD_BIDS.split()) == BID_VALUES


def test_every_bid_is_a_suit_or_grand_value_or_a_null_value() -> None:
    suit = {base * level for base in (9, 10, 11, 12) for level in range(2, 19)}
    grand = {24 * level for level in range(2, 12)}
    null = {23, 35, 46, 59}
    assert set(BID_VALUES) == suit | grand | null


def test_lowest_bid_is_18_and_highest_264() -> None:
    assert BID_VALUES[0] == 18 and BID_VALUES[-1] == 264
    assert next_bid(0) == 18 and next_bid(18) == 20 and next_bid(263) == 264
    assert next_bid(264) is None


def test_spoken_shorthand_is_18_20_2_0_4_7_30() -> None:
    words = [spoken(v) for v in (18, 20, 22, 23, 24, 27, 30)]
    assert words == ["achtzehn", "zwanzig", "zwei", "null", "vier", "sieben", "dreißig"]


def test_a_value_off_the_ladder_is_no_bid_and_the_error_names_the_next_one() -> None:
    with pytest.raises(ValueError, match="19 is not a bid value \\(next: 20\\)"):
        Bid.of(19)
    with pytest.raises(IllegalActionError, match="19 is not a bid value"):
        GameState(DEAL).apply("19")


# ----------------------------------------------------------------------------- the auction


def test_middlehand_bids_first_to_forehand() -> None:
    state = GameState(DEAL)
    assert state.phase == Phase.BIDDING and state.to_move == MIDDLEHAND
    assert legal(state) == [*RULES_MD_BIDS.split(), "p"]


def test_forehand_answers_a_bid_with_hold_or_pass_only() -> None:
    state = play(DEAL, "18")
    assert state.to_move == FOREHAND
    assert state.legal_actions() == [HOLD, PASS]
    with pytest.raises(IllegalActionError, match="Forehand answers the bid: hold \\(y\\) or pass"):
        state.validate("20")


def test_the_bidder_cannot_hold_he_must_say_a_value_or_pass() -> None:
    with pytest.raises(
        IllegalActionError, match="Middlehand is bidding and must say a value or pass"
    ):
        GameState(DEAL).validate("y")


def test_after_a_hold_the_bidder_raises_or_passes() -> None:
    state = play(DEAL, "18 y")
    assert state.to_move == MIDDLEHAND
    assert legal(state)[0] == "20" and legal(state)[-1] == "p"


def test_a_bid_must_be_higher_than_the_highest_bid_so_far() -> None:
    state = play(DEAL, "20 y")
    for too_low in ("18", "20"):
        with pytest.raises(
            IllegalActionError, match=f"bid {too_low} is not above the current bid 20"
        ):
            state.validate(too_low)
    state.apply("22")
    assert state.bid == 22


def test_jump_bids_are_allowed() -> None:
    state = play(DEAL, "48 y 100")
    assert state.bid == 100 and state.to_move == FOREHAND


def test_only_the_seat_to_move_may_bid() -> None:
    state = GameState(DEAL)
    with pytest.raises(IllegalActionError, match="it is Middlehand's turn, not Rearhand's"):
        state.apply("18", seat=REARHAND)


def test_when_forehand_passes_rearhand_bids_to_middlehand() -> None:
    state = play(DEAL, "18 p")
    assert state.to_move == REARHAND
    state.apply("20")
    assert state.to_move == MIDDLEHAND and state.legal_actions() == [HOLD, PASS]


def test_when_middlehand_passes_rearhand_bids_to_forehand() -> None:
    state = play(DEAL, "20 y p")
    assert state.to_move == REARHAND
    state.apply("22")
    assert state.to_move == FOREHAND and state.legal_actions() == [HOLD, PASS]


def test_rearhand_must_bid_above_the_bid_the_survivor_held() -> None:
    state = play(DEAL, "20 y p")
    assert legal(state)[0] == "22"
    with pytest.raises(IllegalActionError, match="bid 20 is not above the current bid 20"):
        state.validate("20")


def test_the_survivor_declares_at_the_held_bid_when_rearhand_passes() -> None:
    state = play(DEAL, "18 y 20 y p p")
    assert state.phase == Phase.SKAT and state.declarer == FOREHAND and state.bid == 20


def test_rearhand_who_outbids_the_survivor_declares_at_the_highest_accepted_bid() -> None:
    state = play(DEAL, "20 y p 22 y 27 p")
    assert state.declarer == REARHAND and state.bid == 27


def test_a_survivor_who_holds_the_last_bid_declares() -> None:
    state = play(DEAL, "18 p 20 y 22 y p")
    assert state.declarer == MIDDLEHAND and state.bid == 22


def test_middlehand_declares_when_forehand_and_rearhand_pass() -> None:
    state = play(DEAL, "18 p p")
    assert state.declarer == MIDDLEHAND and state.bid == 18
    assert state.to_move == MIDDLEHAND


def test_rearhand_declares_when_middlehand_passes_without_a_bid_and_forehand_passes() -> None:
    state = play(DEAL, "p 18 p")
    assert state.declarer == REARHAND and state.bid == 18


def test_forehand_may_play_at_18_after_two_passes() -> None:
    state = play(DEAL, "p p")
    assert state.to_move == FOREHAND and state.phase == Phase.BIDDING
    assert legal(state) == [*RULES_MD_BIDS.split(), "p"]
    with pytest.raises(IllegalActionError, match="is bidding"):
        state.validate("y")
    state.apply("18")
    assert state.declarer == FOREHAND and state.bid == 18 and state.phase == Phase.SKAT


def test_forehand_alone_may_also_name_a_higher_bid_that_then_binds_him() -> None:
    state = play(DEAL, "p p 24")
    assert state.declarer == FOREHAND and state.bid == 24


def test_forehand_picks_up_the_skat_after_two_passes_the_pick_up_says_18() -> None:
    # ISkO 3.2: when Middlehand and Rearhand pass, Forehand may play; taking the skat declares
    # the game at the lowest value, so "s" stands for "18" and "s" (the record says both)
    for rules in ("isko", "old", "pub"):
        state = play(DEAL, "p p", rules=Rules.parse(rules))
        steps = spelled_out(state, "s")
        assert [str(a) for a in steps] == ["18", "s"]
        for action in steps:
            state.apply(action)
        assert [str(e.action) for e in state.history] == ["p", "p", "18", "s"]
        assert state.declarer == FOREHAND and state.bid == 18 and state.phase == Phase.DISCARD


def test_only_forehand_alone_picks_up_before_a_bid() -> None:
    for before in ("", "18"):  # Middlehand before anybody passed; Forehand answering a bid
        state = play(DEAL, before)
        assert [str(a) for a in spelled_out(state, "s")] == ["s"]
        with pytest.raises(IllegalActionError, match="the auction is on"):
            state.apply("s")


def test_passed_out_game_when_all_three_pass() -> None:
    state = play(DEAL, "p p p")
    assert state.is_over and state.declarer is None and state.contract is None
    result = state.result
    assert result is not None and result.passed and result.score == 0
    assert result.explain() == "passed in" and result.explain("de") == "eingepasst"
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.validate("18")


def test_after_264_only_pass_remains() -> None:
    state = play(DEAL, "264 y")
    assert state.legal_actions() == [PASS]
    state.apply("p")
    assert state.to_move == REARHAND and state.legal_actions() == [PASS]
    state.apply("p")
    assert state.declarer == FOREHAND and state.bid == 264


def test_no_card_play_or_declaration_during_the_auction() -> None:
    state = GameState(DEAL)
    for text in ("CJ", "G", "s", "SC"):
        with pytest.raises(IllegalActionError):
            state.validate(text)


def test_seed_example_clara_holds_to_24_and_declares() -> None:
    # Wikipedia, Skat (card game): Anna deals (Rearhand), Bernard is Forehand, Clara Middlehand.  Clara: 18, Bernard:
    # yes, 20 yes, 22 pass; Anna: 23, Clara: yes, 24 yes, Anna: pass -> Clara declares at 24.
    state = play(DEAL, "18 y 20 y 22 p 23 y 24 y p")
    assert state.declarer == MIDDLEHAND and state.bid == 24


def test_seed_example_bernard_passes_at_once_and_clara_holds_two_calls() -> None:
    # Wikipedia, Skat (card game): Clara calls to Bernard, who passes; Anna makes two calls to Clara, who accepts
    # both; Anna passes: Clara is declarer.
    state = play(DEAL, "18 p 20 y 22 y p")
    assert state.declarer == MIDDLEHAND and state.bid == 22
