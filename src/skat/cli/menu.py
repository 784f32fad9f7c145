"""The declaration menu: the contracts the engine allows now and what each is worth.

The value is the game's value if won with the levels the contract fixes (game, Hand,
announcements, Ouvert) and the matadors of the cards held (the declarer's 12 cards after
picking up; for a Hand game the 10 in hand, so it is marked as an estimate: the skat may
change the matadors).  ``short`` says how far the value falls below the bid: ``0`` fine,
``1`` one level short (Schneider would reach it), ``2`` or more: overbid unless more levels
come.

>>> from skat.core import Deal, GameState
>>> deal = Deal.parse("CJ SJ HA HT HK H8 H7 D9 D8 D7 CA CT CK CQ C9 SA ST SK SQ S9 "
...                   "HJ DJ C8 C7 S8 S7 HQ H9 DA DT  DK DQ")
>>> g = GameState(deal)
>>> for call in ["p", "p", "18"]:
...     _ = g.apply(call)
>>> entries = declaration_menu(g)
>>> [(str(e.action), e.value) for e in entries][:2]
[('s', 0), ('GH', 96)]
>>> {str(e.action): e.value for e in entries}["CH"], entries[1].estimate
(48, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from skat.core import GRAND, NULL, Action, Contract, Declare, GameState, Phase, matadors


@dataclass(frozen=True)
class MenuEntry:
    """One legal choice: the action, the value it is worth with the cards held, the
    matadors, whether that is an estimate (Hand), and how many levels short of the bid."""

    action: Action
    value: int
    matadors: int
    estimate: bool
    short: int


def contract_value(contract: Contract, mats: int, grand_ouvert_base: int = 24) -> int:
    """The value of ``contract`` won with ``mats`` matadors (by count, + with / − without)
    and no level beyond those the contract fixes.

    >>> contract_value(Contract.parse("CH"), 2), contract_value(Contract.parse("NO"), 0)
    (48, 46)
    """
    gt = contract.game_type
    if gt == NULL:
        return contract.null_value
    levels = abs(mats) + 1 + contract.hand
    levels += 2 * contract.schneider_announced + 2 * contract.schwarz_announced + contract.ouvert
    base = grand_ouvert_base if gt == GRAND and contract.ouvert else gt.base_value
    return base * levels


def declaration_menu(state: GameState) -> list[MenuEntry]:
    """The legal choices of the declarer now (pick up first when possible), each with its
    value; sorted Hand/pick-up games by game type, highest first."""
    d = state.declarer
    if d is None or state.phase not in (Phase.SKAT, Phase.DECLARE):
        return []
    hand = state.phase == Phase.SKAT
    mask = state.hand(d).mask if hand else state.declarer_cards().mask
    out: list[MenuEntry] = []
    for action in state.legal_actions():
        if not isinstance(action, Declare):
            out.append(MenuEntry(action, 0, 0, False, 0))
            continue
        c = action.contract
        gt = c.game_type
        m = 0 if gt == NULL else matadors(gt, mask)
        value = contract_value(c, m, state.rules.grand_ouvert_base)
        short = 0
        if value < state.bid:
            unit = state.rules.grand_ouvert_base if gt == GRAND and c.ouvert else gt.base_value
            short = 99 if gt == NULL else -(-(state.bid - value) // unit)
        out.append(MenuEntry(action, value, m, hand and gt != NULL, short))
    order = {t: i for i, t in enumerate((GRAND, 3, 2, 1, 0, NULL))}
    out.sort(
        key=lambda e: (
            isinstance(e.action, Declare),
            order[e.action.contract.game_type] if isinstance(e.action, Declare) else 0,
            e.value,
        )
    )
    return out
