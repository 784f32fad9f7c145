"""Playing a variant's finished game again (the history page's "play again from here"): a
one-game table of the players who sat in it, in their seats, with the same cards, the same
computer players (levels and seeds) and the moves kept; it survives a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.server.client import FAST, create, hello, running
from tests.server.test_variant_tables import play_series

from skat.server.variant_table import VariantConfig, parse_config
from skat.variants import find_variant


@pytest.mark.parametrize(
    ("variant", "seats"),
    [
        ("strohmann", ["human", "heuristic"]),
        ("officers", ["human", "heuristic"]),
        ("tournee", ["human", "heuristic", "random", "heuristic"]),
    ],
)
def test_a_variant_game_is_played_again_from_a_move_with_the_same_cards(
    tmp_path: Path, variant: str, seats: list[str]
) -> None:
    where = str(tmp_path / "data")
    with running(where, FAST) as client:
        made = create(client, variant=variant, games=1, seats=seats)
        play_series(client, made["id"], {0: made["token"]}, seed=2)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        old = client.portal.call(hub.find, made["id"]).table  # type: ignore[union-attr]
        record = old.series.records[0]
        keep = len(record.events) // 2
        answer = client.post(
            f"/api/tables/{made['id']}/games/1/again", json={"moves": keep, "player": 0}
        )
        assert answer.status_code == 201, answer.text
        again = answer.json()
        table = hub.rooms[again["id"]].table
        with client.websocket_connect(f"/ws/{again['id']}") as ws:
            state = hello(ws, again["token"])
        too_far = client.post(
            f"/api/tables/{made['id']}/games/1/again", json={"moves": len(record.events)}
        )
    players = [p for p in record.seats if p is not None]
    assert [s.kind for s in table.config.seats] == [old.config.seats[p].kind for p in players]
    assert again["player"] == players.index(0) and state["you"] == again["player"]
    assert find_variant(variant).deal_text(table.state) == record.deal  # the same cards
    kept = [(e.seat, str(e.action)) for e in table.state.history]
    assert kept[:keep] == list(record.events[:keep])
    # after the kept moves only the computers (and a Strohmann dummy's own pass) have moved:
    # they may play on at once until it is the person's turn
    seat_players = table.series.seats
    assert all(seat_players[seat] != again["player"] for seat, _ in kept[keep:])
    assert state["game"] is not None and state["series"]["planned"] == 1
    assert too_far.status_code == 400 and "moves" in too_far.json()["message"]
    with running(where, FAST) as client:  # read back after a restart: the same position
        hub = client.app.state.hub  # type: ignore[attr-defined]
        back = hub.rooms[again["id"]].table
        after = [(e.seat, str(e.action)) for e in back.state.history]
        assert after[: len(kept)] == kept
        assert all(seat_players[seat] != again["player"] for seat, _ in after[keep:])


def test_a_variant_config_with_a_deal_reads_back_and_refuses_a_wrong_one() -> None:
    state = find_variant("strohmann").start(seed=3)
    deal = find_variant("strohmann").deal_text(state)
    config = VariantConfig.parse(
        {
            "variant": "strohmann",
            "seats": ["human", "heuristic"],
            "deal": deal,
            "setup": {"dummy": 1},
            "moves": [[2, "p"]],
        },
        seed=1,
    )
    assert parse_config(config.to_dict()) == config and config.setup == (("dummy", 1),)
    with pytest.raises(Exception, match="dummy"):
        VariantConfig.parse({"variant": "strohmann", "deal": deal, "setup": {"dummy": 9}})
    with pytest.raises(Exception, match="deal"):
        VariantConfig.parse({"variant": "officers", "deal": "nonsense"})
    with pytest.raises(Exception, match=r"moves\[0\]"):
        VariantConfig.parse({"variant": "officers", "moves": [[5, "G"]]})
