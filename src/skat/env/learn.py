"""A batched card-play learner in numpy: Deep Monte-Carlo (DouZero's method) on Skat.

Q(s, a) estimates the reward a seat will be paid at the end of the game if it plays card ``a``
now; the policy plays the legal card of highest Q (ε-greedy while training).  The target of
every decision is simply the reward its seat was paid when the game ended (Monte-Carlo, no
bootstrapping), the loss the squared error — DouZero's *Deep Monte-Carlo* (Zha et al., ICML
2021), here with a small numpy MLP, hand-written backprop and Adam, so it runs where numpy
does (no torch).

Features (:func:`features`, 302 floats from the observation vector of :mod:`skat.env.observation`,
for a whole batch at once) are relative to the seat to move (me, the next seat, the one after)
and the suits are renamed so that the trump suit of a suit game is always clubs (the jacks
keep their names): the four suit games share what they learn.  The action is the card, as a
one-hot over the 32 renamed cards: the network's last layer gives Q(s, a) for all 32 at once
(a one-hot action entering the last linear layer), masked to the legal cards.

Training (:class:`DmcTrainer`) steps any batch simulator with the interface of
:class:`~skat.env.batch.BatchEnv` (``reset()``, ``step(actions)``): by default ``BatchEnv`` with
``contract="heuristic"``, the contracts ``skat arena --contract oracle`` plays (three heuristic
players' auction, skat and declaration; the learner plays the cards), or
:class:`~skat.env.fast.CardPlayBatch` for one contract in pure numpy.  ``mode="selfplay"``
learns from every seat's decisions; ``mode="fixed"`` puts the learner at one random seat per
game against two fixed :mod:`skat.ai` opponents.

A warm start by imitation: with a ``teacher`` (:class:`~skat.ai.heuristic.HeuristicAgent`) the
trainer adds the :class:`Imitation` term (behaviour cloning of the teacher's cards) and either
plays the teacher's cards (its self-play games are the data, generated as they are learned)
or the network's, the teacher only labelling them (DAgger); without one it is plain DMC.

:class:`DmcAgent` plays a checkpoint as a :mod:`skat.ai` agent (card play by Q, everything else
as :class:`~skat.ai.heuristic.HeuristicAgent`); the arena names it ``dmc:PATH`` (``skat arena
--agents dmc:dmc.npz,heuristic --contract oracle``), or loads it by its factory
``skat.env.learn:dmc`` with the checkpoint named by :data:`CHECKPOINT_ENV`, else ``dmc.npz``
in the current directory.

>>> rng = np.random.default_rng(0)
>>> net = Mlp.new(FEATURES, 32, hidden=16, rng=rng)
>>> x = rng.random((64, FEATURES), dtype=np.float32)
>>> a = rng.integers(0, 32, 64)
>>> y = np.where(a < 16, 1.0, -1.0).astype(np.float32)
>>> first = net.train_step(x, a, y, lr=1e-2)
>>> for _ in range(200):
...     last = net.train_step(x, a, y, lr=1e-2)
>>> last < first / 4
True
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt

from skat.ai.agent import Agent
from skat.ai.heuristic import HeuristicAgent
from skat.core.actions import Action
from skat.core.cards import Card
from skat.core.deal import Deal
from skat.core.state import GameState, Phase, View
from skat.env.action_ids import action_id, action_of
from skat.env.batch import BatchEnv
from skat.env.observation import LAYOUT
from skat.env.policy import observe_view

__all__ = [
    "CHECKPOINT_ENV",
    "DEFAULT_CHECKPOINT",
    "FEATURES",
    "MAX_DECISIONS",
    "DmcAgent",
    "DmcTrainer",
    "Imitation",
    "Mlp",
    "OracleStarts",
    "TrainLog",
    "dmc",
    "features",
]

Array = npt.NDArray[Any]
F32 = npt.NDArray[np.float32]

_OFF: Final = {name: (at, n) for name, at, n in LAYOUT}
FEATURES: Final = 302
"""Length of a feature row: hand 32, cards played by me/next/prev 96, the current trick's
cards of next/prev 64, skat, discard and open hand 96, role 3, contract 7, points won 3,
trick number 1."""

CHECKPOINT_ENV: Final = "SKAT_DMC_CHECKPOINT"
"""Environment variable naming the checkpoint :class:`DmcAgent` loads by default."""
DEFAULT_CHECKPOINT: Final = Path("dmc.npz")
"""The checkpoint :class:`DmcAgent` loads without :data:`CHECKPOINT_ENV`: ``dmc.npz`` in the
current directory, where ``examples/train_dmc.py`` writes it by default (no trained network
ships with the package)."""

_POINTS: Final = np.array([Card(i).points for i in range(32)], np.float32)


def _suit_perms() -> Array:
    """For each trump suit 0..3 (3: none, Grand, Null), the renaming of the 32 cards that
    swaps the trump suit's non-jack cards with the clubs' (an involution)."""
    perms = np.tile(np.arange(32), (4, 1))
    for trump in range(3):
        for rank in range(7):  # rank 7 is the jack: never renamed
            a, b = trump * 8 + rank, 3 * 8 + rank
            perms[trump, a], perms[trump, b] = b, a
    return perms


_PERMS: Final = _suit_perms()


def _block(obs: Array, name: str) -> Array:
    at, n = _OFF[name]
    return obs[:, at : at + n]


def _trump_of(obs: Array) -> Array:
    """The trump suit of each row's contract (0..3 as the card ids' suits, 3 also for Grand,
    Null and no contract yet): the row of :data:`_PERMS` that renames its cards."""
    contract = _block(obs, "contract")
    cidx = contract.argmax(axis=1)
    return np.where(contract.any(axis=1) & (cidx < 20), cidx // 5, 3)


def features(obs: Array) -> tuple[F32, Array]:
    """Features of a batch of observation vectors (the seat to move's, at card play) and the
    card renaming of each row: ``perm[i, slot]`` is the card id of renamed card ``slot``
    (and the renamed slot of card ``slot``: the renaming is its own inverse)."""
    n = len(obs)
    rows = np.arange(n)[:, None]
    seat = _block(obs, "seat").argmax(axis=1)
    rel = (seat[:, None] + np.arange(3)) % 3  # me, next, prev
    contract = _block(obs, "contract")
    cidx = contract.argmax(axis=1)
    declared = contract.any(axis=1)
    perm = _PERMS[_trump_of(obs)]

    def renamed(cards: Array) -> Array:
        return np.take_along_axis(cards, perm, axis=1)

    at, _ = _OFF["tricks"]
    tricks = obs[:, at : at + 990].reshape(n, 10, 99)
    played = tricks[:, :, 3:].reshape(n, 10, 3, 32)
    by_seat = played.sum(axis=1)[rows, rel]  # (n, 3, 32) me, next, prev
    count = by_seat.sum(axis=(1, 2)).astype(np.int64)
    k = np.minimum(count // 3, 9)
    current = played[np.arange(n), k][rows, rel][:, 1:]  # next's and prev's card on the table
    trick_points = played.sum(axis=2) @ _POINTS  # (n, 10)
    leaders = tricks[:, 1:, :3].copy()  # the leader of trick j + 1 won trick j
    fresh = np.flatnonzero((count % 3 == 0) & (count > 0))  # a trick not yet led: mine
    leaders[fresh, count[fresh] // 3 - 1, seat[fresh]] = 1.0
    won = np.einsum("nj,njs->ns", trick_points[:, :9], leaders)[rows, rel] / 120.0
    role = _block(obs, "declarer")[rows, rel]
    variant = cidx % 5
    suit_game = declared & (cidx < 20)
    grand = declared & (cidx >= 20) & (cidx < 25)
    null = declared & (cidx >= 25)
    kinds = np.stack(
        [
            suit_game,
            grand,
            null,
            (~null & (variant >= 1)) | (null & (cidx >= 27)),  # hand
            ~null & (variant >= 2),  # Schneider announced (an Ouvert too)
            ~null & (variant >= 3),  # Schwarz announced (an Ouvert too)
            (~null & (variant == 4)) | (null & ((cidx == 26) | (cidx == 28))),  # ouvert
        ],
        axis=1,
    )
    out = np.empty((n, FEATURES), np.float32)
    out[:, 0:32] = renamed(_block(obs, "hand"))
    out[:, 32:128] = np.take_along_axis(by_seat, perm[:, None, :], axis=2).reshape(n, 96)
    out[:, 128:192] = np.take_along_axis(current, perm[:, None, :], axis=2).reshape(n, 64)
    out[:, 192:224] = renamed(_block(obs, "skat"))
    out[:, 224:256] = renamed(_block(obs, "discard"))
    out[:, 256:288] = renamed(_block(obs, "open_hand"))
    out[:, 288:291] = role
    out[:, 291:298] = kinds
    out[:, 298:301] = won
    out[:, 301] = k / 10.0
    return out, perm


@dataclass
class Imitation:
    """The behaviour-cloning term of a minibatch: ``weight`` times the cross-entropy of the
    softmax of Q / ``temperature`` over each row's legal cards against the teacher's card,
    on the rows the teacher labelled (``target`` ≥ 0).  It ranks the teacher's card first
    while the squared error keeps Q on the scale of the rewards (a softmax over Q-values as a
    policy, as in DQfD's supervised term, Hester et al., AAAI 2018, with a cross-entropy for
    its margin)."""

    legal: Array
    """(n, 32) bool: the legal renamed cards of each row."""
    target: Array
    """(n,) int: the teacher's renamed card of each row, −1 where it gave none."""
    weight: float = 1.0
    temperature: float = 0.1

    def add_gradient(self, q: F32, dq: F32) -> None:
        """Add the term's gradient with respect to Q to ``dq``."""
        labelled = np.flatnonzero(self.target >= 0)
        z = np.where(self.legal[labelled], q[labelled] / self.temperature, -np.inf)
        z -= z.max(axis=1, keepdims=True)
        prob = np.exp(z)
        prob /= prob.sum(axis=1, keepdims=True)
        prob[np.arange(len(labelled)), self.target[labelled]] -= 1.0
        dq[labelled] += (self.weight / (len(q) * self.temperature)) * prob.astype(np.float32)


@dataclass
class Mlp:
    """A two-hidden-layer ReLU network with Adam, forward and backward in numpy."""

    params: dict[str, F32]
    moments: dict[str, F32] = field(default_factory=dict)
    steps: int = 0

    @classmethod
    def new(cls, inputs: int, outputs: int, hidden: int, rng: np.random.Generator) -> Mlp:
        """He-initialised weights."""

        def he(a: int, b: int) -> F32:
            out: F32 = (rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32)
            return out

        params = {
            "w1": he(inputs, hidden),
            "b1": np.zeros(hidden, np.float32),
            "w2": he(hidden, hidden),
            "b2": np.zeros(hidden, np.float32),
            "w3": (he(hidden, outputs) * 0.1).astype(np.float32),
            "b3": np.zeros(outputs, np.float32),
        }
        return cls(params)

    def forward(self, x: F32) -> tuple[F32, tuple[F32, F32]]:
        """Q for every output, and what the backward pass needs."""
        p = self.params
        h1 = np.maximum(x @ p["w1"] + p["b1"], 0.0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0.0)
        return h2 @ p["w3"] + p["b3"], (h1, h2)

    def predict(self, x: F32) -> F32:
        """Q for every output."""
        return self.forward(x)[0]

    def train_step(
        self,
        x: F32,
        actions: Array,
        targets: F32,
        lr: float = 5e-4,
        clip: float = 10.0,
        imitate: Imitation | None = None,
    ) -> float:
        """One Adam step on the mean squared error of Q(x, action) against the targets, plus
        ``imitate``'s cloning term; returns the squared error before the step."""
        p = self.params
        q, (h1, h2) = self.forward(x)
        rows = np.arange(len(x))
        err = q[rows, actions] - targets
        dq = np.zeros_like(q)
        dq[rows, actions] = 2.0 * err / len(x)
        if imitate is not None:
            imitate.add_gradient(q, dq)
        grads = {"w3": h2.T @ dq, "b3": dq.sum(axis=0)}
        d2 = (dq @ p["w3"].T) * (h2 > 0)
        grads["w2"], grads["b2"] = h1.T @ d2, d2.sum(axis=0)
        d1 = (d2 @ p["w2"].T) * (h1 > 0)
        grads["w1"], grads["b1"] = x.T @ d1, d1.sum(axis=0)
        self._adam(grads, lr, clip)
        return float((err * err).mean())

    def _adam(self, grads: dict[str, F32], lr: float, clip: float) -> None:
        """One Adam step with the gradients clipped to a global norm of ``clip``."""
        p = self.params
        norm = float(np.sqrt(sum(float((g * g).sum()) for g in grads.values())))
        scale = min(1.0, clip / (norm + 1e-12))
        self.steps += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        for name, g in grads.items():
            g = g * scale
            m = self.moments.setdefault("m_" + name, np.zeros_like(g))
            v = self.moments.setdefault("v_" + name, np.zeros_like(g))
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            m_hat = m / (1 - b1**self.steps)
            v_hat = v / (1 - b2**self.steps)
            p[name] -= (lr * m_hat / (np.sqrt(v_hat) + eps)).astype(np.float32)

    def save(self, path: Path | str, **meta: Any) -> None:
        """Write weights, Adam moments, the step count and ``meta`` to an ``.npz``."""
        arrays: dict[str, Any] = {f"p_{k}": v for k, v in self.params.items()}
        arrays.update({f"o_{k}": v for k, v in self.moments.items()})
        arrays["steps"] = np.array(self.steps)
        arrays.update({f"meta_{k}": np.array(v) for k, v in meta.items()})
        tmp = Path(str(path) + ".tmp.npz")
        np.savez_compressed(tmp, **arrays)
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: Path | str) -> tuple[Mlp, dict[str, Any]]:
        """A network and its ``meta`` back from :meth:`save`."""
        with np.load(path) as data:
            params = {k[2:]: data[k].astype(np.float32) for k in data.files if k[:2] == "p_"}
            moments = {k[2:]: data[k] for k in data.files if k[:2] == "o_"}
            meta = {k[5:]: data[k].item() for k in data.files if k.startswith("meta_")}
            steps = int(data["steps"])
        return cls(params, moments, steps), meta


def choose_cards(
    net: Mlp, obs: Array, mask: Array, rng: np.random.Generator | None = None, eps: float = 0.0
) -> tuple[Array, F32, Array]:
    """The card id to play in every row (greedy in Q, or a random legal card with probability
    ``eps``), with the rows' features and the renamed slots chosen."""
    return _choose(net, obs, mask, rng, eps)[:3]


def _choose(
    net: Mlp, obs: Array, mask: Array, rng: np.random.Generator | None, eps: float
) -> tuple[Array, F32, Array, Array, Array]:
    """:func:`choose_cards`, and each row's legal renamed cards and renaming."""
    feats, perm = features(obs)
    legal = np.take_along_axis(mask[:, :32], perm, axis=1) > 0
    q = np.where(legal, net.predict(feats), -np.inf)
    slot = q.argmax(axis=1)
    if rng is not None and eps > 0:
        explore = rng.random(len(obs)) < eps
        if explore.any():
            rand = (rng.random((len(obs), 32)) * legal).argmax(axis=1)
            slot = np.where(explore, rand, slot)
    return perm[np.arange(len(obs)), slot], feats, slot, legal, perm


class OracleStarts(BatchEnv):
    """:class:`~skat.env.batch.BatchEnv` with ``contract="heuristic"`` whose every start (a
    deal and the heuristic players' auction, skat and declaration, the contracts of ``skat
    arena --contract oracle``) is played ``repeat`` times, in games that follow each other in
    the batch: the heuristic auction costs three times the card play that follows, and DMC's
    exploration makes each replay a different game."""

    def __init__(self, n: int, repeat: int = 4, seed: int = 0, reward: str = "seeger") -> None:
        if repeat < 1:
            raise ValueError(f"repeat must be at least 1, not {repeat}")
        self.repeat = repeat
        self._starts: list[tuple[Deal, list[Action]]] = []
        super().__init__(n, reward=reward, seed=seed, contract="heuristic")

    def _new_game(self, rng: random.Random) -> GameState:
        if not self._starts:
            state = super()._new_game(rng)
            self._starts = [(state.deal, [e.action for e in state.history])] * self.repeat
        deal, actions = self._starts.pop()
        state = GameState(deal, self.rules)
        for action in actions:
            state.apply(action)
        return state


class BatchSim(Protocol):
    """What the trainer needs of a batch simulator (:class:`~skat.env.batch.BatchEnv`,
    :class:`~skat.env.fast.CardPlayBatch`)."""

    def reset(self, seed: int | None = None) -> tuple[Array, Array, Array]: ...

    def step(self, actions: Any) -> tuple[Array, Array, Array, Array, Array]: ...


@dataclass
class TrainLog:
    """One line of the training curve."""

    cpu_minutes: float
    games: int
    decisions: int
    loss: float
    steps_per_s: float
    agreement: float = float("nan")
    """While imitating: the share of the teacher's cards the network would have played (of the
    decisions since the last line)."""


LATE_TRICK: Final = 6
"""The trick from which ``DmcTrainer.late_labels`` samples the teacher's labels (the heuristic's
counted ending begins there)."""

MAX_DECISIONS: Final = 30
"""Card-play decisions of one game at most (10 tricks of 3 cards): the pending buffer's depth."""


@dataclass
class DmcTrainer:
    """Deep Monte-Carlo over a batch simulator (see the module doc).

    ``opponent`` (``mode="fixed"``) is a factory ``seed -> Agent`` for the two other seats,
    which needs the simulator's engine states (``sim.states``, as :class:`BatchEnv` has).

    With a ``teacher`` (an :class:`~skat.ai.agent.Agent`, e.g.
    :class:`~skat.ai.heuristic.HeuristicAgent`; it too needs ``sim.states``) the teacher names
    its card at every decision of the learner's seats and the :class:`Imitation` term
    (``imitation``, ``temperature``) teaches the network to rank that card first: behaviour
    cloning as a warm start.  With ``follow`` the teacher's cards are played (the network
    learns the returns of the teacher's games); without, the network's own (DAgger, Ross et
    al., AISTATS 2011: the teacher labels the states the network's play leads to).  Set
    ``teacher`` to ``None`` to go on with plain DMC.  ``late_labels`` < 1 (DAgger only) asks
    the teacher for that share of the decisions from the sixth trick on, drawn at random (the
    heuristic counts those tricks out, milliseconds a label where the earlier ones take
    microseconds): more games for the same CPU time, the unlabelled decisions learning from
    their returns alone.  The decisions wait for their game's end in arrays
    (one row a game, :data:`MAX_DECISIONS` deep), filled and emptied for the whole batch at
    once."""

    sim: Any
    net: Mlp
    mode: str = "selfplay"
    opponent: Callable[[int], Agent] | None = None
    eps: float = 0.05
    lr: float = 5e-4
    reward_scale: float = 100.0
    train_every: int = 4096
    minibatch: int = 512
    epochs: int = 1
    seed: int = 0
    teacher: Agent | None = None
    follow: bool = True
    imitation: float = 1.0
    temperature: float = 0.1
    late_labels: float = 1.0
    games: int = 0
    decisions: int = 0
    sim_seconds: float = 0.0
    log: list[TrainLog] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.mode not in ("selfplay", "fixed"):
            raise ValueError(f"mode must be 'selfplay' or 'fixed', not {self.mode!r}")
        if self.mode == "fixed" and self.opponent is None:
            raise ValueError("mode 'fixed' needs an opponent factory")
        if not 0.0 <= self.late_labels <= 1.0:
            raise ValueError(f"late_labels must be between 0 and 1, not {self.late_labels}")
        self.rng = np.random.default_rng(self.seed)
        self.obs, self.mask, self.to_move = self.sim.reset()
        n, depth = len(self.obs), MAX_DECISIONS
        self._x = np.zeros((n, depth, FEATURES), np.float32)
        self._a = np.zeros((n, depth), np.int64)
        self._seat = np.zeros((n, depth), np.int64)
        self._legal = np.zeros((n, depth, 32), bool)
        self._target = np.full((n, depth), -1, np.int64)
        self._len = np.zeros(n, np.int64)
        self._learner = self.rng.integers(0, 3, n)
        self._opponents: dict[int, Agent] = {}
        self._done: list[tuple[Array, ...]] = []
        self._buffered = 0
        self._losses: list[float] = []
        self._agree = [0, 0]

    def _opponent_action(self, i: int, seat: int) -> int:
        """The fixed opponent's card in game ``i``."""
        agent = self._opponents.get(i)
        if agent is None:
            assert self.opponent is not None
            agent = self._opponents[i] = self.opponent(int(self.rng.integers(1 << 30)))
        return action_id(agent.choose(self.sim.states[i].view(seat)))

    def _teach(self, idx: Array, cards: Array, slots: Array, perm: Array) -> Array:
        """The teacher's renamed cards in the games ``idx`` (−1 for an action that is not a
        card); with ``follow`` they are played (written into ``cards`` and ``slots``)."""
        assert self.teacher is not None
        target = np.full(len(idx), -1, np.int64)
        sample = not self.follow and self.late_labels < 1.0
        for k, i in enumerate(idx):
            state = self.sim.states[i]
            if (
                sample
                and len(state.tricks) + 1 >= LATE_TRICK
                and self.rng.random() >= self.late_labels
            ):
                continue
            a = action_id(self.teacher.choose(state.view(state.to_move)))
            if a < 32:
                target[k] = perm[i, a]
                if self.follow:
                    cards[i] = a
        labelled = target >= 0
        self._agree[0] += int((slots[idx] == target)[labelled].sum())
        self._agree[1] += int(labelled.sum())
        if self.follow:
            slots[idx[labelled]] = target[labelled]
        return target

    def step(self) -> None:
        """One step of every game of the batch; trains when enough decisions are done."""
        obs, mask, to_move = self.obs, self.mask, self.to_move
        eps = 0.0 if self.teacher is not None and self.follow else self.eps
        cards, feats, slots, legal, perm = _choose(self.net, obs, mask, self.rng, eps)
        learner = np.ones(len(obs), bool) if self.mode == "selfplay" else to_move == self._learner
        for i in np.flatnonzero(~learner):
            cards[i] = self._opponent_action(int(i), int(to_move[i]))
        idx = np.flatnonzero(learner)
        target = (
            self._teach(idx, cards, slots, perm)
            if self.teacher is not None
            else np.full(len(idx), -1, np.int64)
        )
        k = self._len[idx]
        if len(idx) and k.max() >= MAX_DECISIONS:
            raise ValueError(f"a game of more than {MAX_DECISIONS} card-play decisions")
        self._x[idx, k] = feats[idx]
        self._a[idx, k] = slots[idx]
        self._seat[idx, k] = to_move[idx]
        self._legal[idx, k] = legal[idx]
        self._target[idx, k] = target
        self._len[idx] += 1
        start = time.process_time()
        self.obs, self.mask, self.to_move, paid, done = self.sim.step(cards)
        self.sim_seconds += time.process_time() - start
        self.decisions += len(idx)
        if done.any():
            self._finish(np.flatnonzero(done), paid)
        if self._buffered >= self.train_every:
            self._train()

    def _finish(self, ended: Array, paid: Array) -> None:
        """Move the decisions of the games ``ended`` to the training buffer, each with the
        reward its seat was paid."""
        rows, at = np.nonzero(np.arange(MAX_DECISIONS) < self._len[ended][:, None])
        game = ended[rows]
        reward = paid[game, self._seat[game, at]] / self.reward_scale
        self._done.append(
            (
                self._x[game, at],
                self._a[game, at],
                reward.astype(np.float32),
                self._legal[game, at],
                self._target[game, at],
            )
        )
        self._buffered += len(game)
        self._len[ended] = 0
        self._learner[ended] = self.rng.integers(0, 3, len(ended))
        for i in ended:
            self._opponents.pop(int(i), None)
        self.games += len(ended)

    def _train(self) -> None:
        x, a, y, legal, target = (np.concatenate(parts) for parts in zip(*self._done, strict=True))
        self._done, self._buffered = [], 0
        for _ in range(self.epochs):
            order = self.rng.permutation(len(x))
            for at in range(0, len(x) - self.minibatch + 1, self.minibatch):
                idx = order[at : at + self.minibatch]
                imitate = None
                if (target[idx] >= 0).any():
                    imitate = Imitation(legal[idx], target[idx], self.imitation, self.temperature)
                loss = self.net.train_step(x[idx], a[idx], y[idx], lr=self.lr, imitate=imitate)
                self._losses.append(loss)

    def run(
        self,
        cpu_seconds: float,
        report_every: float = 60.0,
        on_report: Callable[[TrainLog], None] | None = None,
    ) -> list[TrainLog]:
        """Train for ``cpu_seconds`` of this process's CPU time, logging every
        ``report_every`` CPU seconds (the loss is the mean since the last line)."""
        start = time.process_time()
        last = start
        decisions_then = self.decisions
        while (now := time.process_time()) - start < cpu_seconds:
            self.step()
            if now - last >= report_every:
                self._report(now, last, decisions_then, on_report)
                last, decisions_then = now, self.decisions
        self._report(time.process_time(), last, decisions_then, on_report)
        return self.log

    def _report(
        self,
        now: float,
        last: float,
        decisions_then: int,
        on_report: Callable[[TrainLog], None] | None,
    ) -> None:
        loss = float(np.mean(self._losses)) if self._losses else float("nan")
        self._losses = []
        agreed, taught = self._agree
        self._agree = [0, 0]
        prior = self.log[-1].cpu_minutes if self.log else 0.0
        line = TrainLog(
            cpu_minutes=prior + (now - last) / 60.0,
            games=self.games,
            decisions=self.decisions,
            loss=loss,
            steps_per_s=(self.decisions - decisions_then) / max(now - last, 1e-9),
            agreement=agreed / taught if taught else float("nan"),
        )
        self.log.append(line)
        if on_report is not None:
            on_report(line)


class DmcAgent:
    """A checkpoint as a :mod:`skat.ai` agent: the cards by Q, every other decision as
    :class:`~skat.ai.heuristic.HeuristicAgent` (for ``skat arena`` and the table)."""

    _cache: Final[dict[tuple[str, int], Mlp]] = {}

    def __init__(self, seed: int | None = 0, checkpoint: Path | str | None = None) -> None:
        path = str(checkpoint or os.environ.get(CHECKPOINT_ENV) or DEFAULT_CHECKPOINT)
        if not Path(path).exists():
            raise ValueError(f"no DMC checkpoint at {path} (train examples/train_dmc.py)")
        key = (path, Path(path).stat().st_mtime_ns)  # a checkpoint rewritten is read again
        if key not in self._cache:
            self._cache[key] = Mlp.load(path)[0]
        self.net = self._cache[key]
        self.fallback = HeuristicAgent(seed)
        self.seed = seed

    def choose(self, view: View) -> Action:
        """Play the legal card of highest Q; anything else as the heuristic does."""
        if view.phase != Phase.PLAY:
            return self.fallback.choose(view)
        obs = observe_view(view)
        mask = obs["action_mask"][None, :]
        card = int(choose_cards(self.net, obs["observation"][None, :], mask)[0][0])
        return action_of(card)


def evaluate_random_play(
    sim: Any, choose: Callable[[Array, Array], Array], games: int
) -> Sequence[float]:
    """Mean reward by seat of ``games`` finished games of ``sim`` played by ``choose(obs,
    mask) -> ids`` at every seat (a quick check without the arena)."""
    obs, mask, _ = sim.reset()
    total = np.zeros(3)
    done_games = 0
    while done_games < games:
        obs, mask, _, paid, done = sim.step(choose(obs, mask))
        total += paid[done].sum(axis=0)
        done_games += int(done.sum())
    return list(total / max(done_games, 1))


def dmc(seed: int | None = 0, checkpoint: Path | str | None = None) -> DmcAgent:
    """The arena's factory: ``skat arena --agents dmc:dmc.npz,heuristic --contract oracle``
    (:data:`skat.ai.arena.CHECKPOINTS`), or ``skat.env.learn:dmc`` for the checkpoint of
    :data:`CHECKPOINT_ENV`, else :data:`DEFAULT_CHECKPOINT`."""
    return DmcAgent(seed, checkpoint)
