"""The heuristic's card play scored on a fixed set of positions against the double-dummy solver.

    skat arena --agents heuristic,pimc-fast --contract oracle --void-passed --deals 300 \\
        --seed 35 --jobs 1 --out games.jsonl
    python bench/solver_positions.py save games.jsonl positions.jsonl --every 3
    python bench/solver_positions.py score games.jsonl positions.jsonl --classes 12

``save`` solves every card decision with more than one legal card (every seat's) in every
``--every``-th game of an arena file and writes the solver's value of each legal card (card
points the declarer ends with, all hands open, both sides perfect; :meth:`Solver.values`),
one JSON line a position (the game's line in the arena file, the event's index, the values;
written to ``POSITIONS.part`` and renamed when whole).
That takes about a second a game on this machine.  ``score`` replays the positions (a few
seconds) and asks the heuristic *of the code checked out now* for its card in each: per game
type, role and phase the decisions and the mean card points the heuristic's choice gives away
against the best card.  The positions stay fixed, so running ``score`` in two checkouts (a
``git worktree`` of the version before) is a paired comparison of the two versions on the
same ten thousand decisions, in seconds — the way the rules of issue 35 were chosen, each one
then checked in the arena (the solver sees every hand: a rule it prefers can lose in play, as
cashing side aces before drawing trumps did).  ``--classes N`` lists the N costliest kinds of
disagreement: the class of the heuristic's card against the class of the best cards (``T``
trump or ``S`` side suit, then ``J`` jack, ``A`` ace, ``X`` ten, ``h`` king or queen, ``l``
a low card), each with lead or follow, its count and the card points lost.
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
from skat.core.contracts import EFFECTIVE_SUIT
from skat.core.state import PLAY
from skat.records.jsonrecord import load_json

PHASES = ("1-3", "4-7", "8-10")


def _games(path: str) -> list[GameState]:
    """Every game of an arena file (passed ones included, so line numbers stay)."""
    out = []
    with Path(path).open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                game = load_json(json.loads(line), check_result=False).state
                assert isinstance(game, GameState)
                out.append(game)
    return out


def _decisions(game: GameState) -> Iterator[tuple[int, GameState]]:
    """(event index, the state before it) at each card decision with a choice."""
    replayed = GameState(game.deal, game.rules)
    for k, ev in enumerate(game.history):
        if replayed.phase == PLAY and isinstance(ev.action, Card) and replayed.contract is not None:
            legal = [a for a in replayed.view(ev.seat).legal_actions if isinstance(a, Card)]
            if len(legal) > 1:
                yield k, replayed
        replayed.apply(ev.action, ev.seat)


def save(arena: str, out: str, every: int) -> None:
    """Solve the decisions of every ``every``-th game and write them."""
    solver = Solver()
    games = _games(arena)  # a foreign file is refused before anything is written
    part = Path(out + ".part")
    with part.open("w", encoding="utf-8") as f:
        for n, game in enumerate(games):
            if n % every or game.contract is None:
                continue
            for k, state in _decisions(game):
                values = solver.values(Position.from_state(state))
                row = {"game": n, "event": k, "values": {str(c): v for c, v in values.items()}}
                f.write(json.dumps(row) + "\n")
    part.replace(out)  # whole or not at all


def _class(card: str, trump: bool) -> str:
    rank = card[1]
    kind = {"J": "J", "A": "A", "T": "X", "K": "h", "Q": "h"}.get(rank, "l")
    return ("T" if trump else "S") + kind


def score(arena: str, positions: str, classes: int) -> None:
    """Print the heuristic's mean loss per game type, role and phase (and the classes)."""
    games = _games(arena)
    wanted: dict[int, dict[int, dict[str, int]]] = defaultdict(dict)
    with Path(positions).open(encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            wanted[row["game"]][row["event"]] = row["values"]
    agent = HeuristicAgent()
    cells: dict[tuple[str, str, str], list[float]] = defaultdict(lambda: [0, 0.0])
    kinds: dict[tuple[str, str, str], list[float]] = defaultdict(lambda: [0, 0.0])
    total = [0, 0.0]
    for n, events in wanted.items():
        for k, state in _decisions(games[n]):
            if k not in events:
                continue
            values = events[k]
            assert state.contract is not None and state.declarer is not None
            gt = int(state.contract.game_type)
            declarer = state.to_move == state.declarer
            view = state.view(state.to_move)
            mine = str(agent.choose(view))
            best = (max if declarer else min)(values.values())
            loss = best - values[mine] if declarer else values[mine] - best
            kind = "suit" if gt <= 3 else "grand" if gt == 4 else "null"
            trick = len(state.tricks) + 1
            phase = PHASES[0] if trick <= 3 else PHASES[1] if trick <= 7 else PHASES[2]
            role = "declarer" if declarer else "defender"
            cell = cells[(kind, role, phase)]
            cell[0] += 1
            cell[1] += loss
            if kind != "null":
                total[0] += 1
                total[1] += loss
                trumps = {c: EFFECTIVE_SUIT[gt][Card.parse(c).index] == 4 for c in values}
                bests = sorted({_class(c, trumps[c]) for c, v in values.items() if v == best})
                act = "follow" if view.current_trick else "lead"
                key = (f"{kind} {role} {act}", _class(mine, trumps[mine]), "/".join(bests))
                kinds[key][0] += 1
                kinds[key][1] += loss
    print(f"{'game':>6} {'role':>9} {'tricks':>6} {'decisions':>9} {'mean loss':>10}")
    for (kind, role, phase), (count, lost) in sorted(cells.items()):
        print(f"{kind:>6} {role:>9} {phase:>6} {int(count):9} {lost / count:10.3f}")
    print(f"suit and Grand: {int(total[0])} decisions, mean loss {total[1] / total[0]:.4f}")
    if classes:
        print("costliest disagreements (where, heuristic's card, best cards: count, points lost):")
        top = sorted(kinds.items(), key=lambda kv: -kv[1][1])[:classes]
        for (where, mine_class, best_classes), (count, lost) in top:
            print(f"  {where:<22} {mine_class} vs {best_classes:<12} {int(count):4} {lost:7.0f}")


def main(argv: list[str] | None = None) -> int:
    """``save`` or ``score`` (see the module's doc)."""
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("save", help="solve the positions of an arena file and write them")
    s.add_argument("arena")
    s.add_argument("positions")
    s.add_argument("--every", type=int, default=1, help="every N-th game (default all)")
    c = sub.add_parser("score", help="the heuristic of this checkout on saved positions")
    c.add_argument("arena")
    c.add_argument("positions")
    c.add_argument("--classes", type=int, default=0, help="list the N costliest disagreements")
    args = p.parse_args(argv)
    try:
        if args.command == "save":
            save(args.arena, args.positions, max(args.every, 1))
        else:
            score(args.arena, args.positions, args.classes)
    except (OSError, ValueError, KeyError, IndexError) as e:  # a missing or foreign file
        print(f"solver_positions: {args.arena} / {args.positions}: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
