"""The fixed action space: every engine action the seat to move can take has one integer id.

The ids never change with the rules or the phase; the action mask says which are legal now.
See ``docs/env.md`` for the table.

=========  ======  =====================================================================
ids        count   actions
=========  ======  =====================================================================
0-31       32      play a card; id = card index (suit × 8 + rank, suits D H S C, ranks
                   7 8 9 Q K 10 A J)
32-94      63      bid a value of the ladder 18 … 264 (Reizen)
95         1       hold (ja) — also: accept Schenken
96         1       pass (passe) — also: no Kontra / no Re / no Spitze, refuse Schenken,
                   push the skat on unseen in Schieberamsch
97         1       pick up the skat (also: take it in Schieberamsch)
98         1       show the skat while picking it up (house rule ``show_skat``)
99-594     496     put two cards away (drücken; also: push two cards in Schieberamsch)
595-623    29      declare a contract (D DH DHS DHSZ DO H … G GH GHS GHSZ GO N NO NH NOH)
624-627    4       Kontra, Re, Supra, Resupra
628-638    11      announce Spitze with 1 … 11 cards
639        1       lay the cards open (house rule ``open_play``)
=========  ======  =====================================================================

>>> NUM_ACTIONS
640
>>> action_id(Card.parse("CJ")), action_of(31)
(31, Card.parse('CJ'))
>>> [str(action_of(i)) for i in (32, 94, 95, 96, 97, 98, 99, 594, 595, 623, 624, 628, 639)]
['18', '264', 'y', 'p', 's', 'showskat', 'D8.D7', 'CJ.CA', 'D', 'NOH', 'kontra', 'spitze.1', 'open']
>>> action_id(parse_action("GH")), describe(action_id(parse_action("GH")))
(616, 'declare GH (Grand Hand)')
>>> action_of(640)
Traceback (most recent call last):
...
ValueError: action id 640 is outside 0..639
"""

from __future__ import annotations

from typing import Final

from skat.core.actions import (
    BIDS,
    DISCARDS,
    DOUBLES,
    HOLD,
    LAY_OPEN,
    PASS,
    PICK_UP,
    SHOW_SKAT,
    SPITZEN,
    Action,
    Bid,
    Declare,
    Discard,
    Double,
    Spitze,
    parse_action,
)
from skat.core.cards import CARDS, Card
from skat.core.contracts import Contract
from skat.core.state import GameState

__all__ = [
    "ACTIONS",
    "BID_IDS",
    "CARD_IDS",
    "DECLARE_IDS",
    "DISCARD_IDS",
    "DOUBLE_IDS",
    "HOLD_ID",
    "LAY_OPEN_ID",
    "NUM_ACTIONS",
    "PASS_ID",
    "PICK_UP_ID",
    "SHOW_SKAT_ID",
    "SPITZE_IDS",
    "action_id",
    "action_of",
    "describe",
    "legal_ids",
    "parse_action",
]


def _discards_in_order() -> tuple[Discard, ...]:
    return tuple(DISCARDS[(1 << i) | (1 << j)] for i in range(32) for j in range(i + 1, 32))


_CARDS: Final[tuple[Action, ...]] = tuple(CARDS)
_DECLARES: Final[tuple[Action, ...]] = tuple(Declare.of(c) for c in Contract.all())

ACTIONS: Final[tuple[Action, ...]] = (
    *_CARDS,
    *BIDS,
    HOLD,
    PASS,
    PICK_UP,
    SHOW_SKAT,
    *_discards_in_order(),
    *_DECLARES,
    *DOUBLES[1:],
    *SPITZEN[1:],
    LAY_OPEN,
)
"""The engine action of every id: ``ACTIONS[i]``."""

NUM_ACTIONS: Final = len(ACTIONS)
"""Size of the action space (640)."""

CARD_IDS: Final = range(0, 32)
BID_IDS: Final = range(32, 32 + len(BIDS))
HOLD_ID: Final = BID_IDS.stop
PASS_ID: Final = HOLD_ID + 1
PICK_UP_ID: Final = PASS_ID + 1
SHOW_SKAT_ID: Final = PICK_UP_ID + 1
DISCARD_IDS: Final = range(SHOW_SKAT_ID + 1, SHOW_SKAT_ID + 1 + 496)
DECLARE_IDS: Final = range(DISCARD_IDS.stop, DISCARD_IDS.stop + len(_DECLARES))
DOUBLE_IDS: Final = range(DECLARE_IDS.stop, DECLARE_IDS.stop + 4)
SPITZE_IDS: Final = range(DOUBLE_IDS.stop, DOUBLE_IDS.stop + 11)
LAY_OPEN_ID: Final = SPITZE_IDS.stop

# Double and Spitze are tuples that hash and compare by type and value, so one dict serves all
ID_OF: Final[dict[Action, int]] = {a: i for i, a in enumerate(ACTIONS)}
"""The id of every engine action in the space (end-of-game actions such as Resign are not)."""


def action_id(action: Action) -> int:
    """The id of an engine action; ``ValueError`` for an action outside the space (resigning,
    claiming, Schenken offers and violations are table events, not moves of the seat to move).

    >>> from skat.core.actions import Resign
    >>> action_id(Resign(0))
    Traceback (most recent call last):
    ...
    ValueError: RE.0 has no action id (ending the game early is not part of the action space)
    """
    i = ID_OF.get(action)
    if i is None:
        raise ValueError(
            f"{action} has no action id (ending the game early is not part of the action space)"
        )
    return i


def action_of(action_id: int) -> Action:
    """The engine action of an id (any integer type, numpy's too)."""
    i = int(action_id)
    if not 0 <= i < NUM_ACTIONS:
        raise ValueError(f"action id {action_id} is outside 0..{NUM_ACTIONS - 1}")
    return ACTIONS[i]


def describe(action_id: int) -> str:
    """A short English description of an id."""
    a = action_of(action_id)
    if isinstance(a, Card):
        return f"play {a.name}"
    if isinstance(a, Bid):
        return f"bid {a.value}"
    if a is HOLD:
        return "hold (or accept Schenken)"
    if a is PASS:
        return "pass"
    if a is PICK_UP:
        return "pick up the skat"
    if a is SHOW_SKAT:
        return "show the skat and pick it up"
    if isinstance(a, Discard):
        return f"put away {a}"
    if isinstance(a, Declare):
        return f"declare {a} ({a.contract.describe()})"
    if isinstance(a, Double):
        return a.name
    if isinstance(a, Spitze):
        return f"announce Spitze {a.cards}"
    return "lay the cards open"


def legal_ids(state: GameState) -> list[int]:
    """The ids of ``state.legal_actions()`` in the engine's order.

    >>> from skat.core import GameState
    >>> legal_ids(GameState(seed=1))[:3], legal_ids(GameState(seed=1))[-1] == PASS_ID
    ([32, 33, 34], True)
    """
    return [ID_OF[a] for a in state.legal_actions()]
