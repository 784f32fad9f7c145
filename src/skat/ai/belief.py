"""A learned belief model of the hidden cards: where is each card this seat cannot see?

In the card play of a declared game (a suit game, Grand or Null), :class:`BeliefModel`
gives, from one seat's :class:`~skat.core.state.View`, for every hidden card the probability
of each place it may be: the left opponent (the next seat in turn), the right opponent or the
skat as it lies now.  The model is a small multi-layer perceptron, trained on the project's
own self-play games (``scripts/belief_data.py`` and ``scripts/train_belief.py``, see
docs/agents.md) and shipped with the package (``skat/ai/data/belief.npz``); play needs numpy
only.  The hard constraints are never the model's to learn: a card goes nowhere
:class:`~skat.core.knowledge.Knowledge` excludes (probability 0), and the probabilities of a
card sum to 1.

:func:`sample_learned` draws deals of the hidden cards for :class:`skat.ai.pimc.PimcAgent`
(``inference="learned"``): exact deals that fit the hard constraints
(:func:`skat.core.sampling.sample`, uniform), resampled with weights from the model, so every
deal fits what the seat knows and the deals follow the model.

>>> from skat.core import GameState
>>> state = GameState(seed=5)
>>> for a in ("p", "18", "y", "p", "s", "DA.DK", "H", "HT"):
...     _ = state.apply(a)
>>> probs = BeliefModel.shipped().probabilities(state.view(1))
>>> probs.shape, bool(abs(probs.sum(axis=1)[probs.sum(axis=1) > 0] - 1).max() < 1e-5)
((32, 4), True)
"""

from __future__ import annotations

import random
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from skat.ai.auction import auction_limits
from skat.core.knowledge import SKAT, Knowledge, Slots
from skat.core.sampling import sample
from skat.core.state import View

__all__ = [
    "FEATURES",
    "MASKS",
    "PLACES",
    "BeliefModel",
    "constraint_mask",
    "expand",
    "feature_parts",
    "features",
    "labels",
    "places_of",
    "sample_learned",
]

PLACES: Final = 3
"""The places of a hidden card, relative to the seat: 0 the left opponent (the next seat in
turn), 1 the right opponent, 2 the skat."""

MASKS: Final = 11
"""The card masks among the features (32 inputs each)."""
FEATURES: Final = 32 * MASKS + 3 + 6 + 4 + 2 + 9 + 15 + 1 + 3
"""The length of :func:`features`."""

Floats = npt.NDArray[np.float32]
Bools = npt.NDArray[np.bool_]

CANDIDATES: Final = 8
"""Exact deals drawn per deal kept by :func:`sample_learned`."""
TEMPER: Final = 0.5
"""The power of the model's weight of a deal in :func:`sample_learned`: at 1 the few deals
the model likes best are drawn again and again (a median of 18 distinct deals in 100 with 4
candidates a deal), fewer distinct deals for the solver; lower keeps more of them."""


def places_of(seat: int) -> tuple[int, int, int]:
    """The slots of the three places for ``seat``: left opponent, right opponent, skat.

    >>> places_of(2)
    (0, 1, 3)
    """
    return (seat + 1) % 3, (seat + 2) % 3, SKAT


def _bits(mask: int) -> Floats:
    """A card mask as 32 floats (0 or 1) by card index."""
    return ((mask >> np.arange(32, dtype=np.uint64).astype(np.int64)) & 1).astype(np.float32)


def _auction(view: View) -> list[float]:
    """Per seat (self, left, right): the highest value it bid or held, the bid on the table
    when it passed, whether it passed (values / 100)."""
    limits = auction_limits(view)
    out: list[float] = []
    for s in (view.seat, *places_of(view.seat)[:2]):
        said, passed = limits.get(s, (0, -1))
        out += [said / 100, max(passed, 0) / 100, float(passed >= 0)]
    return out


def feature_parts(view: View, know: Knowledge) -> tuple[list[int], list[float]]:
    """The model's input for ``view`` (a seat in the card play of a declared game) as
    :data:`MASKS` card masks and the other numbers (see :func:`features`)."""
    c = view.contract
    d = view.declarer
    assert c is not None and d is not None and view.seat is not None
    seat = view.seat
    order = (seat, *places_of(seat)[:2])
    places = places_of(seat)
    masks = [view.hand.mask]
    masks += [know.played[s] for s in order]
    masks.append(sum(card.bit for card in view.current_trick))
    masks += [know.may[s] if not know.known[s] else 0 for s in places]
    masks += [know.may[s] if know.known[s] and s != seat else 0 for s in places]
    gt = int(c.game_type)
    rest = [float(d == s) for s in order]
    rest += [float(gt == g) for g in range(6)]
    rest += [float(c.hand), float(c.ouvert), float(c.schneider_announced)]
    rest.append(float(c.schwarz_announced))
    rest += [view.bid / 100, know.matadors_needed / 10]
    rest += _auction(view)
    rest += [float(know.voids[s] >> e & 1) for s in order for e in range(5)]
    rest.append(len(view.tricks) / 10)
    rest += [know.size[s] / 10 for s in places]
    return masks, rest


def expand(masks: npt.NDArray[np.int64], rest: Floats) -> Floats:
    """``[batch, FEATURES]`` inputs from ``[batch, MASKS]`` card masks and the other numbers.

    >>> expand(np.array([[5] + [0] * 10]), np.zeros((1, 43), np.float32))[0, :4].tolist()
    [1.0, 0.0, 1.0, 0.0]
    """
    bits = (masks[:, :, None] >> np.arange(32)) & 1
    return np.concatenate([bits.reshape(len(masks), -1).astype(np.float32), rest], axis=1)


def features(view: View, know: Knowledge) -> Floats:
    """The model's input for ``view`` (a seat in the card play of a declared game):
    the seat's hand; the cards each seat (self, left, right) played; the current trick; the
    cards each place may hold and how many it holds (the hard constraints); the declarer; the
    game; the bid and the auction; the voids shown; the tricks played."""
    masks, rest = feature_parts(view, know)
    out: Floats = expand(np.array([masks], dtype=np.int64), np.array([rest], dtype=np.float32))
    assert out.shape == (1, FEATURES)
    return out.reshape(FEATURES)


def constraint_mask(know: Knowledge) -> Bools:
    """``mask[card, place]``: may the hidden card be in that place (:func:`places_of`)?
    Rows of cards that are not hidden (the seat's own, played, in a known slot) are all
    false."""
    assert know.seat is not None
    out = np.zeros((32, PLACES), dtype=bool)
    hidden = know.hidden
    for p, s in enumerate(places_of(know.seat)):
        if not know.known[s]:
            out[:, p] = _bits(know.may[s] & hidden) > 0
    return out


def labels(know: Knowledge, slots: Slots) -> npt.NDArray[np.int8]:
    """The true place of each hidden card in the deal ``slots`` (-1: not hidden)."""
    out = np.full(32, -1, dtype=np.int8)
    hidden = know.hidden
    for p, s in enumerate(places_of(know.seat)):
        out[_bits(slots[s] & hidden) > 0] = p
    return out


class BeliefModel:
    """The multi-layer perceptron: ``layers`` are (weights, bias) pairs, ReLU between them,
    32 × 3 logits out, a softmax per card over the places the constraints allow."""

    def __init__(self, layers: list[tuple[Floats, Floats]]) -> None:
        self.layers = layers

    @classmethod
    def load(cls, path: str | Path) -> BeliefModel:
        """The weights saved by ``scripts/train_belief.py`` (``w0``, ``b0``, ``w1`` …)."""
        with np.load(path) as data:
            n = sum(1 for k in data.files if k.startswith("w"))
            layers = [
                (data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32))
                for i in range(n)
            ]
        if not layers or layers[0][0].shape[0] != FEATURES or layers[-1][0].shape[1] != 32 * 3:
            raise ValueError(f"{path}: not a belief model for {FEATURES} features")
        return cls(layers)

    @staticmethod
    @lru_cache(maxsize=1)
    def shipped() -> BeliefModel:
        """The model shipped with the package (loaded once)."""
        ref = resources.files("skat.ai") / "data" / "belief.npz"
        with resources.as_file(ref) as path:
            return BeliefModel.load(path)

    def predict(self, x: Floats, mask: Bools) -> Floats:
        """Probabilities ``[batch, card, place]`` for inputs ``x`` ``[batch, FEATURES]`` and
        masks ``[batch, 32, 3]``: 0 where the mask is false, rows summing to 1 (all 0 for a
        card with no place)."""
        h = x
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < len(self.layers) - 1:
                h = np.maximum(h, 0)
        logits = np.where(mask, h.reshape(-1, 32, PLACES), -np.inf)
        top = logits.max(axis=2, keepdims=True)
        top = np.where(np.isfinite(top), top, 0)
        e = np.where(mask, np.exp(logits - top), 0)
        total = e.sum(axis=2, keepdims=True)
        return np.asarray(np.divide(e, total, out=np.zeros_like(e), where=total > 0), np.float32)

    def places(self, view: View, know: Knowledge | None = None) -> Floats:
        """``[card, place]`` probabilities for ``view`` (places as in :func:`places_of`)."""
        know = know or Knowledge(view)
        x = features(view, know)[None, :]
        return self.predict(x, constraint_mask(know)[None]).reshape(32, PLACES)

    def probabilities(self, view: View, know: Knowledge | None = None) -> Floats:
        """``[card, slot]`` probabilities for ``view`` by absolute slot (seats 0-2, 3 the
        skat): for each hidden card a row summing to 1, every other row 0."""
        know = know or Knowledge(view)
        assert know.seat is not None
        out = np.zeros((32, 4), dtype=np.float32)
        out[:, list(places_of(know.seat))] = self.places(view, know)
        return out


def sample_learned(
    view: View, count: int, rng: random.Random, model: BeliefModel | None = None
) -> list[Slots]:
    """``count`` deals of the hidden cards for ``view``: :data:`CANDIDATES` times as many
    exact deals (uniform over the deals that fit the hard constraints) resampled with the
    weight the model gives each (the product of its cards' probabilities, to the power
    :data:`TEMPER`).  Outside the card
    play of a declared game, or with nothing hidden, the exact deals themselves.

    >>> from skat.core import GameState
    >>> state = GameState(seed=5)
    >>> for a in ("p", "18", "y", "p", "s", "DA.DK", "H", "HT"):
    ...     _ = state.apply(a)
    >>> deals = sample_learned(state.view(2), 5, random.Random(0))
    >>> know = Knowledge(state.view(2))
    >>> len(deals), all(know.consistent(d) for d in deals)
    (5, True)
    """
    know = Knowledge(view)
    if view.contract is None or view.declarer is None or not know.hidden or count <= 0:
        return [sample(know, rng) for _ in range(count)]
    model = model or BeliefModel.shipped()
    probs = model.probabilities(view, know)
    logp = np.log(np.maximum(probs, 1e-9)).astype(np.float64)
    hidden = know.hidden
    rows = [i for i in range(32) if hidden >> i & 1]
    table = {i: [float(logp[i, s]) for s in range(4)] for i in rows}
    deals = [sample(know, rng) for _ in range(count * CANDIDATES)]
    logw = []
    for deal in deals:
        total = 0.0
        for s in range(4):
            if know.known[s]:
                continue
            m = deal[s] & hidden
            while m:
                low = m & -m
                m ^= low
                total += table[low.bit_length() - 1][s]
        logw.append(total)
    top = max(logw)
    weights = [float(np.exp(TEMPER * (w - top))) for w in logw]
    return rng.choices(deals, weights=weights, k=count)
