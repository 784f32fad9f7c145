"""The duplicate arena of the variants: two computer players of a variant (Strohmann, Officers'
Skat, Tournee Skat; :data:`~skat.ai.variants.AGENT_KINDS`) play the same deals in every
seating, so the luck of the cards cancels (``skat arena --variant NAME --agents A,B``).

* A game for two (Strohmann, Officers' Skat) is played twice per deal, the players' seats
  swapped: A at the first player's seat and B at the second, then B and A.  (Strohmann's
  dummy sits at Middlehand; the players are Forehand and Rearhand.)
* Tournee Skat is played six times per deal, in the seatings of the three-handed arena
  (:data:`skat.ai.arena.ARRANGEMENTS`: ``AAB ABA BAA ABB BAB BBA``).

Each game is scored the Seeger-Fabian way from the variant's own result: the declarer writes
his game's score (Tournee's and Officers' own values; a lost game's score as the variant
counts it) plus 50 for a won game, minus 50 for a lost one; each player against him writes 40
when he loses.  A passed-in game writes nothing.  An agent's *TP per game* is its total over
the seat-games it played divided by their number (per deal: 2 of the 4 seat-games of a game
for two, 9 of the 18 of Tournee); the difference A − B is taken per deal, and its 95 %
confidence interval comes from the paired differences (``1.96 · s / √n``).

The deals and the agents' seeds come from the arena seed, the deal number and the seating
only; every agent is made fresh for each game, and no player looks at the clock, so a run
gives the same figures on any machine.

>>> report = run_variant_arena("officers", ["heuristic", "random"], deals=2, seed=1)
>>> report.games, len(report.deal_diffs), report.last_line().startswith("diff: ")
(4, 2, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from skat.ai.arena import ARRANGEMENTS, ci95_half_width
from skat.ai.variants import AGENT_KINDS, VariantAgent, mover, variant_agent
from skat.variants import find_variant

__all__ = [
    "SEATINGS",
    "VARIANTS",
    "VariantArenaReport",
    "game_points",
    "play_seated",
    "run_variant_arena",
    "seatings",
]

VARIANTS: Final = ("strohmann", "officers", "tournee")
"""The variants the arena plays."""

SEATINGS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    2: ((0, 1), (1, 0)),
    3: ARRANGEMENTS,
}
"""Per number of players: which agent (0 = A, 1 = B) plays each player's seat, per game."""

WON_BONUS: Final = 50
LOST_BONUS: Final = 40


def seatings(variant: str) -> tuple[tuple[int, ...], ...]:
    """The seatings of one deal of ``variant`` (``ValueError`` for an unknown one)."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r} (known: {', '.join(VARIANTS)})")
    return SEATINGS[3 if variant == "tournee" else 2]


def player_seats(state: Any) -> tuple[int, ...]:
    """The seats of a game's players (Strohmann: not the dummy's)."""
    players = getattr(state, "players", None)
    if players is not None:
        return tuple(players)
    return (0, 1) if state.variant == "officers" else (0, 1, 2)


def game_points(state: Any) -> dict[int, int]:
    """Seeger-Fabian-like points of a finished game per player seat (module doc)."""
    seats = player_seats(state)
    out = dict.fromkeys(seats, 0)
    result = state.result
    if result is None or result.declarer is None:
        return out
    d = result.declarer
    out[d] = result.score + (WON_BONUS if result.won else -WON_BONUS)
    if not result.won:
        for s in seats:
            if s != d:
                out[s] += LOST_BONUS
    return out


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of an arena run with ``seed``."""
    return random.Random(f"variant-deal:{seed}:{index}").getrandbits(63)


def agent_seed(seed: int, index: int, game: int, seat: int) -> int:
    """The seed of the agent at ``seat`` in game ``game`` of deal ``index``."""
    return random.Random(f"variant-agent:{seed}:{index}:{game}:{seat}").getrandbits(31)


def play_seated(state: Any, agents: dict[int, VariantAgent]) -> Any:
    """Play ``state`` to the end, ``agents[seat]`` choosing for each player seat."""
    while not state.is_over:
        seat = mover(state)
        view = state.view(seat)
        action = agents[seat].choose(view)
        if action not in view.legal_actions:
            raise ValueError(f"{type(agents[seat]).__name__} chose {action}, not a legal action")
        state.apply(action, seat)
    return state


@dataclass
class VariantArenaReport:
    """The figures of a variant arena run."""

    variant: str
    names: tuple[str, str]
    tp: list[int] = field(default_factory=lambda: [0, 0])
    seat_games: list[int] = field(default_factory=lambda: [0, 0])
    won: list[int] = field(default_factory=lambda: [0, 0])
    lost: list[int] = field(default_factory=lambda: [0, 0])
    games: int = 0
    passed: int = 0
    deal_diffs: list[float] = field(default_factory=list)

    def add_deal(self, games: Sequence[tuple[tuple[int, ...], Any]]) -> None:
        """Count one deal's games: (agent per player seat, finished state) each."""
        per = [0, 0]
        count = [0, 0]
        for who, state in games:
            self.games += 1
            points = game_points(state)
            result = state.result
            if result is None or result.declarer is None:
                self.passed += 1
            for seat, agent in zip(player_seats(state), who, strict=True):
                per[agent] += points[seat]
                count[agent] += 1
                if result is not None and result.declarer == seat:
                    (self.won if result.won else self.lost)[agent] += 1
        for a in (0, 1):
            self.tp[a] += per[a]
            self.seat_games[a] += count[a]
        self.deal_diffs.append(per[0] / count[0] - per[1] / count[1])

    def tp_per_game(self, agent: int) -> float:
        """The agent's tournament points per seat-game."""
        return self.tp[agent] / self.seat_games[agent] if self.seat_games[agent] else 0.0

    @property
    def diff(self) -> float:
        """Mean per-deal difference A − B in TP per game."""
        n = len(self.deal_diffs)
        return sum(self.deal_diffs) / n if n else 0.0

    @property
    def ci95(self) -> float:
        """Half-width of the 95 % confidence interval of :attr:`diff`."""
        return ci95_half_width(self.deal_diffs)

    def table(self) -> str:
        """Per agent: TP per game, games won and lost as declarer."""
        rows = [f"{'agent':<12} {'TP/game':>9} {'won':>5} {'lost':>5}"]
        for a, label in ((0, "A"), (1, "B")):
            name = f"{self.names[a]} ({label})"
            rows.append(
                f"{name:<12} {self.tp_per_game(a):>+9.2f} {self.won[a]:>5} {self.lost[a]:>5}"
            )
        rows.append(f"games: {self.games}, passed in: {self.passed}")
        return "\n".join(rows)

    def last_line(self) -> str:
        """``diff: +X.XX ± Y.YY TP/game (95% CI), deals: N``."""
        ci = "inf" if math.isinf(self.ci95) else f"{self.ci95:.2f}"
        return f"diff: {self.diff:+.2f} ± {ci} TP/game (95% CI), deals: {len(self.deal_diffs)}"


def play_deal(variant: str, names: Sequence[str], seed: int, index: int) -> list[Any]:
    """The games of one deal, one per seating: (agent per player seat, finished state)."""
    kind = find_variant(variant)
    out = []
    for game, who in enumerate(seatings(variant)):
        state = kind.start(seed=deal_seed(seed, index))
        seats = player_seats(state)
        agents = {
            s: variant_agent(variant, names[a], agent_seed(seed, index, game, s))
            for s, a in zip(seats, who, strict=True)
        }
        out.append((who, play_seated(state, agents)))
    return out


def run_variant_arena(
    variant: str,
    names: Sequence[str],
    deals: int = 100,
    seed: int = 0,
    on_deal: Callable[[], None] | None = None,
) -> VariantArenaReport:
    """Play ``deals`` duplicate deals of ``variant`` between the agents ``names`` (two of
    :data:`~skat.ai.variants.AGENT_KINDS`); ``ValueError`` naming what is unknown."""
    seatings(variant)
    if len(names) != 2:
        raise ValueError(f"the arena takes two agents, not {len(names)}")
    for name in names:
        if name not in AGENT_KINDS:
            raise ValueError(f"unknown {variant} player {name!r} (known: {', '.join(AGENT_KINDS)})")
    report = VariantArenaReport(variant, (names[0], names[1]))
    for index in range(deals):
        report.add_deal(play_deal(variant, names, seed, index))
        if on_deal is not None:
            on_deal()
    return report
