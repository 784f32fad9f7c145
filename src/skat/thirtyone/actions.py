"""The actions of a Scat turn and the events they leave in the round's log.

A turn is ``Draw`` (from the stock or the discard pile) then ``Discard``; instead of drawing a
player may ``KNOCK`` (or, with ``throw_down=on``, ``THROW_DOWN``).  ``STAND`` exists only for
the rare turn where no card can be drawn.  :func:`parse_action` reads what a person types:

>>> [str(parse_action(t)) for t in ("s", "pile", "knock", "h10")]
['stock', 'pile', 'knock', '♥10']
>>> parse_action("fold")
Traceback (most recent call last):
...
skat.thirtyone.actions.ActionError: not an action: 'fold' (stock, pile, knock, throw, or a card such as HA)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from skat.thirtyone.cards import Card, CardError


class ActionError(ValueError):
    """Text that is no action."""


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock (``source="stock"``) or of the discard pile (``"pile"``)."""

    source: str

    def __str__(self) -> str:
        return self.source


@dataclass(frozen=True, slots=True)
class Discard:
    """Put one of the four cards face up on the discard pile."""

    card: Card

    def __str__(self) -> str:
        return str(self.card)


@dataclass(frozen=True, slots=True)
class Call:
    """A turn without a card: ``knock``, ``throw`` (throw-down) or ``stand``."""

    name: str

    def __str__(self) -> str:
        return self.name


Action = Draw | Discard | Call

DRAW_STOCK: Final = Draw("stock")
DRAW_PILE: Final = Draw("pile")
KNOCK: Final = Call("knock")
THROW_DOWN: Final = Call("throw")
STAND: Final = Call("stand")

_WORDS: Final[dict[str, Action]] = {
    "s": DRAW_STOCK,
    "stock": DRAW_STOCK,
    "p": DRAW_PILE,
    "pile": DRAW_PILE,
    "d": DRAW_PILE,
    "discard": DRAW_PILE,
    "k": KNOCK,
    "knock": KNOCK,
    "t": THROW_DOWN,
    "throw": THROW_DOWN,
    "stand": STAND,
}


def parse_action(text: str) -> Action:
    """An action from its word (``stock``/``s``, ``pile``/``p``, ``knock``/``k``,
    ``throw``/``t``, ``stand``) or a card to discard."""
    word = text.strip().lower()
    if word in _WORDS:
        return _WORDS[word]
    try:
        return Discard(Card.parse(word))
    except CardError:
        raise ActionError(
            f"not an action: {text!r} (stock, pile, knock, throw, or a card such as HA)"
        ) from None


@dataclass(frozen=True, slots=True)
class Event:
    """What happened: ``seat`` did ``action``; ``card`` is the card moved (the card drawn
    from the stock only in the log of the seat that drew it, else None)."""

    seat: int
    action: Action
    card: Card | None = None

    def public(self) -> Event:
        """The event as the other players see it (a card from the stock stays hidden)."""
        if self.action == DRAW_STOCK and self.card is not None:
            return Event(self.seat, self.action, None)
        return self

    def __str__(self) -> str:
        if isinstance(self.action, Draw):
            what = f"draws from the {self.action.source}"
            return f"{what} ({self.card})" if self.card is not None else what
        if isinstance(self.action, Discard):
            return f"discards {self.action.card}"
        return {"knock": "knocks", "throw": "throws down", "stand": "stands"}[self.action.name]
