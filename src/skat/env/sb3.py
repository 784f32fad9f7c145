"""The batch simulators as a Stable-Baselines3 ``VecEnv`` (``pip install 'skat[rl]'``).

:class:`SkatVecEnv` is :class:`~skat.env.vector.SkatVectorEnv` in SB3's interface:
``reset()`` gives the batched observation dict, ``step_async``/``step_wait`` a list of info
dicts, and ``env_method("action_masks")`` the legal ids of each game, the hook sb3-contrib's
``MaskablePPO`` calls.  It is self-play: in every game the agent is the seat to move; a game's
reward goes to the seat whose action ended it (see :mod:`skat.env.vector`), each info dict
holds ``"rewards"`` (all three seats', at the end), ``"acted"`` and ``"seat"``.  Rewards are
scaled to [-1, 1] by default (``scale=True``).

    from sb3_contrib import MaskablePPO
    from skat.env.sb3 import SkatVecEnv

    env = SkatVecEnv(64, sim="cardplay", contract="G", reward="points_zero_sum")
    model = MaskablePPO("MultiInputPolicy", env, n_steps=32, batch_size=512)
    model.learn(total_timesteps=200_000)

Importing this module imports ``stable_baselines3`` (and torch).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from stable_baselines3.common.vec_env import VecEnv  # type: ignore[import-not-found]

from skat.core.rules import Rules
from skat.env.vector import SkatVectorEnv

__all__ = ["SkatVecEnv"]


class SkatVecEnv(VecEnv):  # type: ignore[misc]
    """``GameBatch`` or ``CardPlayBatch`` as an SB3 ``VecEnv`` (see the module doc)."""

    def __init__(
        self,
        num_envs: int = 64,
        sim: str = "game",
        rules: Rules | str = "isko",
        reward: str = "list",
        contract: str = "G",
        declarer: int = 0,
        scale: bool = True,
        seed: int = 0,
    ) -> None:
        self.venv = SkatVectorEnv(num_envs, sim, rules, reward, contract, declarer, scale, seed)
        super().__init__(
            num_envs, self.venv.single_observation_space, self.venv.single_action_space
        )
        self._actions: npt.NDArray[Any] = np.zeros(num_envs, np.int64)
        self._seed: int | None = seed

    def reset(self) -> dict[str, npt.NDArray[Any]]:
        """New deals in every game (seeded by :meth:`seed`, once)."""
        obs, _ = self.venv.reset(seed=self._seed)
        self._seed = None
        return obs

    def step_async(self, actions: npt.NDArray[Any]) -> None:
        """Remember the actions (one id a game)."""
        self._actions = np.asarray(actions)

    def step_wait(self) -> tuple[Any, npt.NDArray[Any], npt.NDArray[Any], list[dict[str, Any]]]:
        """Step every game; a finished game is dealt again at once."""
        obs, reward, done, _, info = self.venv.step(self._actions)
        infos = [
            {
                "seat": int(info["seat"][i]),
                "acted": int(info["acted"][i]),
                "rewards": info["rewards"][i],
            }
            for i in range(self.num_envs)
        ]
        return obs, reward.astype(np.float32), done, infos

    def seed(self, seed: int | None = None) -> Sequence[int | None]:
        """Seed the next :meth:`reset`."""
        self._seed = seed
        return [seed] * self.num_envs

    def close(self) -> None:
        """Nothing to release."""

    def _indices(self, indices: int | Iterable[int] | None) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)

    def get_attr(self, attr_name: str, indices: int | Iterable[int] | None = None) -> list[Any]:
        """An attribute of the vector environment, once per game asked for."""
        value = getattr(self.venv, attr_name)
        return [value for _ in self._indices(indices)]

    def set_attr(
        self, attr_name: str, value: Any, indices: int | Iterable[int] | None = None
    ) -> None:
        """Set an attribute of the vector environment (shared by all games)."""
        setattr(self.venv, attr_name, value)

    def env_method(
        self,
        method_name: str,
        *method_args: Any,
        indices: int | Iterable[int] | None = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        """``action_masks`` gives each game's legal ids; other methods are the vector
        environment's, called once."""
        rows = self._indices(indices)
        if method_name == "action_masks":
            masks = self.venv.action_masks()
            return [masks[i] for i in rows]
        result = getattr(self.venv, method_name)(*method_args, **method_kwargs)
        return [result for _ in rows]

    def env_is_wrapped(
        self, wrapper_class: type, indices: int | Iterable[int] | None = None
    ) -> list[bool]:
        """No game is wrapped."""
        return [False for _ in self._indices(indices)]

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids of every game (``num_envs`` × 644 booleans)."""
        return self.venv.action_masks()
