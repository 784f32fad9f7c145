"""Scat ("Thirty-one"), the draw-and-discard game (pagat.com, *Scat*), and its German cousin
Schwimmen (``Rules.parse("schwimmen")``: swap with three open cards): their own small core.

It imports only the standard library (an import-linter contract keeps it so) and has the
shape of the Skat engine: :class:`Round` is a state machine with ``legal_actions``,
``validate`` (raising :class:`IllegalActionError` with the reason), ``apply``, ``undo``,
``copy`` and ``view(seat)``; :class:`Match` plays rounds until one player is left;
:class:`Rules` holds the options with a string form that round-trips.

>>> import random
>>> from skat.thirtyone import Match, Rules
>>> m = Match(4, Rules.parse("scat,min_knock=17"), random.Random(1))
>>> m.players, m.lives, len(m.round.hand(m.round.to_move))
(4, [3, 3, 3, 3], 3)
"""

from skat.thirtyone.actions import (
    DRAW_PILE,
    DRAW_STOCK,
    KNOCK,
    PASS,
    STAND,
    SWAP_ALL,
    THROW_DOWN,
    Action,
    Call,
    Discard,
    Draw,
    Event,
    Swap,
    parse_action,
)
from skat.thirtyone.cards import Card, pack, parse_cards
from skat.thirtyone.hands import format_value, value2
from skat.thirtyone.match import Match
from skat.thirtyone.rules import SCAT, SCHWIMMEN, Rules, RulesError
from skat.thirtyone.state import IllegalActionError, Phase, Round, RoundResult, View
from skat.thirtyone.swap import SwapRound

__all__ = [
    "DRAW_PILE",
    "DRAW_STOCK",
    "KNOCK",
    "PASS",
    "SCAT",
    "SCHWIMMEN",
    "STAND",
    "SWAP_ALL",
    "THROW_DOWN",
    "Action",
    "Call",
    "Card",
    "Discard",
    "Draw",
    "Event",
    "IllegalActionError",
    "Match",
    "Phase",
    "Round",
    "RoundResult",
    "Rules",
    "RulesError",
    "Swap",
    "SwapRound",
    "View",
    "format_value",
    "pack",
    "parse_action",
    "parse_cards",
    "value2",
]
