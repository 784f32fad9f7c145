"""Skat for machine-learning code: PettingZoo, Gymnasium and OpenSpiel-style search, full rules.

Install with ``pip install 'skat[env]'`` (numpy, gymnasium, pettingzoo).  Built on
:mod:`skat.core` (the rules) and :mod:`skat.ai` (opponents for the single-agent wrapper);
``docs/env.md`` documents the action ids and the observation layout.

- :func:`aec_env` — the PettingZoo AEC environment (three seats, the whole game).
- :class:`SkatGymEnv` — Gymnasium, one learning seat against :mod:`skat.ai` agents
  (``gymnasium.make("skat/Skat-v0")``).
- :class:`PolicyAgent` — a trained policy (a callable or an SB3 model) as a :mod:`skat.ai` agent.
- :class:`BatchEnv` — ``n`` self-play games stepped together.
- :class:`GameBatch` — a fast numpy batch simulator of whole games (auction to score).
- :class:`CardPlayBatch` — a fast numpy batch simulator of card play (a fixed contract).
- ``contract=`` of every environment and :class:`SensibleRandomAgent` — the curriculum
  (:mod:`skat.env.curriculum`); ``reward="list_zero_sum"`` … and :func:`reward_scale`.
- :class:`SkatGame` / :class:`SkatState` — OpenSpiel-style states for search, with
  :meth:`SkatState.resample_from_infostate`; :mod:`skat.env.openspiel` registers the game with
  OpenSpiel itself (``pyspiel.load_game("python_skat")``).

>>> env = aec_env(rules="isko", reward="list")
>>> env.reset(seed=0)
>>> env.agent_selection, int(env.observe("player_1")["action_mask"].sum())
('player_1', 64)
"""

try:
    import gymnasium as _gymnasium  # noqa: F401
    import numpy as _numpy  # noqa: F401
    import pettingzoo as _pettingzoo  # type: ignore[import-untyped]  # noqa: F401
except ImportError as _exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"skat.env needs the env extra ({_exc.name} is missing): pip install 'skat[env]'"
    ) from None

from skat.env.action_ids import ACTIONS, NUM_ACTIONS, action_id, action_of, describe, legal_ids
from skat.env.aec import AGENTS, STATE_SIZE, SkatAECEnv, aec_env
from skat.env.batch import BatchEnv
from skat.env.curriculum import SensibleRandomAgent
from skat.env.fast import CardPlayBatch
from skat.env.game_batch import GameBatch
from skat.env.gym_env import GYM_ID, SkatGymEnv
from skat.env.observation import LAYOUT, SIZE, Observation, decode, encode, observation_of
from skat.env.policy import PolicyAgent, observe_view
from skat.env.rewards import REWARDS, reward_scale, rewards
from skat.env.sampling import ResampleError, resample
from skat.env.search import CHANCE, TERMINAL, SkatGame, SkatState

__all__ = [
    "ACTIONS",
    "AGENTS",
    "CHANCE",
    "GYM_ID",
    "LAYOUT",
    "NUM_ACTIONS",
    "REWARDS",
    "SIZE",
    "STATE_SIZE",
    "TERMINAL",
    "BatchEnv",
    "CardPlayBatch",
    "GameBatch",
    "Observation",
    "PolicyAgent",
    "ResampleError",
    "SensibleRandomAgent",
    "SkatAECEnv",
    "SkatGame",
    "SkatGymEnv",
    "SkatState",
    "action_id",
    "action_of",
    "aec_env",
    "decode",
    "describe",
    "encode",
    "legal_ids",
    "observation_of",
    "observe_view",
    "resample",
    "reward_scale",
    "rewards",
]
