"""Accessibility in real Chromium: axe-core (shipped inside the PyPI package
``axe-playwright-python``) finds no serious or critical violation on the lobby, the table in
several phases and themes, and the history page; and a whole game is played with the keyboard
alone (Tab to a control, Enter), while the ARIA live region announces every event.  The
history page is checked in test_browser.py's complete game (it loads it anyway)."""

from __future__ import annotations

import time
from typing import Any

from tests.server.axe import violations
from tests.server.browsing import wait_until
from tests.server.test_browser import STATE_JS, new_page, shot


def press_until_focused(page: Any, selector: str, limit: int = 120) -> None:
    """Tab (never the mouse) until an element matching ``selector`` has the focus."""
    for _ in range(limit):
        if page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)",
                         selector):  # fmt: skip
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def key_move(page: Any, state: dict[str, Any]) -> None:
    """One move by keyboard: bid 18 or pass, pick up, put away two cards, declare the first
    game, play the first legal card."""
    phase = state["phase"]
    if phase == "bidding":
        wanted = (
            "#actions button.primary" if state["bid"] < 18 else '#actions button[data-action="p"]'
        )
        press_until_focused(page, wanted)
        page.keyboard.press("Enter")
    elif phase == "discard":
        for n in (0, 1):
            press_until_focused(page, "#hand .card.legal:not(.picked)")
            page.keyboard.press("Enter")
            wait_until(page, f"document.querySelectorAll('#hand .card.picked').length > {n}")
        press_until_focused(page, "#discard")
        page.keyboard.press("Enter")
    elif phase == "play" and "#" not in "".join(state["legal"]):
        press_until_focused(page, "#hand .card.legal")
        page.keyboard.press("Enter")
    elif "s" in state["legal"]:
        press_until_focused(page, '#actions button[data-action="s"]')
        page.keyboard.press("Enter")
    elif page.locator("#games button").count():
        press_until_focused(page, "#games button")
        page.keyboard.press("Enter")
        press_until_focused(page, "#confirm-declare")
        page.keyboard.press("Enter")
    else:
        press_until_focused(page, '#actions button[data-action="p"], #actions button.primary')
        page.keyboard.press("Enter")


def test_axe_finds_nothing_serious_and_a_keyboard_only_game(browser: Any, live: str) -> None:
    page = new_page(browser, "en")
    page.goto(f"{live}/")
    page.wait_for_selector("#kind2")
    assert violations(page) == [], "lobby"
    # the table is created by keyboard too: fill the form, Tab to the button, Enter
    page.fill("#games", "1")
    page.select_option("#kind1", "heuristic")
    page.select_option("#kind2", "heuristic")
    page.focus("#games")
    press_until_focused(page, "#create-button")
    page.keyboard.press("Enter")
    page.wait_for_url("**/table/*")
    page.wait_for_selector("#hand .card")
    dealt = page.evaluate("S.game.hand")
    checked: set[str] = set()
    deadline = time.monotonic() + 120
    while not page.locator("#result").count():
        assert time.monotonic() < deadline, "the keyboard game did not end in time"
        state = page.evaluate(STATE_JS)
        if not state or state["pending"] or not state["legal"]:
            page.wait_for_timeout(50)
            continue
        if state["phase"] not in checked:  # axe once in every phase the human acts in
            checked.add(state["phase"])
            names = page.locator("#hand .card").evaluate_all(
                "l => l.map(b => b.getAttribute('aria-label'))"
            )
            assert names and all(n and " " in n for n in names)  # "Clubs Jack": accessible names
            assert violations(page) == [], state["phase"]
            if page.locator("#hand-choice").count():  # the staged Hand declaration, by keyboard
                press_until_focused(page, "#hand-choice")
                page.keyboard.press("Enter")
                press_until_focused(page, '#games button[data-game="G"]')
                page.keyboard.press("Enter")
                page.wait_for_selector("#announce")
                assert violations(page) == [], "announcements"
                press_until_focused(page, "#decl-back")
                page.keyboard.press("Enter")
                page.wait_for_selector('#actions button[data-action="s"]')
        if state["phase"] == "play" and "contrast" not in checked:
            checked.add("contrast")
            page.evaluate("saveSettings({theme: 'contrast'})")
            assert violations(page) == [], "high contrast"
            shot(page, "a11y-contrast")
            page.evaluate("saveSettings({theme: 'large'})")
            assert violations(page) == [], "large print"
            shot(page, "a11y-large")
            page.evaluate("saveSettings({theme: 'normal'})")
        key_move(page, state)
        page.wait_for_timeout(30)
    assert violations(page) == [], "result"
    shot(page, "a11y-result")
    said = page.locator("#live").inner_text()
    assert "Your turn" in said and "Result:" in said  # the live region spoke the game
    assert "takes the trick" in said or "passed" in said.lower()
    # play this deal again, by keyboard too: a new table, the same cards in the same place
    old_url = page.url
    press_until_focused(page, "#play-again")
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: url != old_url and "/table/" in url)
    wait_until(page, "S && S.game && S.game.hand")
    assert page.evaluate("S.game.hand") == dealt
    assert not page.errors  # (the history page: test_browser.py's complete game runs axe on it)
