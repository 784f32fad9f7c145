"""JSON game records: writing, validating, replaying, and the ISS → JSON → ISS round trip."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from skat.core import Deal, GameState
from skat.records.iss import parse_iss_line
from skat.records.jsonrecord import (
    FORMAT,
    ISS_VERSION,
    VERSION,
    JsonRecordError,
    dumps,
    json_to_iss,
    load_json,
    record_to_json,
    state_to_json,
)
from skat.records.replay import check

from ._support import REAL, fixture, fixtures


def test_every_fixture_survives_iss_to_json_to_iss() -> None:
    for rec in fixtures():
        assert rec.result is not None
        text = dumps(record_to_json(rec))
        back = parse_iss_line(json_to_iss(json.loads(text)))
        assert back.moves == rec.moves, rec.label
        assert back.result is not None and back.result.passed == rec.result.passed
        for key, value in rec.result.fields.items():
            assert back.result.fields[key] == value, (rec.label, key)
        for attr in ("id", "date", "place", "series", "players", "ratings", "comment"):
            assert getattr(back, attr) == getattr(rec, attr), (rec.label, attr)
        assert check(back) == []


def test_fixture_lines_with_all_result_fields_come_back_byte_for_byte() -> None:
    same = 0
    for text in REAL.read_text(encoding="utf-8").splitlines():
        rec = parse_iss_line(text)
        if rec.result is not None and "r" in rec.result.fields:
            assert json_to_iss(record_to_json(rec)) == text
            same += 1
    assert same > 40


def test_json_record_shape() -> None:
    data = record_to_json(fixture("541932"))
    assert data["format"] == FORMAT and data["version"] == ISS_VERSION == 1 and VERSION == 2
    assert data["rules"] == "iss"
    assert len(data["deal"].split(".")) == 32
    assert data["events"][:6] == [
        [1, "p"],
        [2, "18"],
        [0, "p"],
        [2, "s"],
        [2, "D.ST.H8"],
        [0, "SA"],
    ]
    assert data["result"] == {
        "passed": False,
        "declarer": 2,
        "contract": "D",
        "bid": 18,
        "outcome": "loss",
        "score": -54,
        "value": 27,
        "matadors": -2,
        "overbid": False,
        "points": 59,
        "tricks": 4,
        "schneider": False,
        "schwarz": False,
        "penalties": [0, 0, 0],
        "left": None,
        "timeout": None,
        "resigned": False,
    }
    assert data["meta"]["players"] == ["zoot", "kermit", "foo"]
    assert data["meta"]["id"] == "541932"


def test_timeouts_leaving_and_hidden_cards_are_events() -> None:
    assert record_to_json(fixture("18358"))["events"][-2:] == [[0, "??"], [1, "LE"]]
    assert record_to_json(fixture("8"))["events"] == [[1, "p"], [2, "TI"]]
    assert record_to_json(fixture("8"))["result"]["penalties"] == [0, 0, 1]


def test_iss2_rules_are_kept() -> None:
    data = record_to_json(fixture("272095"))
    assert data["rules"] == "iss2"
    assert load_json(data).rules.resign == "after_claim"


def _random_state(seed: int) -> GameState:
    rng = random.Random(seed)
    state = GameState(Deal.random(rng))
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_engine_games_load_back_to_the_same_result() -> None:
    for seed in range(100):
        state = _random_state(seed)
        data = state_to_json(state, {"id": str(seed)})
        game = load_json(dumps(data))
        assert game.replay.result == state.result
        assert [str(e) for e in game.replay.state.history] == [str(e) for e in state.history]
        assert check(parse_iss_line(json_to_iss(data))) == []


def test_state_to_json_needs_a_finished_game() -> None:
    with pytest.raises(JsonRecordError, match="not over"):
        state_to_json(GameState(seed=1))


def _good() -> dict[str, Any]:
    return record_to_json(fixture("541932"))


def _with(path: str, value: object) -> dict[str, Any]:
    data = _good()
    *parents, last = path.split(".")
    target: Any = data
    for p in parents:
        target = target[int(p)] if isinstance(target, list) else target[p]
    if isinstance(target, list):
        target[int(last)] = value
    elif value is _DELETE:
        del target[last]
    else:
        target[last] = value
    return data


_DELETE = object()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", "other", "format: must be 'skat-game'"),
        ("version", 3, "version: 3 is not supported"),
        ("version", True, "version: true is not supported"),
        ("rules", "chess", "rules: unknown rules preset"),
        ("rules", 5, "rules: must be a rules string"),
        ("deal", "CJ SJ", "deal: a deal is 32 cards"),
        ("deal", None, "deal: must be a string"),
        ("events", {}, "events: must be a list"),
        ("events.0", [1], "events[0]: must be [seat, text]"),
        ("events.0", [3, "p"], "events[0]: the seat must be 0, 1 or 2"),
        ("events.0", [True, "p"], "events[0]: the seat must be 0, 1 or 2"),
        ("events.0", [1, ""], "events[0]: the action must be one word"),
        ("events.0", [1, "1 p"], "events[0]: the action must be one word"),
        ("events.0", [2, "p"], "events[0]: it is Middlehand's turn"),
        ("events.5", [0, "CA"], "events[5]: Forehand does not hold CA"),
        ("events.5", [0, "RE.1"], "events[5]: seat 0 cannot resign as RE.1"),
        ("result", [], "result: must be an object"),
        ("result.score", -108, "result.score: the record says -108, the replay gives -54"),
        ("result.score", "x", "result.score: has the wrong type"),
        ("result.schneider", 1, "result.schneider: has the wrong type"),
        ("result.points", True, "result.points: has the wrong type"),
        ("result.colour", "red", "result.colour: unknown field"),
        ("result.passed", True, "result.passed: the record says true, the replay gives false"),
        ("meta", [], "meta: must be an object"),
        ("meta.players", ["a"], "meta.players: must be a list of three strings"),
        ("meta.id", 5, "meta.id: must be a string"),
    ],
)
def test_bad_json_records_name_the_field(path: str, value: object, message: str) -> None:
    with pytest.raises(JsonRecordError) as info:
        load_json(_with(path, value))
    assert str(info.value).startswith(message), str(info.value)
    assert "\n" not in str(info.value)


def test_events_cut_short_are_an_error() -> None:
    data = _good()
    data["events"] = data["events"][:-1]
    with pytest.raises(JsonRecordError, match="ends before the game is over"):
        load_json(data)


def test_result_and_meta_are_optional() -> None:
    data = _with("result", _DELETE)
    del data["meta"]
    assert load_json(data).replay.fields.fields["v"] == -54


def test_not_json_and_not_an_object() -> None:
    with pytest.raises(JsonRecordError, match="not JSON"):
        load_json("{")
    with pytest.raises(JsonRecordError, match="a JSON object, not a list"):
        load_json("[]")
    with pytest.raises(JsonRecordError, match="not JSON"):
        load_json("[" * 100000)


def test_engine_event_forms_are_accepted() -> None:
    data = _good()  # the engine writes the discards first, then the declaration, and RE.n
    events = data["events"]
    i = events.index([2, "D.ST.H8"])
    events[i : i + 1] = [[2, "ST.H8"], [2, "D"]]
    assert load_json(data).replay.fields.fields["v"] == -54
