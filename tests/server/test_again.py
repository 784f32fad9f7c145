"""Play this deal again: a finished game is played again from any point on a new table, with
the same cards, the same places and computer levels, and the moves before that point kept;
a public table cannot choose its cards."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.server.client import FAST, create, hello, running

from skat.records import load_json
from skat.records.jsonrecord import JsonGame
from skat.server.again import again_config
from skat.server.table import Table, TableConfig


def _finished(client: TestClient, table_id: str) -> JsonGame:
    deadline = time.monotonic() + 300
    while not client.get(f"/api/tables/{table_id}/games").json()["games"]:
        assert time.monotonic() < deadline, "the computers did not finish the game"
        time.sleep(0.05)
    return load_json(client.get(f"/api/tables/{table_id}/games/1.json").text)


def test_a_finished_game_is_played_again_from_a_point_with_the_same_cards(
    storage_where: str,
) -> None:
    with running(storage_where) as client:
        made = create(client, seats=["random", "random", "heuristic"], games=1)
        first = _finished(client, made["id"])
        again = client.post(f"/api/tables/{made['id']}/games/1/again", json={"moves": 5})
        assert again.status_code == 201, again.text
        second = _finished(client, again.json()["id"])
        tables = {t["id"]: t for t in client.get("/api/tables").json()["tables"]}
    assert second.state.deal == first.state.deal
    assert second.events[:5] == first.events[:5]
    kinds = lambda t: sorted(p["kind"] for p in t["players"])  # noqa: E731
    assert kinds(tables[again.json()["id"]]) == kinds(tables[made["id"]])


def test_the_player_takes_his_place_again(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, seats=["random", "random", "human"], games=1)
        table_id = made["id"]
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            state: dict[str, Any] = hello(ws, made["token"])
        seat = state["seat"]
        bad = client.post(f"/api/tables/{table_id}/games/1/again", json={"moves": 0})
        assert bad.status_code == 404  # not finished yet
        refused = client.post("/api/tables", json={"deal": "x", "seats": ["human"] * 3})
        assert refused.status_code == 400 and "deal" in refused.json()["message"]
        seeds = client.post("/api/tables", json={"agent_seeds": [1, 2, 3], "seats": ["random"] * 3})
        assert seeds.status_code == 400 and "deal" in seeds.json()["message"]
        # play the human's moves as the first legal ones until the game is over
        with client.websocket_connect(f"/ws/{table_id}") as ws:
            msg = hello(ws, made["token"])
            while msg["game"] and msg["series"]["number"] == 1:
                if msg["game"]["legal"]:
                    act = {
                        "type": "act",
                        "action": msg["game"]["legal"][0],
                        "counter": msg["counter"],
                    }
                    ws.send_json(act)
                msg = ws.receive_json()
                while msg["type"] != "state":
                    msg = ws.receive_json()
        again = client.post(
            f"/api/tables/{table_id}/games/1/again", json={"moves": 1, "player": made["player"]}
        ).json()
        with client.websocket_connect(f"/ws/{again['id']}") as ws:
            replayed = hello(ws, again["token"])
    assert (
        replayed["seat"] == seat and replayed["counter"] >= 1
    )  # the kept move, then the computers'
    assert replayed["game"]["hand"] == state["game"]["hand"]


@pytest.mark.parametrize("quick", [("random",), ()], ids=["thread", "worker"])
def test_the_computer_players_play_again_with_the_same_seeds(
    storage_where: str, quick: tuple[str, ...]
) -> None:
    # random draws every move from its seed; a quick level thinks in a thread, the others
    # in a worker process (.thinking): on both paths the same moves get the same answers
    settings = dataclasses.replace(FAST, quick_levels=quick)
    with running(storage_where, settings) as client:
        made = create(client, seats=["random", "heuristic", "random"], games=1)
        first = _finished(client, made["id"])
        again = client.post(f"/api/tables/{made['id']}/games/1/again", json={"moves": 0})
        second = _finished(client, again.json()["id"])
    assert second.state.deal == first.state.deal
    assert second.events == first.events


def test_the_seeds_of_a_deal_played_again_survive_a_restart() -> None:
    config = TableConfig.parse({"seats": ["human"] * 3, "games": 1}, seed=5)
    old = Table("t", config, claims=dict.fromkeys(range(3), "-"))  # every place taken
    while not old.finished_games:
        player = old.to_move()
        assert player is not None and old.state is not None
        old.apply(player, old.state.legal_actions()[0])
    config, _ = again_config(old, 1, 0, None)
    fh, mh, rh = old.series.records[0].seats
    assert config.agent_seeds == tuple(old.config.agent_seed(p, 1) for p in (rh, fh, mh))
    assert TableConfig.parse(config.to_dict()) == config  # what the storage keeps
