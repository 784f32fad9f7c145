"""The variant tables in real Chromium (Playwright, as :mod:`tests.server.test_browser`): a
person creates a Strohmann, an Officers' Skat and a Tournee Skat table from the lobby and
plays the whole series against the computer players by clicking; two people (two browser
contexts) play Officers' Skat at one table, the second joining with the table's link; a game
against PIMC computers, then its history stepped through.  The
screenshots go to ``tests/server/screenshots/variants/`` (``$SKAT_VARIANT_SHOTS`` elsewhere; with
``SKAT_DOC_SHOTS=1`` to ``docs/variants/images/``, the documentation's): the pages of
docs/variants/web.md show them."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.server.browsing import wait_until
from tests.server.test_browser import new_page

SHOTS = Path(
    os.environ.get(
        "SKAT_VARIANT_SHOTS",
        Path(__file__).resolve().parents[2] / "docs" / "variants" / "images"
        if os.environ.get("SKAT_DOC_SHOTS")  # the docs' screenshots taken anew on purpose
        else Path(__file__).parent / "screenshots" / "variants",
    )
)
CARD_BUTTONS = "#mine button.card.legal, #dummy button.card.legal"


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def counter(page: Any) -> int:
    return int(page.evaluate("S ? S.counter : -1"))


def tap(target: Any) -> bool:
    """Click ``target``; False when something covers it meanwhile (a game's result dialog
    that came with the state message the page just drew: the drive answers it first)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        target.click(timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


def one_move(page: Any, up_to: int = 1) -> bool:
    """Make this player's move by clicking, if it is his turn: two cards and "put away", a
    legal card (his own, a pile's, the dummy's), or an action button (the first: the lowest
    bid, holding, a game; passing once the bid is ``up_to`` or more).  True if a move was
    sent."""
    if page.locator("#continue").count():
        return False
    if page.locator("#confirm").count():  # a declaration asks once
        return tap(page.locator("#confirm"))
    if page.locator("#put-away").count():
        cards = page.locator("#hand button.card.legal")
        return tap(cards.nth(0)) and tap(cards.nth(1)) and tap(page.locator("#put-away"))
    cards = page.locator(CARD_BUTTONS)
    if cards.count():
        return tap(cards.first)
    buttons = page.locator("#actions button[data-action]")
    if not buttons.count():
        return False
    actions = buttons.evaluate_all("bs => bs.map(b => b.dataset.action)")
    bid = page.evaluate("S.game ? S.game.bid : 0")
    if "p" in actions and bid >= up_to:
        return tap(page.locator('#actions button[data-action="p"]'))
    return tap(buttons.first)


def drive(
    pages: list[Any],
    name: str,
    shots: dict[str, str],
    limit: int = 4000,
    up_to: int = 1,
    end_shot: bool = True,
) -> list[str]:
    """Play every page's moves until the series is over; the result of each game (the
    dialog's words) is returned.  ``shots``: a screenshot named by the value the first time
    the JavaScript condition (the key) holds on the first page."""
    results: list[str] = []
    taken: set[str] = set()
    for _ in range(limit):
        moved = False
        for page in pages:
            for condition, title in shots.items():
                if title not in taken and page is pages[0] and page.evaluate(condition):
                    taken.add(title)
                    shot(page, f"{name}-{title}")
            if page.locator("#continue").count():
                if page.locator("#series-end").count():
                    if page is not pages[0]:
                        continue  # the first page's end ends the drive
                    results.append(page.locator("#result-dialog .vt-spoken").inner_text())
                    if end_shot:
                        shot(page, f"{name}-series-end")
                    return results
                if page is pages[0]:
                    results.append(page.locator("#result-dialog .vt-spoken").inner_text())
                page.click("#continue")
                moved = True
                continue
            before = counter(page)
            if one_move(page, up_to):
                wait_until(page, f"S.counter > {before} || !pending")
                moved = True
        if not moved:
            pages[0].wait_for_timeout(50)
    raise AssertionError(f"{name}: the series did not end in {limit} rounds")


def create_variant(
    page: Any,
    live: str,
    variant: str,
    opponents: str,
    games: int,
    lobby_shot: str = "",
    players: int = 0,
) -> None:
    page.goto(f"{live}/")
    page.wait_for_selector("#variant option", state="attached")
    page.select_option("#variant", variant)
    page.select_option("#variant-opponents", opponents)
    if players:
        page.select_option("#variant-players", str(players))
    page.fill("#variant-games", str(games))
    page.fill("#variant-name", "Anna")
    if lobby_shot:
        page.locator("#variant-box").screenshot(path=str(SHOTS / f"{lobby_shot}.png"))
    page.click("#variant-create")
    page.wait_for_url("**/table/*")
    page.wait_for_selector("#variant-table")


def check_series(page: Any, results: list[str], games: int, shown: int = 0) -> None:
    """The series is over: each game's result was shown (``shown`` of them at least: a game
    the player sits out may end while the last one's dialog is still open), the list has
    every game, the page had no error."""
    assert (shown or games) <= len(results) <= games and all(results), results
    assert page.locator("#sheet-table tbody tr").count() == games
    assert not page.errors


def test_a_whole_strohmann_series_in_the_browser(browser: Any, live: str) -> None:
    page = new_page(browser, "de")
    SHOTS.mkdir(parents=True, exist_ok=True)
    create_variant(page, live, "strohmann", "heuristic", 2, lobby_shot="lobby")
    page.wait_for_selector("#mine button.card")
    assert page.locator("#hand button.card").count() == 10
    assert "10 Karten verdeckt" in page.locator("#dummy").inner_text()  # face down at first
    shots = {
        "S.game && S.game.dummy_hand && S.game.trick.length > 0": "dummy",
        "S.game && S.game.for_dummy && S.game.legal.length > 0": "for-dummy",
        "!!document.getElementById('put-away')": "discard",
        "!!document.getElementById('result-dialog')": "result",
    }
    results = drive([page], "strohmann", shots)
    check_series(page, results, 2)
    assert any(" Augen" in r or "eingepasst" in r for r in results)  # German, as chosen


def test_a_whole_officers_series_in_the_browser(browser: Any, live: str) -> None:
    page = new_page(browser, "en")
    create_variant(page, live, "officers", "heuristic", 2)
    page.wait_for_selector("#actions button[data-action]")  # Forehand declares first
    labels = page.locator("#actions button[data-action]").all_inner_texts()
    assert labels[0].startswith("Diamonds (base 9)") and len(labels) == 6
    assert page.locator("#mine .pile").count() == 8  # two rows of four
    shot(page, "officers-declare")
    page.click("#actions button[data-action]")  # a declaration asks once
    assert (
        page.locator("#confirm").count() == 1 and "Really:" in page.locator("#actions").inner_text()
    )
    page.click("#confirm")
    wait_until(page, "S && S.game && S.game.contract !== null")
    page.reload()  # the page reconnects and resumes: the place's token is kept in the browser
    wait_until(page, "S && S.you === 0 && S.game && S.game.contract !== null")
    assert page.locator("#mine .pile").count() == 8
    shots = {
        "S.game && S.game.tricks.length >= 3 && S.game.trick.length === 1": "play",
        "!!document.getElementById('result-dialog')": "result",
    }
    results = drive([page], "officers", shots)
    check_series(page, results, 2)
    assert all(" card points" in r for r in results if "Null" not in r)  # English


def test_a_whole_tournee_series_in_the_browser(browser: Any, live: str) -> None:
    page = new_page(browser, "de")
    create_variant(page, live, "tournee", "heuristic", 3)
    shots = {
        "S.game && S.game.legal.includes('pmn')": "turned-choice",
        "S.game && S.game.turned.length > 0 && S.game.trick.length > 0": "turned",
        "!!document.getElementById('result-dialog')": "result",
    }
    results = drive([page], "tournee", shots, up_to=20)
    check_series(page, results, 3)
    assert not any("Tournée" in r for r in results)  # the German words: Tournee, Gucki


def test_two_people_play_officers_skat_at_one_table(browser: Any, live: str) -> None:
    anna = new_page(browser, "de")
    create_variant(anna, live, "officers", "human", 2)
    wait_until(anna, "S && S.waiting")
    shot(anna, "officers-two-waiting")
    link = anna.url
    ben = new_page(browser, "en")  # another browser context: another person
    ben.goto(link)
    ben.wait_for_selector("#join:not([hidden])")
    ben.click("#join")
    ben.fill("#join-name", "Ben")
    ben.click("#join-ok")
    wait_until(ben, "S && S.you === 1 && S.game !== null")
    wait_until(anna, "S && S.game !== null")
    assert anna.locator("#others").inner_text().count("Ben") == 1
    shots = {"S.game && S.game.tricks.length >= 2": "anna"}
    results = drive([anna, ben], "officers-two", shots)
    check_series(anna, results, 2)
    shot(ben, "officers-two-ben-end")
    names = anna.locator("#sheet-table thead th.name").all_inner_texts()
    assert names == ["Anna", "Ben"]
    assert not ben.errors


def test_a_tournee_table_for_four_from_the_lobby(browser: Any, live: str) -> None:
    page = new_page(browser, "en")
    create_variant(page, live, "tournee", "random", 4, players=4)
    wait_until(page, "S && S.game !== null")
    assert page.evaluate("S.players.length") == 4
    results = drive([page], "tournee-four", {"!!document.getElementById('sitting-out')": "out"})
    check_series(page, results, 4, shown=3)


def test_a_game_against_pimc_computers_then_its_history_step_by_step(
    browser: Any, live: str
) -> None:
    """The lobby offers the PIMC level for a variant; the game against it is played to its
    end (the server thinks its moves in its worker processes), then its history is opened
    from the table's list and stepped through, every card open."""
    page = new_page(browser, "de")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.goto(f"{live}/")
    page.wait_for_selector("#variant option", state="attached")
    levels = page.locator("#variant-opponents option").evaluate_all("os => os.map(o => o.value)")
    assert levels == ["heuristic", "pimc", "random", "human"]
    create_variant(page, live, "officers", "pimc", 1, lobby_shot="lobby-pimc")
    wait_until(page, "S && S.game !== null")
    assert page.evaluate("S.players[1].kind") == "pimc"
    results = drive([page], "officers-pimc", {}, end_shot=False)
    check_series(page, results, 1)
    link = page.locator("#sheet-table a.game-history").first
    href = link.get_attribute("href")
    assert href is not None and href.endswith("/1")
    page.goto(f"{live}{href}")
    wait_until(page, "H !== null && document.querySelectorAll('#moves li').length > 1")
    assert page.locator("#hands .hist-pile").count() == 16  # both layouts, every card open
    assert "nur für Skat zu dritt" in page.locator("#no-analysis").inner_text()
    steps = page.locator("#moves li").count()
    for _ in range(min(steps - 1, 9)):  # the declaration, then the first tricks
        page.click("#next")
    assert page.locator("#moves li.cur").get_attribute("data-i") == str(min(steps - 1, 9))
    now = page.locator("#now").inner_text()
    assert now.startswith(f"{min(steps - 1, 9)}/{steps - 1}")
    shot(page, "officers-history")
    page.click("#last")
    assert page.locator("#hands .hist-pile.empty").count() == 16  # every card played
    assert page.locator("#summary").inner_text().strip()  # the result in words
    page.click('#lang button[data-lang="da"]')  # the words follow the chosen language
    wait_until(page, "document.getElementById('no-analysis').textContent.includes('kun for skat')")
    assert not page.errors
    page.locator('#moves li[data-i="9"]').click()  # play it again from the ninth move
    page.click("#again")
    page.wait_for_url("**/table/*")
    wait_until(page, "S && S.game !== null && S.you === 0")
    assert page.evaluate("S.series.planned") == 1 and page.evaluate("S.game.history.length") >= 9
    assert page.evaluate("S.players[1].kind") == "pimc"
    assert not page.errors


def test_the_history_of_a_tournee_game_shows_the_turned_cards(browser: Any, live: str) -> None:
    page = new_page(browser, "en")
    create_variant(page, live, "tournee", "pimc", 1)
    results = drive([page], "tournee-pimc", {}, up_to=20, end_shot=False)
    check_series(page, results, 1)
    href = page.locator("#sheet-table a.game-history").first.get_attribute("href")
    page.goto(f"{live}{href}")
    wait_until(page, "H !== null && document.querySelectorAll('#moves li').length > 1")
    assert page.locator("#hands .row[data-seat]").count() == 3  # every hand open
    assert "Skat for three only" in page.locator("#no-analysis").inner_text()
    turned = page.evaluate("H.steps.findIndex((s) => s.turned.length > 0)")
    played = page.evaluate("H.steps.findIndex((s) => s.trick.length > 0)")
    at = turned if turned >= 0 else played
    page.locator(f'#moves li[data-i="{at}"]').click()
    if turned >= 0:  # the declarer turned a card: it is shown as turned
        assert page.locator("#hist-middle img.turned").count() >= 1
    shot(page, "tournee-history")
    assert not page.errors
