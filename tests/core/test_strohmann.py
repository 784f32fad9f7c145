"""Skat for two with a dummy (Strohmann): the rules as implemented in ``skat.variants.strohmann``
(docs/variants/two-player.md; RULES.md section 10, seeds 000/002), then conformance on seeded
random games: every card in one place, 120 points, undo, copies, legal actions, validation and
views that never depend on cards the seat cannot see."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import NamedTuple

import pytest

from skat.core import (
    CARDS,
    HOLD,
    ISKO,
    ISS,
    ISS2,
    OLD,
    PASS,
    PICK_UP,
    SHOW_CARDS,
    Action,
    Bid,
    Card,
    CardSet,
    Deal,
    Discard,
    Event,
    GameState,
    IllegalActionError,
    Phase,
    Resign,
    Rules,
    RulesError,
)
from skat.core.cards import ALL_MASK
from skat.core.seats import FOREHAND, MIDDLEHAND, REARHAND
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

N_GAMES = 1500
PRESETS = (ISKO, ISS, ISS2, OLD)


class Step(NamedTuple):
    seed: int
    state: StrohmannState
    action: Action
    seat: int | None


def choose(state: StrohmannState, rng: random.Random) -> tuple[Action, int | None]:
    """A random move: a sensible auction most of the time, now and then an end action; the
    defender names himself for the dummy's cards half of the time."""
    if state.phase == Phase.PLAY and rng.random() < 0.03:
        return rng.choice(state.end_actions()), None
    legal = state.legal_actions()
    if state.phase == Phase.BIDDING and rng.random() < 0.7:
        if legal[0] is HOLD:
            return (HOLD if rng.random() < 0.6 else PASS), None
        return (legal[0] if rng.random() < 0.55 else PASS), None
    if state.phase == Phase.SKAT and rng.random() < 0.5:
        return PICK_UP, None
    action = rng.choice(legal)
    if state.to_move == state.dummy and rng.random() < 0.5:
        return action, state.player_to_move
    return action, None


def games(first: int, count: int, sample: float = 1.0) -> Iterator[Step]:
    for seed in range(first, first + count):
        rng = random.Random(seed)
        state = StrohmannState(rng=rng, rules=PRESETS[seed % 4], dummy=seed % 3)
        pick = random.Random(~seed)
        steps = 0
        while not state.is_over:
            action, seat = choose(state, rng)
            if sample >= 1.0 or pick.random() < sample:
                yield Step(seed, state, action, seat)
            state.apply(action, seat)
            steps += 1
            assert steps < 200, "the game does not end"
        yield Step(seed, state, PASS, None)


def snapshot(state: StrohmannState) -> tuple[object, ...]:
    return (
        tuple(state.view(s) for s in range(3)),
        tuple(state.hand(s) for s in range(3)),
        state.skat,
        state.points(),
        state.current_trick,
        state.tricks,
        tuple(state.history),
        tuple(state.legal_actions()),
        tuple(state.end_actions()),
        state.phase,
        state.to_move,
        state.player_to_move,
        state.declarer,
        state.defender,
        state.bid,
        state.contract,
        state.picked_up,
        state.claimed,
        state.result,
        state.dummy_hand(),
    )


def test_every_card_is_in_one_place_and_points_sum_to_120() -> None:
    played_out = 0
    for step in games(0, N_GAMES):
        state = step.state
        hands = [state.hand(s).mask for s in range(3)]
        places = [*hands, CardSet(state.current_trick).mask, state.skat.mask]
        places += [CardSet(t.cards).mask for t in state.tricks]
        seen = 0
        for mask in places:
            assert seen & mask == 0
            seen |= mask
        given_away = state.is_over and len(state.tricks) < 10 and not any(hands)
        assert seen == ALL_MASK or given_away
        if state.is_over and len(state.tricks) == 10:
            played_out += 1
            assert sum(t.points for t in state.tricks) + state.skat.points == 120
    assert played_out > 300


def test_legal_actions_are_never_empty_until_the_end_and_all_validate() -> None:
    for step in games(0, N_GAMES):
        state = step.state
        legal = state.legal_actions()
        assert bool(legal) is not state.is_over
        assert state.is_over is (state.result is not None)
        assert (state.player_to_move is None) is state.is_over
        for action in legal:
            assert state.validate(action) is action
        for action in state.end_actions():
            assert state.validate(action) is action


def test_actions_that_are_not_listed_are_refused() -> None:
    universe: list[Action] = [*CARDS, PASS, HOLD, PICK_UP, SHOW_CARDS, *map(Resign, range(3))]
    for step in games(0, 300, sample=0.3):
        state = step.state
        listed = {str(a) for a in (*state.legal_actions(), *state.end_actions())}
        for action in universe:
            try:
                state.validate(action)
            except IllegalActionError:
                assert str(action) not in listed
            else:
                assert str(action) in listed, (step.seed, str(action))


def test_undo_restores_the_exact_previous_state() -> None:
    for step in games(0, N_GAMES // 2):
        state = step.state
        if state.is_over:
            continue
        before = snapshot(state)
        event = state.apply(step.action, step.seat)
        assert event in state.history
        assert state.undo() == event
        assert snapshot(state) == before, step.seed


def test_undo_back_to_the_deal_restores_the_start() -> None:
    for seed in range(100):
        rng = random.Random(seed)
        state = StrohmannState(rng=rng, dummy=seed % 3)
        snapshots = [snapshot(state)]
        while not state.is_over:
            state.apply(*choose(state, rng))
            snapshots.append(snapshot(state))
        snapshots.pop()
        while snapshots:
            state.undo()
            assert snapshot(state) == snapshots.pop()
        with pytest.raises(IllegalActionError, match="nothing to undo"):
            state.undo()


def test_copies_are_independent() -> None:
    rng = random.Random(99)
    for step in games(0, N_GAMES // 2, sample=0.05):
        state = step.state
        if state.is_over:
            continue
        original = snapshot(state)
        twin = state.copy() if rng.random() < 0.5 else copy.copy(state)
        assert snapshot(twin) == original
        while not twin.is_over:
            twin.apply(*choose(twin, rng))
        assert snapshot(state) == original
        state.apply(step.action, step.seat)
        state.undo()
        assert snapshot(state) == original


def alternative_deal(state: StrohmannState, seat: int, rng: random.Random) -> Deal | None:
    """A deal that differs only in cards ``seat`` has not seen."""
    deal = state.deal
    owner = {c: deal.owner(c) for c in CARDS}
    pinned = deal.hand_masks[seat] | CardSet(state.current_trick).mask
    for t in state.tricks:
        pinned |= CardSet(t.cards).mask
    for event in state.history:
        if isinstance(event.action, Discard):
            pinned |= event.action.mask
    if state.contract is not None:
        pinned |= deal.hand_masks[state.dummy]  # the dummy lies face up
    d = state.declarer
    contract = state.contract
    if (
        d is not None
        and d != seat
        and (state.claimed or (contract is not None and contract.ouvert))
    ):
        pinned |= state.hand(d).mask
    holders = {s for s in range(3) if s != seat}
    if not (d == seat and state.picked_up):
        holders.add(3)
    free = [c for c in CARDS if not pinned & c.bit and owner[c] in holders]
    if len({owner[c] for c in free}) < 2:
        return None
    for _ in range(rng.randint(1, 4)):
        x, y = rng.sample(free, 2)
        owner[x], owner[y] = owner[y], owner[x]
    hands = [0, 0, 0, 0]
    for c, o in owner.items():
        hands[o] |= c.bit
    return Deal(hands[:3], hands[3])


def replay(state: StrohmannState, deal: Deal) -> StrohmannState | None:
    """The players' actions on another deal (the dummy's own passes and resignation follow by
    themselves), or ``None`` if one of them is illegal there."""
    other = StrohmannState(deal, state.rules, dummy=state.dummy)
    try:
        for event in state.history:
            automatic = event.seat == state.dummy and (
                event.action is PASS or isinstance(event.action, Resign)
            )
            if not automatic:
                other.apply(event.action, event.seat)
    except IllegalActionError:
        return None
    return other


def test_a_view_never_depends_on_cards_the_seat_cannot_see() -> None:
    rng = random.Random(2024)
    compared = 0
    for step in games(0, N_GAMES, sample=0.1):
        state = step.state
        if state.is_over:
            continue
        seat = rng.choice(state.players)
        for _ in range(4):
            deal = alternative_deal(state, seat, rng)
            if deal is None:
                break
            other = replay(state, deal)
            if other is None:
                continue
            compared += deal != state.deal
            assert other.view(seat) == state.view(seat), (step.seed, seat, str(deal))
            public = state.dummy
            assert other.view(public) == state.view(public)
            break
    assert compared > 300
