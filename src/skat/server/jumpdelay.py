"""The confirmation delay after a jump bid: the rules option ``jump_delay`` (``online`` preset).

Skat-Online ("264? Ja!", skatblog.com): "Wird jetzt bei Skat-Online ein Reizwert übersprungen,
wird der 'Ja'-Button erst mit einer Verzögerung von zwei Sekunden aktiv."  A table with
``jump_delay`` > 0 takes the hold (``y``) to a bid that skipped values of the ladder only
``jump_delay`` seconds after the bid; before, it refuses it (``too_soon``) and the state
message says how long is left (``answer_wait``).  Passing is taken at once: the source delays
the "Ja" only.  A computer player answering such a bid waits as long (:func:`answer_wait`).

>>> from skat.server.table import Table, TableConfig
>>> config = TableConfig.parse({"rules": "online", "seats": ["human"] * 3}, seed=1)
>>> t = Table("t", config, claims=dict.fromkeys(range(3), "-"))  # every place taken
>>> p = t.to_move(); t.apply(p, t.check(p, "30", 0)).counter  # Middlehand skips 18 ... 27
1
>>> jump_bid_pending(t.state), 0 < answer_wait(t, "y", now=t.moved_at + 0.5) <= 1.5
(True, True)
>>> answer_wait(t, "y", now=t.moved_at + 2.0), answer_wait(t, "p", now=t.moved_at)
(0.0, 0.0)
"""

from __future__ import annotations

import time
from bisect import bisect_right

from skat.core.actions import HOLD, Action, Bid, parse_action
from skat.core.language import say
from skat.core.state import GameState
from skat.server.table import ActionRefused, Table


def jump_bid_pending(state: GameState) -> bool:
    """Is the seat to speak answering a bid that skipped values of the ladder?  (The first
    bid of an auction jumps when it is above the lowest value.)

    >>> s = GameState(seed=1)
    >>> _ = s.apply("20"); jump_bid_pending(s)
    True
    >>> s = GameState(seed=1)
    >>> _ = s.apply("18"); jump_bid_pending(s)
    False
    >>> _ = s.apply("y"); _ = s.apply("20"); jump_bid_pending(s)
    False
    """
    auction = state.auction
    if not auction.answering or not state.history:
        return False
    last = state.history[-1].action
    if type(last) is not Bid:
        return False
    bids = [e.action.value for e in state.history[:-1] if type(e.action) is Bid]
    ladder = auction.ladder
    step = ladder[bisect_right(ladder, max(bids))] if bids else ladder[0]
    return last.value > step


def _is_hold(action: Action | str | object) -> bool:
    if isinstance(action, str):
        try:
            action = parse_action(action)
        except ValueError:
            return False
    return action == HOLD


def answer_wait(table: Table, action: Action | str | object, now: float | None = None) -> float:
    """Seconds before the table takes ``action`` (0 unless it holds a jump bid too early)."""
    delay = table.config.rules.jump_delay
    state = table.state
    if not delay or state is None or not _is_hold(action) or not jump_bid_pending(state):
        return 0.0
    now = time.monotonic() if now is None else now
    return max(0.0, table.moved_at + delay - now)


def check_jump_delay(table: Table, action: Action) -> None:
    """:class:`ActionRefused` (``too_soon``) for a hold to a jump bid before the delay."""
    wait = answer_wait(table, action)
    if wait > 0:
        delay, left = table.config.rules.jump_delay, f"{wait:.1f}"
        raise ActionRefused(
            "too_soon", lambda lang: say(lang, "server.refused.tooSoon", delay=delay, left=left)
        )
