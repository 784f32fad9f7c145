"""JSON game records, version 2: every preset, forced Ramsch and Schieberamsch, every new action,
the two-player and Tournee variants, meta.series, version 1 files, hostile input, ISS output of
games ISS cannot express, and ``skat replay --check`` on JSON files."""

from __future__ import annotations

import copy
import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skat.cli.main import main
from skat.core import Deal, GameState, Rules
from skat.core.actions import (
    VIOLATION_KINDS,
    Double,
    LayOpen,
    Resign,
    Schenken,
    ShowSkat,
    Spitze,
    Violation,
)
from skat.core.rules import PRESETS
from skat.core.state import Phase
from skat.records.iss import IssWriteError, iss_unwritable, parse_iss_line, write_iss
from skat.records.jsonrecord import (
    VERSION,
    JsonRecordError,
    JsonReplayError,
    check_json,
    dumps,
    json_to_iss,
    load_json,
    result_fields,
    split_json,
    state_to_json,
)
from skat.records.replay import check
from skat.variants import OfficersState, StrohmannState, TourneeState, find_variant

AnyState = GameState | StrohmannState | OfficersState | TourneeState


# ---------------------------------------------------------------------------------------------
# Playing seeded random games


def _play(state: AnyState, rng: random.Random, *, ends: float = 0.04, odd: float = 0.0) -> Any:
    """Play to the end with seeded random moves: now and then an end action (showing the
    cards, resigning, Schenken), the house rules' announcements with a fair chance, and with
    probability ``odd`` a rule violation during the play."""
    while not state.is_over:
        legal = list(state.legal_actions())
        end = list(state.end_actions())
        if end and rng.random() < ends:
            action = rng.choice(end)
            seat = getattr(action, "seat", state.declarer)
            state.apply(action, seat)
            continue
        if (
            odd
            and isinstance(state, GameState)
            and state.phase == Phase.PLAY
            and state.declarer is not None
            and rng.random() < odd
        ):
            seat = rng.randrange(3)
            state.apply(Violation(seat, rng.choice(VIOLATION_KINDS)), seat)
            continue
        special = [a for a in legal if isinstance(a, (Double, Spitze, ShowSkat, LayOpen))]
        if special and rng.random() < 0.5:
            state.apply(rng.choice(special))
        else:
            state.apply(rng.choice(legal))
    return state


def _seats(state: AnyState) -> int:
    return find_variant(state.variant).seats


def _round_trip(state: AnyState, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """Write, dump, load and replay: the same result, events and views; written again, the
    same record."""
    data = state_to_json(state, meta)
    assert data["version"] == VERSION == 2
    text = dumps(data)
    assert "\n" not in text
    game = load_json(text)
    assert game.result == state.result
    assert game.events == [(ev.seat, str(ev.action)) for ev in state.history]
    assert [list(e) for e in game.events] == data["events"]
    for seat in range(_seats(state)):
        assert game.state.view(seat) == state.view(seat), seat
    assert state_to_json(game.state, meta) == data
    assert check_json(text) == []
    return data


# ---------------------------------------------------------------------------------------------
# Every preset, forced Ramsch, Schieberamsch


@pytest.mark.parametrize("preset", list(PRESETS))
def test_seeded_games_under_every_preset_round_trip(preset: str) -> None:
    rules = PRESETS[preset]
    for seed in range(40):
        rng = random.Random(f"{preset}-{seed}")
        state = _play(GameState(Deal.random(rng), rules), rng)
        data = _round_trip(state, {"id": f"{preset}-{seed}", "players": ["a", "b", "c"]})
        assert data["rules"] == preset
        assert Rules.parse(data["rules"]) == rules
        assert "variant" not in data and "ramsch" not in data


@pytest.mark.parametrize("preset", list(PRESETS))
def test_games_iss_can_express_still_go_to_iss_and_agree(preset: str) -> None:
    written = refused = 0
    for seed in range(40):
        rng = random.Random(f"{preset}-{seed}")
        state = _play(GameState(Deal.random(rng), PRESETS[preset]), rng)
        data = state_to_json(state, {"id": str(seed)})
        if iss_unwritable(state) is None:
            line = json_to_iss(data)
            assert line == write_iss(state, id=str(seed))
            assert check(parse_iss_line(line)) == []
            written += 1
        else:
            with pytest.raises(IssWriteError, match=r"^not expressible as an ISS record: "):
                json_to_iss(data)
            refused += 1
    assert written
    assert refused == 0 or preset == "pub"


@pytest.mark.parametrize("kind", ["ramsch", "schieberamsch", "gewinner", "off"])
def test_forced_ramsch_round_trips(kind: str) -> None:
    rules = Rules.parse(f"isko,ramsch={kind}")
    pushes = grand_hand = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = _play(GameState(Deal.random(rng), rules, ramsch=True), rng)
        data = _round_trip(state)
        assert data["ramsch"] is True
        assert state.history[0].seat == 0
        r = state.result
        assert r is not None
        if r.ramsch is not None:
            res = data["result"]
            assert res["ramsch"] == (kind if kind != "off" else "ramsch")
            assert res["ramsch_scores"] == list(r.ramsch_scores) == res["seat_scores"]
            assert res["seat_points"] == list(r.seat_points)
            assert "declarer" not in res
            pushes += r.pushes
        else:  # a Grand Hand instead of the Schieberamsch
            grand_hand += 1
            assert data["result"]["contract"] == "GH"
        with pytest.raises(IssWriteError, match="Ramsch"):
            write_iss(state)
    if kind == "schieberamsch":
        assert pushes and grand_hand


def test_ramsch_after_everybody_passed_round_trips() -> None:
    kinds = set()
    for kind in ("ramsch", "schieberamsch", "gewinner"):
        rules = Rules.parse(f"isko,ramsch={kind}")
        for seed in range(10):
            rng = random.Random(seed)
            state = GameState(Deal.random(rng), rules)
            for a in ("p", "p", "p"):
                state.apply(a)
            _play(state, rng)
            data = _round_trip(state)
            assert "ramsch" not in data  # no forced Ramsch: the auction is in the events
            assert data["events"][:3] == [[1, "p"], [2, "p"], [0, "p"]]
            reason = iss_unwritable(state)
            assert reason is not None and ("Ramsch" in reason or "Schieberamsch" in reason)
            kinds.add(data["result"].get("ramsch"))
    assert {"ramsch", "schieberamsch", "gewinner"} <= kinds


def test_a_forced_ramsch_record_needs_its_flag() -> None:
    rng = random.Random(3)
    state = _play(GameState(Deal.random(rng), Rules.parse("isko,ramsch=ramsch"), ramsch=True), rng)
    data = state_to_json(state)
    del data["ramsch"]
    with pytest.raises(JsonReplayError, match=r"^events\[0\]: it is Middlehand's turn"):
        load_json(data)


# ---------------------------------------------------------------------------------------------
# Every new action


_HOUSE = (
    "isko,kontra=on,supra=on,spitze=on,schenken=on,open_play=on,show_skat=on",
    "isko,kontra=on,kontra_timing=lead,kontra_eligibility=bid,supra=on,spitze=on",
    "pub,spitze=on,schenken=on,open_play=on,show_skat=on",
)


def _kind_of(action: object) -> str | None:
    if isinstance(action, Double):
        return str(action)
    if isinstance(action, Resign):
        return "consent" if action.consent >= 0 else None
    for cls, name in (
        (Spitze, "spitze"),
        (ShowSkat, "showskat"),
        (LayOpen, "open"),
        (Schenken, "schenken"),
        (Violation, "violation"),
    ):
        if isinstance(action, cls):
            return name
    return None


@functools.cache
def _house_games() -> dict[str, tuple[str, int]]:
    """The first seeded game under house rules that has each new action: kind → (rules, seed)."""
    found: dict[str, tuple[str, int]] = {}
    for seed in range(400):
        text = _HOUSE[seed % len(_HOUSE)]
        rng = random.Random(seed)
        state = _play(GameState(Deal.random(rng), Rules.parse(text)), rng, ends=0.1, odd=0.01)
        for ev in state.history:
            kind = _kind_of(ev.action)
            if kind is not None and kind not in found:
                found[kind] = (text, seed)
    return found


_NEW_KINDS = (
    "kontra",
    "rekontra",
    "supra",
    "resupra",
    "spitze",
    "showskat",
    "open",
    "schenken",
    "violation",
    "consent",
)


@pytest.mark.parametrize("kind", _NEW_KINDS)
def test_each_new_action_is_an_event_and_round_trips(kind: str) -> None:
    text, seed = _house_games()[kind]
    rng = random.Random(seed)
    state = _play(GameState(Deal.random(rng), Rules.parse(text)), rng, ends=0.1, odd=0.01)
    data = _round_trip(state)
    kinds = [_kind_of(ev.action) for ev in state.history]
    i = kinds.index(kind)
    seat, written = data["events"][i]
    assert written == str(state.history[i].action) and seat == state.history[i].seat
    reason = iss_unwritable(state)
    if kind == "consent":  # ISS writes RE: the consent is not recorded, the result is the same
        if reason is None:
            assert check(parse_iss_line(json_to_iss(data))) == []
    else:
        assert reason is not None
        with pytest.raises(IssWriteError) as info:
            json_to_iss(data)
        assert "\n" not in str(info.value)


def test_house_rule_results_carry_their_fields() -> None:
    seen: set[str] = set()
    for kind, (text, seed) in _house_games().items():
        rng = random.Random(seed)
        state = _play(GameState(Deal.random(rng), Rules.parse(text)), rng, ends=0.1, odd=0.01)
        res = state_to_json(state)["result"]
        r = state.result
        assert r is not None
        if r.kontra:
            assert res["kontra"] == r.kontra and res["multiplier"] == 2**r.kontra
        if kind == "violation" and r.violation is not None:
            assert res["violation"] == r.violation and res["violator"] == r.violator
        spitze = r.said_value("spitze")
        if spitze:
            assert res["spitze"] == spitze and res["extra_levels"].count("spitze") == spitze
        if r.schenken:
            assert res["schenken"] is True
        seen.update(k for k in ("kontra", "spitze", "violation", "schenken") if k in res)
    assert {"kontra", "spitze", "violation"} <= seen


def test_resignation_with_consent_is_written_as_the_engine_says_it() -> None:
    g = GameState(
        Deal.parse(
            "CJ SJ CA CT CK C9 HA HT SA D7  HJ DJ CQ C8 ST SK H9 H8 D8 D9 "
            "C7 SQ S9 S8 S7 HK HQ H7 DA DT  DK DQ"
        )
    )
    for a in ("p", "p", "18", "CH", "CJ", "HJ", "C7", "SJ", "DJ", "SQ"):
        g.apply(a)
    g.apply("RE.0+2", 0)
    data = _round_trip(g)
    assert data["events"][-1] == [0, "RE.0+2"]
    assert data["result"]["resigned"] is True and data["result"]["won"] is False


# ---------------------------------------------------------------------------------------------
# Strohmann, Officers' Skat, Tournee Skat


@pytest.mark.parametrize("dummy", [0, 1, 2])
@pytest.mark.parametrize("rules", ["isko", "isko,kontra=on,kontra_timing=lead,spitze=on,supra=on"])
def test_strohmann_games_round_trip(dummy: int, rules: str) -> None:
    for seed in range(25):
        rng = random.Random(seed)
        state = _play(StrohmannState(Deal.random(rng), Rules.parse(rules), dummy=dummy), rng)
        data = _round_trip(state)
        assert data["variant"] == "strohmann" and data["dummy"] == dummy
        assert Rules.parse(data["rules"]) == Rules.parse(rules)
        with pytest.raises(IssWriteError, match=r"a Strohmann game"):
            json_to_iss(data)


def test_strohmann_records_hold_the_dummys_own_events() -> None:
    rng = random.Random(1)
    state = _play(StrohmannState(Deal.random(rng)), rng)
    data = state_to_json(state)
    assert data["events"][0] == [1, "p"]  # the dummy passed by itself
    changed = copy.deepcopy(data)
    changed["events"][0] = [1, "18"]
    with pytest.raises(JsonReplayError, match=r"^events\[0\]: the game records 1 p by itself"):
        load_json(changed)
    missing = copy.deepcopy(data)
    del missing["events"][0]
    with pytest.raises(JsonRecordError, match=r"^events\[0\]"):
        load_json(missing)
    wrong = copy.deepcopy(data)
    wrong["dummy"] = 2
    with pytest.raises(JsonReplayError):
        load_json(wrong)


@pytest.mark.parametrize("null", [True, False])
def test_officers_games_round_trip(null: bool) -> None:
    for seed in range(25):
        rng = random.Random(seed)
        state = _play(OfficersState(rng=rng, null=null), rng)
        data = _round_trip(state, {"players": ["Ann", "Ben"]})
        assert data["variant"] == "officers"
        assert data.get("null", True) is null
        assert len(data["result"]["seat_scores"]) == 2
        with pytest.raises(IssWriteError, match="Officers"):
            json_to_iss(data)
    data = state_to_json(state)
    data["events"][0] = [2, data["events"][0][1]]
    with pytest.raises(JsonRecordError, match=r"^events\[0\]: the seat must be 0 or 1, not 2"):
        load_json(data)
    with pytest.raises(JsonRecordError, match=r"meta\.players: must be a list of two strings"):
        load_json({**state_to_json(state), "meta": {"players": ["a", "b", "c"]}})


def test_tournee_games_round_trip() -> None:
    kinds = set()
    for seed in range(60):
        rng = random.Random(seed)
        state = _play(TourneeState(rng=rng), rng)
        data = _round_trip(state)
        assert data["variant"] == "tournee" and data["top"] == state.order[0].name
        if state.result is not None and state.result.contract is not None:
            kinds.add(data["result"]["kind"])
            assert data["result"]["base"] == state.result.base
        with pytest.raises(IssWriteError, match="Tournee"):
            json_to_iss(data)
    assert kinds == {"tournee", "solo", "guckser"}


def test_tournee_top_card_is_checked() -> None:
    rng = random.Random(4)
    state = _play(TourneeState(rng=rng), rng)
    data = state_to_json(state)
    skat = Deal.parse(data["deal"]).skat
    other = next(c for c in skat if c.name != data["top"])
    for top, message in (
        ("XX", "top: "),
        (5, "top: must be a card of the skat"),
        (next(c.name for c in Deal.parse(data["deal"]).hands[0]), "top: "),
    ):
        with pytest.raises(JsonRecordError, match=f"^{message}"):
            load_json({**data, "top": top})
    turned = any(str(ev.action) == "t" for ev in state.history)
    if turned:  # the other skat card on top turns up something else
        with pytest.raises(JsonRecordError):
            load_json({**data, "top": other.name})
    with pytest.raises(JsonRecordError, match=r"^rules: Tournee Skat has its own rules"):
        load_json({**data, "rules": "isko,kontra=on"})


def test_strohmann_refuses_ramsch_rules() -> None:
    rng = random.Random(2)
    data = state_to_json(_play(StrohmannState(Deal.random(rng)), rng))
    with pytest.raises(JsonRecordError, match=r"^rules: Ramsch needs three players"):
        load_json({**data, "rules": "pub"})


# ---------------------------------------------------------------------------------------------
# meta.series


def _series(**change: object) -> dict[str, Any]:
    series: dict[str, Any] = {
        "id": "club-2026-03",
        "game": 17,
        "dealer": "Dora",
        "players": ["Ann", "Ben", "Cid"],
        "state": {"bock": 2, "ramsch_round": False, "round": "bock", "pot": 150},
    }
    series.update(change)
    return {k: v for k, v in series.items() if v is not _GONE}


_GONE = object()
_HUGE = "<a number of 5001 digits>"  # made at run time: pytest cannot name such a parameter


def _kontra_game() -> GameState:
    g = GameState(
        Deal.parse(
            "CJ SJ CA CT CK C9 HA HT SA D7  HJ DJ CQ C8 ST SK H9 H8 D8 D9 "
            "C7 SQ S9 S8 S7 HK HQ H7 DA DT  DK DQ"
        ),
        Rules.parse("isko,kontra=on"),
    )
    for a in ("p", "p", "18", "CH", "CJ", "kontra", "rekontra", "HJ", "C7", "SJ", "DJ", "SQ"):
        g.apply(a)
    g.apply("RE.1", 1)  # ISkO 4.3.3: one defender's resignation ends the game
    return g


def test_meta_series_is_written_and_read_back() -> None:
    data = _round_trip(_kontra_game(), {"id": "17", "series": _series()})
    game = load_json(dumps(data))
    assert game.meta["series"] == _series()
    assert load_json({**data, "meta": {"series": _series(state=_GONE)}}).meta["series"]["id"]
    # the ISS series property is the series id
    plain = GameState(Deal.parse(data["deal"]))
    for a in ("p", "p", "p"):
        plain.apply(a)
    line = json_to_iss(state_to_json(plain, {"series": _series()}))
    assert parse_iss_line(line).series == "club-2026-03"


@pytest.mark.parametrize(
    ("series", "message"),
    [
        ("club", "meta.series: must be an object"),
        ([1], "meta.series: must be an object"),
        (_series(id=_GONE), "meta.series.id: missing"),
        (_series(game=_GONE), "meta.series.game: missing"),
        (_series(dealer=_GONE), "meta.series.dealer: missing"),
        (_series(players=_GONE), "meta.series.players: missing"),
        (_series(id=""), "meta.series.id: must be a non-empty string"),
        (_series(id=5), "meta.series.id: must be a non-empty string"),
        (_series(game=0), "meta.series.game: must be a number from 1"),
        (_series(game="17"), "meta.series.game: must be a number from 1"),
        (_series(game=True), "meta.series.game: must be a number from 1"),
        (_series(game=17.0), "meta.series.game: must be a number from 1"),
        (_series(game=10**400), "meta.series.game: must be a number from 1, not a number of"),
        (_series(dealer=3), "meta.series.dealer: must be the dealer's name"),
        (_series(players=["Ann", "Ben"]), "meta.series.players: must be a list of three"),
        (_series(players="Ann Ben Cid"), "meta.series.players: must be a list of three"),
        (_series(players=["Ann", "Ben", 3]), "meta.series.players: must be a list of three"),
        (_series(state=[]), "meta.series.state: must be an object"),
        (_series(state={"bock": 1.5}), "meta.series.state.bock: must be a string, number or"),
        (_series(state={"bock": None}), "meta.series.state.bock: must be a string, number or"),
        (_series(state={"bock": [1]}), "meta.series.state.bock: must be a string, number or"),
        (_series(state={"bock": {"a": 1}}), "meta.series.state.bock: must be a string, number"),
        (_series(state={"bock": 2**70}), "meta.series.state.bock: the number is out of range"),
        (_series(state={"": 1}), "meta.series.state: a key must be a short name"),
        (_series(state={"k" * 101: 1}), "meta.series.state: a key must be a short name"),
        (_series(table=["A", "B", "C", "D"]), "meta.series.table: unknown field"),
    ],
)
def test_meta_series_is_validated(series: object, message: str) -> None:
    data = state_to_json(_kontra_game())
    data["meta"] = {"series": series}
    with pytest.raises(JsonRecordError) as info:
        load_json(data)
    assert str(info.value).startswith(message), str(info.value)
    assert "\n" not in str(info.value)
    with pytest.raises(JsonRecordError, match=r"^meta\.series"):  # the writer checks it too
        state_to_json(_kontra_game(), {"series": series})


# ---------------------------------------------------------------------------------------------
# Version 1 files

_V1 = (
    '{"format": "skat-game", "version": 1, "rules": "iss", "deal": "HA.SK.SJ.SA.CQ.S8.C9.H7.H9.'
    'DQ.CJ.S9.DJ.S7.D9.SQ.C8.HQ.DK.CA.D8.D7.DT.CT.ST.C7.HK.DA.HT.HJ.H8.CK", '
    '"events": [[1, "p"], [2, "18"], [0, "p"], [2, "s"], [2, "D.ST.H8"], [0, "SA"], [1, "S7"], '
    '[2, "DA"], [2, "RE"]], "result": {"passed": false, "declarer": 2, "contract": "D", "bid": 18, '
    '"outcome": "loss", "score": -54, "value": 27, "matadors": -2, "overbid": false, "points": 32, '
    '"tricks": 1, "schneider": false, "schwarz": false, "penalties": [0, 0, 0], "left": null, '
    '"timeout": null, "resigned": true}, "meta": {"players": ["a", "b", "c"], "id": "1", '
    '"place": "International Skat Server", "series": "7"}}'
)


def test_version_1_files_still_load() -> None:
    game = load_json(_V1)
    assert game.version == 1 and game.variant == "skat"
    assert game.result is not None and game.result.score == -54
    assert game.replay.summary().startswith("ID 1: Rearhand (c) D, bid 18")
    assert game.meta["series"] == "7"  # a string in version 1 (the ISS SE property)
    assert game.events[-1] == (2, "RE.2")
    line = json_to_iss(_V1)
    assert "MV[w HA.SK" in line and " 2 s w H8.CK 2 D.ST.H8 " in line and "SE[7]" in line
    assert check(parse_iss_line(line)) == []
    assert check_json(_V1) == []
    wrong = json.loads(_V1)
    wrong["result"]["score"] = -108
    assert [str(d) for d in check_json(wrong)] == ["score record -108 engine -54"]


def test_version_1_events_are_not_version_2_events() -> None:
    data = json.loads(_V1)
    data["version"] = 2
    del data["meta"]["series"]
    with pytest.raises(JsonRecordError, match=r"^events\[4\]: "):
        load_json(data)  # D.ST.H8 is an ISS move, not an engine action


# ---------------------------------------------------------------------------------------------
# Corrupt and hostile input


def _with(data: dict[str, Any], path: str, value: object) -> dict[str, Any]:
    data = copy.deepcopy(data)
    *parents, last = path.split(".")
    target: Any = data
    for p in parents:
        target = target[int(p)] if isinstance(target, list) else target[p]
    if isinstance(target, list):
        if last == "+":
            target.append(value)
        elif value is _GONE:
            del target[int(last)]
        else:
            target[int(last)] = value
    elif value is _GONE:
        del target[last]
    else:
        target[last] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", "skat", "format: must be 'skat-game', not \"skat\""),
        ("version", 2.0, "version: 2.0 is not supported"),
        ("version", "2", 'version: "2" is not supported'),
        ("version", True, "version: true is not supported"),
        ("version", _HUGE, "version: a number of"),
        ("version", float("nan"), "version: NaN is not supported"),
        ("variant", "chess", "variant: must be one of skat, strohmann, officers, tournee"),
        ("variant", ["skat"], "variant: must be one of"),
        ("ramsch", "yes", "ramsch: must be true or false"),
        ("ramsch", 1, "ramsch: must be true or false"),
        ("dummy", 1, "dummy: only a strohmann record has it, not a skat record"),
        ("top", "DK", "top: only a tournee record has it"),
        ("null", False, "null: only a officers record has it"),
        ("colour", "red", "colour: unknown field (version 2 has format, version, variant"),
        ("rules", None, "rules: must be a rules string, not null"),
        ("rules", "isko,kontra=maybe", "rules: rules option kontra takes on or off"),
        ("rules", "isko,supra=on", "rules: rules option supra=on needs kontra=on"),
        ("rules", "isko," * 1000, "rules: too long"),
        ("deal", "CJ " * 32, "deal: card dealt twice"),
        ("deal", "Z" * 10**6, "deal: too long for 32 cards"),
        ("deal", ["CJ"], "deal: must be a string of 32 cards, not a list"),
        ("events", "p", "events: must be a list of [seat, text], not a string"),
        ("events", None, "events: must be a list of [seat, text], not null"),
        ("events.0", [1, "p", 2], "events[0]: must be [seat, text]"),
        ("events.0", {"seat": 1}, "events[0]: must be [seat, text]"),
        ("events.0", [1.0, "p"], "events[0]: the seat must be 0, 1 or 2, not 1.0"),
        ("events.0", [True, "p"], "events[0]: the seat must be 0, 1 or 2, not true"),
        ("events.0", [-1, "p"], "events[0]: the seat must be 0, 1 or 2, not -1"),
        ("events.0", [_HUGE, "p"], "events[0]: the seat must be 0, 1 or 2, not a number of"),
        ("events.0", [1, ""], "events[0]: the action must be one word"),
        ("events.0", [1, "p p"], "events[0]: the action must be one word"),
        ("events.0", [1, "p\n"], "events[0]: the action must be one word"),
        ("events.0", [1, "9" * 5000], "events[0]: the action must be one word"),
        ("events.0", [1, 18], "events[0]: the action must be one word, not 18"),
        ("events.0", [1, "xyz"], "events[0]: not an action: 'xyz'"),
        ("events.0", [1, "19"], "events[0]: 19 is not a bid value (next: 20)"),
        ("events.0", [1, "spitze.99"], "events[0]: not a card: 'spitze'"),
        ("events.0", [1, "violation.1.cheating"], "events[0]: not a violation"),
        ("events.0", [1, "RE"], "events[0]: RE is ambiguous: write RE.1 to resign, rekontra"),
        ("events.0", [2, "p"], "events[0]: it is Middlehand's turn, not Rearhand's"),
        ("events.0", [1, "violation.1.revoke"], "events[0]: violations are recorded during"),
        ("events.3", [0, "C"], "events[3]: Clubs needs the skat: pick it up first"),
        ("events.4", [1, "CQ"], "events[4]: it is Forehand's turn, not Middlehand's"),
        ("events.5", [2, "kontra"], "events[5]: it is Middlehand's turn, not Rearhand's"),
        ("events.6", [0, "supra"], "events[6]: Forehand must answer first: rekontra, p"),
        ("events.12", [1, "RE.2"], "events[12]: Middlehand cannot resign for seat 2"),
        ("events.12", [0, "RE.0+0"], "events[12]: only a defender can consent"),
        ("events.+", [0, "CA"], "events[13]: the game is over after 13 events"),
        ("events.12", _GONE, "events: the record ends before the game is over (after 12 events)"),
        ("result", [], "result: must be an object, not a list"),
        ("result.score", 1, "result.score: the record says 1, the replay gives 192"),
        ("result.score", 192.0, "result.score: has the wrong type (a number)"),
        ("result.score", _HUGE, "result.score: the record says a number of"),
        ("result.won", 1, "result.won: has the wrong type (a number)"),
        ("result.seat_scores", [192, 0, False], "result.seat_scores: has the wrong type"),
        ("result.seat_scores", [192, 0], "result.seat_scores: the record says [192, 0]"),
        ("result.kontra", 1, "result.kontra: the record says 1, the replay gives 2"),
        ("result.spitze", 0, None),
        ("result.schenken", False, None),
        ("result.violation", None, None),
        ("result.ramsch", "ramsch", 'result.ramsch: the record says "ramsch", the replay gives'),
        ("result.extra_levels", ["open"], 'result.extra_levels: the record says ["open"]'),
        ("result.extra_levels", [1], "result.extra_levels: has the wrong type"),
        ("result.colour", 1, "result.colour: unknown field"),
        ("result", _GONE, None),
        ("meta", [], "meta: must be an object, not a list"),
        ("meta.players", ["a", "b"], "meta.players: must be a list of three strings"),
        ("meta.ratings", [1, 2, 3], "meta.ratings: must be a list of three strings"),
        ("meta.id", 17, "meta.id: must be a string, not a number"),
        ("meta.iss", {"RU": 1}, "meta.iss: must be an object of strings"),
        ("meta.anything", {"x": [1, {"y": None}]}, None),
    ],
)
def test_corrupt_records_give_one_line_naming_field_and_event(
    path: str, value: object, message: str | None
) -> None:
    base = state_to_json(_kontra_game(), {"id": "k", "players": ["a", "b", "c"]})
    if value == _HUGE:
        value = 10**5000
    elif isinstance(value, list) and value and value[0] == _HUGE:
        value = [10**5000, *value[1:]]
    data = _with(base, path, value)
    if message is None:
        assert load_json(data).result == _kontra_game().result
        return
    with pytest.raises(JsonRecordError) as info:
        load_json(data)
    text = str(info.value)
    assert text.startswith(message), text
    assert "\n" not in text and len(text) < 400


def test_illegal_moves_are_replay_errors_and_malformed_ones_are_not() -> None:
    base = state_to_json(_kontra_game())
    with pytest.raises(JsonReplayError):
        load_json(_with(base, "events.4", [1, "CQ"]))
    with pytest.raises(JsonRecordError) as info:
        load_json(_with(base, "events.4", [1, "xyz"]))
    assert not isinstance(info.value, JsonReplayError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100000, "not JSON"),
        ('{"a": ' * 100000, "not JSON"),
        ('{"format": "skat-game", "version": ' + "9" * 5000 + "}", "not JSON"),
        ("{", "not JSON"),
        ("", "not JSON"),
        ("\x00", "not JSON"),
        (b"\xff\xfe", "not JSON"),
        ("[]", "a record is a JSON object, not a list"),
        ("null", "a record is a JSON object, not null"),
        ('"skat"', "a record is a JSON object, not a string"),
        ("1e999", "a record is a JSON object, not a number"),
        ('{"format": "skat-game"}', "version: null is not supported"),
    ],
)
def test_hostile_text_gives_one_line(text: str | bytes, message: str) -> None:
    with pytest.raises(JsonRecordError) as info:
        load_json(text)
    assert str(info.value).startswith(message), str(info.value)
    assert "\n" not in str(info.value) and len(str(info.value)) < 400


def test_deeply_nested_values_inside_a_decoded_record() -> None:
    base = state_to_json(_kontra_game(), {"id": "deep"})
    deep: Any = "p"
    for _ in range(100000):
        deep = [deep]
    for path in ("events.0", "result.score", "meta.players", "variant", "rules"):
        with pytest.raises(JsonRecordError) as info:
            load_json(_with(base, path, deep))
        assert "\n" not in str(info.value) and len(str(info.value)) < 400
    deep_key: dict[str, Any] = {}
    for _ in range(100000):
        deep_key = {"k": deep_key}
    with pytest.raises(JsonRecordError, match=r"^meta\.series\.state\.k: must be a string"):
        load_json(_with(base, "meta", {"series": _series(state=deep_key)}))


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 300)
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["p", "y", "kontra", "RE.0+1", "spitze.1", "GH", "CJ", "isko", "pub"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_FIELDS = ["format", "version", "variant", "rules", "deal", "ramsch", "dummy", "top", "null"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(
        [*_FIELDS, "events", "result", "meta", "meta.series", "result.score", "events.3"]
    ),
    _json_values,
)
def test_any_field_replaced_gives_a_one_line_error(path: str, value: object) -> None:
    data = _with(state_to_json(_kontra_game(), {"id": "k"}), path, value)
    try:
        load_json(data)
        load_json(json.dumps(data))
    except JsonRecordError as exc:
        assert "\n" not in str(exc)


_TOKENS = st.sampled_from(
    ["p", "y", "s", "18", "kontra", "rekontra", "supra", "resupra", "spitze.1", "showskat",
     "open", "schenken.1", "violation.0.revoke", "RE.0", "RE.0+1", "RE.1", "SC", "GH", "CJ",
     "DQ.D9", "t", "pmn", "??", "TI", "LE", "G.DT.ST"]
)  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0), _TOKENS, st.sampled_from(["skat", "strohmann", "tournee"]))
def test_junk_events_give_one_line_errors(seed: int, token: str, variant: str) -> None:
    rng = random.Random(seed)
    rules = Rules.parse("pub,spitze=on,schenken=on,open_play=on,show_skat=on")
    state: AnyState
    if variant == "skat":
        state = _play(GameState(Deal.random(rng), rules), rng)
    elif variant == "strohmann":
        state = _play(StrohmannState(Deal.random(rng)), rng)
    else:
        state = _play(TourneeState(rng=rng), rng)
    data = state_to_json(state)
    events = data["events"]
    events[rng.randrange(len(events))] = [rng.randrange(3), token]
    try:
        load_json(data)
    except JsonRecordError as exc:
        assert "\n" not in str(exc)


# ---------------------------------------------------------------------------------------------
# Writing


def test_state_to_json_refuses_unfinished_games_and_unknown_states() -> None:
    with pytest.raises(JsonRecordError, match=r"^state: the game is not over"):
        state_to_json(StrohmannState(seed=1))
    with pytest.raises(JsonRecordError, match=r"^state: not a game of a known variant"):
        state_to_json(object())  # type: ignore[arg-type]


def test_result_fields_are_the_engines() -> None:
    g = _kontra_game()
    res = result_fields(g.result)
    r = g.result
    assert r is not None
    for key in ("declarer", "bid", "won", "score", "value", "level", "matadors", "points"):
        assert res[key] == getattr(r, key)
    # won simple after a resignation (ISkO 4.3.3): with 2, game 3, hand 4 = 48, Re x 4 = 192
    assert res["contract"] == "CH" and res["seat_scores"] == [192, 0, 0]
    assert "spitze" not in res and "ramsch" not in res  # only the fields that apply


def test_iss_output_names_what_it_cannot_write() -> None:
    g = _kontra_game()
    with pytest.raises(IssWriteError) as info:
        write_iss(g)
    assert str(info.value) == "not expressible as an ISS record: Kontra (events[5]: kontra)"
    rng = random.Random(1)
    stroh = _play(StrohmannState(Deal.random(rng)), rng)
    with pytest.raises(IssWriteError, match=r"^not expressible as an ISS record: a Strohmann"):
        write_iss(stroh)
    game = load_json(state_to_json(g))
    with pytest.raises(IssWriteError):
        _ = game.replay


def test_plain_version_2_games_write_iss_with_their_rules() -> None:
    rng = random.Random(9)
    state = _play(GameState(Deal.random(rng), Rules.parse("isko")), rng)
    line = json_to_iss(state_to_json(state, {"place": "International Skat Server"}))
    assert "RU[isko]" in line and check(parse_iss_line(line)) == []
    rng = random.Random(9)
    state = _play(GameState(Deal.random(rng), Rules.parse("iss")), rng)
    assert "RU[" not in json_to_iss(state_to_json(state))


# ---------------------------------------------------------------------------------------------
# Files and skat replay --check


def test_split_json_reads_lines_and_pretty_records() -> None:
    data = state_to_json(_kontra_game())
    lines = [dumps(data), "", *json.dumps(data, indent=2).splitlines(), '{"x"', dumps(data)]
    docs = list(split_json(lines))
    assert [n for n, _ in docs] == [1, 3, len(lines) - 1, len(lines)]
    assert json.loads(docs[1][1]) == data


def _games(n: int, rules: str = "pub") -> list[dict[str, Any]]:
    out = []
    for seed in range(n):
        rng = random.Random(seed)
        state = _play(GameState(Deal.random(rng), Rules.parse(rules)), rng)
        out.append(state_to_json(state, {"id": f"g{seed}"}))
    return out


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], str]:
    code = main(["replay", *args])
    captured = capsys.readouterr()
    return code, captured.out.splitlines(), captured.err


def test_check_json_lines_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(dumps(d) for d in _games(12)) + "\n", encoding="utf-8")
    code, out, _ = _run(capsys, "--check", str(path))
    assert code == 0 and out == ["checked: 12, agree: 12, differ: 0, skipped: 0"]


def test_check_finds_json_by_content(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = _games(3)
    pretty = tmp_path / "game.txt"
    pretty.write_text("\n" + json.dumps(games[0], indent=2) + "\n", encoding="utf-8")
    listed = tmp_path / "games.dat"
    listed.write_text(json.dumps(games, indent=1), encoding="utf-8")
    iss = tmp_path / "games.json"  # ISS lines, whatever the name says
    iss.write_text(write_iss(_passed()) + "\n")
    code, out, _ = _run(capsys, "--check", str(pretty), str(listed), str(iss))
    assert code == 0 and out == ["checked: 5, agree: 5, differ: 0, skipped: 0"]


def _passed() -> GameState:
    g = GameState(seed=1)
    for a in ("p", "p", "p"):
        g.apply(a)
    return g


def test_check_reports_json_that_differs_or_is_broken(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    games = _games(4)
    games[1]["result"]["score"] += 1
    games[2]["events"][2] = [0, "xyz"]
    del games[3]["result"]
    lines = [dumps(d) for d in games]
    lines += ['{"broken', "[1, 2]", dumps({**games[0], "events": games[0]["events"][:-1]})]
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, _ = _run(capsys, "--check", str(path))
    assert code == 1
    assert out[0].startswith("ID g1: score record ")
    assert out[1] == "ID g2: skipped: events[2]: not an action: 'xyz'"
    assert out[2] == "ID g3: skipped: result: the record has none to check"
    assert out[3].startswith(f"{path}:5: skipped: not JSON")
    assert out[4] == f"{path}:6[0]: skipped: a record is a JSON object, not a number"
    assert out[6].startswith("ID g0: the engine cannot replay it: events: the record ends")
    assert out[-1] == "checked: 3, agree: 1, differ: 2, skipped: 5"


def test_replay_summaries_and_json_of_json_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = _kontra_game()
    rng = random.Random(5)
    ramsch = _play(
        GameState(Deal.random(rng), Rules.parse("pub,ramsch_rounds_kind=same"), ramsch=True), rng
    )
    rng = random.Random(5)
    stroh = _play(StrohmannState(Deal.random(rng)), rng)
    records = [state_to_json(s, {"id": str(i)}) for i, s in enumerate((g, ramsch, stroh))]
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(json.dumps(d) for d in records) + "\n", encoding="utf-8")
    code, out, err = _run(capsys, str(path))
    assert code == 0 and err == ""
    assert out[0] == "ID 0: Forehand CH, bid 18: " + str(g.result)
    assert out[1].startswith("ID 1: Ramsch (")
    assert out[2].startswith("ID 2 (strohmann): ")
    code, out, err = _run(capsys, "--json", str(path))
    assert code == 0 and [json.loads(x) for x in out] == records


def test_replay_json_rewrites_with_the_engines_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = state_to_json(_kontra_game(), {"id": "x"})
    wrong = _with(data, "result.score", 5)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(wrong, indent=2), encoding="utf-8")
    code, out, _ = _run(capsys, "--json", str(path))
    assert code == 0 and json.loads(out[0]) == data


def test_the_seeded_house_rule_games_have_every_new_action() -> None:
    assert set(_house_games()) == set(_NEW_KINDS)
