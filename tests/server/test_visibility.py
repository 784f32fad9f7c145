"""No message leaks a card: every state message, for every seat and for a spectator,
compared with what that seat may know, over many seeded games under several rule sets."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from skat.core import CardSet, Contract, GameState, matadors
from skat.server.protocol import state_message
from skat.server.table import Table, TableConfig
from skat.server.visibility import declarations, game_view, knowable_cards

CARD = re.compile(r"^[CSHD][789TJQKA]$")


def card_names(message: Any) -> set[str]:
    """Every card name anywhere in a message (also inside action texts like ``DQ.D9``)."""
    found: set[str] = set()
    if isinstance(message, dict):
        for v in message.values():
            found |= card_names(v)
    elif isinstance(message, list):
        for v in message:
            found |= card_names(v)
    elif isinstance(message, str):
        for token in re.split(r"[ .+]", message):
            if CARD.match(token):
                found.add(token)
    return found


def current_game_cards(message: dict[str, Any]) -> set[str]:
    """Card names of the current game in a state message (the last game is public)."""
    return card_names(message["game"]) if message["game"] else set()


RULES = ["isko", "pub", "isko,ramsch=schieberamsch", "iss", "isko,kontra=on,schenken=on"]


@pytest.mark.parametrize("rules", RULES)
def test_no_state_message_shows_a_card_its_reader_may_not_know(rules: str) -> None:
    config = TableConfig.parse(
        {"rules": rules, "games": 12, "seats": ["human"] * 3}, seed=len(rules)
    )
    t = Table("t", config, claims=dict.fromkeys(range(3), "-"))  # every place taken
    rng = random.Random(rules)
    checked = 0
    while not t.is_over:
        state = t.state
        assert state is not None
        for player in (0, 1, 2, None):
            seat = t.seat_of(player)
            message = json.loads(json.dumps(state_message(t, player)))
            allowed = knowable_cards(state, seat)
            leaked = current_game_cards(message) - allowed
            assert not leaked, f"{player} sees {leaked} at {state.history}"
            checked += 1
        legal = [*state.legal_actions(), *state.end_actions()]
        action = rng.choice(legal)
        seat = state.to_move if action in state.legal_actions() else None
        try:
            action = state.validate(action, seat)
        except ValueError:
            action = rng.choice(state.legal_actions())
            seat = state.to_move
        player = t.series.seats[seat if seat is not None else state.to_move]
        if seat is None:  # an end action: taken for its own seat
            player = t.series.seats[_seat_of_end_action(state, action)]
        t.apply(player, t.check(player, str(action), t.counter))
    assert checked > 100


def _seat_of_end_action(state: GameState, action: object) -> int:
    for seat in range(3):
        try:
            state.validate(action, seat)  # type: ignore[arg-type]
            return seat
        except ValueError:
            continue
    raise AssertionError(action)


def test_a_spectator_sees_no_hand_and_no_skat_until_the_end() -> None:
    state = GameState(seed=2)
    for a in ("p", "p"):
        state.apply(a)
    # forehand bids and picks up; the skat and the discard are the declarer's secret
    state.apply("18")
    state.apply("s")
    assert game_view(state, None)["skat"] is None
    assert game_view(state, 0)["skat"] is not None
    hand = list(state.hand(0))
    state.apply(f"{hand[0]}.{hand[1]}")
    public = game_view(state, None)
    assert public["hand"] is None and public["discard"] is None
    assert public["history"][-1] == [0, None]
    assert game_view(state, 1)["history"][-1] == [0, None]
    assert game_view(state, 0)["history"][-1][1] is not None


def test_after_the_game_everything_is_public() -> None:
    state = GameState(seed=3)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    view = game_view(state, None)
    assert view["deal"] is not None
    dealt = {c for h in view["deal"]["hands"] for c in h} | set(view["deal"]["skat"])
    assert dealt == {c.name for c in CardSet.all()}
    assert view["result"]["text_de"] and view["result"]["text_en"]


def test_declaration_values_count_the_jacks_put_away() -> None:
    """Matadors are counted over the declarer's 12 cards: jacks he put into the skat still
    count, so the values offered after the discard are those the game will score."""
    for seed in range(200):
        s = GameState(seed=seed)
        for a in ("p", "18", "y", "p", "s"):
            s.apply(a)
        jacks = [c for c in s.hand(0) if c.name[1] == "J"]
        if len(jacks) < 2:
            continue
        s.apply(f"{jacks[0]}.{jacks[1]}")
        offered = {d["action"]: d["value"] for d in declarations(s, s.view(0))}
        twelve = s.declarer_cards().mask
        assert twelve != s.hand(0).mask
        for suit, base in (("D", 9), ("H", 10), ("S", 11), ("C", 12), ("G", 24)):
            gt = Contract.parse(suit).game_type
            assert offered[suit] == (abs(matadors(gt, twelve)) + 1) * base
        return
    raise AssertionError("no deal gave the declarer two jacks to put away")


def test_hand_game_values_are_marked_as_estimates() -> None:
    """Before the skat is picked up the matadors may change with its jacks: the values of
    the Hand games are estimates (Null's is not); after picking up they are exact."""
    s = GameState(seed=5)
    for a in ("p", "18", "y", "p"):
        s.apply(a)
    before = {d["action"]: d["estimate"] for d in declarations(s, s.view(0))}
    assert before["DH"] is True and before["NH"] is False
    s.apply("s")
    hand = sorted(s.hand(0), key=lambda c: c.index)
    s.apply(f"{hand[0]}.{hand[1]}")
    assert not any(d["estimate"] for d in declarations(s, s.view(0)))


def test_labels_are_the_cores_words_for_the_actions_in_both_languages() -> None:
    from skat.core import Rules

    state = GameState(seed=5, rules=Rules.parse("isko,spitze=on,schenken=on"))
    first = game_view(state, 1)["labels"]
    assert (first["en"]["p"], first["de"]["p"]) == ("pass", "passe")
    assert not any(a.isdigit() for a in first["en"])  # the page names the bids itself
    for action in ("p", "18", "y", "p", "DH"):
        state.apply(action)
    spitze = game_view(state, 0)["labels"]  # the declarer is asked for Spitze
    assert spitze["en"]["p"] == "pass" and spitze["en"]["DH"] == "declare Diamonds Hand"
    for action in state.legal_actions():
        if str(action) != "p":
            assert spitze["de"][str(action)].startswith("Spitze mit")
    state.apply("p")
    assert game_view(state, 1)["labels"]["de"]["schenken.1"] == "schenken"
    state.apply("schenken.1")  # the declarer answers in the question's own words
    schenken = game_view(state, 0)["labels"]
    assert (schenken["en"]["y"], schenken["de"]["p"]) == (
        "accept the concession",
        "ablehnen und weiterspielen",
    )
