"""Computer players against each other: whole matches, win rates with a 95 % interval.

Every match seats the agents in a rotation of the given order (match i rotates by i), so that
each agent sits at every seat equally often; the first dealer is drawn from the match's seed.
A win rate is the share of matches an agent *entry* won, with its Wilson 95 % interval; with
N entries a player no better than the others wins 1/N of the matches.

>>> report = run_arena(["heuristic", "random"], matches=20, seed=1)
>>> report.matches, sum(report.wins.values())
(20, 20)
>>> print(report.table().splitlines()[0])
agent        seats  wins  win rate  95% CI           fair share
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from skat.thirtyone.agents import AGENTS, Agent
from skat.thirtyone.match import Match
from skat.thirtyone.rules import Rules

MAX_TURNS_PER_ROUND = 10_000  # a safety stop: agents that never knock still end


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion.

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_match(agents: Sequence[Agent], rules: Rules, rng: random.Random) -> tuple[int, Match]:
    """Play one match to its end; returns the winner's seat and the match."""
    m = Match(len(agents), rules, rng)
    while not m.over:
        if m.round.over:
            m.next_round()
            continue
        turns = 0
        while not m.round.over:
            seat = m.round.to_move
            m.apply(agents[seat].choose(m.view(seat)))
            turns += 1
            if turns > MAX_TURNS_PER_ROUND:
                raise RuntimeError("a round did not end")
    winner = m.winner
    assert winner is not None
    return winner, m


@dataclass
class ArenaReport:
    """Wins per agent name over ``matches`` matches."""

    names: list[str]
    matches: int
    wins: dict[str, int] = field(default_factory=dict)
    rounds: int = 0

    def seats(self, name: str) -> int:
        """Match-seats the agent held (matches × entries of that name)."""
        return self.matches * self.names.count(name)

    def rate(self, name: str) -> float:
        """Share of its match-seats the agent won."""
        return self.wins.get(name, 0) / max(1, self.seats(name))

    def table(self) -> str:
        """The report as a text table."""
        lines = [f"{'agent':<12} {'seats':>5} {'wins':>5}  win rate  95% CI           fair share"]
        fair = 1 / len(self.names)
        for name in dict.fromkeys(self.names):
            n, w = self.seats(name), self.wins.get(name, 0)
            lo, hi = wilson(w, n)
            lines.append(
                f"{name:<12} {n:>5} {w:>5}  {w / max(1, n):7.1%}   "
                f"[{lo:5.1%}, {hi:5.1%}]   {fair:.1%}"
            )
        lines.append(
            f"matches: {self.matches}, players: {len(self.names)}, rounds: {self.rounds} "
            f"({self.rounds / max(1, self.matches):.1f} a match)"
        )
        return "\n".join(lines)


def run_arena(
    names: Sequence[str], matches: int, seed: int = 0, rules: Rules | None = None
) -> ArenaReport:
    """Play ``matches`` matches between agents named in :data:`AGENTS` (one entry a seat)."""
    for name in names:
        if name not in AGENTS:
            raise ValueError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})")
    rules = rules or Rules()
    report = ArenaReport(list(names), matches)
    n = len(names)
    for i in range(matches):
        order = [names[(j + i) % n] for j in range(n)]
        rng = random.Random(f"{seed}:{i}")
        agents = [AGENTS[name](random.Random(f"{seed}:{i}:{j}")) for j, name in enumerate(order)]
        winner, m = play_match(agents, rules, rng)
        report.wins[order[winner]] = report.wins.get(order[winner], 0) + 1
        report.rounds += m.rounds
    return report
