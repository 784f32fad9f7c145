"""How a variant's game is dealt when no deal is given: the keyword arguments ``rng`` and
``seed`` that every variant's state takes (:class:`Dealing`), and the random source they name
(:func:`shuffler`).

>>> import random
>>> shuffler({"seed": 4}).random() == random.Random(4).random()
True
>>> rng = random.Random(1)
>>> shuffler({"rng": rng, "seed": 4}) is rng, given({}), given({"seed": None, "rng": rng})
(True, False, True)
"""

from __future__ import annotations

import random as _random
from typing import TypedDict


class Dealing(TypedDict, total=False):
    """The dealing keywords: shuffle with ``rng``, else with a fresh ``random.Random(seed)``."""

    rng: _random.Random | None
    seed: int | None


def shuffler(dealing: Dealing) -> _random.Random:
    """The random source to deal with: ``rng`` if given, else a fresh ``random.Random(seed)``."""
    rng = dealing.get("rng")
    return rng if rng is not None else _random.Random(dealing.get("seed"))


def given(dealing: Dealing) -> bool:
    """True when ``rng`` or ``seed`` is given (not ``None``)."""
    return dealing.get("rng") is not None or dealing.get("seed") is not None
