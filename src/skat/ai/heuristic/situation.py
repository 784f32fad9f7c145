"""What the seat to play a card knows (:class:`PlaySituation`) and the card choices every
card-play rule shares (the cheapest card, the card with most points).

>>> from skat.core import GameState
>>> state = GameState(seed=3)
>>> PlaySituation(state.view(0)).trick
[]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from skat.ai.heuristic.evaluation import EFF_MASKS, JACK
from skat.core.cards import CARDS, indices_of
from skat.core.contracts import EFFECTIVE_SUIT, POWER, WIN_KEY
from skat.core.knowledge import Knowledge, game_type_of, tricks_read
from skat.core.state import View

# --------------------------------------------------------------------------------------------
# Card play


class PlaySituation:
    """The situation of the seat to play a card: what it knows about the cards
    (:class:`skat.core.knowledge.Knowledge`: its hand, the cards gone, who is void in what,
    the declarer's open hand, where each unseen card may be) and the current trick."""

    __slots__ = (
        "_know",
        "declarer",
        "gone",
        "gt",
        "hand",
        "led_suit",
        "open_hand",
        "seat",
        "trick",
        "trick_leader",
        "unseen",
        "view",
        "voids",
    )

    def __init__(self, view: View) -> None:
        self.view = view
        self._know: Knowledge | None = None
        self.seat = view.seat
        self.hand = view.hand.mask
        self.gt = game_type_of(view)
        played, self.voids = tricks_read(view, self.gt)
        self.gone = played[0] | played[1] | played[2]
        self.declarer = view.declarer if view.declarer is not None else -1
        self.trick = [card.index for card in view.current_trick]
        self.trick_leader = view.trick_leader
        self.led_suit = EFFECTIVE_SUIT[self.gt][self.trick[0]] if self.trick else -1
        known = 0
        if self.seat == self.declarer:  # the skat he picked up and the cards he put away
            for cs in (view.skat, view.discard):
                known |= cs.mask if cs is not None else 0
        self.open_hand = view.open_hand.mask if view.open_hand is not None else -1
        self.unseen = 0xFFFFFFFF & ~self.hand & ~self.gone & ~known

    @property
    def know(self) -> Knowledge:
        """Where every unseen card may be (built when first asked)."""
        if self._know is None:
            self._know = Knowledge(self.view)
        return self._know

    def possible(self, seat: int) -> int:
        """The cards ``seat`` may hold."""
        return self.know.may[seat]

    def key(self, card: int, led: int) -> int:
        """Trick-taking key of a card when ``led`` (an effective suit) was led."""
        return WIN_KEY[self.gt][led][card]

    def winning(self) -> tuple[int, int]:
        """(position in the trick, card) of the card winning the current trick."""
        led = self.led_suit
        best_pos, best = 0, self.trick[0]
        for pos, i in enumerate(self.trick[1:], 1):
            if self.key(i, led) > self.key(best, led):
                best_pos, best = pos, i
        return best_pos, best

    def after_me(self) -> list[int]:
        """Seats still to play to the current trick after this one."""
        n = 2 - len(self.trick)
        return [(self.seat + k) % 3 for k in range(1, n + 1)]

    def can_be_beaten(self, card: int, led: int, seats: Sequence[int]) -> bool:
        """Could one of ``seats`` (still to play) beat ``card`` in a trick led with ``led``?"""
        eff_masks = EFF_MASKS[self.gt]
        mine = self.key(card, led)
        for s in seats:
            cards = self.possible(s)
            follow = cards & eff_masks[led]
            if follow and not (self.voids[s] >> led & 1):
                if any(self.key(i, led) > mine for i in indices_of(follow)):
                    return True
                # he may hold a card of the suit: assume he follows and cannot trump (in
                # the arena this optimism beats assuming a void: +1.5 TP/game)
                continue
            trumps = cards & eff_masks[4]
            if led != 4 and any(self.key(i, led) > mine for i in indices_of(trumps)):
                return True
        return False

    def is_trump(self, i: int) -> bool:
        """Is card ``i`` a trump?"""
        return EFFECTIVE_SUIT[self.gt][i] == 4

    def power(self, i: int) -> int:
        """Strength of a card within its effective suit (trumps above 50)."""
        return POWER[self.gt][i]


JACK_COST = 4.5
"""What giving up a jack costs a defender when he throws a card away: more than its two points,
since it is a high trump (a defender following to a trump trick he loses keeps his jack and
gives a queen or king; issue 35, the double-dummy solver's choice in such tricks).  The
declarer counts a jack as its two points: measured against the solver, the higher cost made
his play worse in suit games and Grand."""


def _points(i: int) -> int:
    return CARDS[i].points


def _lowest(cards: Iterable[int], table: PlaySituation) -> int:
    """The cheapest card: fewest points (a defender's jack counted as :data:`JACK_COST`), no
    trump, from the shortest suit, the weakest."""
    masks = EFF_MASKS[table.gt]
    eff = EFFECTIVE_SUIT[table.gt]
    defender = table.seat != table.declarer
    return min(
        cards,
        key=lambda i: (
            JACK_COST if defender and i & 7 == JACK else _points(i),
            table.is_trump(i),
            (table.hand & masks[eff[i]]).bit_count(),
            table.power(i),
        ),
    )


def _highest_points(cards: Iterable[int], table: PlaySituation) -> int:
    """The card with most points, jacks last (they are worth more as trumps)."""
    return max(cards, key=lambda i: (i & 7 != JACK, _points(i), -table.power(i)))
