"""The variants beside Skat for three: Strohmann and Officers' Skat for two
(:mod:`skat.variants.strohmann`, :mod:`skat.variants.officers`) and Tournee Skat
(:mod:`skat.variants.tournee`), each a game state with the members of
:class:`~skat.core.game.GameLike`; and the registry of every variant the engine plays, Skat
for three included (:func:`find_variant`, :func:`variant_names`).

Imports :mod:`skat.core` and the standard library only.

>>> from skat.variants import find_variant
>>> game = find_variant("officers").start(seed=2)
>>> type(game).__name__, game.variant, len(game.legal_actions())
('OfficersState', 'officers', 6)
"""

from skat.variants.officers import OfficersDeal, OfficersState, OfficersView
from skat.variants.registry import UnknownVariantError, find_variant, variant_names
from skat.variants.strohmann import StrohmannState, StrohmannView
from skat.variants.tournee import TourneeResult, TourneeState, TourneeView
from skat.variants.variant import SetupError, Variant

__all__ = [
    "OfficersDeal",
    "OfficersState",
    "OfficersView",
    "SetupError",
    "StrohmannState",
    "StrohmannView",
    "TourneeResult",
    "TourneeState",
    "TourneeView",
    "UnknownVariantError",
    "Variant",
    "find_variant",
    "variant_names",
]
