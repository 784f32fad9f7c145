"""The values a declared game can be written with, taken from the core's scoring.

A list records only the game, won or lost, and the value.  :func:`outcomes` scores every
way the declared game can end through :func:`skat.core.scoring.score`: each count of
matadors with and without, Schneider and Schwarz reached or not, and every bid that overbids
it (ISkO 5.4: lost with the lowest multiple of the base value that reaches the bid).  The
core's :class:`~skat.core.scoring.Result` of each is kept, so the list entry follows the
rules (a lost game counts double, Hand games too under ISkO) without any arithmetic here.

>>> from skat.core import Contract, Rules
>>> t = Rules.parse("tournament")
>>> grand = outcomes(Contract.parse("G"), t)
>>> sorted(v for won, v in grand if won)[:4], (True, 50) in grand
([48, 72, 96, 120], False)
>>> null = outcomes(Contract.parse("N"), t)
>>> sorted(null)     # a Null lost with 35 or 46 or 59 was overbid
[(False, 23), (False, 35), (False, 46), (False, 59), (True, 23)]
>>> null[(False, 23)].score, null[(True, 23)].score
(-46, 23)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache

from skat.core.bidding import ladder
from skat.core.contracts import NULL, TRUMP_ORDER, Contract
from skat.core.rules import Rules
from skat.core.scoring import Result, overbid_value, score
from skat.core.sheets import entries

_ENDINGS = ((False, False), (True, False), (True, True))
"""(Schneider, Schwarz) a game can end with."""


class Legal:
    """The legal outcomes under one rule set, built per contract on first use, and the core's
    result of each with the declarer at each seat (what a list check asks thousands of times)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._contracts: dict[str, Contract] = {}
        self._outcomes: dict[tuple[Contract, int], dict[tuple[bool, int], Result]] = {}
        self._seated: dict[tuple[Contract, bool, int, int, int], Result] = {}
        self._entries: dict[tuple[int, tuple[int, int, int], int], tuple[int, ...]] = {}

    def contract(self, code: str) -> Contract:
        """The contract of an ISS code (a :class:`ContractParseError` for a bad one)."""
        found = self._contracts.get(code)
        if found is None:
            found = self._contracts[code] = Contract.parse(code)
        return found

    def outcomes(self, contract: Contract, kontra: int = 0) -> Mapping[tuple[bool, int], Result]:
        """Every (won, value) of ``contract`` and a core result for it, scored with Kontra
        level ``kontra`` (the score times 2 ** kontra, the value as it is)."""
        found = self._outcomes.get((contract, kontra))
        if found is None:
            found = _outcomes(contract, self.rules, kontra)
            self._outcomes[(contract, kontra)] = found
        return found

    def result(
        self, contract: Contract, won: bool, value: int, seat: int, kontra: int = 0
    ) -> Result | None:
        """The core's result of the game with the declarer at ``seat`` (and Kontra level
        ``kontra``), or ``None`` when the game cannot be written with that value."""
        key = (contract, won, value, seat, kontra)
        found = self._seated.get(key)
        if found is None:
            base = self.outcomes(contract, kontra).get((won, value))
            if base is None:
                return None
            found = self._seated[key] = replace(base, declarer=seat)
        return found

    def entries(self, result: Result, seats: tuple[int, int, int], n: int) -> tuple[int, ...]:
        """The core's list entries (:func:`skat.core.sheets.entries`) of a result from
        :meth:`result` at a table of ``n`` with these seats, on the rules' score sheet."""
        key = (id(result), seats, n)
        found = self._entries.get(key)
        if found is None:
            rules = self.rules
            found = entries(result, seats, n, rules.score_sheet, bonus=rules.seeger_bonus)
            self._entries[key] = found
        return found


@lru_cache(maxsize=16)
def legal(rules: Rules) -> Legal:
    """The shared :class:`Legal` of a rule set."""
    return Legal(rules)


def outcomes(contract: Contract, rules: Rules) -> dict[tuple[bool, int], Result]:
    """Every (won, value) the game can be written with, and a core result for it."""
    return dict(legal(rules).outcomes(contract))


def _outcomes(contract: Contract, rules: Rules, kontra: int = 0) -> dict[tuple[bool, int], Result]:
    found: dict[tuple[bool, int], Result] = {}
    masks = _matador_masks(contract)
    for mask in masks:
        for won in (True, False):
            for schneider, schwarz in _ENDINGS:
                r = _score(contract, 0, mask, rules, (won, schneider, schwarz), kontra)
                found.setdefault((r.won, r.value), r)
    lowest = min(masks, key=lambda m: _score(contract, 0, m, rules, (True, False, False)).value)
    reachable = _reachable(contract, found)
    for bid in ladder(rules.grand_ouvert_base):  # the rules' own bids (old: up to 360)
        r = _score(contract, bid, lowest, rules, (False, False, False), kontra)
        if r.overbid and r.value in reachable:
            found.setdefault((False, r.value), r)
    return dict(sorted(found.items()))


def _reachable(contract: Contract, found: dict[tuple[bool, int], Result]) -> set[int]:
    """Values an overbid loss can have: a suit game or Grand is declared only when the bid is
    arithmetically reachable (ISkO 5.4), so up to its highest value; a Null is lost with one of
    the Null values (the core gives the next one above the bid)."""
    if contract.game_type == NULL:
        return {c.null_value for c in Contract.all() if c.game_type == NULL}
    top = max(v for _, v in found)
    return set(range(1, top + 1))


def _score(
    contract: Contract,
    bid: int,
    mask: int,
    rules: Rules,
    outcome: tuple[bool, bool, bool],
    kontra: int = 0,
) -> Result:
    """The core's score of one way the game ends (Kontra level ``kontra``: the core's
    multiplier 2 ** kontra on the score)."""
    return score(
        contract,
        bid=bid,
        cards=mask,
        points=0,
        tricks=0,
        defender_tricks=0,
        declarer=0,
        rules=rules,
        outcome=outcome,
        multiplier=1 << kontra,
        kontra=kontra,
    )


def _matador_masks(contract: Contract) -> tuple[int, ...]:
    """One hand per matador count, with and without (Null: an empty hand)."""
    order = TRUMP_ORDER[contract.game_type]
    if contract.game_type == NULL or not order:
        return (0,)
    masks = []
    for m in range(1, len(order) + 1):
        masks.append(sum(1 << idx for idx in order[:m]))  # with m
        masks.append(1 << order[m] if m < len(order) else 0)  # without m
    return tuple(masks)


def lost_overbid(contract: Contract, bid: int, rules: Rules) -> int:
    """The value a game overbid at ``bid`` is lost with (the core's ISkO 5.4 rule)."""
    return overbid_value(contract, bid, rules)
