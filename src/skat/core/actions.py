"""Actions a player can take and the events the state records.

Every action has a canonical text form that is also its ISS record form, and
:func:`parse_action` reads it back.  Actions are interned, immutable values; playing a card
is the :class:`~skat.core.cards.Card` itself.

>>> [str(a) for a in (Bid.of(18), HOLD, PASS, PICK_UP, Discard.parse("D9.DQ"))]
['18', 'y', 'p', 's', 'DQ.D9']
>>> parse_action("CHS"), parse_action("CJ"), parse_action("20"), parse_action("re.1")
(Declare.parse('CHS'), Card.parse('CJ'), Bid.of(20), Resign(seat=1))
>>> parse_action("xyz")
Traceback (most recent call last):
...
skat.core.actions.ActionParseError: not an action: 'xyz'
"""

from __future__ import annotations

from typing import Final, NamedTuple

from skat.core.bidding import BID_VALUES
from skat.core.cards import Card, CardParseError, CardSet
from skat.core.contracts import Contract, ContractParseError


class ActionParseError(ValueError):
    """Text that is no action."""


class _Singleton:
    __slots__ = ()
    text = ""

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return type(self).__name__.upper() if self.text else type(self).__name__

    def __reduce__(self) -> str:
        return _SINGLETON_NAMES[self.text]


class Hold(_Singleton):
    """The answer "yes" (ja, hold) to a bid."""

    __slots__ = ()
    text = "y"

    def __repr__(self) -> str:
        return "HOLD"


class Pass(_Singleton):
    """Pass (passe) in the auction, as bidder or as answerer."""

    __slots__ = ()
    text = "p"

    def __repr__(self) -> str:
        return "PASS"


class PickUp(_Singleton):
    """The declarer takes the skat (instead of playing Hand)."""

    __slots__ = ()
    text = "s"

    def __repr__(self) -> str:
        return "PICK_UP"


class ShowCards(_Singleton):
    """The declarer lays his cards open and claims the remaining tricks."""

    __slots__ = ()
    text = "SC"

    def __repr__(self) -> str:
        return "SHOW_CARDS"


HOLD: Final = Hold()
PASS: Final = Pass()
PICK_UP: Final = PickUp()
SHOW_CARDS: Final = ShowCards()
_SINGLETON_NAMES: Final = {"y": "HOLD", "p": "PASS", "s": "PICK_UP", "SC": "SHOW_CARDS"}


class Bid:
    """Say a bid value (reizen): one of :data:`~skat.core.bidding.BID_VALUES`."""

    __slots__ = ("value",)
    value: int

    def __init__(self) -> None:
        raise TypeError("use Bid.of(value)")

    @staticmethod
    def of(value: int) -> Bid:
        """The bid of this value.

        >>> Bid.of(19)
        Traceback (most recent call last):
        ...
        skat.core.actions.ActionParseError: 19 is not a bid value (next: 20)
        """
        bid = _BIDS.get(value) if isinstance(value, int) else None
        if bid is None:
            higher = [v for v in BID_VALUES if isinstance(value, int) and v > value]
            hint = f" (next: {higher[0]})" if higher else ""
            raise ActionParseError(f"{value!r} is not a bid value{hint}")
        return bid

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Bid is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Bid.of, (self.value,))

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"Bid.of({self.value})"


def _make_bids() -> dict[int, Bid]:
    out = {}
    for v in BID_VALUES:
        b = object.__new__(Bid)
        object.__setattr__(b, "value", v)
        out[v] = b
    return out


_BIDS: Final = _make_bids()
BIDS: Final[tuple[Bid, ...]] = tuple(_BIDS[v] for v in BID_VALUES)
"""Bid actions in ladder order."""


class Discard:
    """Put two cards into the skat (drücken) after picking it up."""

    __slots__ = ("cards", "mask")
    mask: int
    cards: CardSet

    def __init__(self) -> None:
        raise TypeError("use Discard.of(card, card) or Discard.parse(text)")

    @staticmethod
    def of(first: Card, second: Card) -> Discard:
        """The discard of two different cards."""
        if first is second:
            raise ActionParseError(f"discard needs two different cards, got {first} twice")
        return _discard(first.bit | second.bit)

    @staticmethod
    def parse(text: str) -> Discard:
        """Read two cards, e.g. ``D9.DQ``."""
        try:
            cards = CardSet.parse(text)
        except CardParseError as exc:
            raise ActionParseError(str(exc)) from None
        if len(cards) != 2:
            raise ActionParseError(f"a discard is exactly two cards, not {text!r}")
        return _discard(cards.mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Discard is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Discard.parse, (str(self),))

    def __str__(self) -> str:
        return ".".join(c.name for c in self.cards)

    def __repr__(self) -> str:
        return f"Discard.parse({str(self)!r})"


_DISCARDS: dict[int, Discard] = {}


def _discard(mask: int) -> Discard:
    d = _DISCARDS.get(mask)
    if d is None:
        d = object.__new__(Discard)
        object.__setattr__(d, "mask", mask)
        object.__setattr__(d, "cards", CardSet(mask))
        _DISCARDS[mask] = d
    return d


DISCARDS: Final[dict[int, Discard]] = {
    (1 << i) | (1 << j): _discard((1 << i) | (1 << j)) for i in range(32) for j in range(i + 1, 32)
}
"""Every possible discard by its two-card mask."""


class Declare:
    """Declare the game (ansagen)."""

    __slots__ = ("contract",)
    contract: Contract

    def __init__(self) -> None:
        raise TypeError("use Declare.of(contract) or Declare.parse(text)")

    @staticmethod
    def of(contract: Contract) -> Declare:
        """The declaration of a contract."""
        return _DECLARES[contract.code]

    @staticmethod
    def parse(text: str) -> Declare:
        """Read a contract in ISS notation (``G``, ``CH``, ``NO``)."""
        try:
            return _DECLARES[Contract.parse(text).code]
        except ContractParseError as exc:
            raise ActionParseError(str(exc)) from None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Declare is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Declare.parse, (self.contract.code,))

    def __str__(self) -> str:
        return self.contract.code

    def __repr__(self) -> str:
        return f"Declare.parse({self.contract.code!r})"


def _make_declares() -> dict[str, Declare]:
    out = {}
    for c in Contract.all():
        d = object.__new__(Declare)
        object.__setattr__(d, "contract", c)
        out[c.code] = d
    return out


_DECLARES: Final = _make_declares()


class Resign(NamedTuple):
    """A seat gives up (aufgeben): the declarer alone, or the defenders (both, under ISkO)."""

    seat: int

    def __str__(self) -> str:
        return f"RE.{self.seat}"


RESIGNS: Final = (Resign(0), Resign(1), Resign(2))


Action = Bid | Hold | Pass | PickUp | Discard | Declare | Card | ShowCards | Resign
"""Any action."""


class Event(NamedTuple):
    """One applied action: who did it and what.  The list of events is the game record."""

    seat: int
    action: Action

    def __str__(self) -> str:
        return f"{self.seat} {self.action}"


def parse_action(text: str) -> Action:
    """Read an action in its canonical (ISS) form."""
    if not isinstance(text, str):
        raise ActionParseError(f"not an action: {text!r}")
    t = text.strip()
    declare = _DECLARES.get(t)  # canonical codes first: "DH" is no card (HQ), "S" no pick-up
    if declare is not None:
        return declare
    low = t.lower()
    if low in ("y", "hold", "yes", "ja"):
        return HOLD
    if low in ("p", "pass", "passe"):
        return PASS
    if low in ("s", "skat", "pickup", "pick-up"):
        return PICK_UP
    if low == "sc":
        return SHOW_CARDS
    if low.startswith("re.") and low[3:] in ("0", "1", "2"):
        return RESIGNS[int(low[3:])]
    if t.isascii() and t.isdigit() and len(t) <= 9:  # not "²", "١٨" or 5000 digits
        return Bid.of(int(t))
    try:
        return Card.parse(t)
    except CardParseError:
        pass
    if "." in t or " " in t:
        return Discard.parse(t)
    try:
        return Declare.parse(t)
    except ActionParseError:
        raise ActionParseError(f"not an action: {text!r}") from None
