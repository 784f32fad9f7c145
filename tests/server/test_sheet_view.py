"""What the page reads besides the game: who sits out at a 4-table, the Seeger-Fabian points
in the standings, and the declarations grouped as the staged declaration shows them."""

from __future__ import annotations

from skat.core import GameState
from skat.server.protocol import sheet_view
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
