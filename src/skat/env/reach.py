"""The declarations the engine allows over a bid (ISkO 3.3: those that can reach it
arithmetically, all of them if none can), for many declarers at once in numpy.

:func:`declarable` is :func:`skat.core.declarations.possible_declarations` over arrays: one row
of the 29 declare ids (in the order of :meth:`~skat.core.contracts.Contract.all`) per declarer,
1 where the declaration is open.  The most matadors a hand can count are those of
:func:`~skat.core.contracts.best_case_matadors` (the skat unseen in a Hand game may fill the
gaps of the run from the top, or hold none of the missing top trumps); a declaration can reach
the bid when its base value times those matadors plus the levels it fixes does.

>>> from skat.core.cards import CardSet
>>> from skat.core.declarations import possible_declarations
>>> from skat.env.action_ids import action_of, DECLARE_IDS
>>> mask = CardSet.parse("CJ SJ HA HT HK H8 H7 D9 D8 D7").mask
>>> row = declarable(np.array([mask]), np.array([120]), hand=True)[0]
>>> [str(action_of(DECLARE_IDS.start + i)) for i in np.flatnonzero(row)]
['HHS', 'HHSZ', 'HO', 'SO', 'CHSZ', 'CO', 'GH', 'GHS', 'GHSZ', 'GO']
>>> [str(a) for a in possible_declarations(mask, True, 120)] == _
True
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from skat.core.contracts import TRUMP_ORDER, Contract
from skat.core.values import base_value, max_value

__all__ = ["best_matadors", "declarable", "matador_runs"]

_CONTRACTS: Final = Contract.all()
_ORDER: Final = np.zeros((5, 11), dtype=np.int64)  # the trumps from the top, per game type
_VALID: Final = np.zeros((5, 11), dtype=bool)
for _gt in range(5):
    _ORDER[_gt, : len(TRUMP_ORDER[_gt])] = TRUMP_ORDER[_gt]
    _VALID[_gt, : len(TRUMP_ORDER[_gt])] = True
_GT: Final = np.array([int(c.game_type) for c in _CONTRACTS], dtype=np.int64)
_HAND: Final = np.array([c.hand for c in _CONTRACTS], dtype=bool)
_BASE: Final = np.array([base_value(c) for c in _CONTRACTS], dtype=np.int64)
_FIXED: Final = np.array(
    [max_value(c, 0) // base_value(c) for c in _CONTRACTS], dtype=np.int64
)  # the levels the contract fixes (game, Hand, announcements, Ouvert)

Array = npt.NDArray[Any]


def best_matadors(cards: Array, unknown: int) -> Array:
    """The most matadors (by count) per game type 0..5 (Null: 0) of each card mask in
    ``cards`` when ``unknown`` of the declarer's 12 cards are hidden: shape (len(cards), 6)."""
    has = (cards[:, None, None] >> _ORDER) & 1 & _VALID
    missing = (1 - has) & _VALID
    with_run = ((np.cumsum(missing, axis=2) <= unknown) & _VALID).sum(axis=2)
    without = ((np.cumsum(has, axis=2) == 0) & _VALID).sum(axis=2)
    out = np.zeros((len(cards), 6), dtype=np.int64)
    out[:, :5] = np.maximum(with_run, without)
    return out


def matador_runs(cards: Array, game_type: Array) -> Array:
    """The matadors by count (with or without) of each card mask in ``cards`` in its game type
    (0 for a Null): :func:`~skat.core.contracts.matadors`, without its sign."""
    gt = np.minimum(game_type, 4)
    has = (cards[:, None] >> _ORDER[gt]) & 1
    valid = _VALID[gt]
    differs = (has != has[:, :1]) | ~valid
    run = (np.cumsum(differs, axis=1) == 0).sum(axis=1)
    out: Array = np.where(game_type < 5, run, 0)
    return out


def declarable(cards: Array, bids: Array, hand: bool) -> npt.NDArray[np.int8]:
    """One row of 29 per declarer: the Hand declarations open with the 10 cards in ``cards``
    (``hand``), or the others with the 12 (hand and skat), over the bid values ``bids``."""
    best = best_matadors(cards, 2 if hand else 0)
    kind = _HAND if hand else ~_HAND
    ok = (_BASE * (best[:, _GT] + _FIXED) >= bids[:, None]) & kind
    ok[~ok.any(axis=1)] = kind
    out: npt.NDArray[np.int8] = ok.astype(np.int8)
    return out
