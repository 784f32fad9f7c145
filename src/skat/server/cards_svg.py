"""Playing cards as SVG, drawn here (no image files, no fonts for the pips), in three packs:

- ``four``: the four-colour tournament pack of German clubs and tournaments (French suits):
  Kreuz (clubs) black, Pik (spades) green, Herz (hearts) red, Karo (diamonds) orange;
- ``french``: the French pack in two colours: Kreuz and Pik black, Herz and Karo red;
- ``german``: the German-suited pack: Eichel (acorns), Grün (leaves), Rot (hearts) and
  Schellen (bells), with Unter, Ober, König and Daus (``skat.core.cards``: ``german_pack``).

The corner index of the French packs uses the letters of the page's language (the catalog's
``server.cardLetter.*``: B Bube, D Dame, K König, A Ass in German, J, Q, K, A in English, Kn, D,
K, E in Danish); the German pack's is U, O, K, A in every language.

>>> svg = card_svg("CJ")
>>> svg.startswith("<svg") and "#1a1a1a" in svg and ">B<" in svg
True
>>> card_svg("HT").count('href="#pip"') > 9, card_svg("back").count("<svg")
(True, 1)
>>> ">U<" in card_svg("CJ", "en", "german"), ">J<" in card_svg("CJ", "en", "french")
(True, True)
>>> ">E<" in card_svg("CA", "da", "french")
True
>>> COLOURS["four"][Suit.SPADES] in card_svg("SA"), COLOURS["french"][Suit.SPADES] in card_svg("SA", pack="french")
(True, True)
>>> card_svg("XX")
Traceback (most recent call last):
...
ValueError: no card 'XX'
>>> card_svg("CJ", pack="tarot")
Traceback (most recent call last):
...
ValueError: no card pack 'tarot' (french, german, four)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from skat.core.cards import Card, CardParseError, Rank, Suit
from skat.core.language import say

PACKS: Final = ("french", "german", "four")
"""The packs a player can choose (the web's Settings); ``four`` is the default."""

COLOURS: Final = {
    "four": {
        Suit.CLUBS: "#1a1a1a",
        Suit.SPADES: "#15803d",
        Suit.HEARTS: "#dc2626",
        Suit.DIAMONDS: "#ea8a00",
    },
    "french": {
        Suit.CLUBS: "#1a1a1a",
        Suit.SPADES: "#1a1a1a",
        Suit.HEARTS: "#dc2626",
        Suit.DIAMONDS: "#dc2626",
    },
    "german": {
        Suit.CLUBS: "#6b3f10",
        Suit.SPADES: "#2e7d32",
        Suit.HEARTS: "#d32f2f",
        Suit.DIAMONDS: "#a86f00",
    },
}
"""Each pack's colour of each suit (the index and the court cards' frame)."""

PIPS: Final = {
    Suit.DIAMONDS: "M0,-10 L7.5,0 L0,10 L-7.5,0 Z",
    Suit.HEARTS: "M0,9 C-4,5 -10,1 -10,-4 C-10,-8 -7,-10 -4.8,-10 C-2.6,-10 -0.8,-8.6 0,-6.6 "
    "C0.8,-8.6 2.6,-10 4.8,-10 C7,-10 10,-8 10,-4 C10,1 4,5 0,9 Z",
    Suit.SPADES: "M0,-10 C-3,-5 -10,-2 -10,3 C-10,6 -7.5,8 -5,8 C-3.2,8 -1.8,7 -1,5.6 "
    "L-2.6,10 L2.6,10 L1,5.6 C1.8,7 3.2,8 5,8 C7.5,8 10,6 10,3 C10,-2 3,-5 0,-10 Z",
    Suit.CLUBS: "M0,-10.5 A4.6,4.6 0 0 0 -3.1,-2.3 A4.6,4.6 0 1 0 -1.2,5 L-2.8,10 L2.8,10 "
    "L1.2,5 A4.6,4.6 0 1 0 3.1,-2.3 A4.6,4.6 0 0 0 0,-10.5 Z",
}

GERMAN_PIPS: Final = {
    Suit.CLUBS: (  # an acorn: the stem, the cup, the nut
        '<path d="M-0.9,-10.5 L0.9,-10.5 L0.9,-7 L-0.9,-7 Z" fill="#4a2a08"/>'
        '<path d="M-6.5,-2 C-6.5,-7 -3,-8.2 0,-8.2 C3,-8.2 6.5,-7 6.5,-2 Z" fill="#5d3a0e"/>'
        '<path d="M-5.2,-2 L5.2,-2 C5.2,4 3,9.5 0,10 C-3,9.5 -5.2,4 -5.2,-2 Z" fill="#c08a3e" '
        'stroke="#6b3f10" stroke-width="0.8"/>'
    ),
    Suit.SPADES: (  # a leaf with its stem and midrib
        '<path d="M0,-10.5 C6,-7 9,-1 6,4 C4.5,6.5 2,7.5 0,8 C-2,7.5 -4.5,6.5 -6,4 '
        'C-9,-1 -6,-7 0,-10.5 Z" fill="#2e7d32"/>'
        '<path d="M-0.9,7 L0.9,7 L1.2,10.5 L-1.2,10.5 Z" fill="#1b5e20"/>'
        '<path d="M0,-8 L0,7" stroke="#a5d6a7" stroke-width="0.8"/>'
    ),
    Suit.HEARTS: f'<path d="{PIPS[Suit.HEARTS]}" fill="#d32f2f"/>',
    Suit.DIAMONDS: (  # a bell: the ball, its band, the slit, the loop
        '<circle cx="0" cy="1.5" r="8" fill="#f2b705" stroke="#8a5a00" stroke-width="0.8"/>'
        '<path d="M-7.9,0 L7.9,0 L7.6,2.6 L-7.6,2.6 Z" fill="#c62828"/>'
        '<path d="M0,5 L0,9.3" stroke="#5a3a00" stroke-width="1.4"/>'
        '<circle cx="0" cy="-8.3" r="1.8" fill="none" stroke="#8a5a00" stroke-width="1"/>'
    ),
}
"""The German pack's suit signs, drawn in the same 20 × 21 box as :data:`PIPS`."""

_GERMAN_LETTERS: Final = {Rank.JACK: "U", Rank.QUEEN: "O", Rank.KING: "K", Rank.ACE: "A"}
"""The German pack's court letters (Unter, Ober, König, Daus) in every language."""


def _letters(lang: str) -> dict[Rank, str]:
    """The French packs' court letters in ``lang``: J/Q/K/A in English, B/D/K/A in German."""
    return {
        Rank.JACK: say(lang, "server.cardLetter.J"),
        Rank.QUEEN: say(lang, "server.cardLetter.Q"),
        Rank.KING: say(lang, "server.cardLetter.K"),
        Rank.ACE: say(lang, "server.cardLetter.A"),
    }


_NUMBERS: Final = {Rank.SEVEN: "7", Rank.EIGHT: "8", Rank.NINE: "9", Rank.TEN: "10"}

# pip positions (x, y) on a 100 x 150 card for 7 to 10 (the ace has one big pip)
_LAYOUT: Final = {
    Rank.SEVEN: [(30, 35), (70, 35), (50, 55), (30, 75), (70, 75), (30, 115), (70, 115)],
    Rank.EIGHT: [(30, 35), (70, 35), (50, 55), (30, 75), (70, 75), (50, 95), (30, 115), (70, 115)],
    Rank.NINE: [
        (30, 35), (70, 35), (30, 62), (70, 62), (50, 75), (30, 88), (70, 88), (30, 115), (70, 115),
    ],
    Rank.TEN: [
        (30, 35), (70, 35), (50, 50), (30, 62), (70, 62), (30, 88), (70, 88), (50, 100),
        (30, 115), (70, 115),
    ],
}  # fmt: skip


def _rank_text(rank: Rank, lang: str, pack: str) -> str:
    letters = _GERMAN_LETTERS if pack == "german" else _letters(lang)
    return _NUMBERS.get(rank) or letters[rank]


def _pip(suit: Suit, pack: str) -> str:
    """The suit sign of ``pack`` as the ``#pip`` every card uses."""
    if pack == "german":
        return f'<g id="pip">{GERMAN_PIPS[suit]}</g>'
    return f'<path id="pip" d="{PIPS[suit]}" fill="{COLOURS[pack][suit]}"/>'


@lru_cache(maxsize=1024)
def card_svg(name: str, lang: str = "de", pack: str = "four") -> str:
    """The SVG of card ``name`` (``CJ``, ``HT`` …) or of the back (``back``) in ``pack``
    (:data:`PACKS`)."""
    if pack not in PACKS:
        raise ValueError(f"no card pack {pack!r} ({', '.join(PACKS)})")
    if name == "back":
        return _back()
    try:
        card = Card.parse(name)
    except CardParseError:
        raise ValueError(f"no card {name!r}") from None
    if card.name != name:
        raise ValueError(f"no card {name!r}")
    colour = COLOURS[pack][card.suit]
    text = _rank_text(card.rank, lang, pack)
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 150" width="100" height="150">',
        f"<defs>{_pip(card.suit, pack)}</defs>",
        '<rect x="1" y="1" width="98" height="148" rx="8" fill="#fff" stroke="#555" '
        'stroke-width="1.5"/>',
    ]
    index = (
        f'<text x="12" y="24" font-family="Arial, Helvetica, sans-serif" font-weight="bold" '
        f'font-size="{20 if len(text) < 2 else 17}" fill="{colour}" text-anchor="middle">'
        f"{text}</text>"
        '<use href="#pip" transform="translate(12,36) scale(0.6)"/>'
    )
    parts.append(f"<g>{index}</g>")
    parts.append(f'<g transform="rotate(180 50 75)">{index}</g>')
    if card.rank in _LAYOUT:
        for x, y in _LAYOUT[card.rank]:
            flip = " rotate(180)" if y > 75 else ""
            parts.append(f'<use href="#pip" transform="translate({x},{y}){flip} scale(0.95)"/>')
    elif card.rank == Rank.ACE:
        parts.append('<use href="#pip" transform="translate(50,75) scale(2.6)"/>')
    else:  # a court card: a framed panel with the letter and the pip
        parts.append(
            f'<rect x="22" y="26" width="56" height="98" rx="4" fill="{colour}" '
            'fill-opacity="0.08" stroke="' + colour + '" stroke-width="1.5"/>'
            f'<text x="50" y="82" font-family="Georgia, serif" font-weight="bold" '
            f'font-size="44" fill="{colour}" text-anchor="middle">{text}</text>'
            '<use href="#pip" transform="translate(50,46) scale(1.1)"/>'
            '<use href="#pip" transform="translate(50,104) rotate(180) scale(1.1)"/>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _back() -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 150" width="100" height="150">'
        '<defs><pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="10" height="10" fill="#1e3a8a"/>'
        '<rect width="5" height="10" fill="#1d4ed8"/></pattern></defs>'
        '<rect x="1" y="1" width="98" height="148" rx="8" fill="#fff" stroke="#555" '
        'stroke-width="1.5"/><rect x="7" y="7" width="86" height="136" rx="5" fill="url(#p)"/>'
        "</svg>"
    )
