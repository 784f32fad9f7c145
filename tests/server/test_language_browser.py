"""A third language in the browser (issue 38): a whole game in Danish, from the lobby to the
history viewer, shows no English word; the words come from the catalogs
(``GET /api/words/<lang>``).  Screenshots of the Danish pages go to
``tests/server/screenshots/web/`` (with ``SKAT_DOC_SHOTS=1`` to ``docs/images/web/``, the
documentation's)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any
from urllib.request import urlopen

from tests.server.test_browser import drive, new_page

from skat.core.contracts import Contract
from skat.core.language import LOCALE_DIR, SOURCE

DOCS = (
    Path(__file__).resolve().parents[2] / "docs" / "images" / "web"
    if os.environ.get("SKAT_DOC_SHOTS")  # the docs' screenshots taken anew on purpose
    else Path(__file__).parent / "screenshots" / "web"
)
WORD = re.compile(r"\b[^\W\d_]+\b")  # a word, not the letters of a hash

COMMON_ENGLISH = {
    "the", "and", "of", "is", "to", "you", "your", "with", "without", "game", "games", "card",
    "cards", "trick", "tricks", "won", "lost", "wins", "loses", "points", "pass", "passes",
    "hold", "holds", "bid", "bids", "declarer", "defenders", "clubs", "spades", "hearts",
    "diamonds", "jack", "jacks", "queen", "king", "ace", "ten", "nine", "eight", "seven",
    "null", "open", "announced", "schneider", "schwarz", "forehand", "middlehand", "rearhand",
    "dealer", "waiting", "turn", "table", "score", "sheet", "total", "result", "next", "back",
    "play", "plays", "played", "says", "takes", "matadors", "value", "overbid", "hand",
}  # fmt: skip
"""English words a game's pages could show that are no Danish words (besides the catalog's)."""


def _catalog_words(lang: str) -> set[str]:
    """The words (lower case) of every message of ``lang``'s catalog."""
    text = (LOCALE_DIR / lang / "LC_MESSAGES" / "skat.po").read_text(encoding="utf-8")
    said = " ".join(re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', text, re.M))
    said = re.sub(r"\{\w*\}", " ", said)  # the placeholders' names are no words
    return {w.lower() for w in WORD.findall(said)}


ENGLISH_ONLY = (_catalog_words(SOURCE) | COMMON_ENGLISH) - _catalog_words("da")
"""English words that are not also Danish ones (skat, grand, kontra … are both)."""

CORE_SPEAKS_DANISH = Contract.parse("CH").describe("da") != Contract.parse("CH").describe("en")
"""Whether the core's own words (a game's name, a result) are Danish: until they are, the
English words of the core's answers (the ``*_en`` of a state message) are let pass."""

PAGE_TEXT_JS = """() => [document.title, document.body.innerText,
  ...[...document.querySelectorAll('[aria-label], [alt], [placeholder]')].map((e) =>
    [e.getAttribute('aria-label'), e.getAttribute('alt'), e.getAttribute('placeholder')].join(' '))
].join(' ')"""

CORE_EN_JS = """() => {
  // the core's English words in the state the page holds (allowed while the core is English)
  const root = typeof S !== 'undefined' && S ? S : typeof H !== 'undefined' ? H : null;
  if (!root) return '';
  const out = [];
  const walk = (v, english) => {
    if (typeof v === 'string' && english) out.push(v);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) walk(x, english || /_en$/.test(k) || k === 'en');
    }
  };
  walk(root, false);
  return out.join(' ');
}"""


def english_words(page: Any, allowed: set[str]) -> set[str]:
    """The English words the page shows (its text and its accessible names), but ``allowed``."""
    text = page.evaluate(PAGE_TEXT_JS)
    core = (
        set()
        if CORE_SPEAKS_DANISH
        else {w.lower() for w in WORD.findall(page.evaluate(CORE_EN_JS))}
    )
    return {w.lower() for w in WORD.findall(text)} & ENGLISH_ONLY - core - allowed


def shot(page: Any, name: str) -> None:
    DOCS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(DOCS / f"{name}.png"), full_page=False)


def test_the_pages_words_come_from_the_catalog_of_the_language(live: str) -> None:
    with urlopen(f"{live}/api/words/da", timeout=30) as answer:
        da = json.load(answer)
    with urlopen(f"{live}/api/words/de-AT", timeout=30) as answer:
        de = json.load(answer)
    with urlopen(f"{live}/api/words/xx", timeout=30) as answer:
        unknown = json.load(answer)
    assert {"en", "de", "da"} <= set(da["languages"])
    assert (da["lang"], de["lang"], unknown["lang"]) == ("da", "de", "en")
    assert (
        da["words"]["web.yourTurn"] == "Din tur" and de["words"]["web.yourTurn"] == "Du bist dran"
    )
    assert unknown["words"]["web.yourTurn"] == "Your turn"
    assert da["plurals"]["web.backs"] == ["{n} skjult kort", "{n} skjulte kort"]
    assert all(k.startswith(("web.", "tour.")) for k in da["words"])


def test_a_whole_game_in_danish_shows_no_english_word(browser: Any, live: str) -> None:
    page = new_page(browser, "da")
    page.goto(f"{live}/")
    page.wait_for_selector("#kind2")
    assert page.locator('#lang button[data-lang="da"]').get_attribute("class") == "on"
    assert page.evaluate("document.documentElement.lang") == "da"
    page.locator("#rules-more summary").click()  # every rules control open
    assert english_words(page, set()) == set()
    shot(page, "danish-lobby")
    page.locator("#rules-more summary").click()
    page.select_option("#preset", "isko")
    page.fill("#games", "1")
    page.fill("#name0", "Anna")
    page.select_option("#kind1", "heuristic")
    page.select_option("#kind2", "heuristic")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    page.wait_for_selector("#hand .card")
    names = {
        w.lower() for p in page.evaluate("S.players.map((p) => p.name)") for w in WORD.findall(p)
    }
    found: dict[str, set[str]] = {}
    shots: set[str] = set()

    def look(state: dict[str, Any]) -> bool:
        # each phase: no English word, and a screenshot the first time it is Anna's turn
        english = english_words(page, names)
        if english:
            found[state["phase"]] = english
        if state["legal"] and state["phase"] not in shots:
            shots.add(state["phase"])
            if state["phase"] in ("bidding", "declare", "play"):
                shot(page, f"danish-{state['phase']}")
        return False

    look.up_to = 23  # type: ignore[attr-defined]  # often the declarer, never overbid
    drive(page, look)
    assert found == {}
    page.wait_for_selector("#spoken")
    assert english_words(page, names) == set()
    shot(page, "danish-result")
    history = page.locator("#result a").first.get_attribute("href")
    page.click("#continue")
    page.wait_for_selector("#series-end")
    assert english_words(page, names) == set()
    page.goto(f"{live}{history}")
    page.wait_for_selector("#moves li", timeout=120_000)  # the analysis first
    page.wait_for_function("document.getElementById('summary').textContent.length > 3")
    assert english_words(page, names) == set()
    shot(page, "danish-history")
    assert not page.errors


def test_a_strohmann_series_in_danish_shows_no_english_word(browser: Any, live: str) -> None:
    from tests.server.test_variant_browser import check_series, create_variant
    from tests.server.test_variant_browser import drive as drive_variant

    page = new_page(browser, "da")
    create_variant(page, live, "strohmann", "heuristic", 1)
    page.wait_for_selector("#mine button.card")
    assert "10 kort med bagsiden op" in page.locator("#dummy").inner_text()
    names = {
        w.lower() for p in page.evaluate("S.players.map((p) => p.name)") for w in WORD.findall(p)
    }
    assert english_words(page, names) == set()
    shot(page, "danish-strohmann")
    results = drive_variant([page], "strohmann", {})
    check_series(page, results, 1)
    assert english_words(page, names) == set()


def test_the_tournament_pages_in_danish_show_no_english_word(browser: Any, live: str) -> None:
    page = new_page(browser, "da")
    page.goto(f"{live}/t")
    page.wait_for_selector("#create")
    # the commands and the example lines (<code>) are the same in every language
    code = page.evaluate(
        "[...document.querySelectorAll('code')].map((c) => c.textContent).join(' ')"
    )
    allowed = {w.lower() for w in WORD.findall(code)}
    assert page.input_value("#name") == "Klubaften"
    assert english_words(page, allowed) == set()
    shot(page, "danish-tournament")
    page.fill("#players", "\n".join(f"P{i}" for i in range(1, 7)))
    page.click("#create")
    page.wait_for_url("**/director**")
    page.wait_for_selector("#seat")
    code = page.evaluate(
        "[...document.querySelectorAll('code')].map((c) => c.textContent).join(' ')"
    )
    allowed = {w.lower() for w in WORD.findall(code)} | {"ods"}
    assert english_words(page, allowed) == set()
    assert not page.errors
