"""The conformance suite (skat.testing) on every state machine of the project: Skat under the
rules presets and house-rule mixes, Tournee, Officers, Strohmann and Scat.  Each run plays
seeded random games and checks at every step: every card in exactly one place, the card
points add up (120), legal actions never empty until the end, ``undo`` restores the state,
copies are independent, and a view never depends on cards its seat cannot see.

The suite itself is checked too: a machine that breaks a property is caught.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from skat.core import GameState
from skat.testing import (
    ConformanceError,
    Machine,
    check,
    check_listed,
    game_state,
    officers,
    scat,
    strohmann,
    tournee,
)
from skat.thirtyone import Rules as ScatRules

MIXES = (
    "isko,kontra=on,kontra_timing=lead,kontra_eligibility=bid,supra=on",
    "isko,ramsch=schieberamsch,ramsch_tens=low,ramsch_ten_points=1",
    "isko,spitze=on,schenken=on,open_play=on,show_skat=on",
    "iss2,kontra=on,supra=on,spitze=on,schenken=on,open_play=on",
    "pub,ramsch=gewinner,ramsch_skat=loser,jungfrau=off,durchmarsch=off,kontra_timing=lead",
    "isko,ramsch=schieberamsch,schieberamsch_jacks=on,schieberamsch_grand_hand=off,"
    "show_skat=on,kontra=on",
)
SCAT_RULES = (
    "scat",
    "schwimmen",
    "scat,min_knock=21,straight_flush=on,three_of_a_kind=30",
    "scat,throw_down=on,take_back=off,knocker_pays=1,lives=1",
    "scat,pack=32,stock_out=draw,county=off",
)


@pytest.mark.parametrize("preset", ["isko", "iss", "iss2", "old"])
@pytest.mark.parametrize("chunk", range(2))
def test_skat_under_every_preset_conforms(preset: str, chunk: int) -> None:
    report = check(game_state(preset), games=600, seed=chunk, sample=0.15)
    assert report.finished == 600 and report.views > 3000


@pytest.mark.parametrize("mix", MIXES)
def test_skat_under_house_rule_mixes_conforms(mix: str) -> None:
    report = check(game_state(mix, forced_ramsch=6), games=250, seed=7, sample=0.25)
    assert report.finished == 250 and report.views > 1000


def test_tournee_conforms() -> None:
    report = check(tournee(), games=1000, sample=0.15)
    assert report.finished == 1000 and report.views > 2500


def test_officers_conforms() -> None:
    report = check(officers(), games=1500, sample=0.15)
    assert report.finished == 1500 and report.views > 2500


def test_strohmann_conforms() -> None:
    report = check(strohmann(), games=1000, sample=0.15)
    assert report.finished == 1000 and report.views > 1000


@pytest.mark.parametrize("rules", SCAT_RULES)
@pytest.mark.parametrize("players", [2, 5])
def test_scat_conforms(rules: str, players: int) -> None:
    report = check(scat(ScatRules.parse(rules), players), games=25, sample=0.1)
    assert report.finished == 25 and report.views > 10


# ----------------------------------------------------------------------------- the suite fails


def _broken(**changes: Any) -> Machine[GameState]:
    base = game_state("isko")
    fields = {name: getattr(base, name) for name in base.__dataclass_fields__}
    fields.update(changes)
    return Machine(**fields)


def test_the_suite_catches_a_lost_card() -> None:
    machine = _broken(places=lambda s: [s.hand(0).mask, s.hand(1).mask, s.skat.mask])
    with pytest.raises(ConformanceError, match="cards missing"):
        check(machine, games=1)


def test_the_suite_catches_points_that_do_not_add_up() -> None:
    machine = _broken(points=lambda s: 119)
    with pytest.raises(ConformanceError, match="card points 119, not 120"):
        check(machine, games=1)


def test_the_suite_catches_an_undo_that_does_not_restore() -> None:
    def undo_twice_then_replay(state: GameState, rng: random.Random) -> None:
        game_state("isko").move(state, rng)
        if len(state.history) > 3:
            state.undo()
            state.undo()
            game_state("isko").move(state, rng)
            game_state("isko").move(state, rng)

    machine = _broken(move=undo_twice_then_replay)
    with pytest.raises(ConformanceError, match="undo did not restore"):
        check(machine, games=3)


def test_the_suite_catches_a_copy_that_shares_its_state() -> None:
    machine = _broken(copy=lambda s: s)
    with pytest.raises(ConformanceError, match=r"changed the original|differs"):
        check(machine, games=1)


def test_the_suite_catches_a_view_that_leaks_hidden_cards() -> None:
    class Leaky(GameState):
        __slots__ = ()

        def view(self, seat: int) -> Any:
            return (super().view(seat), self.hand((seat + 1) % 3))

        def copy(self) -> Leaky:
            return replayed(self)

    def replayed(state: GameState) -> Leaky:
        leaky = Leaky(state.deal, state.rules)
        for ev in state.history:
            leaky.apply(ev.action, ev.seat)
        return leaky

    base = game_state("isko")

    def twin(state: GameState, seat: int, rng: random.Random) -> GameState | None:
        other = base.twin(state, seat, rng) if base.twin else None
        return replayed(other) if other is not None else None

    machine = _broken(new=lambda rng: Leaky(base.new(rng).deal), twin=twin, copy=replayed)
    with pytest.raises(ConformanceError, match="view depends on cards it cannot see"):
        check(machine, games=2)


def test_the_listing_check_catches_a_listed_action_that_is_refused_and_the_reverse() -> None:
    class Refuses:
        def __init__(self, listed: list[str], valid: set[str]) -> None:
            self.listed, self.valid = listed, valid

        def legal_actions(self) -> list[str]:
            return self.listed

        def validate(self, action: str) -> str:
            if action not in self.valid:
                raise ValueError(action)
            return action

    check_listed(Refuses(["a"], {"a"}), ["a", "b"])
    with pytest.raises(ConformanceError, match="validates but is not listed"):
        check_listed(Refuses(["a"], {"a", "b"}), ["a", "b"])
    with pytest.raises(ConformanceError, match="b is listed but refused"):
        check_listed(Refuses(["a", "b"], {"a"}), ["a", "b"])
