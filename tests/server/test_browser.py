"""Browser tests in real Chromium (Debian's ``chromium`` driven by Playwright for Python):
create a table in the lobby, play a complete game against computer players, look at the
result, the score sheet, the series end and the history viewer; screenshots are saved in
``tests/server/screenshots/`` (or ``$SKAT_SCREENSHOTS``)."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.live import free_port, server

CHROMIUM = os.environ.get("SKAT_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = Path(os.environ.get("SKAT_SCREENSHOTS", Path(__file__).parent / "screenshots"))


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install playwright)"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    missing = _missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser tests: {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    with server(str(tmp_path_factory.mktemp("browser") / "data"), port, delay=0.05):
        yield f"http://127.0.0.1:{port}"


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def new_page(browser: Any, lang: str, width: int = 1280, height: int = 800) -> Any:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(f"localStorage.setItem('skat.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def play_my_moves(page: Any, name: str, limit: float = 120.0) -> None:
    """Act for the human place until the result of the first game shows: bid the lowest
    value or hold, pick up the skat, put away two cards, declare, answer with pass, play
    the first legal card."""
    deadline = time.monotonic() + limit
    shots: set[str] = set()
    while time.monotonic() < deadline:
        if page.locator("#result").count():
            return
        state = page.evaluate(
            "S && S.game ? {phase: S.game.phase, legal: S.game.legal, bid: S.game.bid, pending}"
            " : null"
        )
        if not state or not state["legal"] or state["pending"]:
            page.wait_for_timeout(50)
            continue
        phase = state["phase"]
        if phase not in shots:
            shots.add(phase)
            shot(page, f"{name}-{phase}")
        if phase == "bidding":  # bid up to 23, then pass: often the declarer, never overbid
            cheap = state["bid"] < 23
            wanted = "#actions button.primary" if cheap else '#actions button[data-action="p"]'
            page.locator(wanted).first.click()
        elif phase in ("discard", "push_discard"):
            cards = page.locator("#hand .card.legal")
            cards.nth(0).click()
            cards.nth(1).click()
            page.locator("#discard").click()
        elif page.locator("#hand .card.legal").count() and phase == "play":
            page.locator("#hand .card.legal").first.click()
        elif page.locator('#actions button[data-action="s"]').count():
            page.locator('#actions button[data-action="s"]').click()  # pick up the skat
        elif page.locator("#declarations button").count():
            page.locator("#declarations button").first.click()
        else:
            page.locator('#actions button[data-action="p"]').first.click()
        page.wait_for_timeout(30)
    raise AssertionError("the game did not end in time")


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
    shot(page, "series-end")
    assert not page.errors

    history = new_page(browser, "en")
    history.goto(f"{live}{history_link}")
    history.wait_for_selector("#moves li", timeout=120_000)
    history.locator("#last").click()
    assert history.locator("#hands .row").count() == 4
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
