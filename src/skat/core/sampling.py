"""Deals of the cards a seat cannot see: one sampler, two modes.

:func:`sample` draws a deal of the unplayed cards (the three hands and the skat as it lies
now, :data:`~skat.core.knowledge.Slots`) that fits a :class:`~skat.core.knowledge.Knowledge`:

* **exact** (``infer=False``): uniform over *all* deals that fit the hard constraints.  The
  hidden cards fall into classes by the slots that may hold them; the sampler counts, for the
  classes in turn, how many deals each split of a class over its slots leaves for the others,
  draws a split with that weight and deals the class's cards at random in it.  The counts are
  computed once per :class:`Knowledge` and kept for the next draws.
* **inference-weighted** (``infer=True``): an exact draw is kept with the probability given by
  the soft constraints (:meth:`Knowledge.weight`, times ``weight(slots)`` when given: e.g. how
  well a seat's cards fit its part in the auction), else drawn again, at most ``tries`` times
  (the last draw is kept).

The random source is always passed in; nothing here touches the global one.

>>> import random
>>> from skat.core.state import GameState
>>> from skat.core.knowledge import Knowledge
>>> state = GameState(seed=5)
>>> know = Knowledge(state.view(1))
>>> deal = sample(know, random.Random(1))
>>> know.consistent(deal), deal[1] == state.hand(1).mask
(True, True)
>>> count_deals(know) == math.comb(22, 10) * math.comb(12, 2)   # 10 + 10 + 2 of 22 cards
True
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Callable

from skat.core.knowledge import Knowledge, Slots

__all__ = ["count_deals", "sample", "samples"]

_Caps = tuple[int, ...]
_Options = tuple[int, list[tuple[int, ...]], list[int]]


class _Plan:
    """The classes of hidden cards of one :class:`Knowledge` and the counts of deals."""

    __slots__ = ("base", "caps", "classes", "memo", "open")

    def __init__(self, know: Knowledge) -> None:
        self.open = tuple(s for s in range(4) if not know.known[s])
        base = [know.may[s] if know.known[s] else 0 for s in range(4)]
        room = {s: know.size[s] for s in self.open}
        by_pattern: dict[tuple[int, ...], list[int]] = {}
        hidden = know.hidden
        while hidden:
            low = hidden & -hidden
            hidden ^= low
            i = low.bit_length() - 1
            pattern = tuple(k for k, s in enumerate(self.open) if know.may[s] >> i & 1)
            if len(pattern) == 1:  # only one slot may hold it: it is there
                s = self.open[pattern[0]]
                base[s] |= low
                room[s] -= 1
            else:
                by_pattern.setdefault(pattern, []).append(i)
        self.base = base
        self.caps = tuple(room[s] for s in self.open)
        self.classes = sorted(by_pattern.items(), key=lambda kv: (len(kv[0]), kv[0]))
        self.memo: dict[tuple[int, _Caps], _Options] = {}

    def options(self, k: int, caps: _Caps) -> _Options:
        """For class ``k`` with ``caps`` room left per open slot: the number of deals of
        classes ``k`` … and each split of class ``k`` with the cumulated deal counts."""
        key = (k, caps)
        got = self.memo.get(key)
        if got is not None:
            return got
        if k == len(self.classes):
            out: _Options = (0 if any(caps) else 1, [], [])
        else:
            pattern, cards = self.classes[k]
            n = len(cards)
            splits: list[tuple[int, ...]] = []
            cum: list[int] = []
            total = 0
            for split in _splits(n, [caps[j] for j in pattern]):
                left = list(caps)
                ways = math.factorial(n)
                for j, c in zip(pattern, split, strict=True):
                    left[j] -= c
                    ways //= math.factorial(c)
                rest = self.options(k + 1, tuple(left))[0]
                if rest:
                    total += ways * rest
                    splits.append(split)
                    cum.append(total)
            out = (total, splits, cum)
        self.memo[key] = out
        return out

    def draw(self, rng: random.Random) -> Slots:
        """One deal, uniform over the deals that fit."""
        out = list(self.base)
        caps = self.caps
        for k, (pattern, cards) in enumerate(self.classes):
            total, splits, cum = self.options(k, caps)
            if not total:
                raise ValueError("no deal of the hidden cards fits what this seat knows")
            split = splits[bisect_right(cum, rng.randrange(total))]
            order = cards.copy()
            rng.shuffle(order)
            left = list(caps)
            at = 0
            for j, c in zip(pattern, split, strict=True):
                s = self.open[j]
                for i in order[at : at + c]:
                    out[s] |= 1 << i
                at += c
                left[j] -= c
            caps = tuple(left)
        return out[0], out[1], out[2], out[3]


def _splits(n: int, caps: list[int]) -> list[tuple[int, ...]]:
    """The ways to split ``n`` cards over slots with room ``caps``."""
    if len(caps) == 1:
        return [(n,)] if n <= caps[0] else []
    out = []
    for c in range(min(n, caps[0]) + 1):
        for rest in _splits(n - c, caps[1:]):
            out.append((c, *rest))
    return out


def _plan(know: Knowledge) -> _Plan:
    """The plan of ``know``, made once and kept on it."""
    plan = know._sampler
    if isinstance(plan, _Plan):
        return plan
    plan = _Plan(know)
    know._sampler = plan
    return plan


def count_deals(know: Knowledge) -> int:
    """How many deals of the hidden cards fit the hard constraints.

    >>> from skat.core.state import GameState
    >>> from skat.core.knowledge import Knowledge
    >>> count_deals(Knowledge(GameState(seed=1).view(0))) == math.comb(22, 10) * math.comb(12, 2)
    True
    """
    plan = _plan(know)
    return plan.options(0, plan.caps)[0]


def sample(
    know: Knowledge,
    rng: random.Random,
    infer: bool = False,
    weight: Callable[[Slots], float] | None = None,
    tries: int = 20,
) -> Slots:
    """One deal of the hidden cards that fits ``know`` (see the module doc for the modes)."""
    plan = _plan(know)
    slots = plan.draw(rng)
    if not infer or (weight is None and not know.infers):
        return slots
    for _ in range(tries - 1):
        p = know.weight(slots)
        if weight is not None:
            p *= weight(slots)
        if rng.random() < p:
            break
        slots = plan.draw(rng)
    return slots


def samples(
    know: Knowledge,
    count: int,
    rng: random.Random,
    infer: bool = False,
    weight: Callable[[Slots], float] | None = None,
) -> list[Slots]:
    """``count`` deals drawn by :func:`sample`.

    >>> from skat.core.state import GameState
    >>> from skat.core.knowledge import Knowledge
    >>> len(samples(Knowledge(GameState(seed=2).view(2)), 3, random.Random(0)))
    3
    """
    return [sample(know, rng, infer, weight) for _ in range(count)]
