"""What a three-card hand is worth.

The value is the highest sum of the cards of one suit (the "point suit"); 31 is the best.
Variants add three of a kind (30 or 30½), a three-card straight flush (30) and three aces
("Feuer", 33).  Values are kept in half points so that 30½ is exact: :func:`value2` returns
twice the value and :func:`format_value` prints it.

>>> from skat.thirtyone.cards import parse_cards
>>> from skat.thirtyone.rules import Rules
>>> plain = Rules()
>>> [format_value(value2(parse_cards(h), plain)) for h in ("HK H8 H5", "SQ D9 D8", "CA S6 S4")]
['23', '17', '11']
>>> format_value(value2(parse_cards("D7 H7 S7"), Rules(three_of_a_kind="30.5")))
'30½'
>>> format_value(value2(parse_cards("S4 S5 S6"), Rules(straight_flush=True)))
'30'
>>> is_instant(parse_cards("HA HK H10"), plain), is_instant(parse_cards("HA SA CA"), plain)
(True, False)
>>> is_instant(parse_cards("HA SA CA"), Rules(feuer=True))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from skat.thirtyone.cards import Card
from skat.thirtyone.rules import Rules

THIRTY_ONE: Final = 62  # 31 in half points
FEUER: Final = 66  # three aces, 33


def suit_points(cards: Iterable[Card]) -> list[int]:
    """The sum of card points per suit (D H S C)."""
    sums = [0, 0, 0, 0]
    for c in cards:
        sums[c.suit] += c.points
    return sums


def value2(cards: Sequence[Card], rules: Rules) -> int:
    """Twice the value of a hand of three cards under ``rules``."""
    if len(cards) != 3:
        return 2 * max(suit_points(cards))
    a, b, c = cards
    if a.suit == b.suit == c.suit:
        best = 2 * (a.points + b.points + c.points)
    elif a.suit == b.suit:
        best = 2 * max(a.points + b.points, c.points)
    elif a.suit == c.suit:
        best = 2 * max(a.points + c.points, b.points)
    elif b.suit == c.suit:
        best = 2 * max(b.points + c.points, a.points)
    else:
        best = 2 * max(a.points, b.points, c.points)
    if not (rules.feuer or rules.straight_flush or rules.three_of_a_kind != "off"):
        return best
    ranks = {a.rank, b.rank, c.rank}
    if len(ranks) == 1:
        if rules.feuer and cards[0].rank == 14:
            return FEUER
        if rules.three_of_a_kind == "30":
            best = max(best, 60)
        elif rules.three_of_a_kind == "30.5":
            best = max(best, 61)
    if rules.straight_flush and len({c.suit for c in cards}) == 1:
        low, high = min(ranks), max(ranks)
        if len(ranks) == 3 and high - low == 2:
            best = max(best, 60)
    return best


def is_instant(cards: Sequence[Card], rules: Rules) -> bool:
    """Is this hand shown at once: 31 (or three aces under ``feuer=on``)?"""
    return len(cards) == 3 and value2(cards, rules) >= THIRTY_ONE


def best_three(cards: Sequence[Card], rules: Rules) -> tuple[Card, tuple[Card, ...], int]:
    """Of four cards, the one to discard so that the three kept are worth most:
    (discard, kept, value2).  Ties keep the card of higher points, then the higher index.

    >>> from skat.thirtyone.cards import parse_cards
    >>> d, kept, v = best_three(parse_cards("HA HK D2 H9"), Rules())
    >>> str(d), v
    ('♦2', 60)
    """
    best: tuple[int, int, int] | None = None
    out: tuple[Card, tuple[Card, ...], int] | None = None
    for i, c in enumerate(cards):
        kept = tuple(cards[:i]) + tuple(cards[i + 1 :])
        v = value2(kept, rules)
        key = (v, -c.points, -c.index)
        if best is None or key > best:
            best, out = key, (c, kept, v)
    assert out is not None
    return out


def format_value(v2: int) -> str:
    """A value in half points as players say it: ``30½``, ``31``."""
    return f"{v2 // 2}½" if v2 % 2 else str(v2 // 2)
