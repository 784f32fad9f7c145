"""Officers' Skat (Offiziersskat): the rules as implemented in ``skat.variants.officers``
(docs/variants/two-player.md; pagat.com's Skat), then conformance on seeded
random games: every card in one place, 120 points in 16 tricks, undo, copies, legal actions,
validation, and views that never depend on face-down cards."""

from __future__ import annotations

import random

import pytest

from skat.core import (
    CARDS,
    Action,
    Card,
    CardSet,
    Contract,
    Declare,
    Event,
    IllegalActionError,
    Phase,
    Resign,
    matadors,
)
from skat.core.cards import ALL_MASK
from skat.testing import check_listed, officers, walk
from skat.variants import OfficersDeal, OfficersState
from skat.variants.officers import DEALER, FOREHAND, OfficersDealError, Pile


def layout(fh_up: str, fh_down: str, dealer_up: str, dealer_down: str) -> OfficersDeal:
    return OfficersDeal.parse(f"{fh_up} | {fh_down} | {dealer_up} | {dealer_down}")


def run(state: OfficersState, actions: str) -> OfficersState:
    for action in actions.split():
        state.apply(action)
    return state


# Forehand: face up CJ HA HT H9 / SA S7 D8 C8 on face down SJ HK H8 SK / ST DA CA C7 (pile order)
# Dealer:   face up HJ CT CK CQ C9 DT DK DQ on face down DJ HQ H7 SQ S9 S8 D9 D7
DEAL = layout(
    "CJ HA HT H9 SA S7 D8 C8",
    "SJ HK H8 SK ST DA CA C7",
    "HJ CT CK CQ C9 DT DK DQ",
    "DJ HQ H7 SQ S9 S8 D9 D7",
)

# Forehand holds every trump of Hearts (with 11) and the five best clubs; the dealer the rest.
STRONG = layout(
    "CJ SJ HJ DJ HA HT HK HQ",
    "H9 H8 H7 CA CT CK CQ C9",
    "SA ST SK SQ S9 S8 S7 C8",
    "DA DT DK DQ D9 D8 D7 C7",
)


def play_out(state: OfficersState, pick: int = 0) -> OfficersState:
    """Play to the end: each player its first (``pick=0``) or last (``-1``) legal card."""
    while not state.is_over:
        state.apply(state.legal_actions()[pick])
    return state


# ----------------------------------------------------------------------------- the layout


def test_each_player_has_16_cards_in_8_piles_of_a_face_up_card_on_a_face_down_card() -> None:
    deal = OfficersDeal.random(random.Random(1))
    for player in (0, 1):
        assert len(deal.up[player]) == len(deal.down[player]) == 8
        assert len(CardSet(deal.hand_masks[player])) == 16
    assert deal.hand_masks[0] | deal.hand_masks[1] == ALL_MASK


def test_the_pack_is_laid_out_in_the_traditional_order() -> None:
    # 4 face down to Forehand, 4 to the dealer, 4 face up to Forehand, 4 to the dealer (row 1),
    # then row 2 the same way
    deal = OfficersDeal.from_pack(list(range(32)))
    assert [c.index for c in deal.down[FOREHAND]] == [0, 1, 2, 3, 16, 17, 18, 19]
    assert [c.index for c in deal.down[DEALER]] == [4, 5, 6, 7, 20, 21, 22, 23]
    assert [c.index for c in deal.up[FOREHAND]] == [8, 9, 10, 11, 24, 25, 26, 27]
    assert [c.index for c in deal.up[DEALER]] == [12, 13, 14, 15, 28, 29, 30, 31]


def test_dealing_is_reproducible_from_the_rng_or_the_seed() -> None:
    assert OfficersState(rng=random.Random(4)).deal == OfficersDeal.random(random.Random(4))
    assert OfficersState(seed=4).deal == OfficersState(seed=4).deal != OfficersState(seed=5).deal


def test_the_layout_text_round_trips_and_bad_layouts_are_refused() -> None:
    assert OfficersDeal.parse(str(DEAL)) == DEAL and eval(repr(DEAL)) == DEAL
    assert hash(OfficersDeal.parse(str(DEAL))) == hash(DEAL)
    with pytest.raises(OfficersDealError, match="32 cards"):
        OfficersDeal.parse("CJ SJ")
    with pytest.raises(OfficersDealError, match="card dealt twice"):
        OfficersDeal.parse(str(DEAL).replace("D7", "CJ"))
    with pytest.raises(OfficersDealError, match=r"not a card: 'ZZ'"):
        OfficersDeal.parse(str(DEAL).replace("D7", "ZZ"))
    with pytest.raises(AttributeError):
        DEAL.up = DEAL.down  # type: ignore[misc]


# ----------------------------------------------------------------------------- the declaration


def test_there_is_no_bidding_forehand_declares_first() -> None:
    state = OfficersState(DEAL)
    assert state.phase == Phase.DECLARE and state.to_move == FOREHAND == state.declarer
    with pytest.raises(IllegalActionError, match="Forehand's turn, not the dealer's"):
        state.validate("G", seat=DEALER)
    with pytest.raises(IllegalActionError, match="must declare the game first"):
        state.validate("HA")


def test_forehand_declares_from_his_first_face_up_row_alone() -> None:
    state = OfficersState(DEAL)
    for seat in (FOREHAND, DEALER):
        view = state.view(seat)
        assert view.face_up == (CardSet.parse("CJ HA HT H9"), CardSet())
        assert all(pile.hidden for piles in view.piles for pile in piles)
        assert [p.top for p in view.piles[FOREHAND]][4:] == [None] * 4
    assert state.view(FOREHAND).hand == CardSet.parse("CJ HA HT H9")
    assert state.view(DEALER).hand == CardSet()


def test_the_declarations_are_the_four_suits_grand_and_null() -> None:
    assert [str(a) for a in OfficersState(DEAL).legal_actions()] == list("DHSCGN")


def test_null_can_be_left_out() -> None:
    state = OfficersState(DEAL, null=False)
    assert [str(a) for a in state.legal_actions()] == list("DHSCG")
    with pytest.raises(IllegalActionError, match="Null is not played"):
        state.validate("N")


@pytest.mark.parametrize("code", ["CH", "GH", "DHS", "GO", "NH", "NO", "NOH"])
def test_there_is_no_hand_game_ouvert_or_announcement_without_a_skat(code: str) -> None:
    with pytest.raises(IllegalActionError, match="no skat, no Hand game"):
        OfficersState(DEAL).validate(code)


def test_after_the_declaration_every_face_up_card_lies_on_the_table() -> None:
    state = run(OfficersState(DEAL), "H")
    assert state.phase == Phase.PLAY and state.contract == Contract.parse("H")
    view = state.view(DEALER)
    assert view.face_up == (CardSet(DEAL.up_masks[0]), CardSet(DEAL.up_masks[1]))
    assert view.hand == CardSet(DEAL.up_masks[DEALER])


# ----------------------------------------------------------------------------- the play


def test_forehand_leads_the_first_trick_with_a_face_up_card() -> None:
    state = run(OfficersState(DEAL), "H")
    assert state.to_move == FOREHAND
    assert set(state.legal_actions()) == set(CardSet(DEAL.up_masks[FOREHAND]))


def test_a_face_down_card_cannot_be_played_and_the_refusal_does_not_tell_where_it_lies() -> None:
    state = run(OfficersState(DEAL), "H")
    with pytest.raises(IllegalActionError, match="Forehand has no face-up SJ") as hidden:
        state.validate("SJ")  # face down in Forehand's layout
    with pytest.raises(IllegalActionError, match="Forehand has no face-up DQ") as elsewhere:
        state.validate("DQ")  # the dealer's
    assert str(hidden.value).replace("SJ", "") == str(elsewhere.value).replace("DQ", "")


def test_only_face_up_cards_oblige_to_follow_suit() -> None:
    # Clubs led: the dealer's face-up clubs must follow; ...
    state = run(OfficersState(DEAL), "H C8")
    assert {str(c) for c in state.legal_actions()} == {"CT", "CK", "CQ", "C9"}
    # ... Spades led: the dealer's spades all lie face down, so he may play any face-up card
    state = run(OfficersState(DEAL), "H SA")
    assert set(state.legal_actions()) == set(CardSet(DEAL.up_masks[DEALER]))


def test_jacks_are_trumps_and_follow_trumps() -> None:
    state = run(OfficersState(DEAL), "H HA")
    assert [str(c) for c in state.legal_actions()] == ["HJ"]
    with pytest.raises(IllegalActionError, match="The dealer must follow trump"):
        state.validate("CT")


def test_the_card_under_a_played_card_turns_up_when_the_trick_is_complete() -> None:
    state = run(OfficersState(DEAL), "H HA")
    assert state.view(DEALER).piles[FOREHAND][1] == Pile(None, True)  # HK still face down
    assert Card.parse("HK") not in state.face_up(FOREHAND)
    state.apply("HJ")
    view = state.view(DEALER)
    assert view.piles[FOREHAND][1] == Pile(Card.parse("HK"), False)
    assert view.piles[DEALER][0] == Pile(Card.parse("DJ"), False)
    assert Card.parse("HK") in view.face_up[FOREHAND]


def test_a_pile_is_empty_once_its_turned_up_card_is_played() -> None:
    state = run(OfficersState(DEAL), "H HA HJ")  # the dealer won and leads
    assert state.view(FOREHAND).piles[DEALER][0] == Pile(Card.parse("DJ"), False)
    state.apply("DJ")  # the turned-up card of his pile 0: nothing is left there
    assert state.view(FOREHAND).piles[DEALER][0] == Pile(None, False)
    state.apply(state.legal_actions()[0])
    assert state.view(FOREHAND).piles[DEALER][0] == Pile(None, False)


def test_the_higher_card_wins_the_trick_and_its_winner_leads() -> None:
    state = run(OfficersState(DEAL), "H HA HJ")
    trick = state.tricks[-1]
    assert (trick.leader, trick.winner, trick.points) == (FOREHAND, DEALER, 13)
    assert str(trick) == "0: HA HJ -> 1" and state.to_move == DEALER == state.trick_leader
    assert state.points() == (0, 13)


def test_a_game_is_sixteen_tricks_of_two_cards() -> None:
    state = play_out(run(OfficersState(DEAL), "G"))
    assert len(state.tricks) == 16 and all(len(t.cards) == 2 for t in state.tricks)
    assert sum(t.points for t in state.tricks) == 120
    assert state.legal_actions() == [] and state.end_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.validate("CJ")


# ----------------------------------------------------------------------------- scoring


def test_all_tricks_with_eleven_matadors_score_like_skat() -> None:
    state = play_out(run(OfficersState(STRONG), "H"), pick=-1)
    result = state.result
    assert result is not None and result.won and result.tricks == 16
    assert (result.points, result.schneider, result.schwarz) == (120, True, True)
    assert (result.matadors, result.level, result.value, result.score) == (11, 14, 140, 140)
    assert not result.overbid and result.bid == 0 and result.declarer == FOREHAND
    assert result.explain() == "with 11, game 12, schneider 13, schwarz 14, × Hearts 10 = 140"


def test_matadors_count_over_all_16_of_the_declarers_cards_face_down_ones_too() -> None:
    # Forehand's CJ lies face down: Grand "with 1", not "without" his face-up jacks
    deal = layout(
        "SJ HJ DJ HA HT H9 SA S7",
        "CJ HK H8 SK ST DA CA C7",
        "D8 CT CK CQ C9 DT DK DQ",
        "C8 HQ H7 SQ S9 S8 D9 D7",
    )
    state = play_out(run(OfficersState(deal), "G"))
    assert state.result is not None and state.result.matadors == 4


def test_a_lost_game_counts_double_and_sixty_points_lose() -> None:
    seen_lost = seen_sixty = 0
    for seed in range(400):
        rng = random.Random(seed)
        state = OfficersState(rng=rng, null=False)
        state.apply(rng.choice(state.legal_actions()))
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        r = state.result
        assert r is not None and r.contract is not None
        assert r.won is (r.points >= 61)
        seen_sixty += r.points == 60
        if not r.won:
            seen_lost += 1
            assert r.score == -2 * r.value
    assert seen_lost > 50 and seen_sixty >= 1


def test_null_is_lost_at_the_declarers_first_trick() -> None:
    state = run(OfficersState(DEAL), "N")
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    r = state.result
    assert r is not None and not r.won and r.tricks == 1 and state.tricks[-1].winner == FOREHAND
    assert (r.value, r.score) == (23, -46)


def test_null_is_won_without_a_trick() -> None:
    # Forehand holds the lowest cards of every suit, the dealer the rest
    deal = layout(
        "D7 D8 D9 DT H7 H8 H9 HT",
        "S7 S8 S9 ST C7 C8 C9 CT",
        "DJ DQ DK DA HJ HQ HK HA",
        "SJ SQ SK SA CJ CQ CK CA",
    )
    state = play_out(run(OfficersState(deal), "N"))
    r = state.result
    assert r is not None and r.won and r.tricks == 0 and (r.value, r.score) == (23, 23)


def test_the_declarer_resigning_gives_every_remaining_trick_to_the_dealer() -> None:
    state = run(OfficersState(DEAL), "G HA")
    assert state.end_actions() == [Resign(FOREHAND), Resign(DEALER)]
    event = state.apply(Resign(FOREHAND))
    assert event == Event(FOREHAND, Resign(FOREHAND)) and state.is_over
    r = state.result
    assert r is not None and not r.won and r.resigned
    assert (r.points, r.tricks, r.defender_tricks) == (0, 0, 16)
    assert state.face_up(FOREHAND) == state.face_down(DEALER) == CardSet()


def test_the_dealer_resigning_gives_every_remaining_trick_to_the_declarer() -> None:
    state = run(OfficersState(DEAL), "G HA")
    state.apply("RE.1")
    r = state.result
    assert r is not None and r.won and r.points == 120 and r.tricks == 16


def test_resigning_for_the_other_player_or_outside_the_play_is_refused() -> None:
    state = OfficersState(DEAL)
    with pytest.raises(IllegalActionError, match="only during the play"):
        state.validate(Resign(FOREHAND))
    state.apply("G")
    with pytest.raises(IllegalActionError, match="cannot resign for seat 1"):
        state.validate(Resign(DEALER), seat=FOREHAND)
    with pytest.raises(IllegalActionError, match="seats 0 and 1"):
        state.validate("HA", seat=2)
    with pytest.raises(IllegalActionError, match="not an action"):
        state.validate("xyz")
    with pytest.raises(IllegalActionError, match="must play a card"):
        state.validate("G")


# ============================================================================ conformance
# The conformance suite (skat.testing) runs on Officers in tests/core/test_conformance.py; here
# what is Officers' own, on the suite's seeded random games.

UNIVERSE: tuple[Action, ...] = (
    *CARDS,
    *(Declare.of(c) for c in Contract.all()),
    Resign(0),
    Resign(1),
)


def test_sixteen_tricks_hold_120_points_and_the_matadors_count_every_card() -> None:
    played_out = 0
    for _, state, _ in walk(officers(), 1500):
        assert bool(state.end_actions()) is (state.phase == Phase.PLAY)
        for s in (0, 1):
            assert state.hand(s) == state.face_up(s) | state.face_down(s)
        if state.is_over and len(state.tricks) == 16:
            played_out += 1
            r = state.result
            assert r is not None and r.tricks + r.defender_tricks == 16
            assert r.points == sum(t.points for t in state.tricks if t.winner == FOREHAND)
            assert r.contract is not None
            assert r.matadors == matadors(r.contract.game_type, state.deal.hand_masks[FOREHAND])
    assert played_out > 700


def test_actions_that_are_not_listed_are_refused() -> None:
    pick = random.Random(4)
    for _, state, _ in walk(officers(), 500):
        if pick.random() > 0.3:
            continue
        check_listed(state, UNIVERSE, refused=IllegalActionError)


def test_the_two_views_differ_only_in_the_seat_its_cards_and_its_moves() -> None:
    pick = random.Random(5)
    for _, state, _ in walk(officers(), 300):
        if pick.random() > 0.2:
            continue
        a, b = state.view(0), state.view(1)
        assert (a.seat, b.seat) == (0, 1)
        assert a.hand == a.face_up[0] and b.hand == b.face_up[1] and a.face_up == b.face_up
        assert (a.piles, a.history, a.tricks, a.current_trick) == (
            b.piles,
            b.history,
            b.tricks,
            b.current_trick,
        )
        if not state.is_over:
            mover = state.view(state.to_move)
            assert mover.legal_actions == tuple(state.legal_actions())
            assert state.view(1 - state.to_move).legal_actions == ()
