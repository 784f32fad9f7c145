"""Ramsch, the play mode when nobody bids (or a round of compulsory Ramsch): everyone plays
for himself, jacks are the only trumps, the most card points lose.  In Schieberamsch each seat
in turn first takes the skat and passes two cards on with it (doubling), passes it on unseen,
or (with the option) plays Grand Hand instead.

:class:`Ramsch` is an immutable value: the kind, the pushes, what each seat saw and passed on.

>>> from skat.core.rules import Rules
>>> rules = Rules.parse("isko,ramsch=schieberamsch")
>>> r = Ramsch.start("schieberamsch")
>>> r.pushing, [str(a) for a in push_choices(rules)]
(True, ['s', 'p', 'GH'])
>>> r = r.took(1, skat=0b11).pushed_on(1, 0b101)
>>> r.pushes, r.seen_skat, r.pushed
(1, (0, 3, 0), (0, 5, 0))
"""

from __future__ import annotations

from typing import Final, NamedTuple

from skat.core.actions import DISCARDS, PASS, PICK_UP, Action, Declare, Discard, Pass, PickUp
from skat.core.cards import JACKS_MASK, RANK_MASKS, CardSet, Rank, cards_of, points_of
from skat.core.contracts import GRAND, RAMSCH_LOW_TENS
from skat.core.errors import Refusal
from skat.core.play import Play
from skat.core.reasons import refusal
from skat.core.rules import Rules
from skat.core.scoring import Result, score_ramsch

GRAND_HAND: Final = Declare.parse("GH")


class Ramsch(NamedTuple):
    """The kind of Ramsch (``ramsch``, ``schieberamsch``, ``gewinner``), how often the skat
    was passed on with cards, and per seat the skat it took and the cards it passed on."""

    kind: str
    pushes: int = 0
    seen_skat: tuple[int, int, int] = (0, 0, 0)
    pushed: tuple[int, int, int] = (0, 0, 0)

    @staticmethod
    def start(kind: str) -> Ramsch:
        """A Ramsch of this kind, before the skat goes round."""
        return Ramsch(kind)

    @property
    def pushing(self) -> bool:
        """True when the skat goes round first (Schieberamsch)."""
        return self.kind == "schieberamsch"

    def took(self, seat: int, skat: int) -> Ramsch:
        """``seat`` took the skat ``skat`` (a card mask)."""
        seen = list(self.seen_skat)
        seen[seat] = skat
        return self._replace(seen_skat=(seen[0], seen[1], seen[2]))

    def pushed_on(self, seat: int, cards: int) -> Ramsch:
        """``seat`` passed ``cards`` on as the skat (one more doubling)."""
        pushed = list(self.pushed)
        pushed[seat] = cards
        return self._replace(pushes=self.pushes + 1, pushed=(pushed[0], pushed[1], pushed[2]))

    def result(self, play: Play, skat: int, rules: Rules) -> Result:
        """The score after the ten tricks; the skat goes to the winner of the last trick or to
        the loser (``rules.ramsch_skat``); tens may count less (``rules.ramsch_ten_points``)."""
        tens = RANK_MASKS[Rank.TEN]
        minus = 10 - rules.ramsch_ten_points
        pts = [points_of(m) - minus * (m & tens).bit_count() for m in play.won]
        skat_points = points_of(skat) - minus * (skat & tens).bit_count()
        if rules.ramsch_skat == "loser":
            pts[pts.index(max(pts))] += skat_points
        else:
            pts[play.leader] += skat_points  # the winner of the last trick
        return score_ramsch(
            self.kind,
            seat_points=(pts[0], pts[1], pts[2]),
            seat_tricks=play.taken,
            pushes=self.pushes,
            rules=rules,
        )


def round_kind(rules: Rules) -> str:
    """The kind of a compulsory Ramsch (a Ramsch round): Schieberamsch when the rules say so,
    else the Ramsch played when all pass (plain Ramsch without one).

    >>> round_kind(Rules.parse("pub")), round_kind(Rules.parse("isko,ramsch=gewinner"))
    ('schieberamsch', 'gewinner')
    """
    if rules.ramsch_rounds_kind == "schieberamsch":
        return "schieberamsch"
    return rules.ramsch if rules.ramsch != "off" else "ramsch"


def ramsch_game_type(rules: Rules) -> int:
    """The trump order of a Ramsch: as in Grand, or with the tens low."""
    return RAMSCH_LOW_TENS if rules.ramsch_tens == "low" else int(GRAND)


def push_choices(rules: Rules) -> list[Action]:
    """What a seat may do when the skat comes to it: take it, pass it on, or play Grand Hand."""
    out: list[Action] = [PICK_UP, PASS]
    if rules.schieberamsch_grand_hand:
        out.append(GRAND_HAND)
    return out


def push_discards(hand: int, rules: Rules) -> list[Action]:
    """The pairs of cards a seat that took the skat may pass on (no jacks unless allowed, or
    unless it holds fewer than two other cards)."""
    if not rules.schieberamsch_jacks and (hand & ~JACKS_MASK).bit_count() >= 2:
        hand &= ~JACKS_MASK
    idx = [c.bit for c in cards_of(hand)]
    return [DISCARDS[a | b] for i, a in enumerate(idx) for b in idx[i + 1 :]]


def push_refusal(action: Action, took: bool, hand: int, rules: Rules, who: str) -> Refusal | None:
    """Why ``action`` is not allowed to the seat the skat came to (``took``: it holds the
    skat and passes two cards on), or ``None``."""
    if not took:
        if isinstance(action, (PickUp, Pass)):
            return None
        if action is GRAND_HAND and rules.schieberamsch_grand_hand:
            return None
        return refusal(
            "take_push_or_grand" if rules.schieberamsch_grand_hand else "take_or_push", who=who
        )
    if not isinstance(action, Discard):
        return refusal("must_push_two", who=who)
    if action.mask & ~hand:
        return refusal("not_in_hand", who=who, cards=CardSet(action.mask & ~hand))
    if action not in push_discards(hand, rules):
        return refusal("no_jacks_pushed")
    return None
