"""How the double-dummy chance of a declared game compares with real play.

    python bench/calibration.py --deals 400 --seed 77

Plays seeded deals with three heuristic players; for every game declared it deals the cards
the declarer could not see (after his discard; the skat too in a Hand game) ``--worlds`` times,
solves each deal double-dummy from the first trick and compares the share won with the real
result.  Prints one line per fifth of the double-dummy chance (games, real win rate) and the
averages; :data:`skat.ai.simulation.CALIBRATION` is fitted to these figures.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

from skat.ai.arena import deal_of, play_game
from skat.ai.dds import Position, Solver
from skat.ai.heuristic import HeuristicAgent
from skat.ai.simulation import calibrated
from skat.core import GameState
from skat.core.cards import points_of
from skat.core.contracts import NULL


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--worlds", type=int, default=16)
    args = parser.parse_args()

    solver = Solver()
    rows: list[tuple[float, bool]] = []
    for i in range(args.deals):
        players = [HeuristicAgent(), HeuristicAgent(), HeuristicAgent()]
        state = play_game(GameState(deal_of(args.seed, i)), players)
        result = state.result
        if result is None or result.declarer is None or result.contract is None:
            continue
        d, contract = result.declarer, result.contract
        hand = state.deal.hand_masks[d]
        seen = hand if contract.hand else hand | state.deal.skat_mask
        discard = state.view(d).discard
        kept = hand if contract.hand or discard is None else seen & ~discard.mask
        unseen = [b for b in range(32) if not seen >> b & 1]
        rng = random.Random(i)
        gt = int(contract.game_type)
        target = 90 if contract.schneider_announced else 61
        wins = 0
        for _ in range(args.worlds):
            rng.shuffle(unseen)
            if contract.hand:
                put_away, rest = (1 << unseen[0]) | (1 << unseen[1]), unseen[2:]
            else:
                put_away, rest = (discard.mask if discard else 0), unseen
            hands = [0, 0, 0]
            hands[d] = kept
            hands[(d + 1) % 3] = sum(1 << b for b in rest[:10])
            hands[(d + 2) % 3] = sum(1 << b for b in rest[10:20])
            skat_points = points_of(put_away) if gt != NULL else 0
            pos = Position(
                hands=(hands[0], hands[1], hands[2]),
                game_type=gt,
                declarer=d,
                declarer_points=skat_points,
            )
            if gt == NULL:
                wins += solver.at_least(pos, 1)
            else:
                wins += solver.at_least(pos, target - skat_points)
        rows.append((wins / args.worlds, result.won))

    bins: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for p, won in rows:
        k = min(4, int(p * 5))
        bins[k][0] += 1
        bins[k][1] += won
    for k in sorted(bins):
        n, w = bins[k]
        mid = (k + 0.5) / 5
        print(
            f"double-dummy {k / 5:.1f}-{(k + 1) / 5:.1f}: games {n:4}, real win {w / n:.2f}, "
            f"calibrated {calibrated(mid * args.worlds, args.worlds):.2f}"
        )
    n = len(rows)
    print(
        f"games: {n}, double-dummy {sum(p for p, _ in rows) / n:.2f}, "
        f"real {sum(w for _, w in rows) / n:.2f}"
    )


if __name__ == "__main__":
    main()
