"""The PettingZoo AEC environment: one full game of Skat per episode, three agents.

``player_0`` is Forehand (Vorhand), ``player_1`` Middlehand, ``player_2`` Rearhand.  Each
observation is ``{"observation": float32[2083], "action_mask": int8[644]}`` (see
:mod:`skat.env.observation` and :mod:`skat.env.action_ids`); the mask is 1 exactly at the ids of
the engine's legal actions when the agent is to move (all 0 otherwise).  Rewards come at the end
of the game (:mod:`skat.env.rewards`).  ``reset(seed=s)`` reseeds the dealer: the same seed gives
the same deals in the same order; ``reset(options={"deal": Deal})`` plays a given deal.
``contract="heuristic"`` or ``"fixed:CODE[@SEAT]"`` starts every game at card play with the
contract settled (:mod:`skat.env.curriculum`); the default ``"auction"`` plays the whole game.

>>> env = aec_env(rules="pub", reward="seeger")
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     action = None if terminated else int(np.flatnonzero(obs["action_mask"])[0])
...     env.step(action)
>>> env.game.is_over, sum(env.final_rewards.values()) == sum(rewards(env.game.result, "seeger"))
(True, True)
>>> env.state().shape == env.state_space.shape == (STATE_SIZE,)
True

``env.game`` is the engine's :class:`~skat.core.state.GameState`; ``env.state()`` is
PettingZoo's global state for centralised critics (MAPPO, QMIX): the three seats' observation
vectors one after the other, then the skat as dealt (32 entries) — every card and the whole
public history, what no seat alone knows.
"""

from __future__ import annotations

import random
from typing import Any, Final

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from skat.core.deal import Deal
from skat.core.rules import Rules
from skat.core.state import GameState
from skat.env.action_ids import NUM_ACTIONS, action_of, describe, legal_ids
from skat.env.curriculum import check_contract, start_state
from skat.env.observation import SIZE
from skat.env.rewards import check_reward, rewards
from skat.env.tracker import ObservationTracker

__all__ = ["AGENTS", "STATE_SIZE", "SkatAECEnv", "aec_env", "observation_space", "rules_of"]

AGENTS: Final = ("player_0", "player_1", "player_2")
"""Agent names; the number is the seat (0 Forehand, 1 Middlehand, 2 Rearhand)."""

STATE_SIZE: Final = 3 * SIZE + 32
"""Length of :meth:`SkatAECEnv.state`: the three seats' observations and the dealt skat."""

_SEAT_OF: Final = {a: i for i, a in enumerate(AGENTS)}
Obs = dict[str, npt.NDArray[Any]]


def rules_of(rules: Rules | str) -> Rules:
    """Rules from a :class:`~skat.core.rules.Rules` or its string form (``"pub"``,
    ``"isko,kontra=on"``); a bad string raises :class:`~skat.core.rules.RulesError`.  Every
    ladder has its ids: the old Grand Ouvert base of 36 bids up to 360 (the ``old_bid`` ids).

    >>> rules_of("isko,grand_ouvert_base=36").grand_ouvert_base
    36
    """
    return rules if isinstance(rules, Rules) else Rules.parse(rules)


def observation_space() -> gymnasium.spaces.Dict:
    """The space of one observation: the vector and the action mask."""
    return gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(0.0, 1.0, (SIZE,), dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
        }
    )


class SkatAECEnv(AECEnv):  # type: ignore[misc]
    """Skat as a PettingZoo AEC environment (see the module doc)."""

    metadata: Final[dict[str, Any]] = {
        "name": "skat_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | str = "isko",
        reward: str = "list",
        render_mode: str | None = None,
        contract: str = "auction",
        illegal: str = "raise",
    ) -> None:
        super().__init__()
        if illegal not in ("raise", "random"):
            raise ValueError(f"illegal must be 'raise' or 'random', not {illegal!r}")
        self.illegal = illegal
        self.rules = rules_of(rules)
        self.reward = check_reward(reward)
        check_contract(contract)
        self.contract = contract
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"unknown render_mode {render_mode!r} (known: ansi, human)")
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self._obs_space = observation_space()
        self._act_space = gymnasium.spaces.Discrete(NUM_ACTIONS)
        self.state_space = gymnasium.spaces.Box(0.0, 1.0, (STATE_SIZE,), dtype=np.float32)
        self._rng = random.Random()
        self.game = GameState(Deal.random(self._rng), self.rules)
        self._tracker = ObservationTracker(self.game)
        self._legal_at = -1
        self._legal_ids: list[int] = []
        self.final_rewards: dict[str, float] = {}
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._obs_space

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: a random deal (seeded by ``seed``) or ``options["deal"]``."""
        if seed is not None:
            self._rng = random.Random(seed)
        deal = (options or {}).get("deal")
        if deal is not None and not isinstance(deal, Deal):
            raise TypeError(f"options['deal'] must be a skat.core.Deal, not {type(deal).__name__}")
        deal = deal if deal is not None else Deal.random(self._rng)
        self.game = start_state(deal, self.rules, self.contract, self._rng)
        self._tracker = ObservationTracker(self.game)
        self._legal_at = -1
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.final_rewards = {}
        self.agent_selection = AGENTS[self.game.to_move]

    def state(self) -> npt.NDArray[np.float32]:
        """The global state (PettingZoo's hook for centralised critics): the observation
        vectors of Forehand, Middlehand and Rearhand, then the skat as dealt, one-hot by card
        index (:data:`STATE_SIZE` entries, all 0/1)."""
        out = np.zeros(STATE_SIZE, np.float32)
        for seat in range(3):
            out[seat * SIZE : (seat + 1) * SIZE] = self._tracker.observe(seat)
        for card in self.game.deal.skat:
            out[3 * SIZE + card.index] = 1.0
        return out

    def observe(self, agent: str) -> Obs:
        """The observation of ``agent``: what its seat knows and its action mask."""
        seat = _SEAT_OF[agent]
        state = self.game
        obs = self._tracker.observe(seat)
        buf = bytearray(NUM_ACTIONS)
        if seat == state.to_move and not state.is_over:
            for i in self._legal():
                buf[i] = 1
        return {"observation": obs, "action_mask": np.frombuffer(buf, dtype=np.int8)}

    def _legal(self) -> list[int]:
        """The legal ids now (computed once per position)."""
        n = len(self.game.history)
        if self._legal_at != n:
            self._legal_ids = legal_ids(self.game)
            self._legal_at = n
        return self._legal_ids

    def step(self, action: int | None) -> None:
        """Apply the action id of the agent to move (``None`` for an agent that is done)."""
        if not self.agents:
            raise ValueError("no game under way: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game
        if action is None:
            raise ValueError(f"{agent} is to move and must give an action id, not None")
        illegal = action not in self._legal()
        if illegal and self.illegal == "raise":
            what = describe(action) if 0 <= int(action) < NUM_ACTIONS else "no action"
            raise ValueError(f"action {int(action)} ({what}) is not legal for {agent} now")
        if self.illegal == "random":
            self.infos[agent] = {"illegal": illegal}
            if illegal:
                action = self._rng.choice(self._legal())
        state.apply(action_of(action))
        if not state.is_over:  # no reward before the end: nothing to clear or add up
            self.agent_selection = AGENTS[state.to_move]
            if self.render_mode == "human":
                self.render()
            return
        self._cumulative_rewards[agent] = 0.0
        result = state.result
        assert result is not None
        paid = rewards(result, self.reward)
        self.rewards = {a: paid[i] for i, a in enumerate(AGENTS)}
        self.final_rewards = dict(self.rewards)
        self.terminations = dict.fromkeys(AGENTS, True)
        self.infos = {a: {"result": result} for a in AGENTS}
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The game so far as text (every hand shown: rendering is for people, not agents):
        printed in ``human`` mode (returning ``None``), else returned."""
        text = self.text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def text(self) -> str:
        """The game so far as text, every hand shown."""
        s = self.game
        lines = [
            f"{s.phase.name.lower()}, {AGENTS[s.to_move]} to move" if not s.is_over else "over"
        ]
        lines += [f"{AGENTS[i]}: {s.hand(i)}" for i in range(3)]
        lines.append("events: " + " ".join(str(e) for e in s.history))
        if s.result is not None:
            lines.append(s.result.explain("en"))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def aec_env(
    rules: Rules | str = "isko",
    reward: str = "list",
    render_mode: str | None = None,
    contract: str = "auction",
    illegal: str = "raise",
) -> SkatAECEnv:
    """The PettingZoo AEC environment of a full game of Skat under ``rules`` (a preset name, a
    rules string or a :class:`~skat.core.rules.Rules`), paying ``reward`` (``list``,
    ``seeger``, ``points`` or one of them ``_zero_sum``), from the start of the ``contract``
    option (``auction``, ``heuristic``, ``fixed:CODE[@SEAT]``).  An illegal action id raises
    ``ValueError`` or, with ``illegal="random"``, is replaced by a random legal one (flagged in
    ``infos[agent]["illegal"]``; PettingZoo's ``state_test`` steps unmasked samples)."""
    return SkatAECEnv(rules, reward, render_mode, contract, illegal)
