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
>>> state.apply_action(32); state.undo_action(1, 32); state.history() == list(range(32))
True

A zero-sum reward scheme (``list_zero_sum``, ``seeger_zero_sum``, ``points_zero_sum``) makes a
zero-sum game (``GameType.Utility.ZERO_SUM``, utility sum 0); the plain schemes pay what the
score sheet says (a declared game's list score goes to the declarer alone), which is general-sum.

>>> pyspiel.load_game("python_skat(reward=list_zero_sum)").get_type().utility
<Utility.ZERO_SUM: 0>

OpenSpiel's C++ search bots (``pyspiel.MCTSBot``, ``pyspiel.ISMCTSBot``) crash the Python
process (a segmentation fault) on every game written in Python — OpenSpiel's own
``python_kuhn_poker`` as much as ``python_skat`` — so use the Python ones,
``open_spiel.python.algorithms.mcts.MCTSBot`` and ``ismcts.ISMCTSBot``.
"""

from __future__ import annotations

import base64
import pickle
from typing import Any, Final, NamedTuple

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
from skat.env.search import CHANCE, SkatGame, SkatState

__all__ = [
    "GAME_TYPE",
    "MAX_GAME_LENGTH",
    "ZERO_SUM_TYPE",
    "Move",
    "SkatObserver",
    "SkatSpielGame",
    "SkatSpielState",
]

MAX_GAME_LENGTH = 300
"""A bound on the player moves of one game: at most 63 bids, 63 holds and the passes of the
auction, the skat, discard and declaration, Schieberamsch's pushes, Kontra/Re/Supra/Resupra
and Spitze questions, and 30 cards."""


def _game_type(utility: Any) -> Any:
    """OpenSpiel's description of the game with the given kind of ``utility``."""
    return pyspiel.GameType(
        short_name="python_skat",
        long_name="Skat (skat.env)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=3,
        min_num_players=3,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"rules": "isko", "reward": "list"},
    )


GAME_TYPE = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)
"""OpenSpiel's description of the game (registered as ``python_skat``)."""

ZERO_SUM_TYPE = _game_type(pyspiel.GameType.Utility.ZERO_SUM)
"""The same game under a ``*_zero_sum`` reward scheme: the returns add up to 0."""


class Move(NamedTuple):
    """One move of :meth:`SkatSpielState.full_history`."""

    player: int
    action: int


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
        zero_sum = self.skat.reward.endswith("_zero_sum")
        # actions, chance outcomes, players, utility bounds and sum, game length
        total = 0.0 if zero_sum else None
        info = pyspiel.GameInfo(NUM_ACTIONS, 32, 3, low, high, total, MAX_GAME_LENGTH)
        normal = {"rules": _param_of(self.skat.rules), "reward": self.skat.reward}
        super().__init__(ZERO_SUM_TYPE if zero_sum else GAME_TYPE, info, normal)

    def new_initial_state(self) -> SkatSpielState:
        """A state before the deal (a chance node)."""
        return SkatSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SkatObserver:
        """The observer of information states and observations (both the seat's view), or
        of the public or the private part alone (see :class:`SkatObserver`)."""
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

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last move, in place (``player`` and ``action`` must be the last
        move's; ``player`` is ``PlayerId.CHANCE`` for a card dealt).

        OpenSpiel keeps its own record of the moves in C++, which a game written in Python
        cannot shorten; :meth:`history`, :meth:`full_history`, :meth:`history_str`,
        :meth:`move_number` and :meth:`serialize` therefore answer from the game itself.
        """
        chance = int(pyspiel.PlayerId.CHANCE)
        self.inner.undo_action(CHANCE if player == chance else player, action)

    def _players(self) -> list[int]:
        """The player of each move so far (``PlayerId.CHANCE`` for the cards dealt)."""
        events = self.inner.state.history if self.inner.state is not None else ()
        dealt = len(self.inner.history()) - len(events)
        return [int(pyspiel.PlayerId.CHANCE)] * dealt + [int(e.seat) for e in events]

    def history(self) -> list[int]:
        """The moves so far: the cards dealt, then the players' action ids."""
        return self.inner.history()

    def full_history(self) -> list[Move]:
        """The moves so far with their players (``.player``, ``.action``, as OpenSpiel's
        ``PlayerAction``, which Python cannot construct)."""
        return [
            Move(player, action)
            for player, action in zip(self._players(), self.inner.history(), strict=True)
        ]

    def history_str(self) -> str:
        """The moves so far, comma-separated (OpenSpiel's form)."""
        return ", ".join(str(a) for a in self.inner.history())

    def move_number(self) -> int:
        """The number of moves so far (cards dealt included)."""
        return len(self.inner.history())

    def serialize(self) -> str:
        """OpenSpiel's serialisation of a Python game's state, with the moves as they are now
        (after an undo too); ``game.deserialize_state`` reads it back."""
        moves = ",".join(f"{m.player}:{m.action}" for m in self.full_history())
        state = base64.b64encode(pickle.dumps(dict(self.__dict__))).decode("ascii")
        return f"history={moves}\nmove_number={self.move_number()}\n__dict__={state}"

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


_OPEN: Final = next((at, n) for name, at, n in LAYOUT if name == "open_hand")


class SkatObserver:
    """OpenSpiel's Python observer: the seat's view as the vector of
    :mod:`skat.env.observation` (a function of the information state) and as text.  While the
    cards are being dealt only the seat and the cards it was dealt so far are set.

    OpenSpiel's factored observations (``IIGObservationType``) are the same vector split in
    two: the *public* part (``private_info=NONE``) is what all three seats know — the entries
    set in every seat's vector (the auction, the contract, the tricks, a skat shown, an
    Ouvert declarer's cards), the same for every player; the *private* part
    (``public_info=False``) is the rest of the seat's vector (its seat, its hand, the skat and
    the discard when it alone knows them).  Public and private together make the seat's view.
    """

    def __init__(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
        kind = "view"
        if iig_obs_type is not None:
            if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
                raise ValueError("the private information of all players is not an observation")
            if iig_obs_type.private_info == private and not iig_obs_type.public_info:
                kind = "private"
            elif iig_obs_type.private_info != private:
                kind = "public" if iig_obs_type.public_info else "nothing"
        if kind == "nothing":
            raise ValueError("an observation with neither public nor private information")
        self.kind = kind
        self.tensor = np.zeros(SIZE, np.float32)
        self.dict = {name: self.tensor[at : at + n] for name, at, n in LAYOUT}

    def _view(self, state: SkatSpielState, player: int) -> np.ndarray:
        """The whole view of ``player`` (while dealing: its seat and cards dealt)."""
        inner = state.inner
        if inner.state is not None:
            return inner.information_state_tensor(player)
        out = np.zeros(SIZE, np.float32)
        out[player] = 1.0  # the seat block comes first
        hand = next(at for name, at, _ in LAYOUT if name == "hand")
        for card in _dealt_to(inner, player):
            out[hand + card] = 1.0
        return out

    def _public(self, state: SkatSpielState) -> np.ndarray:
        """The entries every seat's view has set (an open declarer's cards: as the defenders
        see them, the declarer knowing his own)."""
        views = [self._view(state, seat) for seat in range(3)]
        out: np.ndarray = np.minimum(np.minimum(views[0], views[1]), views[2])
        at, n = _OPEN
        out[at : at + n] = np.maximum(np.maximum(views[0], views[1]), views[2])[at : at + n]
        return out

    def set_from(self, state: SkatSpielState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows in ``state`` (or its public or
        private part)."""
        if self.kind == "view":
            self.tensor[:] = self._view(state, player)
        elif self.kind == "public":
            self.tensor[:] = self._public(state)
        else:
            view = self._view(state, player)
            self.tensor[:] = view * (1.0 - self._public(state))

    def string_from(self, state: SkatSpielState, player: int) -> str:
        """What ``player`` knows in ``state`` as text (the public or private part: the set
        entries by block)."""
        inner = state.inner
        if self.kind != "view":
            self.set_from(state, player)
            parts = [
                f"{name} {' '.join(str(i) for i in np.flatnonzero(block))}"
                for name, block in self.dict.items()
                if block.any()
            ]
            return f"{self.kind} | " + (" | ".join(parts) if parts else "nothing")
        if inner.state is not None:
            return inner.information_state_string(player)
        cards = " ".join(str(c) for c in _dealt_to(inner, player))
        return f"seat {player} | dealing, dealt {cards}"


def _dealt_to(inner: SkatState, player: int) -> list[int]:
    """The cards dealt to ``player`` so far (the k-th card goes to seat k // 10)."""
    return [c for k, c in enumerate(inner.history()) if k // 10 == player]


pyspiel.register_game(GAME_TYPE, SkatSpielGame)
