"""The public (spectator) view, ``GameState.view(None)``: decided in core like a seat's view.
It shows no hand of any seat unless it lies open (Ouvert, shown cards, a defender's claim) and
everything at the end; two deals that differ only in hidden cards look the same."""

from __future__ import annotations

import random

from skat.core import CardSet, Deal, GameState, Rules
from skat.core.actions import Discard, Event
from skat.core.view import SPECTATOR

from ._support import DEAL, make_deal, play


def test_public_view_shows_no_hand_skat_or_discard_during_random_games() -> None:
    rules = Rules.parse("isko,ramsch=schieberamsch,kontra=on,open_play=on")
    for seed in range(40):
        rng = random.Random(seed)
        state = GameState(Deal.random(rng), rules)
        while not state.is_over:
            view = state.view(None)
            assert view.seat == SPECTATOR and view.hand == CardSet(0)
            assert view.legal_actions == () and view.result is None
            assert view.skat is None and view.discard is None
            for e in view.history:
                assert (
                    e[1] is None if not isinstance(e, Event) else not isinstance(e.action, Discard)
                )
            c, d = state.contract, state.declarer
            open_ = c is not None and (c.ouvert or state.claimed or "open" in view.announcements)
            if d is not None and open_:
                assert view.open_hand == state.hand(d)
            else:
                assert view.open_hand is None
            state.apply(rng.choice(state.legal_actions()))
        assert state.view(None).result == state.result
        assert state.view(None).skat == state.deal.skat


def test_public_view_is_the_same_for_deals_differing_only_in_hidden_cards() -> None:
    # the defenders swap C7 and S8, and Middlehand's S9 is in the skat instead of H7
    other = make_deal(
        "CJ SJ HA HT HK H8 H7 D9 D8 D7",
        "CA CT CK CQ C9 SA ST SK SQ S8",
        "HJ DJ C8 C7 S9 S7 HQ H9 DA DT",
        "DK DQ",
    )
    base = make_deal(
        "CJ SJ HA HT HK H8 H7 D9 D8 D7",
        "CA CT CK CQ C9 SA ST SK SQ S9",
        "HJ DJ C8 C7 S8 S7 HQ H9 DA DT",
        "DK DQ",
    )
    for actions in ("", "p", "p 18 y p", "p 18 y p HH", "p 18 y p HH HA", "p 18 y p HH HA CA"):
        a, b = play(base, actions), play(other, actions)
        assert a.view(None) == b.view(None), actions
        assert a.view(1) != b.view(1)


def test_public_view_shows_the_ouvert_hand() -> None:
    state = play(DEAL, "p 18 y p GO")
    assert state.view(None).open_hand == state.hand(0)
    assert state.view(None).hand == CardSet(0)
