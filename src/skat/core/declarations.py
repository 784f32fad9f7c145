"""What a seat may declare and what each declaration is worth with the cards it knows.

Every app that shows or weighs declarations (the terminal menu, ``skat value``, the web
table's buttons, the computer players) asks here: :func:`declarations` lists every legal
declaration with its :class:`DeclarationOption` (value, estimate, how far below the bid,
arithmetically possible), :func:`declarations_of` does it from a seat's
:class:`~skat.core.state.View`, and :func:`possible_declarations` is the engine's own rule
(ISkO 3.3: a declaration must be able to reach the bid with the levels it can still make;
when none can, any may be declared), cached for the engine to call on every decision.

The value is that of the game won with the levels the contract fixes and the matadors of the
cards known.  In a Hand game, or before the skat is seen, the skat may hold matadors: the
value is an ``estimate`` from the cards in hand (not for Null, whose value is fixed).

>>> from skat.core.cards import CardSet
>>> hand = CardSet.parse("CJ SJ HA HT HK H8 H7 D9 D8 D7")
>>> options = {str(o.contract): o for o in declarations(hand, bid=36)}
>>> o = options["HH"]
>>> o.value, o.estimate, o.below_bid, o.reachable
(40, True, 0, True)
>>> options["DH"].value, options["DH"].below_bid, options["NH"].reachable
(36, 0, False)
>>> after = {str(o.contract): o for o in declarations(hand, bid=40, skat=CardSet.parse("HJ DA"),
...                                                    picked_up=True)}
>>> after["H"].value, after["H"].estimate, after["D"].value, after["D"].below_bid
(40, False, 36, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Final

from skat.core.actions import Declare
from skat.core.cards import CardSet
from skat.core.contracts import GRAND, NULL, Contract, best_case_matadors, matadors
from skat.core.rules import ISKO, Rules
from skat.core.scoring import base_value, contract_value, max_value

if TYPE_CHECKING:
    from skat.core.state import View

__all__ = [
    "DeclarationOption",
    "declarations",
    "declarations_of",
    "possible_declarations",
]


@dataclass(frozen=True)
class DeclarationOption:
    """One declaration and what it is worth with the cards known.

    ``value``: the game won with the levels the contract fixes and ``matadors`` (+ with,
    − without) of the known cards; ``estimate``: the skat is unseen (a Hand game, or before
    picking it up) and its jacks may change the matadors; ``below_bid``: how much the value
    falls short of the bid (0 if it does not); ``best``: the highest value the contract can
    reach (Schneider and Schwarz made, the best skat); ``reachable``: ``best`` reaches the bid,
    the declaration is "arithmetically possible"; ``base``: the base value under the rules.
    """

    contract: Contract
    value: int
    estimate: bool
    below_bid: int
    reachable: bool
    matadors: int = 0
    best: int = 0
    base: int = 0

    @property
    def action(self) -> Declare:
        """The declaration as the engine's action."""
        return Declare.of(self.contract)

    @property
    def levels_short(self) -> int:
        """Levels missing to reach the bid: 0 none, 1 Schneider would do, 2 Schwarz …; a Null
        below the bid can never reach it (99).

        >>> [o.levels_short for o in declarations(CardSet.parse("CJ HA"), bid=33)
        ...  if str(o.contract) in ("HH", "NH")]
        [1, 0]
        """
        if not self.below_bid:
            return 0
        if self.contract.game_type == NULL:
            return 99
        return -(-self.below_bid // self.base)


def declarations(
    hand: CardSet | int,
    *,
    bid: int,
    rules: Rules = ISKO,
    skat: CardSet | int | None = None,
    picked_up: bool = False,
) -> tuple[DeclarationOption, ...]:
    """Every declaration open with these cards and its value (see the module doc).

    ``hand``: the cards held (10, or 12 while holding the skat); ``picked_up``: the skat was
    (or is to be) picked up, so the games without Hand are open, else the Hand games;
    ``skat``: the two cards of the skat (or put away) once known, counted for the matadors
    after picking up.  A Hand game never counts the skat: it is unseen.  Ordered as
    :meth:`Contract.all`.
    """
    held = hand.mask if isinstance(hand, CardSet) else hand
    extra = skat.mask if isinstance(skat, CardSet) else (skat or 0)
    return _options(held | extra if picked_up else held, not picked_up, bid, rules)


def declarations_of(view: View) -> tuple[DeclarationOption, ...]:
    """The declarations open to the seat of ``view``: the declarer's before picking up the
    skat (the Hand games), after picking it up (the others, from his 12 cards); during the
    bidding what the seat could declare with its hand if it won the auction now (the Hand
    games and, skat unseen, the others); nothing in the other phases.

    >>> from skat.core.state import GameState
    >>> g = GameState(seed=5)
    >>> [str(o.contract) for o in declarations_of(g.view(1))][:3]
    ['DH', 'DHS', 'DHSZ']
    >>> for a in ("p", "18", "y", "p"):
    ...     _ = g.apply(a)
    >>> [(str(o.contract), o.value, o.estimate) for o in declarations_of(g.view(0))][:2]
    [('DH', 27, True), ('DHS', 45, True)]
    >>> declarations_of(g.view(1))
    ()
    """
    phase = view.phase.name
    bid = max(view.bid, 18)
    if phase == "BIDDING":
        hand = declarations(view.hand, bid=bid, rules=view.rules)
        return hand + declarations(view.hand, bid=bid, rules=view.rules, picked_up=True)
    if view.declarer != view.seat:
        return ()
    if phase == "SKAT":
        return declarations(view.hand, bid=bid, rules=view.rules)
    if phase in ("DISCARD", "DECLARE"):
        return declarations(view.hand, bid=bid, rules=view.rules, skat=view.discard, picked_up=True)
    return ()


def possible_declarations(
    mask: int, hand: bool, bid: int, grand_ouvert_base: int = 24
) -> tuple[Declare, ...]:
    """The declarations the engine allows over ``bid``: those that can reach it
    arithmetically (all of them if none can), Hand ones (``hand``: from the 10 cards in
    ``mask``, the skat unseen) or the others (from the declarer's 12 cards).  Cached: the
    engine calls it on every decision.

    >>> from skat.core.cards import CardSet
    >>> mask = CardSet.parse("CJ SJ HA HT HK H8 H7 D9 D8 D7").mask
    >>> [str(a) for a in possible_declarations(mask, True, 120)]
    ['HHS', 'HHSZ', 'HO', 'SO', 'CHSZ', 'CO', 'GH', 'GHS', 'GHSZ', 'GO']
    """
    return _possible(mask, hand, bid, grand_ouvert_base)


# ---------------------------------------------------------------------------------------------


_HAND_CONTRACTS: Final = tuple(c for c in Contract.all() if c.hand)
_PICKUP_CONTRACTS: Final = tuple(c for c in Contract.all() if not c.hand)


def _matadors_known(mask: int, hand: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(matadors of the known cards, the most matadors by count the unseen skat allows) per
    game type 0..5: a Hand game's skat is unseen, so is the skat missing from ``mask``."""
    unknown = 2 if hand else 12 - mask.bit_count()
    known = (*(matadors(gt, mask) for gt in range(5)), 0)
    if unknown:
        best = tuple(best_case_matadors(gt, mask, unknown) for gt in range(5))
    else:
        best = tuple(abs(m) for m in known[:5])
    return known, (*best, 0)


def _options(mask: int, hand: bool, bid: int, rules: Rules) -> tuple[DeclarationOption, ...]:
    return _options_cached(mask, hand, bid, rules.grand_ouvert_base)


@lru_cache(maxsize=4096)
def _options_cached(mask: int, hand: bool, bid: int, go_base: int) -> tuple[DeclarationOption, ...]:
    rules = Rules(grand_ouvert_base=go_base) if go_base != ISKO.grand_ouvert_base else ISKO
    known, best = _matadors_known(mask, hand)
    unseen = hand or mask.bit_count() < 12
    out = []
    for c in _HAND_CONTRACTS if hand else _PICKUP_CONTRACTS:
        gt = c.game_type
        m = known[gt]
        value = contract_value(c, m, rules)
        top = max_value(c, best[gt], rules)
        out.append(
            DeclarationOption(
                contract=c,
                value=value,
                estimate=unseen and gt != NULL,
                below_bid=max(0, bid - value),
                reachable=top >= bid,
                matadors=m,
                best=top,
                base=base_value(c, rules),
            )
        )
    return tuple(out)


def _bound_table(hand: bool) -> tuple[tuple[Declare, int, int, int], ...]:
    """(action, game type, base value (0: Grand Ouvert's, from the rules), levels fixed by the
    contract): the highest value is base × (best-case matadors + fixed levels), as
    :func:`~skat.core.scoring.max_value` computes it."""
    out = []
    for c in _HAND_CONTRACTS if hand else _PICKUP_CONTRACTS:
        base = base_value(c)
        fixed = max_value(c, 0) // base
        go = c.game_type == GRAND and c.ouvert
        out.append((Declare.of(c), int(c.game_type), 0 if go else base, fixed))
    return tuple(out)


_BOUNDS: Final = {True: _bound_table(True), False: _bound_table(False)}
_EVERY: Final = {hand: tuple(row[0] for row in table) for hand, table in _BOUNDS.items()}
"""Every declaration, Hand or not: open when none can reach the bid."""


@lru_cache(maxsize=8192)
def _possible(mask: int, hand: bool, bid: int, go_base: int) -> tuple[Declare, ...]:
    table = _BOUNDS[hand]
    unknown = 2 if hand else 12 - mask.bit_count()
    if unknown:
        mats = [best_case_matadors(gt, mask, unknown) for gt in range(5)]
    else:
        mats = [abs(matadors(gt, mask)) for gt in range(5)]
    mats.append(0)
    go_fixed = -(go_base != ISKO.grand_ouvert_base)  # base 36 replaces the Ouvert level
    ok = [
        a
        for a, gt, base, fixed in table
        if (base * (mats[gt] + fixed) if base else go_base * (mats[gt] + fixed + go_fixed)) >= bid
    ]
    return tuple(ok) if ok else _EVERY[hand]
