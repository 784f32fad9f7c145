"""Variant tables on the server (Strohmann, Officers' Skat, Tournee Skat) over the real
WebSocket protocol: created from the JSON API, played to the end of their series against the
variants' computer players and by two people at one Officers' table, each message checked
against what its seat may know, the games stored, listed and downloadable, the table
resumed after a restart."""

from __future__ import annotations

import io
import json
import random
import re
import zipfile
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.server.client import create, hello, running, state_at

from skat.records.jsonrecord import load_json
from skat.server.variant_table import VariantConfig, VariantTable, parse_config
from skat.server.variant_view import knowable

CARD = re.compile(r'"([CSHD][789TJQKA])"')


def game_cards(message: dict[str, Any]) -> set[str]:
    """Every card name in the message's current game."""
    return set(CARD.findall(json.dumps(message["game"]))) if message["game"] else set()


def play_series(client: TestClient, table_id: str, tokens: dict[int, str], seed: int) -> list[Any]:
    """The people at ``tokens`` play random legal moves over their sockets until the series
    is over; every state message they received is returned."""
    rng = random.Random(seed)
    socks = {p: client.websocket_connect(f"/ws/{table_id}") for p in tokens}
    messages: list[dict[str, Any]] = []
    try:
        latest = {p: hello(ws.__enter__(), tokens[p]) for p, ws in socks.items()}
        messages.extend(latest.values())
        while True:
            top = max(m["counter"] for m in latest.values())
            for p in socks:
                if latest[p]["counter"] < top:
                    latest[p] = state_at(socks[p], top)
                    messages.append(latest[p])
            some = next(iter(latest.values()))
            if some["series"]["over"]:
                return messages
            movers = [p for p, m in latest.items() if m["game"] and m["game"]["legal"]]
            if not movers:  # a computer moves: wait for it
                p = next(iter(socks))
                latest[p] = state_at(socks[p], top + 1)
                messages.append(latest[p])
                continue
            mover = movers[0]
            action = rng.choice(latest[mover]["game"]["legal"])
            socks[mover].send_json({"type": "act", "action": action, "counter": top})
            latest[mover] = state_at(socks[mover], top + 1)
            messages.append(latest[mover])
    finally:
        for ws in socks.values():
            ws.__exit__(None, None, None)


def mirror_knowledge(
    config: VariantConfig, log: list[tuple[int, str]], places: int
) -> dict[tuple[int, int | None], set[str]]:
    """What each place (and a spectator) may know at every move: a mirror table replays the
    stored log."""
    mirror = VariantTable("mirror", config, claims=dict.fromkeys(range(places), "-"))
    allowed: dict[tuple[int, int | None], set[str]] = {}
    for counter in range(len(log) + 1):
        for player in (*range(places), None):
            state = mirror.state
            allowed[counter, player] = (
                knowable(state, mirror.seat_of(player)) if state is not None else set()
            )
        if counter < len(log):
            player, text = log[counter]
            mirror.apply_stored(player, text)
    return allowed


@pytest.mark.parametrize(
    ("variant", "seats"),
    [
        ("strohmann", ["human", "heuristic"]),
        ("officers", ["human", "heuristic"]),
        ("tournee", ["human", "heuristic", "random"]),
        ("tournee", ["human", "heuristic", "random", "heuristic"]),
        ("tournee", ["human", "random", "heuristic", "random", "heuristic"]),
    ],
)
def test_a_person_plays_a_variant_series_against_computers_over_the_socket(
    storage_where: str, variant: str, seats: list[str]
) -> None:
    with running(storage_where) as client:
        planned = len(seats) if variant == "tournee" else 3  # at four and five each sits out
        made = create(client, variant=variant, games=planned, seats=seats)
        with client.websocket_connect(f"/ws/{made['id']}") as spectator:
            public = [hello(spectator, None)]
            messages = play_series(client, made["id"], {0: made["token"]}, seed=3)
            while public[-1]["counter"] < messages[-1]["counter"]:
                public.append(state_at(spectator, public[-1]["counter"] + 1))
        hub = client.app.state.hub  # type: ignore[attr-defined]
        stored = hub.storage.load_table(made["id"])  # finished: no longer among the running
        config, log = parse_config(stored.config), stored.actions
        games = client.get(f"/api/tables/{made['id']}/games").json()["games"]
        record = client.get(f"/api/tables/{made['id']}/games/1.json")
        archive = client.get(f"/api/tables/{made['id']}/series.zip")
        tables = client.get("/api/tables").json()["tables"]
        page = client.get(f"/table/{made['id']}")
    final = messages[-1]
    assert final["variant"] == variant and final["series"]["over"]
    assert len(final["series"]["rows"]) == len(games) == planned
    assert final["last"]["text_en"] and final["last"]["text_de"] != final["last"]["text_en"]
    assert sum(final["series"]["totals"]) == sum(sum(r["entries"]) for r in final["series"]["rows"])
    assert load_json(record.text).state.variant == variant  # the stored record replays
    assert games[0]["players"] == json.loads(record.text)["meta"]["players"]
    assert "list.csv" in zipfile.ZipFile(io.BytesIO(archive.content)).namelist()
    listed = next(t for t in tables if t["id"] == made["id"])
    assert listed["variant"] == variant and listed["over"] and listed["played"] == planned
    sat_out = [m for m in messages if m["game"] and m["seat"] is None]
    assert bool(sat_out) == (len(seats) > 3)  # at four and five the player sits out a game
    assert all(m["game"]["hand"] is None and not m["game"]["legal"] for m in sat_out)
    assert b'id="variant-table"' in page.content  # the variant's own page
    allowed = mirror_knowledge(config, log, len(seats))
    for m in [*messages, *public]:
        leaked = game_cards(m) - allowed[m["counter"], m["you"]]
        assert not leaked, f"player {m['you']} at move {m['counter']} saw {leaked}"
        if m["game"] and m["you"] is None:
            assert m["game"]["hand"] is None and m["game"]["legal"] == []


def test_two_people_play_officers_skat_at_one_table(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, variant="officers", games=2, seats=["human", "human"])
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            waiting = hello(ws, made["token"])
        joined = client.post(f"/api/tables/{made['id']}/join", json={"name": "Bea"}).json()
        tokens = {0: made["token"], joined["player"]: joined["token"]}
        messages = play_series(client, made["id"], tokens, seed=5)
    assert waiting["waiting"] and waiting["game"] is None  # nothing dealt out before Bea came
    assert joined["player"] == 1
    final = messages[-1]
    assert [p["name"] for p in final["players"]] == ["Player 1", "Bea"]
    assert final["series"]["over"] and len(final["series"]["rows"]) == 2
    declarers = {r["declarer"] for r in final["series"]["rows"]}
    assert declarers <= {0, 1} and len(declarers) == 2  # Forehand declares: the seats alternate
    first = next(m for m in messages if m["game"] and m["you"] == 1)
    rows = first["game"]["piles"]
    assert len(rows) == 2 and all(len(r) == 8 for r in rows)
    hidden = [p for r in rows for p in r if p["top"] is None]
    assert all(p["hidden"] for p in hidden)  # a face-down card is never named


def test_the_strohmann_defender_plays_the_dummys_cards(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, variant="strohmann", games=1, seats=["human", "human"])
        joined = client.post(f"/api/tables/{made['id']}/join", json={}).json()
        tokens = {0: made["token"], 1: joined["token"]}
        messages = play_series(client, made["id"], tokens, seed=2)
    dummy_turns = [
        m for m in messages if m["game"] and m["game"]["for_dummy"] and m["game"]["legal"]
    ]
    assert dummy_turns  # the defender was asked for the dummy's card
    for m in dummy_turns:
        g = m["game"]
        assert g["seat"] == g["defender"] and set(g["legal"]) <= set(g["dummy_hand"])
    before = [m for m in messages if m["game"] and m["game"]["contract"] is None]
    assert all(m["game"]["dummy_hand"] is None for m in before)  # face down until declared


def test_refused_variant_actions_are_one_line_errors(storage_where: str) -> None:
    with running(storage_where) as client:
        bad = client.post("/api/tables", json={"variant": "officers", "seats": ["human"] * 3})
        unknown = client.post("/api/tables", json={"variant": "doppelkopf"})
        made = create(client, variant="officers", games=1, seats=["human", "random"])
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            state = hello(ws, made["token"])
            ws.send_json({"type": "act", "action": "CJ", "counter": state["counter"]})
            error = ws.receive_json()
    assert bad.status_code == 400 and "2 places" in bad.json()["message"]
    assert unknown.status_code == 400 and "variant" in unknown.json()["message"]
    assert error["type"] == "error" and error["code"] == "illegal" and "\n" not in error["message"]


def test_a_restarted_server_resumes_a_variant_table(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, variant="tournee", games=1, seats=["human", "human", "human"])
        tokens = {0: made["token"]}
        for _ in range(2):
            j = client.post(f"/api/tables/{made['id']}/join", json={}).json()
            tokens[j["player"]] = j["token"]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            first = hello(ws, tokens[0])
        mover = first["seats"][first["game"]["to_move"]]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            mine = hello(ws, tokens[mover])
            ws.send_json({"type": "act", "action": mine["game"]["legal"][0], "counter": 0})
            before = state_at(ws, 1)
    with running(storage_where) as client, client.websocket_connect(f"/ws/{made['id']}") as ws:
        after = hello(ws, tokens[mover])
    assert after["counter"] == 1 and after["game"] == before["game"]


def test_a_declared_tournee_solo_keeps_its_solo_value_in_the_history() -> None:
    """A Solo said in the skat phase is labelled in the play (the history's words) with the
    Solo's value: a Null Solo is 20 (a Tournée has no Null to take a value from)."""
    from skat.server.variant_view import label
    from skat.variants import find_variant

    for seed in range(200):
        state = find_variant("tournee").start(seed=seed)
        while state.phase.name == "BIDDING":  # the first bid, then everybody passes
            legal = state.legal_actions()
            state.apply(legal[-1] if state.bid else legal[0])
        null_solo = [a for a in state.legal_actions() if str(a) == "NH"]
        if null_solo:
            break
    else:
        raise AssertionError("no deal of 200 lets the declarer say a Null Solo")
    before = label(state, null_solo[0], "en")
    state.apply(null_solo[0])
    assert state.phase.name == "PLAY"
    assert label(state, null_solo[0], "en") == before and "20" in before
