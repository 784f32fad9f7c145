"""The Danish Skat Union's rules as options (docs/variants/danish.md).

Sources: Dansk Skat Union, "Spilleregler" (danskskatunion.dk/skatregler/spilleregler/): "Den
foreskrevne reizerækkefølge skal følges, der startes med 18 og alle trin skal meddeles" (the
prescribed order of bids is followed, starting at 18, every step said); pagat.com's Skat page,
section on Danish Skat: in tournaments the defenders of a lost game each score
its value (the ``danish`` score sheet of ``skat.series``).
"""

from __future__ import annotations

import pytest

from skat.core import PASS, Bid, Deal, GameState, IllegalActionError, Rules, RulesError
from skat.core.rules import DANISH, ISKO, OPTIONS, PRESETS
from skat.variants.tournee import TourneeState

DEAL = Deal.parse(
    "CJ SJ HA HT HK H8 H7 D9 D8 D7 | CA CT CK CQ C9 SA ST SK SQ S9 | "
    "HJ DJ C8 C7 S8 S7 HQ H9 DA DT | DK DQ"
)


def test_the_danish_preset_says_every_bid_and_keeps_the_danish_list() -> None:
    assert PRESETS["danish"] is DANISH == Rules.parse("danish")
    assert str(DANISH) == "danish"
    assert not DANISH.bid_jumps and DANISH.score_sheet == "danish"
    assert ISKO.bid_jumps  # jump bids are allowed under the ISkO


def test_bid_jumps_is_an_ordinary_game_option_with_a_string_form() -> None:
    r = Rules.parse("isko,bid_jumps=off")
    assert not r.bid_jumps and str(r) == "isko,bid_jumps=off" and Rules.parse(str(r)) == r
    assert Rules.parse("danish,bid_jumps=on").score_sheet == "danish"
    with pytest.raises(RulesError, match="bid_jumps takes on or off"):
        Rules.parse("isko,bid_jumps=sometimes")
    (option,) = [o for o in OPTIONS if o.name == "bid_jumps"]
    assert option.scope == "game" and option.default is True


def test_danish_rules_are_skat_rules_not_tournee_rules() -> None:
    with pytest.raises(RulesError, match="bid_jumps does not apply"):
        TourneeState(DEAL, DANISH)


def test_without_jump_bids_only_the_next_value_may_be_bid() -> None:
    state = GameState(DEAL, DANISH)
    assert state.legal_actions() == [Bid.of(18), PASS]
    with pytest.raises(IllegalActionError):
        state.validate("20")
    for a in ("18", "y"):
        state.apply(a)
    assert state.legal_actions() == [Bid.of(20), PASS]
    with pytest.raises(IllegalActionError):
        state.apply("22")


def test_with_jump_bids_any_higher_value_may_be_bid() -> None:
    state = GameState(DEAL, ISKO)
    assert state.validate("22") == Bid.of(22)
