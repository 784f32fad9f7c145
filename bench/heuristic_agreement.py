"""The heuristic's card play against the double-dummy solver, on the games of an arena file.

    skat arena --agents heuristic,pimc-medium --contract oracle --void-passed --deals 20 \\
        --seed 35 --jobs 1 --out before.jsonl
    python bench/heuristic_agreement.py before.jsonl

Two tables from the same file:

* **declarer win rates per game type**: for each agent of the arena, the games it declared
  against two defenders of the other agent (arrangements ABB, BAB, BBA for A), won / played;
* **agreement with the solver**: at every card the heuristic's seat played with more than one
  legal card, the card the heuristic *of the code checked out now* chooses in that position
  (its own view only) is compared with the double-dummy values of every legal card (all hands
  open, both sides perfect; :meth:`skat.ai.dds.Solver.values`).  Per game type (suit, Grand,
  Null), role (declarer, defender) and phase (tricks 1-3, 4-7, 8-10): the decisions, the share
  where the heuristic's card is one of the best, and the mean loss (card points the choice
  gives away; in Null the share of choices that turn a won game into a lost one).

The positions come from the file, so running the script with two versions of the heuristic on
the same file is a paired comparison (the same positions, each version's own card).  The
double-dummy solver knows every hand: a best card by it is not always the best card for a
player who cannot see them, so agreement is a yardstick, not a target.  ``--worst N`` lists
the N decisions with the largest loss (position, the heuristic's card, the best cards) to
study the holes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path

from skat.ai.dds import Position, Solver
from skat.ai.heuristic import HeuristicAgent
from skat.core import GameState
from skat.core.cards import Card
from skat.core.state import PLAY
from skat.records.jsonrecord import load_json

KINDS = ("suit", "grand", "null")
PHASES = ("1-3", "4-7", "8-10")


def _kind(game_type: int) -> str:
    return "suit" if game_type <= 3 else "grand" if game_type == 4 else "null"


def _phase(trick: int) -> str:
    return PHASES[0] if trick <= 3 else PHASES[1] if trick <= 7 else PHASES[2]


def records(path: str) -> Iterator[dict[str, object]]:
    """The JSON game records of an arena file, one a line."""
    with Path(path).open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def win_rates(path: str) -> dict[tuple[str, str], list[int]]:
    """(agent, game type) → [won, played] as declarer against two defenders of the other."""
    out: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for rec in records(path):
        result = rec["result"]
        assert isinstance(result, dict)
        if result.get("passed") or result.get("declarer") is None:
            continue
        players = rec["meta"]["players"]  # type: ignore[index]
        d = result["declarer"]
        me = players[d]
        if sum(1 for p in players if p == me) != 1:
            continue  # a partner of the same agent defends with the other: not counted
        game = load_json(rec, check_result=False).state
        assert isinstance(game, GameState) and game.contract is not None
        cell = out[(me, _kind(int(game.contract.game_type)))]
        cell[0] += bool(result["won"])
        cell[1] += 1
    return out


def agreement(path: str, agent: str, worst: int) -> None:
    """Print the heuristic's agreement with the solver at ``agent``'s card decisions."""
    solver = Solver()
    heuristic = HeuristicAgent()
    cells: dict[tuple[str, str, str], list[float]] = defaultdict(lambda: [0, 0, 0.0])
    losses: list[tuple[float, str]] = []
    for rec in records(path):
        players = rec["meta"]["players"]  # type: ignore[index]
        game = load_json(rec, check_result=False).state
        assert isinstance(game, GameState)
        replayed = GameState(game.deal, game.rules)
        for ev in game.history:
            if (
                replayed.phase == PLAY
                and isinstance(ev.action, Card)
                and replayed.contract is not None
                and players[ev.seat] == agent
            ):
                view = replayed.view(ev.seat)
                legal = [a for a in view.legal_actions if isinstance(a, Card)]
                if len(legal) > 1:
                    pos = Position.from_state(replayed)
                    vals = solver.values(pos)
                    declarer = ev.seat == pos.declarer
                    best = (max if declarer else min)(vals.values())
                    mine = heuristic.choose(view)
                    assert isinstance(mine, Card)
                    loss = best - vals[mine] if declarer else vals[mine] - best
                    kind = _kind(pos.game_type)
                    role = "declarer" if declarer else "defender"
                    cell = cells[(kind, role, _phase(len(replayed.tricks) + 1))]
                    cell[0] += 1
                    cell[1] += loss == 0
                    cell[2] += loss
                    best_cards = " ".join(str(c) for c, v in vals.items() if v == best)
                    losses.append(
                        (
                            loss if kind != "null" else 120.0 * loss,
                            f"{rec['meta']['id']} {role} {pos}: "  # type: ignore[index]
                            f"heuristic {mine} (best {best_cards}), lost {loss}",
                        )
                    )
            replayed.apply(ev.action, ev.seat)
    print(f"agreement of the heuristic's cards with the double-dummy solver ({agent} seats):")
    print(f"{'game':>6} {'role':>9} {'tricks':>6} {'decisions':>9} {'best':>7} {'mean loss':>10}")
    for kind in KINDS:
        for role in ("declarer", "defender"):
            total = [0, 0, 0.0]
            for phase in PHASES:
                n, agree, lost = cells.get((kind, role, phase), [0, 0, 0.0])
                total = [total[0] + n, total[1] + agree, total[2] + lost]
                if n:
                    print(
                        f"{kind:>6} {role:>9} {phase:>6} {int(n):9} {agree / n:7.1%} {lost / n:10.2f}"
                    )
            n, agree, lost = total
            if n:
                print(
                    f"{kind:>6} {role:>9} {'all':>6} {int(n):9} {agree / n:7.1%} {lost / n:10.2f}"
                )
    for _loss, line in sorted(losses, key=lambda x: -x[0])[:worst]:
        print(line)


def main(argv: list[str] | None = None) -> int:
    """Both tables for FILE (an arena's ``--out``)."""
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("file", help="an arena's --out file (JSON game records)")
    p.add_argument("--agent", default="heuristic", help="whose seats to check (default heuristic)")
    p.add_argument("--worst", type=int, default=0, help="list the N costliest decisions")
    p.add_argument("--no-agreement", action="store_true", help="only the declarer win rates")
    args = p.parse_args(argv)
    rates = win_rates(args.file)
    print("declarer win rates against two defenders of the other agent:")
    for (agent, kind), (won, played) in sorted(rates.items()):
        print(f"  {agent:>12} {kind:>5}: {won}/{played} won ({won / played:.1%})")
    if not args.no_agreement:
        agreement(args.file, args.agent, args.worst)
    return 0


if __name__ == "__main__":
    sys.exit(main())
