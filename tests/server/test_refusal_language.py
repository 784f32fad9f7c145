"""The server's refusals and reasons in the page's language (issue 38): the JSON API in the
language of ``X-Skat-Lang``, the table's socket in the language of its ``hello`` (or of
``?lang=``); English without one, as before."""

from __future__ import annotations

from tests.server.client import create, hello, receive_until, running

from skat.core.language import say

HUMANS3 = {"seats": ["human", "human", "human"], "games": 1}


def test_a_refused_table_is_said_in_the_language_of_the_page(storage_where: str) -> None:
    bad = {"seats": ["human", "human", "human"], "games": 0}
    with running(storage_where) as client:
        said = {
            lang: client.post("/api/tables", json=bad, headers={"X-Skat-Lang": lang}).json()
            for lang in ("en", "de", "da")
        }
        plain = client.post("/api/tables", json=bad).json()
        unknown = client.post("/api/tables", json=bad, headers={"X-Skat-Lang": "fr"}).json()
        rules = client.post(
            "/api/tables", json={**HUMANS3, "rules": "isko,kontra=maybe"},
            headers={"X-Skat-Lang": "de"},
        ).json()  # fmt: skip
    assert said["en"]["message"] == "games: a whole number from 1 to 1000, not 0"
    assert said["de"]["message"] == "Spiele: eine ganze Zahl von 1 bis 1000, nicht 0"
    assert said["da"]["message"] == "spil: et helt tal fra 1 til 1000, ikke 0"
    assert plain == unknown == said["en"]  # no language, or one not spoken: English
    assert rules["message"] == "Regeln: Regeloption kontra nimmt on oder off, nicht 'maybe'"


def test_a_refused_place_and_table_are_said_in_the_language_of_the_page(
    storage_where: str,
) -> None:
    with running(storage_where) as client:
        made = create(client, **HUMANS3)
        for _ in range(2):
            client.post(f"/api/tables/{made['id']}/join")
        full = client.post(f"/api/tables/{made['id']}/join", headers={"X-Skat-Lang": "da"})
        gone = client.get("/api/tables/nothere/games", headers={"X-Skat-Lang": "de"})
    assert full.status_code == 409 and full.json()["error"] == "full"
    assert full.json()["message"] == say("da", "server.refused.full")
    assert full.json()["message"] == "alle pladser til mennesker ved dette bord er optaget"
    assert gone.status_code == 404 and gone.json()["message"] == "kein solcher Tisch"


def test_the_socket_refuses_in_the_language_of_its_hello(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, **HUMANS3)
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            ws.send_json({"type": "hello", "token": made["token"], "lang": "da"})
            receive_until(ws, "state")
            ws.send_json({"type": "act", "action": "18", "counter": 7})
            stale = receive_until(ws, "error")
            ws.send_text('{"type": "dance"}')
            malformed = receive_until(ws, "error")
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            hello(ws, made["token"])  # no language: English, as before
            ws.send_json({"type": "act", "action": "18", "counter": 7})
            english = receive_until(ws, "error")
        with client.websocket_connect("/ws/nothere?lang=de") as ws:
            missing = receive_until(ws, "error")
    assert stale["code"] == "stale"
    assert stale["message"] == "bordet er ved træk 0, din besked gjaldt træk 7"
    assert malformed["message"] == "ukendt beskedtype 'dance' (act, hello, lang, ping)"
    assert english["message"] == "the table is at move 0, your message was for move 7"
    assert missing == {"type": "error", "code": "not_found", "message": "kein solcher Tisch"}


def test_the_tournament_pages_refuse_in_their_language(storage_where: str) -> None:
    with running(storage_where) as client:
        said = {
            lang: client.get("/api/t/nothere", headers={"X-Skat-Lang": lang}).json()["error"]
            for lang in ("en", "de", "da")
        }
    assert said == {
        "en": "no such tournament",
        "de": "kein solches Turnier",
        "da": "ingen sådan turnering",
    }


def test_the_socket_refuses_in_the_language_the_page_changed_to(storage_where: str) -> None:
    with running(storage_where) as client:
        made = create(client, **HUMANS3)
        with client.websocket_connect(f"/ws/{made['id']}?lang=en") as ws:
            hello(ws, made["token"])
            ws.send_json({"type": "lang", "lang": "de"})
            ws.send_json({"type": "act", "action": "18", "counter": 7})
            german = receive_until(ws, "error")
            ws.send_json({"type": "lang", "lang": 3})
            wrong = receive_until(ws, "error")
    assert german["message"] == "der Tisch ist bei Zug 0, deine Nachricht galt Zug 7"
    assert wrong["code"] == "malformed"
    assert wrong["message"] == "'lang' ist ein Sprachkürzel wie 'de'"
