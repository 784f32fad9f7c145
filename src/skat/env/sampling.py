"""Resampling the hidden cards: a whole game state that one seat cannot tell from the real one.

:func:`resample` deals the cards a seat cannot see at random, subject to everything it knows
(its own cards, the cards played, the suits a seat showed it is void in, an open declarer's hand,
the skat and the discard when it saw them, the lowest trumps of an announced Spitze), rebuilds the
deal those cards came from (the declarer's skat is two of his twelve cards unless the seat saw
it), replays the game's history on it, and keeps the result only if the engine accepts every
action and the seat's :meth:`~skat.core.state.GameState.view` is exactly the same as in the real
game; otherwise it draws again.  This is the determinization step of PIMC and IS-MCTS.

The worlds are drawn uniformly from the deals of the unseen cards that fit the hard constraints,
then filtered by the engine's legality checks (a Hand declaration must be arithmetically possible,
and so on); they are not weighted by how likely the other seats' bids and plays made them.

>>> import random
>>> from skat.core import GameState
>>> rng = random.Random(4)
>>> state = GameState(seed=4)
>>> while len(state.tricks) < 3 and not state.is_over:
...     _ = state.apply(rng.choice(state.legal_actions()))
>>> world = resample(state, 1, random.Random(0))
>>> world.view(1) == state.view(1), world.hand(1) == state.hand(1)
(True, True)

In Schieberamsch the skat is followed back through the pushes: each seat that took it held
its ten cards before plus the skat it took, less the two it pushed on (the pushes a seat did not
see are drawn too).
"""

from __future__ import annotations

import random
from typing import Final

from skat.core.actions import DISCARDS, Discard, PickUp, ShowSkat
from skat.core.cards import ALL_MASK, Card
from skat.core.contracts import EFFECTIVE_SUIT, GRAND, RAMSCH_LOW_TENS, TRUMP_ORDER
from skat.core.deal import Deal, DealError
from skat.core.state import GameState, IllegalActionError, Phase, View

__all__ = ["ResampleError", "resample"]

SKAT: Final = 3
"""Slot of the skat as it lies now (slots 0-2 are the seats' current hands)."""

_EFF_MASKS: Final = tuple(
    tuple(sum(1 << i for i in range(32) if EFFECTIVE_SUIT[gt][i] == e) for e in range(5))
    for gt in range(len(EFFECTIVE_SUIT))
)


class ResampleError(ValueError):
    """No world consistent with the seat's view was found (or the case is not supported)."""


class _Constraints:
    """Where the unseen cards may go, from one seat's view."""

    def __init__(self, state: GameState, view: View) -> None:
        self.view = view
        seat = view.seat
        d = view.declarer
        self.declarer = d
        sizes = [len(state.hand(s)) for s in range(3)]  # hand sizes are public
        played = [0, 0, 0]
        forbidden = [0, 0, 0, 0]
        contract = view.contract
        if contract is not None:
            gt = int(contract.game_type)
        else:
            gt = RAMSCH_LOW_TENS if view.rules.ramsch_tens == "low" else int(GRAND)
        eff = EFFECTIVE_SUIT[gt]
        tricks: list[tuple[int, tuple[Card, ...]]] = [(t.leader, t.cards) for t in view.tricks]
        if view.current_trick:
            tricks.append((view.trick_leader, view.current_trick))
        for leader, cards in tricks:
            led = eff[cards[0].index]
            for k, card in enumerate(cards):
                s = (leader + k) % 3
                played[s] |= card.bit
                if eff[card.index] != led:
                    forbidden[s] |= _EFF_MASKS[gt][led]
        gone = played[0] | played[1] | played[2]
        sizes.append(32 - sum(sizes) - gone.bit_count())
        fixed: list[int | None] = [None, None, None, None]
        fixed[seat] = view.hand.mask
        required = [0, 0, 0, 0]
        if d is not None and d != seat and view.open_hand is not None:
            fixed[d] = view.open_hand.mask
        self.picked_up = d is not None and any(
            type(ev[1]) in (PickUp, ShowSkat) and ev[0] == d for ev in view.history
        )
        # Schieberamsch: the seats that took the skat, in order, and what each pushed on if seen
        self.pickers = [ev[0] for ev in view.history if type(ev[1]) is PickUp and ev[0] != d]
        self.pushes: dict[int, int | None] = {}
        for ev in view.history:
            act = ev[1]
            if ev[0] in self.pickers and (act is None or isinstance(act, Discard)):
                self.pushes[ev[0]] = act.mask if act is not None else None
        if view.discard is not None and (seat == d or view.phase == Phase.DONE):
            fixed[SKAT] = view.discard.mask
        elif view.phase == Phase.DONE and view.skat is not None and not self.picked_up:
            fixed[SKAT] = view.skat.mask if not self.pickers else None
        elif self.pickers and self.pushes.get(self.pickers[-1]) is not None:
            fixed[SKAT] = self.pushes[self.pickers[-1]]  # the last push lies there still
        if d is not None and seat != d and view.skat is not None and self.picked_up:
            forbidden[3 - d - seat] |= view.skat.mask  # shown skat: with the declarer
        if d is not None and d != seat and view.announcements and contract is not None:
            for said in view.announcements:
                if said.startswith("spitze "):
                    lowest = TRUMP_ORDER[gt][-int(said[7:]) :]
                    required[d] |= sum(1 << i for i in lowest) & ~gone
        known = 0
        for m in fixed:
            if m is not None:
                known |= m
        if sum(m is not None for m in fixed) == 3:  # the last slot holds what is left
            last = fixed.index(None)
            rest = ALL_MASK & ~gone & ~known
            fixed[last] = rest
            known |= rest
        self.fixed = fixed
        self.sizes = sizes
        self.played = played
        self.forbidden = forbidden
        self.required = required
        self.unknown = ALL_MASK & ~gone & ~known
        self.open_slots = [s for s in range(4) if fixed[s] is None]

    def deal_unknown(self, rng: random.Random) -> list[int] | None:
        """The current hands and skat with the unseen cards dealt at random (``None``: the
        draw ran into a dead end; the caller draws again)."""
        out = [m if m is not None else 0 for m in self.fixed]
        room = {s: self.sizes[s] for s in self.open_slots}
        rest = self.unknown
        for s in self.open_slots:
            need = self.required[s] & rest
            if need & self.forbidden[s] or need.bit_count() > room[s]:
                return None
            out[s] |= need
            room[s] -= need.bit_count()
            rest &= ~need
        cards = [i for i in range(32) if rest >> i & 1]
        rng.shuffle(cards)
        options = {i: [s for s in self.open_slots if not self.forbidden[s] >> i & 1] for i in cards}
        cards.sort(key=lambda i: len(options[i]))
        for i in cards:
            choices = [s for s in options[i] if room[s]]
            if not choices:
                return None
            r = rng.randrange(sum(room[s] for s in choices))
            for s in choices:
                r -= room[s]
                if r < 0:
                    break
            room[s] -= 1
            out[s] |= 1 << i
        return out

    def deal_of(self, slots: list[int], rng: random.Random) -> tuple[Deal, dict[int, int]]:
        """The deal the current ``slots`` came from, and the two cards each seat put away or
        pushed on (to replay the discards the seat did not see)."""
        view = self.view
        d = self.declarer
        hands = [slots[s] | self.played[s] for s in range(3)]
        skat_now = slots[SKAT]
        skat = skat_now
        discards: dict[int, int] = {}
        if d is not None and self.picked_up:
            twelve = hands[d] | skat_now
            if view.skat is not None:
                skat = view.skat.mask
            else:
                skat = _two_of(twelve, rng)
            hands[d] = twelve & ~skat
            discards[d] = skat_now
        if self.pickers:  # Schieberamsch: follow the skat back through the pushes
            skat = self._unpush(hands, skat_now, discards, rng)
        return Deal(hands, skat), discards

    def _unpush(
        self, hands: list[int], skat_now: int, discards: dict[int, int], rng: random.Random
    ) -> int:
        """Undo the Schieberamsch pushes from the last: each picker's hand before it took the
        skat; returns the skat as dealt."""
        view = self.view
        pickers = self.pickers
        cur = skat_now
        for k in range(len(pickers) - 1, -1, -1):
            s = pickers[k]
            pushed = self.pushes.get(s)
            if pushed is None:
                pushed = cur
            elif pushed != cur:
                raise _Reject
            discards[s] = pushed
            pool = hands[s] | pushed
            before = self.pushes.get(pickers[k - 1]) if k else None
            if before is not None:
                took = before  # the previous push, seen
            elif s == view.seat and view.skat is not None and view.phase != Phase.DONE:
                took = view.skat.mask  # the skat as this seat took it
            elif k == 0 and view.phase == Phase.DONE and view.skat is not None:
                took = view.skat.mask  # the dealt skat, shown at the end
            else:
                took = _two_of(pool, rng)
            if took & ~pool:
                raise _Reject
            hands[s] = pool & ~took
            cur = took
        return cur


class _Reject(Exception):
    """A drawn world that cannot be."""


def _two_of(mask: int, rng: random.Random) -> int:
    cards = [i for i in range(32) if mask >> i & 1]
    a, b = rng.sample(cards, 2)
    return (1 << a) | (1 << b)


def resample(state: GameState, seat: int, rng: random.Random, tries: int = 2000) -> GameState:
    """A game state that ``seat`` cannot tell from ``state`` (see the module doc)."""
    if not 0 <= seat < 3:
        raise ResampleError(f"seat must be 0, 1 or 2, not {seat}")
    view = state.view(seat)
    cons = _Constraints(state, view)
    history = list(view.history)
    for _ in range(tries):
        slots = cons.deal_unknown(rng)
        if slots is None:
            continue
        try:
            deal, discards = cons.deal_of(slots, rng)
            world = GameState(deal, state.rules)
            for who, action in history:
                world.apply(action if action is not None else DISCARDS[discards[who]])
        except (IllegalActionError, DealError, KeyError, _Reject):
            continue
        if world.view(seat) == view:
            return world
    raise ResampleError(f"no world consistent with seat {seat}'s view in {tries} draws")
