"""Browser tests in real Chromium (Debian's ``chromium`` driven by Playwright for Python):
create a table in the lobby, play a complete game against computer players, look at the
result, the score sheet, the series end and the history viewer; screenshots are saved in
``tests/server/screenshots/`` (or ``$SKAT_SCREENSHOTS``)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

from tests.server.axe import violations
from tests.server.browsing import wait_until

SHOTS = Path(os.environ.get("SKAT_SCREENSHOTS", Path(__file__).parent / "screenshots"))


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


BUSY_MACHINE_MS = 180_000
"""Playwright's default wait for a page of these tests: minutes, never the machine's speed."""


def new_page(browser: Any, lang: str, width: int = 1280, height: int = 800) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    # every wait of Playwright (a selector, a click's target) generous: its 30 s default ran
    # out on a busy machine (load 7 on 2 cores: a Danish game's series end came later)
    context.set_default_timeout(BUSY_MACHINE_MS)
    context.add_init_script(f"localStorage.setItem('skat.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    # every question is the site's own dialog (#ask-dialog): a browser dialog is an error
    page.on("dialog", lambda d: (errors.append(f"browser dialog: {d.message}"), d.dismiss()))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def play_my_moves(page: Any, name: str, limit: float = 120.0) -> None:
    """Act for the human place until the result of the first game shows (see :func:`drive`:
    bid up to 23, pick up the skat, put away two cards, declare, pass, the first legal card),
    with a screenshot of each phase the first time it is the human's turn."""
    shots: set[str] = set()

    def screenshots(state: dict[str, Any]) -> bool:
        if state["legal"] and state["phase"] not in shots:
            shots.add(state["phase"])
            shot(page, f"{name}-{state['phase']}")
        return False

    screenshots.up_to = 23  # type: ignore[attr-defined]  # often the declarer, never overbid
    drive(page, screenshots, limit)


def test_a_complete_game_against_computer_players(browser: Any, live: str) -> None:
    page = new_page(browser, "de")
    page.goto(f"{live}/")
    page.wait_for_selector("#kind2")
    page.select_option("#preset", "isko")
    page.fill("#games", "1")
    page.fill("#name0", "Anna")
    page.select_option("#kind1", "heuristic")
    page.select_option("#kind2", "heuristic")
    shot(page, "lobby")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    page.wait_for_selector("#hand .card")
    assert page.locator("#hand .card").count() == 10
    assert "Anna" in page.locator("#me").inner_text()
    play_my_moves(page, "game")
    spoken = page.locator("#spoken").inner_text()
    assert spoken  # the result in words (Result.explain("de"))
    shot(page, "result")
    history_link = page.locator("#result a").first.get_attribute("href")
    page.click("#continue")
    page.wait_for_selector("#series-end")
    assert page.locator("#sheet-table tbody tr").count() == 1
    seeger = page.locator("#series-end td.seeger").all_inner_texts()  # Seeger-Fabian points
    assert len(seeger) == 3 and all(x.lstrip("-").isdigit() for x in seeger)
    shot(page, "series-end")
    assert not page.errors

    history = new_page(browser, "en")
    history.goto(f"{live}{history_link}")
    history.wait_for_selector("#moves li", timeout=120_000)
    history.locator("#last").click()
    assert history.locator("#hands .row").count() == 4
    assert violations(history) == []  # axe-core: nothing serious or critical
    if history.locator("#how-win").count():  # a card gave value away: the best line from there
        history.locator("#how-win").click()
        assert history.locator("#best-moves li").count() > 0
    shot(history, "history")
    assert not history.errors


def test_a_phone_sized_table_in_english_and_a_spectator(browser: Any, live: str) -> None:
    page = new_page(browser, "en", width=390, height=844)
    page.goto(f"{live}/")
    page.wait_for_selector("#kind2")
    page.fill("#games", "1")
    page.select_option("#kind1", "random")
    page.select_option("#kind2", "random")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    page.wait_for_selector("#hand .card")
    page.wait_for_function(  # laid out (a busy machine once measured every card at 0)
        "() => [...document.querySelectorAll('#hand .card')]"
        ".every(b => b.getBoundingClientRect().height > 0)"
    )
    # on a phone the hand is in two rows of five (targets a thumb can hit: test_lobby_browser)
    tops = page.locator("#hand .card").evaluate_all(
        "l => l.map(b => b.getBoundingClientRect().top)"
    )
    assert len(set(tops)) == 2, tops
    assert page.evaluate("document.querySelector('header.bar').getBoundingClientRect().height") < 60
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "phone")
    table_url = page.url
    watcher = new_page(browser, "en")
    watcher.goto(table_url)
    watcher.wait_for_selector("#me .hand img")
    assert watcher.locator("#hand").count() == 0  # no hand of one's own
    assert all(
        src == "/cards/back.svg"
        for src in watcher.locator("#me .hand img").evaluate_all(
            "l => l.map(i => i.getAttribute('src'))"
        )
    )
    shot(watcher, "spectator")
    # reload: the place is kept (the token is in the browser) and the game resumes
    page.reload()
    page.wait_for_selector("#hand .card")
    assert page.locator("#hand .card").count() == 10
    assert not page.errors and not watcher.errors


STATE_JS = (
    "S && S.game ? {phase: S.game.phase, legal: S.game.legal, bid: S.game.bid,"
    " end: S.game.end_actions, seat: S.game.seat, declarer: S.game.declarer,"
    " tricks: S.game.tricks.length, trick: S.game.trick.length, kontra: S.game.kontra,"
    " pending: pending || holding()} : null"  # a trick still shown: nothing to click yet
)


def drive(
    page: Any, policy: Any, limit: float = 120.0, until: Callable[[], bool] | None = None
) -> None:
    """Act for the human place until a game's result shows (or ``until()`` is true: a test
    that has seen what it looks for need not play the game out).  ``policy(state)`` acts first
    and returns True when it clicked something; otherwise the moves of ``play_my_moves``
    are made, except that the human bids only while ``state["bid"] < policy.up_to``.

    The next game starts as soon as one ends, so the result can cover the table between
    reading the state and clicking: a click that cannot land within a few seconds while the
    result shows ends the drive."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if page.locator("#result").count() or (until is not None and until()):
            return
        state = page.evaluate(STATE_JS)
        if not state or state["pending"]:
            page.wait_for_timeout(50)
            continue
        try:
            if policy(state):
                page.wait_for_timeout(50)
                continue
            if state["legal"]:
                _default_move(page, state, policy.up_to)
        except PlaywrightTimeout:
            if page.locator("#result").count():
                return
            raise
        page.wait_for_timeout(30)
    raise AssertionError("the game did not end in time")


# generous for a busy machine; a click the result covers waits this long
CLICK = {"timeout": 30_000}


def _default_move(page: Any, state: dict[str, Any], up_to: int) -> None:
    """Bid while below ``up_to`` (else pass), pick up the skat, put away the first two legal
    cards, declare the first game offered, play the first legal card, pass otherwise."""
    phase = state["phase"]
    if phase == "bidding":
        cheap = state["bid"] < up_to
        wanted = "#actions button.primary" if cheap else '#actions button[data-action="p"]'
        page.locator(wanted).first.click(**CLICK)
    elif phase in ("discard", "push_discard"):
        cards = page.locator("#hand .card.legal")
        cards.nth(0).click(**CLICK)
        cards.nth(1).click(**CLICK)
        page.locator("#discard").click(**CLICK)
    elif phase == "play" and any(len(a) == 2 and a[1] in "789TJQKA" for a in state["legal"]):
        cards = page.locator("#hand .card.legal")  # none while the last trick still shows:
        if cards.count():  # the next look plays
            cards.first.click(**CLICK)
    elif page.locator('#actions button[data-action="s"]').count():
        page.locator('#actions button[data-action="s"]').click(**CLICK)
    elif page.locator("#games button").count():
        declare(page)
    else:
        page.locator('#actions button[data-action="p"]').first.click(**CLICK)


def declare(page: Any) -> None:
    """The staged declaration: the first game offered, no announcement, one confirmation."""
    page.locator("#games button").first.click(**CLICK)
    page.locator("#confirm-declare").click(**CLICK)


def create_table(page: Any, live: str, options: str, games: int) -> None:
    page.goto(f"{live}/")
    page.wait_for_selector("#kind2")
    page.select_option("#preset", "isko")
    page.fill("#options", options)
    page.fill("#games", str(games))
    page.select_option("#kind1", "heuristic")
    page.select_option("#kind2", "heuristic")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    page.wait_for_selector("#hand .card")


def test_kontra_and_giving_up_as_a_defender(browser: Any, live: str) -> None:
    """The human passes, says Kontra against the computer declarer with the button, sees
    it in the status line, then gives up (with the confirmation): the game ends at once
    and the result speaks of the Kontra."""
    page = new_page(browser, "en")
    create_table(page, live, "kontra=on", games=12)
    done: dict[str, bool] = {"kontra": False, "resigned": False}

    def defender(state: dict[str, Any]) -> bool:
        me = state["seat"]
        if state["phase"] != "play" or state["declarer"] in (None, me):
            return False
        if "kontra" in state["legal"] and not done["kontra"]:
            shot(page, "kontra-offered")
            page.locator('#actions button[data-action="kontra"]').click(**CLICK)
            wait_until(page, "S.game.kontra >= 1")
            status = page.locator("#status").inner_text()
            # the declarer may answer with Re before the status is read
            assert "Kontra" in status or "Re" in status, status
            shot(page, "kontra-said")
            done["kontra"] = True
            return True
        mine = f"RE.{me}"
        if done["kontra"] and state["kontra"] >= 1 and mine in state["end"]:
            page.locator(f'#actions button[data-action="{mine}"]').click(**CLICK)
            page.locator("#ask-ok").click(**CLICK)  # the site's own dialog asks once
            done["resigned"] = True
            return True
        return False

    defender.up_to = 0  # type: ignore[attr-defined]  # always pass
    for _ in range(12):
        drive(page, defender)
        if done["resigned"]:
            break
        done["kontra"] = False  # no chance this game (passed in, or Null): the next one
        page.click("#continue")
        wait_until(page, "S && S.game && !S.game.result")
    assert done["resigned"], "no game gave the human a Kontra in 12 deals"
    spoken = page.locator("#spoken").inner_text()
    assert "Kontra" in spoken or "Re" in spoken, spoken
    shot(page, "kontra-result")
    # the score sheet fits its side panel: every player's column is visible without scrolling
    page.click("#continue")
    wait_until(page, "document.querySelectorAll('#sheet-table tbody tr').length >= 1")
    assert page.evaluate("(() => { const p = document.getElementById('sheet');"
                         " return p.scrollWidth <= p.clientWidth + 1; })()")  # fmt: skip
    shot(page, "kontra-sheet")
    assert not page.errors


def test_the_declarer_shows_his_cards_and_a_spectator_sees_them(browser: Any, live: str) -> None:
    """The human bids to win the auction, declares, shows his cards (claiming the rest) with
    the confirmation; a spectator's page then shows the declarer's hand face up, and the
    game runs to its result."""
    page = new_page(browser, "en")
    create_table(page, live, "", games=12)
    watcher = new_page(browser, "en")
    frames: list[dict[str, Any]] = []
    watcher.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda data: frames.append(json.loads(data))),
    )
    watcher.goto(page.url)
    watcher.wait_for_selector("#me .hand img")
    done = {"claimed": False}
    hand_values: list[str] = []

    def declarer(state: dict[str, Any]) -> bool:
        me = state["seat"]
        if state["phase"] == "skat" and state["legal"] and not hand_values:
            # the staged declaration: no game before choosing Hand (or picking up the skat)
            assert page.locator("#games button").count() == 0
            page.locator("#hand-choice").click(**CLICK)
            hand_values.extend(page.locator("#games .val").all_inner_texts())
            # a game is marked below the bid exactly where the core says so (below_bid)
            marked = {
                b.get_attribute("data-action"): "short" in (b.get_attribute("class") or "").split()
                for b in page.locator("#games button").all()
            }
            sent = page.evaluate("S.game.declarations")  # what the server sent this seat
            plain = {d["action"]: d for d in sent if d["hand"] and d["action"] in marked}
            assert marked == {a: d["below_bid"] > 0 for a, d in plain.items()}
            assert marked == {a: d["value"] < state["bid"] for a, d in plain.items()}
            # a suit game offers the announcements the core lists for it, each with its value
            suit = next(b for b in page.locator("#games button").all()
                        if b.get_attribute("data-game") in "CSHD")  # fmt: skip
            suit.click(**CLICK)
            letter = suit.get_attribute("data-game")
            radios = page.locator('#announce input[type="radio"]')
            wanted = [d["action"] for d in sent if d["hand"] and d["game"] == letter]
            assert radios.evaluate_all("l => l.map(i => i.value)") == wanted
            shot(page, "hand-values")
            page.locator("#decl-back").click(**CLICK)  # nothing was declared: back to the skat
            assert page.locator('#actions button[data-action="s"]').count() == 1
        if state["phase"] != "play" or state["declarer"] != me or done["claimed"]:
            return False
        if "SC" in state["end"] and state["trick"] == 0:
            page.locator('#actions button[data-action="SC"]').click(**CLICK)
            assert "ISkO 4.4" in page.locator("#ask-text").inner_text()  # asked once, in the page
            shot(page, "claim-asked")
            page.locator("#ask-ok").click(**CLICK)
            done["claimed"] = True
            page.wait_for_selector("#result")  # nobody clicks a card: the result is there
            assert page.locator("#claim-verdict").count() == 1
            return True
        return False

    declarer.up_to = 60  # type: ignore[attr-defined]  # bid on to win the auction
    for _ in range(12):
        drive(page, declarer)
        if done["claimed"]:
            break
        page.click("#continue")
        wait_until(page, "S && S.game && !S.game.result")
    assert done["claimed"], "the human never won the auction in 12 deals"
    assert hand_values and any(v.startswith("≈ ") for v in hand_values)  # Hand: estimates
    shot(page, "claim-result")
    record = page.evaluate(
        "fetch(document.querySelector('#result a[href$=\".json\"]').href).then(r => r.text())"
    )
    assert '"SC"' in record  # the claim is in the game's record
    # what the spectator was sent: nothing of the declarer's hand before the claim (no
    # Ouvert was declared), the declarer's cards face up after it, before the result
    games = [f["game"] for f in frames if f.get("type") == "state" and f.get("game")]
    at = next((i for i, g in enumerate(games) if [g["declarer"], "SC"] in g["history"]), None)
    assert at is not None, "the spectator was never sent the claim"
    claimed = games[at]
    played = sum(1 for seat, a in claimed["history"] if seat == claimed["declarer"]
                 and a and len(a) == 2 and a[0] in "CSHD" and a[1] in "789TJQKA")  # fmt: skip
    assert claimed["result"] is None and len(claimed["open_hand"]) == 10 - played
    assert claimed["hand"] is None  # a spectator has no hand of his own
    start = max(i for i in range(at) if games[i]["phase"] == "bidding")
    before = [g for g in games[start:at] if g["phase"] == "play"]
    assert before and all(not g["open_hand"] for g in before if "O" not in g["contract"])
    assert not page.errors and not watcher.errors


def test_online_rules_ja_button_waits_after_a_jump_bid(browser: Any, live: str) -> None:
    """The table page keeps its Ja button disabled for ``jump_delay`` seconds after a bid that
    skipped values (Skat-Online's "264? Ja!"), then enables it."""
    from tests.server.live import post
    from websockets.sync.client import connect

    port = int(live.rsplit(":", 1)[1])
    made = post(port, "/api/tables", {"rules": "online,jump_delay=8", "seats": ["human"] * 3})
    tokens = {made["player"]: made["token"]}
    for _ in range(2):
        joined = post(port, f"/api/tables/{made['id']}/join", {})
        tokens[joined["player"]] = joined["token"]
    page = new_page(browser, "en")
    # Forehand is place 2 in the first game (place 1 deals); Middlehand is place 3
    key, mine = f"skat.token.{made['id']}", json.dumps({"player": 1, "token": tokens[1]})
    page.context.add_init_script(f"localStorage.setItem({key!r}, {mine!r})")
    page.goto(f"{live}/table/{made['id']}")
    page.wait_for_selector("#hand .card")
    with connect(f"ws://127.0.0.1:{port}/ws/{made['id']}") as ws:
        ws.send(json.dumps({"type": "hello", "token": tokens[2]}))
        ws.send(json.dumps({"type": "act", "action": "40", "counter": 0}))  # 18 … 36 skipped
        hold = '[data-action="y"]'
        page.wait_for_selector(hold)
        assert page.locator(hold).is_disabled()  # disabled for 8 s after the bid
        wait_until(page, f"!document.querySelector('{hold}').disabled", 30)
        page.click(hold)
        wait_until(page, "!document.querySelector('[data-action=\"y\"]')", 30)
    assert not page.errors


def test_the_page_never_goes_back_to_an_older_position(browser: Any, live: str) -> None:
    """A process still catching up (a cluster's replica while the database is away) may send
    a state older than the one shown: the page keeps the newer one."""
    page = new_page(browser, "en")
    page.goto(f"{live}/")
    page.wait_for_selector("#kind2")
    page.select_option("#kind1", "random")
    page.select_option("#kind2", "random")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    page.wait_for_selector("#hand .card")
    kept = page.evaluate(
        """() => {
          const shown = S;
          receive({...S, counter: S.counter - 1, older: true});
          const older = S === shown;
          receive({...S, counter: S.counter, same: true});  // the same move: taken
          return [older, S.same === true];
        }"""
    )
    assert kept == [True, True]
    assert not page.errors


def test_the_score_sheet_is_kept_whole_from_its_new_rows(browser: Any, live: str) -> None:
    """Each state message carries only the sheet's new rows (``series.first``): the page
    keeps the ones it has, so after two games it shows both."""
    req = Request(
        f"{live}/api/tables",
        data=json.dumps({"seats": ["random"] * 3, "games": 2}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urlopen(req, timeout=30) as answer:
        table = json.load(answer)["id"]
    page = new_page(browser, "en")
    page.goto(f"{live}/table/{table}")  # watching: the computer-only table plays
    wait_until(page, "S !== null && S.series.over", 300)
    assert page.evaluate("S.series.rows.map((r) => r.number)") == [1, 2]
    assert page.locator("#sheet-table tbody tr").count() == 2
    assert not page.errors
