"""The computer players of Strohmann, Officers' Skat and Tournee Skat (issue 36): each plays
random games of its variant to the end, every move legal, checked by the conformance suite
(:mod:`skat.testing`) with the agents choosing every move."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from skat.ai.variants import AGENT_KINDS, mover, play_variant, variant_agent
from skat.core.cards import Card
from skat.testing import check, officers, strohmann, tournee
from skat.testing.conformance import Machine
from skat.variants import find_variant

MACHINES = {"strohmann": strohmann, "officers": officers, "tournee": tournee}


def _agent_machine(variant: str, kind: str) -> Machine[Any]:
    """The variant's conformance machine whose moves are the agents' choices."""
    base = MACHINES[variant]()

    def move(state: Any, rng: random.Random) -> None:
        seat = mover(state)
        view = state.view(seat)
        action = variant_agent(variant, kind, rng.randrange(1 << 30)).choose(view)
        assert action in view.legal_actions, f"{kind} chose {action}, not legal"
        state.apply(action, seat)

    return dataclasses.replace(base, name=f"{variant}/{kind}", move=move)


@pytest.mark.parametrize("kind", [k for k in AGENT_KINDS if k != "pimc"])  # pimc: its own file
@pytest.mark.parametrize("variant", sorted(MACHINES))
def test_agents_play_conforming_games_to_the_end(variant: str, kind: str) -> None:
    report = check(_agent_machine(variant, kind), games=12, sample=0.3)
    assert report.finished == 12
    assert report.steps > 12 * 10


@pytest.mark.parametrize("variant", sorted(MACHINES))
def test_heuristic_declares_and_wins_some_games(variant: str) -> None:
    seats = 2 if variant == "officers" else 3
    outcome: Counter[str] = Counter()
    for seed in range(40):
        game = play_variant(
            find_variant(variant).start(seed=seed),
            [variant_agent(variant, "heuristic", seed) for _ in range(seats)],
        )
        result = game.result
        outcome["passed" if result.contract is None else "won" if result.won else "lost"] += 1
    assert outcome["won"] > outcome["lost"], outcome


def test_strohmann_defender_plays_the_dummys_cards() -> None:
    game = find_variant("strohmann").start(seed=1, dummy=1)
    agents = [variant_agent("strohmann", "heuristic") for _ in range(3)]
    dummy_cards = 0
    while not game.is_over:
        seat = mover(game)
        view = game.view(seat)
        action = agents[seat].choose(view)
        if game.to_move == game.dummy and isinstance(action, Card):
            assert seat == game.defender and action in game.hand(game.dummy)
            dummy_cards += 1
        game.apply(action, seat)
    assert game.result is not None
    if game.result.contract is not None:
        assert dummy_cards > 0


def test_officers_declaration_rule() -> None:
    from skat.ai.variants import _officers_declaration
    from skat.variants.officers import _DECLARATIONS

    def cards(text: str) -> list[Card]:
        return [Card.parse(t) for t in text.split()]

    assert str(_officers_declaration(cards("C7 S8 H9 D7"), _DECLARATIONS)) == "N"
    assert str(_officers_declaration(cards("CJ SJ HA D7"), _DECLARATIONS)) == "G"
    assert str(_officers_declaration(cards("HJ SA S7 D7"), _DECLARATIONS)) == "S"


def test_unknown_variant_or_kind_is_one_line() -> None:
    with pytest.raises(ValueError, match="no computer player for variant 'skat'"):
        variant_agent("skat")
    with pytest.raises(ValueError, match="unknown computer player 'expert'"):
        variant_agent("officers", "expert")
