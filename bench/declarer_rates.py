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
other, per game type, and the declarer's side's Seeger points on the deals both played).
Passed-in deals are left out (with ``--deal-list``, written as ``"kind": "passed"``, 0 points).

``--only null`` plays just the deals whose contract is a Null (the contracts cost a few
milliseconds a deal, the games are the work) and prints Null games by their dangerous cards and
suits with a hole (:func:`skat.ai.heuristic.null_risk`, :func:`~skat.ai.heuristic.null_holes`
of the declarer's ten cards, his discard known): how the heuristic's Null chances were
measured.  ``--oracle NAME`` fixes the contracts by another agent's bidding (an older
heuristic as a renamed copy of its package, say).  ``--deal-list FILE`` plays only the deals
whose numbers FILE holds (whitespace apart): the deals where two versions' contracts differ,
from their ``--only`` runs.  An unknown agent or a bad option is a one-line error (exit 2).

    python bench/declarer_rates.py --declarer heuristic --defenders pimc-hard --deals 2500 \\
        --seed 99 --only null --jobs 2
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
from skat.ai.arena import (
    ARRANGEMENTS,
    ORACLE,
    agent_seed,
    deal_of,
    make_agent,
    oracle_prefix,
    play_game,
)
from skat.ai.heuristic import null_holes, null_risk
from skat.core import GameState
from skat.core.rules import Rules

KINDS = ("suit", "grand", "null")


def _kind(game_type: int) -> str:
    return "suit" if game_type <= 3 else "grand" if game_type == 4 else "null"


def seeger(won: bool, score: int) -> int:
    """The declarer's Seeger-Fabian points relative to the two defenders (each gets 40 for a
    lost game in a three-player list).

    >>> seeger(True, 23), seeger(False, -46)
    (73, -176)
    """
    return score + 50 if won else score - 50 - 80


def play(args: tuple[str, str, int, int, str, str, str]) -> dict[str, object] | None:
    """The arena's game of deal ``index`` with ``declarer`` declaring against two
    ``defenders`` (None when the deal is passed in or its contract is not of the kind
    ``only``, unless ``only`` is ``"listed"``: then a passed deal is a line of its own)."""
    declarer, defenders, seed, index, rules_text, only, oracle = args
    rules = Rules.parse(rules_text)
    deal = deal_of(seed, index)
    prefix = oracle_prefix(deal, rules, agent_seed(seed, index, -1, 0), oracle)
    state = GameState(deal, rules)
    for action in prefix:
        state.apply(action)
    seat = state.declarer
    if state.is_over or state.contract is None or seat is None:
        if only == "listed":
            return {"deal": index, "kind": "passed", "won": False, "points": 0, "score": 0,
                    "seeger": 0, "fallbacks": 0}  # fmt: skip
        return None
    kind = _kind(int(state.contract.game_type))
    if only not in ("", "listed", kind):
        return None
    view = state.view(seat)
    hand, discard = view.hand.mask, (view.discard.mask if view.discard is not None else 0)
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
    game: dict[str, object] = {
        "deal": index,
        "kind": kind,
        "contract": str(state.contract),
        "won": bool(result.won),
        "points": int(result.points),
        "score": int(result.score),
        "seeger": seeger(bool(result.won), int(result.score)),
        "schneider": bool(result.schneider),
        "schwarz": bool(result.schwarz),
        "fallbacks": fallbacks,
    }
    if kind == "null":
        game["risk"], game["holes"] = null_risk(hand), null_holes(hand, discard)
    return game


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
        if game["kind"] == "passed":
            continue
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


def null_table(games: Iterable[dict[str, object]]) -> str:
    """Null games won / played by dangerous cards and suits with a hole ("" without Nulls)."""
    cells: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    for game in games:
        if game["kind"] == "null":
            key = (min(int(str(game["risk"])), 2), min(int(str(game["holes"])), 2))
            cells[key][0] += bool(game["won"])
            cells[key][1] += 1
    lines = ["Null by dangerous cards and suits with a hole (2: two or more): won/played"]
    for (risk, holes), (won, played) in sorted(cells.items()):
        lines.append(f"  dangerous {risk}, holes {holes}: {won:>4}/{played:<4} {won / played:6.1%}")
    return "\n".join(lines) if cells else ""


def pair(mine: list[dict[str, object]], others: list[dict[str, object]], other_path: str) -> str:
    """The games one run won and the other lost, per game type (same deals only), and the
    declarer's side's Seeger points of each run on the deals both played."""
    other = {int(str(g["deal"])): g for g in others}
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    points = [0, 0, 0]
    for game in mine:
        theirs = other.get(int(str(game["deal"])))
        if theirs is not None and "seeger" in game and "seeger" in theirs:
            points[0] += int(str(game["seeger"]))
            points[1] += int(str(theirs["seeger"]))
            points[2] += 1
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
    if points[2]:
        lines.append(f"  the declarer's side's Seeger points on {points[2]} deals: this run "
                     f"{points[0]:+d}, the other {points[1]:+d}")  # fmt: skip
    return "\n".join(lines)


def read(path: str) -> list[dict[str, object]]:
    """The games of an ``--out`` file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    except (OSError, ValueError) as exc:
        raise ValueError(f"cannot read {path}: {exc}") from None


def _play_all(
    tasks: Sequence[tuple[str, str, int, int, str, str, str]], jobs: int, out: TextIO | None
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


def _deal_list(path: str) -> list[int]:
    """The deal numbers of a ``--deal-list`` file."""
    try:
        words = Path(path).read_text(encoding="utf-8").split()
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    if not words or not all(w.isdigit() for w in words):
        raise ValueError(f"{path}: not a list of deal numbers")
    return sorted({int(w) for w in words})


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
    parser.add_argument("--only", choices=KINDS, help="play only the deals of this game type")
    parser.add_argument("--deal-list", help="a file of deal numbers: play only those deals")
    parser.add_argument(
        "--oracle", default=ORACLE, help="the agent whose bidding fixes the contracts (heuristic)"
    )
    args = parser.parse_args(argv)
    try:
        listed = _deal_list(args.deal_list) if args.deal_list else None
        Rules.parse(args.rules)
        for name in (args.declarer, args.defenders, args.oracle):
            make_agent(name, 0)
        others = read(args.pair) if args.pair else []
        if args.deals < 1 or args.jobs < 1:
            raise ValueError("--deals and --jobs must be at least 1")
    except (ValueError, TypeError, ImportError) as exc:
        print(f"declarer_rates: {exc}", file=sys.stderr)
        return 2
    only = "listed" if listed is not None else args.only or ""
    deals = listed if listed is not None else list(range(args.deals))
    tasks = [
        (args.declarer, args.defenders, args.seed, i, args.rules, only, args.oracle) for i in deals
    ]
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(Path(args.out).open("w", encoding="utf-8")) if args.out else None
        games = _play_all(tasks, args.jobs, out)
    print(f"{args.declarer} declaring against two {args.defenders}, seed {args.seed}:")
    print(table(games))
    if nulls := null_table(games):
        print(nulls)
    fallbacks = sum(int(str(g["fallbacks"])) for g in games)
    print(f"fallbacks: {fallbacks}")
    if args.pair:
        print(pair(games, others, args.pair))
    return 1 if fallbacks else 0


if __name__ == "__main__":
    sys.exit(main())
