"""The protocol over HTTP and WebSocket (Starlette's test client), on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.server.client import FAST, create, hello, receive_until, running, state_at
from tests.server.test_visibility import current_game_cards

from skat.ai.arena import default_level
from skat.records import check_json, load_json, parse_iss_line
from skat.server.hub import Settings, timeout_action
from skat.server.table import Table, TableConfig
from skat.server.visibility import knowable_cards

HUMANS3 = {"seats": ["human", "human", "human"], "games": 1}


def join_all(client: TestClient, table_id: str, creator_token: str) -> dict[int, str]:
    tokens = {0: creator_token}
    for _ in range(2):
        answer = client.post(f"/api/tables/{table_id}/join").json()
        tokens[answer["player"]] = answer["token"]
    return tokens


def test_options_list_presets_and_computer_levels(storage_where: str) -> None:
    with running(storage_where) as client:
        data = client.get("/api/options").json()
    assert "isko" in data["presets"] and "heuristic" in data["computers"]
    # the level offered first: the fast searching one where the solver is compiled
    assert data["default"] == default_level() and data["default"] in data["computers"]


def test_creating_a_table_with_bad_options_is_one_clear_error(storage_where: str) -> None:
    with running(storage_where) as client:
        bad = client.post("/api/tables", json={"rules": "isko,kontra=maybe"})
        broken = client.post(
            "/api/tables", content=b"{nope", headers={"Content-Type": "application/json"}
        )
    assert bad.status_code == 400 and "kontra" in bad.json()["message"]
    assert broken.status_code == 400 and broken.json()["error"] == "malformed"


def test_the_lobby_lists_running_tables(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, **HUMANS3)
        tables = client.get("/api/tables").json()["tables"]
    (t,) = tables
    assert t["id"] == made["id"] and t["free"] == 2 and not t["over"]
    assert "seed" not in json.dumps(tables)


def test_join_takes_free_places_until_the_table_is_full(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, **HUMANS3)
        tokens = join_all(client, made["id"], made["token"])
        full = client.post(f"/api/tables/{made['id']}/join")
        missing = client.post("/api/tables/nothere/join")
    assert sorted(tokens) == [0, 1, 2] and len(set(tokens.values())) == 3
    assert full.status_code == 409 and full.json()["error"] == "full"
    assert missing.status_code == 404


def test_a_player_sees_his_hand_and_a_spectator_does_not(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, **HUMANS3)
        join_all(client, made["id"], made["token"])  # dealt out once every place is taken
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            mine = hello(ws, made["token"])
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            public = hello(ws, None)
    assert mine["you"] == 0 and len(mine["game"]["hand"]) == 10
    assert public["you"] is None and public["game"]["hand"] is None


def test_a_forged_token_holds_no_place(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, **HUMANS3)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": "forged"})
            error = receive_until(ws, "error")
    assert error["code"] == "forbidden"


def test_an_unknown_table_is_refused(storage_where: str) -> None:
    with running(storage_where) as client, client.websocket_connect("/ws/nothere") as ws:
        assert receive_until(ws, "error")["code"] == "not_found"


def test_malformed_messages_get_a_clear_error_and_change_nothing(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, **HUMANS3)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            first = hello(ws, made["token"])
            answers = []
            for raw in ("{not json", "[1, 2]", '{"type": "dance"}', '{"type": "act"}', "x" * 5000):
                ws.send_text(raw)
                answers.append(receive_until(ws, "error"))
            ws.send_json({"type": "ping"})
            assert receive_until(ws, "pong") == {"type": "pong"}
    assert [a["code"] for a in answers] == [
        "malformed",
        "malformed",
        "malformed",
        "malformed",
        "too_long",
    ]
    assert all(a["message"] for a in answers)
    assert first["counter"] == 0


def test_stale_replayed_out_of_turn_and_illegal_actions_are_refused(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, **HUMANS3)
        tokens = join_all(client, made["id"], made["token"])
        socks = [client.websocket_connect(f"/ws/{made['id']}") for _ in range(3)]
        states = [hello(ws.__enter__(), tokens[p]) for p, ws in enumerate(socks)]
        try:
            mover = next(p for p in range(3) if states[p]["game"]["legal"])
            other = (mover + 1) % 3
            ws = socks[mover]
            socks[other].send_json({"type": "act", "action": "18", "counter": 0})
            out_of_turn = receive_until(socks[other], "error")
            ws.send_json({"type": "act", "action": "17", "counter": 0})
            illegal = receive_until(ws, "error")
            ws.send_json({"type": "act", "action": "18", "counter": 0})
            after = state_at(ws, 1)
            ws.send_json({"type": "act", "action": "18", "counter": 0})
            replayed = receive_until(ws, "error")
        finally:
            for s in socks:
                s.__exit__(None, None, None)
    assert out_of_turn["code"] == "not_your_turn"
    assert illegal["code"] == "illegal"
    assert after["game"]["history"] == [[after["seats"].index(mover), "18"]]
    assert replayed["code"] == "stale"


def test_a_flood_is_limited_with_a_clear_error(storage_where: str) -> None:
    settings = Settings(computer_delay=0.0, rate=1.0, burst=5.0)
    with running(storage_where, settings) as client:
        made = create(client, **HUMANS3)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["token"])
            for _ in range(30):
                ws.send_json({"type": "ping"})
            error = receive_until(ws, "error")
    assert error["code"] == "flood" and "slow down" in error["message"]


def test_an_endless_flood_closes_the_connection(storage_where: str) -> None:
    settings = Settings(computer_delay=0.0, rate=1.0, burst=2.0)
    with running(storage_where, settings) as client:
        made = create(client, **HUMANS3)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["token"])
            for _ in range(150):
                ws.send_json({"type": "ping"})
            errors = []
            with pytest.raises(Exception):  # noqa: B017 - the server closed the socket
                while True:
                    msg = ws.receive_json()
                    if msg["type"] == "error":
                        errors.append(msg)
    # and it was told why before the close
    assert errors[-1]["code"] == "flood" and "closed" in errors[-1]["message"]


def play_to_the_end(
    client: TestClient, table_id: str, tokens: dict[int, str], seed: int
) -> list[dict[str, Any]]:
    """Three humans play random legal moves over their sockets; every message is returned."""
    rng = random.Random(seed)
    socks = {p: client.websocket_connect(f"/ws/{table_id}") for p in tokens}
    messages: list[dict[str, Any]] = []
    try:
        latest = {p: hello(ws.__enter__(), tokens[p]) for p, ws in socks.items()}
        messages.extend(latest.values())
        while True:
            top = max(m["counter"] for m in latest.values())
            for p in socks:
                while latest[p]["counter"] < top:
                    latest[p] = state_at(socks[p], top)
                    messages.append(latest[p])
            some = next(iter(latest.values()))
            if some["series"]["over"]:
                return messages
            mover = next(p for p, m in latest.items() if m["game"] and m["game"]["legal"])
            action = rng.choice(latest[mover]["game"]["legal"])
            socks[mover].send_json({"type": "act", "action": action, "counter": top})
            latest[mover] = state_at(socks[mover], top + 1)
            messages.append(latest[mover])
    finally:
        for ws in socks.values():
            ws.__exit__(None, None, None)


def test_a_whole_series_is_played_over_sockets_and_recorded(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, seats=["human", "human", "human"], games=2, rules="isko")
        tokens = join_all(client, made["id"], made["token"])
        messages = play_to_the_end(client, made["id"], tokens, seed=1)
        games = client.get(f"/api/tables/{made['id']}/games").json()["games"]
        record = client.get(f"/api/tables/{made['id']}/games/1.json")
        iss = client.get(f"/api/tables/{made['id']}/games/1.iss")
        tables = client.get("/api/tables").json()["tables"]
    final = messages[-1]
    assert final["series"]["over"] and final["series"]["standings"]
    assert len(games) == len(final["series"]["rows"]) >= 2
    assert record.status_code == 200 and check_json(record.text) == []
    assert load_json(record.text).meta["players"] == games[0]["players"]
    assert "attachment" in record.headers["content-disposition"]
    assert iss.status_code == 200 and parse_iss_line(iss.text.strip()).moves
    assert tables[0]["over"]


def test_computer_players_fill_the_other_places(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, seats=["human", "random", "heuristic"], games=1)
        rng = random.Random(5)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            msg = hello(ws, made["token"])
            while not msg["series"]["over"]:
                if msg["game"]["legal"]:
                    action = rng.choice(msg["game"]["legal"])
                    ws.send_json({"type": "act", "action": action, "counter": msg["counter"]})
                msg = state_at(ws, msg["counter"] + 1)
    assert len(msg["series"]["rows"]) >= 1
    last = msg["last"]
    assert last["text_en"] and last["deal"]["skat"]
    trick = last["last_trick"]  # the game's last trick: the page says who took it
    assert trick is None or (1 <= trick["number"] <= 10 and trick["winner"] in (0, 1, 2))
    if last["declarer"] is not None and "Null" not in last["text_en"]:  # names the declarer
        assert " card points: " in last["text_en"] and " Augen: " in last["text_de"]


def test_a_record_that_does_not_exist_is_a_404(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, **HUMANS3)
        missing = client.get(f"/api/tables/{made['id']}/games/1.json")
        no_table = client.get("/api/tables/zzz/games/1.json")
    assert missing.status_code == 404 and no_table.status_code == 404


def test_cards_are_served_as_svg(storage_where: str) -> None:
    with running(storage_where) as client:
        ok = client.get("/cards/CJ.svg")
        bad = client.get("/cards/ZZ.svg")
    assert ok.headers["content-type"].startswith("image/svg+xml") and b"<svg" in ok.content
    assert bad.status_code == 404


def test_pages_are_served(storage_where: str) -> None:
    with running(storage_where) as client:
        pages = [client.get(p) for p in ("/", "/table/abc", "/history/abc/1")]
    assert all(p.status_code == 200 and b"<html" in p.content for p in pages)


def test_a_restarted_app_resumes_every_table(storage_where: str) -> None:
    with running(storage_where, FAST) as client:
        made = create(client, **HUMANS3)
        tokens = join_all(client, made["id"], made["token"])
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            first = hello(ws, tokens[1])  # middlehand bids first in the first game
            mover = next(p for p in range(3) if first["seats"][1] == p)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, tokens[mover])
            ws.send_json({"type": "act", "action": "18", "counter": 0})
            before = state_at(ws, 1)
    with (
        running(storage_where, FAST) as client,
        client.websocket_connect(f"/ws/{made['id']}") as ws,
    ):
        after = hello(ws, tokens[mover])
    assert after["counter"] == 1 and after["game"] == before["game"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_message_over_the_sockets_leaks_a_card(storage_where: str, seed: int) -> None:
    """Every state message each seat and a spectator received, compared with what that
    seat may know at that move (a mirror table replays the stored log)."""
    with running(storage_where) as client:
        made = create(client, seats=["human"] * 3, games=3, rules="pub")
        tokens = join_all(client, made["id"], made["token"])
        with client.websocket_connect(f"/ws/{made['id']}") as spectator:
            public = [hello(spectator, None)]
            messages = play_to_the_end(client, made["id"], tokens, seed=seed)
            while public[-1]["counter"] < messages[-1]["counter"]:
                public.append(state_at(spectator, public[-1]["counter"] + 1))
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert made["id"] not in hub.rooms  # finished: kept in the database only
        stored = hub.storage.load_table(made["id"])
        config, log = TableConfig.parse(stored.config), stored.actions
    mirror = Table("mirror", config, claims=dict.fromkeys(range(3), "-"))  # all seated
    allowed: dict[tuple[int, int | None], set[str]] = {}
    hands: dict[tuple[int, int], list[str]] = {}
    for counter in range(len(log) + 1):
        for player in (0, 1, 2, None):
            state = mirror.state
            seat = mirror.seat_of(player)
            allowed[counter, player] = knowable_cards(state, seat) if state else set()
            if player is not None and state is not None and seat is not None:
                hands[counter, player] = [c.name for c in state.hand(seat)]
        if counter < len(log):
            player, text = log[counter]
            mirror.apply(player, mirror.check(player, text, counter))
    for m in [*messages, *public]:
        leaked = current_game_cards(m) - allowed[m["counter"], m["you"]]
        assert not leaked, f"player {m['you']} at move {m['counter']} saw {leaked}"
        if m["you"] is not None and m["game"] is not None and m["seat"] is not None:
            assert sorted(m["game"]["hand"]) == sorted(hands[m["counter"], m["you"]])
    assert len(messages) > 3 * len(log) // 2 and len(public) == len(log) + 1


def test_one_address_may_create_only_so_many_tables(storage_where: str) -> None:
    limited = Settings(computer_delay=0.0, tables_per_minute=1.0, tables_burst=2.0)
    with running(storage_where, limited) as client:
        answers = [client.post("/api/tables", json=HUMANS3) for _ in range(3)]
        tables = client.get("/api/tables").json()["tables"]
    assert [a.status_code for a in answers] == [201, 201, 429]
    assert answers[2].json() == {
        "error": "rate",
        "message": "too many tables created from this address: wait a minute",
    }
    assert len(tables) == 2  # the refused one was not made


def test_one_address_may_hold_only_so_many_connections(storage_where: str) -> None:
    limited = Settings(computer_delay=0.0, sockets_per_address=2)
    with running(storage_where, limited) as client:
        made = create(client, **HUMANS3)
        url = f"/ws/{made['id']}"
        with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
            hello(a, made["token"])
            hello(b, None)
            with client.websocket_connect(url) as c:
                refused = c.receive_json()
        with client.websocket_connect(url) as again:  # the first two closed: room again
            assert hello(again, made["token"])["you"] == 0
    assert refused == {
        "type": "error",
        "code": "too_many",
        "message": "too many connections from this address",
    }


def test_a_table_cannot_choose_its_deals(storage_where: str) -> None:
    with running(storage_where, Settings(computer_delay=0.0)) as client:
        answer = client.post("/api/tables", json={"seed": 1})
    assert answer.status_code == 400 and "seed" in answer.json()["message"]


def test_the_state_message_never_holds_the_seed(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, **HUMANS3)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            msg = hello(ws, made["token"])
    assert "seed" not in json.dumps(msg)


def test_the_move_clock_plays_the_safe_move_when_time_runs_out(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, seats=["human", "human", "human"], games=1, clock=1)
        join_all(client, made["id"], made["token"])  # the clock runs once everyone sits
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            first = hello(ws, made["token"])
            assert first["clock"] == 1 and first["remaining"] is not None
            after = state_at(ws, 1)  # nobody moved: the clock did
    mover = first["game"]["to_move"]
    assert after["game"]["history"] == [[mover, "p"]]  # the safe move in the auction: pass
    assert after["game"]["auto"] == {"0": "clock"}  # and the log says the table made it


def test_no_clock_runs_and_nothing_is_dealt_out_while_a_friend_is_awaited(
    storage_where: str,
) -> None:
    """The table waits for the friend: no clock, no computer move, the state says so; he
    joins with his own name, and the table starts."""
    with running(storage_where) as client:
        made = create(client, seats=["human", "human", "heuristic"], games=1, clock=1)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            first = hello(ws, made["token"])
            assert first["waiting"] and first["remaining"] is None
            assert first["players"][1]["name"] == "Player 2"
            joined = client.post(f"/api/tables/{made['id']}/join", json={"name": "  Bernd "})
            assert joined.status_code == 200
            named = state_at(ws, 1)  # the name is the table's first event
            assert not named["waiting"] and named["players"][1]["name"] == "Bernd"


def test_a_name_taken_at_the_table_is_refused_and_the_place_stays_free(
    storage_where: str,
) -> None:
    with running(storage_where) as client:
        made = create(client, seats=[{"kind": "human", "name": "Anna"}, "human", "human"], games=1)
        refused = client.post(f"/api/tables/{made['id']}/join", json={"name": "Anna"})
        assert refused.status_code == 409 and "another name" in refused.json()["message"]
        assert client.get("/api/tables").json()["tables"][0]["free"] == 2


def test_the_creator_starts_the_table_with_computers(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, seats=["human", "human", "human"], games=1)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            first = hello(ws, made["token"])
            assert first["waiting"] and first["host"] == made["player"]
            ws.send_json({"type": "act", "action": "@start random", "counter": 0})
            started = state_at(ws, 1)
        assert not started["waiting"]
        assert [p["kind"] for p in started["players"]] == ["human", "random", "random"]


def test_the_move_clock_plays_the_computers_card_in_the_play(storage_where: str) -> None:
    """Three people bid and declare at once, then Forehand lets the clock run out: the card
    played for him is the one the heuristic player chooses in his place (checked on the
    game's record), not merely the first legal card."""
    with running(storage_where) as client:
        made = create(client, seats=["human", "human", "human"], games=1, clock=1)
        tokens = join_all(client, made["id"], made["token"])
        socks = {p: client.websocket_connect(f"/ws/{made['id']}") for p in tokens}
        try:
            latest = {p: hello(ws.__enter__(), tokens[p]) for p, ws in socks.items()}
            top = 0
            while True:
                for p in socks:
                    if latest[p]["counter"] < top:
                        latest[p] = state_at(socks[p], top)
                game = latest[0]["game"]
                if game["phase"] == "play":
                    break
                mover = next(p for p, m in latest.items() if m["game"]["legal"])
                legal = latest[mover]["game"]["legal"]
                if game["phase"] == "bidding":  # the first bid is 18, then everybody passes
                    action = "18" if game["bid"] == 0 and "18" in legal else "p"
                elif "s" in legal:
                    action = "s"
                elif game["phase"] == "discard":
                    action = ".".join(latest[mover]["game"]["hand"][:2])
                else:
                    action = "G"
                socks[mover].send_json({"type": "act", "action": action, "counter": top})
                top += 1
                latest[mover] = state_at(socks[mover], top)
            declarer = latest[0]["game"]["declarer"]
            seat_of = {m["seat"]: p for p, m in latest.items()}
            forehand = seat_of[0]
            played = state_at(socks[forehand], top + 1)  # nobody moves: the clock plays
            seat, card = played["game"]["history"][-1]
            assert seat == 0 and len(card) == 2
            defender = seat_of[1 if declarer != 1 else 2]
            socks[defender].send_json(
                {"type": "act", "action": f"RE.{1 if declarer != 1 else 2}", "counter": top + 1}
            )
            state_at(socks[defender], top + 2)
        finally:
            for ws in socks.values():
                ws.__exit__(None, None, None)
        record = load_json(client.get(f"/api/tables/{made['id']}/games/1.json").text)
    state = record.state
    at = next(i for i, e in enumerate(state.history) if str(e.action) == card)
    for _ in range(len(state.history) - at):
        state.undo()
    assert state.to_move == 0 and str(timeout_action(state.view(0))) == card


def _to_the_play(socks: dict[int, Any], latest: dict[int, dict[str, Any]]) -> int:
    """Three people bid (18, then passes), pick up, put away and declare Grand; the move
    number when the play begins."""
    top = 0
    while True:
        for p in socks:
            if latest[p]["counter"] < top:
                latest[p] = state_at(socks[p], top)
        game = latest[0]["game"]
        if game["phase"] == "play":
            return top
        mover = next(p for p, m in latest.items() if m["game"]["legal"])
        legal = latest[mover]["game"]["legal"]
        if game["phase"] == "bidding":
            action = "18" if game["bid"] == 0 and "18" in legal else "p"
        elif "s" in legal:
            action = "s"
        elif game["phase"] == "discard":
            action = ".".join(latest[mover]["game"]["hand"][:2])
        else:
            action = "G"
        socks[mover].send_json({"type": "act", "action": action, "counter": top})
        top += 1
        latest[mover] = state_at(socks[mover], top)


def test_a_claim_ends_the_game_at_once_with_the_cores_result(storage_where: str) -> None:
    """ISkO 4.4: the declarer shows his cards and claims the rest; nobody clicks out a card:
    the table plays the rest out at once (every move marked ``claim``) and the core scores it;
    the result carries the cards as they were when he claimed."""
    with running(storage_where) as client:
        made = create(client, seats=["human", "human", "human"], games=1)
        tokens = join_all(client, made["id"], made["token"])
        socks = {p: client.websocket_connect(f"/ws/{made['id']}") for p in tokens}
        try:
            latest = {p: hello(ws.__enter__(), tokens[p]) for p, ws in socks.items()}
            top = _to_the_play(socks, latest)
            declarer = latest[0]["game"]["declarer"]
            player = next(p for p, m in latest.items() if m["seat"] == declarer)
            assert "SC" in latest[player]["game"]["end_actions"]
            socks[player].send_json({"type": "act", "action": "SC", "counter": top})
            while True:  # no other message is sent: the table plays on alone
                msg = receive_until(socks[player], "state")
                if msg["last"] is not None:
                    break
        finally:
            for ws in socks.values():
                ws.__exit__(None, None, None)
        record = json.loads(client.get(f"/api/tables/{made['id']}/games/1.json").text)
    last = msg["last"]
    claim = last["claim"]
    assert claim["seat"] == declarer and sum(len(h) for h in claim["hands"]) == 30
    events = last["events"]
    at = events.index([declarer, "SC"])
    after = [str(i) for i in range(at + 1, len(events))]
    assert after and all(last["auto"].get(i) == "claim" for i in after)
    state = load_json(json.dumps(record)).state
    assert state.result is not None and state.result.won == (msg["series"]["rows"][0]["won"])
    if not claim["held"]:  # ISkO 4.4: a failed claim is lost
        assert not state.result.won


def test_a_whole_series_downloads_as_one_zip(storage_where: str) -> None:
    import csv
    import io
    import zipfile

    with running(storage_where) as client:
        made = create(client, seats=["human", "random", "random"], games=1)
        tokens = {0: made["token"]}
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            state = hello(ws, tokens[0])
            while state["game"] is not None:  # the human plays his first legal move
                legal = state["game"]["legal"]
                if legal:
                    move = next((a for a in legal if a not in ("SC",)), legal[0])
                    if state["game"]["phase"] == "discard":
                        move = ".".join(state["game"]["hand"][:2])
                    ws.send_json({"type": "act", "action": move, "counter": state["counter"]})
                state = state_at(ws, state["counter"] + 1)
        answer = client.get(f"/api/tables/{made['id']}/series.zip")
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/zip"
    z = zipfile.ZipFile(io.BytesIO(answer.content))
    names = z.namelist()
    games = [n for n in names if n.endswith(".json") and n.startswith("game-")]
    assert games and "list.csv" in names and "table.json" in names
    check_json(json.loads(z.read(games[0])))
    rows = list(csv.reader(io.StringIO(z.read("list.csv").decode())))
    assert rows[0][:3] == ["game", "dealer", "declarer"] and rows[-1][0] == "total"
    assert len(rows) == len(games) + 2
