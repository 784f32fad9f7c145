"""The Skat rules engine (ISkO): cards, contracts, rules, bidding, dealing, play and scoring.

Standard library only; no I/O, no global randomness.

>>> import random
>>> from skat.core import GameState, Deal
>>> rng = random.Random(1)
>>> state = GameState(Deal.random(rng))
>>> while not state.is_over:
...     _ = state.apply(rng.choice(state.legal_actions()))
>>> state.result is not None
True
"""

from skat.core.actions import (
    HOLD,
    PASS,
    PICK_UP,
    SHOW_CARDS,
    Action,
    ActionParseError,
    Bid,
    Declare,
    Discard,
    Event,
    Hold,
    Pass,
    PickUp,
    Resign,
    ShowCards,
    parse_action,
)
from skat.core.bidding import BID_VALUES, next_bid
from skat.core.cards import CARDS, Card, CardParseError, CardSet, Rank, Suit
from skat.core.contracts import (
    CLUBS,
    DIAMONDS,
    GRAND,
    HEARTS,
    NULL,
    SPADES,
    Contract,
    ContractParseError,
    GameType,
    matadors,
)
from skat.core.deal import Deal, DealError
from skat.core.game import GameLike
from skat.core.rules import ISKO, ISS, ISS2, OLD, PRESETS, Rules, RulesError
from skat.core.scoring import Result, score
from skat.core.seats import FOREHAND, MIDDLEHAND, REARHAND, Seat
from skat.core.state import GameState, IllegalActionError, Phase, Trick, View

__all__ = [
    "BID_VALUES",
    "CARDS",
    "CLUBS",
    "DIAMONDS",
    "FOREHAND",
    "GRAND",
    "HEARTS",
    "HOLD",
    "ISKO",
    "ISS",
    "ISS2",
    "MIDDLEHAND",
    "NULL",
    "OLD",
    "PASS",
    "PICK_UP",
    "PRESETS",
    "REARHAND",
    "SHOW_CARDS",
    "SPADES",
    "Action",
    "ActionParseError",
    "Bid",
    "Card",
    "CardParseError",
    "CardSet",
    "Contract",
    "ContractParseError",
    "Deal",
    "DealError",
    "Declare",
    "Discard",
    "Event",
    "GameLike",
    "GameState",
    "GameType",
    "Hold",
    "IllegalActionError",
    "Pass",
    "Phase",
    "PickUp",
    "Rank",
    "Resign",
    "Result",
    "Rules",
    "RulesError",
    "Seat",
    "ShowCards",
    "Suit",
    "Trick",
    "View",
    "matadors",
    "next_bid",
    "parse_action",
    "score",
]
