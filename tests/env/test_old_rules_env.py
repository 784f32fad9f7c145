"""The environment under the rules before 1998 (``old``): the ladder's bids 252 … 360 have ids
(appended: 640-643), the mask offers them and the observation holds them."""

from __future__ import annotations

import numpy as np
from pettingzoo.test import api_test

from skat.core import GameState, Rules
from skat.env import aec_env, decode, encode, observation_of
from skat.env.action_ids import BID_IDS, OLD_BID_IDS, action_of, legal_ids
from skat.env.tracker import ObservationTracker

OLD = Rules.parse("old")


def test_old_rules_env_mask_offers_the_bids_252_to_360() -> None:
    state = GameState(seed=1, rules=OLD)
    ids = legal_ids(state)
    assert [str(action_of(i)) for i in OLD_BID_IDS] == ["252", "288", "324", "360"]
    assert set(OLD_BID_IDS) <= set(ids)
    assert BID_IDS.stop - 1 not in ids  # 264 is no value of an old game
    isko = legal_ids(GameState(seed=1))
    assert not set(OLD_BID_IDS) & set(isko) and BID_IDS.stop - 1 in isko


def test_old_rules_env_observation_holds_a_bid_of_360() -> None:
    state = GameState(seed=2, rules=OLD)
    tracker = ObservationTracker(state)
    for a in ("252", "y", "360", "p", "p"):
        state.apply(a)
        for seat in range(3):
            obs = observation_of(state.view(seat))
            vector = encode(obs)
            assert decode(vector) == obs
            assert np.array_equal(tracker.observe(seat), vector)
    obs = observation_of(state.view(0))
    assert obs.bid == 360 and obs.said == (252, 360, 0)
    assert obs.bids == ((1, 252), (1, 360)) and obs.holds == ((0, 252),)
    assert obs.passes == ((0, 360), (2, 360))


def test_old_rules_env_pettingzoo_api_test() -> None:
    api_test(aec_env(rules="old", reward="seeger"), num_cycles=200)
