"""The actions of a Scat turn and the events they leave in the round's log.

A turn is ``Draw`` (from the stock or the discard pile) then ``Discard``; instead of drawing a
player may ``KNOCK`` (or, with ``throw_down=on``, ``THROW_DOWN``).  ``STAND`` exists only for
the rare turn where no card can be drawn.  Under Schwimmen's turn (``turn=swap``) a turn is
one action: ``Swap`` a card of the hand for one of the open middle, ``SWAP_ALL`` three,
``PASS`` ("schieben") or ``KNOCK``.  :func:`parse_action` reads what a person types:

>>> [str(parse_action(t)) for t in ("s", "pile", "knock", "h10", "pass", "all", "HA D7")]
['stock', 'pile', 'knock', '♥10', 'pass', 'all', '♥A for ♦7']
>>> parse_action("fold")
Traceback (most recent call last):
...
skat.thirtyone.actions.ActionError: not an action: 'fold' (stock, pile, knock, throw, pass, ...)
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


@dataclass(frozen=True, slots=True)
class Swap:
    """Schwimmen: give cards of the hand for as many cards of the open middle (pairwise, in
    order: ``give[i]`` takes the place of ``take[i]``)."""

    give: tuple[Card, ...]
    take: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{' '.join(map(str, self.give))} for {' '.join(map(str, self.take))}"


Action = Draw | Discard | Call | Swap

DRAW_STOCK: Final = Draw("stock")
DRAW_PILE: Final = Draw("pile")
KNOCK: Final = Call("knock")
THROW_DOWN: Final = Call("throw")
STAND: Final = Call("stand")
PASS: Final = Call("pass")
SWAP_ALL: Final = Call("all")

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
    "klopfen": KNOCK,
    "pass": PASS,
    "w": PASS,
    "schieben": PASS,
    "weiter": PASS,
    "a": SWAP_ALL,
    "all": SWAP_ALL,
    "alle": SWAP_ALL,
}


def parse_action(text: str) -> Action:
    """An action from its word (``stock``/``s``, ``pile``/``p``, ``knock``/``k``,
    ``throw``/``t``, ``stand``, ``pass``/``w``, ``all``/``a``), a card to discard, or a swap:
    the cards to give, then the cards to take (``HA D7``, ``HA for D7``, ``HA S7 for D7 D8``)."""
    word = text.strip().lower()
    if word in _WORDS:
        return _WORDS[word]
    try:
        words = word.replace(">", " for ").replace(",", " ").split()
        if "for" in words:
            at = words.index("for")
            give, take = words[:at], words[at + 1 :]
        elif len(words) in (2, 4):
            give, take = words[: len(words) // 2], words[len(words) // 2 :]
        elif len(words) == 1:
            return Discard(Card.parse(word))
        else:
            raise CardError(text)
        if not give or len(give) != len(take):
            raise CardError(text)
        return Swap(tuple(map(Card.parse, give)), tuple(map(Card.parse, take)))
    except CardError:
        raise ActionError(
            f"not an action: {text!r} (stock, pile, knock, throw, pass, all, "
            "a card such as HA, or a swap such as HA D7)"
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
        if isinstance(self.action, Swap):
            return f"swaps {self.action}"
        return {
            "knock": "knocks",
            "throw": "throws down",
            "stand": "stands",
            "pass": "passes",
            "all": "swaps all three",
        }[self.action.name]
