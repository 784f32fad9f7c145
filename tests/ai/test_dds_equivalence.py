"""The transposition table's key normalised by equivalent cards (issue 21): positions that
differ only in which of a group's equivalent cards are left (the 7, 8, 9 of a suit; the jacks),
with the same owners in the same order, share a key, and every position sharing a key has the
same value (brute force); the solver keeps its exact values against the search keyed by the
cards themselves (``Solver(equivalence=False)``), with tables shared over a whole deal."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from skat.ai import _kernel as K
from skat.ai.dds import Position, Solver, brute_force
from skat.core.cards import CardSet

from .test_dds import random_ending
from .test_dds_bounds import _endings, _first_trick_positions

GROUP_CARDS = [c for c in range(32) if K.GROUP[c]]


def _key(pos: Position) -> int:
    rem = pos.hands[0] | pos.hands[1] | pos.hands[2]
    return int(K.table_key(K.array(pos.hands), rem, 0)) | pos.leader << 48


def test_table_key_merges_equivalent_cards_and_keeps_their_owners() -> None:
    """A defender kept the S9 instead of the S7 (the S8 is gone): the same game, one key; the
    same cards with the S7 and the S9 in other hands: another key."""
    kept9 = Position.parse("G decl=0 hands=CJ.SA/S9.HA/HT.H7")
    kept7 = Position.parse("G decl=0 hands=CJ.SA/S7.HA/HT.H7")
    moved = Position.parse("G decl=0 hands=CJ.S9/SA.HA/HT.H7")
    assert _key(kept9) == _key(kept7)
    assert _key(moved) != _key(kept9)
    jacks = Position.parse("G decl=0 hands=CJ.SA/HJ.HA/HT.H7")
    assert _key(jacks) == _key(Position.parse("G decl=0 hands=CJ.SA/DJ.HA/HT.H7"))
    assert _key(jacks) != _key(Position.parse("G decl=0 hands=HJ.SA/CJ.HA/HT.H7"))
    # a queen is not equivalent to a 9 (3 points against 0): no merging across groups
    assert _key(Position.parse("G decl=0 hands=CJ.SQ/S7.HA/HT.H7")) != _key(kept7)


def _trick_starts(pos: Position, tricks: int) -> list[Position]:
    """Every trick start reachable from ``pos`` (a trick start) within ``tricks`` tricks."""
    out = [pos]
    frontier = [pos]
    for _ in range(tricks):
        nxt: list[Position] = []
        for p in frontier:
            todo = [p]
            for _ in range(3):
                todo = [q.play(c) for q in todo for c in q.legal_cards()]
            nxt.extend(todo)
        out.extend(nxt)
        frontier = nxt
    return out


@pytest.mark.parametrize("game_type", [0, 2, 4])
def test_positions_sharing_a_key_have_the_same_value(game_type: int) -> None:
    """All trick starts two tricks into random four-trick deals rich in 7s, 8s, 9s and jacks,
    grouped by their key: one value (brute force) per key, and some keys stand for several
    different sets of cards left (else the test would prove nothing)."""
    rng = random.Random(21 + game_type)
    merged = 0
    for _ in range(6):
        cards = rng.sample(GROUP_CARDS, 9) + rng.sample(
            [c for c in range(32) if c not in GROUP_CARDS], 3
        )
        rng.shuffle(cards)
        hands = tuple(sum(1 << c for c in cards[i * 4 : i * 4 + 4]) for i in range(3))
        start = Position(
            hands=(hands[0], hands[1], hands[2]),
            game_type=game_type,
            declarer=rng.randrange(3),
            leader=rng.randrange(3),
        )
        values: dict[int, set[int]] = defaultdict(set)
        card_sets: dict[int, set[int]] = defaultdict(set)
        for pos in _trick_starts(start, 2):
            key = _key(pos)
            values[key].add(brute_force(pos))
            card_sets[key].add(pos.hands[0] | pos.hands[1] | pos.hands[2])
        for key, vals in values.items():
            assert len(vals) == 1, (start, [str(CardSet(m)) for m in card_sets[key]], vals)
        merged += sum(len(s) > 1 for s in card_sets.values())
    assert merged >= 10


def test_values_equal_the_search_keyed_by_the_cards_themselves() -> None:
    """Every card of random games from five tricks before the end valued with the table kept
    over the whole deal (where the merged keys meet), against the search without them and
    against brute force on the short endings."""
    norm, raw = Solver(), Solver(equivalence=False)
    rng = random.Random(7)
    for pos in _endings(9, 12, 5):
        while not pos.is_over:
            assert norm.values(pos) == raw.values(pos), pos
            pos = pos.play(rng.choice(pos.legal_cards()))
    for _ in range(150):
        pos = random_ending(rng, 3, rng.choice((0, 1, 2, 3, 4)))
        norm.reset()
        assert norm.value(pos) == brute_force(pos), pos


@pytest.mark.skipif(not K.USE_NUMBA, reason="whole games need the compiled kernel")
def test_normalised_keys_keep_the_exact_values_from_the_first_trick() -> None:
    norm, raw = Solver(), Solver(equivalence=False)
    for pos in _first_trick_positions(22, 15):
        norm.reset()
        raw.reset()
        assert norm.value(pos) == raw.value(pos), pos
    assert norm.nodes < raw.nodes
