"""The tournament pages in real Chromium (as tests/server/test_browser.py): a director starts
a tournament and seats it, three tables enter their lists at the same time (one entry refused
with its reason), the live standings page follows by itself, the tables confirm their totals,
the director corrects a list and the correction shows in the log.  Screenshots go where the
server's browser tests put theirs (``tournament-*.png``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.request import Request, urlopen

import pytest
from tests.server.browsing import browser, wait_until  # noqa: F401  (the fixture)
from tests.server.live import free_port, server
from tests.server.test_browser import new_page, shot

NAMES = ["Anna", "Ben", "Cora", "Dirk", "Eva", "Fritz", "Gero", "Hanna", "Ida", "Jan", "Kai"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    with server(str(tmp_path_factory.mktemp("tournament") / "data"), port):
        yield f"http://127.0.0.1:{port}"


def enter(page: Any, declarer: str, kind: str = "G", won: str = "won", value: str = "") -> None:
    """Fill the entry form and press Enter game (the answer is awaited by the caller)."""
    page.select_option("#declarer", declarer)
    if declarer:
        page.select_option("#kind", kind)
        page.select_option("#won", won)
        page.fill("#value", value)
    page.evaluate("document.querySelector('#msg').textContent = ''")
    page.click("#enter")


def answer(page: Any) -> str:
    wait_until(page, "document.querySelector('#msg').textContent !== ''")
    return str(page.locator("#msg").inner_text())


def test_director_three_tables_live_standings_and_a_correction(
    browser: Any,  # noqa: F811
    site: str,
) -> None:
    director = new_page(browser, "en", 1280, 900)
    director.goto(f"{site}/t")
    director.fill("#name", "Friday cup")
    director.fill("#series", "1")
    director.fill("#deals", "1")
    director.wait_for_selector("#rules option[value=tournament]", state="attached")
    assert director.input_value("#rules") == "tournament"
    lines = [f"{n}, SC {'Herz' if i % 2 else 'Pik'}" + (", , ladies" if n in ("Anna", "Cora")
             else "") for i, n in enumerate(NAMES)]  # fmt: skip
    director.fill("#players", "\n".join(lines))
    director.click("#create")
    director.wait_for_url("**/director#*")
    director.fill("#seed", "4711")
    director.click("#seat")
    director.wait_for_selector(".table-card img")
    links = [a.get_attribute("href") for a in director.locator(".table-link").all()]
    assert len(links) == 3

    _poll(director, ".table-card img", "imgs => imgs.every(i => i.naturalWidth > 0)")
    shot(director, "tournament-director")

    standings = new_page(browser, "en", 1000, 800)
    standings.goto(f"{site}/t/{director.url.split('/')[4]}")
    standings.wait_for_selector("#standings tbody tr")

    tables = []
    for link in links:
        page = new_page(browser, "en", 900, 900)
        page.goto(link)
        page.wait_for_selector("#declarer option:nth-child(2)", state="attached")
        tables.append(page)
    seated = [t.locator("#players").inner_text().split(" · ") for t in tables]
    # a 4-table's dealer sits out: the entry is refused with the reason
    enter(tables[0], seated[0][0], value="72")
    assert "sits out at a 4-table" in answer(tables[0])
    shot(tables[0], "tournament-table-refused")
    # the three tables enter every game at the same time
    for k in range(4):
        for page, players in zip(tables, seated, strict=True):
            if k < len(players):
                enter(page, players[1] if k == 0 else "", value="72")
        for page, players in zip(tables, seated, strict=True):
            if k < len(players):
                assert answer(page) == f"game {k + 1} counted"
    # the standings page has followed by itself
    leaders = sorted(p[1] for p in seated)
    _poll(
        standings,
        "#standings tbody tr",
        "rows => rows.slice(0, 3).every(r => r.cells[4].textContent === '122')",
    )
    top = standings.locator("#standings tbody tr td:nth-child(2)").all_inner_texts()[:3]
    assert sorted(top) == leaders
    for page, players in zip(tables, seated, strict=True):
        for name in players:
            page.click(f"#confirm button[data-player='{name}']")
            page.wait_for_selector(f"#confirm button.done[data-player='{name}']")
        wait_until(page, "document.querySelector('#final').textContent.includes('counts')")
    shot(tables[0], "tournament-table")
    # the director corrects table 3's list: logged, and the standings follow
    director.wait_for_selector("#fix-series option", state="attached")
    director.select_option("#fix-table", "3")  # fetches the list as it is now
    wait_until(director, "document.querySelector('#fix-text').value.split('\\n').length === 3")
    text = director.input_value("#fix-text")
    assert text == f"{seated[2][1]} G won 72\npassed\npassed"
    director.fill("#fix-text", text.replace("G won 72", "G won 96", 1))
    director.fill("#fix-reason", "value misread")
    director.click("#correct")
    director.wait_for_selector("#log li")
    assert "value misread" in director.locator("#log").inner_text()
    wait_until(
        standings, "document.querySelector('#standings tbody tr').cells[4].textContent === '146'"
    )
    assert (
        standings.locator("#standings tbody tr td:nth-child(2)").first.inner_text() == seated[2][1]
    )
    assert "value misread" in standings.locator("#log").inner_text()
    shot(standings, "tournament-standings")
    shot(director, "tournament-director-log")
    for page in (director, standings, *tables):
        assert not page.errors


def _poll(page: Any, selector: str, check: str, seconds: float = 30.0) -> None:
    """Wait until ``check`` (a function of the elements ``selector`` finds) is true, polled
    from here: ``wait_for_function`` would evaluate it as a string inside the page, which the
    pages' content security policy (no 'unsafe-eval') refuses."""
    for _ in range(int(seconds / 0.05)):
        if page.locator(selector).evaluate_all(check):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{selector}: {check} did not come true in {seconds} s")


def test_a_phone_enters_a_list_in_german_once_per_tap(browser: Any, site: str) -> None:  # noqa: F811
    """At 390×844 in German: the page fits the screen (the list scrolls in its box), a double
    tap on Spiel eintragen stores one game, and a passed game with a value is refused with
    the reason in German."""
    made, link = _one_table(site, "Handy")
    phone = new_page(browser, "de", 390, 844)
    phone.goto(link)
    phone.wait_for_selector("#declarer option:nth-child(2)", state="attached")
    players = phone.locator("#players").inner_text().split(" · ")
    phone.select_option("#declarer", "")
    phone.fill("#value", "72")
    phone.evaluate("document.querySelector('#msg').textContent = ''")
    phone.click("#enter")
    assert answer(phone).startswith("eingepasst, aber der Wert 72 ist eingetragen")
    phone.select_option("#declarer", players[1])
    phone.select_option("#kind", "G")
    phone.fill("#value", "72")
    phone.evaluate("document.querySelector('#msg').textContent = ''")
    phone.dblclick("#enter")  # a double tap
    assert answer(phone) == "Spiel 1 gezählt"
    wait_until(phone, "document.querySelector('#next').textContent.startsWith('Spiel 2 von 4')")
    assert _entered(site, made["id"]) == 1
    fits = "document.scrollingElement.scrollWidth <= window.innerWidth"
    assert phone.evaluate(fits), phone.evaluate("document.scrollingElement.scrollWidth")
    shot(phone, "tournament-table-phone")


def _one_table(site: str, name: str) -> tuple[dict[str, Any], str]:
    """A one-series tournament of four seated at one table: (its creation's answer, the
    table's link)."""
    req = Request(f"{site}/api/t", data=json.dumps({"name": name, "series": 1, "deals": 1,
                  "players": ["Anna", "Ben", "Cora", "Dirk"]}).encode(),
                  headers={"Content-Type": "application/json"}, method="POST")  # fmt: skip
    made: dict[str, Any] = json.loads(urlopen(req, timeout=30).read())
    seat = Request(f"{site}/api/t/{made['id']}/director", data=b'{"action": "seat", "seed": 2}',
                   headers={"Content-Type": "application/json", "X-Key": made["key"]},
                   method="POST")  # fmt: skip
    link = json.loads(urlopen(seat, timeout=30).read())["rounds"][0]["tables"][0]["url"]
    return made, str(link)


def _entered(site: str, tid: str) -> int:
    """The games the first table has entered, as the server holds them."""
    status = json.loads(urlopen(f"{site}/api/t/{tid}", timeout=30).read())
    return int(status["progress"][0]["entered"])


LOST_ANSWER = """(() => {
  const real = window.fetch;
  let lost = false;
  window.fetch = async (url, init) => {
    const answer = await real(url, init);
    if (!lost && init && init.method === "POST" && String(url).includes("/table/")) {
      lost = true;
      throw new TypeError("Load failed");  // Safari's words for a request without an answer
    }
    return answer;
  };
})();"""
"""The first game sent reaches the server, but its answer is lost on the way back."""


def test_an_entry_whose_answer_was_lost_goes_again_with_its_id(browser: Any, site: str) -> None:  # noqa: F811
    """The game reached the server, the phone got no answer (Safari says "Load failed"): the
    next tap sends the same entry id and the server stores the game once."""
    made, link = _one_table(site, "Lost answer")
    phone = new_page(browser, "en", 390, 844)
    phone.add_init_script(LOST_ANSWER)
    phone.goto(link)
    phone.wait_for_selector("#declarer option:nth-child(2)", state="attached")
    players = phone.locator("#players").inner_text().split(" · ")
    enter(phone, players[1], value="72")
    assert answer(phone) == "Load failed"
    assert _entered(site, made["id"]) == 1  # stored, though the phone does not know it
    phone.evaluate("document.querySelector('#msg').textContent = ''")
    phone.click("#enter")  # the player taps again
    assert answer(phone) == "game 1 counted"
    assert _entered(site, made["id"]) == 1
    wait_until(phone, "document.querySelector('#next').textContent.startsWith('game 2 of 4')")
    assert not phone.errors


def test_a_phone_ends_the_list_where_a_player_left_during_the_series(
    browser: Any,  # noqa: F811
    site: str,
) -> None:
    """Dirk leaves after game 1: the phone's list ends there (German page, 390×844): game 1
    of 1, entered, then the three still there confirm the closing total and it counts."""
    made, link = _one_table(site, "Leaver")
    leave = Request(f"{site}/api/t/{made['id']}/director",
                    data=b'{"action": "withdraw", "name": "Dirk", "game": 1}',
                    headers={"Content-Type": "application/json", "X-Key": made["key"]},
                    method="POST")  # fmt: skip
    urlopen(leave, timeout=30).read()
    phone = new_page(browser, "de", 390, 844)
    phone.goto(link)
    phone.wait_for_selector("#declarer option:nth-child(2)", state="attached")
    wait_until(phone, "document.querySelector('#next').textContent.startsWith('Spiel 1 von 1')")
    players = phone.locator("#players").inner_text().split(" · ")
    enter(phone, players[1], value="72")
    assert answer(phone) == "Spiel 1 gezählt"
    wait_until(phone, "document.querySelector('#next').textContent === 'alle 1 Spiele eingetragen'")
    assert phone.locator("#entry").is_hidden()
    for name in (p for p in players if p != "Dirk"):
        phone.click(f"#confirm button[data-player='{name}']")
        phone.wait_for_selector(f"#confirm button.done[data-player='{name}']")
    wait_until(phone, "document.querySelector('#final').textContent.includes('zählt')")
    assert _entered(site, made["id"]) == 1
    assert not phone.errors
