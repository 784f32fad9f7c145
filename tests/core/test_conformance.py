"""Conformance of the game state on 10,000 seeded random games (DESIGN.md, "Tests that must
exist"): every card in exactly one place, card points 120, undo, copies, legal actions,
validation, and views that never depend on cards the seat cannot see.

Each test replays the same seeded games (random legal actions, a sensible auction most of the
time, sometimes an end action during the play) and checks one property at every step or at a
seeded sample of steps.  The whole file runs in about 40 seconds on one core.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import NamedTuple

import pytest

from skat.core import (
    BID_VALUES,
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
    CardSet,
    Contract,
    Deal,
    Declare,
    Discard,
    GameState,
    IllegalActionError,
    Phase,
    Resign,
)
from skat.core.cards import ALL_MASK, points_of

N_GAMES = 10_000
CHUNKS = 4  # each test runs the games in this many parametrized chunks (seed ranges)
PRESETS = (ISKO, ISS, ISS2, OLD)

UNIVERSE: tuple[Action, ...] = (
    *(Bid.of(v) for v in BID_VALUES),
    HOLD,
    PASS,
    PICK_UP,
    SHOW_CARDS,
    *(Declare.of(c) for c in Contract.all()),
    *CARDS,
    *(Resign(s) for s in range(3)),
)


class Step(NamedTuple):
    """The state before an action, and the action with the seat that takes it."""

    seed: int
    index: int
    state: GameState
    action: Action
    seat: int | None


def choose(state: GameState, rng: random.Random) -> tuple[Action, int | None]:
    """A random move: mostly a sensible auction, random cards, now and then an end action."""
    if state.phase == Phase.PLAY and rng.random() < 0.03:
        return rng.choice(state.end_actions()), None
    legal = state.legal_actions()
    if state.phase == Phase.BIDDING and rng.random() < 0.7:
        if legal[0] is HOLD:
            return (HOLD if rng.random() < 0.6 else PASS), None
        return (legal[0] if rng.random() < 0.55 else PASS), None
    if state.phase == Phase.SKAT and rng.random() < 0.8:
        if rng.random() < 0.5:
            return PICK_UP, None
        plain = [a for a in legal[1:] if not a.contract.schneider_announced]  # type: ignore[union-attr]
        return rng.choice(plain or legal), None
    return rng.choice(legal), None


def games(chunk: int, sample: float = 1.0) -> Iterator[Step]:
    """The steps of the seeded games of one chunk; ``sample`` is the share of steps yielded
    (the others are played without being shown to the check)."""
    per = N_GAMES // CHUNKS
    for seed in range(chunk * per, (chunk + 1) * per):
        rng = random.Random(seed)
        state = GameState(Deal.random(rng), PRESETS[seed % len(PRESETS)])
        pick = random.Random(~seed)
        index = 0
        while not state.is_over:
            action, seat = choose(state, rng)
            if sample >= 1.0 or pick.random() < sample:
                yield Step(seed, index, state, action, seat)
            state.apply(action, seat)
            index += 1
        yield Step(seed, index, state, PASS, None)  # the final state (action unused)


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything observable about a state."""
    return (
        tuple(state.view(s) for s in range(3)),
        tuple(state.hand(s) for s in range(3)),
        state.skat,
        state.points(),
        state.current_trick,
        tuple(state.tricks),
        tuple(state.history),
        tuple(state.legal_actions()),
        tuple(state.end_actions()),
        state.phase,
        state.to_move,
        state.declarer,
        state.bid,
        state.contract,
        state.picked_up,
        state.claimed,
        state.result,
    )


CHUNK_IDS = [
    f"games{c * (N_GAMES // CHUNKS)}-{(c + 1) * (N_GAMES // CHUNKS) - 1}" for c in range(CHUNKS)
]
chunks = pytest.mark.parametrize("chunk", range(CHUNKS), ids=CHUNK_IDS)


# ----------------------------------------------------------------------------- cards and points


def check_cards(state: GameState) -> None:
    hands = [state.hand(s).mask for s in range(3)]
    current = CardSet(state.current_trick).mask
    places = [*hands, current, *(CardSet(t.cards).mask for t in state.tricks), state.skat.mask]
    seen = 0
    for mask in places:
        assert seen & mask == 0, f"a card is in two places: {CardSet(seen & mask)}"
        seen |= mask
    # after a resignation or a failed claim the unplayed rest went to one party unplayed
    given_away = state.is_over and len(state.tricks) < 10 and not any(hands) and not current
    if not given_away:
        assert seen == ALL_MASK, f"cards missing: {CardSet(ALL_MASK & ~seen)}"
    declarer, defenders = state.points()
    unplayed = points_of(hands[0] | hands[1] | hands[2] | current)
    assert declarer + defenders + unplayed + state.skat.points == 120


@chunks
def test_every_card_is_in_exactly_one_place_at_every_step(chunk: int) -> None:
    for step in games(chunk):
        check_cards(step.state)


@chunks
def test_card_points_sum_to_120_when_all_cards_were_played(chunk: int) -> None:
    played_out = 0
    for step in games(chunk):
        state = step.state
        if not state.is_over or len(state.tricks) < 10:
            continue
        played_out += 1
        assert sum(t.points for t in state.tricks) + state.skat.points == 120
        result = state.result
        assert result is not None
        declarer_points = sum(t.points for t in state.tricks if t.winner == state.declarer)
        assert result.points == declarer_points + state.skat.points
        assert result.tricks + result.defender_tricks == 10
    assert played_out > 100


# ----------------------------------------------------------------------------- legal actions


@chunks
def test_legal_actions_are_never_empty_until_the_end(chunk: int) -> None:
    for step in games(chunk):
        state = step.state
        assert bool(state.legal_actions()) is not state.is_over
        assert state.is_over is (state.result is not None)
        if state.phase == Phase.PLAY:
            assert state.end_actions()


@chunks
def test_every_legal_action_validates(chunk: int) -> None:
    for step in games(chunk):
        state = step.state
        for action in state.legal_actions():
            assert state.validate(action) is action
        for action in state.end_actions():  # by default for the declarer or the resigning seat
            assert state.validate(action) is action


@chunks
def test_every_action_that_is_not_legal_is_refused(chunk: int) -> None:
    for step in games(chunk, sample=0.25):
        state = step.state
        legal = set(map(str, state.legal_actions()))
        ends = set(map(str, state.end_actions()))
        for action in UNIVERSE:
            if isinstance(action, Resign) or action is SHOW_CARDS:
                ok = str(action) in ends
            else:
                ok = str(action) in legal
            try:
                assert state.validate(action) is action
            except IllegalActionError:
                assert not ok, f"{action} is listed but refused"
            else:
                assert ok, f"{action} is not listed but validates"
        if state.phase == Phase.DISCARD:  # two cards not both held
            hand = state.hand(state.to_move)
            other = next(c for c in CARDS if c not in hand)
            with pytest.raises(IllegalActionError):
                state.validate(Discard.of(next(iter(hand)), other))


@chunks
def test_card_play_out_of_turn_is_refused(chunk: int) -> None:
    for step in games(chunk, sample=0.2):
        state = step.state
        if state.phase != Phase.PLAY:
            continue
        for seat in range(3):
            if seat != state.to_move:
                for card in state.hand(seat):
                    with pytest.raises(IllegalActionError, match="turn"):
                        state.validate(card, seat)


# ----------------------------------------------------------------------------- undo and copy


@chunks
def test_undo_restores_the_exact_previous_state(chunk: int) -> None:
    for step in games(chunk):
        state = step.state
        if state.is_over:
            continue
        before = snapshot(state)
        event = state.apply(step.action, step.seat)
        assert state.history[-1] == event and event.action == step.action
        assert state.undo() == event
        assert snapshot(state) == before, (step.seed, step.index)


def test_undo_back_to_the_deal_restores_the_start() -> None:
    for seed in range(200):
        rng = random.Random(seed)
        state = GameState(Deal.random(rng))
        start = snapshot(state)
        snapshots = [start]
        while not state.is_over:
            state.apply(*choose(state, rng))
            snapshots.append(snapshot(state))
        snapshots.pop()
        while state.history:
            state.undo()
            assert snapshot(state) == snapshots.pop()
        assert snapshot(state) == start
        with pytest.raises(IllegalActionError, match="nothing to undo"):
            state.undo()


@chunks
def test_copies_are_independent(chunk: int) -> None:
    rng = random.Random(chunk)
    for step in games(chunk, sample=0.05):
        state = step.state
        if state.is_over:
            continue
        original = snapshot(state)
        twin = state.copy() if rng.random() < 0.5 else copy.copy(state)
        assert snapshot(twin) == original
        while not twin.is_over:  # play the copy to the end
            twin.apply(*choose(twin, rng))
        assert snapshot(state) == original
        twin_end = snapshot(twin)
        state.apply(step.action, step.seat)  # and move the original
        assert snapshot(twin) == twin_end
        while twin.history:
            twin.undo()
        state.undo()
        assert snapshot(state) == original


# ----------------------------------------------------------------------------- hidden information


def alternative_deal(state: GameState, seat: int, rng: random.Random) -> Deal | None:
    """A deal that differs from the real one only in cards ``seat`` has not seen: hidden cards
    swapped between the other hands (and the skat while the seat has not seen it)."""
    deal = state.deal
    owner = {c: deal.owner(c) for c in CARDS}
    pinned = deal.hand_masks[seat]
    pinned |= CardSet(state.current_trick).mask
    for t in state.tricks:
        pinned |= CardSet(t.cards).mask
    for event in state.history:
        if isinstance(event.action, Discard):
            pinned |= event.action.mask
    d = state.declarer
    contract = state.contract
    if (
        d is not None
        and d != seat
        and (state.claimed or (contract is not None and contract.ouvert))
    ):
        pinned |= state.hand(d).mask  # the declarer's cards lie open
    holders = {s for s in range(3) if s != seat}
    if not (d == seat and state.picked_up):
        holders.add(3)  # the skat is unseen
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


def replay(state: GameState, deal: Deal) -> GameState | None:
    """The same actions on another deal, or ``None`` if one of them is illegal there (the
    other deal contradicts what the actions revealed, e.g. a void)."""
    other = GameState(deal, state.rules)
    try:
        for event in state.history:
            other.apply(event.action, event.seat)
    except IllegalActionError:
        return None
    return other


@chunks
def test_a_view_never_depends_on_cards_the_seat_cannot_see(chunk: int) -> None:
    rng = random.Random(1000 + chunk)
    compared = 0
    for step in games(chunk, sample=0.1):
        state = step.state
        if state.is_over:
            continue
        seat = rng.randrange(3)
        for _ in range(4):
            deal = alternative_deal(state, seat, rng)
            if deal is None:
                break
            other = replay(state, deal)
            if other is None:
                continue
            if deal != state.deal:
                compared += 1
            assert other.view(seat) == state.view(seat), (step.seed, step.index, seat, str(deal))
            break
    assert compared > 1500


def test_a_view_shows_another_seats_discard_only_as_hidden() -> None:
    rng = random.Random(7)
    for seed in range(300):
        state = GameState(Deal.random(random.Random(seed)))
        while not state.is_over:
            state.apply(*choose(state, rng))
            if state.phase == Phase.DECLARE:
                d = state.declarer
                assert d is not None
                for seat in range(3):
                    view = state.view(seat)
                    who, discard = view.history[-1]  # the discard was the last action
                    assert who == d and view.history[-2] == (d, PICK_UP)
                    if seat == d:
                        assert isinstance(discard, Discard) and view.skat == state.deal.skat
                        assert view.discard == discard.cards
                    else:
                        assert discard is None and view.skat is None and view.discard is None


def test_undo_snapshot_is_the_declared_state_fields() -> None:
    # undo restores the fields declared once in STATE_FIELDS; every other slot is set at the
    # start (or is the history, the undo list, a cache) and never changes with an action
    from skat.core.state import STATE_FIELDS, GameState

    fixed = {"deal", "rules", "history", "_undo", "_extras"}
    assert set(GameState.__slots__) == fixed | set(STATE_FIELDS)
    state = GameState(seed=7)
    rng = random.Random(7)
    before = {name: getattr(state, name) for name in ("deal", "rules", "_extras")}
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        assert {name: getattr(state, name) for name in before} == before
        assert len(state._undo) == len(state.history)
