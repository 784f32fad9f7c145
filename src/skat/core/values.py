"""What a contract is worth: the base value, the value a declarer names, the most it can
reach, the value an overbid game is lost with, and the Ouvert level (which the old rules'
Grand Ouvert base 36 replaces).

>>> from skat.core.contracts import Contract
>>> contract_value(Contract.parse("GO"), 4), contract_value(Contract.parse("GO"), 4, Rules(grand_ouvert_base=36))
(264, 360)
"""

from __future__ import annotations

from typing import Final

from skat.core.contracts import GRAND, NULL, Contract
from skat.core.rules import ISKO, Rules


def base_value(contract: Contract, rules: Rules = ISKO) -> int:
    """The base value (Grundwert) of a contract: Diamonds 9, Hearts 10, Spades 11, Clubs 12,
    Grand 24 (Grand Ouvert: ``rules.grand_ouvert_base``), and a Null's fixed value (ISkO 3.3).

    >>> base_value(Contract.parse("S")), base_value(Contract.parse("GO"), Rules(grand_ouvert_base=36))
    (11, 36)
    >>> base_value(Contract.parse("NH"))
    35
    """
    gt = contract.game_type
    if gt == NULL:
        return contract.null_value
    return rules.grand_ouvert_base if gt == GRAND and contract.ouvert else gt.base_value


def contract_value(contract: Contract, matadors_count: int, rules: Rules = ISKO) -> int:
    """The value of ``contract`` won with ``matadors_count`` matadors (+ with, − without) and
    no level beyond those the contract fixes (game, Hand, Schneider and Schwarz announced
    with the levels they imply, Ouvert): the value a player names when he declares.

    >>> contract_value(Contract.parse("CH"), 2), contract_value(Contract.parse("NO"), 0)
    (48, 46)
    >>> contract_value(Contract.parse("GO"), -1)  # without 1, game, hand, S, SA, Z, ZA, ouvert
    192
    """
    if contract.game_type == NULL:
        return contract.null_value
    level = abs(matadors_count) + 1 + contract.hand + ouvert_level(contract, rules)
    level += 2 * contract.schneider_announced + 2 * contract.schwarz_announced
    return base_value(contract, rules) * level


def overbid_value(contract: Contract, bid: int, rules: Rules = ISKO) -> int:
    """The value an overbid game is lost with: the lowest multiple of its base value at least
    the bid (ISkO 5.4); a Null the lowest Null value at least the bid.

    >>> overbid_value(Contract.parse("H"), 23), overbid_value(Contract.parse("N"), 30)
    (30, 35)
    """
    if contract.game_type == NULL:
        return min((v for v in _NULL_VALUES if v >= bid), default=bid)
    base = base_value(contract, rules)
    return -(-bid // base) * base


_NULL_VALUES: Final = tuple(sorted(c.null_value for c in Contract.all() if c.game_type == NULL))


def max_value(contract: Contract, matadors_count: int, rules: Rules = ISKO) -> int:
    """The highest value a contract can reach with ``matadors_count`` matadors (by count):
    the "arithmetically possible" bound for declaring over a bid.

    >>> max_value(Contract.parse("C"), 1), max_value(Contract.parse("GO"), 4)
    (48, 264)
    """
    if contract.game_type == NULL:
        return contract.null_value
    # every level not yet fixed by the contract may still be reached on the board
    level = abs(matadors_count) + 1 + contract.hand + 1 + contract.schneider_announced + 1
    level += contract.schwarz_announced + ouvert_level(contract, rules)
    return base_value(contract, rules) * level


def ouvert_level(contract: Contract, rules: Rules = ISKO) -> int:
    """The Ouvert level of a contract: 1 for a suit game or Grand Ouvert, 0 otherwise and for
    a Grand Ouvert whose own base value replaces the level (base 36 before 1998: "Die
    fehlende Gewinnstufe Offen wird durch den hohen Grundwert [ersetzt]").

    >>> go = Contract.parse("GO")
    >>> ouvert_level(go), ouvert_level(go, Rules(grand_ouvert_base=36))
    (1, 0)
    >>> ouvert_level(Contract.parse("CO"), Rules(grand_ouvert_base=36))
    1
    """
    if not contract.ouvert or contract.game_type == NULL:
        return 0
    return int(contract.game_type != GRAND or rules.grand_ouvert_base == GRAND.base_value)
