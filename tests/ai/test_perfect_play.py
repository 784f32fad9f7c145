"""``bench/perfect_play.py``: the player who sees every card, a ceiling for the arena."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from skat.ai.arena import agent_seed, deal_of, oracle_prefix
from skat.ai.dds import Position, Solver
from skat.ai.pimc import declarer_wins
from skat.core import GameState
from skat.core.rules import Rules

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "perfect_play.py"
sys.path.insert(0, str(ROOT / "bench"))

import perfect_play  # noqa: E402


def test_sighted_players_win_every_game_the_solver_gives_their_side_at_the_first_card() -> None:
    solver, rules, checked = Solver(), Rules.parse("isko"), 0
    for index in range(12):
        deal = deal_of(1, index)
        state = GameState(deal, rules)
        for action in oracle_prefix(deal, rules, agent_seed(1, index, -1, 0)):
            state.apply(action)
        if state.is_over:
            continue
        won_from_start = declarer_wins(solver, Position.from_state(state), 61)
        for outcome in perfect_play.play_deal(("heuristic", 1, index, "isko")):
            declarer = outcome.result.declarer
            assert declarer is not None
            sighted = [seat for seat in range(3) if outcome.seats[seat] == 0]
            if won_from_start and declarer in sighted:
                assert outcome.result.won, (index, outcome.arrangement)
                checked += 1
            if not won_from_start and set(sighted) == {0, 1, 2} - {declarer}:
                assert not outcome.result.won, (index, outcome.arrangement)
                checked += 1
    assert checked >= 6


def test_the_command_prints_the_arenas_last_line_and_refuses_an_unknown_agent() -> None:
    run = [sys.executable, str(SCRIPT), "--deals", "2", "--seed", "3"]
    proc = subprocess.run([*run, "--against", "random"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1].startswith("diff: ")
    bad = subprocess.run([*run, "--against", "nobody"], capture_output=True, text=True)
    assert bad.returncode == 2 and "nobody" in bad.stderr and bad.stderr.count("\n") == 1
