"""The heuristic player against the random one in each variant of :mod:`skat.variants`
(issue 36): every deal (seeds 0 … N-1) is played once per seating, the heuristic player in
each player's seat in turn (Officers' Skat: Forehand and dealer; Strohmann: the two players'
seats, the dummy in Middlehand; Tournee Skat: each of the three seats, random players in the
other two).  Prints each side's mean list score per game (the variant's own scoring, before
any series bonus).  Not the duplicate arena of ``skat arena`` (that one plays Skat for three).

    python scripts/variant_duel.py 200
"""

from __future__ import annotations

import argparse

from skat.ai.variants import play_variant, variant_agent
from skat.variants import find_variant

SEATINGS = {
    "strohmann": ((0, 2), (2, 0)),
    "officers": ((0, 1), (1, 0)),
    "tournee": ((0, 1, 2), (1, 2, 0), (2, 0, 1)),
}
"""Per variant, the seatings: the heuristic player's seat first, the random players' after."""


def duel(variant: str, deals: int) -> tuple[int, float, float]:
    """(games, the heuristic's mean score per game, the random players' together)."""
    heuristic = random = 0
    games = 0
    for seed in range(deals):
        for seating in SEATINGS[variant]:
            kinds = {seat: "random" for seat in range(3)}
            kinds[seating[0]] = "heuristic"
            agents = [variant_agent(variant, kinds[s], seed * 7 + s) for s in range(3)]
            game = play_variant(find_variant(variant).start(seed=seed), agents)
            scores = game.result.seat_scores
            heuristic += scores[seating[0]]
            random += sum(scores[s] for s in seating[1:])
            games += 1
    return games, heuristic / games, random / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deals", type=int, nargs="?", default=200)
    args = parser.parse_args()
    for variant in SEATINGS:
        games, h, r = duel(variant, args.deals)
        print(f"{variant}: {games} games, heuristic {h:+.1f} per game, random {r:+.1f} per game")


if __name__ == "__main__":
    main()
