"""pagat.com: a round of compulsory Ramsch after each Bock round (ramsch_rounds=on).
A Ramsch round has as many hands as players; a Grand Hand does not count toward completing it
and the same dealer deals again."""

from __future__ import annotations

import random

import pytest

from skat.core import GameState, Rules
from skat.series import Rounds, Series, SeriesError

from ._support import PASSED, lost, ramsch, won

FH, MH, RH = 0, 1, 2
PUB = Rules.parse("isko,ramsch=schieberamsch,bock=on,ramsch_rounds=on")


def test_a_ramsch_round_follows_the_bock_round() -> None:
    s = Series(["A", "B", "C"], PUB, seed=1)
    s.add(won("G", 120, FH))  # game 1: Bock and Ramsch rounds queued
    assert s.rounds == Rounds([("bock", 3), ("ramsch", 3)])
    for _ in range(3):
        s.add(PASSED)  # games 2-4: Bock
    assert s.kind == "ramsch"
    s.add(ramsch(0, -40, 0))  # game 5 (dealer B: C, A, B): A -40
    s.add(ramsch(-61, 0, 0))  # game 6 (dealer C: A, B, C): A -61
    s.add(ramsch(0, 0, -30))  # game 7 (dealer A: B, C, A): A -30
    assert s.kind == "normal"
    assert [r.kind for r in s.records] == ["normal"] + ["bock"] * 3 + ["ramsch"] * 3
    assert s.totals == [-131, 120, 0]
    assert s.won == [0, 1, 0] and s.lost == [0, 0, 0]  # a Ramsch is no won or lost game


def test_a_grand_hand_in_a_ramsch_round_does_not_count_and_the_same_dealer_deals_again() -> None:
    s = Series(["A", "B", "C"], PUB, seed=1)
    s.add(won("G", 120, FH))
    for _ in range(3):
        s.add(PASSED)
    assert s.kind == "ramsch" and s.dealer_name == "B" and s.turn == 4
    s.add(ramsch(0, -40, 0))  # game 5, dealer B
    s.add(won("GH", 48, MH))  # game 6, dealer C: B plays Grand Hand instead of the Ramsch
    record = s.records[-1]
    assert record.kind == "ramsch" and not record.counts and record.entries == (0, 48, 0)
    assert s.dealer_name == "C" and s.turn == 5  # C deals again
    assert s.rounds.queue[0] == ("ramsch", 2)
    # the won Grand Hand triggers the next Bock round, queued after this Ramsch round
    assert record.triggers == ("grand_hand",)
    assert s.rounds == Rounds([("ramsch", 2), ("bock", 3), ("ramsch", 3)])
    s.add(lost("GH", 48, FH))  # game 7, dealer C again; a lost Grand Hand does not count either
    assert s.dealer_name == "C" and s.rounds.queue[0] == ("ramsch", 2)
    s.add(ramsch(0, 0, -20))  # game 8, dealer C
    s.add(ramsch(0, 0, -20))  # game 9, dealer A
    assert s.kind == "bock" and s.dealer_name == "B" and s.turn == 7


def test_the_grand_hand_does_not_use_up_a_turn_of_the_series() -> None:
    s = Series(["A", "B", "C"], PUB, seed=1, games=6)
    s.add(won("G", 120, FH))
    for _ in range(3):
        s.add(PASSED)
    s.add(won("GH", 48, FH))  # extra game
    s.add(ramsch(0, -10, 0))
    s.add(ramsch(0, -10, 0))
    assert s.is_over and len(s.records) == 7 and s.turn == 6


def test_a_ramsch_round_game_cannot_be_passed_in() -> None:
    s = Series(["A", "B", "C"], PUB, seed=1)
    s.add(won("G", 120, FH))
    for _ in range(3):
        s.add(PASSED)
    with pytest.raises(SeriesError, match="Ramsch round"):
        s.add(PASSED)


def test_no_ramsch_rounds_without_the_option() -> None:
    s = Series(["A", "B", "C"], Rules.parse("isko,bock=on"), seed=1)
    s.add(won("G", 120, FH))
    assert s.rounds == Rounds([("bock", 3)])
    with pytest.raises(SeriesError, match="ramsch on"):
        s.add(ramsch(0, -10, 0))


def test_ramsch_rounds_with_the_engine() -> None:
    """The series starts a compulsory Ramsch (GameState(..., ramsch=True)) in a Ramsch round;
    random players often choose Grand Hand in Schieberamsch, which repeats the dealer."""
    s = Series(["A", "B", "C", "D"], PUB, seed=5, games=40)
    moves = random.Random(9)
    while not s.is_over:
        before = (s.kind, s.dealer, s.turn)
        game = s.next_game()
        assert isinstance(game, GameState)
        record = s.play(lambda g: moves.choice(g.legal_actions()))
        assert record.kind == before[0]
        if record.kind == "ramsch":
            res = record.result
            assert res.ramsch is not None or (res.contract is not None and res.contract.hand)
            if res.ramsch is None:
                assert (s.dealer, s.turn) == (before[1], before[2])
                continue
        assert s.turn == before[2] + 1 and s.dealer == (before[1] + 1) % 4
    kinds = {r.kind for r in s.records}
    assert {"bock", "ramsch"} <= kinds
    assert any(r.kind == "ramsch" and not r.counts for r in s.records)
    assert s.totals == [sum(r.entries[p] for r in s.records) for p in range(4)]


def test_a_ramsch_round_game_started_without_the_series_is_refused() -> None:
    s = Series(["A", "B", "C"], PUB, seed=1)
    s.add(won("G", 120, FH))
    for _ in range(3):
        s.add(PASSED)
    game = GameState(s.deal, s.rules)  # an ordinary game for the Ramsch round's deal
    for action in ("18", "y", "p", "p", "s"):
        game.apply(action)
    game.apply(game.legal_actions()[0])  # put two cards away
    game.apply("C")
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    with pytest.raises(SeriesError, match="Ramsch round: it is a Ramsch or a Grand Hand"):
        s.record(game)
    with pytest.raises(SeriesError, match="Ramsch round"):
        s.add(won("C", 24, FH))
