"""A trained policy as a :mod:`skat.ai` agent, to play it in the arena, the terminal or the web.

:class:`PolicyAgent` turns a policy into an agent (``choose(view)``): the seat's view becomes the
environment's observation (``{"observation": float32[SIZE], "action_mask": int8[644]}``, as the
AEC and Gymnasium environments give it), the policy answers an action id, and the agent returns
that action.  A policy is any callable ``observation -> action id``, or a model with
``predict(observation, deterministic=...)`` such as a Stable-Baselines3 model; a model whose
``predict`` takes ``action_masks=`` (sb3-contrib's ``MaskablePPO``) gets the mask.  An id that is
not legal raises ``ValueError`` (``illegal="raise"``) or is replaced by the lowest legal id
(``illegal="first"``; the arena's :class:`~skat.ai.agent.SafeAgent` counts its own fallbacks).

>>> import numpy as np
>>> from skat.ai.arena import play_game
>>> from skat.ai.random_agent import RandomAgent
>>> from skat.core import GameState
>>> def last_legal(obs):        # in the auction that is "pass" (id 96)
...     return int(np.flatnonzero(obs["action_mask"])[-1])
>>> agent = PolicyAgent(last_legal)
>>> game = play_game(GameState(seed=5), [agent, RandomAgent(1), RandomAgent(2)])
>>> game.is_over, [str(e.action) for e in game.history if e.seat == 0][:1]
(True, ['p'])
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from skat.core.actions import Action
from skat.core.state import View
from skat.env.action_ids import NUM_ACTIONS, action_id, action_of, describe
from skat.env.observation import encode, observation_of

__all__ = ["PolicyAgent", "observe_view"]

Observation = dict[str, npt.NDArray[Any]]


def observe_view(view: View) -> Observation:
    """The environment's observation of a seat's view: the vector and the legal-id mask."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    for action in view.legal_actions:
        mask[action_id(action)] = 1
    return {"observation": encode(observation_of(view)), "action_mask": mask}


class PolicyAgent:
    """A :mod:`skat.ai` agent that asks a policy (see the module doc)."""

    def __init__(
        self,
        policy: Callable[[Observation], Any] | Any,
        *,
        deterministic: bool = True,
        illegal: str = "raise",
        name: str = "policy",
    ) -> None:
        if illegal not in ("raise", "first"):
            raise ValueError(f"illegal must be 'raise' or 'first', not {illegal!r}")
        predict = getattr(policy, "predict", None)
        if predict is None and not callable(policy):
            raise TypeError(f"a policy is a callable or has predict(), not {type(policy).__name__}")
        self.policy = policy
        self.deterministic = deterministic
        self.illegal = illegal
        self.name = name
        self._masks = predict is not None and "action_masks" in _parameters(predict)

    def act(self, obs: Observation) -> int:
        """The policy's action id for ``obs``."""
        predict = getattr(self.policy, "predict", None)
        if predict is None:
            answer = self.policy(obs)
        elif self._masks:
            answer, _ = predict(
                obs, action_masks=obs["action_mask"].astype(bool), deterministic=self.deterministic
            )
        else:
            answer, _ = predict(obs, deterministic=self.deterministic)
        return int(np.asarray(answer).reshape(-1)[0])

    def choose(self, view: View) -> Action:
        """The action the policy picks from this seat's view."""
        obs = observe_view(view)
        a = self.act(obs)
        if not (0 <= a < NUM_ACTIONS and obs["action_mask"][a]):
            if self.illegal == "raise":
                what = describe(a) if 0 <= a < NUM_ACTIONS else "no action"
                raise ValueError(f"{self.name} chose action {a} ({what}), which is not legal now")
            a = int(np.flatnonzero(obs["action_mask"])[0])
        return action_of(a)

    def __repr__(self) -> str:
        return f"PolicyAgent({self.name!r})"


def _parameters(function: Callable[..., Any]) -> set[str]:
    try:
        return set(inspect.signature(function).parameters)
    except (TypeError, ValueError):  # a builtin without a signature
        return set()
