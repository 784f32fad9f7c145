"""The fixed action space: every engine action the seat to move can take has one integer id.

The ids never change with the rules or the phase; the action mask says which are legal now.
They are built from the core's list of action kinds (:data:`skat.core.actions.ACTION_KINDS`):
each kind declares the actions it gives an id, in order, and a new kind comes last, so the ids
below never move.  See ``docs/env.md`` for the table.

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
640-643    4       bid 252, 288, 324, 360: the values only the old rules' ladder has (``old``
                   preset, Grand Ouvert base 36; appended, so no other id moved)
=========  ======  =====================================================================

>>> NUM_ACTIONS
644
>>> action_id(Card.parse("CJ")), action_of(31)
(31, Card.parse('CJ'))
>>> [str(action_of(i)) for i in (32, 94, 95, 96, 97, 98, 99, 594, 595, 623, 624, 628, 639)]
['18', '264', 'y', 'p', 's', 'showskat', 'D8.D7', 'CJ.CA', 'D', 'NOH', 'kontra', 'spitze.1', 'open']
>>> action_id(parse_action("GH")), describe(action_id(parse_action("GH")))
(616, 'declare GH (Grand Hand)')
>>> [str(action_of(i)) for i in OLD_BID_IDS]
['252', '288', '324', '360']
>>> action_of(644)
Traceback (most recent call last):
...
ValueError: action id 644 is outside 0..643
"""

from __future__ import annotations

from typing import Final

from skat.core.actions import ACTION_KINDS, Action, Bid, Declare, Discard, parse_action
from skat.core.actions import describe as _describe
from skat.core.cards import Card
from skat.core.language import say
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
    "OLD_BID_IDS",
    "PASS_ID",
    "PICK_UP_ID",
    "SHOW_SKAT_ID",
    "SPITZE_IDS",
    "action_id",
    "action_of",
    "describe",
    "id_range",
    "legal_ids",
    "parse_action",
]

ACTIONS: Final[tuple[Action, ...]] = tuple(a for kind in ACTION_KINDS for a in kind.ids)
"""The engine action of every id: ``ACTIONS[i]``, the ids each kind of the core
(:data:`skat.core.actions.ACTION_KINDS`) declares, kind after kind."""

NUM_ACTIONS: Final = len(ACTIONS)
"""Size of the action space (644)."""


def _ranges() -> dict[str, range]:
    out = {}
    start = 0
    for kind in ACTION_KINDS:
        out[kind.name] = range(start, start + len(kind.ids))
        start += len(kind.ids)
    return out


_RANGES: Final = _ranges()


def id_range(kind: str) -> range:
    """The ids of one kind of action of the core (by its name).

    >>> id_range("spitze"), id_range("resign")
    (range(628, 639), range(640, 640))
    """
    return _RANGES[kind]


CARD_IDS: Final = id_range("card")
BID_IDS: Final = id_range("bid")
HOLD_ID: Final = id_range("hold").start
PASS_ID: Final = id_range("pass").start
PICK_UP_ID: Final = id_range("pick_up").start
SHOW_SKAT_ID: Final = id_range("show_skat").start
DISCARD_IDS: Final = id_range("discard")
DECLARE_IDS: Final = id_range("declare")
DOUBLE_IDS: Final = id_range("double")
SPITZE_IDS: Final = id_range("spitze")
LAY_OPEN_ID: Final = id_range("lay_open").start
OLD_BID_IDS: Final = id_range("old_bid")
"""The bids of the old rules' ladder above 240 that the ISkO ladder lacks (252 … 360)."""

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


def describe(action_id: int, lang: str = "en") -> str:
    """A short description of an id in ``lang`` (the core's words of its action, a card or a
    discard by its notation, a declaration with its code).

    >>> describe(95), describe(629), describe(0, "da")
    ('hold', 'announce Spitze with 2 trumps', 'spil D7')
    """
    a = action_of(action_id)
    if isinstance(a, Card):
        return say(lang, "core.action_id.card", card=a.name)
    if isinstance(a, Bid):
        return say(lang, "core.action.bid", value=a.value)
    if isinstance(a, Declare):
        game = a.contract.describe(lang)
        return say(lang, "core.action_id.declare", code=str(a), game=game)
    if isinstance(a, Discard):
        return say(lang, "core.action_id.discard", cards=str(a))
    return _describe(a, lang)


def legal_ids(state: GameState) -> list[int]:
    """The ids of ``state.legal_actions()`` in the engine's order.

    >>> from skat.core import GameState
    >>> legal_ids(GameState(seed=1))[:3], legal_ids(GameState(seed=1))[-1] == PASS_ID
    ([32, 33, 34], True)
    """
    return [ID_OF[a] for a in state.legal_actions()]
