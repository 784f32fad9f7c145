"""Verifiable dealing: commitments that show the cards were fixed before anyone played.

A series deals every game from its seed (``random.Random(seed)``, one deal per game in
order).  The dealer (the server) also draws a secret ``salt`` and publishes, before the first
game, the **series commitment** ``sha256("skat-series-v1|<salt>|<seed>")``.  Before each game
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
from typing import Final

from skat.core.cards import CardSet, sorted_cards
from skat.core.deal import Deal

__all__ = [
    "GAME_SCHEME",
    "SERIES_SCHEME",
    "check_game",
    "check_series",
    "commitment",
    "deal_text",
    "game_nonce",
    "series_commitment",
    "series_deal",
]

GAME_SCHEME: Final = "skat-deal-v1"
"""The name of the game commitment scheme (it is hashed in)."""
SERIES_SCHEME: Final = "skat-series-v1"
"""The name of the series commitment scheme (it is hashed in)."""


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
    rng = random.Random(seed)
    deal = Deal.random(rng)
    for _ in range(number - 1):
        deal = Deal.random(rng)
    return deal
