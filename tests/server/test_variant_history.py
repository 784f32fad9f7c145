"""The history of a variant table's finished games: each game move by move with every card
open (the Strohmann dummy's hand, the Officers' piles as they lay, Tournee Skat's turned
cards), the result in words in every language, and one line saying that the double-dummy
analysis reads Skat for three only; nothing of a game before it is over."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from tests.server.client import FAST, create, hello, running
from tests.server.test_variant_tables import play_series

from skat.ai.variants import play_variant, variant_agent
from skat.records.jsonrecord import dumps, state_to_json
from skat.server.variant_history import variant_steps_of
from skat.variants import find_variant

CARD = re.compile(r"[CSHD][789TJQKA]")


def every_card(step: dict[str, Any]) -> list[str]:
    """Every card a step shows: hands or piles, skat, trick, and the tricks taken so far are
    the rest."""
    if step.get("piles"):
        shown = [c for row in step["piles"] for p in row for c in (p["up"], p["down"]) if c]
    else:
        shown = [c for hand in step["hands"] for c in hand] + list(step.get("skat") or [])
    return shown + step["trick"]


@pytest.mark.parametrize("variant", ["strohmann", "officers", "tournee"])
def test_every_step_of_a_variant_game_shows_every_card_still_in_play(variant: str) -> None:
    for seed in range(8):
        players = 2 if variant == "officers" else 3
        agents = [variant_agent(variant, "random", s) for s in range(players)]
        game = play_variant(find_variant(variant).start(rng=random.Random(seed)), agents)
        h = variant_steps_of(dumps(state_to_json(game)))
        assert len(h["steps"]) == len(game.history) + 1
        played = 0
        for step in h["steps"]:
            if step["event"] and _is_card(step):
                played += 1
            shown = every_card(step)
            assert len(shown) == len(set(shown))  # no card twice
            in_tricks = played - len(step["trick"])
            assert len(shown) + in_tricks == 32, (variant, seed, step)
        assert h["result"]["text_de"] and h["result"]["text_en"] != h["result"]["text_de"]
        assert h["analysis"] is None and "Skat" in h["no_analysis_en"]


def _is_card(step: dict[str, Any]) -> bool:
    """The step's event is a card played (the only event without words of its own)."""
    return CARD.fullmatch(step["event"][1]) is not None


def test_the_strohmann_dummy_is_named_in_the_chosen_language() -> None:
    agents = [variant_agent("strohmann", "random", s) for s in range(3)]
    game = play_variant(find_variant("strohmann").start(seed=5, dummy=1), agents)
    h = variant_steps_of(dumps(state_to_json(game, {"players": ["Anna", "Dummy", "Ben"]})))
    assert h["names_de"] == ["Anna", "Strohmann", "Ben"] and h["names_en"][1] == "Dummy"
    assert h["dummy"] == 1 and len(h["steps"][0]["hands"][1]) == 10  # open: the game is over


def test_a_variant_history_says_words_for_every_action_but_cards() -> None:
    agents = [variant_agent("tournee", "heuristic", s) for s in range(3)]
    game = play_variant(find_variant("tournee").start(seed=2), agents)
    h = variant_steps_of(dumps(state_to_json(game)))
    for step in h["steps"][1:]:
        card = _is_card(step)
        assert (step["words_en"] is None) == card, step["event"]
        assert card or (step["words_de"] and step["words_da"])
    turned = [s for s in h["steps"] if s["turned"]]
    assert all(s["kind"] for s in turned)  # a turned card makes the game a Tournée


def test_the_history_of_a_finished_variant_game_comes_over_the_api(tmp_path: Path) -> None:
    with running(str(tmp_path / "data"), FAST) as client:
        made = create(client, variant="strohmann", games=2, seats=["human", "heuristic"])
        table = made["id"]
        with client.websocket_connect(f"/ws/{table}") as ws:
            hello(ws, made["token"])
            before = client.get(f"/api/tables/{table}/games/1/analysis")
        messages = play_series(client, table, {0: made["token"]}, seed=4)
        answers = [client.get(f"/api/tables/{table}/games/{n}/analysis") for n in (1, 2)]
        page = client.get(f"/history/{table}/1")
        script = client.get("/static/variant_history.js")
    assert before.status_code == 404  # nothing of a game before it is over
    assert messages[-1]["series"]["over"]
    for answer in answers:
        assert answer.status_code == 200, answer.text
        h = answer.json()
        assert h["variant"] == "strohmann" and h["steps"][0]["event"] is None
        assert h["no_analysis_de"].startswith("Die Double-Dummy-Analyse")
        assert h["names_en"][h["dummy"]] == "Dummy"
    assert b"variant_history.js" in page.content and script.status_code == 200


def test_two_cards_put_away_are_said_as_putting_away_not_as_playing() -> None:
    from skat.core.actions import parse_action
    from skat.server.variant_view import label

    state = find_variant("tournee").start(seed=1)
    put = parse_action("DJ.CT")
    assert label(state, put, "en") == "put away the Jack of Diamonds and the Ten of Clubs"
    assert "drücken" in label(state, put, "de") and "play" not in label(state, put, "en")
