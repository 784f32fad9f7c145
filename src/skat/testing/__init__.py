"""A conformance suite for the project's state machines (:mod:`skat.testing.conformance`)
and the machines themselves (:mod:`skat.testing.machines`): run it on a new variant with a
:class:`Machine` of its own.

>>> from skat.testing import check, scat
>>> check(scat(players=3), games=2).finished
2
"""

from skat.testing.conformance import (
    ConformanceError,
    Machine,
    Report,
    check,
    check_cards,
    check_copy,
    check_legal,
    check_listed,
    check_undo,
    check_views,
    walk,
)
from skat.testing.machines import game_state, officers, scat, strohmann, swap_hidden, tournee

__all__ = [
    "ConformanceError",
    "Machine",
    "Report",
    "check",
    "check_cards",
    "check_copy",
    "check_legal",
    "check_listed",
    "check_undo",
    "check_views",
    "game_state",
    "officers",
    "scat",
    "strohmann",
    "swap_hidden",
    "tournee",
    "walk",
]
