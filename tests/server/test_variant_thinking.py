"""The PIMC level of the variant tables: offered by the server, thought in the server's worker
processes (:mod:`skat.server.thinking`, as ``skat serve`` runs it) with the variant's own player
(:func:`skat.ai.variants.variant_agent`), never on the event loop."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tests.server.client import FAST, create, hello, running
from tests.server.test_variant_tables import play_series

from skat.ai.variants import mover
from skat.records.jsonrecord import load_json
from skat.server.thinking import think
from skat.server.variant_table import LEVELS, VariantConfig, VariantTable
from skat.variants import find_variant

SEED = 6


@pytest.mark.parametrize("variant", ["strohmann", "officers", "tournee"])
def test_think_answers_a_legal_action_of_each_variant(variant: str) -> None:
    state = find_variant(variant).start(rng=random.Random(11))
    key = ("unit", variant)
    for _ in range(12):  # the auction or declaration, then the first cards
        if state.is_over:
            break
        seat = mover(state)
        view = state.view(seat)
        text = think("pimc", 3, (*key, seat), view, 30.0, variant)
        assert text in {str(a) for a in view.legal_actions}
        legal = {str(a): a for a in state.legal_actions()}
        state.apply(legal[text], state.to_move)


def test_the_variant_tables_offer_the_pimc_level() -> None:
    config = VariantConfig.parse({"variant": "officers", "seats": ["human", "pimc"]}, seed=1)
    assert "pimc" in LEVELS and config.seats[1].kind == "pimc"
    table = VariantTable("t", config, claims={0: "-"})
    assert type(table.agent("pimc", 1)).__name__ == "OfficersPimc"


@pytest.mark.parametrize(
    ("variant", "seats"),
    [
        ("officers", ["human", "pimc"]),
        ("strohmann", ["human", "pimc"]),
        ("tournee", ["human", "pimc", "pimc"]),
    ],
)
def test_a_variant_table_with_pimc_computers_plays_to_its_end_in_the_worker_processes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variant: str, seats: list[str]
) -> None:
    def not_here(self: VariantTable, kind: str, seed: int) -> Any:
        if kind == "pimc":  # the event loop's threads never build the searching player
            raise AssertionError("a variant's PIMC player was built in the server's process")
        return original(self, kind, seed)

    original = VariantTable.agent
    monkeypatch.setattr(VariantTable, "agent", not_here)
    assert FAST.heavy_processes >= 1 and "pimc" not in FAST.quick_levels
    # a dealt seed (the computers have choices to make), time enough on a busy machine
    settings = replace(FAST, allow_seed=True, agent_budget=120.0)
    with running(str(tmp_path / "data"), settings) as client:
        made = create(client, variant=variant, games=1, seats=seats, seed=SEED)
        with client.websocket_connect(f"/ws/{made['id']}") as spectator:
            first = hello(spectator, None)
        messages = play_series(client, made["id"], {0: made["token"]}, seed=7)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        workers = list(getattr(hub._heavy_pool, "_processes", {}).values())
        games = client.get(f"/api/tables/{made['id']}/games").json()["games"]
        record = client.get(f"/api/tables/{made['id']}/games/1.json").text
    assert [p["kind"] for p in first["players"]] == seats
    final = messages[-1]
    assert final["series"]["over"] and len(final["series"]["rows"]) == len(games) == 1
    assert workers, "no worker process thought the computers' moves"
    chosen, fell_back = computer_choices(record, first["seats"])
    assert chosen > 0, f"the computers played only fallback moves ({fell_back})"


def computer_choices(record: str, seats: list[int | None]) -> tuple[int, int]:
    """The computers' decisions among two or more legal actions in the recorded game: how
    many differ from what :class:`~skat.ai.agent.SafeAgent` plays when its agent fails
    (passing, else the first legal action), and how many are that."""
    game = load_json(record).state
    entry = find_variant(game.variant)
    state = entry.from_record(entry.deal_text(game), game.rules, entry.record_setup(game))
    chosen = fell_back = 0
    for i, ev in enumerate(game.history):
        if len(state.history) > i:  # made by the game itself (a dummy's pass)
            continue
        seat = mover(state)
        legal = [str(a) for a in state.view(seat).legal_actions]
        if seats[seat] != 0 and len(legal) > 1:
            fallback = "p" if "p" in legal else legal[0]
            if str(ev.action) == fallback:
                fell_back += 1
            else:
                chosen += 1
        state.apply(ev.action, ev.seat)
    return chosen, fell_back
