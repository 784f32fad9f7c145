"""The one serialisation of a result (``Result.to_dict`` / ``Result.from_dict``) and the
explanation with the players' names (ISkO 5: the declarer's card points, the game value)."""

from __future__ import annotations

import random

import pytest

from skat.core import PASS, Contract, GameState, Result, Rules, score
from skat.core.scoring import score_ramsch

RULES = (
    Rules.parse("isko"),
    Rules.parse("pub"),
    Rules.parse("isko,kontra=on,supra=on,spitze=on,schenken=on,open_play=on,show_skat=on"),
    Rules.parse("isko,ramsch=schieberamsch,jungfrau=on,durchmarsch=on"),
    Rules.parse("isko,ramsch=gewinner"),
    Rules.parse("old"),
)


def random_results(rules: Rules, games: int, seed: int) -> list[Result]:
    """Finished games played at random, ending early now and then (resign, show, Schenken)."""
    rng = random.Random(seed)
    out = []
    for n in range(games):
        g = GameState(seed=seed * 1000 + n, rules=rules)
        while not g.is_over:
            early = g.end_actions()
            if early and rng.random() < 0.05:
                action = rng.choice(early)
                try:
                    g.apply(action, getattr(action, "seat", None))
                    continue
                except ValueError:
                    pass
            legal = g.legal_actions()
            g.apply(PASS if PASS in legal and rng.random() < 0.5 else rng.choice(legal))
        assert g.result is not None
        out.append(g.result)
    return out


def kinds(r: Result) -> set[str]:
    found = {"passed" if r.passed else "ramsch" if r.ramsch else "won" if r.won else "lost"}
    for name, on in (
        ("kontra", r.kontra),
        ("spitze", r.said_value("spitze")),
        ("resigned", r.resigned),
        ("schenken", r.schenken),
        ("extra", r.extra_levels),
        ("overbid", r.overbid),
        ("pushes", r.pushes),
        ("jungfrau", r.jungfrau),
    ):
        if on:
            found.add(name)
    return found


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_result_dict_round_trip_for_every_kind_of_result(rules: Rules) -> None:
    seen: set[str] = set()
    for r in random_results(rules, 150, seed=len(str(rules))):
        d = r.to_dict()
        assert Result.from_dict(d, rules) == r
        assert Result.from_dict(r.to_dict(every=True), rules) == r
        assert set(d) <= set(r.to_dict(every=True))
        seen |= kinds(r)
    assert {"won", "lost"} <= seen


def test_the_random_games_cover_every_kind_of_result() -> None:
    seen: set[str] = set()
    for rules in RULES:
        for r in random_results(rules, 150, seed=len(str(rules))):
            seen |= kinds(r)
    want = {"won", "lost", "passed", "ramsch", "kontra", "spitze", "resigned", "overbid",
            "schenken", "pushes", "jungfrau", "extra"}  # fmt: skip
    assert want <= seen, want - seen


def test_a_passed_in_game_is_two_fields() -> None:
    assert Result(None).to_dict() == {"passed": True, "seat_scores": [0, 0, 0]}
    assert Result.from_dict({"passed": True, "seat_scores": [0, 0, 0]}) == Result(None)


def test_a_ramsch_result_keeps_its_fields() -> None:
    r = score_ramsch("ramsch", seat_points=(90, 30, 0), seat_tricks=(7, 3, 0), pushes=1)
    d = r.to_dict()
    assert d["ramsch_scores"] == [-360, 0, 0] and d["jungfrau"] == 1 and d["pushes"] == 1
    assert "declarer" not in d and Result.from_dict(d) == r


def test_the_old_saved_series_form_still_reads() -> None:
    """The list summary saved series wrote before: every key present, the Ramsch scores only
    in ``seat_scores``."""
    old_game = {
        "passed": False, "declarer": 1, "contract": "G", "bid": 18, "won": True, "value": 48,
        "score": 48, "points": 70, "overbid": False, "multiplier": 1, "kontra": 0,
        "ramsch": None, "seat_scores": [0, 48, 0],
    }  # fmt: skip
    r = Result.from_dict(old_game)
    assert (r.contract, r.declarer, r.score, r.points, r.seat_scores) == (
        Contract.parse("G"),
        1,
        48,
        70,
        (0, 48, 0),
    )
    old_ramsch = {
        "passed": False, "declarer": None, "contract": None, "bid": 0, "won": False, "value": 0,
        "score": 0, "points": 0, "overbid": False, "multiplier": 2, "kontra": 0,
        "ramsch": "ramsch", "seat_scores": [0, -60, 0],
    }  # fmt: skip
    r = Result.from_dict(old_ramsch)
    assert r.ramsch == "ramsch" and r.seat_scores == (0, -60, 0) and r.multiplier == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"contract": "XYZ", "declarer": 0}, "contract: not a contract"),
        ({"contract": "G", "declarer": 5}, "declarer must be a seat 0, 1 or 2, not 5"),
        ({"contract": "G", "declarer": 0, "bid": "18"}, "bid must be a whole number"),
        ({"contract": "G", "declarer": 0, "won": 1}, "won must be true or false"),
        ({"contract": "G"}, "a contract needs a declarer"),
        ({"seat_scores": [1, 2]}, "seat_scores must be three whole numbers"),
    ],
)
def test_a_bad_result_dict_is_one_clear_error(data: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ValueError, match=message) as info:
        Result.from_dict(data)
    assert "\n" not in str(info.value)


def test_the_explanation_with_names_names_the_declarer_and_his_card_points() -> None:
    r = score(Contract.parse("H"), bid=18, cards=0b1 << 31 | 0b1 << 23, points=78, tricks=6,
              defender_tricks=4, declarer=0)  # fmt: skip
    names = ("Ann", "Bob", "Cid")
    assert r.explain(names=names) == "Ann wins Hearts with 78 card points: with 2, game 3 × 10 = 30"
    assert r.explain("de", names=names) == "Ann gewinnt Herz mit 78 Augen: mit 2, Spiel 3 × 10 = 30"
    assert r.explain() == "with 2, game 3, × Hearts 10 = 30"


def test_the_explanation_with_names_of_a_lost_game_and_a_ramsch() -> None:
    lost = score(Contract.parse("N"), bid=18, cards=0, points=0, tricks=1, defender_tricks=0,
                 declarer=2)  # fmt: skip
    assert lost.explain(names=("A", "B", "C")) == "C loses Null = 23, lost 2 × 23 = −46"
    ramsch = score_ramsch("ramsch", seat_points=(60, 40, 20), seat_tricks=(5, 3, 2))
    assert ramsch.explain(names=("A", "B", "C")) == "Ramsch (60 40 20), A −60"
