"""Curriculum hooks: card play with the contract settled, and opponents that bid sensibly.

Learning the whole game at once is slow: against opponents that bid at random the best
response is to pass every hand (random bidders overbid and lose), so a learner learns to pass
and never gets to play its cards.  The environments take ``contract=`` to start each game at
the first card instead:

``"auction"`` (the default)
    The whole game: auction, skat, declaration, card play.
``"heuristic"``
    The auction, the skat and the declaration are played by :class:`skat.ai.heuristic.HeuristicAgent`
    for all three seats (a sensible contract for the cards, bid as a club player would); a deal
    all three pass is dealt again (unless the rules play a Ramsch then, which is card play too).
``"fixed:CODE"`` or ``"fixed:CODE@SEAT"``
    Seat ``SEAT`` (default 0, Forehand) wins the auction at 18 and declares the contract
    ``CODE`` (``G``, ``C``, ``N``, ``GH`` …): a Hand contract at once, any other after picking up
    the skat and putting away the two cards :func:`skat.ai.heuristic.declaring.best_discard`
    chooses for that game type.

The game then goes on from the first card (or from the answer to the declaration — Kontra,
Spitze — if the rules have them) with every decision taken in the environment as usual; the
observation records the auction that was played, as in any game.

:class:`SensibleRandomAgent` is the opponent of the other curriculum step: it bids, declares
and answers as :class:`~skat.ai.heuristic.HeuristicAgent` does and plays its cards at random, so
a learner against it meets contracts that are worth playing and defenders it can beat.

>>> from skat.core import Deal
>>> import random
>>> state = start_state(Deal.random(random.Random(3)), Rules.parse("isko"), "fixed:G@1", random.Random(3))
>>> state.phase.name, state.declarer, state.contract.code, state.bid
('PLAY', 1, 'G', 18)
>>> start_state(Deal.random(random.Random(3)), Rules.parse("isko"), "fixed:X", random.Random(3))
Traceback (most recent call last):
...
ValueError: contract 'fixed:X': unknown contract 'X' (use a code such as G, C, NO, GH)
"""

from __future__ import annotations

import random
from typing import Final

from skat.ai.heuristic import HeuristicAgent
from skat.ai.heuristic.declaring import best_discard
from skat.core.actions import Action, Declare, Discard, Pass, PickUp
from skat.core.cards import Card
from skat.core.contracts import Contract
from skat.core.deal import Deal
from skat.core.rules import Rules
from skat.core.state import GameState, Phase, View

__all__ = [
    "CONTRACT_MODES",
    "OPPONENTS",
    "SensibleRandomAgent",
    "check_contract",
    "declare",
    "start_state",
]

CONTRACT_MODES: Final = ("auction", "heuristic", "fixed:CODE[@SEAT]")
"""The values of the environments' ``contract=`` option."""

OPPONENTS: Final = {"sensible-random": "skat.env.curriculum:SensibleRandomAgent"}
"""Opponent names the environments know besides :data:`skat.ai.arena.AGENTS`."""

_AUCTION_PHASES: Final = (Phase.BIDDING, Phase.SKAT, Phase.DISCARD, Phase.DECLARE)
_REDEALS: Final = 1000


def check_contract(contract: str) -> tuple[str, Contract | None, int]:
    """(mode, fixed contract or None, its declarer) of a ``contract=`` option, or one clear
    ``ValueError``.

    >>> check_contract("fixed:NO@2")
    ('fixed', Contract.parse('NO'), 2)
    >>> check_contract("random")
    Traceback (most recent call last):
    ...
    ValueError: unknown contract option 'random' (known: auction, heuristic, fixed:CODE[@SEAT])
    """
    if contract in ("auction", "heuristic"):
        return contract, None, 0
    if not contract.startswith("fixed:"):
        raise ValueError(
            f"unknown contract option {contract!r} (known: {', '.join(CONTRACT_MODES)})"
        )
    code, _, seat = contract[6:].partition("@")
    if seat not in ("", "0", "1", "2"):
        raise ValueError(f"contract {contract!r}: the declarer is seat 0, 1 or 2, not {seat!r}")
    try:
        fixed = Contract.parse(code)
    except ValueError:
        raise ValueError(
            f"contract {contract!r}: unknown contract {code!r} (use a code such as G, C, NO, GH)"
        ) from None
    return "fixed", fixed, int(seat or 0)


def start_state(deal: Deal, rules: Rules, contract: str, rng: random.Random) -> GameState:
    """A new game of ``deal`` under ``rules``, played up to where the ``contract=`` option starts
    it (see the module doc); ``rng`` deals again when the heuristic auction is passed in."""
    mode, fixed, declarer = check_contract(contract)
    state = GameState(deal, rules)
    if mode == "auction":
        return state
    if mode == "fixed":
        assert fixed is not None
        return declare(state, fixed, declarer)
    bidder = HeuristicAgent()
    for _ in range(_REDEALS):
        while state.phase in _AUCTION_PHASES:
            state.apply(bidder.choose(state.view(state.to_move)))
        if not (state.is_over and state.result is not None and state.result.declarer is None):
            return state
        state = GameState(Deal.random(rng), rules)  # passed in: deal again
    raise RuntimeError(f"{_REDEALS} deals in a row were passed in")  # pragma: no cover


def declare(
    state: GameState, contract: Contract, declarer: int, discard: int | None = None
) -> GameState:
    """Seat ``declarer`` of a new game wins the auction at 18 and declares ``contract``, after
    picking up the skat and putting away ``discard`` (a card mask; None: what
    :func:`~skat.ai.heuristic.declaring.best_discard` chooses) unless it is a Hand contract."""
    while state.phase == Phase.BIDDING:
        state.apply(_auction_move(state, declarer))
    if state.declarer != declarer:  # pragma: no cover - the moves above make it so
        raise RuntimeError(f"seat {declarer} did not win the auction")
    declare = Declare.of(contract)
    legal = state.legal_actions()
    if declare in legal:  # a Hand game
        state.apply(declare)
        return state
    if contract.hand:
        raise ValueError(f"contract {contract.code} cannot be declared under {state.rules}")
    state.apply(next(a for a in legal if isinstance(a, PickUp)))
    mask = discard
    if mask is None:
        _, mask = best_discard(state.hand(declarer).mask, int(contract.game_type), declarer == 0)
    state.apply(next(a for a in state.legal_actions() if isinstance(a, Discard) and a.mask == mask))
    if declare not in state.legal_actions():
        raise ValueError(f"contract {contract.code} cannot be declared under {state.rules}")
    state.apply(declare)
    return state


def _auction_move(state: GameState, declarer: int) -> Action:
    """The declarer bids the lowest value (or holds), everybody else passes."""
    legal = state.legal_actions()
    if state.to_move != declarer:
        return next(a for a in legal if isinstance(a, Pass))
    return next(a for a in legal if not isinstance(a, Pass))


class SensibleRandomAgent:
    """Bids, takes the skat, declares and answers as :class:`~skat.ai.heuristic.HeuristicAgent`;
    plays its cards (and says Kontra in play) uniformly at random with ``random.Random(seed)``.

    >>> from skat.core import GameState
    >>> state = GameState(seed=4)
    >>> agent = SensibleRandomAgent(seed=1)
    >>> while not state.is_over:
    ...     _ = state.apply(agent.choose(state.view(state.to_move)))
    >>> state.result is not None
    True
    """

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)
        self._heuristic = HeuristicAgent(seed)

    def choose(self, view: View) -> Action:
        """A heuristic action outside card play, a random legal one in it."""
        legal = view.legal_actions
        if view.phase == Phase.PLAY and any(isinstance(a, Card) for a in legal):
            return self.rng.choice(legal)
        return self._heuristic.choose(view)

    def __repr__(self) -> str:
        return "SensibleRandomAgent()"
