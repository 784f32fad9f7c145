"""The double-dummy solver (skat.ai.dds): checked against a brute-force minimax on thousands
of random endings (suit, Grand, Null, Schwarz announced), the numba and pure-Python kernels
against each other, the position model against the engine, and on real recorded games."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from skat.ai import _kernel
from skat.ai.dds import (
    TRICKS,
    Position,
    PositionError,
    Solver,
    analyse,
    best_line,
    brute_force,
    reaches,
    solve,
    solve_all,
)
from skat.core import Card, Deal, GameState
from skat.core.cards import points_of
from skat.core.state import PLAY

DATA = Path(__file__).resolve().parents[1] / "data" / "iss" / "real.sgf"


def random_ending(
    rng: random.Random, max_tricks: int = 4, game_type: int | None = None
) -> Position:
    """A random ending: k tricks left in the hands, 0-2 random legal cards of the trick played."""
    k = rng.randint(1, max_tricks)
    deck = list(range(32))
    rng.shuffle(deck)
    hands = tuple(sum(1 << c for c in deck[i * k : (i + 1) * k]) for i in range(3))
    gt = rng.randrange(6) if game_type is None else game_type
    done = 10 - k
    gone = deck[3 * k :]
    decl_tricks = rng.randint(0, done)
    # what has been won: a random split of the gone cards (the skat counted for the declarer)
    decl_won = sum(1 << c for c in gone if rng.random() < 0.5)
    pos = Position(
        hands=(hands[0], hands[1], hands[2]),
        game_type=gt,
        declarer=rng.randrange(3),
        leader=rng.randrange(3),
        declarer_points=points_of(decl_won) if gt != 5 else 0,
        defender_points=points_of(sum(1 << c for c in gone) & ~decl_won) if gt != 5 else 0,
        declarer_tricks=0 if gt == 5 else decl_tricks,
        defender_tricks=done if gt == 5 else done - decl_tricks,
        schwarz=gt != 5 and rng.random() < 0.15,
    )
    if pos.schwarz:
        pos = Position(**{**pos.__dict__, "defender_tricks": 0, "declarer_tricks": done})
    for _ in range(rng.randint(0, 2)):
        pos = pos.play(rng.choice(pos.legal_cards()))
    return pos


@pytest.mark.parametrize("game_type", [None, 0, 3, 4, 5])
def test_solve_agrees_with_brute_force_on_random_endings(game_type: int | None) -> None:
    rng = random.Random(1000 + (game_type if game_type is not None else 9))
    for _ in range(500):
        pos = random_ending(rng, 4 if rng.random() < 0.3 else 3, game_type)
        assert solve(pos) == brute_force(pos), pos


def test_trick_objective_agrees_with_brute_force() -> None:
    rng = random.Random(7)
    s = Solver()
    for _ in range(300):
        pos = random_ending(rng, 3, rng.randrange(5))
        assert s.value(pos, TRICKS) == brute_force(pos, TRICKS), pos


def test_solve_all_and_reaches_are_consistent_with_solve() -> None:
    rng = random.Random(3)
    for _ in range(300):
        pos = random_ending(rng, 4)
        v = solve(pos)
        vals = solve_all(pos)
        assert set(vals) == set(pos.legal_cards())
        pick = max if pos.to_move == pos.declarer else min
        assert pick(vals.values()) == v, pos
        if pos.game_type == 5:
            assert reaches(pos, 0) == (v == 1)
        else:
            total = pos.declarer_points + v
            assert reaches(pos, total) and not reaches(pos, total + 1), pos
            assert reaches(pos, 0)


def test_best_line_reaches_the_value() -> None:
    rng = random.Random(4)
    for _ in range(100):
        pos = random_ending(rng, 4)
        v = solve(pos)
        end = pos
        for card in best_line(pos):
            end = end.play(card)
        assert end.is_over
        if pos.game_type == 5:
            assert (end.declarer_tricks == 0) == (v == 1)
        else:
            assert end.declarer_points - pos.declarer_points == v, pos


def _engine_game(rng: random.Random) -> GameState:
    """A random game through the engine up to the first lead (random bids and declaration)."""
    while True:
        state = GameState(Deal.random(rng))
        while not state.is_over and state.phase != PLAY:
            state.apply(rng.choice(state.legal_actions()))
        if state.phase == PLAY and state.contract is not None:
            return state


def test_position_play_follows_the_engine() -> None:
    rng = random.Random(5)
    for _ in range(60):
        state = _engine_game(rng)
        pos = Position.from_state(state)
        assert Position.parse(str(pos)) == pos
        while not state.is_over:
            cards = [a for a in state.legal_actions() if isinstance(a, Card)]
            assert sorted(cards) == pos.legal_cards()
            card = rng.choice(cards)
            state.apply(card)
            pos = pos.play(card)
            if state.is_over:
                assert pos.is_over
                break
            assert Position.from_state(state) == pos
        if state.contract is not None and state.contract.game_type != 5 and state.result:
            assert pos.declarer_points == state.result.points


def test_engine_endings_agree_with_brute_force() -> None:
    rng = random.Random(6)
    checked = 0
    while checked < 200:
        state = _engine_game(rng)
        stop = rng.randint(18, 28)  # cards played before the ending is solved
        for _ in range(stop):
            if state.is_over:
                break
            state.apply(rng.choice([a for a in state.legal_actions() if isinstance(a, Card)]))
        if state.is_over:
            continue
        pos = Position.from_state(state)
        assert solve(pos) == brute_force(pos), pos
        checked += 1


_SUBPROCESS = """
import json, random, sys
sys.path.insert(0, {tests!r})
from ai.test_dds import random_ending
from skat.ai import _kernel
from skat.ai.dds import Solver
rng = random.Random(11)
s = Solver()
out = [s.value(random_ending(rng, 5)) for _ in range(400)]
print(json.dumps([_kernel.USE_NUMBA, out]))
"""


@pytest.mark.skipif(not _kernel.USE_NUMBA, reason="numba not installed: one path only")
def test_numba_and_pure_python_kernels_agree() -> None:
    tests = str(Path(__file__).resolve().parents[1])
    env = {**os.environ, "SKAT_NO_NUMBA": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", _SUBPROCESS.format(tests=tests)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=900,
    )
    used_numba, python_values = json.loads(proc.stdout.strip().splitlines()[-1])
    assert used_numba is False
    rng = random.Random(11)
    s = Solver()
    assert [s.value(random_ending(rng, 5)) for _ in range(400)] == python_values


def test_notation_round_trip_and_errors() -> None:
    p = Position.parse("C decl=2 lead=1 trick=HA hands=CJ.S7/D7/HT.HK points=30:12 tricks=2:1")
    assert p.to_move == 2 and Position.parse(str(p)) == p and eval(repr(p)) == p
    for bad in (
        "X decl=0 hands=CJ/SJ/HJ",
        "G hands=CJ/SJ/HJ",
        "G decl=0 hands=CJ.SJ/HJ/DJ",
        "G decl=0 hands=CJ/CJ/HJ",
        "G decl=0 hands=CJ/SJ",
        "G decl=0 hands=CJ/SJ/HJ colour=red",
    ):
        with pytest.raises(PositionError):
            Position.parse(bad)


def test_null_and_schwarz_endings() -> None:
    # Null: the declarer holds the lowest diamonds and must stay under
    assert solve(Position.parse("N decl=0 hands=D7.D8/DA.D9/DK.DT")) == 1
    assert solve(Position.parse("N decl=0 hands=DA.D8/D7.D9/DK.DT")) == 0
    # Schwarz announced: the game ends at the defenders' first trick, so the trick of the
    # heart ace is never played
    pos = Position.parse("G decl=0 lead=1 hands=S7.HA/SA.HK/ST.HT tricks=8:0 schwarz")
    assert solve(pos) == 0 and brute_force(pos) == 0
    assert Solver().value(pos, TRICKS) == 0
    assert solve(Position.parse("G decl=0 lead=1 hands=S7.HA/SA.HK/ST.HT tricks=8:0")) == 25
    pos = Position.parse("G decl=0 hands=S7.HA/SA.HK/ST.HT tricks=8:0 schwarz")
    assert solve(pos) == 25 and Solver().value(pos, TRICKS) == 1


def _replay_to(state: GameState, tricks: int) -> GameState | None:
    """The game replayed from its deal until ``tricks`` tricks are complete (None if it ended)."""
    new = GameState(state.deal, state.rules)
    for ev in state.history:
        if new.phase == PLAY and len(new.tricks) >= tricks and not new.current_trick:
            return new
        new.apply(ev.action, ev.seat)
    return None


def test_real_games_solve_and_analyse() -> None:
    records = pytest.importorskip("skat.records")
    analysed = solved = 0
    for rec in records.read_iss(DATA):
        if isinstance(rec, records.RecordError):
            continue
        try:
            rep = records.replay(rec)
        except records.ReplayError:
            continue
        state = rep.state
        if state.contract is None or not state.tricks:
            continue
        # every game: the ending of its last tricks (5 with numba, 3 without) solved exactly
        mid = _replay_to(state, 5 if _kernel.USE_NUMBA else 7)
        if mid is not None and mid.phase == PLAY:
            pos = Position.from_state(mid)
            v = solve(pos)
            assert 0 <= v <= max(pos.remaining_points, 1)
            vals = solve_all(pos)
            pick = max if pos.to_move == pos.declarer else min
            assert pick(vals.values()) == v
            solved += 1
        # a few games analysed card by card from the first lead (one without numba: short ones)
        if analysed < (2 if _kernel.USE_NUMBA else 0):
            result = analyse(rep)
            assert result.start is not None and result.could_win is not None
            assert result.moves and all(m.loss >= 0 for m in result.moves)
            assert all(m.played in (m.best, *range(121)) for m in result.moves)
            if result.could_win:
                assert result.winning_line
            analysed += 1
    assert solved >= 10
