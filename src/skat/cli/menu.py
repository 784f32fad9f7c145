"""The declaration menu: the contracts the engine allows now and what each is worth.

Each declaration carries the core's :class:`~skat.core.declarations.DeclarationOption`: its
value with the cards held (the declarer's 12 after picking up; for a Hand game the 10 in hand,
so it is marked as an estimate: the skat may change the matadors) and how far it falls below
the bid.  ``short`` counts the levels missing: ``0`` fine, ``1`` one level short (Schneider
would reach it), ``2`` or more: overbid unless more levels come.

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

from skat.core import GRAND, NULL, Action, Declare, GameState, Phase
from skat.core.declarations import DeclarationOption, declarations_of


@dataclass(frozen=True)
class MenuEntry:
    """One legal choice: the action and, for a declaration, what it is worth."""

    action: Action
    option: DeclarationOption | None = None

    @property
    def value(self) -> int:
        """The value with the cards held (0 for picking up the skat)."""
        return self.option.value if self.option else 0

    @property
    def matadors(self) -> int:
        """Matadors of the cards held: + with, − without."""
        return self.option.matadors if self.option else 0

    @property
    def estimate(self) -> bool:
        """The skat is unseen: its jacks may change the value."""
        return bool(self.option and self.option.estimate)

    @property
    def short(self) -> int:
        """Levels missing to reach the bid (0: none)."""
        return self.option.levels_short if self.option else 0


_ORDER = {t: i for i, t in enumerate((GRAND, 3, 2, 1, 0, NULL))}


def declaration_menu(state: GameState) -> list[MenuEntry]:
    """The legal choices of the declarer now (pick up first when possible), each with its
    value; sorted Hand/pick-up games by game type, highest first."""
    d = state.declarer
    if d is None or state.phase not in (Phase.SKAT, Phase.DECLARE):
        return []
    options = {o.contract: o for o in declarations_of(state.view(d))}
    out = [
        MenuEntry(a, options.get(a.contract) if isinstance(a, Declare) else None)
        for a in state.legal_actions()
    ]
    out.sort(
        key=lambda e: (
            isinstance(e.action, Declare),
            _ORDER[e.action.contract.game_type] if isinstance(e.action, Declare) else 0,
            e.value,
        )
    )
    return out
