"""The lobby and the table as players meet them, in Chromium (Playwright): every word in both
languages, the rules form in step with the string for experts, card targets a thumb can hit
on a phone, the card pack a player chooses.  Screenshots go to ``tests/server/screenshots/``."""

from __future__ import annotations

import contextlib
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

import pytest
from tests.server.browsing import wait_until
from tests.server.test_browser import STATE_JS, new_page, shot

import skat.server
from skat.core.rules import RULES_ERRORS, Rules
from skat.server.cards_svg import PACKS
from skat.server.table import AUTO

STATIC = Path(skat.server.__file__).parent / "static"
THEMES = ("Normal", "Large", "Contrast")  # common.js settingsBox: theme${Normal|Large|Contrast}


def _get(live: str, path: str) -> Any:
    with urlopen(f"{live}{path}", timeout=30) as answer:
        return json.load(answer)


def used_keys(live: str) -> set[str]:
    """Every key the pages look up with ``t()``: the literal ones in the scripts, the
    ``data-t`` of the pages, and each family of keys built at run time (``tc()``), expanded
    with the server's own lists (computer levels, rules options and values, presets, packs)."""
    scripts = "\n".join(p.read_text() for p in STATIC.glob("*.js"))
    pages = "\n".join(p.read_text() for p in STATIC.glob("*.html"))
    keys = set(re.findall(r"\bt\(\"([^\"]+)\"[,)]", scripts))
    keys |= set(re.findall(r"\bt\('([^']+)'[,)]", scripts))
    keys |= set(re.findall(r'data-t(?:-label)?="([^"]+)"', pages))
    options = _get(live, "/api/options")
    form = options["rules"]["options"]
    families = {
        "web.level_": {f"web.level_{c}" for c in options["computers"]},
        "web.theme": {f"web.theme{x}" for x in THEMES},
        "web.opt_": {f"web.opt_{o['name']}" for o in form},
        "web.val_": {
            f"web.val_{o['name']}_{v}"
            for o in form
            for v in o["choices"] or ()
            if o["kind"] == "set" or not v.isdigit()
        },
        "web.preset_": {f"web.preset_{p}" for p in options["presets"]},
        "web.pack_": {f"web.pack_{p}" for p in PACKS},
        "web.auto_": {f"web.auto_{why}" for why in AUTO},  # a move the table made
        "web.suit.": {f"web.suit.{p}.{s}" for p in ("french", "german") for s in "CSHD"},
        "web.rank.": {f"web.rank.{p}.{r}" for p in ("french", "german") for r in "JATKQ987"},
        "web.variantTitle.": {
            f"web.variantTitle.{v}" for v in ("strohmann", "officers", "tournee")
        },
    }
    for template in re.findall(r"\btc\(`([^`]*)`\)", scripts):
        prefix = template.split("${", 1)[0]
        prefix = "web.suit." if prefix.startswith("web.suit.") else prefix
        prefix = "web.rank." if prefix.startswith("web.rank.") else prefix
        assert prefix in families, f"tc(`{template}`): a family of keys this test does not know"
        keys |= families[prefix]
    return keys


def test_every_word_the_pages_use_is_in_both_language_tables(browser: Any, live: str) -> None:
    # the pages' words are the catalogs' (GET /api/words/<lang>): every language has each one
    keys = used_keys(live)
    assert "web.level_pimc-learned" in keys and "web.opt_kontra" in keys
    assert "web.val_ramsch_gewinner" in keys
    for lang in ("de", "en", "da"):
        answer = _get(live, f"/api/words/{lang}")
        assert answer["lang"] == lang
        missing = sorted(keys - set(answer["words"]) - set(answer["plurals"]))
        assert missing == [], f"{lang}: {missing}"
    # and nothing shows a key: the lobby in every language, every rules control open
    page = new_page(browser, "de")
    page.goto(f"{live}/")
    page.wait_for_selector("#rule-kontra")
    for lang in ("de", "en", "da"):
        page.locator(f'#lang button[data-lang="{lang}"]').click()
        page.locator("#rules-more summary").click()
        text = page.evaluate("document.body.textContent")
        assert not re.search(r"\b(web|server|tour)\.\w", text), text
        page.locator("#rules-more summary").click()
    assert not page.errors


class _Texts(HTMLParser):
    """The words of a tournament page that are not the catalogs' (``data-t``): text outside
    ``script``, ``style``, ``title``, ``code`` and the elements with ``data-t``, and
    placeholders without ``data-t-placeholder``; and the ``data-t`` keys of the page."""

    SKIP = frozenset({"script", "style", "title", "code"})
    VOID = frozenset({"meta", "link", "input", "br", "img"})

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self.keys: list[str] = []
        self.stack: list[bool] = []  # per open element: its text is the catalog's or skipped

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        self.keys += [v for k, v in attrs if k in ("data-t", "data-t-placeholder") and v]
        if found.get("placeholder") and "data-t-placeholder" not in found:
            self.texts.append(str(found["placeholder"]))
        if tag not in self.VOID:
            said = tag in self.SKIP or "data-t" in found or any(self.stack[-1:])
            self.stack.append(said)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and not any(self.stack[-1:]) and re.search("[A-Za-z]", text):
            self.texts.append(text)


NOT_WORDS = {
    "♣ Skat",
    "ODS",
    "· PDF:",
    "Anna, SC Herz, Aces, ladies",
    "http://192.168.1.20:8080",
    "N",
    "Anna Berg, 17",
    "2026-03-06",
    "tAbC123",
}
"""Tournament texts that are the same in every language: the name, a file format, example
lines, an example address, a number's letter, a date and a tournament id."""


def test_every_text_of_the_tournament_pages_has_its_german_words(browser: Any, live: str) -> None:
    # every text of the pages is a catalog word (data-t), which German, English and Danish have
    words = {lang: _get(live, f"/api/words/{lang}")["words"] for lang in ("de", "en", "da")}
    script = (STATIC / "tournament" / "tournament.js").read_text()
    assert not re.search(r"\btr\(|\bsay2\(|\bconst DE\b", script)  # no table of its own
    missing: list[str] = []
    for html in sorted((STATIC / "tournament").glob("*.html")):
        parser = _Texts()
        parser.feed(html.read_text())
        missing += [f"{html.name}: {w}" for w in parser.texts if w not in NOT_WORDS]
        for lang, said in words.items():
            missing += [f"{html.name} {lang}: {k}" for k in parser.keys if k not in said]
    assert missing == []
    page = new_page(browser, "de")
    page.goto(f"{live}/t")
    page.wait_for_selector("#create")
    assert "Turnier oder Vereinsabend anlegen" in page.locator("main").inner_text()
    assert not page.errors


def _rules_answer(page: Any, values: dict[str, str]) -> None:
    """Wait until the form's controls show ``values`` (the core's answer arrived)."""
    checks = " && ".join(
        f"(document.getElementById('rule-{k}').type === 'checkbox' ? "
        f"(document.getElementById('rule-{k}').checked ? 'on' : 'off') : "
        f"document.getElementById('rule-{k}').value) === {json.dumps(v)}"
        for k, v in values.items()
    )
    wait_until(page, checks, 30)


def test_the_rules_controls_and_the_expert_string_stay_in_step(browser: Any, live: str) -> None:
    page = new_page(browser, "en")
    page.goto(f"{live}/")
    page.wait_for_selector("#rule-kontra")
    # a preset fills every control with its values, read from the core
    page.select_option("#preset", "pub")
    _rules_answer(page, {"kontra": "on", "supra": "on", "ramsch": "ramsch", "bock": "on"})
    assert page.input_value("#options") == ""
    # a control changed writes the string; the string typed sets the controls
    page.locator("#rule-bock").uncheck()
    wait_until(page, "document.getElementById('options').value === 'bock=off'", 30)
    page.fill("#options", "bock=off,spitze=on,score_sheet=seeger")
    _rules_answer(page, {"spitze": "on", "score_sheet": "seeger", "bock": "off"})
    # what the core implies shows: Gewinner-Ramsch gives the skat to the loser
    page.select_option("#rule-ramsch", "gewinner")
    _rules_answer(page, {"ramsch_skat": "loser"})
    # a prerequisite off disables what needs it; a refused string says why in one line
    page.locator("#rule-kontra").uncheck()
    _rules_answer(page, {"kontra": "off"})
    # the server's answer disables Supra (the unchecked box alone reads "off" before it comes)
    wait_until(page, "document.getElementById('rule-supra').disabled", 30)
    page.fill("#options", "kontra=off,supra=on")
    wait_until(page, "document.getElementById('rules-error').textContent.length > 0", 30)
    assert page.inner_text("#rules-error") == "rules option supra=on needs kontra=on"
    assert page.get_attribute("#options", "aria-invalid") == "true"
    # the old order excludes Kontra: its control is off
    # (Kontra is off already: the answer for "old" is seen by the control it disables)
    page.select_option("#preset", "old")
    kontra = "document.getElementById('rule-kontra')"
    wait_until(page, f"{kontra}.disabled && document.getElementById('options').value === ''", 30)
    _rules_answer(page, {"kontra": "off"})
    # a table made with the controls plays those rules (isko does not exclude Kontra)
    page.select_option("#preset", "isko")
    wait_until(page, f"!{kontra}.disabled", 30)
    _rules_answer(page, {"kontra": "off", "ramsch": "off"})
    page.locator("#rule-kontra").check()
    _rules_answer(page, {"kontra": "on"})
    page.select_option("#rule-ramsch", "schieberamsch")
    _rules_answer(page, {"ramsch": "schieberamsch"})
    page.select_option("#rule-score_sheet", "seeger")
    _rules_answer(page, {"score_sheet": "seeger"})
    shot(page, "lobby-rules")
    page.fill("#games", "1")
    page.select_option("#kind1", "random")
    page.select_option("#kind2", "random")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    table = page.url.rsplit("/", 1)[1]
    (made,) = [s for s in _get(live, "/api/tables")["tables"] if s["id"] == table]
    assert Rules.parse(made["rules"]) == Rules.parse(
        "isko,kontra=on,ramsch=schieberamsch,score_sheet=seeger"
    )
    assert not page.errors


def test_a_refused_rules_string_is_said_in_the_players_language(browser: Any, live: str) -> None:
    page = new_page(browser, "de")
    page.goto(f"{live}/")
    page.wait_for_selector("#rule-kontra")
    words = page.evaluate("CATALOGS[wanted()].words")
    assert sorted(k for k in RULES_ERRORS if f"web.rulesError.{k}" in words) == sorted(RULES_ERRORS)
    said = "document.getElementById('rules-error').textContent"
    for typed, german in [
        ("kontra=vielleicht", "Regeloption kontra nimmt on oder off, nicht 'vielleicht'"),
        ("ramsch=oft", "Regeloption ramsch nimmt off oder ramsch oder schieberamsch oder "
         "gewinner, nicht 'oft'"),
        ("kontra=off,supra=on", "Regeloption supra=on verlangt kontra=on"),
    ]:  # fmt: skip
        page.fill("#options", typed)
        wait_until(page, f"{said} === {json.dumps(german)}", 30)
    page.locator('#lang button[data-lang="en"]').click()  # the core's own words in English
    wait_until(page, f"{said} === 'rules option supra=on needs kontra=on'", 30)
    assert not page.errors


TARGETS_JS = """() => [...document.querySelectorAll('#hand .card')].map((b) => {
  // the part of each card a finger reaches: the points across its middle where the card
  // (and not a neighbour) is hit
  const r = b.getBoundingClientRect();
  const hit = (x, y) => { const e = document.elementFromPoint(x, y); return e && b.contains(e); };
  let wide = 0, high = 0;
  for (let x = Math.ceil(r.left); x < r.right; x++) wide += hit(x, r.top + r.height / 2);
  for (let y = Math.ceil(r.top); y < r.bottom; y++) high += hit(r.left + r.width / 2, y);
  return [b.dataset.card, wide, high];
})"""

HEADER_JS = """() => {
  // the header's parts that do not lie within the viewport or cut their text
  const out = [];
  for (const c of document.querySelectorAll('header.bar > *')) {
    const r = c.getBoundingClientRect();
    if (!r.width) continue;  // not shown on this screen
    if (r.left < 0 || r.right > innerWidth || r.top < 0 || r.bottom > innerHeight) out.push(c.id || c.tagName);
    if (c.scrollWidth > c.clientWidth + 1) out.push(`${c.id || c.tagName} cut`);
  }
  return out;
}"""


def _check_targets(page: Any, cards: int) -> None:
    page.wait_for_timeout(400)  # a card moved up as picked settles
    targets = page.evaluate(TARGETS_JS)
    assert len(targets) == cards
    tops = page.evaluate("[...document.querySelectorAll('#hand .card')].map((b) => b.offsetTop)")
    assert len(set(tops)) <= 2, tops  # one row, or two on a phone
    small = [t for t in targets if t[1] < 44 or t[2] < 44]
    assert small == [], targets
    assert page.evaluate(HEADER_JS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]


def _bid_to_the_discard(page: Any) -> bool:
    """Hold every bid and pick up the skat: ``True`` at the human's discard, ``False`` when
    the play began (or the game ended) with another player declaring."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(600):
        state = page.evaluate(STATE_JS)
        if state and state["phase"] == "discard" and state["legal"]:
            return True
        if state is None or state["phase"] in ("play", "done", "answer"):
            return False
        if state["legal"] and not state["pending"]:
            # pick up, else hold or the lowest bid, else pass (at 264 the pass is all there is)
            legal = state["legal"]
            action = "s" if "s" in legal else next((a for a in legal if a != "p"), "p")
            button = page.locator(f'#actions button[data-action="{action}"]')
            with contextlib.suppress(PlaywrightTimeout):  # gone as the next state came: look again
                button.click(timeout=2000)
        page.wait_for_timeout(100)
    raise AssertionError("the bidding did not end")


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
def test_every_card_is_a_target_a_thumb_can_hit(
    browser: Any, live: str, size: tuple[int, int]
) -> None:
    width, height = size
    page = new_page(browser, "en", width=width, height=height)
    page.goto(f"{live}/")
    page.wait_for_selector("#kind2")
    page.wait_for_selector("#running table, #running p")  # the list of tables is drawn
    assert page.evaluate(HEADER_JS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"lobby-{width}")
    # bid until the declarer, pick up the skat: twelve cards to choose two from; the random
    # computers may outbid the human (the server deals): then a new table, a few times
    for attempt in range(6):
        if attempt:
            page.goto(f"{live}/")
            page.wait_for_selector("#kind2")
        page.fill("#games", "1")
        page.select_option("#kind1", "random")
        page.select_option("#kind2", "random")
        page.click("#create-button")
        page.wait_for_url("**/table/*")
        page.wait_for_selector("#hand .card")
        if not attempt:
            _check_targets(page, 10)
            shot(page, f"table-{width}")
        if _bid_to_the_discard(page):
            break
    else:
        raise AssertionError("the human never became the declarer in six games")
    wait_until(page, "document.querySelectorAll('#hand .card').length === 12", 30)
    _check_targets(page, 12)
    shot(page, f"table-{width}-discard")
    assert not page.errors


def test_the_card_pack_is_the_players_choice_and_kept(browser: Any, live: str) -> None:
    page = new_page(browser, "de", width=390, height=844)
    page.goto(f"{live}/")
    page.wait_for_selector("#kind2")
    page.fill("#games", "1")
    page.select_option("#kind1", "random")
    page.select_option("#kind2", "random")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    page.wait_for_selector("#hand .card")
    srcs = "[...document.querySelectorAll('#hand .card img')].map((i) => i.getAttribute('src'))"
    assert all("pack=four" in s for s in page.evaluate(srcs))  # the tournament pack first
    names = {"french": "Kreuz Bube", "german": "Eichel Unter", "four": "Kreuz Bube"}
    for pack in ("german", "french", "four", "german"):
        page.locator("details.settings summary").click()
        page.select_option("#pack", pack)
        page.locator("details.settings summary").click()
        wait_until(page, f"{srcs}.every((s) => s.includes('pack={pack}'))", 30)
        label = page.evaluate("cardName('CJ')")
        assert label == names[pack]
        assert page.evaluate("suitName('C')") == names[pack].split()[0]
    shot(page, "table-german-pack")
    page.reload()  # the choice is kept in the browser
    page.wait_for_selector("#hand .card")
    assert all("pack=german" in s for s in page.evaluate(srcs))
    assert page.evaluate("packWords('Alex verliert Kreuz Hand mit 40 Augen')") == (
        "Alex verliert Eichel Hand mit 40 Augen"
    )
    assert not page.errors


def test_the_declarers_running_points_are_a_lobby_choice_off_by_default(
    browser: Any, live: str
) -> None:
    """Counting is part of the game: the declarer's running card points are shown only at a
    table made with the lobby's choice (off by default)."""
    made = {}
    for show in (False, True):
        page = new_page(browser, "en")
        page.goto(f"{live}/")
        page.wait_for_selector("#show-points")
        assert not page.locator("#show-points").is_checked()  # the default: hidden
        if show:
            page.locator("#show-points").check()
        page.fill("#games", "1")
        page.select_option("#kind1", "random")
        page.select_option("#kind2", "random")
        page.click("#create-button")
        page.wait_for_url("**/table/*")
        wait_until(page, "typeof S !== 'undefined' && S !== null", 60)
        made[show] = page.evaluate("S.show_points === true")
        assert not page.errors
        page.close()
    assert made == {False: False, True: True}


def test_the_lobby_turns_its_pages(browser: Any, live: str) -> None:
    for _ in range(2):  # at least two tables, whatever the other tests made
        post = urlopen(
            Request(
                f"{live}/api/tables",
                data=json.dumps({"seats": ["human"] * 3}).encode(),
                headers={"Content-Type": "application/json"},
            ),
            timeout=30,
        )
        post.close()
    page = new_page(browser, "en")
    page.goto(f"{live}/")
    page.wait_for_selector("#running table")
    assert page.locator("#newer").count() == 0
    page.evaluate("PAGE.limit = 1; refresh()")  # one table a page
    wait_until(page, "document.querySelectorAll('#running tbody tr').length === 1", 30)
    first = page.locator("#running tbody tr").inner_text()
    page.click("#older")
    wait_until(page, "document.getElementById('newer') !== null", 30)
    second = page.locator("#running tbody tr, #finished tbody tr").first.inner_text()
    assert first != second and page.evaluate("PAGE.offset") == 1
    page.click("#newer")
    wait_until(page, "document.getElementById('newer') === null", 30)
    assert page.locator("#running tbody tr").inner_text() == first
    assert not page.errors
