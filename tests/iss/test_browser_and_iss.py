"""A person in real headless Chromium and two ``skat iss`` processes (or one and a computer
player of the server) play a whole game at one table of ``skat serve --iss-port``: the
person bids, picks up the skat or plays Hand, declares if the game falls to him and plays
every card by clicking in the page; the record replays with ``skat replay --check`` and is
the one the ISS clients wrote.  A screenshot of the table mid-game is saved as
``iss-mixed-table-*.png`` (``tests/server/screenshots/``)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from tests.iss.conftest import Live, bins
from tests.server.browsing import browser  # noqa: F401  (Chromium, for this module)
from tests.server.live import post
from tests.server.test_browser import drive, new_page, shot

CASES = {  # sane bidders: the game is played out
    "two-iss-clients": ((("m_b", "heuristic"), ("m_c", "pimc-easy")), None),
    "an-iss-client-and-a-computer": ((("n_b", "heuristic"),), "heuristic"),
}


def _iss_client(live: Live, table: str, user: str, agent: str, tmp: Path) -> list[str]:
    pw = tmp / "pw"
    pw.write_text("secret\n")
    return bins(
        ["iss", "--server", f"127.0.0.1:{live.iss}", "--user", user, "--password-file", str(pw),
         "--agent", agent, "--games", "1", "--join", table, "--records", str(tmp / f"{user}.iss")]
    )  # fmt: skip


def _person(page: Any, name: str) -> dict[str, Any]:
    """Play the person's place to the end of the game (``drive``: bid up to 30, pick up the
    skat, put away two cards, declare the first game offered, play the first legal card);
    what the person did, and one screenshot at his first card after a trick is complete."""
    seen: dict[str, Any] = {"phases": set(), "shot": False, "cards": 0}

    def watch(state: dict[str, Any]) -> bool:
        if state["legal"]:
            seen["phases"].add(state["phase"])
            seen["declarer"] = state["declarer"]
            seen["seat"] = state["seat"]
        if state["legal"] and state["phase"] == "play" and state["tricks"] and not seen["shot"]:
            shot(page, f"iss-mixed-table-{name}")
            seen["shot"] = True
            seen["names"] = page.locator("body").inner_text()
        return False

    watch.up_to = 30  # type: ignore[attr-defined]
    drive(page, watch, limit=300)
    return seen


@pytest.mark.parametrize("case", list(CASES))
def test_a_person_in_chromium_and_iss_clients_play_a_game(
    browser: Any,  # noqa: F811
    live: Live,
    tmp_path: Path,
    case: str,
) -> None:
    users, computer = CASES[case]
    seats: list[dict[str, str]] = [
        {"kind": "human", "name": n} for n in ("Anna", *(u for u, _ in users))
    ]
    if computer:
        seats.append({"kind": computer})
    made = post(live.web, "/api/tables", {"rules": "iss", "games": 1, "seats": seats})
    procs = [
        subprocess.Popen(
            _iss_client(live, made["id"], user, agent, tmp_path),
            stderr=(tmp_path / f"{user}.log").open("w"),
        )
        for user, agent in users
    ]
    try:
        page = new_page(browser, "en")
        mine = json.dumps({"token": made["token"], "player": made["player"]})
        page.context.add_init_script(f"localStorage.setItem('skat.token.{made['id']}', '{mine}')")
        page.goto(f"http://127.0.0.1:{live.web}/table/{made['id']}")
        page.wait_for_selector("#hand .card")
        assert page.locator("#hand .card").count() == 10
        seen = _person(page, case)
        assert page.locator("#result").count() == 1
        for proc, (user, _) in zip(procs, users, strict=True):
            assert proc.wait(timeout=120) == 0, (tmp_path / f"{user}.log").read_text()
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    assert seen["shot"] and all(u in seen["names"] for u, _ in users)  # the ISS players shown
    assert "bidding" in seen["phases"] and "play" in seen["phases"]
    if seen["declarer"] == seen["seat"]:  # the game fell to the person: he declared it
        assert seen["phases"] & {"skat", "declare", "discard"}
    assert not page.errors
    with urlopen(f"http://127.0.0.1:{live.web}/api/tables/{made['id']}/games/1.iss") as r:
        record = r.read().decode().strip()
    assert "Anna" in record and all(user in record for user, _ in users)
    for user, _ in users:  # what each ISS client recorded is the server's record
        assert (tmp_path / f"{user}.iss").read_text().strip() == record
    path = tmp_path / "game.iss"
    path.write_text(record + "\n")
    replay = subprocess.run(
        bins(["replay", "--check", str(path)]), capture_output=True, text=True, timeout=120
    )
    assert replay.returncode == 0 and "agree: 1" in replay.stdout, replay.stdout + replay.stderr
