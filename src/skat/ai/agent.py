"""The :class:`Agent` protocol and :class:`SafeAgent`, the wrapper the arena and servers use.

An agent sees only what its seat knows (``GameState.view(seat)``) and returns one of
``view.legal_actions``.  :class:`SafeAgent` makes any agent safe to call: it never raises,
never returns an illegal action and never waits longer than its time budget; whenever the
agent fails it falls back to :func:`fallback_action` and logs why (logger ``skat.ai``).

>>> import random
>>> from skat.core import GameState, PASS
>>> class Broken:
...     def choose(self, view):
...         raise RuntimeError("oops")
>>> state = GameState(seed=3)
>>> safe = SafeAgent(Broken(), name="broken")
>>> safe.choose(state.view(state.to_move)) is PASS, safe.fallbacks
(True, 1)
"""

from __future__ import annotations

import logging
import threading
from typing import Final, Protocol, runtime_checkable

from skat.core.actions import PASS, Action
from skat.core.state import View

log: Final = logging.getLogger("skat.ai")


@runtime_checkable
class Agent(Protocol):
    """A player: given what its seat knows, one of ``view.legal_actions``."""

    def choose(self, view: View) -> Action:
        """The action to take; ``view.legal_actions`` is never empty when this is called."""
        ...


def is_legal(action: object, legal: tuple[Action, ...] | list[Action]) -> bool:
    """Is ``action`` one of ``legal``?  Compared by type and value: Kontra, Spitze and
    Schenken are all small tuples, and ``Spitze(1) == KONTRA`` as tuples.

    >>> from skat.core.actions import KONTRA, PASS, SPITZEN
    >>> is_legal(SPITZEN[1], (KONTRA, PASS)), is_legal(KONTRA, (KONTRA, PASS))
    (False, True)
    """
    kind = type(action)
    try:
        return any(a is action or (type(a) is kind and a == action) for a in legal)
    except Exception:  # an object that cannot even be compared
        return False


def fallback_action(view: View) -> Action:
    """A safe legal action: pass when passing is legal (no bid, no Kontra, no pushed skat),
    else the first legal action.

    >>> from skat.core import GameState, Bid
    >>> state = GameState(seed=1)
    >>> fallback_action(state.view(1))
    PASS
    """
    legal = view.legal_actions
    if not legal:
        raise ValueError(f"seat {view.seat} has no legal action (not its turn, or game over)")
    for action in legal:
        if action is PASS:
            return action
    return legal[0]


ANYTIME_SHARE: Final = 0.6
"""The share of a :class:`SafeAgent`'s budget an ``anytime`` agent may think."""


class SafeAgent:
    """Wraps an agent so that ``choose`` always returns a legal action in time.

    ``budget`` is the time allowed per decision in seconds (``None``: no limit, the agent
    runs in the caller's thread).  With a budget the agent runs in a helper thread; if it
    does not answer in time the fallback is returned, and while that thread is still busy
    the agent is not asked again (the fallback answers at once).  ``fallbacks`` counts the
    decisions that fell back; ``last_reason`` says why the last one did.

    A budget makes the play depend on the machine's speed and load, so it is a safety net for
    games against people (and for outside engines) only; the computer levels bound their own
    work by counts, and the arena runs without a budget by default.

    With ``anytime`` an agent that can stop its search early (one with a ``clock``
    attribute, :class:`skat.ai.pimc.PimcAgent`) is given :data:`ANYTIME_SHARE` of the budget
    as its clock: it answers with what it has found by then instead of falling back.
    """

    def __init__(
        self, agent: Agent, *, budget: float | None = None, name: str = "", anytime: bool = False
    ) -> None:
        self.agent = agent
        self.budget = budget
        if anytime and budget is not None and getattr(agent, "clock", False) is None:
            agent.clock = ANYTIME_SHARE * budget  # type: ignore[attr-defined]
        self.name = name or type(agent).__name__
        self.fallbacks = 0
        self.last_reason = ""
        self._busy: threading.Thread | None = None

    def choose(self, view: View) -> Action:
        """The agent's action if it is legal and in time, else :func:`fallback_action`."""
        try:
            action = self._ask(view)
        except Exception as exc:  # the agent's own error: fall back
            return self._fall_back(view, f"raised {type(exc).__name__}: {exc}")
        if not is_legal(action, view.legal_actions):
            return self._fall_back(view, f"returned an illegal action {action!r}")
        return action

    def _ask(self, view: View) -> Action:
        if self.budget is None:
            return self.agent.choose(view)
        if self._busy is not None and self._busy.is_alive():
            raise TimeoutError("still busy with an earlier decision")
        box: list[Action | BaseException] = []

        def work() -> None:
            try:
                box.append(self.agent.choose(view))
            except BaseException as exc:
                box.append(exc)

        thread = threading.Thread(target=work, name=f"skat-agent-{self.name}", daemon=True)
        thread.start()
        thread.join(self.budget)
        if not box:
            self._busy = thread
            raise TimeoutError(f"no answer within {self.budget:g} s")
        answer = box[0]
        if isinstance(answer, BaseException):
            if isinstance(answer, Exception):
                raise answer
            raise RuntimeError(repr(answer))
        return answer

    def _fall_back(self, view: View, reason: str) -> Action:
        self.fallbacks += 1
        self.last_reason = reason
        action = fallback_action(view)
        log.warning("agent %s %s; seat %d plays %s instead", self.name, reason, view.seat, action)
        return action

    def __repr__(self) -> str:
        return f"SafeAgent({self.agent!r}, budget={self.budget!r}, name={self.name!r})"
