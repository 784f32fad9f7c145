"""What a seat saw of the other seats' part in the auction (read by the PIMC player's
hand-made inference, :mod:`skat.ai.pimc`, and the learned belief model, :mod:`skat.ai.belief`)."""

from __future__ import annotations

from skat.core.actions import HOLD, PASS, Bid, Event
from skat.core.state import View

__all__ = ["auction_limits"]


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
