"""How the terminal shows cards: French or German pack, the player's language, colours,
and the hand sorted for a game.

The four-colour pack of German tournaments: Kreuz (clubs) black, Pik (spades) green,
Herz (hearts) red, Karo (diamonds) yellow.

>>> from skat.core import Card, CardSet
>>> style = CardStyle()
>>> style.card(Card.parse("CJ")), style.card(Card.parse("ST"))
('♣J', '♠10')
>>> CardStyle(lang="de").card(Card.parse("CJ")), CardStyle(deck="german").card(Card.parse("CA"))
('♣B', 'Ei-A')
>>> CardStyle(colour=True).card(Card.parse("HA"))
'\\x1b[31m♥A\\x1b[0m'
>>> [str(c) for c in sorted_for(CardSet.parse("D7 HJ CA CJ HA H7"), "H")]
['CJ', 'HJ', 'HA', 'H7', 'CA', 'D7']
>>> [str(c) for c in sorted_for(CardSet.parse("D7 HJ CA CJ HA H7"), "N")]
['CA', 'CJ', 'HA', 'HJ', 'H7', 'D7']
>>> style.parse("Ei-U"), style.parse("♣b"), style.parse("kreuz-bube")
(Card.parse('CJ'), Card.parse('CJ'), Card.parse('CJ'))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Final

from skat.core import CARDS, Card, CardParseError, CardSet, Rank
from skat.core.language import LANGUAGES, say

RESET: Final = "\x1b[0m"
DIM: Final = "\x1b[2m"
BOLD: Final = "\x1b[1m"
REVERSE: Final = "\x1b[7m"
SUIT_COLOURS: Final = ("\x1b[33m", "\x1b[31m", "\x1b[32m", "")  # D yellow, H red, S green, C
"""ANSI colours of the suits in index order (Karo, Herz, Pik, Kreuz)."""

_GERMAN_PACK_SUITS: Final = ("Sc", "Rt", "Gr", "Ei")
_GERMAN_PACK_RANKS: Final = ("7", "8", "9", "O", "K", "10", "A", "U")

_SUIT_ORDER: Final = (3, 2, 1, 0)  # clubs, spades, hearts, diamonds: the usual display order
_PLAIN_RANKS: Final = (6, 5, 4, 3, 2, 1, 0)  # A 10 K Q 9 8 7
_NULL_RANKS: Final = (6, 4, 3, 7, 5, 2, 1, 0)  # A K Q J 10 9 8 7


@dataclass(frozen=True)
class CardStyle:
    """Card names for one player: ``lang`` (en, de, da …), ``deck`` french/german, ``colour``
    ANSI."""

    lang: str = "en"
    deck: str = "french"
    colour: bool = False

    def plain(self, card: Card) -> str:
        """The card's short name without colour."""
        if self.deck == "german":
            return f"{_GERMAN_PACK_SUITS[card.suit]}-{_GERMAN_PACK_RANKS[card.rank]}"
        return card.suit.symbol + _ranks(self.lang)[card.rank]

    def card(self, card: Card) -> str:
        """The card's short name, coloured by suit when ``colour`` is on."""
        text = self.plain(card)
        if not self.colour:
            return text
        return f"{SUIT_COLOURS[card.suit]}{text}{RESET}"

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces."""
        return " ".join(self.card(c) for c in cards)

    def width(self) -> int:
        """Characters of the widest card name (for columns)."""
        return 5 if self.deck == "german" else 3

    def parse(self, text: str) -> Card:
        """A card as typed: ISS (``CJ``), symbols (``♣J``), German words (``Kreuz-Bube``) or
        this style's short names (``Ei-U``, ``♣B``)."""
        key = text.strip().lower()
        card = _SHORT_NAMES.get(key)
        if card is not None:
            return card
        return Card.parse(text)


@cache
def _ranks(lang: str) -> tuple[str, ...]:
    """The ranks as printed on the French pack in ``lang``, 7 8 9 Q K 10 A J in index order
    (the catalog's ``term.ranks``: ``7 8 9 D K 10 A B`` in German)."""
    ranks = tuple(say(lang, "term.ranks").split())
    return ranks if len(ranks) == 8 else tuple(r.symbol for r in Rank)


def _short_names() -> dict[str, Card]:
    out: dict[str, Card] = {}
    for card in CARDS:
        styles = (CardStyle(deck="german"), *(CardStyle(lang) for lang in LANGUAGES))
        for style in styles:
            out.setdefault(style.plain(card).lower(), card)
        out.setdefault(
            f"{_GERMAN_PACK_SUITS[card.suit]}{_GERMAN_PACK_RANKS[card.rank]}".lower(), card
        )
    return out


_SHORT_NAMES: Final = _short_names()


def order_for(game: str) -> tuple[int, ...]:
    """Card indices in display order for a game letter (``C S H D G N``; ``R`` Ramsch = Grand).

    >>> len(order_for("G")), order_for("N")[:3] == order_for("N")[:3]
    (32, True)
    """
    jacks = [8 * s + 7 for s in _SUIT_ORDER]
    if game == "N":
        return tuple(8 * s + r for s in _SUIT_ORDER for r in _NULL_RANKS)
    if game in ("D", "H", "S", "C"):
        trump = "DHSC".index(game)
        suits = (trump, *(s for s in _SUIT_ORDER if s != trump))
    else:
        suits = _SUIT_ORDER
    return tuple(jacks + [8 * s + r for s in suits for r in _PLAIN_RANKS])


def sorted_for(cards: CardSet, game: str) -> list[Card]:
    """The cards in the order a player holds them for ``game`` (a letter of ``C S H D G N``)."""
    mask = cards.mask
    return [CARDS[i] for i in order_for(game) if mask >> i & 1]


def guess_game(cards: CardSet) -> str:
    """The suit game a hand most likely plays (most trumps, then points; Grand with three or
    four jacks and few trumps), for sorting the hand during the auction.

    >>> guess_game(CardSet.parse("CJ SJ HA HT HK H8 H7 D9 D8 D7"))
    'H'
    """
    jacks = sum(1 for c in cards if c.rank == 7)
    best = max(
        range(4),
        key=lambda s: (
            sum(1 for c in cards if c.suit == s and c.rank != 7),
            sum(c.points for c in cards if c.suit == s and c.rank != 7),
            s,
        ),
    )
    length = sum(1 for c in cards if c.suit == best and c.rank != 7)
    if jacks >= 3 and length < 4:
        return "G"
    return "DHSC"[best]


__all__ = ["CardParseError", "CardStyle", "guess_game", "order_for", "sorted_for"]
