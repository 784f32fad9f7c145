"""Measure the belief model against the hand-made inference on held-out self-play positions.

Plays self-play games of ``--agent`` (default the heuristic, whose games the model learned
from) on the deals of ``--seed`` (not the training seed) and, for a sampled
share of the card decisions of declared games, scores five beliefs about every hidden card:

* ``uniform``: each place the hard constraints allow, equally likely;
* ``exact``: the marginals of ``--samples`` deals of the exact sampler (uniform over the deals
  that fit the hard constraints, PIMC's ``inference="none"``);
* ``rules``: the marginals of ``--samples`` deals of the hand-made inference
  (:func:`skat.ai.pimc.sample_deals`, what ``pimc-hard`` plays with);
* ``learned``: the model's probabilities (:class:`skat.ai.belief.BeliefModel`);
* ``sampled``: the marginals of ``--samples`` deals of the learned sampler
  (:func:`skat.ai.belief.sample_learned`, what ``pimc-learned`` plays with).

Sample marginals are smoothed (+0.5 per allowed place) so a card never seen in a place costs a
finite log-loss.  Prints the mean log-loss per hidden card (natural log) and the share of
hidden cards whose most likely place is the true one, for all seats and for the defenders.

    nice -n 10 python scripts/eval_belief.py --games 150 --seed 2 --samples 200
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

import numpy as np

from skat.ai.arena import agent_seed, make_agent
from skat.ai.belief import BeliefModel, constraint_mask, labels, places_of
from skat.ai.pimc import sample_deals
from skat.ai.selfplay import selfplay_deal
from skat.core.knowledge import Knowledge
from skat.core.state import GameState, Phase, View

METHODS = ("uniform", "exact", "rules", "learned", "sampled")


def marginals(view: View, know: Knowledge, count: int, infer: bool | str, seed: str) -> np.ndarray:
    """Smoothed place frequencies of ``count`` sampled deals, ``[card, place]``."""
    allowed = constraint_mask(know)
    counts = allowed * 0.5
    rng = random.Random(seed)
    for s in sample_deals(view, count, rng, infer):
        slots = (*s.hands, s.skat)
        for p, slot in enumerate(places_of(know.seat)):
            m = slots[slot]
            counts[:, p] += (m >> np.arange(32)) & 1
    counts *= allowed
    total = counts.sum(axis=1, keepdims=True)
    return np.divide(counts, total, out=np.zeros_like(counts), where=total > 0)


def beliefs(view: View, know: Knowledge, model: BeliefModel, samples: int, key: str) -> dict:
    """Each method's ``[card, place]`` probabilities."""
    allowed = constraint_mask(know)
    k = allowed.sum(axis=1, keepdims=True)
    return {
        "uniform": np.divide(allowed, k, out=np.zeros(allowed.shape), where=k > 0),
        "exact": marginals(view, know, samples, False, f"exact:{key}"),
        "rules": marginals(view, know, samples, True, f"rules:{key}"),
        "learned": model.places(view, know),
        "sampled": marginals(view, know, samples, "learned", f"learned:{key}"),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--keep", type=float, default=0.2)
    ap.add_argument("--samples", type=int, default=200)
    ap.add_argument("--model", default=None, help="an npz of weights (default: the shipped)")
    ap.add_argument("--agent", default="heuristic", help="the players of the games (arena name)")
    a = ap.parse_args(argv)
    model = BeliefModel.load(a.model) if a.model else BeliefModel.shipped()
    loss: dict[tuple[str, str], list[float]] = defaultdict(list)
    right: dict[tuple[str, str], list[float]] = defaultdict(list)
    positions = 0
    for index in range(a.games):
        state = GameState(selfplay_deal(a.seed, index))
        agents = [make_agent(a.agent, agent_seed(a.seed, index, 0, s)) for s in range(3)]
        pick = random.Random(f"belief-eval:{a.seed}:{index}")
        while not state.is_over:
            seat = state.to_move
            view = state.view(seat)
            if view.phase == Phase.PLAY and view.contract is not None and pick.random() < a.keep:
                know = Knowledge(view)
                if know.hidden:
                    positions += 1
                    slots = (*(state.hand(s).mask for s in range(3)), state.skat.mask)
                    y = labels(know, slots)
                    rows = np.flatnonzero(y >= 0)
                    part = "defender" if seat != view.declarer else "declarer"
                    key = f"{a.seed}:{index}:{len(view.history)}"
                    for name, p in beliefs(view, know, model, a.samples, key).items():
                        q = p[rows, y[rows]]
                        hit = p[rows].argmax(axis=1) == y[rows]
                        for group in ("all", part):
                            loss[name, group] += list(-np.log(np.maximum(q, 1e-9)))
                            right[name, group] += list(hit.astype(float))
            state.apply(agents[seat].choose(view))
    print(f"{positions} positions of {a.games} held-out games of {a.agent} (seed {a.seed})")
    print("method   | group    | cards | log-loss/card | placed right")
    for group in ("all", "defender", "declarer"):
        for name in METHODS:
            ls = loss[name, group]
            if ls:
                acc = 100 * float(np.mean(right[name, group]))
                print(f"{name:8} | {group:8} | {len(ls):5} | {np.mean(ls):13.4f} | {acc:10.1f} %")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
