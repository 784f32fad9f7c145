"""What a seat saw of the other seats' part in the auction (read by the PIMC player's
hand-made inference, :mod:`skat.ai.pimc`, and the learned belief model, :mod:`skat.ai.belief`)."""

from __future__ import annotations

from typing import Final

from skat.core.actions import HOLD, PASS, Bid, Event
from skat.core.state import View

__all__ = ["MISREAD_CHANCE", "auction_limits", "auction_weight", "fits_auction"]

MISREAD_CHANCE: Final = 0.3
"""Weight of a hand that does not match its holder's part in the auction (by the heuristic's
bidding): players bid on hunches and pass strong hands now and then."""
LEAST_WEIGHT: Final = 0.03
""":func:`auction_weight` of a hand far from its holder's part in the auction."""


def auction_limits(view: View) -> dict[int, tuple[int, int]]:
    """For each seat that took part in the auction: the highest value it bid or held (0:
    none) and the bid on the table when it passed (-1: it did not pass).

    >>> from skat.core import GameState
    >>> g = GameState(seed=5)
    >>> for a in ("p", "18", "y", "20", "p"):
    ...     _ = g.apply(a)
    >>> auction_limits(g.view(0))
    {1: (0, 0), 2: (20, -1), 0: (18, 20)}
    """
    out: dict[int, tuple[int, int]] = {}
    table = 0
    for ev in view.history:
        if not isinstance(ev, Event):  # a discard this seat did not see: the auction is over
            break
        a = ev.action
        said, passed = out.get(ev.seat, (0, -1))
        if isinstance(a, Bid):
            table = a.value
            out[ev.seat] = (max(said, table), passed)
        elif a is HOLD:
            out[ev.seat] = (max(said, table), passed)
        elif a is PASS:
            out[ev.seat] = (said, table)
        else:
            break
    return out


def fits_auction(limit: int, said: int, passed: int) -> float:
    """How well a hand the heuristic would bid up to ``limit`` (:func:`skat.ai.heuristic.max_bid`)
    fits a seat that bid or held ``said`` and passed at ``passed`` (``-1``: it did not pass): 1
    when it would have done the same, else :data:`MISREAD_CHANCE`.

    >>> fits_auction(30, 27, -1), fits_auction(20, 27, -1), fits_auction(30, 0, 18)
    (1.0, 0.3, 0.3)
    """
    if limit < said or (passed >= 0 and limit > max(passed, 0)):
        return MISREAD_CHANCE
    return 1.0


def auction_weight(limit: int, said: int, passed: int) -> float:
    """How likely a seat whose hand the heuristic would bid up to ``limit`` bid or held
    ``said`` and passed at ``passed`` (``-1``: it did not pass), relative to a hand that fits
    exactly (1): a hand a little short of its bid (or a little above where it passed) is
    nearly as likely, one far from it hardly (the ratio of the two values to the fourth
    power, at least :data:`LEAST_WEIGHT`).  The bidding's simulation draws the other hands
    with it (:mod:`skat.ai.simulation`).

    >>> auction_weight(40, 36, -1), round(auction_weight(36, 40, -1), 2), auction_weight(0, 40, -1)
    (1.0, 0.66, 0.03)
    >>> auction_weight(18, 0, 0), round(auction_weight(20, 18, 18), 2), auction_weight(48, 18, 18)
    (1.0, 0.66, 0.03)
    """
    w = 1.0
    if limit < said:
        w = (limit / said) ** 4
    if passed >= 0 and limit > max(passed, 18):
        w *= (max(passed, 18) / limit) ** 4
    return max(w, LEAST_WEIGHT)
