"""House rules the sources name (docs/variants/house-rules.md): Jungfrau as a fixed 15, Ramsch
where everyone loses his own card points, Gewinner-Ramsch with the skat to the most points,
open contracts at double value, a Ramsch round after every third Bock round, pub Ramsch
rounds as Schieberamsch with Grand Hand, the lowest games conceded at once."""

from __future__ import annotations

import random

from skat.core import CardSet, Contract, GameState, Result, Rules, score
from skat.core.cards import points_of
from skat.core.scoring import score_ramsch
from skat.series import Series

FIXED = Rules.parse("isko,ramsch=ramsch,jungfrau_penalty=15")
EVERYONE = Rules.parse("isko,ramsch=ramsch,ramsch_loss=everyone")


def test_jungfrau_fixed_penalty_of_15() -> None:
    r = score_ramsch("ramsch", seat_points=(90, 30, 0), seat_tricks=(7, 3, 0), rules=FIXED)
    assert r.ramsch_scores == (-105, 0, 0)  # 90 + 15, not doubled
    doubled = score_ramsch("ramsch", seat_points=(90, 30, 0), seat_tricks=(7, 3, 0))
    assert doubled.ramsch_scores == (-180, 0, 0)


def test_jungfrau_fixed_penalty_doubles_with_a_push() -> None:
    r = score_ramsch(
        "ramsch", seat_points=(90, 30, 0), seat_tricks=(7, 3, 0), pushes=1, rules=FIXED
    )
    assert r.ramsch_scores == (-210, 0, 0)


def test_ramsch_everyone_loses_own_card_points() -> None:
    r = score_ramsch("ramsch", seat_points=(60, 40, 20), seat_tricks=(5, 3, 2), rules=EVERYONE)
    assert r.ramsch_scores == (-60, -40, -20)
    durchmarsch = score_ramsch(
        "ramsch", seat_points=(120, 0, 0), seat_tricks=(10, 0, 0), rules=EVERYONE
    )
    assert durchmarsch.ramsch_scores == (120, 0, 0)


def test_gewinner_ramsch_skat_goes_to_most_points() -> None:
    rules = Rules.parse("isko,ramsch=gewinner")
    assert rules.ramsch_skat == "loser" and str(rules) == "isko,ramsch=gewinner"
    other = Rules.parse("isko,ramsch=gewinner,ramsch_skat=last_trick")
    assert other.ramsch_skat == "last_trick" and Rules.parse(str(other)) == other
    state = GameState(seed=5, rules=rules, ramsch=True)
    rng = random.Random(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    result = state.result
    assert result is not None and result.ramsch == "gewinner"
    tricks = [points_of(m) for m in state.play.won]
    most = tricks.index(max(tricks))
    skat = points_of(state.deal.skat_mask)
    assert result.seat_points[most] == tricks[most] + skat


def test_open_contract_double_value() -> None:
    args = {
        "bid": 18,
        "cards": CardSet.parse("CJ SJ"),
        "points": 70,
        "tricks": 6,
        "defender_tricks": 4,
        "extra_levels": ("open",),
    }
    level = score(Contract.parse("C"), rules=Rules.parse("isko,open_play=on"), **args)
    double = score(
        Contract.parse("C"), rules=Rules.parse("isko,open_play=on,open_value=double"), **args
    )
    assert (level.level, level.value) == (4, 48)  # with 2, game 3, open 4
    assert (double.level, double.value) == (3, 72)  # with 2, game 3 = 36, × 2
    assert double.explain() == "with 2, game 3, × Clubs 12 = 36 × 2 = 72"


def _value100(declarer: int = 0) -> Result:
    return Result(Contract.parse("G"), declarer, bid=18, won=True, value=120, score=120)


def test_ramsch_round_after_every_third_bock_round() -> None:
    series = Series(["A", "B", "C"], Rules.parse("pub,ramsch_rounds_every=3"), seed=1)
    series.add(_value100())  # Bock round 1: no Ramsch round after it
    assert series.rounds.queue == (("bock", 3),)
    series.add(_value100())  # Bock round 2
    assert series.rounds.queue == (("bock", 2), ("bock", 3))
    series.add(_value100())  # Bock round 3: its Ramsch round follows
    assert series.rounds.queue == (("bock", 1), ("bock", 3), ("bock", 3), ("ramsch", 3))


def test_ramsch_round_after_each_bock_round_by_default() -> None:
    series = Series(["A", "B", "C"], Rules.parse("pub"), seed=1)
    series.add(_value100())
    assert series.rounds.queue == (("bock", 3), ("ramsch", 3))


def test_pub_ramsch_rounds_are_schieberamsch_with_grand_hand() -> None:
    state = GameState(seed=2, rules=Rules.parse("pub"), ramsch=True)
    assert [str(a) for a in state.legal_actions()] == ["s", "p", "GH"]
    plain = GameState(seed=2, rules=Rules.parse("pub,ramsch_rounds_kind=same"), ramsch=True)
    assert plain.course.ramsch is not None and plain.course.ramsch.kind == "ramsch"


def test_auto_concede_lowest_games() -> None:
    rules = Rules.parse("isko,auto_concede=on")
    state = GameState(seed=1, rules=rules)
    for action in ("18", "y", "p", "p", "s"):
        state.apply(action)
    state.apply(state.legal_actions()[0])
    state.apply("D")
    result = state.result
    assert state.is_over and result is not None
    assert (result.won, result.schenken, result.value, result.score) == (True, True, 18, 18)


def test_auto_concede_not_for_hearts_at_18_nor_with_kontra() -> None:
    for text, game in (("isko,auto_concede=on", "H"), ("isko,auto_concede=on,kontra=on", "D")):
        state = GameState(seed=1, rules=Rules.parse(text))
        for action in ("18", "y", "p", "p", "s"):
            state.apply(action)
        state.apply(state.legal_actions()[0])
        state.apply(game)
        assert not state.is_over
