"""Cards of the French pack for Scat: 52 cards, or the 32-card Skat pack (7 to ace).

A card is interned: ``Card.parse`` returns the same object for every spelling.  Its
:attr:`~Card.points` are the Scat values: ace 11, king, queen and jack 10, the others their pips.

>>> Card.parse("HA") is Card.parse("♥A") is Card.parse("ah")
True
>>> c = Card.parse("S10")
>>> str(c), c.code, c.points, Card.parse("ST") is c
('♠10', 'ST', 10, True)
>>> len(pack(52)), len(pack(32)), str(pack(32)[0])
(52, 32, '♦7')
>>> Card.parse("H1")
Traceback (most recent call last):
...
skat.thirtyone.cards.CardError: not a card: 'H1' (write suit and rank, e.g. HA, S10, D7 or ♥K)
"""

from __future__ import annotations

from typing import ClassVar, Final

SUITS: Final = "DHSC"  # diamonds, hearts, spades, clubs
SUIT_SYMBOLS: Final = "♦♥♠♣"
SUIT_NAMES: Final = ("diamonds", "hearts", "spades", "clubs")
RANKS: Final = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)  # 11 J, 12 Q, 13 K, 14 A
RANK_CODES: Final = {10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_NAMES: Final = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}


class CardError(ValueError):
    """A string that is no card."""


class Card:
    """One card: ``suit`` 0..3 (D H S C) and ``rank`` 2..14 (ace high).  Use :meth:`get`
    or :meth:`parse`; there is exactly one object per card."""

    __slots__ = ("index", "points", "rank", "suit")
    _all: ClassVar[dict[tuple[int, int], Card]] = {}

    suit: int
    rank: int
    index: int
    points: int  # value in a hand: ace 11, pictures 10, others their pips

    def __new__(cls, suit: int, rank: int) -> Card:
        key = (suit, rank)
        found = cls._all.get(key)
        if found is not None:
            return found
        if not (0 <= suit < 4 and 2 <= rank <= 14):
            raise CardError(f"no card with suit {suit} and rank {rank}")
        card = super().__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "index", suit * 13 + rank - 2)
        object.__setattr__(card, "points", 11 if rank == 14 else min(rank, 10))
        cls._all[key] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, int]]:
        return (Card, (self.suit, self.rank))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def get(cls, suit: int, rank: int) -> Card:
        """The card of this suit and rank."""
        return cls(suit, rank)

    @property
    def code(self) -> str:
        """ASCII code, suit letter then rank: ``HA``, ``ST``, ``D7``."""
        return SUITS[self.suit] + RANK_CODES.get(self.rank, str(self.rank))

    def __str__(self) -> str:
        return SUIT_SYMBOLS[self.suit] + RANK_NAMES.get(self.rank, str(self.rank))

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``HA``, ``h10``, ``HT``, ``♥A``, ``AH``, ``10h``."""
        t = text.strip().upper()
        for sym, letter in zip(SUIT_SYMBOLS, SUITS, strict=True):
            t = t.replace(sym, letter)
        if len(t) >= 2 and t[0] in SUITS:
            suit_char, rank_text = t[0], t[1:]
        elif len(t) >= 2 and t[-1] in SUITS:
            suit_char, rank_text = t[-1], t[:-1]
        else:
            raise CardError(_bad(text))
        rank = _RANK_BY_TEXT.get(rank_text)
        if rank is None:
            raise CardError(_bad(text))
        return cls(SUITS.index(suit_char), rank)


def _bad(text: str) -> str:
    return f"not a card: {text!r} (write suit and rank, e.g. HA, S10, D7 or ♥K)"


_RANK_BY_TEXT: Final = {str(r): r for r in range(2, 11)} | {
    "T": 10,
    "J": 11,
    "Q": 12,
    "K": 13,
    "A": 14,
    "B": 11,  # Bube
    "D": 12,  # Dame
    "AS": 14,  # Ass
}


def pack(size: int = 52) -> tuple[Card, ...]:
    """The pack in a fixed order (suit by suit, low to high): 52 cards or the 32 from 7 up."""
    if size not in (52, 32):
        raise CardError(f"a Scat pack has 52 or 32 cards, not {size}")
    low = 2 if size == 52 else 7
    return tuple(Card(s, r) for s in range(4) for r in RANKS if r >= low)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces or commas.

    >>> [str(c) for c in parse_cards("HA HK, H10")]
    ['♥A', '♥K', '♥10']
    """
    return tuple(Card.parse(w) for w in text.replace(",", " ").split())


def show(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as symbols, separated by spaces.

    >>> show(parse_cards("SA D7"))
    '♠A ♦7'
    """
    return " ".join(str(c) for c in cards)
