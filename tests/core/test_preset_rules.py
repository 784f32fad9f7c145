"""The rule sets of today's real tables: ``tournament`` (SkWO/ISkO tournament practice) and
``online`` (the online Skat order OSkO), docs/variants/online.md and tournament.md."""

from __future__ import annotations

import pytest

from skat.core import GameState, IllegalActionError, Phase, Rules
from skat.core.rules import PRESETS
from skat.tournament.model import Tournament

from ._support import play
from .test_kontra import LINE_85, SEED_DEAL, line

ONLINE = Rules.parse("online")
TOURNAMENT = Rules.parse("tournament")
DIAMONDS = "18 y p p s D8.D7 D"
TWO_TRICKS = " ".join(line(LINE_85).split()[:6])


def test_tournament_rules_have_no_kontra_ramsch_bock_or_spitze() -> None:
    t = TOURNAMENT
    assert (t.kontra, t.ramsch, t.bock, t.spitze, t.schenken) == (False, "off", False, False, False)
    assert t.score_sheet == "seeger" and t.claim == "isko" and t.resign == "one"


def test_tournament_rules_announcements_only_in_hand_games() -> None:
    state = GameState(seed=3, rules=TOURNAMENT)
    for action in ("p", "p", "18", "s"):
        state.apply(action)
    state.apply(state.legal_actions()[0])
    assert "CS" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalActionError):
        state.apply("CS")


def test_tournament_rules_are_the_default_of_tournaments() -> None:
    assert Tournament.__dataclass_fields__["rules"].default == "tournament"


def test_online_rules_concession_counts_only_when_both_defenders_concede() -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS} RE.1", ONLINE)
    assert state.phase == Phase.PLAY
    state.apply("RE.2")
    assert state.is_over and state.result is not None and state.result.won


def test_online_rules_laying_cards_open_is_not_a_claim() -> None:
    # the declarer shows his cards after two tricks, Rearhand takes the third (HQ H7 HA): ISkO
    # gives the defenders every remaining trick and the game ends, OSkO plays on
    third = "SC HQ H7 HA"
    assert play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS} {third}", Rules.parse("isko")).is_over
    online = play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS} {third}", ONLINE)
    assert online.phase == Phase.PLAY and online.course.claimed


def test_online_rules_disconnect_past_the_waiting_time_counts_as_conceding() -> None:
    assert ONLINE.disconnect_concede == 60 and Rules.parse("isko").disconnect_concede == 0
    assert Rules.parse("online,disconnect_concede=120").disconnect_concede == 120


def test_online_rules_confirmation_delay_after_a_jump_bid() -> None:
    assert ONLINE.jump_delay == 2 and Rules.parse("isko").jump_delay == 0
    assert str(Rules.parse("isko,jump_delay=2")) == "isko,jump_delay=2"


def test_presets_listed_include_tournament_and_online() -> None:
    assert {"isko", "tournament", "online", "old", "pub"} <= set(PRESETS)
    for name, rules in PRESETS.items():
        assert str(rules) == name and Rules.parse(name) == rules
