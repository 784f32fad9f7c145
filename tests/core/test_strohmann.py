"""Skat for two with a dummy (Strohmann): the rules as implemented in ``skat.variants.strohmann``
(docs/variants/two-player.md; pagat.com's Skat), then conformance on seeded
random games: every card in one place, 120 points, undo, copies, legal actions, validation and
views that never depend on cards the seat cannot see."""

from __future__ import annotations

import random

import pytest

from skat.core import (
    CARDS,
    HOLD,
    PASS,
    PICK_UP,
    SHOW_CARDS,
    Action,
    Bid,
    Card,
    CardSet,
    Deal,
    Event,
    GameState,
    IllegalActionError,
    Phase,
    Resign,
    Rules,
    RulesError,
)
from skat.core.seats import FOREHAND, MIDDLEHAND, REARHAND
from skat.testing import check_listed, strohmann, walk
from skat.variants import StrohmannState

from ._support import DEAL

# DEAL (tests/core/_support.py): Forehand CJ SJ HA HT HK H8 H7 D9 D8 D7, Middlehand CA CT CK CQ C9
# SA ST SK SQ S9, Rearhand HJ DJ C8 C7 S8 S7 HQ H9 DA DT, skat DK DQ.


def run(state: StrohmannState, actions: str) -> StrohmannState:
    for action in actions.split():
        state.apply(action)
    return state


def hearts_hand(dummy: int = MIDDLEHAND) -> StrohmannState:
    """Forehand declares Hearts Hand at 18 against Rearhand, the dummy in Middlehand."""
    return run(StrohmannState(DEAL, dummy=dummy), "18 y p HH")


# ----------------------------------------------------------------------------- seats and dealing


def test_the_deal_is_the_skat_deal_with_the_dummys_ten_cards_in_its_seat() -> None:
    state = StrohmannState(rng=random.Random(11))
    assert state.deal == Deal.random(random.Random(11))
    assert [len(state.hand(s)) for s in range(3)] == [10, 10, 10] and len(state.skat) == 2


def test_dealing_is_reproducible_from_the_rng_or_the_seed() -> None:
    a = StrohmannState(rng=random.Random(5))
    b = StrohmannState(seed=5)
    assert a.deal == b.deal == Deal.random(random.Random(5))
    assert StrohmannState(seed=6).deal != a.deal


def test_the_dummy_sits_in_middlehand_by_default_between_non_dealer_and_dealer() -> None:
    state = StrohmannState(DEAL)
    assert state.dummy == MIDDLEHAND and state.players == (FOREHAND, REARHAND)


@pytest.mark.parametrize("dummy", [FOREHAND, MIDDLEHAND, REARHAND])
def test_the_players_are_the_two_seats_other_than_the_dummy(dummy: int) -> None:
    state = StrohmannState(DEAL, dummy=dummy)
    assert sorted((*state.players, state.dummy)) == [0, 1, 2]


def test_a_dummy_seat_outside_the_table_is_refused() -> None:
    with pytest.raises(ValueError, match="seat 0, 1 or 2"):
        StrohmannState(DEAL, dummy=3)


def test_ramsch_is_refused_because_it_needs_three_players() -> None:
    with pytest.raises(RulesError, match="Ramsch needs three players"):
        StrohmannState(DEAL, Rules(ramsch="ramsch"))


# ----------------------------------------------------------------------------- bidding


def test_the_dummy_never_bids_it_passes_when_the_auction_reaches_it() -> None:
    state = StrohmannState(DEAL)  # dummy Middlehand: it would bid first
    assert state.history == [Event(MIDDLEHAND, PASS)]
    assert state.to_move == REARHAND and state.player_to_move == REARHAND
    assert [str(a) for a in state.legal_actions()[:2]] == ["18", "20"]


def test_the_dummy_in_forehand_passes_to_middlehands_first_bid() -> None:
    state = StrohmannState(DEAL, dummy=FOREHAND)
    assert state.history == [] and state.to_move == MIDDLEHAND
    state.apply("18")  # to the dummy, which passes at once; Rearhand bids to Middlehand
    assert state.history == [Event(MIDDLEHAND, Bid.of(18)), Event(FOREHAND, PASS)]
    assert state.to_move == REARHAND and state.bid == 18


def test_the_dummy_in_rearhand_passes_after_the_first_part_of_the_auction() -> None:
    state = run(StrohmannState(DEAL, dummy=REARHAND), "18 y 20 p")
    assert state.history[-1] == Event(REARHAND, PASS)
    assert state.declarer == MIDDLEHAND and state.bid == 20 and state.phase == Phase.SKAT


def test_the_two_players_bid_to_each_other_as_in_skat() -> None:
    state = run(StrohmannState(DEAL), "18 y 20 y 22 y p")  # Rearhand bids, Forehand holds
    assert state.declarer == FOREHAND and state.bid == 22 and state.defender == REARHAND


def test_forehand_may_play_at_18_when_the_other_player_passes_without_a_bid() -> None:
    state = run(StrohmannState(DEAL), "p")
    assert state.to_move == FOREHAND and state.phase == Phase.BIDDING
    state.apply("18")
    assert state.declarer == FOREHAND and state.bid == 18


def test_the_game_is_passed_in_when_both_players_pass() -> None:
    state = run(StrohmannState(DEAL), "p p")
    assert state.is_over and state.result is not None and state.result.passed
    assert state.legal_actions() == [] and state.player_to_move is None


@pytest.mark.parametrize("dummy", [FOREHAND, MIDDLEHAND, REARHAND])
def test_the_dummy_is_never_the_declarer(dummy: int) -> None:
    for seed in range(200):
        rng = random.Random(seed)
        state = StrohmannState(rng=rng, dummy=dummy)
        while state.phase == Phase.BIDDING:
            legal = state.legal_actions()
            state.apply(legal[0] if rng.random() < 0.6 else rng.choice(legal))
        assert state.declarer is None or state.declarer in state.players


# ----------------------------------------------------------------------------- the dummy's hand


def test_the_dummy_hand_lies_face_down_during_the_auction() -> None:
    state = StrohmannState(DEAL)
    for seat in range(3):
        view = state.view(seat)
        assert view.dummy_hand is None and view.dummy == MIDDLEHAND
    assert state.view(MIDDLEHAND).hand == CardSet()  # the public view
    assert state.view(FOREHAND).hand == DEAL.hands[FOREHAND]


def test_the_dummy_hand_stays_face_down_while_the_declarer_picks_up_and_discards() -> None:
    state = run(StrohmannState(DEAL), "18 y p s")
    assert state.phase == Phase.DISCARD and state.dummy_hand() is None
    state.apply("D7.D8")
    assert state.phase == Phase.DECLARE and state.view(REARHAND).dummy_hand is None


def test_the_dummy_hand_turns_face_up_for_both_players_after_the_declaration() -> None:
    state = run(StrohmannState(DEAL), "18 y p s D7.D8 H")
    dummy_cards = DEAL.hands[MIDDLEHAND]
    assert state.dummy_hand() == dummy_cards
    for seat in range(3):
        assert state.view(seat).dummy_hand == dummy_cards
    assert state.view(MIDDLEHAND).hand == dummy_cards


# ----------------------------------------------------------------------------- who plays the dummy


def test_the_player_who_lost_the_auction_plays_the_dummys_cards() -> None:
    state = run(hearts_hand(), "CJ")
    assert state.to_move == MIDDLEHAND and state.player_to_move == REARHAND
    assert state.controller(MIDDLEHAND) == REARHAND == state.defender
    view = state.view(REARHAND)
    assert view.player_to_move == REARHAND and view.to_move == MIDDLEHAND
    assert set(view.legal_actions) == set(DEAL.hands[MIDDLEHAND])  # no trump: any card
    assert state.view(FOREHAND).legal_actions == () and state.view(MIDDLEHAND).legal_actions == ()


def test_the_defender_plays_the_dummys_card_naming_himself_or_the_dummy() -> None:
    for seat in (REARHAND, MIDDLEHAND, None):
        state = run(hearts_hand(), "CJ")
        event = state.apply("CA", seat)
        assert event == Event(MIDDLEHAND, Card.parse("CA")) and state.history[-1] == event
        assert state.to_move == REARHAND


def test_the_declarer_cannot_play_the_dummys_cards() -> None:
    state = run(hearts_hand(), "CJ")
    with pytest.raises(IllegalActionError, match="Middlehand's turn, not Forehand's"):
        state.validate("CA", seat=FOREHAND)


def test_the_defender_cannot_play_his_own_card_on_the_dummys_turn() -> None:
    state = run(hearts_hand(), "CJ")
    with pytest.raises(
        IllegalActionError, match=r"dummy's turn \(Middlehand\): Rearhand plays one"
    ):
        state.validate("HJ", seat=REARHAND)


def test_on_the_dummys_turn_only_its_cards_are_listed_and_nothing_else_is_taken() -> None:
    state = run(hearts_hand(), "CJ")
    assert all(isinstance(a, Card) for a in state.legal_actions())
    for seat in (None, MIDDLEHAND, REARHAND):
        with pytest.raises(IllegalActionError, match="the dummy only plays its cards, not p"):
            state.validate(PASS, seat)


def test_the_dummys_cards_follow_suit_like_any_hand() -> None:
    state = run(hearts_hand(), "D7")  # diamonds led: the dummy has none, anything goes
    assert len(state.legal_actions()) == 10
    state = hearts_hand(dummy=REARHAND)  # Middlehand bid and lost: he plays the dummy
    assert state.declarer == FOREHAND and state.defender == MIDDLEHAND
    state.apply("D7")
    state.apply("C9")  # Middlehand has no diamonds
    assert [str(c) for c in state.legal_actions()] == ["DT", "DA"]  # the dummy must follow
    assert state.player_to_move == MIDDLEHAND


def test_the_defender_resigns_for_both_defender_hands() -> None:
    state = run(hearts_hand(), "CJ")
    assert Resign(MIDDLEHAND) not in state.end_actions()
    assert Resign(REARHAND) in state.end_actions() and SHOW_CARDS in state.end_actions()
    event = state.apply(Resign(REARHAND))
    assert event == Event(REARHAND, Resign(REARHAND))
    # ISkO 4.3.3: one defender's resignation ends the game for both hands
    assert state.is_over
    assert state.result is not None and state.result.won and state.result.resigned


def test_the_dummy_does_not_resign_by_itself() -> None:
    state = run(hearts_hand(), "CJ")
    with pytest.raises(IllegalActionError, match="the dummy does not resign by itself"):
        state.validate(Resign(MIDDLEHAND))
    with pytest.raises(IllegalActionError, match="the dummy does not act by itself"):
        state.validate(SHOW_CARDS, seat=MIDDLEHAND)


# ----------------------------------------------------------------------------- scoring and records


def test_the_game_is_scored_as_in_skat_and_the_record_replays_as_a_skat_game() -> None:
    for seed in range(300):
        rng = random.Random(seed)
        state = StrohmannState(rng=rng, dummy=seed % 3)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        skat = GameState(state.deal)
        for event in state.history:
            skat.apply(event.action, event.seat)
        assert skat.result == state.result


def test_a_hand_game_played_out_scores_like_skat() -> None:
    state = hearts_hand()
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    result = state.result
    assert result is not None and result.declarer == FOREHAND
    won = sum(t.points for t in state.tricks if t.winner == FOREHAND)
    assert result.matadors == 2 and result.points == won + state.skat.points  # Hand: skat counts
    assert result.won is (result.points >= 61) and not result.overbid
    assert result.score == (result.value if result.won else -2 * result.value)


def test_undo_takes_back_the_players_action_with_the_dummys_passes_that_followed() -> None:
    state = StrohmannState(DEAL, dummy=REARHAND)
    run(state, "18 y 20")
    before = (list(state.history), state.to_move, state.bid)
    state.apply("p")  # Forehand passes: the dummy (Rearhand) passes at once
    assert state.history[-2:] == [Event(FOREHAND, PASS), Event(REARHAND, PASS)]
    assert state.undo() == Event(FOREHAND, PASS)
    assert (list(state.history), state.to_move, state.bid) == before


def test_the_dummys_first_pass_cannot_be_undone() -> None:
    state = StrohmannState(DEAL)
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        state.undo()
    assert state.history == [Event(MIDDLEHAND, PASS)]


def test_text_that_is_no_action_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="not an action"):
        StrohmannState(DEAL).validate("xyz")


# ============================================================================ conformance
# The conformance suite (skat.testing) runs on Strohmann in tests/core/test_conformance.py;
# here what is Strohmann's own, on the suite's seeded random games.


def test_played_out_games_hold_120_points_and_the_player_to_move_is_none_only_at_the_end() -> None:
    played_out = 0
    for _, state, _ in walk(strohmann(), 1000):
        assert (state.player_to_move is None) is state.is_over
        for action in (*state.legal_actions(), *state.end_actions()):
            assert state.validate(action) is action
        if state.is_over and len(state.tricks) == 10:
            played_out += 1
            assert sum(t.points for t in state.tricks) + state.skat.points == 120
    assert played_out > 200


def test_actions_that_are_not_listed_are_refused() -> None:
    universe: list[Action] = [*CARDS, PASS, HOLD, PICK_UP, SHOW_CARDS, *map(Resign, range(3))]
    pick = random.Random(6)
    for _, state, _ in walk(strohmann(), 300):
        if pick.random() > 0.3:
            continue
        check_listed(state, universe, refused=IllegalActionError)


def test_the_dummys_view_is_public_and_never_depends_on_hidden_cards() -> None:
    machine = strohmann()
    assert machine.twin is not None
    rng = random.Random(2024)
    compared = 0
    for _, state, _ in walk(machine, 500):
        if state.is_over or rng.random() > 0.2:
            continue
        other = machine.twin(state, rng.choice(state.players), rng)
        if other is not None:
            compared += other.deal != state.deal
            assert other.view(state.dummy) == state.view(state.dummy)
    assert compared > 100
