"""What a player who sees every card makes against an agent: a ceiling for the arena's figures.

    python bench/perfect_play.py --against random --deals 300 --seed 1 --jobs 2

The arena of ``skat arena --agents A,AGENT --contract oracle --deals N --seed S`` (the same
deals, oracle contracts, six seat arrangements, Seeger-Fabian points, the same seeds for
``--against``), with A a player who looks at every hand: at each card it asks the
double-dummy solver, on the true deal, which cards still win the game for its side (61 card
points; Null: no trick) and, among those, which make or deny Schneider (PIMC with the one true
world instead of sampled ones, the tie-breaks of :class:`skat.ai.pimc.PimcAgent`); other
decisions are the heuristic's.  It assumes perfect play of the other side after each card,
so it is not the most any player can take from a weak opponent, but no card player without
sight of the cards reaches it on average: figures near it are at the ceiling of the deals.

Prints the arena's table and last line (``diff: +X.XX ± Y.YY TP/game (95% CI), deals: N``).
An unknown agent or a bad option is a one-line error (exit 2).
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor

from skat.ai.agent import Agent
from skat.ai.arena import (
    ARRANGEMENTS,
    GameOutcome,
    Options,
    agent_seed,
    deal_of,
    make_agent,
    new_report,
    oracle_prefix,
)
from skat.ai.dds import Position, goal
from skat.ai.pimc import Level, PimcAgent, declarer_wins
from skat.core import GameState
from skat.core.cards import Card
from skat.core.rules import Rules
from skat.core.state import View

SIGHTED = "sighted"


class Sighted(PimcAgent):
    """A PIMC player whose one world is the true deal (:attr:`state`, set before each
    decision by the loop that plays the game)."""

    def __init__(self, seed: int) -> None:
        super().__init__(Level(samples=1, nodes=10**12), seed=seed)
        self.state: GameState | None = None

    def scores(self, view: View, cards: list[Card]) -> tuple[dict[Card, int], int]:
        """Whether the declarer reaches his goal after each card, on the true deal."""
        assert self.state is not None
        target = goal(view)
        pos = Position.from_state(self.state)
        self._positions = [pos]
        return {card: int(declarer_wins(self.solver, pos.play(card), target)) for card in cards}, 1


def play_deal(args: tuple[str, int, int, str]) -> list[GameOutcome]:
    """The six games of deal ``index``: the sighted player as A, ``against`` as B."""
    against, seed, index, rules_text = args
    rules = Rules.parse(rules_text)
    deal = deal_of(seed, index)
    prefix = oracle_prefix(deal, rules, agent_seed(seed, index, -1, 0))
    out = []
    for number, seats in enumerate(ARRANGEMENTS):
        state = GameState(deal, rules)
        for action in prefix:
            state.apply(action)
        agents: list[Agent] = []
        for seat, who in enumerate(seats):
            s = agent_seed(seed, index, number, seat)
            agents.append(Sighted(s) if who == 0 else make_agent(against, s))
        while not state.is_over:
            agent = agents[state.to_move]
            if isinstance(agent, Sighted):
                agent.state = state
            state.apply(agent.choose(state.view(state.to_move)))
        out.append(GameOutcome.of(state, index, number, seats, (0, 0, 0)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", required=True, help="the arena's agent B (e.g. random)")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default="isko")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        Rules.parse(args.rules)
        make_agent(args.against, 0)
        if args.deals < 1 or args.jobs < 1:
            raise ValueError("--deals and --jobs must be at least 1")
    except (ValueError, TypeError, ImportError) as exc:
        print(f"perfect_play: {exc}", file=sys.stderr)
        return 2
    report = new_report([SIGHTED, args.against], Options(contract="oracle"))
    tasks = [(args.against, args.seed, i, args.rules) for i in range(args.deals)]
    with ProcessPoolExecutor(args.jobs) as pool:
        for done, outcomes in enumerate(pool.map(play_deal, tasks), 1):
            report.add(outcomes)
            if done % max(1, args.deals // 10) == 0:
                print(f"{done}/{args.deals} deals", file=sys.stderr, flush=True)
    print(f"arena: {SIGHTED} (A) vs {args.against} (B), rules {args.rules}, seed {args.seed}")
    print(report.table())
    print(report.last_line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
