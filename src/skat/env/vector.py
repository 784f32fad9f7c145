"""The batch simulators as a Gymnasium ``VectorEnv``: ``num_envs`` games stepped at once in numpy.

:class:`SkatVectorEnv` wraps :class:`~skat.env.game_batch.GameBatch` (whole games) or
:class:`~skat.env.fast.CardPlayBatch` (the card play of one contract, ``sim="cardplay"``).  It
is self-play: in every sub-environment the agent is the seat to move (``infos["seat"]``), one
policy for all three seats, as in the batches.  The single observation space is the AEC
environment's (``{"observation": float32[2083], "action_mask": int8[644]}``), the single
action space ``Discrete(644)``; the batched spaces are Gymnasium's ``batch_space`` of them.

Rewards: a game pays at its end (:mod:`skat.env.rewards`); ``rewards[i]`` is what the seat
that just acted in game ``i`` is paid when that action ended the game, else 0, and
``infos["rewards"]`` holds all three seats' rewards (0 before the end) and ``infos["acted"]``
the seat that acted — self-play learners assign each seat's return from them (as
:mod:`skat.env.learn` does); a plain single-agent learner would credit the last mover alone.
``scale=True`` divides by :func:`~skat.env.rewards.reward_scale` (rewards in [-1, 1]).

Autoreset is Gymnasium's *same-step* mode: a finished game is dealt again within the step, its
row holds the new game's first observation, ``terminations[i]`` is True and
``infos["final_info"]`` is not kept (the batch does not keep a finished game's last
observation: a Monte-Carlo or GAE learner needs none, the value after the end being 0).

>>> env = SkatVectorEnv(8, sim="cardplay", contract="G", reward="list", seed=1)
>>> obs, infos = env.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape, env.observation_space.contains(obs)
((8, 2083), (8, 644), True)
>>> rng = np.random.default_rng(0)
>>> ended = 0
>>> for _ in range(30):
...     actions = (rng.random((8, 644)) * obs["action_mask"]).argmax(axis=1)
...     obs, rewards, terminations, truncations, infos = env.step(actions)
...     ended += int(terminations.sum())
>>> ended, bool((infos["rewards"].sum(axis=1) != 0).any())
(8, True)
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from skat.core.rules import Rules
from skat.env.action_ids import NUM_ACTIONS
from skat.env.aec import observation_space
from skat.env.fast import CardPlayBatch
from skat.env.game_batch import GameBatch
from skat.env.rewards import reward_scale

__all__ = ["SkatVectorEnv"]

Obs = dict[str, npt.NDArray[Any]]


class SkatVectorEnv(VectorEnv):  # type: ignore[type-arg, unused-ignore]
    """``GameBatch`` or ``CardPlayBatch`` as a Gymnasium ``VectorEnv`` (see the module doc)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 64,
        sim: str = "game",
        rules: Rules | str = "isko",
        reward: str = "list",
        contract: str = "G",
        declarer: int = 0,
        scale: bool = False,
        seed: int = 0,
    ) -> None:
        if sim == "game":
            self.batch: GameBatch | CardPlayBatch = GameBatch(num_envs, rules, reward, seed)
        elif sim == "cardplay":
            self.batch = CardPlayBatch(
                num_envs,
                contract=contract,
                declarer=declarer,
                rules=rules,
                reward=reward,
                seed=seed,
            )
        else:
            raise ValueError(f"sim must be 'game' or 'cardplay', not {sim!r}")
        self.num_envs = num_envs
        self.scale = reward_scale(self.batch.rules, self.batch.reward) if scale else 1.0
        self.single_observation_space = observation_space()
        self.single_action_space = gymnasium.spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.render_mode = None
        self._to_move = np.zeros(num_envs, np.int64)

    def _obs(self, obs: npt.NDArray[Any], mask: npt.NDArray[Any]) -> Obs:
        return {"observation": obs.copy(), "action_mask": mask.copy()}

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """New deals in every game (``seed`` reseeds the batch: an int, or a list whose first
        entry is used)."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        obs, mask, to_move = self.batch.reset(seed)
        self._to_move = to_move.copy()
        return self._obs(obs, mask), {"seat": to_move.copy()}

    def step(
        self, actions: npt.NDArray[Any]
    ) -> tuple[
        Obs, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """One action id per game (the seat to move's); see the module doc for the rewards."""
        acted = self._to_move
        obs, mask, to_move, paid, done = self.batch.step(np.asarray(actions))
        self._to_move = to_move.copy()
        scaled = paid.astype(np.float64) / self.scale
        reward = np.where(done, scaled[np.arange(self.num_envs), acted], 0.0)
        infos = {"seat": to_move.copy(), "acted": acted, "rewards": scaled}
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        return self._obs(obs, mask), reward, done.copy(), truncated, infos

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids of every game now, as booleans (``num_envs`` × 644)."""
        return self.batch.mask.astype(np.bool_)
