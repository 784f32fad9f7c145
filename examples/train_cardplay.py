"""Learn Skat card play with numpy alone (actor-critic policy gradient, no GPU, no torch).

The curriculum of ``skat.env.curriculum``: every training game starts at the first card with a
contract the heuristic players bid and declared (``SkatGymEnv(contract="heuristic")``); the
learning seat changes from game to game (declarer or defender) and the two others are
``"sensible-random"`` opponents (heuristic bidding, random card play).  The environment pays
the zero-sum list score (``list_zero_sum``: the declarer's list score shared out so that the
three seats add up to 0); the learner is trained on a denser return read from the result:
+1 when its side won the game, -1 when it lost, plus (its side's card points - 60) / 60 in a
suit game or a Grand (card points decide those games; a Null is won or lost by tricks).

The policy is a small MLP over the observation vector (2083 entries of 0/1 -> ``--hidden`` tanh
units -> 32 card logits, masked to the legal cards); a linear critic on the same vector is the
baseline.  Updates are Adam steps on batches of whole games.  Training stops after
``--minutes`` of this process's CPU time.

Then it plays the whole game (auction included) on fresh deals, the learner in each seat in
turn against two sensible-random opponents, three ways on the same deals: heuristic bidding with
the trained card play, heuristic bidding with random card play, and passing every hand.  It
prints the mean list score of the learner's seat a game with a 95 % confidence interval, and the
paired difference trained - random.

    python examples/train_cardplay.py --minutes 15 --games 3000

The last line is ``trained - random: X +- Y list points a game (95 % CI)``.
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from skat.ai.heuristic import HeuristicAgent
from skat.core import Deal, GameState
from skat.core.actions import Action
from skat.core.cards import CARDS, Card
from skat.core.contracts import NULL
from skat.core.state import Phase, View
from skat.env import SIZE, SkatGymEnv, rewards
from skat.env.curriculum import SensibleRandomAgent
from skat.env.tracker import ObservationTracker

Vector = npt.NDArray[np.float32]


class Adam:
    """Adam on a list of arrays (gradient ascent)."""

    def __init__(self, params: list[npt.NDArray[np.float32]], lr: float) -> None:
        self.params, self.lr, self.t = params, lr, 0
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]

    def step(self, grads: list[npt.NDArray[np.float32]]) -> None:
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            mhat = m / (1 - 0.9**self.t)
            vhat = v / (1 - 0.999**self.t)
            p += self.lr * mhat / (np.sqrt(vhat) + 1e-8)


class Policy:
    """MLP card policy (observation -> tanh hidden -> 32 logits) and a linear critic."""

    def __init__(self, hidden: int, lr: float, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.w1 = (rng.standard_normal((SIZE, hidden)) * 0.05).astype(np.float32)
        self.b1 = np.zeros(hidden, dtype=np.float32)
        self.w2 = (rng.standard_normal((hidden, 32)) * 0.05).astype(np.float32)
        self.b2 = np.zeros(32, dtype=np.float32)
        self.v = np.zeros(SIZE, dtype=np.float32)
        self.rng = rng
        self.actor = Adam([self.w1, self.b1, self.w2, self.b2], lr)
        self.critic = Adam([self.v], lr)

    def forward(self, ones: npt.NDArray[np.intp]) -> Vector:
        return np.tanh(self.w1[ones].sum(axis=0) + self.b1)

    def probabilities(self, h: Vector, legal: npt.NDArray[np.intp]) -> Vector:
        logits = h @ self.w2[:, legal] + self.b2[legal]
        p = np.exp(logits - logits.max())
        return p / p.sum()

    def act(self, x: Vector, legal: npt.NDArray[np.intp], greedy: bool = False) -> int:
        p = self.probabilities(self.forward(np.flatnonzero(x)), legal)
        k = int(np.argmax(p)) if greedy else int(self.rng.choice(len(legal), p=p))
        return int(legal[k])

    def update(self, steps: list[tuple[Vector, npt.NDArray[np.intp], int, float]]) -> None:
        """One Adam step from (observation, legal ids, chosen id, return) of a batch."""
        g1, gb1 = np.zeros_like(self.w1), np.zeros_like(self.b1)
        g2, gb2 = np.zeros_like(self.w2), np.zeros_like(self.b2)
        gv = np.zeros_like(self.v)
        n = len(steps)
        for x, legal, action, ret in steps:
            ones = np.flatnonzero(x)
            value = float(self.v[ones].sum())
            gv[ones] += (ret - value) / n
            advantage = (ret - value) / n
            h = self.forward(ones)
            p = self.probabilities(h, legal)
            dlogits = -p
            dlogits[int(np.flatnonzero(legal == action)[0])] += 1.0
            dlogits *= advantage
            g2[:, legal] += np.outer(h, dlogits)
            gb2[legal] += dlogits
            dh = (self.w2[:, legal] @ dlogits) * (1 - h * h)
            g1[ones] += dh
            gb1 += dh
        self.actor.step([g1, gb1, g2, gb2])
        self.critic.step([gv])


def side_return(state: GameState, seat: int) -> float:
    """The training return of ``seat``: +-1 for its side's win or loss, plus its side's card
    points above 60, in units of 60, in a suit game or a Grand."""
    result = state.result
    assert result is not None
    if result.declarer is None:
        return 0.0
    declarer = result.declarer == seat
    won = result.won == declarer
    out = 1.0 if won else -1.0
    contract = result.contract
    if contract is not None and contract.game_type != NULL:
        points = result.points if declarer else 120 - result.points
        out += (points - 60) / 60
    return out


def train(args: argparse.Namespace, policy: Policy) -> None:
    env = SkatGymEnv(
        rules=args.rules,
        reward="list_zero_sum",
        seat=None,
        opponents="sensible-random",
        contract="heuristic",
    )
    start = time.process_time()
    batch: list[tuple[Vector, npt.NDArray[np.intp], int, float]] = []
    recent: list[float] = []
    games = 0
    while time.process_time() - start < args.minutes * 60:
        obs, _ = env.reset(seed=args.seed * 10_000_000 + games)
        episode = []
        terminated = False
        while not terminated:
            legal = np.flatnonzero(obs["action_mask"])
            if legal.max() >= 32:  # not a card (Kontra, Spitze under other rules): pass
                action = int(legal[-1]) if 96 not in legal else 96
            else:
                action = policy.act(obs["observation"], legal)
                episode.append((obs["observation"], legal, action))
            obs, _, terminated, _, _ = env.step(action)
        games += 1
        ret = side_return(env.state, env.seat)
        batch.extend((x, legal, a, ret) for x, legal, a in episode)
        recent.append(ret)
        if games % args.batch == 0:
            policy.update(batch)
            batch = []
        if games % args.report == 0:
            minutes = (time.process_time() - start) / 60
            print(
                f"games {games}: mean training return {np.mean(recent):+.3f} "
                f"(last {len(recent)}), {minutes:.1f} CPU-min",
                flush=True,
            )
            recent = []
    print(f"trained on {games} games in {args.minutes} CPU-minutes")


Chooser = Callable[[View, ObservationTracker], Action]


def _card_play(policy: Policy | None, seed: int) -> Chooser:
    """Heuristic outside card play; in card play the policy (or random cards)."""
    heuristic = HeuristicAgent()
    rng = random.Random(seed)

    def choose(view: View, tracker: ObservationTracker) -> Action:
        legal = view.legal_actions
        if view.phase != Phase.PLAY or not all(isinstance(a, Card) for a in legal):
            return heuristic.choose(view)
        if policy is None:
            return rng.choice(legal)
        ids = np.array(sorted(a.index for a in legal if isinstance(a, Card)), dtype=np.intp)
        return CARDS[policy.act(tracker.observe(view.seat), ids, greedy=True)]

    return choose


def _auction(args: argparse.Namespace, k: int) -> tuple[GameState, int]:
    """Game ``k`` of the evaluation up to the first card, every seat bidding as the heuristic
    does: the learner's seat ``k % 3`` and the two sensible-random opponents."""
    deal = Deal.random(random.Random(f"eval:{args.seed}:{k}"))
    state = GameState(deal, args.rules_obj)
    heuristic = HeuristicAgent()
    while not state.is_over and state.phase != Phase.PLAY:
        state.apply(heuristic.choose(state.view(state.to_move)))
    return state, k % 3


def play_out(k: int, state: GameState, seat: int, learner: Chooser) -> float:
    """Play game ``k`` on from ``state``, the learner at ``seat``; the learner's list score."""
    tracker = ObservationTracker(state)
    others = {s: SensibleRandomAgent(seed=k * 3 + s) for s in range(3) if s != seat}
    while not state.is_over:
        s = state.to_move
        view = state.view(s)
        state.apply(learner(view, tracker) if s == seat else others[s].choose(view))
    assert state.result is not None
    return rewards(state.result, "list")[seat]


def ci95(xs: npt.NDArray[np.float64]) -> float:
    return float(1.96 * xs.std(ddof=1) / np.sqrt(len(xs)))


def evaluate(args: argparse.Namespace, policy: Policy) -> None:
    ways = {
        "trained": _card_play(policy, args.seed),
        "random": _card_play(None, args.seed),
        "pass-always": _card_play(None, args.seed),  # not asked: see below
    }
    scores: dict[str, list[float]] = {name: [] for name in ways}
    for k in range(args.games):
        # the auction is the same for the trained and the random card play (the opponents bid
        # as the heuristic does and use their random numbers only in card play): play it once
        state, seat = _auction(args, k)
        for name, way in ways.items():
            if name == "pass-always":  # passes at its first turn: 0 on the list, whatever follows
                scores[name].append(0.0)
            else:
                scores[name].append(play_out(k, copy.deepcopy(state), seat, way))
    print(
        f"whole games (auction included) on {args.games} fresh deals, learner's seat in turn, "
        "against two sensible-random opponents; list points a game:"
    )
    arrays = {name: np.array(xs) for name, xs in scores.items()}
    for name, xs in arrays.items():
        print(f"  {name:12s} {xs.mean():+7.2f} +- {ci95(xs):.2f}")
    trained = arrays["trained"]
    diff = trained - arrays["random"]
    print(f"trained - pass-always: {trained.mean():+.2f} +- {ci95(trained):.2f}")
    print(f"trained - random: {diff.mean():+.2f} +- {ci95(diff):.2f} list points a game (95 % CI)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=15.0, help="CPU minutes of training")
    parser.add_argument("--games", type=int, default=3000, help="evaluation deals")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.003)
    parser.add_argument("--batch", type=int, default=32, help="games per update")
    parser.add_argument("--report", type=int, default=2000)
    parser.add_argument("--rules", default="isko")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    args.rules_obj = SkatGymEnv(rules=args.rules).rules
    policy = Policy(args.hidden, args.lr, args.seed)
    train(args, policy)
    evaluate(args, policy)


if __name__ == "__main__":
    main()
