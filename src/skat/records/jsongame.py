"""A loaded JSON game record (:class:`JsonGame`), the format's name and versions, and the
fields every version has: ``rules`` (:func:`read_rules`) and ``deal`` (:func:`read_deal_text`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from skat.core.game import GameLike
from skat.core.rules import Rules
from skat.core.scoring import Result
from skat.core.state import GameState
from skat.records.iss import IssWriteError, engine_result, iss_moves, iss_unwritable
from skat.records.jsonerrors import JsonRecordError, kind_of, one_line
from skat.records.replay import Replay

__all__ = [
    "FORMAT",
    "ISS_VERSION",
    "VERSION",
    "VERSIONS",
    "JsonGame",
    "read_deal_text",
    "read_rules",
]

FORMAT: Final = "skat-game"
VERSION: Final = 2
"""The version :func:`~skat.records.jsonrecord.state_to_json` writes: the engine's actions,
every variant."""
ISS_VERSION: Final = 1
"""The version :func:`~skat.records.jsonv1.record_to_json` writes: an ISS record's moves as the
server wrote them."""
VERSIONS: Final = (1, 2)
"""The versions the reader knows."""

_MAX_DEAL: Final = 400
_MAX_RULES: Final = 2000


@dataclass
class JsonGame:
    """A loaded JSON record: the data, its rules and meta, and the engine's game.

    ``state`` is the replayed game (for version 1 the ISS replay's), ``result`` its result,
    ``events`` its history as ``(seat, text)``.  :attr:`replay` is the game as an ISS replay
    (version 1 records, and version 2 Skat games the ISS format can express).
    """

    data: dict[str, Any]
    rules: Rules
    meta: dict[str, Any]
    state: GameLike[Any]
    version: int = VERSION
    variant: str = "skat"
    forced_ramsch: bool = False
    _replay: Replay | None = field(default=None, repr=False)

    @property
    def result(self) -> Result | None:
        """The engine's result (``None`` for an ISS penalty record)."""
        return self.state.result

    @property
    def events(self) -> list[tuple[int, str]]:
        """The game's history as ``(seat, text)`` with each action's ``str()``."""
        return [(ev.seat, str(ev.action)) for ev in self.state.history]

    @property
    def replay(self) -> Replay:
        """The game as an ISS replay (moves, ``R[...]`` fields, summary).

        Raises :class:`~skat.records.iss.IssWriteError` (one line naming what) for a game the
        ISS format cannot express: house-rule actions, a Ramsch, another variant.
        """
        if self._replay is None:
            state = self.state
            reason = iss_unwritable(state)
            if reason is not None or not isinstance(state, GameState):
                raise IssWriteError(f"not expressible as an ISS record: {reason}")
            rep = Replay(
                state,
                iss_moves(state),
                [(ev.seat, str(ev.action)) for ev in state.history],
                engine_result(state),
            )
            rep.label = f"ID {self.meta['id']}" if self.meta.get("id") else "record"
            players = self.meta.get("players")
            if players is not None:
                rep.players = (players[0], players[1], players[2])
            self._replay = rep
        return self._replay


def read_rules(data: dict[str, Any]) -> Rules:
    """A record's ``rules`` field read (:class:`JsonRecordError` naming the problem)."""
    text = _text_field(data, "rules", "a rules string", "", _MAX_RULES)
    try:
        return Rules.parse(text)
    except ValueError as exc:
        raise JsonRecordError(f"rules: {one_line(exc)}") from None


def read_deal_text(data: dict[str, Any]) -> str:
    """A record's ``deal`` field: its text, checked to be a string of a sane length."""
    return _text_field(data, "deal", "a string of 32 cards", " for 32 cards", _MAX_DEAL)


def _text_field(data: dict[str, Any], key: str, what: str, purpose: str, longest: int) -> str:
    text = data.get(key)
    if not isinstance(text, str):
        raise JsonRecordError(f"{key}: must be {what}, not {kind_of(text)}")
    if len(text) > longest:
        raise JsonRecordError(f"{key}: too long{purpose} ({len(text)} characters)")
    return text
