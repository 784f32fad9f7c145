"""A vectorised batch of games for throughput: ``n`` games stepped together, numpy in and out.

Every game is self-play (one policy acts for whichever seat is to move; ``to_move`` says which).
``step(actions)`` applies one action id per game; a game that ends reports its rewards (one row
of three, by seat) and ``done``, and is replaced at once by a new deal, whose first observation
is returned in its row.  Game ``i`` deals from ``random.Random(f"{seed}:{i}")``: a seed
reproduces the whole run.  ``contract`` starts each game where :mod:`skat.env.curriculum` says
(``"auction"``, the default: the first bid).

>>> batch = BatchEnv(4, rules="pub", reward="points", seed=1)
>>> obs, mask, to_move = batch.reset()
>>> obs.shape, mask.shape, to_move.tolist()
((4, 2083), (4, 644), [1, 1, 1, 1])
>>> rng = np.random.default_rng(0)
>>> finished = 0
>>> while finished < 8:
...     actions = [rng.choice(np.flatnonzero(m)) for m in mask]
...     obs, mask, to_move, rewards, done = batch.step(actions)
...     finished += int(done.sum())
>>> bool((rewards[done] <= 0).all() or (rewards[done] >= 0).all())
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from skat.core.deal import Deal
from skat.core.rules import Rules
from skat.core.state import GameState
from skat.env.action_ids import ACTIONS, NUM_ACTIONS, describe, legal_ids
from skat.env.aec import rules_of
from skat.env.curriculum import check_contract, start_state
from skat.env.observation import SIZE
from skat.env.rewards import check_reward, rewards
from skat.env.tracker import ObservationTracker

__all__ = ["BatchEnv", "Reset", "Step"]

Reset = tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]
"""What a batch's ``reset`` gives: observations, masks, seats to move."""
Step = tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.int8],
    npt.NDArray[np.int64],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
]
"""What a batch's ``step`` gives: observations, masks, seats to move, rewards by seat, done."""


class BatchEnv:
    """``n`` games of Skat stepped together (see the module doc)."""

    def __init__(
        self,
        n: int,
        rules: Rules | str = "isko",
        reward: str = "list",
        seed: int = 0,
        contract: str = "auction",
    ) -> None:
        if n < 1:
            raise ValueError(f"a batch needs at least one game, not {n}")
        check_contract(contract)
        self.contract = contract
        self.n = n
        self.rules = rules_of(rules)
        self.reward = check_reward(reward)
        self.seed = seed
        self.obs = np.zeros((n, SIZE), dtype=np.float32)
        self.mask = np.zeros((n, NUM_ACTIONS), dtype=np.int8)
        self.to_move = np.zeros(n, dtype=np.int64)
        self._rngs = [random.Random(f"{seed}:{i}") for i in range(n)]
        self.states = [self._new_game(r) for r in self._rngs]
        self._trackers = [ObservationTracker(s) for s in self.states]
        self.games_finished = 0

    def _new_game(self, rng: random.Random) -> GameState:
        return start_state(Deal.random(rng), self.rules, self.contract, rng)

    def _write(self, i: int) -> None:
        state = self.states[i]
        s = state.to_move
        self.to_move[i] = s
        self.obs[i] = self._trackers[i].observe(s)
        m = self.mask[i]
        m.fill(0)
        m[legal_ids(state)] = 1

    def reset(self, seed: int | None = None) -> Reset:
        """New deals in every game: (observations, masks, seats to move)."""
        if seed is not None:
            self.seed = seed
        self._rngs = [random.Random(f"{self.seed}:{i}") for i in range(self.n)]
        self.states = [self._new_game(r) for r in self._rngs]
        self._trackers = [ObservationTracker(s) for s in self.states]
        for i in range(self.n):
            self._write(i)
        return self.obs, self.mask, self.to_move

    def step(self, actions: Sequence[int] | npt.NDArray[Any]) -> Step:
        """One action id per game: (observations, masks, seats to move, rewards, done).

        The arrays are reused between calls: copy them to keep them."""
        if len(actions) != self.n:
            raise ValueError(f"one action per game: {self.n} needed, got {len(actions)}")
        paid = np.zeros((self.n, 3), dtype=np.float32)
        done = np.zeros(self.n, dtype=np.bool_)
        for i, a in enumerate(actions):
            a = int(a)
            if not (0 <= a < NUM_ACTIONS and self.mask[i, a]):
                what = describe(a) if 0 <= a < NUM_ACTIONS else "no action"
                raise ValueError(f"game {i}: action {a} ({what}) is not legal now")
            state = self.states[i]
            state.apply(ACTIONS[a])
            if state.is_over:
                assert state.result is not None
                paid[i] = rewards(state.result, self.reward)
                done[i] = True
                self.games_finished += 1
                state = self.states[i] = self._new_game(self._rngs[i])
                self._trackers[i] = ObservationTracker(state)
            self._write(i)
        return self.obs, self.mask, self.to_move, paid, done
