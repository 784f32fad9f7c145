"""The variant registry (skat.variants.find_variant): lookup by name, the one-line error for an
unknown name, every registered variant a GameLike, and records of each variant written and read
back through its registry entry."""

from __future__ import annotations

import random
from typing import Any

import pytest

from skat.core import Deal, GameState, Rules
from skat.core.game import GameLike, Move
from skat.records.jsonrecord import dumps, load_json, state_to_json
from skat.variants import (
    OfficersDeal,
    OfficersState,
    SetupError,
    StrohmannState,
    TourneeState,
    UnknownVariantError,
    Variant,
    find_variant,
    variant_names,
)

CLASSES = {
    "skat": GameState,
    "strohmann": StrohmannState,
    "officers": OfficersState,
    "tournee": TourneeState,
}


def _finish(game: GameLike[Any], rng: random.Random) -> GameLike[Any]:
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def test_registry_names_every_variant_with_skat_first() -> None:
    assert variant_names() == ("skat", "strohmann", "officers", "tournee")


@pytest.mark.parametrize("name", variant_names())
def test_registry_lookup_gives_the_variant_of_that_name(name: str) -> None:
    entry = find_variant(name)
    assert isinstance(entry, Variant) and entry.name == name
    game = entry.start(seed=5)
    assert type(game) is CLASSES[name] and game.variant == name


def test_registry_unknown_name_is_a_one_line_error_listing_the_known() -> None:
    with pytest.raises(UnknownVariantError) as err:
        find_variant("Skat")  # names are exact
    assert str(err.value) == "unknown variant 'Skat' (known: skat, strohmann, officers, tournee)"
    assert "\n" not in str(err.value) and isinstance(err.value, ValueError)
    with pytest.raises(UnknownVariantError, match="unknown variant 3 "):
        find_variant(3)  # type: ignore[arg-type]


def test_registry_seats_and_setup_fields() -> None:
    assert {n: find_variant(n).seats for n in variant_names()} == {
        "skat": 3,
        "strohmann": 3,
        "officers": 2,
        "tournee": 3,
    }
    assert {n: find_variant(n).setup for n in variant_names()} == {
        "skat": ("ramsch",),
        "strohmann": ("dummy",),
        "officers": ("null",),
        "tournee": ("top",),
    }


@pytest.mark.parametrize("name", variant_names())
def test_every_registered_variant_satisfies_gamelike(name: str) -> None:
    rng = random.Random(len(name))
    game = find_variant(name).start(seed=7)
    assert isinstance(game, GameLike)
    assert game.to_move in range(find_variant(name).seats)
    copy = game.copy()
    event = game.apply(rng.choice(list(game.legal_actions())))
    assert isinstance(event, Move) and game.history[-1] == event
    assert copy.history == [] or len(copy.history) < len(game.history)  # the copy is its own
    assert game.undo() == event and len(game.history) == len(copy.history)
    game.view(game.to_move)
    _finish(game, rng)
    assert game.is_over and game.result is not None and not game.legal_actions()


def test_a_state_of_the_same_deal_from_the_registry_is_the_same_game() -> None:
    deal = Deal.random(random.Random(3))
    second = list(deal.skat)[1]
    assert (
        find_variant("strohmann").start(deal, dummy=1).history
        == StrohmannState(deal, dummy=1).history
        != []  # the dummy in Middlehand passes at once
    )
    assert find_variant("skat").start(deal, ramsch=True).phase == GameState(deal, ramsch=True).phase
    layout = OfficersDeal.random(random.Random(3))
    assert find_variant("officers").start(layout, null=False).legal_actions() == (
        OfficersState(layout, null=False).legal_actions()
    )
    assert find_variant("tournee").start(deal, top=second).order[0] == second


@pytest.mark.parametrize(
    ("name", "fields", "message"),
    [
        ("skat", {"ramsch": "yes"}, "ramsch: must be true or false, not 'yes'"),
        ("strohmann", {"dummy": 3}, "dummy: the dummy's seat is 0, 1 or 2, not 3"),
        ("officers", {"null": 0}, "null: must be true or false, not 0"),
        ("tournee", {"top": "D7"}, "top: D7 is not in the skat (CJ CA)"),
        ("tournee", {"top": "XX"}, "top: "),
    ],
)
def test_registry_refuses_bad_setup_naming_the_field(
    name: str, fields: dict[str, Any], message: str
) -> None:
    entry = find_variant(name)
    deal = (
        str(OfficersDeal.random(random.Random(1)))
        if name == "officers"
        else Deal.parse(
            "D7 D8 D9 DQ DK DT DA DJ H7 H8 H9 HQ HK HT HA HJ S7 S8 S9 SQ SK ST SA SJ C7 C8 C9 CQ CK CT CA CJ"
        ).iss()
    )
    with pytest.raises(SetupError) as err:
        entry.from_record(deal, Rules(), fields)
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_registry_refuses_a_bad_deal_and_rules_naming_the_field() -> None:
    with pytest.raises(SetupError, match=r"^deal: "):
        find_variant("officers").from_record("CJ SJ", Rules(), {})
    deal = Deal.random(random.Random(2)).iss()
    with pytest.raises(SetupError, match=r"^rules: Ramsch needs three players"):
        find_variant("strohmann").from_record(deal, Rules.parse("isko,ramsch=ramsch"), {})


@pytest.mark.parametrize("name", variant_names())
@pytest.mark.parametrize("seed", range(6))
def test_records_of_each_variant_round_trip_through_the_registry(name: str, seed: int) -> None:
    rng = random.Random(seed)
    entry = find_variant(name)
    setup: dict[str, Any] = {
        "skat": {"ramsch": seed % 3 == 0},
        "strohmann": {"dummy": seed % 3},
        "officers": {"null": seed % 2 == 0},
        "tournee": {},
    }[name]
    game = _finish(entry.start(seed=seed, **setup), rng)
    data = state_to_json(game)
    assert data.get("variant", "skat") == name
    assert data["deal"] == entry.deal_text(game)
    for key, value in entry.record_setup(game).items():
        assert data[key] == value
    loaded = load_json(dumps(data))
    assert loaded.variant == name and type(loaded.state) is type(game)
    assert loaded.result == game.result
    assert [(ev.seat, str(ev.action)) for ev in loaded.state.history] == [
        (ev.seat, str(ev.action)) for ev in game.history
    ]
    assert state_to_json(loaded.state) == data
    # the registry's own reading of the record gives the same game before any event
    fresh = entry.from_record(
        data["deal"], game.rules, {k: data[k] for k in entry.setup if k in data}
    )
    for i, ev in enumerate(game.history):
        if i >= len(fresh.history):  # else recorded by the game itself (a dummy's pass)
            fresh.apply(entry.parse_action(str(ev.action)), ev.seat)
        assert fresh.history[i] == ev
    assert fresh.result == game.result
