"""A rule-based Skat player: hand evaluation, bidding, skat-putting and card play.

The player decides from ``view(seat)`` alone, by its rules in well under a millisecond a move
(a discard looks at every pair of cards for every game: a few milliseconds), from the sixth
trick by counting out the last tricks (a few milliseconds a card).  Every rule is
a small function over card masks (bit ``suit * 8 + rank``, see :mod:`skat.core.cards`):

* **Hand strength** (:func:`suit_strength`, :func:`grand_strength`, :func:`null_risk`,
  :func:`null_holes`): a number on the scale "trumps plus sure side tricks" for suit games
  and Grand, and the count of dangerous cards and of suits a defender can catch for Null
  (:func:`null_chance`).  :func:`win_chance` maps strength to a probability and
  :func:`expected_score` weighs it with the Seeger-Fabian list (won + value + 50, lost
  − 2 × value − 50).
* **Bidding** (:func:`max_bid`): up to the value of the best game with a positive expected
  score, Hand games and announcements included when the hand is strong enough (Schneider
  announced; Grand Ouvert with a hand that takes every trick, :func:`grand_solid`).
* **Skat** (:func:`best_plan`): after picking up, every game with every discard; the
  discard keeps trumps and aces, makes voids, puts away blank tens and points.
* **Card play** (:func:`play_card`): as declarer draw trumps with sure winners, cash aces,
  then lead short suits; as defender cash aces, lead through the declarer, give points to a
  partner who wins the trick (schmieren), take the declarer's tricks cheaply; Null and Ramsch
  have their own rules (duck under, dump high cards).
* **The last tricks** (:func:`~skat.ai.heuristic.endgame.endgame_card`): from the sixth trick
  of a declared game the card that wins in the most of 20 deals of the unseen cards, each
  solved double-dummy; ties keep the rules' card.
* **House rules**: Kontra/Re from the strength of the hand, Spitze only when the
  defenders hold no trump, Schenken accepted, Schieberamsch: pass the skat on unless the hand
  has high cards to get rid of.

The rules live in one module per concept: :mod:`~skat.ai.heuristic.evaluation` (hand
strength and chances), :mod:`~skat.ai.heuristic.bidding`, :mod:`~skat.ai.heuristic.declaring`
(skat and game), :mod:`~skat.ai.heuristic.answers` (Kontra, Spitze, Schenken, Schieberamsch),
:mod:`~skat.ai.heuristic.situation` (what the seat to play knows),
:mod:`~skat.ai.heuristic.play` (suit games and Grand), :mod:`~skat.ai.heuristic.null_ramsch`
and :mod:`~skat.ai.heuristic.endgame` (the last tricks).
This package puts the agent together and offers every public name of its modules.

>>> from skat.core import GameState
>>> from skat.ai.arena import play_game
>>> state = play_game(GameState(seed=3), [HeuristicAgent() for _ in range(3)])
>>> state.is_over
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from skat.ai.dds import Solver
from skat.ai.heuristic.answers import (
    choose_answer,
    choose_push,
    choose_push_discard,
    defender_says_kontra,
    ramsch_danger,
)
from skat.ai.heuristic.bidding import (
    GRAND_OUVERT,
    choose_bid,
    choose_hand_or_pickup,
    evaluate_hand,
    grand_solid,
    max_bid,
)
from skat.ai.heuristic.declaring import _discard_candidates as _discard_candidates
from skat.ai.heuristic.declaring import (
    best_discard,
    best_plan,
    choose_declaration,
    choose_discard,
)
from skat.ai.heuristic.endgame import counts, endgame_card
from skat.ai.heuristic.evaluation import (
    EFF_MASKS,
    GRAND_THRESHOLD,
    NULL_CHANCE,
    NULL_HOLED_CHANCE,
    NULL_RANK,
    PLAIN_MASKS,
    SKAT_BONUS,
    SLOPE,
    TRUMP_THRESHOLD,
    contract_chance,
    expected_score,
    game_value,
    grand_strength,
    null_chance,
    null_holes,
    null_open_safe,
    null_risk,
    suit_strength,
    win_chance,
)
from skat.ai.heuristic.null_ramsch import null_declarer_play, null_defender_play, ramsch_play
from skat.ai.heuristic.play import _spitze_reserve as _spitze_reserve
from skat.ai.heuristic.play import declarer_play, defender_play, play_card
from skat.ai.heuristic.situation import PlaySituation
from skat.core.actions import Action, Double, Hold, Pass, PickUp
from skat.core.cards import Card
from skat.core.state import Phase, View

__all__ = [
    "EFF_MASKS",
    "GRAND_OUVERT",
    "GRAND_THRESHOLD",
    "NULL_CHANCE",
    "NULL_HOLED_CHANCE",
    "NULL_RANK",
    "PLAIN_MASKS",
    "SKAT_BONUS",
    "SLOPE",
    "TRUMP_THRESHOLD",
    "HeuristicAgent",
    "PlaySituation",
    "best_discard",
    "best_plan",
    "choose_answer",
    "choose_bid",
    "choose_declaration",
    "choose_discard",
    "choose_hand_or_pickup",
    "choose_push",
    "choose_push_discard",
    "contract_chance",
    "declarer_play",
    "defender_play",
    "defender_says_kontra",
    "evaluate_hand",
    "expected_score",
    "game_value",
    "grand_solid",
    "grand_strength",
    "max_bid",
    "null_chance",
    "null_declarer_play",
    "null_defender_play",
    "null_holes",
    "null_open_safe",
    "null_risk",
    "play_card",
    "ramsch_danger",
    "ramsch_play",
    "rules_only",
    "suit_strength",
    "win_chance",
]


_BY_PHASE: Final[dict[Phase, Callable[[View], Action]]] = {
    Phase.BIDDING: choose_bid,
    Phase.SKAT: choose_hand_or_pickup,
    Phase.DISCARD: choose_discard,
    Phase.DECLARE: choose_declaration,
    Phase.PUSH: choose_push,
    Phase.PUSH_DISCARD: choose_push_discard,
    Phase.ANSWER: choose_answer,
}
"""The decision of each phase outside card play."""


class HeuristicAgent:
    """The rule-based player.  ``endgame``: count out the last tricks
    (:mod:`~skat.ai.heuristic.endgame`: from the sixth trick the card that wins in the most
    of a few solved deals); without it the rules alone play, in microseconds.  The same
    ``seed`` and view give the same action."""

    def __init__(self, seed: int | None = 0, *, endgame: bool = True) -> None:
        self.seed = seed
        self.endgame = endgame
        self._solver: Solver | None = None

    def choose(self, view: View) -> Action:
        """The action for this view (one of ``view.legal_actions``)."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        by_phase = _BY_PHASE.get(view.phase)
        if by_phase is not None:
            return by_phase(view)
        cards = [a for a in legal if isinstance(a, Card)]
        doubles = [a for a in legal if isinstance(a, Double)]
        if (
            doubles
            and view.contract is not None
            and defender_says_kontra(view.hand.mask, view.contract)
        ):
            return doubles[0]
        if cards:
            card = play_card(view, cards)
            if self.endgame and counts(view):
                return self._counted(view, cards, card)
            return card
        for a in legal:
            if isinstance(a, (Pass, Hold, PickUp)):
                return a
        return legal[0]

    def _counted(self, view: View, cards: list[Card], card: Card) -> Card:
        """The counted ending's card (the Spitze's reserved trumps kept back)."""
        reserve = _spitze_reserve(view, PlaySituation(view))
        pool = [c for c in cards if c.index not in reserve] or cards
        if len(pool) <= 1:
            return card
        if self._solver is None:
            self._solver = Solver()
        return endgame_card(view, pool, card, self._solver, self.seed)

    def __repr__(self) -> str:
        return "HeuristicAgent()" if self.endgame else "HeuristicAgent(endgame=False)"


def rules_only(seed: int | None = 0) -> HeuristicAgent:
    """The heuristic without its counted ending (an arena factory: ``heuristic-rules``):
    every card by the rules, in microseconds."""
    return HeuristicAgent(seed, endgame=False)
