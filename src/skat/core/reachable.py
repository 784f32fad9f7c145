"""Which declarations can reach the bid arithmetically: the declarer may not declare a game
whose highest possible value stays below his bid (an overbid he can see before playing).

The bound is the base value times the matadors (at best, for a Hand game whose skat he has not
seen) plus every level the declaration can bring; Null games have their fixed value.  When no
declaration reaches the bid, all of them are open (he has overbid and must lose one).

>>> from skat.core.cards import CardSet
>>> from skat.core.rules import ISKO
>>> hand = CardSet.parse("CJ SJ HA HT HK H8 H7 D9 D8 D7").mask
>>> unreachable(Declare.parse("DH"), hand, 18, True, ISKO) is None
True
>>> unreachable(Declare.parse("NH"), hand, 46, True, ISKO).message
'Null Hand is worth 35, less than the bid 46'
"""

from __future__ import annotations

from skat.core.actions import Declare
from skat.core.contracts import NULL, Contract, best_case_matadors, matadors
from skat.core.declarations import possible_declarations as _possible
from skat.core.errors import Refusal
from skat.core.reasons import refusal
from skat.core.rules import Rules
from skat.core.scoring import max_value


def _reachable(contract: Contract, mask: int, hand: bool, rules: Rules) -> int:
    gt = contract.game_type
    if gt == NULL:
        return contract.null_value
    m = best_case_matadors(gt, mask) if hand else abs(matadors(gt, mask))
    return max_value(contract, m, rules)


def unreachable(action: Declare, mask: int, bid: int, hand: bool, rules: Rules) -> Refusal | None:
    """Why ``action`` cannot be declared at ``bid`` (it cannot reach it), or ``None``."""
    if action in _possible(mask, hand, bid, rules.grand_ouvert_base):
        return None
    c = action.contract
    if c.game_type == NULL:
        value = c.null_value
        return refusal("null_below_bid", game=c.describe(), contract=c, value=value, bid=bid)
    best = _reachable(c, mask, hand, rules)
    return refusal("cannot_reach_bid", game=c.describe(), contract=c, value=best, bid=bid)
