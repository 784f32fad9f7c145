"""Dealing: 3 to each, 2 to the skat, 4 to each, 3 to each, starting with Forehand.

Randomness is passed in; the same seed gives the same deal.

>>> import random
>>> d = Deal.random(random.Random(7))
>>> d == Deal.random(random.Random(7)), [len(h) for h in d.hands], len(d.skat)
(True, [10, 10, 10], 2)
>>> Deal.parse(str(d)) == d
True
>>> Deal.parse("CJ SJ")
Traceback (most recent call last):
...
skat.core.deal.DealError: a deal is 32 cards (Forehand's 10, Middlehand's 10, Rearhand's 10, skat 2), got 2
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable, Sequence
from typing import Final

from skat.core.cards import ALL_MASK, Card, CardParseError, CardSet

# positions in a shuffled pack of 32 for forehand (0), middlehand (1), rearhand (2), skat (3)
_PATTERN: Final = (
    [0] * 3
    + [1] * 3
    + [2] * 3
    + [3] * 2
    + [0] * 4
    + [1] * 4
    + [2] * 4
    + [0] * 3
    + [1] * 3
    + [2] * 3
)


class DealError(ValueError):
    """A deal that is not 3 × 10 cards and a skat of 2, each card once."""


class Deal:
    """The cards of one game: three hands (by seat) and the skat; immutable."""

    __slots__ = ("hand_masks", "skat_mask")

    hand_masks: tuple[int, int, int]
    skat_mask: int

    def __init__(self, hands: Sequence[CardSet | int], skat: CardSet | int) -> None:
        masks = [h.mask if isinstance(h, CardSet) else h for h in hands]
        skat_mask = skat.mask if isinstance(skat, CardSet) else skat
        if len(masks) != 3:
            raise DealError(f"a deal has three hands, got {len(masks)}")
        seen = 0
        for i, m in enumerate(masks):
            if not isinstance(m, int) or m.bit_count() != 10:
                n = m.bit_count() if isinstance(m, int) else "?"
                raise DealError(f"hand {i} must hold 10 cards, holds {n}")
            if seen & m:
                raise DealError(f"card dealt twice: {CardSet(seen & m)}")
            seen |= m
        if not isinstance(skat_mask, int) or skat_mask.bit_count() != 2 or seen & skat_mask:
            raise DealError("the skat must be 2 cards that are in no hand")
        if seen | skat_mask != ALL_MASK:  # pragma: no cover - implied by the counts
            raise DealError("a deal uses all 32 cards")
        object.__setattr__(self, "hand_masks", (masks[0], masks[1], masks[2]))
        object.__setattr__(self, "skat_mask", skat_mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Deal is immutable")

    def __reduce__(self) -> tuple[type[Deal], tuple[tuple[int, int, int], int]]:
        """Pickle as the constructor call (the default would set the slots, which are frozen).

        >>> import pickle, random
        >>> d = Deal.random(random.Random(3))
        >>> pickle.loads(pickle.dumps(d)) == d
        True
        """
        return (Deal, (self.hand_masks, self.skat_mask))

    def __copy__(self) -> Deal:
        return self  # immutable: a copy is the deal itself

    def __deepcopy__(self, _memo: dict[int, object]) -> Deal:
        """The deal itself: nothing in it can change.

        >>> import copy, random
        >>> d = Deal.random(random.Random(3))
        >>> copy.deepcopy(d) is d
        True
        """
        return self

    @staticmethod
    def random(rng: _random.Random) -> Deal:
        """Shuffle with ``rng`` and deal 3-2-4-3."""
        return _dealt([1 << i for i in shuffled(rng)])

    @staticmethod
    def from_pack(pack: Sequence[int | Card]) -> Deal:
        """Deal a shuffled pack (top card first) in the 3-2-4-3 pattern."""
        if len(pack) != 32:
            raise DealError(f"a pack has 32 cards, got {len(pack)}")
        return _dealt([1 << int(card) for card in pack])

    @staticmethod
    def parse(text: str) -> Deal:
        """Read 32 cards: Forehand's 10, Middlehand's 10, Rearhand's 10, the skat's 2 (ISS order).

        Separators may be spaces, dots or ``|``.
        """
        cards = read_cards(
            text, DealError, "deal", "Forehand's 10, Middlehand's 10, Rearhand's 10, skat 2"
        )
        masks = [0, 0, 0, 0]
        seen = 0
        for i, c in enumerate(cards):
            if seen & c.bit:
                raise DealError(f"card dealt twice: {c.name!r}")
            seen |= c.bit
            masks[min(i // 10, 3)] |= c.bit
        return Deal(masks[:3], masks[3])

    @property
    def hands(self) -> tuple[CardSet, CardSet, CardSet]:
        """The three hands by seat."""
        h = self.hand_masks
        return (CardSet(h[0]), CardSet(h[1]), CardSet(h[2]))

    @property
    def skat(self) -> CardSet:
        """The two cards of the skat."""
        return CardSet(self.skat_mask)

    def owner(self, card: Card) -> int:
        """Seat holding ``card`` (3 for the skat)."""
        for i, m in enumerate(self.hand_masks):
            if m & card.bit:
                return i
        return 3

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Deal)
            and self.hand_masks == other.hand_masks
            and self.skat_mask == other.skat_mask
        )

    def __hash__(self) -> int:
        return hash((self.hand_masks, self.skat_mask))

    def __str__(self) -> str:
        return " | ".join(str(CardSet(m)) for m in (*self.hand_masks, self.skat_mask))

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    def iss(self) -> str:
        """ISS form: 32 cards joined by dots in seat order, then the skat."""
        return ".".join(c.name for m in (*self.hand_masks, self.skat_mask) for c in CardSet(m))


def _dealt(b: list[int]) -> Deal:
    """The deal of a pack given as one bit per card, top card first (3-2-4-3)."""
    fh = b[0] | b[1] | b[2] | b[11] | b[12] | b[13] | b[14] | b[23] | b[24] | b[25]
    mh = b[3] | b[4] | b[5] | b[15] | b[16] | b[17] | b[18] | b[26] | b[27] | b[28]
    rh = b[6] | b[7] | b[8] | b[19] | b[20] | b[21] | b[22] | b[29] | b[30] | b[31]
    skat = b[9] | b[10]
    if fh | mh | rh | skat != ALL_MASK:
        raise DealError("the pack does not hold every card once")
    deal = object.__new__(Deal)
    object.__setattr__(deal, "hand_masks", (fh, mh, rh))
    object.__setattr__(deal, "skat_mask", skat)
    return deal


def shuffled(rng: _random.Random) -> list[int]:
    """A pack of the 32 card indices shuffled with ``rng``, top card first.

    >>> import random
    >>> sorted(shuffled(random.Random(5))) == list(range(32))
    True
    """
    pack = list(range(32))
    if type(rng) is _random.Random and _SAME_DRAWS:
        return _shuffle32(rng.getrandbits, pack)
    rng.shuffle(pack)  # a subclass may draw otherwise
    return pack


def _shuffle32(getrandbits: Callable[[int], int], pack: list[int]) -> list[int]:
    """``random.Random.shuffle`` of the pack, inlined: Fisher-Yates from the end, each place
    drawn by rejection from as many bits as its range needs, exactly as the standard library
    draws them (checked at import: :data:`_SAME_DRAWS`)."""
    for i, k in _DRAWS:
        r = getrandbits(k)
        while r > i:
            r = getrandbits(k)
        pack[i], pack[r] = pack[r], pack[i]
    return pack


_DRAWS: Final = tuple((i, (i + 1).bit_length()) for i in range(31, 0, -1))
"""The places of the shuffle from the last, with the bits drawn for each (``randbelow(i + 1)``)."""


def _same_draws() -> bool:
    """Does :func:`_shuffle32` give the standard library's shuffle of this Python?"""
    for seed in (1, 7, 2024):
        expected = list(range(32))
        _random.Random(seed).shuffle(expected)
        if _shuffle32(_random.Random(seed).getrandbits, list(range(32))) != expected:
            return False
    return True


_SAME_DRAWS: Final = _same_draws()


def read_cards(text: object, error: type[ValueError], noun: str, parts: str) -> list[Card]:
    """The 32 cards of a ``noun`` written out (separators: spaces, dots, commas or ``|``), in
    the order written; ``error`` says what is wrong: no text, not 32 cards (``parts`` names
    them in order), or a card that is none.

    >>> read_cards("CJ SJ", DealError, "layout", "two rows of 16")
    Traceback (most recent call last):
    ...
    skat.core.deal.DealError: a layout is 32 cards (two rows of 16), got 2
    """
    if not isinstance(text, str):
        raise error(f"not a {noun}: {text!r}")
    tokens = text.replace("|", " ").replace(".", " ").replace(",", " ").split()
    if len(tokens) != 32:
        raise error(f"a {noun} is 32 cards ({parts}), got {len(tokens)}")
    try:
        return [Card.parse(t) for t in tokens]
    except CardParseError as exc:
        raise error(str(exc)) from None
