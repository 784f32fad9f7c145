"""The screenshots of docs/tournament.md: a club evening with Kontra run on ``skat serve``
from a phone (390 × 844), taken with headless Chromium through Playwright.

It starts ``skat serve`` on a free port with a fresh data folder, creates the evening on the
start page, seats it, enters the tables' games from phone-sized pages (one entry refused with
the German reason), lets the players confirm, takes a late arrival, a leaver and a
substitute for series 2, corrects a list, and photographs each page::

    python scripts/tournament_screenshots.py                  # into docs/images/tournament
    python scripts/tournament_screenshots.py --out /tmp/shots --chromium /usr/bin/chromium

Needs the ``web`` extra and Playwright (``pip install playwright``; the browser is the system's
Chromium, no download).
"""

from __future__ import annotations

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

PHONE = {"width": 390, "height": 844}
PLAYERS = ["Anna Berg, SC Herz", "Ben Krause, SC Herz", "Cora Lenz, Pik 7", "Dirk Maas, Pik 7",
           "Eva Nolte", "Fritz Ohm", "Gero Pohl"]  # fmt: skip


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(data: str, port: int) -> Iterator[None]:
    """``skat serve`` in a subprocess, ready when yielded."""
    proc = subprocess.Popen([sys.executable, "-m", "skat.cli.main", "serve", "--port", str(port),
                             "--data", data], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        for _ in range(600):
            try:
                with urlopen(f"http://127.0.0.1:{port}/api/options", timeout=2):
                    break
            except OSError:
                time.sleep(0.1)
        yield
    finally:
        proc.kill()
        proc.wait()


def call(site: str, path: str, key: str, body: dict[str, Any] | None = None) -> Any:
    """A JSON request with the key header (POST when ``body`` is given)."""
    data = None if body is None else json.dumps(body).encode()
    req = Request(f"{site}{path}", data=data, method="GET" if body is None else "POST",
                  headers={"X-Key": key, "Content-Type": "application/json"})  # fmt: skip
    with urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def local(url: str, site: str) -> str:
    """A table link (to the address the players reach) opened on this computer."""
    return site + "/t/" + url.split("/t/", 1)[1]


def table_api(url: str) -> tuple[str, str]:
    """The API path and key of a table link."""
    path, key = url.split("/t/", 1)[1].split("#")
    return f"/api/t/{path}", key


def games(players: list[str]) -> list[dict[str, Any]]:
    """A table's games (deals 1: one game a player): the dealer of a 4-table sits out."""
    p = players
    if len(p) == 4:
        return [dict(declarer=p[1], contract="G", won=True, value=48, kontra=1),
                dict(declarer=p[2], contract="C", won=False, value=24),
                dict(declarer=None), dict(declarer=p[0], contract="N", won=True, value=23)]  # fmt: skip
    return [dict(declarer=p[1], contract="H", won=True, value=30),
            dict(declarer=p[2], contract="G", won=True, value=72, kontra=2),
            dict(declarer=p[0], contract="S", won=False, value=22)]  # fmt: skip


def page(browser: Any, lang: str = "en") -> Any:
    context = browser.new_context(viewport=PHONE, device_scale_factor=2)
    context.add_init_script(f"localStorage.setItem('skat.lang', '{lang}')")
    return context.new_page()


def shot(p: Any, out: Path, name: str, selector: str | None = None) -> None:
    p.wait_for_timeout(300)
    path = str(out / f"{name}.png")
    if selector:
        p.locator(selector).screenshot(path=path)
    else:
        p.screenshot(path=path, full_page=True)
    print(f"wrote {path}")


def create(browser: Any, site: str, out: Path) -> Any:
    """The start page filled in, then the director's page of the new evening."""
    d = page(browser)
    d.goto(f"{site}/t")
    d.wait_for_selector("#rules option[value=tournament]", state="attached")
    d.fill("#name", "Friday club evening")
    d.fill("#deals", "1")
    d.select_option("#kontra", "on")
    d.fill("#players", "\n".join(PLAYERS))
    shot(d, out, "new")
    d.click("#create")
    d.wait_for_url("**/director#*")
    d.fill("#address", "http://192.168.1.20:8080")  # the address the phones reach
    d.click("#save-address")
    wait(d, "!document.querySelector('#address-warning').textContent")
    d.fill("#seed", "4711")
    d.click("#seat")
    wait(d, "[...document.querySelectorAll('.table-card img')].length === 2 && "
                        "[...document.querySelectorAll('.table-card img')].every(i => i.naturalWidth > 0)")  # fmt: skip
    shot(d, out, "director", "#rounds > section")
    return d


def tables_enter(browser: Any, site: str, director: Any, out: Path) -> None:
    """Series 1 from the phones: table 1 in English (with Kontra), table 2 in German with an
    entry refused; then the players of table 1 confirm."""
    key = director.url.split("#", 1)[1]
    tid = director.url.split("/")[4]
    tables = call(site, f"/api/t/{tid}/director", key)["rounds"][0]["tables"]
    one = page(browser)
    one.goto(local(tables[0]["url"], site))
    one.wait_for_selector("#declarer option:nth-child(2)", state="attached")
    for g in games(tables[0]["players"]):
        enter(one, g)
    two = page(browser, "de")
    two.goto(local(tables[1]["url"], site))
    two.wait_for_selector("#declarer option:nth-child(2)", state="attached")
    enter(two, dict(declarer=tables[1]["players"][1], contract="G", won=True, value=50))
    shot(two, out, "table-refused")
    for g in games(tables[1]["players"]):
        enter(two, g)
    for name in tables[0]["players"]:
        one.click(f"button[data-player='{name}']")
        one.wait_for_selector(f"button.done[data-player='{name}']")
    shot(one, out, "table")
    for name in tables[1]["players"]:
        call(site, *table_api(tables[1]["url"]), {"action": "confirm", "player": name})


def wait(p: Any, expression: str, seconds: float = 60.0) -> None:
    """Wait until the JavaScript ``expression`` is true in page ``p`` (polled from here: the
    pages' Content-Security-Policy forbids Playwright's own string evaluation)."""
    deadline = time.monotonic() + seconds
    while not p.evaluate(f"() => Boolean({expression})"):
        if time.monotonic() > deadline:
            said = p.evaluate("() => document.querySelector('#msg')?.textContent")
            raise TimeoutError(f"never true: {expression} (the page says {said!r})")
        time.sleep(0.1)


def enter(p: Any, g: dict[str, Any]) -> None:
    """Fill the phone form with game ``g`` and send it; wait for the answer."""
    p.select_option("#declarer", g["declarer"] or "")
    if g["declarer"]:
        p.select_option("#kind", g["contract"])
        p.select_option("#won", "won" if g["won"] else "lost")
        p.fill("#value", str(g["value"]))
        p.select_option("#kontra", str(g.get("kontra", 0)))
    p.evaluate("document.querySelector('#msg').textContent = ''")
    p.click("#enter")
    wait(p, "document.querySelector('#msg').textContent !== ''")


def open_tournament(site: str, director: Any, out: Path) -> None:
    """Before series 2: a late arrival, a leaver, series 2 seated by the standings, a
    substitute; series 2 entered and one list corrected."""
    d = director
    d.fill("#late-name", "Hanna Quast, SC Herz")
    d.click("#late-add")
    d.wait_for_selector("#player-status li")
    d.select_option("#leave-name", "Gero Pohl")
    d.fill("#leave-after", "1")
    d.click("#leave")
    wait(d, "document.querySelector('#player-status').children.length === 2")
    d.select_option("#seat-by", "standings")
    d.click("#seat")
    wait(d, "document.querySelectorAll('#rounds > section').length === 2")
    d.select_option("#sub-old", "Dirk Maas")
    d.fill("#sub-new", "Jan Rau")
    d.click("#sub")
    wait(d, "document.querySelector('#player-status').children.length === 4")
    shot(d, out, "director-open", "#open-box")
    key, tid = d.url.split("#", 1)[1], d.url.split("/")[4]
    tables = call(site, f"/api/t/{tid}/director", key)["rounds"][1]["tables"]
    for n, t in enumerate(tables):
        for g in games(t["players"]):
            call(site, *table_api(t["url"]), {"action": "game", **g, "entry": f"s2-{n}-{id(g)}"})
    fixed = call(site, f"/api/t/{tid}/director", key)["rounds"][1]["tables"][1]
    text = fixed["text"].replace("won 30", "won 40")
    call(site, f"/api/t/{tid}/director", key, {"action": "correct", "series": 2, "table": 2,
         "text": text, "reason": "paper list: Hearts with 3, game 4", "base": fixed["text"]})  # fmt: skip
    d.reload()
    d.wait_for_selector("#log li")
    d.select_option("#fix-series", "2")
    d.select_option("#fix-table", "2")
    wait(d, "document.querySelector('#fix-text').value.includes('won 40')")
    shot(d, out, "director-log", "#fix-box")


def standings(browser: Any, site: str, director: Any, out: Path) -> None:
    s = page(browser)
    s.goto(f"{site}/t/{director.url.split('/')[4]}")
    s.wait_for_selector("#standings tbody tr")
    shot(s, out, "standings")


REGISTER = ["Anna Berg, 1", "Ben Krause, 2", "Cora Lenz, 3", "Dirk Maas, 4", "Eva Nolte, 5",
            "Fritz Ohm, 6", "Gero Pohl, 7", "Jan Rau, 8", "Hanna Quast, , guest"]  # fmt: skip


def season(browser: Any, site: str, director: Any, out: Path) -> None:
    """A season on the web: the register, the evening above added by its id, a second evening
    started from the season page (four came, one guest) and entered; the standing."""
    s = page(browser)
    s.goto(f"{site}/t/season")
    s.fill("#name", "Club championship 2026")
    s.fill("#deals", "1")
    s.fill("#members", "\n".join(REGISTER))
    s.click("#create")
    s.wait_for_url("**/t/season/*#*")
    s.wait_for_selector("#came input")
    s.fill("#date", "03-06")
    s.fill("#add-id", director.url.split("/")[4])
    s.click("#add")
    wait(s, "document.querySelectorAll('#evenings li').length === 1")
    s.fill("#date", "03-13")
    for name in ("Anna Berg", "Ben Krause", "Cora Lenz"):
        s.check(f"#came input[value='{name}']")
    s.fill("#guests-came", "Kai Sturm")
    shot(s, out, "season-evening", "#season-director")
    s.click("#start")
    s.wait_for_selector("#evening-link a")
    link = s.locator("#evening-link a").get_attribute("href")
    tid, key = link.split("/t/", 1)[1].split("/director#")
    seated = call(site, f"/api/t/{tid}/director", key, {"action": "seat", "seed": 5})
    for n, t in enumerate(seated["rounds"][0]["tables"]):
        for g in games(t["players"]):
            call(site, *table_api(t["url"]), {"action": "game", **g, "entry": f"e-{n}-{id(g)}"})
    s.reload()
    s.wait_for_selector("#standings tbody tr")
    shot(s, out, "season", "main > section:first-child")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).parents[1] / "docs/images/tournament"))
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    site = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data, serve(data, port), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=args.chromium, args=["--no-sandbox"])
        director = create(browser, site, out)
        tables_enter(browser, site, director, out)
        open_tournament(site, director, out)
        standings(browser, site, director, out)
        season(browser, site, director, out)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
