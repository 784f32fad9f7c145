"""Verifiable dealing: commitments that show the cards were fixed before anyone played.

A series deals every game from its seed, one deal per game in order (:func:`deal_source`).
A server's seed is drawn from the operating system's randomness (:func:`fresh_seed`: 256
bits, ``secrets``) and the deals from it by HMAC-SHA256 (:class:`DealStream`), so the cards of
one game tell nothing of the others; a seed below 2**64 (the 48-bit seeds of older tables,
replays, tests) deals with ``random.Random(seed)`` as it always did, so old records verify.

The dealer (the server) also draws a secret ``salt`` and publishes, before the first game,
the **series commitment** ``sha256("skat-series-v1|<salt>|<seed>")``.  Before each game
it publishes the **game commitment** ``sha256("skat-deal-v1|<nonce>|<deal text>")``, where
the game's ``nonce`` is ``HMAC-SHA256(salt, "game <n>")`` and the deal text is the three hands
(Forehand, Middlehand, Rearhand) and the skat, each in display order, separated by ``/``.

After the game the nonce is revealed (with the deal, in the game's record): anyone can hash
the record's cards with it and compare with the commitment published before the game, so the
cards were not changed while the game ran.  After the series the seed and the salt are
revealed: the series commitment then proves the seed was fixed before the first game, and the
seed reproduces every deal of the series (:func:`series_deal`), so no deal was chosen.

>>> from skat.core.deal import Deal
>>> deal = series_deal(7, 1)
>>> nonce = game_nonce("s3cret", 1)
>>> c = commitment(nonce, deal)
>>> len(c), check_game(c, nonce, deal), check_game(c, game_nonce("s3cret", 2), deal)
(64, True, False)
>>> check_series(series_commitment("s3cret", 7), "s3cret", 7)
True
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Any, Final

from skat.core.cards import CardSet, sorted_cards
from skat.core.deal import Deal

__all__ = [
    "GAME_SCHEME",
    "SEED_BITS",
    "SERIES_SCHEME",
    "STREAM_FROM",
    "DealStream",
    "check_game",
    "check_series",
    "commitment",
    "deal_source",
    "deal_text",
    "fresh_seed",
    "game_nonce",
    "series_commitment",
    "series_deal",
]

GAME_SCHEME: Final = "skat-deal-v1"
"""The name of the game commitment scheme (it is hashed in)."""
SERIES_SCHEME: Final = "skat-series-v1"
"""The name of the series commitment scheme (it is hashed in)."""


STREAM_SCHEME: Final = "skat-deal-stream-v2"
"""The name of the deal stream (it is hashed in)."""
SEED_BITS: Final = 256
"""The random bits of a seed :func:`fresh_seed` draws."""
STREAM_FROM: Final = 1 << 64
"""Seeds from here on deal through :class:`DealStream`; smaller ones through
``random.Random`` (older tables, replays and tests)."""


def fresh_seed() -> int:
    """A new series seed: :data:`SEED_BITS` bits from the operating system's randomness
    (``secrets``), with one bit above them set, so it always deals through
    :class:`DealStream`.

    >>> s = fresh_seed()
    >>> s >= STREAM_FROM and s.bit_length() == SEED_BITS + 1 and s != fresh_seed()
    True
    """
    return (1 << SEED_BITS) | secrets.randbits(SEED_BITS)


class DealStream(random.Random):
    """The random numbers a series deals with, from its seed by HMAC-SHA256 in counter mode
    (key: the seed's bytes; message: :data:`STREAM_SCHEME` and the block number): without
    the seed, the cards of some games say nothing about the others.  Shuffling draws from
    :meth:`getrandbits` (``random.Random`` does the rest).

    >>> a, b = DealStream(STREAM_FROM + 1), DealStream(STREAM_FROM + 1)
    >>> [a.getrandbits(7) for _ in range(4)] == [b.getrandbits(7) for _ in range(4)]
    True
    >>> 0 <= a.random() < 1, a.getrandbits(300).bit_length() <= 300
    (True, True)
    """

    def __init__(self, seed: int) -> None:
        self._key = b""
        self._block = 0
        self._pool = 0
        self._bits = 0
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Start the stream of seed ``a`` (a whole number >= 0) from its beginning."""
        if not isinstance(a, int) or isinstance(a, bool) or a < 0:
            raise ValueError(f"a deal stream's seed is a whole number >= 0, not {a!r}")
        self._key = a.to_bytes(max(1, (a.bit_length() + 7) // 8), "big")
        self._block = self._pool = self._bits = 0
        self.gauss_next = None

    def getrandbits(self, k: int, /) -> int:
        """The next ``k`` bits of the stream as a whole number."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        while self._bits < k:
            message = f"{STREAM_SCHEME}|{self._block}".encode()
            block = hmac.new(self._key, message, hashlib.sha256).digest()
            self._pool |= int.from_bytes(block, "big") << self._bits
            self._bits += 256
            self._block += 1
        out = self._pool & ((1 << k) - 1)
        self._pool >>= k
        self._bits -= k
        return out

    def random(self) -> float:
        """A float in [0, 1) from the next 53 bits."""
        return self.getrandbits(53) * 2.0**-53

    def getstate(self) -> Any:
        return (self._key, self._block, self._pool, self._bits)

    def setstate(self, state: Any) -> None:
        self._key, self._block, self._pool, self._bits = state

    def __reduce__(self) -> Any:
        return (self.__class__, (0,), self.getstate())


def deal_source(seed: int) -> random.Random:
    """What a series with ``seed`` deals from: :class:`DealStream` from :data:`STREAM_FROM`
    on (new tables), ``random.Random(seed)`` below it (older tables, replays, tests).

    >>> type(deal_source(7)).__name__, type(deal_source(fresh_seed())).__name__
    ('Random', 'DealStream')
    """
    return DealStream(seed) if seed >= STREAM_FROM else random.Random(seed)


def deal_text(deal: Deal) -> str:
    """The deal as hashed: Forehand/Middlehand/Rearhand/skat, cards in display order.

    >>> text = deal_text(series_deal(7, 1))
    >>> text.count("/"), len(text.replace("/", " ").split())
    (3, 32)
    """
    parts = [*deal.hand_masks, deal.skat_mask]
    return "/".join(" ".join(c.name for c in sorted_cards(CardSet(m).mask)) for m in parts)


def game_nonce(salt: str, number: int) -> str:
    """The nonce of game ``number`` (1-based) of a series with this secret ``salt``."""
    return hmac.new(salt.encode(), f"game {number}".encode(), hashlib.sha256).hexdigest()


def commitment(nonce: str, deal: Deal) -> str:
    """The game commitment (hex sha256) published before the game."""
    text = f"{GAME_SCHEME}|{nonce}|{deal_text(deal)}"
    return hashlib.sha256(text.encode()).hexdigest()


def series_commitment(salt: str, seed: int) -> str:
    """The series commitment (hex sha256) published before the first game."""
    return hashlib.sha256(f"{SERIES_SCHEME}|{salt}|{seed}".encode()).hexdigest()


def check_game(published: str, nonce: str, deal: Deal) -> bool:
    """Does the revealed ``nonce`` with these cards give the ``published`` commitment?"""
    return hmac.compare_digest(published.lower(), commitment(nonce, deal))


def check_series(published: str, salt: str, seed: int) -> bool:
    """Do the revealed ``salt`` and ``seed`` give the ``published`` series commitment?"""
    return hmac.compare_digest(published.lower(), series_commitment(salt, seed))


def series_deal(seed: int, number: int) -> Deal:
    """The cards of game ``number`` (1-based) of a series dealt from ``seed``: the series
    draws one deal per game in order (:attr:`skat.series.Series.deal`).

    >>> from skat.series import Series
    >>> s = Series(["A", "B", "C"], seed=3, games=3)
    >>> series_deal(3, 1) == s.deal
    True
    """
    if number < 1:
        raise ValueError(f"games are numbered from 1, not {number}")
    rng = deal_source(seed)
    deal = Deal.random(rng)
    for _ in range(number - 1):
        deal = Deal.random(rng)
    return deal
