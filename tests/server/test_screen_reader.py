"""A whole game played the way a blind player plays it with a screen reader, in real Chromium:
the test reads only the accessibility tree (the roles and names Chromium gives NVDA, JAWS,
VoiceOver and Orca), moves the focus with Tab and acts with Enter or Space, and "hears" the
lines added to the ARIA live region.  From that alone it bids or passes, picks up the skat,
puts two cards away, declares, plays every card and reads the result; then it checks against
the server's record of the game that every event was announced: each bid and pass, each card
with its player, whose turn, each trick's winner with its card points, the result."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from tests.server.screenreader import ScreenReader, Tree
from tests.server.test_browser import new_page

from skat.records.jsonrecord import load_json

TRANSCRIPT = Path(__file__).parent / "screenshots" / "screen-reader-transcript.txt"
BID_UP_TO = 264  # the top of the ladder: the test player declares whatever the computers hold
# (the deal is random: at 72 a computer with a strong hand outbid him now and then)
HAND = re.compile(r"^Hand of ")
CARD = re.compile(r"^(Clubs|Spades|Hearts|Diamonds) (Jack|Ace|Ten|King|Queen|Nine|Eight|Seven)$")
SUITS = {"C": "Clubs", "S": "Spades", "H": "Hearts", "D": "Diamonds"}
RANKS = {"J": "Jack", "A": "Ace", "T": "Ten", "K": "King", "Q": "Queen", "9": "Nine",
         "8": "Eight", "7": "Seven"}  # fmt: skip


CARD_CODE = re.compile(r"[CSHD][789TJQKA]")
WORDS = {"p": "pass", "y": "hold", "s": "pick up the skat"}


def spoken_card(card: str) -> str:
    return f"{SUITS[card[0]]} {RANKS[card[1]]}"


def hand_cards(tree: Tree) -> list[Any]:
    """The card buttons of one's own hand (the group named "Hand of …")."""
    group = next((g for g in tree.all("group") if HAND.match(g.name)), None)
    if group is None:
        return []
    return [n for n in tree.within(group) if n.role == "button" and CARD.match(n.name)]


def last_bid(heard: list[str]) -> int:
    for line in reversed(heard):
        m = re.search(r" bids (\d+)$", line)
        if m:
            return int(m.group(1))
    return 0


def decide(tree: Tree, heard: list[str]) -> tuple[str, str, str] | None:
    """The next key press of a simple player, from the tree and what was heard: (role, name,
    key), or None while there is nothing to do."""
    buttons = {n.name: n for n in tree.all("button") if not n.disabled}
    if "pick up the skat" in buttons:
        return ("button", "pick up the skat", "Enter")
    cards = hand_cards(tree)
    if "Discard" in [n.name for n in tree.all("button")]:  # putting two cards away
        pressed = [c for c in cards if c.pressed]
        if len(pressed) < 2:
            free = [c for c in cards if not c.pressed]
            return ("button", free[-1].name, "Space")
        return ("button", "Discard", "Enter")
    choose = tree.find("group", "Choose the game")
    if choose is not None:
        confirm = [
            n for n in tree.within(choose) if n.role == "button" and n.name.startswith("Play:")
        ]
        if confirm:
            return ("button", confirm[0].name, "Enter")
        games = [n for n in tree.within(choose) if n.role == "button" and not n.disabled]
        return ("button", games[0].name, "Enter")
    bids = [name for name in buttons if re.fullmatch(r"Bid \d+", name)]
    if bids:
        value = int(bids[0].split()[1])
        return ("button", bids[0] if value <= BID_UP_TO else "pass", "Enter")
    if "hold" in buttons:
        return ("button", "hold" if last_bid(heard) <= BID_UP_TO else "pass", "Enter")
    legal = [c for c in cards if not c.disabled]
    if legal and "Your turn" in heard[-3:]:
        return ("button", legal[0].name, "Space")
    return None


def create_table_by_keyboard(sr: ScreenReader, live: str, human: str = "") -> None:
    """The lobby by keyboard: one game, the other places the rule player (the default), or
    the place named ``human`` ("Place 3") left to a human."""
    sr.page.goto(f"{live}/")
    for _ in range(100):
        if sr.tree().find("spinbutton", "Games (dealer turns)"):
            break
        sr.page.wait_for_timeout(50)
    sr.press_on("spinbutton", "Games (dealer turns)", "Control+a")
    sr.page.keyboard.type("1")
    if human:
        sr.press_on("combobox", human, "Home")  # the first choice of a closed list: Human
        place = sr.tree().find("combobox", human)
        assert place is not None and place.value == "Human"
    sr.press_on("button", "Create table")
    sr.page.wait_for_url("**/table/*")


def test_a_whole_game_by_ear_and_keyboard(browser: Any, live: str) -> None:
    page = new_page(browser, "en")
    sr = ScreenReader(page)
    create_table_by_keyboard(sr, live)
    unnamed: set[str] = set()
    deadline = time.monotonic() + 120
    result_text = ""
    while True:
        sr.hear()
        tree = sr.tree()
        assert time.monotonic() < deadline, (
            f"the game did not end; heard: {sr.heard[-6:]}; "
            f"controls: {[(n.role, n.name, n.disabled) for n in tree.controls()]}"
            f"groups: {[(n.role, n.name, n.props) for n in tree.all() if n.role in ('group', 'radiogroup')]}"
        )
        unnamed |= {f"{n.role} {n.props}" for n in tree.controls() if not n.name}
        unnamed |= {  # whatever the Tab key reaches has a role and a name
            f"{n.role} {n.name!r}"
            for n in tree.all()
            if n.props.get("focusable") and n.role != "RootWebArea"
            and (not n.name or n.role in ("generic", "none", ""))
        }  # fmt: skip
        dialog = next((d for d in tree.all("dialog") if d.name.startswith("Result")), None)
        if dialog is not None:
            result_text = tree.text(dialog)
            break
        move = decide(tree, sr.heard)
        if move is None:
            page.wait_for_timeout(40)
            continue
        sr.press_on(*move)
        page.wait_for_timeout(40)
    assert not unnamed, f"controls without an accessible name: {unnamed}"
    table = page.url.rstrip("/").split("/")[-1]
    record = load_json(page.request.get(f"{live}/api/tables/{table}/games/1.json").text())
    names = record.meta["players"]  # by seat: Forehand, Middlehand, Rearhand
    me = names.index("Player 1")
    said = expected_lines(record, names)
    deadline = time.monotonic() + 120  # the last announcements may lag on a busy machine
    while True:
        sr.hear()
        try:
            assert_in_order(said, sr.heard)
            break
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            page.wait_for_timeout(100)
    TRANSCRIPT.parent.mkdir(parents=True, exist_ok=True)
    TRANSCRIPT.write_text("\n".join(sr.heard) + "\n", encoding="utf-8")
    mine = [i for i, line in enumerate(sr.heard) if line.startswith(("Player 1 ", "Player 1:"))]
    mine = [i for i in mine if " takes the trick " not in sr.heard[i]]
    assert len(mine) == sum(seat == me for seat, _ in record.events)
    assert all(sr.heard[i - 1] == "Your turn" for i in mine), (
        "an own move not preceded by Your turn"
    )
    assert record.result is not None
    assert record.result.declarer == me, "the player bids to the top of the ladder: he declares"
    skat = sorted(spoken_card(c) for c in record.data["deal"].split(".")[-2:])
    picked = sr.heard.index("Player 1: pick up the skat")
    heard_skat = sr.heard[picked + 1].removeprefix("Skat: ").split(", ")
    assert sorted(heard_skat) == skat, "the skat's cards are said when he picks it up"
    spoken_result = record.result.explain("en", names=names)
    assert f"Result: {spoken_result}" in sr.heard
    assert spoken_result in result_text and " card points" in spoken_result
    assert sr.tree().focused().name == "Continue"  # the result dialog took the focus


def expected_lines(record: Any, names: list[str]) -> list[str]:
    """What must have been said, in order: every event with its player's name and, after each
    trick's third card, who took it with its card points."""
    view = record.state.view(None)
    contract = view.contract.describe("en") if view.contract is not None else ""
    tricks = iter(view.tricks)
    lines: list[str] = []
    played = 0
    for seat, text in record.events:
        who = names[seat]
        if text.isdigit():
            lines.append(f"{who} bids {text}")
        elif text in WORDS:
            lines.append(f"{who}: {WORDS[text]}")
        elif CARD_CODE.fullmatch(text):
            lines.append(f"{who}: {spoken_card(text)}")
            played += 1
            if played % 3 == 0:
                trick = next(tricks)
                lines.append(f"{names[trick.winner]} takes the trick ({trick.points} card points)")
        elif "." in text:  # the declarer's two cards put away: only he hears which
            lines.append(f"{who}: Discard")
        else:
            lines.append(f"{who}: {contract}")
    return lines


def assert_in_order(wanted: list[str], heard: list[str]) -> None:
    """Every wanted line was heard, in this order (other lines may come between)."""
    at = 0
    for line in wanted:
        found = [i for i in range(at, len(heard)) if heard[i].startswith(line)]
        assert found, f"never heard {line!r} after line {at}: {heard[at - 3 : at + 5]}"
        at = found[0] + 1


def test_the_live_region_says_whom_the_table_waits_for(browser: Any, live: str) -> None:
    """Middlehand, who bids first, is a human place: the table waits for its player (and
    says so); a friend takes it under his own name and does not move: after a moment the
    screen reader hears whom the table waits for."""
    from tests.server.live import post

    page = new_page(browser, "en")
    sr = ScreenReader(page)
    create_table_by_keyboard(sr, live, human="Place 3")
    deadline = time.monotonic() + 120  # a bound for a busy machine, not a measure
    while time.monotonic() < deadline:
        page.wait_for_timeout(100)
        sr.hear()
        if "The table waits for its players" in sr.heard:
            break
    assert "The table waits for its players" in sr.heard, sr.heard
    port = int(live.rsplit(":", 1)[1])
    post(port, f"/api/tables/{page.url.rsplit('/', 1)[1]}/join", {"name": "Bernd"})
    for _ in range(100):
        page.wait_for_timeout(100)
        sr.hear()
        if any(line.startswith("Waiting for ") for line in sr.heard):
            break
    assert "Waiting for Bernd" in sr.heard, sr.heard
    assert "Your turn" not in sr.heard
