"""Two arena runs on the same deals compared deal by deal: the paired difference of their
A − B figures, and where it comes from.

    python bench/arena_pair.py old.jsonl new.jsonl

Both files are written by ``skat arena --out`` with the same ``--seed`` (so deal *n* holds the
same cards in both); typically agent A changes and B stays (``pimc-hard,heuristic`` against
``pimc-learned,heuristic``).  Their per-deal differences A − B (TP per game, as the arena's
``diff:`` line) are subtracted deal by deal: the agents' own seeds are the same in both runs, so
the luck of the cards cancels and the interval is much narrower than either run's.  The deals whose
figure did not change are counted, and those whose six games are the same move for move.

The games whose declarer and contract are the same in both runs (the bidding and the skat did
not change; the card play did) are then split by who declared, A or B: the change of A's margin
over B in those games (TP, summed), and the number of games whose result turned.

>>> format_paired([1.0, -1.0, 3.0], identical=1)
'paired 3 deals: new - old +1.00 ± 2.26 TP/game (95% CI); same figure: 0 deals, same games: 1'
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence

from skat.ai.arena import AgentStats, ArenaReport, GameOutcome
from skat.ai.arenafile import ArenaFileError, read_arena_file


def deal_diff(games: Sequence[GameOutcome]) -> float:
    """A − B in TP per game over ``games`` (a deal's six: the arena's per-deal figure, as
    :class:`~skat.ai.arena.ArenaReport` counts it)."""
    report = ArenaReport((AgentStats("A"), AgentStats("B")))
    report.add(games)
    return report.deal_diffs[0] if report.deal_diffs else 0.0


def margin(game: GameOutcome) -> float:
    """A's tournament points per seat minus B's in one game."""
    return deal_diff([game])


def format_paired(diffs: Sequence[float], identical: int) -> str:
    """The paired line: mean ± 95 % half-width of ``diffs``, the deals whose difference did
    not change and those whose six games are ``identical``."""
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else math.inf
    return (
        f"paired {n} deals: new - old {mean:+.2f} ± {1.96 * sd / math.sqrt(n):.2f} TP/game"
        f" (95% CI); same figure: {sum(d == 0 for d in diffs)} deals, same games: {identical}"
    )


def same_contract(a: GameOutcome, b: GameOutcome) -> bool:
    """Both games declared by the same seat in the same contract."""
    ra, rb = a.result, b.result
    return ra.declarer is not None and ra.declarer == rb.declarer and ra.contract == rb.contract


def compare(old: dict[int, list[GameOutcome]], new: dict[int, list[GameOutcome]]) -> list[str]:
    """The report's lines for the deals both runs hold."""
    deals = sorted(old.keys() & new.keys())
    if not deals:
        return ["no deal is in both files (are they of the same --seed?)"]
    diffs = [deal_diff(new[d]) - deal_diff(old[d]) for d in deals]
    identical = sum(
        all(a.events == b.events for a, b in zip(old[d], new[d], strict=True)) for d in deals
    )
    lines = [format_paired(diffs, identical)]
    split = {"A": [0, 0.0, 0], "B": [0, 0.0, 0]}  # games, margin change, results turned
    changed = 0
    for d in deals:
        for a, b in zip(old[d], new[d], strict=True):
            if a.result.declarer is None and b.result.declarer is None:
                continue
            if not same_contract(a, b):
                changed += 1
                continue
            assert a.result.declarer is not None
            part = split["AB"[a.seats[a.result.declarer]]]
            part[0] += 1
            part[1] += margin(b) - margin(a)
            part[2] += a.result.won != b.result.won
    for who, (games, change, turned) in split.items():
        each = change / games if games else 0.0
        lines.append(
            f"same contract, {who} declares: {games} games, A's margin {change:+.1f} TP"
            f" ({each:+.2f} a game), {turned} results turned"
        )
    lines.append(f"declarer or contract changed: {changed} games")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="the first run's --out file")
    parser.add_argument("new", help="the second run's --out file (same --seed)")
    args = parser.parse_args(argv)
    try:
        old = read_arena_file(args.old)
        new = read_arena_file(args.new, any_code=True, wanted_by=args.old)
    except ArenaFileError as exc:
        print(f"arena_pair: {exc}", file=sys.stderr)
        return 2
    for file in (old, new):
        for notice in file.notices:
            print(f"arena_pair: {notice}", file=sys.stderr)
        if not file.complete():
            print(f"arena_pair: {file.path} holds no complete deal", file=sys.stderr)
            return 2
    if old.settings and new.settings and old.settings.get("seed") != new.settings.get("seed"):
        print("arena_pair: the files are of different seeds: their deals differ", file=sys.stderr)
        return 2
    print("\n".join(compare(old.complete(), new.complete())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
