"""An OpenSpiel-style game and state for search code (MCTS, IS-MCTS, PIMC, CFR-style tools).

:class:`SkatGame` holds the rules and the reward scheme; :meth:`SkatGame.new_initial_state` is a
chance node that deals the 32 cards one by one (the ``k``-th card dealt goes to Forehand for
``k`` < 10, Middlehand for ``k`` < 20, Rearhand for ``k`` < 30, then the skat); its chance outcomes
are the card ids still in the pack, each equally likely.  After the deal the players' actions are
the ids of :mod:`skat.env.action_ids`.  Method names follow OpenSpiel's ``pyspiel.State``:
``current_player``, ``legal_actions``, ``apply_action``, ``undo_action``, ``clone``, ``child``,
``chance_outcomes``, ``information_state_string``/``_tensor``, ``returns``,
``resample_from_infostate``.

>>> import random
>>> game = SkatGame(rules="isko", reward="list")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 32)
>>> rng = random.Random(3)
>>> while not state.is_terminal():
...     if state.is_chance_node():
...         state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
...     else:
...         state.apply_action(rng.choice(state.legal_actions()))
>>> len(state.returns()), state.current_player() == TERMINAL
(3, True)
>>> twin = state.clone(); twin.undo_action(*twin.last_move()); twin.is_terminal()
False
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

import numpy as np
import numpy.typing as npt

from skat.core.deal import Deal
from skat.core.rules import Rules
from skat.core.state import GameState
from skat.env.action_ids import NUM_ACTIONS, action_id, action_of, describe, legal_ids
from skat.env.aec import rules_of
from skat.env.observation import SIZE
from skat.env.rewards import check_reward, rewards
from skat.env.sampling import random_of, resample
from skat.env.tracker import ObservationTracker

__all__ = ["CHANCE", "TERMINAL", "SkatGame", "SkatState"]

CHANCE: Final = -1
"""``current_player()`` of a chance node (OpenSpiel's ``kChancePlayerId``)."""
TERMINAL: Final = -4
"""``current_player()`` of a finished game (OpenSpiel's ``kTerminalPlayerId``)."""


class SkatGame:
    """The rules and the reward scheme; makes states."""

    def __init__(self, rules: Rules | str = "isko", reward: str = "list") -> None:
        self.rules = rules_of(rules)
        self.reward = check_reward(reward)

    def num_players(self) -> int:
        """Three."""
        return 3

    def num_distinct_actions(self) -> int:
        """Player action ids (644)."""
        return NUM_ACTIONS

    def max_chance_outcomes(self) -> int:
        """A chance outcome is one of the 32 cards."""
        return 32

    def information_state_tensor_shape(self) -> list[int]:
        """The length of the information-state tensor (the observation vector)."""
        return [SIZE]

    def new_initial_state(self) -> SkatState:
        """A state before the deal (a chance node)."""
        return SkatState(self)

    def new_initial_state_for(self, deal: Deal) -> SkatState:
        """A state after dealing ``deal``, the first bid to say."""
        state = SkatState(self)
        order = [i for m in (*deal.hand_masks, deal.skat_mask) for i in range(32) if m >> i & 1]
        for card in order:
            state.apply_action(card)
        return state

    def __repr__(self) -> str:
        return f"SkatGame(rules={str(self.rules)!r}, reward={self.reward!r})"


class SkatState:
    """One game from the first card dealt to the result (see the module doc)."""

    __slots__ = ("_history", "_pack", "_tracker", "game", "state")

    def __init__(self, game: SkatGame) -> None:
        self.game = game
        self._pack: list[int] = []  # the cards dealt so far, in order
        self._history: list[int] = []  # chance outcomes and action ids
        self.state: GameState | None = None
        """The engine state once the cards are dealt (read it; change it only through this
        object, which keeps the observation tracker in step)."""
        self._tracker: ObservationTracker | None = None

    # ------------------------------------------------------------------ whose turn

    def current_player(self) -> int:
        """The seat to move, :data:`CHANCE` while dealing, :data:`TERMINAL` at the end."""
        if self.state is None:
            return CHANCE
        if self.state.is_over:
            return TERMINAL
        return self.state.to_move

    def is_chance_node(self) -> bool:
        """True while the cards are being dealt."""
        return self.state is None

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.state is not None and self.state.is_over

    def is_player_node(self) -> bool:
        """True when a seat is to move."""
        return self.state is not None and not self.state.is_over

    # ------------------------------------------------------------------ moves

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(card id, probability) of the next card dealt."""
        if self.state is not None:
            return []
        left = [i for i in range(32) if i not in self._pack]
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids (chance outcomes at a chance node), sorted; empty for a player
        not to move."""
        if self.state is None:
            return [a for a, _ in self.chance_outcomes()] if player in (None, CHANCE) else []
        if self.state.is_over or (player is not None and player != self.state.to_move):
            return []
        return sorted(legal_ids(self.state))

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """0/1 per action id (32 entries at a chance node, else 644)."""
        size = 32 if self.state is None else NUM_ACTIONS
        mask = [0] * size
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def apply_action(self, action: int) -> None:
        """Deal a card (chance node) or apply a seat's action id."""
        a = int(action)
        if self.state is None:
            if not 0 <= a < 32 or a in self._pack:
                raise ValueError(f"chance outcome {action} is not a card still in the pack")
            self._pack.append(a)
            if len(self._pack) == 32:
                p = self._pack
                masks = [sum(1 << i for i in p[k : k + 10]) for k in (0, 10, 20)]
                self.state = GameState(Deal(masks, (1 << p[30]) | (1 << p[31])), self.game.rules)
        else:
            if a not in legal_ids(self.state):
                what = describe(a) if 0 <= a < NUM_ACTIONS else "no action"
                raise ValueError(f"action {a} ({what}) is not legal now")
            self.state.apply(action_of(a))
        self._history.append(a)

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last action (OpenSpiel's signature; both must match the last move)."""
        if not self._history or self.last_move() != (player, int(action)):
            raise ValueError(f"the last move is {self.last_move()}, not ({player}, {action})")
        self.undo()

    def undo(self) -> None:
        """Take back the last action or chance outcome."""
        if not self._history:
            raise ValueError("nothing to undo")
        self._tracker = None  # it only follows a game forward
        if self.state is not None and self.state.history:
            self.state.undo()
        else:
            self.state = None
            self._pack.pop()
        self._history.pop()

    def last_move(self) -> tuple[int, int]:
        """(player, action) of the last move (player :data:`CHANCE` for a card dealt)."""
        if not self._history:
            raise ValueError("no move yet")
        if self.state is not None and self.state.history:
            return (self.state.history[-1].seat, self._history[-1])
        return (CHANCE, self._history[-1])

    def child(self, action: int) -> SkatState:
        """A copy with ``action`` applied."""
        new = self.clone()
        new.apply_action(action)
        return new

    def clone(self) -> SkatState:
        """An independent copy."""
        new = SkatState(self.game)
        new._pack = self._pack.copy()
        new._history = self._history.copy()
        new.state = self.state.copy() if self.state is not None else None
        return new

    def history(self) -> list[int]:
        """Every chance outcome and action id so far."""
        return self._history.copy()

    def move_number(self) -> int:
        """Player moves so far."""
        return len(self.state.history) if self.state is not None else 0

    # ------------------------------------------------------------------ what a seat knows

    def _view_state(self, player: int | None) -> tuple[GameState, int]:
        if self.state is None:
            raise ValueError("the cards are still being dealt: no information state yet")
        if player is None:
            player = self.current_player()
        if not 0 <= player < 3:
            raise ValueError(f"player must be 0, 1 or 2, not {player}")
        return self.state, player

    def information_state_tensor(self, player: int | None = None) -> npt.NDArray[np.float32]:
        """What ``player`` (by default the seat to move) knows as the observation vector
        (:mod:`skat.env.observation`)."""
        state, player = self._view_state(player)
        if self._tracker is None:
            self._tracker = ObservationTracker(state)
        return self._tracker.observe(player)

    def information_state_string(self, player: int | None = None) -> str:
        """What ``player`` knows as text: its seat, its cards, the skat and discard if seen,
        and every event as it saw it (another seat's discard as ``??``)."""
        state, player = self._view_state(player)
        view = state.view(player)
        parts = [f"seat {player}", f"hand {view.hand}"]
        if view.skat is not None:
            parts.append(f"skat {view.skat}")
        if view.discard is not None:
            parts.append(f"discard {view.discard}")
        if view.open_hand is not None:
            parts.append(f"open {view.open_hand}")
        events = " ".join(f"{s}:{a if a is not None else '??'}" for s, a in view.history)
        parts.append(f"events {events}")
        return " | ".join(parts)

    observation_tensor = information_state_tensor
    observation_string = information_state_string

    def resample_from_infostate(
        self, player: int | None = None, rng: random.Random | Callable[[], float] | None = None
    ) -> SkatState:
        """A state ``player`` cannot tell from this one, the hidden cards dealt anew
        (:func:`skat.env.sampling.resample`); ``rng`` is a :class:`random.Random` or a callable
        giving floats in [0, 1) such as OpenSpiel's samplers."""
        state, player = self._view_state(player)
        world = resample(state, player, random_of(rng))
        new = self.game.new_initial_state_for(world.deal)
        for ev in world.history:
            new._history.append(action_id(ev.action))
        new.state = world
        return new

    # ------------------------------------------------------------------ outcome

    def returns(self) -> list[float]:
        """The reward of each seat (0 before the end)."""
        if self.state is None or self.state.result is None:
            return [0.0, 0.0, 0.0]
        return list(rewards(self.state.result, self.game.reward))

    def rewards(self) -> list[float]:
        """Rewards of the last move: the returns once the game ends, else 0."""
        return self.returns()

    def action_to_string(self, player: int, action: int) -> str:
        """A short description of a chance outcome (a card dealt) or an action id."""
        if player == CHANCE:
            return f"deal {action_of(action)}"
        return describe(action)

    def __str__(self) -> str:
        if self.state is None:
            return f"dealing: {len(self._pack)} of 32 cards dealt"
        s = self.state
        hands = " | ".join(str(s.hand(i)) for i in range(3))
        return f"{s.phase.name.lower()} {hands} | skat {s.skat} | {len(s.history)} moves"
