"""A club evening with Kontra in real Chromium at phone size (390 × 844): the start page sets
Kontra and Re, a table's phone enters a game with Kontra (its doubled score on the list) and
every column of the list and of the standings is on screen; the director's page takes a
late arrival, a leaver and a substitute."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.server.browsing import browser, wait_until  # noqa: F401  (the fixture)
from tests.server.live import free_port, server
from tests.server.test_browser import new_page

FITS = "document.scrollingElement.scrollWidth <= window.innerWidth"
ALL_COLUMNS = ("[...document.querySelectorAll('.sheet')].every(s => s.scrollWidth <= "
               "s.clientWidth)")  # fmt: skip


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    with server(str(tmp_path_factory.mktemp("evening") / "data"), port):
        yield f"http://127.0.0.1:{port}"


def _director(browser: Any, site: str) -> Any:  # noqa: F811
    d = new_page(browser, "en", 390, 844)
    d.goto(f"{site}/t")
    d.wait_for_selector("#rules option[value=tournament]", state="attached")
    d.fill("#name", "Friday")
    d.fill("#deals", "1")
    d.select_option("#kontra", "on")
    d.fill("#players", "Anna Berg\nBen Krause\nCora Lenz\nDirk Maas\nEva Nolte\nFritz Ohm\nGero")
    d.click("#create")
    d.wait_for_url("**/director#*")
    d.fill("#seed", "4711")
    d.click("#seat")
    d.wait_for_selector(".table-link")
    return d


def test_a_phone_enters_kontra_and_sees_every_column(browser: Any, site: str) -> None:  # noqa: F811
    director = _director(browser, site)
    assert "tournament,kontra=on" in director.locator("#about").inner_text()
    link = director.locator(".table-link").first.get_attribute("href")
    phone = new_page(browser, "de", 390, 844)
    phone.goto(link)
    phone.wait_for_selector("#declarer option:nth-child(2)", state="attached")
    assert not phone.locator("#kontra-box").is_hidden()
    assert phone.locator("#kontra option").all_inner_texts() == ["kein Kontra", "Kontra", "Re"]
    players = phone.locator("#players").inner_text().split(" · ")
    phone.select_option("#declarer", players[1])
    phone.select_option("#kind", "G")
    phone.fill("#value", "48")
    phone.select_option("#kontra", "1")
    phone.click("#enter")
    wait_until(phone, "document.querySelector('#msg').textContent === 'Spiel 1 gezählt'")
    row = phone.locator("#table-list tbody tr").first.locator("td").all_inner_texts()
    assert row[1] == f"{players[1].split()[0]} G gewonnen 48 Kontra"
    assert row[2:] == ["0", "146", "0", "0"]  # 2 × 48 + 50 for the declarer
    assert phone.evaluate(FITS) and phone.evaluate(ALL_COLUMNS)
    standings = new_page(browser, "en", 390, 844)
    standings.goto(director.url.split("/director")[0])
    standings.wait_for_selector("#standings tbody tr")
    assert standings.evaluate(FITS) and standings.evaluate(ALL_COLUMNS)
    assert director.evaluate(FITS)
    for page in (director, phone, standings):
        assert not page.errors


def test_the_director_takes_a_late_arrival_a_leaver_and_a_substitute(
    browser: Any,  # noqa: F811
    site: str,
) -> None:
    d = _director(browser, site)
    d.fill("#late-name", "Hanna")
    d.click("#late-add")
    wait_until(d, "document.querySelector('#player-status').textContent.includes('Hanna')")
    d.select_option("#leave-name", "Gero")
    d.fill("#leave-after", "1")
    d.click("#leave")
    wait_until(d, "document.querySelector('#player-status').children.length === 2")
    d.select_option("#seat-by", "lot")
    d.click("#seat")  # series 2 by lot: Hanna in, Gero out
    wait_until(d, "document.querySelectorAll('#rounds > section').length === 2")
    d.select_option("#sub-old", "Dirk Maas")
    d.fill("#sub-new", "Jan Rau")
    d.click("#sub")
    wait_until(d, "document.querySelector('#player-status').children.length === 4")
    status = d.locator("#player-status").inner_text()
    for line in ("Hanna: from series 2", "Gero: left after series 1",
                 "Dirk Maas: left after series 1", "Jan Rau: from series 2"):  # fmt: skip
        assert line in status
    series2 = d.locator("#rounds > section").nth(1)
    seated = " · ".join(series2.locator(".table-card p").all_inner_texts()).split(" · ")
    assert "Hanna" in seated and "Jan Rau" in seated
    assert "Gero" not in seated and "Dirk Maas" not in seated  # Jan has Dirk's seat
    assert "Jan Rau substitutes Dirk Maas" in series2.inner_text()
    assert d.evaluate(FITS) and not d.errors


def test_the_season_page_fits_a_phone(browser: Any, site: str) -> None:  # noqa: F811
    """The season's standing at 390 × 844: every player with his member number or guest mark
    and the series counted under the name, points, won and lost on screen."""
    import json
    from urllib.request import Request, urlopen

    def post(path: str, body: dict[str, Any], key: str = "") -> Any:
        req = Request(f"{site}{path}", data=json.dumps(body).encode(), method="POST",
                      headers={"Content-Type": "application/json", "X-Key": key})  # fmt: skip
        return json.loads(urlopen(req, timeout=60).read())

    director = _director(browser, site)
    tid = director.url.split("/")[4]
    made = post("/api/t/season", {"name": "Club 2026", "members": [
        {"name": "Anna Berg", "number": "17"}, {"name": "Gero", "guest": True}]})  # fmt: skip
    post(f"/api/t/season/{made['id']}", {"action": "add", "date": "03-06", "id": tid}, made["key"])
    key = director.url.split("#", 1)[1]
    table = post(f"/api/t/{tid}/director", {"action": "seat", "series": 1, "seed": 1}, key)
    for t in table["rounds"][0]["tables"]:  # all passed: the lists count, everybody 0
        path, tkey = t["url"].split("/t/", 1)[1].split("#")
        for n in range(len(t["players"])):
            post(f"/api/t/{path}", {"action": "game", "declarer": None, "entry": str(n)}, tkey)
    phone = new_page(browser, "en", 390, 844)
    phone.goto(f"{site}/t/season/{made['id']}")
    phone.wait_for_selector("#standings tbody tr")
    names = phone.locator("#standings tbody td:nth-child(2)").all_inner_texts()
    about = dict(n.splitlines()[:2] for n in names)
    assert len(about) == 7 and about["Anna Berg"] == "no. 17 · 1 of 1 series"
    assert (
        about["Gero"] == "guest · 1 of 1 series" and about["Eva Nolte"] == "guest · 1 of 1 series"
    )
    assert phone.evaluate(FITS) and phone.evaluate(ALL_COLUMNS)
    assert phone.locator("#season-director").is_hidden()  # no key: the public page
    assert not phone.errors
