"""Declarer win rates per game type of one agent against two defenders of another.

    python bench/declarer_rates.py --declarer heuristic --defenders pimc-hard \\
        --deals 300 --seed 35 --jobs 2 --out h.jsonl

The contracts are the arena's ``--contract oracle`` ones (three heuristic players bid, pick up
the skat and declare); of each deal only the one game the arena plays with the declarer's seat
given to ``--declarer`` and both defenders' seats to ``--defenders`` is played (arrangement
ABB, BAB or BBA of ``skat arena --agents DECLARER,DEFENDERS``, the same agent seeds: the game
is the arena's).  A run is therefore a sixth of the arena's work and a third of its strong
player's decisions: the way to measure a declarer against slow defenders (pimc-hard).

Prints per game type (suit, Grand, Null) the games won / played and the win rate with its
95 % interval (Wilson), and the mean card points of the declarer; ``--out FILE`` writes one
line per game (deal, game type, won, declarer's card points and score, Schneider/Schwarz) so
that two runs on the same deals can be paired (``--pair OTHER``: the games won by one and lost by the
other, per game type).  Passed-in deals are left out.  An unknown agent or a bad option is a
one-line error (exit 2).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TextIO

from skat.ai.agent import SafeAgent
from skat.ai.arena import ARRANGEMENTS, agent_seed, deal_of, make_agent, oracle_prefix, play_game
from skat.core import GameState
from skat.core.rules import Rules

KINDS = ("suit", "grand", "null")


def _kind(game_type: int) -> str:
    return "suit" if game_type <= 3 else "grand" if game_type == 4 else "null"


def play(args: tuple[str, str, int, int, str]) -> dict[str, object] | None:
    """The arena's game of deal ``index`` with ``declarer`` declaring against two
    ``defenders`` (None when the deal is passed in)."""
    declarer, defenders, seed, index, rules_text = args
    rules = Rules.parse(rules_text)
    deal = deal_of(seed, index)
    prefix = oracle_prefix(deal, rules, agent_seed(seed, index, -1, 0))
    state = GameState(deal, rules)
    for action in prefix:
        state.apply(action)
    seat = state.declarer
    if state.is_over or state.contract is None or seat is None:
        return None
    number = next(
        n
        for n, seats in enumerate(ARRANGEMENTS)
        if seats[seat] == 0 and sum(seats) == 2  # A declares, B defends twice
    )
    names = (declarer, defenders)
    agents = [
        SafeAgent(make_agent(names[who], agent_seed(seed, index, number, s)))
        for s, who in enumerate(ARRANGEMENTS[number])
    ]
    play_game(state, agents)
    result = state.result
    assert result is not None
    fallbacks = sum(int(getattr(agent, "fallbacks", 0)) for agent in agents)
    return {
        "deal": index,
        "kind": _kind(int(state.contract.game_type)),
        "won": bool(result.won),
        "points": int(result.points),
        "score": int(result.score),
        "schneider": bool(result.schneider),
        "schwarz": bool(result.schwarz),
        "fallbacks": fallbacks,
    }


def wilson(won: int, played: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a win rate.

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    if played == 0:
        return (0.0, 1.0)
    z = 1.96
    p = won / played
    centre = (p + z * z / (2 * played)) / (1 + z * z / played)
    half = z * math.sqrt(p * (1 - p) / played + z * z / (4 * played * played))
    return (centre - half / (1 + z * z / played), centre + half / (1 + z * z / played))


def table(games: Iterable[dict[str, object]]) -> str:
    """Won / played, rate and interval, mean card points per game type."""
    cells: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for game in games:
        for key in (str(game["kind"]), "all"):
            cell = cells[key]
            cell[0] += bool(game["won"])
            cell[1] += 1
            cell[2] += int(str(game["points"]))
    lines = ["type   won/played  rate   95% interval   declarer's card points"]
    for key in (*KINDS, "all"):
        won, played, points = cells[key]
        if played:
            low, high = wilson(won, played)
            lines.append(
                f"{key:<6} {won:>4}/{played:<6} {won / played:6.1%}  "
                f"{low:5.1%} - {high:5.1%}   {points / played:5.1f}"
            )
    return "\n".join(lines)


def pair(mine: list[dict[str, object]], others: list[dict[str, object]], other_path: str) -> str:
    """The games one run won and the other lost, per game type (same deals only)."""
    other = {int(str(g["deal"])): g for g in others}
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for game in mine:
        theirs = other.get(int(str(game["deal"])))
        if theirs is None or theirs["kind"] != game["kind"]:
            continue
        cell = counts[str(game["kind"])]
        cell[0] += bool(game["won"]) and not theirs["won"]
        cell[1] += bool(theirs["won"]) and not game["won"]
        cell[2] += 1
    lines = [f"paired with {other_path}: type  only this run won / only the other won, of games"]
    for key in KINDS:
        a, b, n = counts[key]
        if n:
            lines.append(f"  {key:<6} {a:>3} / {b:<3} of {n}")
    return "\n".join(lines)


def read(path: str) -> list[dict[str, object]]:
    """The games of an ``--out`` file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None


def _play_all(
    tasks: Sequence[tuple[str, str, int, int, str]], jobs: int, out: TextIO | None
) -> list[dict[str, object]]:
    """Play the deals' games, a line to ``out`` as each one ends (a stopped run keeps them)."""
    games: list[dict[str, object]] = []
    with ProcessPoolExecutor(jobs) as pool:
        for done, game in enumerate(pool.map(play, tasks), 1):
            if game is not None:
                games.append(game)
                if out is not None:
                    out.write(json.dumps(game) + "\n")
                    out.flush()
            if done % max(1, len(tasks) // 10) == 0:
                print(f"{done}/{len(tasks)} deals", file=sys.stderr, flush=True)
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--declarer", required=True)
    parser.add_argument("--defenders", required=True)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--rules", default="isko")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="write one line a game")
    parser.add_argument("--pair", help="an --out file of another run on the same deals")
    args = parser.parse_args(argv)
    try:
        Rules.parse(args.rules)
        for name in (args.declarer, args.defenders):
            make_agent(name, 0)
        others = read(args.pair) if args.pair else []
        if args.deals < 1 or args.jobs < 1:
            raise ValueError("--deals and --jobs must be at least 1")
    except (ValueError, TypeError, ImportError) as exc:
        print(f"declarer_rates: {exc}", file=sys.stderr)
        return 2
    tasks = [(args.declarer, args.defenders, args.seed, i, args.rules) for i in range(args.deals)]
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(Path(args.out).open("w", encoding="utf-8")) if args.out else None
        games = _play_all(tasks, args.jobs, out)
    print(f"{args.declarer} declaring against two {args.defenders}, seed {args.seed}:")
    print(table(games))
    fallbacks = sum(int(str(g["fallbacks"])) for g in games)
    print(f"fallbacks: {fallbacks}")
    if args.pair:
        print(pair(games, others, args.pair))
    return 1 if fallbacks else 0


if __name__ == "__main__":
    sys.exit(main())
