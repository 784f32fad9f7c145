"""Resampling the hidden cards: a whole game state that one seat cannot tell from the real one.

:func:`resample` deals the cards a seat cannot see at random, subject to everything it knows
(:class:`skat.core.knowledge.Knowledge`: its own cards, the cards played, the suits a seat showed
it is void in, an open declarer's hand, the skat and the discard when it saw them, the lowest
trumps of an announced Spitze), drawn uniformly by :func:`skat.core.sampling.sample`, rebuilds the
deal those cards came from (the declarer's skat is two of his twelve cards unless the seat saw
it), replays the game's history on it, and keeps the result only if the engine accepts every
action and the seat's :meth:`~skat.core.state.GameState.view` is exactly the same as in the real
game; otherwise it draws again.  This is the determinization step of PIMC and IS-MCTS.

The worlds are drawn exactly uniformly from the deals of the unseen cards that fit the hard
constraints, then filtered by the engine's legality checks (a Hand declaration must be arithmetically possible,
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
from collections.abc import Callable

from skat.core.actions import DISCARDS
from skat.core.deal import Deal, DealError
from skat.core.knowledge import SKAT, Knowledge
from skat.core.sampling import sample
from skat.core.state import GameState, IllegalActionError, Phase, View

__all__ = ["ResampleError", "SamplerRandom", "random_of", "resample"]


class ResampleError(ValueError):
    """No world consistent with the seat's view was found (or the case is not supported)."""


class SamplerRandom(random.Random):
    """A :class:`random.Random` that draws every number from a callable returning floats in
    [0, 1), such as OpenSpiel's ``pyspiel.UniformProbabilitySampler``.

    >>> draws = iter([0.5, 0.1, 0.9])
    >>> rng = SamplerRandom(lambda: next(draws))
    >>> rng.random(), rng.randrange(10), rng.choice("abc")
    (0.5, 9, 'c')
    """

    def __init__(self, sampler: Callable[[], float]) -> None:
        self._sampler = sampler
        super().__init__(0)

    def random(self) -> float:
        """The sampler's next number."""
        return float(self._sampler())

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (SamplerRandom, (self._sampler,))


def random_of(rng: random.Random | Callable[[], float] | None) -> random.Random:
    """``rng`` itself, a callable sampler wrapped as :class:`SamplerRandom`, or (``None``) a
    freshly seeded generator."""
    if rng is None:
        return random.Random()
    if isinstance(rng, random.Random):
        return rng
    if callable(rng):
        return SamplerRandom(rng)
    raise TypeError(f"expected a random.Random or a sampler callable, not {type(rng).__name__}")


class _Constraints:
    """Where the unseen cards may go, from one seat's view (:class:`Knowledge`), and how the
    deal they came from is rebuilt."""

    def __init__(self, view: View) -> None:
        self.view = view
        d = view.declarer
        self.declarer = d
        try:
            self.know = Knowledge(view)
        except ValueError as exc:
            raise ResampleError(str(exc)) from None
        self.played = self.know.played
        self.picked_up = self.know.picked_up
        self.pickers = self.know.pickers
        self.pushes = self.know.pushes

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
    cons = _Constraints(view)
    history = list(view.history)
    for _ in range(tries):
        slots = list(sample(cons.know, rng))
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
