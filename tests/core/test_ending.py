"""ISkO 4.3-4.4: ending early -- the declarer shows his cards (claim) and resignations."""

from __future__ import annotations

import pytest

from skat.core import (
    ISS,
    ISS2,
    SHOW_CARDS,
    GameState,
    IllegalActionError,
    Phase,
    Resign,
    Result,
    Rules,
)

from ._support import DEAL, make_deal, play, play_scripted

# DEAL: Forehand CJ SJ HA HT HK H8 H7 D9 D8 D7 plays Hearts Hand, skat DK DQ (7 points);
# Rearhand takes the first trick D7 CA DA.
HH = "18 y p p HH"

# Forehand takes every trick leading CJ SJ CA CT CK CQ C9 C8 C7 SA in Clubs.
CLUBS_RUN = make_deal(
    "CJ SJ CA CT CK CQ C9 C8 C7 SA",
    "HJ HA HT HK HQ H9 H8 H7 DA DT",
    "DJ SK SQ S9 S8 S7 DK DQ D9 D8",
    "ST D7",
)

# Null: Forehand must take the trick when Middlehand leads C7 (he holds only CA).
NULL_TRAP = make_deal(
    "D7 D8 D9 H7 H8 H9 S7 S8 S9 CA",
    "DA DK DQ HA HK HQ SA SK SQ C7",
    "DJ DT HJ HT SJ ST CK CQ CJ CT",
    "C8 C9",
)


def result_of(state: GameState) -> Result:
    assert state.is_over and state.result is not None
    return state.result


# ----------------------------------------------------------------------------- claims


def test_showing_cards_and_resigning_are_end_actions_of_the_play_only() -> None:
    assert play(DEAL, "18 y p p").end_actions() == []
    state = play(DEAL, HH)
    assert [str(a) for a in state.end_actions()] == ["SC", "RE.0", "RE.1", "RE.2"]
    assert SHOW_CARDS not in state.legal_actions()
    with pytest.raises(
        IllegalActionError, match="showing the cards is possible only during the play"
    ):
        play(DEAL, "18 y p p").validate("SC")
    with pytest.raises(IllegalActionError, match="resigning is possible only during the play"):
        GameState(DEAL).validate("RE.1")


def test_showing_cards_lays_the_declarers_hand_open() -> None:
    state = play(DEAL, HH)
    assert state.view(1).open_hand is None
    state.apply("SC")
    assert state.claimed
    assert state.view(1).open_hand == state.view(2).open_hand == state.hand(0)
    assert "SC" not in [str(a) for a in state.end_actions()]


def test_only_the_declarer_shows_his_cards_and_only_once() -> None:
    from skat.core import ISS

    assert play(DEAL, HH, rules=ISS).legal_actions()  # under ISS rules defenders never claim
    with pytest.raises(IllegalActionError, match="only the declarer can show his cards"):
        play(DEAL, HH, rules=ISS).apply("SC", seat=1)
    state = play(DEAL, HH)
    state.apply("D7")
    assert state.to_move == 1
    assert state.apply("SC").seat == 0  # at any time in the play; the seat defaults to his
    with pytest.raises(IllegalActionError, match="has shown his cards already"):
        state.apply("SC", seat=0)


def test_isko_a_failed_claim_gives_every_remaining_trick_to_the_defenders() -> None:
    state = play(DEAL, f"{HH} SC D7 CA DA")
    r = result_of(state)
    assert len(state.tricks) == 1
    assert not r.won and r.tricks == 0 and r.defender_tricks == 10
    assert r.points == 7  # the skat only
    assert r.schwarz and r.schneider and r.score == -120


def test_isko_a_claim_the_declarer_makes_is_played_to_the_end() -> None:
    state = play_scripted(play(CLUBS_RUN, "18 y p p CH SC"), "CJ SJ CA CT CK CQ C9 C8 C7 SA")
    assert len(state.tricks) == 10
    r = result_of(state)
    assert r.won and r.schwarz and r.value == 72


def test_iss_showing_cards_changes_nothing_by_itself() -> None:
    state = play(DEAL, f"{HH} SC D7 CA DA", rules=ISS)
    assert state.phase == Phase.PLAY and state.to_move == 2
    assert state.view(1).open_hand == state.hand(0)


def test_isko_a_claim_in_null_is_not_ended_by_a_defenders_trick() -> None:
    # in Null the declarer claims to take no trick; a defenders' trick agrees with that
    state = play(NULL_TRAP, "18 y p p NH SC D7 DA DT")
    assert state.phase == Phase.PLAY and state.to_move == 1
    state.apply("C7")
    state.apply("CT")
    assert [str(a) for a in state.legal_actions()] == ["CA"]  # Forehand's only club
    state.apply("CA")
    r = result_of(state)
    assert not r.won and r.tricks == 1 and r.score == -70


# ----------------------------------------------------------------------------- resignations


REST = Rules.parse("isko,resign=both,resign_levels=rest")


def test_isko_a_declarer_who_resigns_loses_simple() -> None:
    r = result_of(play(DEAL, f"{HH} D7 CA DA RE.0"))
    # ISkO 4.3.3/4.1.4: with 2, game 3, hand 4 = 40, lost 2 x 40 = 80 (no Schneider, no Schwarz)
    assert r.resigned and not r.won and not r.schneider and not r.schwarz and r.score == -80


def test_a_declarer_who_resigns_loses_alone_and_the_rest_goes_to_the_defenders() -> None:
    state = play(DEAL, f"{HH} D7 CA DA", rules=REST)
    state.apply("RE.0")
    r = result_of(state)
    assert r.resigned and not r.won
    assert r.tricks == 0 and r.defender_tricks == 10 and r.points == 7
    assert r.schneider and r.schwarz and r.score == -120
    assert r.explain().endswith("(resigned), lost 2 × 60 = −120")
    assert r.explain("de").endswith("(aufgegeben), verloren 2 × 60 = −120")


def test_a_declarer_who_resigns_before_the_first_trick_is_complete_loses_simple() -> None:
    state = play(DEAL, f"{HH} D7 RE.0")
    r = result_of(state)
    assert not r.won and not r.schneider and not r.schwarz
    assert r.level == 4 and r.score == -80


def test_isko_one_defenders_resignation_ends_the_game_for_both() -> None:
    r = result_of(play(DEAL, f"{HH} D7 CA DA RE.1"))
    # ISkO 4.3.3 (joint liability): won simple, with 2, game 3, hand 4 = 40
    assert r.won and r.resigned and r.score == 40 and r.tricks + r.defender_tricks == 1


def test_one_defenders_resignation_does_not_end_the_game_when_both_must_resign() -> None:
    state = play(DEAL, f"{HH} RE.1", rules=REST)
    assert state.phase == Phase.PLAY
    assert "RE.1" not in [str(a) for a in state.end_actions()]
    with pytest.raises(IllegalActionError, match="Middlehand has resigned already"):
        state.apply("RE.1")


def test_both_defenders_resigning_give_the_declarer_the_game_and_the_rest() -> None:
    state = play(DEAL, f"{HH} D7 CA DA RE.1 RE.2", rules=REST)
    r = result_of(state)
    assert r.won and r.resigned
    assert r.tricks == 9 and r.defender_tricks == 1 and r.points == 120 - 22


def test_iss2_one_defenders_resignation_after_a_claim_ends_the_game() -> None:
    state = play(DEAL, f"{HH} SC RE.1", rules=ISS2)
    r = result_of(state)
    assert r.won and r.points == 120
    # ...but not without the claim, and not under the ISkO
    assert play(DEAL, f"{HH} RE.1", rules=ISS2).phase == Phase.PLAY
    assert play(DEAL, f"{HH} SC RE.1", rules=REST).phase == Phase.PLAY


def test_a_seat_resigns_only_for_itself() -> None:
    state = play(DEAL, HH)
    with pytest.raises(IllegalActionError, match="Rearhand cannot resign for seat 1"):
        state.apply(Resign(1), seat=2)


def test_resigning_needs_not_be_on_turn() -> None:
    state = play(DEAL, HH, rules=REST)
    assert state.to_move == 0
    state.apply("RE.2")
    assert state.to_move == 0 and state.phase == Phase.PLAY


def test_null_defenders_who_resign_lose_and_the_declarer_keeps_no_trick() -> None:
    r = result_of(play(NULL_TRAP, "18 y p p NH D7 DA DT RE.1 RE.2", rules=REST))
    assert r.won and r.tricks == 0 and r.score == 35
    r = result_of(play(NULL_TRAP, "18 y p p NH D7 DA DT RE.1"))
    assert r.won and r.tricks == 0 and r.score == 35


def test_null_declarer_who_resigns_loses() -> None:
    r = result_of(play(NULL_TRAP, "18 y p p NH RE.0"))
    assert not r.won and r.score == -70


def test_isko_declarer_resigns_alone_only_while_holding_at_least_nine_cards() -> None:
    state = play(DEAL, f"{HH} D7 CA DA DT D8 S9")  # two tricks: Forehand holds 8 cards
    assert len(state.hand(0)) == 8
    with pytest.raises(IllegalActionError):
        state.validate("RE.0")


def test_isko_declarer_resigns_later_with_a_defenders_consent() -> None:
    state = play(DEAL, f"{HH} D7 CA DA DT D8 S9")
    state.apply("RE.0+1")
    result = state.result
    assert result is not None and not result.won and result.resigned


def test_iss_declarer_resigns_alone_at_any_time() -> None:
    from skat.core import ISS

    state = play(DEAL, f"{HH} D7 CA DA DT D8 S9", rules=ISS)
    state.apply("RE.0")
    assert state.result is not None and not state.result.won


def test_isko_a_defender_may_claim_only_if_he_takes_all_the_rest_himself() -> None:
    # Forehand plays Hearts Hand; Middlehand claims the rest for himself right away. He cannot
    # take every trick (Forehand holds the top trumps), so at the first trick somebody else
    # wins, every remaining trick goes to the declarer.
    state = play(DEAL, HH)
    state.apply("SC", seat=1)
    assert state.view(0).claimer == 1 and state.view(0).claimer_hand == state.hand(1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = state.result
    assert result is not None
    assert result.tricks + result.defender_tricks == 10
    assert result.won  # the declarer got the rest


def test_a_defender_cannot_claim_under_iss_rules() -> None:
    from skat.core import ISS

    state = play(DEAL, HH, rules=ISS)
    with pytest.raises(IllegalActionError):
        state.validate("SC", seat=1)


# ----------------------------------------------------------------------------- ISkO 4.4 claims


def test_isko_4_4_a_failed_claim_gives_the_defenders_every_trick_from_the_claim_on() -> None:
    # Forehand takes the trumps CJ SJ after claiming, then loses a trick: the two tricks he
    # won in the open play-out are the defenders' too, with everything still in the hands.
    state = play(DEAL, HH)
    state.apply("SC")
    for card in ("CJ", "C9", "DJ", "SJ", "S9", "HJ", "D7", "CQ", "DA"):
        state.apply(card)
    r = result_of(state)
    assert [t.winner for t in state.tricks] == [0, 0, 2]  # as played
    assert not r.won and r.tricks == 0 and r.defender_tricks == 10
    assert r.points == 7 and r.schneider and r.schwarz  # the skat only


def test_isko_4_4_tricks_before_the_claim_stay_with_the_declarer() -> None:
    state = play(DEAL, f"{HH} CJ C9 DJ")  # trick 1, before the claim, is his
    state.apply("SC")
    for card in ("SJ", "S9", "HJ", "D7", "CQ", "DA"):
        state.apply(card)
    r = result_of(state)
    assert not r.won and r.tricks == 1 and r.defender_tricks == 9
    assert r.points == 7 + 4  # the skat and the first trick


def test_isko_4_4_a_defenders_failed_claim_gives_the_declarer_every_trick_from_it_on() -> None:
    # Rearhand claims before trick 1 and wins it (D7 CA DA); he loses the next: both are the
    # declarer's, and the rest.
    state = play(DEAL, HH)
    state.apply("SC", seat=2)
    for card in ("D7", "CA", "DA"):
        state.apply(card)
    assert not state.is_over
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    r = result_of(state)
    assert r.won and r.defender_tricks == 0 and r.tricks == 10 and r.schwarz


def test_iss_a_claim_that_fails_leaves_every_trick_with_its_winner() -> None:
    # ISS: showing the cards invites the defenders to give up; it binds nobody
    state = play(DEAL, f"{HH} SC", rules=ISS)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    r = result_of(state)
    assert r.tricks == sum(1 for t in state.tricks if t.winner == 0)
