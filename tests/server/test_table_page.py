"""The table page as players meet it (issue 30), in real Chromium: a table waits for the
friend it invited, who names himself; the creator may start it with computers; a player who
sits out and a spectator see no stray word and the right names; nobody answers a card he
cannot see; the declarer's running points are a table option; the whole series downloads as
one file; the history answers "How could I have won?" with the verdict first."""

from __future__ import annotations

import json
from typing import Any

from tests.server.browsing import wait_until
from tests.server.live import post
from tests.server.test_browser import drive, new_page, shot


def _port(live: str) -> int:
    return int(live.rsplit(":", 1)[1])


def _seated(browser: Any, live: str, made: dict[str, Any], lang: str = "en", **size: int) -> Any:
    """The creator's page at the table he made (his token where the lobby keeps it)."""
    page = new_page(browser, lang, **size)
    key = f"skat.token.{made['id']}"
    mine = json.dumps({"player": made["player"], "token": made["token"]})
    page.context.add_init_script(f"localStorage.setItem({key!r}, {mine!r})")
    page.goto(f"{live}/table/{made['id']}")
    return page


def test_a_table_waits_for_the_friend_who_names_himself(browser: Any, live: str) -> None:
    made = post(_port(live), "/api/tables", {
        "games": 1, "clock": 30,
        "seats": [{"kind": "human", "name": "Anna"}, "human", "heuristic"]})  # fmt: skip
    host = _seated(browser, live, made)
    host.wait_for_selector("#waiting")
    assert host.locator("#hand .card").count() == 0  # nothing dealt out yet
    assert host.locator("#clock").inner_text() == ""  # no clock runs on the empty place
    assert made["id"] in host.locator("#invite-link").input_value()
    assert host.locator("#start-computers").count() == 1  # the creator may start without him
    shot(host, "waiting-host")
    friend = new_page(browser, "en")
    friend.goto(f"{live}/table/{made['id']}")
    friend.wait_for_selector("#my-name")
    assert friend.locator("#start-computers").count() == 0
    shot(friend, "waiting-friend")
    friend.fill("#my-name", "Anna")  # taken: refused, he stays a spectator
    friend.click("#take-place")
    wait_until(friend, "document.querySelector('.toast') !== null")
    assert "another name" in friend.locator(".toast").first.inner_text()
    friend.fill("#my-name", "Bernd")
    friend.click("#take-place")
    friend.wait_for_selector("#hand .card")
    host.wait_for_selector("#hand .card")
    assert "Bernd" in host.locator("#felt").inner_text()
    assert "Player 2" not in host.locator("body").inner_text()
    assert not host.errors and not friend.errors


def test_the_creator_starts_the_table_with_computers(browser: Any, live: str) -> None:
    made = post(_port(live), "/api/tables", {"games": 1, "seats": ["human", "human", "human"]})
    host = _seated(browser, live, made)
    host.wait_for_selector("#start-computers")
    host.select_option("#start-level", "random")
    host.click("#start-computers")
    host.wait_for_selector("#ask-dialog")  # asked once, in the page
    host.click("#ask-cancel")
    assert host.locator("#waiting").count() == 1  # nothing changed
    host.click("#start-computers")
    host.click("#ask-ok")
    host.wait_for_selector("#hand .card")
    assert host.evaluate("S.players.map(p => p.kind)") == ["human", "random", "random"]
    assert not host.errors


def test_no_null_and_the_player_who_sits_out_is_named_right(browser: Any, live: str) -> None:
    """At a 4-table the first dealer (the creator's place) sits out: his page says that he
    does, names the player whose face-down hand it shows as what he is, and prints no "null";
    nor does a spectator's page."""
    port = _port(live)
    made = post(port, "/api/tables", {
        "games": 1, "seats": [{"kind": "human", "name": "Dora"}, "human", "human", "human"]})  # fmt: skip
    for name in ("Ede", "Fritz", "Gerd"):  # they sit down and do not move: game 1 stays
        post(port, f"/api/tables/{made['id']}/join", {"name": name})
    page = _seated(browser, live, made)
    page.wait_for_selector("#sitting-out")
    me = page.locator("#me").inner_text()
    assert "null" not in me and "sit out" in me
    shown = page.evaluate("S.players[S.seats[base()]].name")
    assert shown != "Dora" and shown in me
    assert f"{shown} · " in me and "sits out" not in me.replace("You sit out", "")
    assert "Dora sits out" in page.locator("#info").inner_text()
    watcher = new_page(browser, "en")
    watcher.goto(page.url)
    watcher.wait_for_selector("#me .hand img")
    assert "null" not in watcher.locator("#me").inner_text()
    assert watcher.locator("#sitting-out").count() == 0
    assert "null" not in watcher.locator("body").inner_text()
    shot(page, "sitting-out")
    assert not page.errors and not watcher.errors


CHECK_ANSWER = """
window.__unseen = [];
new MutationObserver(() => {
  if (typeof S === "undefined" || !S || !S.game) return;
  const playable = document.querySelectorAll("#hand .card.legal").length;
  if (!playable || S.game.phase !== "play") return;
  const shown = [...document.querySelectorAll("#trick img")].map((i) => i.dataset.card);
  const lead = S.game.trick;
  if (JSON.stringify(shown) !== JSON.stringify(lead)) window.__unseen.push({shown, lead});
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def test_a_player_always_sees_the_card_he_must_answer(browser: Any, live: str) -> None:
    """The trick just taken stays a moment (the pause after a trick) while the computers
    lead at once: whenever the page lets the player play a card, the table shows the trick
    he must answer, nothing older."""
    page = new_page(browser, "en")
    page.context.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => {" + CHECK_ANSWER + "});"
    )
    made = post(_port(live), "/api/tables", {"games": 1, "seats": ["human", "heuristic", "random"]})
    key = f"skat.token.{made['id']}"
    mine = json.dumps({"player": made["player"], "token": made["token"]})
    page.context.add_init_script(f"localStorage.setItem({key!r}, {mine!r})")
    page.goto(f"{live}/table/{made['id']}")
    page.wait_for_selector("#hand .card")

    def nothing(state: dict[str, Any]) -> bool:
        return False

    nothing.up_to = 0  # type: ignore[attr-defined]  # pass: the computers play, the human defends
    drive(page, nothing, limit=180)
    assert page.evaluate("window.__unseen") == []
    assert not page.errors


def test_the_running_card_points_are_a_table_option(browser: Any, live: str) -> None:
    """Off by default (counting is part of the game); on when the table is made with it."""
    port = _port(live)
    seats = ["human", "heuristic", "heuristic"]
    texts: dict[str, list[str]] = {"hidden": [], "shown": []}
    for name, extra in (("hidden", {}), ("shown", {"show_points": True})):
        made = post(port, "/api/tables", {"games": 8, "seats": seats, **extra})
        page = _seated(browser, live, made)
        page.wait_for_selector("#hand .card")

        def look(state: dict[str, Any], page: Any = page, name: str = name) -> bool:
            if state["phase"] == "play" and state["tricks"] >= 1:
                progress = page.locator("#progress")
                if progress.count():
                    texts[name].append(progress.inner_text())
            return False

        look.up_to = 0  # type: ignore[attr-defined]  # the computers declare
        for _ in range(8):  # a game passed in has no play: the next one
            # the first trick's line is what the option governs: no need to play on
            drive(page, look, limit=180, until=lambda name=name: bool(texts[name]))
            if texts[name]:
                break
            page.click("#continue")
        assert not page.errors
    assert texts["hidden"] and texts["shown"], texts  # both games were played to a trick
    assert all("card points" not in x and "Trick" in x for x in texts["hidden"])
    assert any("card points" in x for x in texts["shown"])


def test_the_series_downloads_as_one_file_and_the_history_answers_first(
    browser: Any, live: str
) -> None:
    made = post(_port(live), "/api/tables", {"games": 1, "seats": ["human", "random", "random"]})
    page = _seated(browser, live, made)
    page.wait_for_selector("#hand .card")

    def nothing(state: dict[str, Any]) -> bool:
        return False

    nothing.up_to = 0  # type: ignore[attr-defined]
    drive(page, nothing, limit=180)
    page.click("#continue")
    page.wait_for_selector("#series-zip")
    answer = page.evaluate(
        "fetch(document.querySelector('#series-zip').href)"
        ".then(async r => [r.status, r.headers.get('content-type'), (await r.arrayBuffer()).byteLength])"
    )
    assert answer[0] == 200 and answer[1] == "application/zip" and answer[2] > 100
    history = new_page(browser, "en")
    history.goto(f"{live}/history/{made['id']}/1#best")
    history.wait_for_selector("#moves li", timeout=120_000)
    if history.evaluate("H.analysis && H.analysis.verdict !== null"):
        box = history.locator("#best-line")
        first = box.locator("h2 + p").first
        assert first.get_attribute("id") == "verdict"  # the verdict before any line
        verdict = first.inner_text()
        if history.evaluate("H.analysis.could_win === false"):
            assert verdict.startswith("No line wins against best defence"), verdict
    assert not page.errors and not history.errors
