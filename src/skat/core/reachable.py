"""Which declarations can reach the bid arithmetically: the declarer may not declare a game
whose highest possible value stays below his bid (an overbid he can see before playing).

The bound is the base value times the matadors (at best, for a Hand game whose skat he has not
seen) plus every level the declaration can bring; Null games have their fixed value.  When no
declaration reaches the bid, all of them are open (he has overbid and must lose one).

>>> from skat.core.cards import CardSet
>>> hand = CardSet.parse("CJ SJ HA HT HK H8 H7 D9 D8 D7").mask
>>> [str(a) for a in possible_declarations(hand, 18, True, ISKO)][:4]
['DH', 'DHS', 'DHSZ', 'DO']
>>> unreachable(Declare.parse("NH"), hand, 46, True, ISKO)
'Null Hand is worth 35, less than the bid 46'
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from skat.core.actions import Action, Declare
from skat.core.contracts import GRAND, NULL, Contract, best_case_matadors, matadors
from skat.core.rules import ISKO, Rules
from skat.core.scoring import max_value


def _declaration_table(hand: bool) -> tuple[tuple[Declare, int, int, int], ...]:
    """(action, game type, base value (0: Grand Ouvert, from the rules), fixed levels) for the
    "arithmetically possible" check: value bound = base * (matadors + fixed levels)."""
    out = []
    for c in Contract.all():
        if c.hand != hand:
            continue
        gt = c.game_type
        if gt == NULL:
            out.append((Declare.of(c), int(gt), c.null_value, 1))
            continue
        fixed = 1 + c.hand + 1 + c.schneider_announced + 1 + c.schwarz_announced + c.ouvert
        base = 0 if (gt == GRAND and c.ouvert) else gt.base_value
        out.append((Declare.of(c), int(gt), base, fixed))
    return tuple(out)


_HAND_TABLE: Final = _declaration_table(hand=True)
_PICKUP_TABLE: Final = _declaration_table(hand=False)


@lru_cache(maxsize=4096)
def _possible(mask: int, bid: int, hand: bool, go_base: int) -> tuple[Action, ...]:
    if hand:
        candidates = _HAND_TABLE
        mats = [best_case_matadors(gt, mask) for gt in range(5)]
    else:
        candidates = _PICKUP_TABLE
        mats = [abs(matadors(gt, mask)) for gt in range(5)]
    mats.append(0)
    ok = tuple(
        a for a, gt, base, extra in candidates if (base or go_base) * (mats[gt] + extra) >= bid
    )
    return ok or tuple(a for a, _, _, _ in candidates)


def possible_declarations(mask: int, bid: int, hand: bool, rules: Rules = ISKO) -> list[Action]:
    """Declarations that can reach ``bid`` arithmetically with the declarer's cards ``mask``
    (his hand for a Hand game, ``hand=True``; else his 12 cards), all of them if none can."""
    return list(_possible(mask, bid, hand, rules.grand_ouvert_base))


def _reachable(contract: Contract, mask: int, hand: bool, rules: Rules) -> int:
    gt = contract.game_type
    if gt == NULL:
        return contract.null_value
    m = best_case_matadors(gt, mask) if hand else abs(matadors(gt, mask))
    return max_value(contract, m, rules)


def unreachable(action: Declare, mask: int, bid: int, hand: bool, rules: Rules) -> str | None:
    """Why ``action`` cannot be declared at ``bid`` (it cannot reach it), or ``None``."""
    if action in _possible(mask, bid, hand, rules.grand_ouvert_base):
        return None
    c = action.contract
    if c.game_type == NULL:
        return f"{c.describe()} is worth {c.null_value}, less than the bid {bid}"
    best = _reachable(c, mask, hand, rules)
    return f"{c.describe()} can reach at most {best}, less than the bid {bid}"
