"""Cards, suits, ranks and card sets.

A card's index is ``suit * 8 + rank`` with suits Diamonds, Hearts, Spades, Clubs (0..3) and
ranks 7 8 9 Q K 10 A J (0..7).  With that order the four jacks are the mask ``0x80808080``,
a suit is ``0xFF << 8 * suit`` and the plain-suit order of suit and Grand games equals index
order.  A :class:`CardSet` wraps a 32-bit mask.

>>> c = Card.parse("CJ")
>>> c, str(c), c.symbol, c.german, c.points
(Card.parse('CJ'), 'CJ', '♣J', 'Kreuz-Bube', 2)
>>> Card.parse("♠10") is Card.parse("ST") is Card.parse("Pik-Zehn")
True
>>> hand = CardSet.parse("CJ SJ HA HT H7")
>>> len(hand), hand.points, str(hand)
(5, 25, 'CJ SJ HA HT H7')
>>> Card.parse("CX")
Traceback (most recent call last):
...
skat.core.cards.CardParseError: not a card: 'CX'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

from skat.core.language import N_, SaidError, say


class CardParseError(SaidError):
    """A card or card list in some notation could not be read."""


class Suit(IntEnum):
    """The four suits in index order (Karo, Herz, Pik, Kreuz)."""

    DIAMONDS = 0
    HEARTS = 1
    SPADES = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """ISS letter: ``D H S C``."""
        return "DHSC"[self]

    @property
    def symbol(self) -> str:
        """Suit symbol: ``♦ ♥ ♠ ♣``."""
        return "♦♥♠♣"[self]

    def describe(self, lang: str = "en", pack: str = "french") -> str:
        """Its name in ``lang`` (``Clubs``, ``Kreuz``, ``klør``), of the French pack (the
        tournament's four-colour pack names its suits alike) or the ``german`` pack.

        >>> [Suit.CLUBS.describe(lang) for lang in ("en", "de", "da")]
        ['Clubs', 'Kreuz', 'klør']
        >>> Suit.CLUBS.describe("de", "german"), Suit.CLUBS.describe("en", "german")
        ('Eichel', 'Acorns')
        """
        return say(lang, (_GERMAN_SUIT_KEYS if pack == "german" else _SUIT_KEYS)[self])

    @property
    def english(self) -> str:
        """English name (``Clubs``)."""
        return self.describe("en")

    @property
    def german(self) -> str:
        """German name, French pack (``Kreuz``)."""
        return self.describe("de")

    @property
    def german_pack(self) -> str:
        """German name, German pack (``Eichel``)."""
        return self.describe("de", "german")


class Rank(IntEnum):
    """Ranks in index order: 7 8 9 Q K 10 A J (plain-suit order, jack last)."""

    SEVEN = 0
    EIGHT = 1
    NINE = 2
    QUEEN = 3
    KING = 4
    TEN = 5
    ACE = 6
    JACK = 7

    @property
    def letter(self) -> str:
        """ISS letter: ``7 8 9 Q K T A J``."""
        return "789QKTAJ"[self]

    @property
    def points(self) -> int:
        """Card points (Augen) of a card of this rank."""
        return _RANK_POINTS[self]

    @property
    def symbol(self) -> str:
        """Rank as printed on cards in English (``10`` for the ten)."""
        return ("7", "8", "9", "Q", "K", "10", "A", "J")[self]

    def describe(self, lang: str = "en", pack: str = "french") -> str:
        """Its name in ``lang`` (``Jack``, ``Bube``, ``knægt``), of the French or the
        ``german`` pack (``Unter``)."""
        return say(lang, (_GERMAN_RANK_KEYS if pack == "german" else _RANK_KEYS)[self])

    @property
    def english(self) -> str:
        """English name."""
        return self.describe("en")

    @property
    def german(self) -> str:
        """German name, French pack."""
        return self.describe("de")

    @property
    def german_pack(self) -> str:
        """German name, German pack (Daus, Ober, Unter)."""
        return self.describe("de", "german")


_RANK_POINTS: Final = (0, 0, 0, 3, 4, 10, 11, 2)
_SUIT_KEYS: Final = (
    N_("suit.diamonds"),
    N_("suit.hearts"),
    N_("suit.spades"),
    N_("suit.clubs"),
)
_GERMAN_SUIT_KEYS: Final = (
    N_("card.german.bells"),
    N_("card.german.hearts"),
    N_("card.german.leaves"),
    N_("card.german.acorns"),
)
_GERMAN_RANK_KEYS: Final = (
    N_("card.rank.seven"),
    N_("card.rank.eight"),
    N_("card.rank.nine"),
    N_("card.german.ober"),
    N_("card.rank.king"),
    N_("card.rank.ten"),
    N_("card.german.daus"),
    N_("card.german.unter"),
)
_RANK_KEYS: Final = (
    N_("card.rank.seven"),
    N_("card.rank.eight"),
    N_("card.rank.nine"),
    N_("card.rank.queen"),
    N_("card.rank.king"),
    N_("card.rank.ten"),
    N_("card.rank.ace"),
    N_("card.rank.jack"),
)

ALL_MASK: Final = 0xFFFFFFFF
JACKS_MASK: Final = 0x80808080
SUIT_MASKS: Final = tuple(0xFF << (8 * s) for s in range(4))
RANK_MASKS: Final = tuple(0x01010101 << r for r in range(8))


class Card:
    """One of the 32 cards; the 32 instances are interned (compare with ``is`` or ``==``).

    >>> Card(31)
    Card.parse('CJ')
    >>> Card.of(Suit.HEARTS, Rank.TEN).name
    'HT'
    """

    __slots__ = ("bit", "index", "name", "points", "rank", "suit")

    index: int
    suit: Suit
    rank: Rank
    bit: int
    points: int
    name: str

    def __new__(cls, index: int) -> Card:
        try:
            return CARDS[index]
        except (IndexError, TypeError, NameError):
            pass
        if not isinstance(index, int) or not 0 <= index < 32:
            raise CardParseError.of(N_("core.parse.card_index"), index=repr(index))
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "suit", Suit(index >> 3))
        object.__setattr__(card, "rank", Rank(index & 7))
        object.__setattr__(card, "bit", 1 << index)
        object.__setattr__(card, "points", _RANK_POINTS[index & 7])
        object.__setattr__(card, "name", "DHSC"[index >> 3] + "789QKTAJ"[index & 7])
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self.index,))

    @classmethod
    def of(cls, suit: Suit | int, rank: Rank | int) -> Card:
        """The card of a suit and rank."""
        return CARDS[int(suit) * 8 + int(rank)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in ISS (``CJ``, ``ST``), symbol (``♣J``, ``♠10``) or German notation.

        >>> [str(Card.parse(t)) for t in ("ca", "♦7", "10♥", "Herz-Dame", "Eichel-Unter", "SZ")]
        ['CA', 'D7', 'HT', 'HQ', 'CJ', 'ST']
        """
        if not isinstance(text, str):
            raise CardParseError.of(N_("core.parse.card"), text=repr(text))
        card = _PARSE.get(text) or _PARSE.get(_normal(text))
        if card is None:
            raise CardParseError.of(N_("core.parse.card"), text=repr(text))
        return card

    @property
    def symbol(self) -> str:
        """Card with its suit symbol, e.g. ``♠10``."""
        return self.suit.symbol + self.rank.symbol

    def describe(self, lang: str = "en", pack: str = "french") -> str:
        """Its name in ``lang``, French pack: ``Ten of Spades``, ``Pik-Zehn``, ``spar ti``; or
        of the ``german`` pack: ``Grün-Zehn``.

        >>> [Card.parse("ST").describe(lang) for lang in ("en", "de", "da")]
        ['Ten of Spades', 'Pik-Zehn', 'spar ti']
        >>> Card.parse("CJ").describe("de", "german"), Card.parse("CJ").describe("en", "german")
        ('Eichel-Unter', 'Unter of Acorns')
        """
        suit, rank = self.suit.describe(lang, pack), self.rank.describe(lang, pack)
        return say(lang, "card.name", suit=suit, rank=rank)

    @property
    def german(self) -> str:
        """German name with the French pack, e.g. ``Pik-Zehn``."""
        return self.describe("de")

    @property
    def german_pack(self) -> str:
        """German name with the German pack, e.g. ``Grün-Zehn``."""
        return self.describe("de", "german")

    @property
    def english(self) -> str:
        """English name, e.g. ``Ten of Spades``."""
        return self.describe("en")

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Card.parse({self.name!r})"

    def __index__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


def _make_cards() -> tuple[Card, ...]:
    cards = []
    for i in range(32):
        card = object.__new__(Card)
        object.__setattr__(card, "index", i)
        object.__setattr__(card, "suit", Suit(i >> 3))
        object.__setattr__(card, "rank", Rank(i & 7))
        object.__setattr__(card, "bit", 1 << i)
        object.__setattr__(card, "points", _RANK_POINTS[i & 7])
        object.__setattr__(card, "name", "DHSC"[i >> 3] + "789QKTAJ"[i & 7])
        cards.append(card)
    return tuple(cards)


CARDS: Final[tuple[Card, ...]] = _make_cards()
"""All 32 cards by index."""

CARD_POINTS: Final = tuple(c.points for c in CARDS)
"""Card points by card index."""


def _normal(text: str) -> str:
    return text.strip().upper().replace(" ", "").replace("_", "-")


def _parse_table() -> dict[str, Card]:
    table: dict[str, Card] = {}
    suit_words: list[list[str]] = [
        ["D", "♦", "♢", "KARO", "SCHELLEN", "SCHELL", "DIAMONDS", "DIAMOND"],
        ["H", "♥", "♡", "HERZ", "ROT", "HEARTS", "HEART"],
        ["S", "♠", "♤", "PIK", "GRÜN", "GRUEN", "GRUN", "BLATT", "LAUB", "SPADES", "SPADE"],
        ["C", "♣", "♧", "KREUZ", "EICHEL", "EICHELN", "CLUBS", "CLUB"],
    ]
    rank_words: list[list[str]] = [
        ["7", "SIEBEN", "SEVEN"],
        ["8", "ACHT", "EIGHT"],
        ["9", "NEUN", "NINE"],
        ["Q", "D", "O", "DAME", "OBER", "QUEEN"],
        ["K", "KÖNIG", "KOENIG", "KONIG", "KING"],
        ["T", "10", "Z", "ZEHN", "TEN"],
        ["A", "ASS", "AS", "DAUS", "ACE"],
        ["J", "B", "U", "BUBE", "UNTER", "JACK"],
    ]
    for card in CARDS:
        for sw in suit_words[card.suit]:
            for rw in rank_words[card.rank]:
                short = len(sw) <= 1 and len(rw) <= 2
                if short:
                    table.setdefault(sw + rw, card)
                    table.setdefault(rw + sw, card)
                else:
                    table.setdefault(f"{sw}-{rw}", card)
                    table.setdefault(f"{rw}-OF-{sw}", card)
                    table.setdefault(f"{rw}OF{sw}", card)
    for card in CARDS:  # the canonical names win over any clash
        table[card.name] = card
    return table


_PARSE: Final = _parse_table()


def indices_of(mask: int) -> list[int]:
    """The card indices of a mask, low to high.

    >>> indices_of(0b1010), indices_of(0x80000001)
    ([1, 3], [0, 31])
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_BYTE_INDICES: Final = tuple(tuple(indices_of(b)) for b in range(256))
_BYTE_CARDS: Final = tuple(
    tuple(tuple(CARDS[8 * s + i] for i in _BYTE_INDICES[b]) for b in range(256)) for s in range(4)
)


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask in index order (fast path used by the engine).

    >>> cards_of(0x80000001)
    [Card.parse('D7'), Card.parse('CJ')]
    """
    bc = _BYTE_CARDS
    return [
        *bc[0][mask & 0xFF],
        *bc[1][(mask >> 8) & 0xFF],
        *bc[2][(mask >> 16) & 0xFF],
        *bc[3][(mask >> 24) & 0xFF],
    ]


_POINT_MASKS: Final = (
    (RANK_MASKS[Rank.ACE], 11),
    (RANK_MASKS[Rank.TEN], 10),
    (RANK_MASKS[Rank.KING], 4),
    (RANK_MASKS[Rank.QUEEN], 3),
    (RANK_MASKS[Rank.JACK], 2),
)


def points_of(mask: int) -> int:
    """Card points of a mask: five popcounts.

    >>> points_of(ALL_MASK)
    120
    """
    return (
        11 * (mask & 0x40404040).bit_count()
        + 10 * (mask & 0x20202020).bit_count()
        + 4 * (mask & 0x10101010).bit_count()
        + 3 * (mask & 0x08080808).bit_count()
        + 2 * (mask & 0x80808080).bit_count()
    )


class CardSet:
    """An immutable set of cards over a 32-bit mask.

    >>> s = CardSet.parse("CJ HA") | CardSet.parse("D7")
    >>> s
    CardSet.parse('CJ HA D7')
    >>> Card.parse("HA") in s, len(s), s.mask == 0x80004001
    (True, 3, True)
    >>> CardSet.parse("♣J,♠10  H7").symbols()
    '♣J ♠10 ♥7'
    """

    __slots__ = ("mask",)

    mask: int

    def __init__(self, cards: int | Iterable[Card] | CardSet = 0) -> None:
        if isinstance(cards, int):
            if not 0 <= cards <= ALL_MASK:
                raise CardParseError.of(N_("core.parse.card_mask"), cards=repr(cards))
            mask = cards
        elif isinstance(cards, CardSet):
            mask = cards.mask
        else:
            mask = 0
            for c in cards:
                if not isinstance(c, Card):
                    raise CardParseError.of(N_("core.parse.card"), text=repr(c))
                mask |= c.bit
        object.__setattr__(self, "mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        return (CardSet, (self.mask,))

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """Read cards separated by spaces, commas or dots; each card in any notation.

        Duplicates are an error naming the card.

        >>> CardSet.parse("CJ.SJ")
        CardSet.parse('CJ SJ')
        >>> CardSet.parse("CJ CJ")
        Traceback (most recent call last):
        ...
        skat.core.cards.CardParseError: card given twice: 'CJ'
        """
        return cls(_mask_of_tokens(_tokens(text)))

    @classmethod
    def all(cls) -> CardSet:
        """All 32 cards."""
        return cls(ALL_MASK)

    def __iter__(self) -> Iterator[Card]:
        """Cards in notation order: Clubs, Spades, Hearts, Diamonds; jacks first, then A 10 K Q 9 8 7."""
        return iter(sorted_cards(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def __or__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask | other.mask)

    def __and__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: CardSet) -> CardSet:
        return CardSet(self.mask ^ other.mask)

    def __bool__(self) -> bool:
        return self.mask != 0

    def __le__(self, other: CardSet) -> bool:
        return self.mask & ~other.mask == 0

    def isdisjoint(self, other: CardSet) -> bool:
        """True when no card is in both."""
        return self.mask & other.mask == 0

    @property
    def points(self) -> int:
        """Card points (Augen) of the set."""
        return points_of(self.mask)

    def symbols(self) -> str:
        """The cards with suit symbols (``♣J ♠10``)."""
        return " ".join(c.symbol for c in self)

    def __str__(self) -> str:
        return " ".join(c.name for c in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"


def _tokens(text: str) -> list[str]:
    if not isinstance(text, str):
        raise CardParseError.of(N_("core.parse.card_list"), text=repr(text))
    return [t for t in text.replace(",", " ").replace(".", " ").split() if t]


def _mask_of_tokens(tokens: Iterable[str]) -> int:
    mask = 0
    for tok in tokens:
        bit = Card.parse(tok).bit
        if mask & bit:
            raise CardParseError.of(N_("core.parse.card_twice"), text=repr(tok))
        mask |= bit
    return mask


# Display order: Clubs, Spades, Hearts, Diamonds (the Skat suit ranking); jacks first.
_DISPLAY_ORDER: Final = tuple(
    [8 * s + 7 for s in (3, 2, 1, 0)] + [8 * s + r for s in (3, 2, 1, 0) for r in range(6, -1, -1)]
)


def sorted_cards(mask: int) -> list[Card]:
    """Cards of a mask in the usual display order: jacks (CJ SJ HJ DJ), then Clubs, Spades,
    Hearts, Diamonds, each A 10 K Q 9 8 7.

    >>> [str(c) for c in sorted_cards(CardSet.parse("D7 HJ CA CJ").mask)]
    ['CJ', 'HJ', 'CA', 'D7']
    """
    return [CARDS[i] for i in _DISPLAY_ORDER if mask >> i & 1]
