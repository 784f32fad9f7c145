"""Strength, small enough for CI: seeded and deterministic (no clocks), so a change that makes a
player weaker turns these red.

- The heuristic beats random by a wide margin on 300 duplicate deals (skat.ai.arena).
- PIMC beats the heuristic's rules where they provably err: positions of games of the rules
  (without the counted ending) in which the double-dummy solver shows the rules' card gives
  away 10 or more card points.
  PIMC (level easy) does not see the hidden cards, so it cannot always find the best card, but
  its cards must give away far fewer points there.
"""

from __future__ import annotations

from dataclasses import dataclass

from skat.ai.arena import run_arena
from skat.ai.dds import Position, solve_all
from skat.ai.heuristic import HeuristicAgent
from skat.ai.pimc import PimcAgent
from skat.core import GameState, Phase
from skat.core.cards import Card
from skat.core.contracts import NULL


def test_the_heuristic_beats_random_by_a_wide_margin() -> None:
    report = run_arena(["heuristic", "random"], deals=300, seed=1)
    heuristic, random_ = report.stats
    # about +243 TP a game, ± 4.3 (95 % interval); the heuristic wins 200 of its 220 games
    assert report.diff > 150 and report.diff - report.ci95 > 140
    assert heuristic.won > 4 * heuristic.lost  # the heuristic wins the games it declares
    assert random_.lost > 20 * random_.won  # random overbids and loses nearly all of its


@dataclass(frozen=True)
class _Mistake:
    state: GameState
    values: dict[Card, int]
    declarer_to_move: bool
    best: int

    def loss(self, card: Card) -> int:
        """Card points ``card`` gives away against the best card, for the side to move."""
        value = self.values[card]
        return self.best - value if self.declarer_to_move else value - self.best


def _heuristic_mistakes(count: int, min_loss: int = 10) -> list[tuple[_Mistake, Card]]:
    """The first card of each game of the heuristic's rules (suit or Grand, from the sixth trick
    on; without its counted ending) that gives away at least ``min_loss`` card points
    double-dummy, until ``count`` of them are found."""
    agent = HeuristicAgent(endgame=False)
    found: list[tuple[_Mistake, Card]] = []
    seed = 0
    while len(found) < count:
        state = GameState(seed=seed)
        seed += 1
        while not state.is_over:
            view = state.view(state.to_move)
            action = agent.choose(view)
            if (
                state.phase == Phase.PLAY
                and state.contract is not None
                and state.contract.game_type != NULL
                and len(state.tricks) >= 5
                and isinstance(action, Card)
                and len(view.legal_actions) > 1
            ):
                values = solve_all(Position.from_state(state))
                declarer = state.to_move == state.declarer
                best = max(values.values()) if declarer else min(values.values())
                mistake = _Mistake(state.copy(), values, declarer, best)
                if mistake.loss(action) >= min_loss:
                    found.append((mistake, action))
                    break
            state.apply(action)
    return found


def test_pimc_gives_away_far_fewer_points_where_the_heuristic_errs() -> None:
    mistakes = _heuristic_mistakes(40)
    heuristic = [m.loss(card) for m, card in mistakes]
    pimc = []
    for i, (m, _) in enumerate(mistakes):
        card = PimcAgent("easy", seed=i).choose(m.state.view(m.state.to_move))
        assert isinstance(card, Card)
        pimc.append(m.loss(card))
    assert min(heuristic) >= 10
    # about 540 card points given away by the heuristic, 245 by PIMC
    assert sum(pimc) < 0.6 * sum(heuristic)
    better = sum(p < h for p, h in zip(pimc, heuristic, strict=True))
    worse = sum(p > h for p, h in zip(pimc, heuristic, strict=True))
    assert better >= 15 and worse <= 3  # 22 better, none worse
