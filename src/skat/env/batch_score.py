"""The score of many finished games at once in numpy, and what each seat is paid.

:func:`scores` is :func:`skat.core.scoring.score` over arrays for the games
:class:`~skat.env.game_batch.GameBatch` plays to their end (no Kontra, Spitze or extra levels;
every game ended by a trick): the matadors of the declarer's 12 cards, won or lost on the board
(61 card points; 90 with Schneider announced; every trick with Schwarz announced; a Null: no
trick), the levels (game, Hand, Schneider, announced, Schwarz, announced, Ouvert), an overbid
game lost with the lowest multiple of its base value at least the bid (a Null: the lowest Null
value), lost games double (single for a lost Hand game under ``lost_hand_single``).
:func:`pay` turns them into each seat's reward as :func:`skat.env.rewards.rewards` does.
tests/env/test_game_batch.py compares both with the engine on random games and inputs.

>>> from skat.core.cards import CardSet
>>> from skat.core.contracts import Contract
>>> c = np.array([Contract.all().index(Contract.parse("CH"))])
>>> cards = np.array([CardSet.parse("CJ SJ HA HT H7 S8 S9 D7 D8 D9 DT DA").mask])
>>> won, score = scores(c, np.array([18]), cards, np.array([70]), np.array([6]), np.array([4]))
>>> bool(won[0]), int(score[0])
(True, 48)
>>> pay("seeger", np.array([2]), won, score, np.array([70])).tolist()
[[0.0, 0.0, 98.0]]
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from skat.core.contracts import NULL, Contract
from skat.core.rules import ISKO, Rules
from skat.core.sheets import SEEGER_DEFENCE_BONUS, SEEGER_GAME_BONUS
from skat.core.values import base_value, ouvert_level
from skat.env.reach import matador_runs

__all__ = ["pay", "scores"]

_CONTRACTS: Final = Contract.all()
_GT: Final = np.array([int(c.game_type) for c in _CONTRACTS], dtype=np.int64)
_HAND: Final = np.array([c.hand for c in _CONTRACTS], dtype=np.int64)
_SA: Final = np.array([c.schneider_announced for c in _CONTRACTS], dtype=bool)
_ZA: Final = np.array([c.schwarz_announced for c in _CONTRACTS], dtype=bool)
_OUVERT: Final = np.array([ouvert_level(c) for c in _CONTRACTS], dtype=np.int64)
_BASE: Final = np.array([base_value(c) for c in _CONTRACTS], dtype=np.int64)
_NULL_VALUES: Final = np.array(
    sorted(c.null_value for c in _CONTRACTS if c.game_type == NULL), dtype=np.int64
)

Array = npt.NDArray[Any]


def scores(
    contract: Array,
    bid: Array,
    cards: Array,
    points: Array,
    tricks: Array,
    defender_tricks: Array,
    rules: Rules = ISKO,
) -> tuple[Array, Array]:
    """(won, score) of each game: ``contract`` its index in :meth:`Contract.all`, ``bid`` the
    value bid, ``cards`` the declarer's 12 cards (a mask), ``points`` his card points with the
    skat, ``tricks`` and ``defender_tricks`` each party's tricks.  Rules with the Grand Ouvert
    base 36 are not for this function."""
    gt = _GT[contract]
    null = gt == NULL
    sa, za = _SA[contract], _ZA[contract]
    won = (points >= 61) & (~sa | (points >= 90)) & (~za | (defender_tricks == 0))
    schneider = np.where(won, points >= 90, points <= 30)
    schwarz = np.where(won, defender_tricks == 0, tricks == 0)
    level = matador_runs(cards, gt) + 1 + _HAND[contract] + _OUVERT[contract]
    level += (schneider | sa).astype(np.int64) + sa + (schwarz | za) + za
    base = _BASE[contract]
    value = np.where(null, base, base * level)  # a Null's base is its value
    won = np.where(null, tricks == 0, won)
    overbid = value < bid
    k = np.minimum(np.searchsorted(_NULL_VALUES, bid), len(_NULL_VALUES) - 1)
    raised = np.where(null, np.where(_NULL_VALUES[k] >= bid, _NULL_VALUES[k], bid), 0)
    raised = np.where(null, raised, -(-bid // base) * base)
    value = np.where(overbid, raised, value)
    won &= ~overbid
    lost = np.where((_HAND[contract] == 1) & rules.lost_hand_single, 1, 2)
    return won, np.where(won, value, -lost * value)


def pay(reward: str, declarer: Array, won: Array, score: Array, points: Array) -> Array:
    """Each seat's reward (rows of three, Forehand first) under the scheme ``reward`` (see
    :mod:`skat.env.rewards`) for finished games of these declarers."""
    plain = reward.removesuffix("_zero_sum")
    rows = np.arange(len(declarer))
    out = np.zeros((len(declarer), 3), dtype=np.float64)
    if plain == "points":
        out[:] = (120 - points)[:, None]
        out[rows, declarer] = points
    elif plain == "seeger":
        out[:] = np.where(won, 0, SEEGER_DEFENCE_BONUS[3])[:, None]
        out[rows, declarer] = score + np.where(won, SEEGER_GAME_BONUS, -SEEGER_GAME_BONUS)
    else:
        out[rows, declarer] = score
    if plain != reward:
        out -= out.mean(axis=1, keepdims=True)
    return out
