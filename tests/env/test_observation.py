"""The observation: its layout, the decoder, and that it holds only what the seat knows."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skat.core import CardSet, Deal, GameState, IllegalActionError, Phase, Rules
from skat.core.actions import Bid, Discard, Hold, LayOpen
from skat.env import LAYOUT, SIZE, decode, encode, observation_of
from skat.env.observation import ObservationDecodeError

from ._games import PRESETS, states


def test_the_layout_covers_the_vector_without_gaps() -> None:
    offset = 0
    for _, start, size in LAYOUT:
        assert start == offset and size > 0
        offset += size
    assert offset == SIZE


@pytest.mark.parametrize("rules", PRESETS)
def test_the_decoder_round_trips(rules: str) -> None:
    for k, state in enumerate(states(rules, 40)):
        seat = k % 3
        obs = observation_of(state.view(seat))
        vector = encode(obs)
        assert vector.dtype == np.float32 and vector.shape == (SIZE,)
        assert set(np.unique(vector)) <= {0.0, 1.0}
        assert decode(vector) == obs
        assert np.array_equal(encode(decode(vector)), vector)


def test_the_decoder_refuses_what_is_no_observation() -> None:
    vector = encode(observation_of(GameState(seed=1).view(0)))
    with pytest.raises(ObservationDecodeError, match="2083 entries, not 2082"):
        decode(vector[:-1])
    bad = vector.copy()
    bad[0:3] = 1
    with pytest.raises(ObservationDecodeError, match="block seat has 3 entries set"):
        decode(bad)
    bad = vector.copy()
    bad[5] = 0.5
    with pytest.raises(ObservationDecodeError, match="only 0s and 1s"):
        decode(bad)


def _visible(state: GameState, seat: int) -> int:
    """Every card ``seat`` may know the place of, computed from the game, not from the view."""
    mask = state.deal.hand_masks[seat] | state.hand(seat).mask
    for t in state.tricks:
        mask |= CardSet(t.cards).mask
    mask |= CardSet(state.current_trick).mask
    d = state.declarer
    done = state.is_over
    for ev in state.history:
        if isinstance(ev.action, Discard) and (ev.seat == seat or done):
            mask |= ev.action.mask
    if done or (d == seat and state.picked_up) or "skat shown" in state.view(seat).announcements:
        mask |= state.deal.skat_mask
    c = state.contract
    laid_open = any(isinstance(ev.action, LayOpen) for ev in state.history)
    if d is not None and (laid_open or (c is not None and c.ouvert)):
        mask |= state.hand(d).mask
    return mask


@pytest.mark.parametrize("rules", PRESETS)
def test_the_observation_never_holds_a_card_the_seat_cannot_see(rules: str) -> None:
    for k, state in enumerate(states(rules, 40, seed=3)):
        seat = k % 3
        obs = observation_of(state.view(seat))
        assert obs.hand == state.hand(seat)
        shown = obs.hand.mask
        for cards in (obs.skat, obs.discard, obs.open_hand):
            shown |= cards.mask if cards is not None else 0
        for t in obs.tricks:
            shown |= CardSet([c for c in t.cards if c is not None]).mask
        assert shown & ~_visible(state, seat) == 0, (rules, k, seat)
        if (
            obs.skat is not None
            and state.phase != Phase.DONE
            and state.rules.ramsch != "schieberamsch"
        ):
            assert seat == state.declarer or "skat shown" in obs.announced


def _swap_hidden(state: GameState, seat: int, rng: random.Random) -> Deal | None:
    """Another deal that differs only in cards ``seat`` has not seen: two hidden cards of two
    other holders (the other seats, the unseen skat) change places."""
    visible = _visible(state, seat)
    owner = {}
    for s, m in enumerate((*state.deal.hand_masks, state.deal.skat_mask)):
        for i in range(32):
            if m >> i & 1:
                owner[i] = s
    # a declarer's twelve cards are mixed with the skat: keep the skat where it is then
    holders = {s for s in range(3) if s != seat}
    if not state.picked_up:
        holders.add(3)
    free = [i for i in range(32) if not visible >> i & 1 and owner[i] in holders]
    pairs = [(a, b) for a in free for b in free if owner[a] < owner[b]]
    if not pairs:
        return None
    a, b = rng.choice(pairs)
    owner[a], owner[b] = owner[b], owner[a]
    masks = [0, 0, 0, 0]
    for i, s in owner.items():
        masks[s] |= 1 << i
    return Deal(masks[:3], masks[3])


def _compare(seed: int, length: int, seat: int, preset: str) -> bool:
    """Play a random game prefix, swap two cards ``seat`` cannot see, replay; if the other deal
    is playable the same way, the observations must be equal.  True when a pair was compared."""
    rng = random.Random(seed)
    state = GameState(seed=seed, rules=Rules.parse(preset))
    while not state.is_over and len(state.history) < length:
        state.apply(rng.choice(state.legal_actions()))
    deal = _swap_hidden(state, seat, rng)
    if deal is None:
        return False
    other = GameState(deal, state.rules)
    try:
        for ev in state.history:
            other.apply(ev.action, ev.seat)
    except IllegalActionError:
        return False  # the other deal contradicts what the actions showed (a void, a declaration)
    assert other.deal != state.deal
    assert np.array_equal(
        encode(observation_of(other.view(seat))), encode(observation_of(state.view(seat)))
    )
    return True


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    length=st.integers(0, 45),
    seat=st.integers(0, 2),
    preset=st.sampled_from(PRESETS),
)
def test_two_deals_equal_from_the_seats_view_give_equal_observations(
    seed: int, length: int, seat: int, preset: str
) -> None:
    _compare(seed, length, seat, preset)


def test_equal_views_compared_on_many_seeded_games() -> None:
    compared = sum(_compare(s, s * 7 % 46, s % 3, PRESETS[s % len(PRESETS)]) for s in range(400))
    assert compared > 200


def _auction_heavy(state: GameState, rng: random.Random) -> object:
    """Mostly the next bid or a hold (long auctions that end alike by different ways), else
    any legal action."""
    actions = state.legal_actions()
    bids = sorted((a for a in actions if type(a) is Bid), key=lambda a: a.value)
    if bids and rng.random() < 0.8:
        return bids[0] if rng.random() < 0.7 else rng.choice(bids[:4])
    holds = [a for a in actions if type(a) is Hold]
    if holds and rng.random() < 0.8:
        return holds[0]
    return rng.choice(actions)


@pytest.mark.parametrize("rules", PRESETS)
def test_the_vector_is_a_function_of_the_information_state(rules: str) -> None:
    """Two decisions with equal vectors have equal views (equal histories as the seat saw them);
    without the auction blocks (the vector before them) some do not where bids may jump."""
    r = Rules.parse(rules)
    whole: dict[bytes, object] = {}
    short: dict[bytes, object] = {}
    clashes = 0
    cut = dict((name, at) for name, at, _ in LAYOUT)["bidders"]
    for g in range(40):
        rng = random.Random(f"{rules}:{g}")
        state = GameState(seed=g % 8, rules=r)  # few deals: the same hands meet many auctions
        while not state.is_over:
            view = state.view(state.to_move)
            vector = encode(observation_of(view))
            assert whole.setdefault(vector.tobytes(), view) == view
            clashes += short.setdefault(vector[:cut].tobytes(), view) != view
            state.apply(_auction_heavy(state, rng))
    assert clashes > 0 or not r.bid_jumps


def test_auctions_that_end_alike_by_different_ways_give_different_vectors() -> None:
    jumped = GameState(seed=2)
    stepped = GameState(seed=2)
    for a in ("20", "y", "p"):
        jumped.apply(a)
    for a in ("18", "y", "20", "y", "p"):
        stepped.apply(a)
    a, b = observation_of(jumped.view(2)), observation_of(stepped.view(2))
    assert (a.bid, a.said, a.passed) == (b.bid, b.said, b.passed)
    assert a.bids == ((1, 20),) and b.bids == ((1, 18), (1, 20))
    assert a.holds == ((0, 20),) and b.holds == ((0, 18), (0, 20))
    assert a.passes == b.passes == ((1, 20),)
    assert not np.array_equal(encode(a), encode(b))
