"""ISkO 4: the card play through the game state."""

from __future__ import annotations

import pytest

from skat.core import FOREHAND, MIDDLEHAND, REARHAND, CardSet, IllegalActionError, Phase

from ._support import DEAL, legal, make_deal, play, play_out

# DEAL:  Forehand   CJ SJ HA HT HK H8 H7 D9 D8 D7
#        Middlehand CA CT CK CQ C9 SA ST SK SQ S9
#        Rearhand   HJ DJ C8 C7 S8 S7 HQ H9 DA DT      skat DK DQ
HEARTS_HAND = "18 y p p HH"  # Forehand plays Hearts Hand

# Forehand holds only sevens, eights and nines: he can never take a trick in Null.
NULL_DEAL = make_deal(
    "D7 D8 D9 H7 H8 H9 S7 S8 S9 C7",
    "DA DK DQ HA HK HQ SA SK SQ CA",
    "DJ DT HJ HT SJ ST CK CQ CJ CT",
    "C8 C9",
)


def test_forehand_leads_the_first_trick_even_when_another_seat_declares() -> None:
    state = play(DEAL, "18 p p GH")  # Middlehand declares Grand Hand
    assert state.declarer == MIDDLEHAND and state.to_move == FOREHAND
    with pytest.raises(IllegalActionError, match="it is Forehand's turn, not Middlehand's"):
        state.apply("CA", seat=MIDDLEHAND)
    assert len(legal(state)) == 10  # any card may be led


def test_the_trick_winner_leads_the_next_trick() -> None:
    state = play(DEAL, f"{HEARTS_HAND} D7 CA DA")
    (trick,) = state.tricks
    assert (trick.leader, trick.winner, trick.points) == (FOREHAND, REARHAND, 22)
    assert [c.name for c in trick.cards] == ["D7", "CA", "DA"]
    assert state.to_move == REARHAND and state.trick_leader == REARHAND


def test_a_player_must_follow_the_led_suit() -> None:
    state = play(DEAL, f"{HEARTS_HAND} D7 CA")
    assert legal(state) == ["DT", "DA"]
    with pytest.raises(
        IllegalActionError, match="Rearhand must follow Diamonds \\(led D7\\), not C8"
    ):
        state.apply("C8")


def test_a_player_who_cannot_follow_may_play_any_card() -> None:
    state = play(DEAL, f"{HEARTS_HAND} D7")
    assert len(legal(state)) == 10  # Middlehand has no diamond


def test_a_trump_lead_calls_for_trumps_jacks_included() -> None:
    state = play(DEAL, f"{HEARTS_HAND} HA CA")
    assert set(legal(state)) == {"H9", "HQ", "DJ", "HJ"}
    with pytest.raises(IllegalActionError, match="Rearhand must follow trump \\(led HA\\), not DA"):
        state.validate("DA")


def test_a_jack_is_no_card_of_its_printed_suit_in_a_suit_game() -> None:
    # Clubs Hand: after Rearhand wins the first trick he leads a spade; Forehand's SJ is a trump,
    # so Forehand has no spade and may play any card
    state = play(DEAL, "18 y p p CH D7 S9 DA S8")
    assert state.to_move == FOREHAND and len(legal(state)) == 9
    # a jack led calls for trumps: Middlehand must play clubs, not any card
    state = play(DEAL, "18 y p p CH SJ")
    assert legal(state) == ["C9", "CQ", "CK", "CT", "CA"]


def test_grand_jacks_form_a_fifth_suit() -> None:
    state = play(DEAL, "18 y p p GH CJ")
    assert len(legal(state)) == 10  # Middlehand holds no jack
    state.apply("S9")
    assert legal(state) == ["DJ", "HJ"]
    state.apply("HJ")
    assert state.tricks[-1].winner == FOREHAND


def test_null_jacks_follow_their_printed_suit() -> None:
    state = play(DEAL, "18 y p p NH H7 CA")
    assert legal(state) == ["H9", "HQ", "HJ"]


def test_null_ends_at_the_declarers_first_trick() -> None:
    state = play(DEAL, "18 y p p NH HA SA H9")
    assert state.is_over and len(state.tricks) == 1
    result = state.result
    assert result is not None and not result.won and result.tricks == 1
    assert result.value == 35 and result.score == -70


def test_null_is_won_when_the_declarer_takes_no_trick() -> None:
    state = play_out(play(NULL_DEAL, "18 y p p NH"))
    assert len(state.tricks) == 10
    result = state.result
    assert result is not None and result.won and result.tricks == 0 and result.score == 35


def test_schwarz_announced_ends_at_the_defenders_first_trick() -> None:
    state = play(DEAL, "18 y p p HHZ D7 CA DA")
    assert state.is_over and len(state.tricks) == 1
    result = state.result
    assert result is not None and not result.won and result.defender_tricks == 1


def test_suit_ouvert_ends_at_the_defenders_first_trick() -> None:
    state = play(DEAL, "18 y p p HO D7 CA DA")
    assert state.is_over
    result = state.result
    assert result is not None and not result.won


def test_schneider_announced_alone_is_played_on_after_a_defenders_trick() -> None:
    state = play(DEAL, "18 y p p HHS D7 CA DA")
    assert state.phase == Phase.PLAY and state.to_move == REARHAND


def test_ouvert_declarers_cards_lie_open_before_the_first_card_is_led() -> None:
    for code in ("HO", "NOH"):
        state = play(DEAL, f"18 y p p {code}")
        assert state.current_trick == () and not state.tricks
        for seat in (MIDDLEHAND, REARHAND):
            assert state.view(seat).open_hand == state.hand(FOREHAND)
        assert state.view(FOREHAND).open_hand is None  # he sees his own hand anyway
    state = play(DEAL, "18 y p p s D7.D8 NO")
    assert state.view(MIDDLEHAND).open_hand == state.hand(FOREHAND)
    assert play(DEAL, HEARTS_HAND).view(MIDDLEHAND).open_hand is None


def test_a_game_ends_after_ten_tricks() -> None:
    state = play_out(play(DEAL, HEARTS_HAND))
    assert state.is_over and len(state.tricks) == 10
    assert all(state.hand(s) == CardSet() for s in range(3))
    assert sum(t.points for t in state.tricks) + state.skat.points == 120


def test_no_card_may_be_played_after_the_end() -> None:
    state = play(DEAL, "18 y p p NH HA SA H9")
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.validate("CA")
    assert state.legal_actions() == [] and state.end_actions() == []


def test_a_player_cannot_play_a_card_he_does_not_hold() -> None:
    state = play(DEAL, HEARTS_HAND)
    with pytest.raises(IllegalActionError, match="Forehand does not hold SA"):
        state.apply("Pik-Ass")
    with pytest.raises(IllegalActionError, match="Forehand must play a card, not 18"):
        state.validate("18")
