"""Skat as a real OpenSpiel game: ``pyspiel.load_game("python_skat")``.

Importing this module registers ``python_skat`` with OpenSpiel (``pip install 'skat[openspiel]'``,
which installs ``open_spiel``).  The game is the whole of :class:`skat.env.SkatGame`: a chance node
deals the 32 cards one by one, then the seats act with the ids of :mod:`skat.env.action_ids`.
Parameters: ``rules`` (a preset or a rules string; in a game string write ``+`` for ``,`` and
``:`` for ``=``, e.g. ``python_skat(rules=isko+kontra:on)``) and ``reward`` (``list``,
``seeger``, ``points``, each also ``_zero_sum``; :mod:`skat.env.rewards`).

Everything OpenSpiel's algorithms call works: ``get_type``, ``get_game``, ``max_utility``,
``min_utility``, ``is_simultaneous_node``, ``clone``, ``serialize`` /
``game.deserialize_state``, ``information_state_string(player)`` / ``_tensor`` and
``observation_string`` / ``_tensor`` (through :class:`SkatObserver`), ``chance_outcomes``, and
``resample_from_infostate(player, sampler)`` with OpenSpiel's samplers
(:func:`skat.env.sampling.resample`, the determinization IS-MCTS needs).

>>> import pyspiel
>>> game = pyspiel.load_game("python_skat(rules=isko+kontra:on,reward=seeger)")
>>> game.num_players(), game.num_distinct_actions(), game.information_state_tensor_shape()
(3, 644, [2083])
>>> state = game.new_initial_state()
>>> for card in range(32):
...     state.apply_action(card)
>>> state.current_player(), state.legal_actions()[:3], state.action_to_string(96)
(1, [32, 33, 34], 'pass')
>>> world = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
>>> world.information_state_string(1) == state.information_state_string(1)
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
except ImportError as _exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"skat.env.openspiel needs OpenSpiel, the openspiel extra ({_exc.name} is missing): "
        "pip install -e '.[openspiel]' in a clone of skat"
    ) from None

from skat.core.rules import Rules
from skat.env.action_ids import NUM_ACTIONS
from skat.env.aec import rules_of
from skat.env.observation import LAYOUT, SIZE
from skat.env.rewards import reward_bounds
from skat.env.search import SkatGame, SkatState

__all__ = ["GAME_TYPE", "MAX_GAME_LENGTH", "SkatObserver", "SkatSpielGame", "SkatSpielState"]

MAX_GAME_LENGTH = 300
"""A bound on the player moves of one game: at most 63 bids, 63 holds and the passes of the
auction, the skat, discard and declaration, Schieberamsch's pushes, Kontra/Re/Supra/Resupra
and Spitze questions, and 30 cards."""

GAME_TYPE = pyspiel.GameType(
    short_name="python_skat",
    long_name="Skat (skat.env)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=3,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "isko", "reward": "list"},
)
"""OpenSpiel's description of the game (registered as ``python_skat``)."""


def _rules_param(text: str) -> Rules:
    """Rules from the game-string form (``isko+kontra:on``) or the usual one."""
    return rules_of(text.replace("+", ",").replace(":", "="))


def _param_of(rules: Rules) -> str:
    """The game-string form of ``rules``: ``,`` as ``+`` and ``=`` as ``:``."""
    return str(rules).replace(",", "+").replace("=", ":")


class SkatSpielGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: rules and reward scheme from the parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        unknown = set(params) - {"rules", "reward"}
        if unknown:
            raise ValueError(f"unknown parameter(s) {sorted(unknown)} (known: rules, reward)")
        rules = _rules_param(str(params.get("rules", "isko")))
        self.skat = SkatGame(rules, str(params.get("reward", "list")))
        low, high = reward_bounds(self.skat.rules, self.skat.reward)
        # actions, chance outcomes, players, utility bounds and sum (none), game length
        info = pyspiel.GameInfo(NUM_ACTIONS, 32, 3, low, high, None, MAX_GAME_LENGTH)
        normal = {"rules": _param_of(self.skat.rules), "reward": self.skat.reward}
        super().__init__(GAME_TYPE, info, normal)

    def new_initial_state(self) -> SkatSpielState:
        """A state before the deal (a chance node)."""
        return SkatSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SkatObserver:
        """The observer of information states and observations (both the seat's view)."""
        return SkatObserver(iig_obs_type, params)


class SkatSpielState(pyspiel.State):  # type: ignore[misc]
    """A game of Skat in OpenSpiel's clothes; the work is done by :class:`SkatState`."""

    def __init__(self, game: SkatSpielGame, inner: SkatState | None = None) -> None:
        super().__init__(game)
        self.inner = inner if inner is not None else game.skat.new_initial_state()

    def current_player(self) -> int:
        """The seat to move, ``PlayerId.CHANCE`` while dealing, ``PlayerId.TERMINAL`` at the end."""
        if self.inner.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.inner.state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.inner.state.to_move)

    def _legal_actions(self, player: int) -> list[int]:
        return self.inner.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(card id, probability) of the next card dealt."""
        return self.inner.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.inner.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.inner.action_to_string(player, action)

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.inner.is_terminal()

    def returns(self) -> list[float]:
        """Each seat's reward, 0 before the end."""
        return self.inner.returns()

    def resample_from_infostate(self, player: int, sampler: Any) -> SkatSpielState:
        """A state ``player`` cannot tell from this one, the hidden cards dealt anew;
        ``sampler`` is OpenSpiel's (a callable giving floats in [0, 1)) or a
        :class:`random.Random`."""
        world = self.inner.resample_from_infostate(player, sampler)
        new = SkatSpielState(self.get_game())
        for action in world.history():
            new.apply_action(action)
        return new

    def __str__(self) -> str:
        return str(self.inner)


class SkatObserver:
    """OpenSpiel's Python observer: the seat's view as the vector of
    :mod:`skat.env.observation` (a function of the information state) and as text.  While the
    cards are being dealt only the seat and the cards it was dealt so far are set."""

    def __init__(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise ValueError("only the seat's own view is supported (public and private info)")
        self.tensor = np.zeros(SIZE, np.float32)
        self.dict = {name: self.tensor[at : at + n] for name, at, n in LAYOUT}

    def set_from(self, state: SkatSpielState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows in ``state``."""
        inner = state.inner
        if inner.state is not None:
            self.tensor[:] = inner.information_state_tensor(player)
            return
        self.tensor.fill(0)
        self.dict["seat"][player] = 1
        for card in _dealt_to(inner, player):
            self.dict["hand"][card] = 1

    def string_from(self, state: SkatSpielState, player: int) -> str:
        """What ``player`` knows in ``state`` as text."""
        inner = state.inner
        if inner.state is not None:
            return inner.information_state_string(player)
        cards = " ".join(str(c) for c in _dealt_to(inner, player))
        return f"seat {player} | dealing, dealt {cards}"


def _dealt_to(inner: SkatState, player: int) -> list[int]:
    """The cards dealt to ``player`` so far (the k-th card goes to seat k // 10)."""
    return [c for k, c in enumerate(inner.history()) if k // 10 == player]


pyspiel.register_game(GAME_TYPE, SkatSpielGame)
