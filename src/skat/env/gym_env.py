"""A Gymnasium single-agent environment: one seat learns, the other two are :mod:`skat.ai` agents.

The observation and action spaces are those of the AEC environment (``{"observation",
"action_mask"}`` and ``Discrete(644)``); ``info["action_mask"]`` repeats the mask.  An episode is
one game; the reward (:mod:`skat.env.rewards`) comes with the last step.  ``seat`` is the learning
seat (0 Forehand, 1 Middlehand, 2 Rearhand), or ``None`` for a random seat each game.  The
opponents are agents (anything with ``choose(view)``) or names of :data:`skat.ai.arena.AGENTS`;
a name gets a new agent at every seeded reset, seeded from that seed, so a seed replays the
same games; ``"sensible-random"`` is :class:`skat.env.curriculum.SensibleRandomAgent` (heuristic
bidding, random card play).  ``contract`` starts each game at card play with the contract
settled (``"heuristic"``, ``"fixed:G"``, ``"fixed:C@1"``; see :mod:`skat.env.curriculum`) or,
by default (``"auction"``), at the first bid.  An illegal action id raises ``ValueError`` (``illegal="raise"``), or with
``illegal="random"`` is replaced by a random legal one and flagged in ``info["illegal"]`` (for
policies that ignore the mask, and for Gymnasium's ``check_env``).  ``scale=True`` divides the
reward by :func:`skat.env.rewards.reward_scale` (the largest magnitude the scheme can pay, 540
for ``list`` under isko), so that it lies in [-1, 1] as gradient learners want.

>>> env = SkatGymEnv(rules="isko", reward="list", seat=0, opponents="random")
>>> obs, info = env.reset(seed=2)
>>> total = 0.0
>>> terminated = False
>>> while not terminated:
...     action = int(np.flatnonzero(obs["action_mask"])[-1])
...     obs, reward, terminated, truncated, info = env.step(action)
...     total += reward
>>> total == rewards(env.state.result, "list")[0]
True

Importing the module registers it with Gymnasium as ``skat/Skat-v0``:

>>> made = gymnasium.make("skat/Skat-v0", rules="pub", seat=1, opponents="random")
>>> str(made.unwrapped.rules), made.unwrapped.seat
('pub', 1)
>>> made.reset(seed=0)[0]["observation"].shape
(2083,)

Card play only, Grand declared by the learning seat, against heuristic bidders that play at
random:

>>> env = SkatGymEnv(seat=0, contract="fixed:G@0", opponents="sensible-random")
>>> obs, info = env.reset(seed=3)
>>> env.state.phase.name, env.state.contract.code, int(obs["action_mask"][:32].sum())
('PLAY', 'G', 10)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from skat.ai.agent import Agent, SafeAgent
from skat.ai.arena import make_agent
from skat.core.deal import Deal
from skat.core.rules import Rules
from skat.core.state import GameState
from skat.env.action_ids import NUM_ACTIONS, action_of, describe, legal_ids
from skat.env.aec import observation_space, rules_of
from skat.env.curriculum import OPPONENTS, check_contract, start_state
from skat.env.rewards import check_reward, reward_scale, rewards
from skat.env.tracker import ObservationTracker

__all__ = ["GYM_ID", "SkatGymEnv"]

GYM_ID = "skat/Skat-v0"
"""The Gymnasium id: ``gymnasium.make("skat/Skat-v0", opponents="heuristic")`` after importing
:mod:`skat.env` (any keyword of :class:`SkatGymEnv` may be given)."""

Opponent = Agent | str


class SkatGymEnv(gymnasium.Env):  # type: ignore[type-arg, unused-ignore]
    """One seat of a Skat game as a Gymnasium environment (see the module doc)."""

    metadata = {"render_modes": ["ansi", "human"]}  # noqa: RUF012 - gymnasium's convention

    def __init__(
        self,
        rules: Rules | str = "isko",
        reward: str = "list",
        seat: int | None = 0,
        opponents: Opponent | Sequence[Opponent] = "random",
        render_mode: str | None = None,
        illegal: str = "raise",
        contract: str = "auction",
        scale: bool = False,
    ) -> None:
        check_contract(contract)
        self.contract = contract
        if illegal not in ("raise", "random"):
            raise ValueError(f"illegal must be 'raise' or 'random', not {illegal!r}")
        self.illegal = illegal
        self.rules = rules_of(rules)
        self.reward = check_reward(reward)
        self.scale = reward_scale(self.rules, self.reward) if scale else 1.0
        if seat not in (None, 0, 1, 2):
            raise ValueError(f"seat must be 0, 1, 2 or None (random), not {seat!r}")
        self.fixed_seat = seat
        specs = [opponents, opponents] if isinstance(opponents, (str, Agent)) else list(opponents)
        if len(specs) != 2:
            raise ValueError(f"two opponents are needed, got {len(specs)}")
        self._specs = specs
        self._opponents = self._make_opponents(0)
        self.observation_space = observation_space()
        self.action_space = gymnasium.spaces.Discrete(NUM_ACTIONS)
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"unknown render_mode {render_mode!r} (known: ansi, human)")
        self.render_mode = render_mode
        self._rng = random.Random()
        self.seat = seat if seat is not None else 0
        self.state = GameState(Deal.random(self._rng), self.rules)
        self._tracker = ObservationTracker(self.state)

    def _make_opponents(self, seed: int) -> list[SafeAgent]:
        out = []
        for k, spec in enumerate(self._specs):
            if isinstance(spec, str):
                agent = make_agent(OPPONENTS.get(spec, spec), seed * 2 + k)
            else:
                agent = spec
            out.append(SafeAgent(agent, name=str(spec)))
        return out

    def _observe(self) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        state = self.state
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if not state.is_over and state.to_move == self.seat:
            mask[legal_ids(state)] = 1
        obs: dict[str, npt.NDArray[Any]] = {
            "observation": self._tracker.observe(self.seat),
            "action_mask": mask,
        }
        return obs, {"action_mask": mask, "seat": self.seat}

    def _others_move(self) -> None:
        state = self.state
        while not state.is_over and state.to_move != self.seat:
            s = state.to_move
            agent = self._opponents[0 if s == (self.seat + 1) % 3 else 1]
            state.apply(agent.choose(state.view(s)))

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[Any]], dict[str, Any]]:
        """A new game, played by the opponents up to the learning seat's first turn."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            self._opponents = self._make_opponents(seed)
        deal = (options or {}).get("deal")
        self.seat = self.fixed_seat if self.fixed_seat is not None else self._rng.randrange(3)
        deal = deal if deal is not None else Deal.random(self._rng)
        self.state = start_state(deal, self.rules, self.contract, self._rng)
        self._tracker = ObservationTracker(self.state)
        self._others_move()
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def step(
        self, action: int
    ) -> tuple[dict[str, npt.NDArray[Any]], float, bool, bool, dict[str, Any]]:
        """Apply the learning seat's action id, then the opponents' moves up to its next turn."""
        state = self.state
        if state.is_over:
            raise ValueError("the game is over: call reset()")
        ids = legal_ids(state)
        illegal = action not in ids
        if illegal:
            if self.illegal == "raise":
                what = describe(action) if 0 <= int(action) < NUM_ACTIONS else "no action"
                raise ValueError(f"action {int(action)} ({what}) is not legal now")
            action = self._rng.choice(ids)
        state.apply(action_of(action))
        self._others_move()
        obs, info = self._observe()
        info["illegal"] = illegal
        reward = 0.0
        if state.is_over:
            assert state.result is not None
            reward = rewards(state.result, self.reward)[self.seat] / self.scale
            info["result"] = state.result
        if self.render_mode == "human":
            self.render()
        return obs, reward, state.is_over, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal ids now as booleans (the hook sb3-contrib's ``MaskablePPO`` calls)."""
        mask = np.zeros(NUM_ACTIONS, dtype=np.bool_)
        if not self.state.is_over and self.state.to_move == self.seat:
            mask[legal_ids(self.state)] = True
        return mask

    def render(self) -> str | None:
        """The game so far as text: printed in ``human`` mode (returning ``None``), else
        returned."""
        s = self.state
        text = " ".join(str(e) for e in s.history) + (
            "\n" + s.result.explain("en") if s.result is not None else ""
        )
        if self.render_mode == "human":
            print(text)
            return None
        return text


if GYM_ID not in gymnasium.registry:
    gymnasium.register(GYM_ID, entry_point="skat.env.gym_env:SkatGymEnv")
