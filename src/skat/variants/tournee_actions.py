"""The actions of Tournee Skat beside Skat's: its bids (:class:`TourneeBid`, the values of
:data:`~skat.variants.tournee_scoring.TOURNEE_BIDS`), turning the top skat card (:data:`TURN`)
and refusing it (:data:`PASST_MIR_NICHT`); the events of a game (:class:`TourneeEvent`) and the
parser of an action's text (:func:`parse_tournee_action`).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from skat.core.actions import (
    Action,
    ActionParseError,
    Bid,
    parse_action,
)
from skat.core.language import N_
from skat.variants.tournee_scoring import TOURNEE_BIDS

__all__ = [
    "PASST_MIR_NICHT",
    "TURN",
    "PasstMirNicht",
    "TourneeAction",
    "TourneeBid",
    "TourneeEvent",
    "Turn",
    "bids_above",
    "parse_tournee_action",
]

_BID_INDEX: Final = {v: i for i, v in enumerate(TOURNEE_BIDS)}


class TourneeBid:
    """A bid in Tournee Skat: one of :data:`TOURNEE_BIDS` (written as the number).

    >>> TourneeBid.of(14), str(TourneeBid.of(14))
    (TourneeBid.of(14), '14')
    >>> TourneeBid.of(11)
    Traceback (most recent call last):
    ...
    skat.core.actions.ActionParseError: 11 is not a Tournee bid value (next: 12)
    """

    __slots__ = ("value",)
    value: int

    def __init__(self) -> None:
        raise TypeError("use TourneeBid.of(value)")

    @staticmethod
    def of(value: int) -> TourneeBid:
        """The bid of this value."""
        bid = _TBIDS.get(value) if isinstance(value, int) else None
        if bid is None:
            higher = [v for v in TOURNEE_BIDS if isinstance(value, int) and v > value]
            hint = f" (next: {higher[0]})" if higher else ""
            raise ActionParseError(f"{value!r} is not a Tournee bid value{hint}")
        return bid

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("TourneeBid is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (TourneeBid.of, (self.value,))

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"TourneeBid.of({self.value})"


def _make_bids() -> dict[int, TourneeBid]:
    out = {}
    for v in TOURNEE_BIDS:
        b = object.__new__(TourneeBid)
        object.__setattr__(b, "value", v)
        out[v] = b
    return out


_TBIDS: Final = _make_bids()
_BIDS: Final[tuple[TourneeBid, ...]] = tuple(_TBIDS[v] for v in TOURNEE_BIDS)


class Turn:
    """The declarer turns up the top card of the skat: a Tournée (text ``t``)."""

    __slots__ = ()

    def __str__(self) -> str:
        return "t"

    def __repr__(self) -> str:
        return "TURN"

    def __reduce__(self) -> str:
        return "TURN"


class PasstMirNicht:
    """The declarer refuses the first turned card and turns the second ("passt mir nicht",
    text ``pmn``); its suit must be trumps and a lost game counts double."""

    __slots__ = ()

    def __str__(self) -> str:
        return "pmn"

    def __repr__(self) -> str:
        return "PASST_MIR_NICHT"

    def __reduce__(self) -> str:
        return "PASST_MIR_NICHT"


TURN: Final = Turn()
PASST_MIR_NICHT: Final = PasstMirNicht()

TourneeAction = Action | TourneeBid | Turn | PasstMirNicht
"""Any action of Tournee Skat (a :class:`~skat.core.actions.Bid` is not one: bids are
:class:`TourneeBid`)."""


class TourneeEvent(NamedTuple):
    """One applied action: who did it and what (as :class:`~skat.core.actions.Event`, for the
    actions of Tournee Skat)."""

    seat: int
    action: TourneeAction

    def __str__(self) -> str:
        return f"{self.seat} {self.action}"


def parse_tournee_action(text: str) -> TourneeAction:
    """Read an action: ``t`` (turn), ``pmn`` (passt mir nicht), a number (a Tournee bid), or
    anything :func:`~skat.core.actions.parse_action` reads (``y``, ``p``, ``s``, contracts,
    cards, discards, ``RE.n``).

    >>> [parse_tournee_action(t) for t in ("t", "Passt", "15", "s", "GO")]
    [TURN, PASST_MIR_NICHT, TourneeBid.of(15), PICK_UP, Declare.parse('GO')]
    """
    if not isinstance(text, str):
        raise ActionParseError.of(N_("core.parse.action"), text=repr(text))
    low = text.strip().lower()
    if low in ("t", "turn", "tournee", "tournée"):
        return TURN
    if low in ("pmn", "passt", "passt mir nicht", "next"):
        return PASST_MIR_NICHT
    if low.isascii() and low.isdigit() and len(low) <= 9:
        return TourneeBid.of(int(low))
    action = parse_action(text)
    if isinstance(action, Bid):  # pragma: no cover - digits are read above
        return TourneeBid.of(action.value)
    return action


# ------------------------------------------------------------------------------ result


def bids_above(bid: int) -> list[TourneeBid]:
    """Every Tournee bid above ``bid`` (0: from the lowest).

    >>> [str(b) for b in bids_above(176)], len(bids_above(0)) == len(TOURNEE_BIDS)
    (['180', '192', '216'], True)
    """
    return list(_BIDS[_BID_INDEX[bid] + 1 :] if bid else _BIDS)
