"""What the page reads besides the game: who sits out at a 4-table, the Seeger-Fabian points
in the standings, and the declarations grouped as the staged declaration shows them."""

from __future__ import annotations

import json
import random

from skat.core import GameState
from skat.server.protocol import dumps, sheet_view, state_message, state_text
from skat.server.table import Table, TableConfig
from skat.server.visibility import declarations


def _finish(table: Table) -> None:
    while not table.is_over:
        player = table.to_move()
        assert player is not None and table.state is not None
        table.apply(player, table.check(player, str(table.state.legal_actions()[0]), table.counter))


def test_at_a_four_table_the_dealer_sits_out() -> None:
    config = TableConfig.parse({"games": 2, "seats": ["human"] * 4}, seed=3)
    table = Table("t", config, claims=dict.fromkeys(range(4), "-"))  # every place taken
    sheet = sheet_view(table)
    assert sheet["sitting"] == [sheet["dealer"]] and sheet["dealer"] not in table.series.seats


def test_the_standings_carry_the_seeger_fabian_points() -> None:
    config = TableConfig.parse({"games": 3, "seats": ["human"] * 3}, seed=8)
    table = Table("t", config, claims=dict.fromkeys(range(3), "-"))  # every place taken
    _finish(table)
    standings = sheet_view(table)["standings"]
    seeger = [sum(col) for col in zip(*table.series.entries_on("seeger"), strict=True)]
    assert {s["name"]: s["seeger"] for s in standings} == dict(
        zip(table.series.players, seeger, strict=True)
    )


def test_announcements_need_a_hand_game_and_each_declaration_says_its_parts() -> None:
    state = GameState(seed=5)
    for action in ("p", "18", "y", "p"):
        state.apply(action)
    offered = declarations(state, state.view(0))
    hand = [d for d in offered if d["hand"]]
    assert hand and all(d["action"].startswith(d["game"]) for d in offered)
    assert {d["game"] for d in hand} == set("DHSCGN")
    state.apply("s")
    state.apply(str(state.legal_actions()[0]))  # put two cards away
    after = declarations(state, state.view(0))
    assert not any(d["schneider"] or d["schwarz"] or d["hand"] for d in after)
    assert [d["action"] for d in after if d["ouvert"]] == ["NO"]  # only Null Ouvert


def test_a_state_message_written_with_its_last_game_made_once_reads_as_the_message() -> None:
    """The hub writes each ``state`` message with the last game's JSON made once a game
    (:func:`state_text`): at every move of a series, for every seat and a spectator, what
    the client reads is the message itself, the last game changing with each game played."""
    config = TableConfig.parse({"games": 3, "seats": ["human"] * 3}, seed=11)
    table = Table("t", config, claims=dict.fromkeys(range(3), "-"))
    rng = random.Random(11)
    lasts = set()
    while not table.is_over:
        for player in (0, 1, 2, None):
            message = state_message(table, player)
            assert json.loads(state_text(message, table)) == json.loads(dumps(message))
        lasts.add(json.dumps(message["last"]))
        player = table.to_move()
        assert player is not None and table.state is not None
        action = str(rng.choice(table.state.legal_actions()))
        table.apply(player, table.check(player, action, table.counter))
    assert len(lasts) == 3  # no last game, then games 1 and 2 (game 3 ends the series)
