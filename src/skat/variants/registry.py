"""The registry of variants: every game the engine plays, by name.

:func:`find_variant` gives a name's :class:`~skat.variants.variant.Variant` (how to start a game
of it from a deal or a seed and rules, and how a record writes and reads its setup);
:func:`variant_names` the names, Skat for three first.

>>> variant_names()
('skat', 'strohmann', 'officers', 'tournee')
>>> game = find_variant("strohmann").start(seed=4, dummy=2)
>>> game.variant, find_variant(game.variant).record_setup(game)
('strohmann', {'dummy': 2})
>>> find_variant("doppelkopf")
Traceback (most recent call last):
...
skat.variants.registry.UnknownVariantError: unknown variant 'doppelkopf' (known: skat, strohmann, officers, tournee)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, TypeVar

from skat.core.actions import parse_action
from skat.core.cards import Card
from skat.core.deal import Deal
from skat.core.game import GameLike
from skat.core.language import N_
from skat.core.rules import ISKO, Rules
from skat.core.state import GameState
from skat.variants.officers import OfficersDeal, OfficersState
from skat.variants.strohmann import StrohmannState
from skat.variants.tournee import TourneeState, parse_tournee_action
from skat.variants.variant import SetupError, Variant

__all__ = ["UnknownVariantError", "find_variant", "variant_names"]

_MAX_CARD_TEXT: Final = 40
_T = TypeVar("_T")


class UnknownVariantError(ValueError):
    """A variant name the registry does not know; the message lists the known ones."""


def _own(thing: object, cls: type[_T]) -> _T:
    """``thing`` as the variant's own state or deal class (a ``TypeError`` for another's)."""
    if not isinstance(thing, cls):
        raise TypeError(f"expected a {cls.__name__}, not a {type(thing).__name__}")
    return thing


def _flag(fields: Mapping[str, Any], key: str, default: bool) -> bool:
    value = fields.get(key, default)
    if not isinstance(value, bool):
        raise SetupError(key, "must be true or false", value)
    return value


class _ThreeHandedDeal(Variant):
    """A variant dealt as Skat for three (a :class:`~skat.core.deal.Deal`)."""

    def parse_deal(self, text: str) -> Deal:
        return Deal.parse(text)

    def deal_text(self, state: GameLike[Any]) -> str:
        return _own(state.deal, Deal).iss()

    def parse_action(self, text: str) -> object:
        return parse_action(text)


class Skat(_ThreeHandedDeal):
    """Skat for three (:class:`~skat.core.state.GameState`); ``ramsch``: a Ramsch round's game,
    played at once without an auction."""

    name = "skat"
    title = "Skat"
    title_key = N_("variant.title.skat")
    setup = ("ramsch",)

    def start(
        self,
        deal: object | None = None,
        rules: Rules = ISKO,
        *,
        seed: int | None = None,
        ramsch: bool = False,
        **setup: Any,
    ) -> GameState:
        return GameState(_deal_or_none(deal), rules, seed=seed, ramsch=ramsch, **setup)

    def read_setup(self, fields: Mapping[str, Any], deal: object) -> dict[str, Any]:
        return {"ramsch": _flag(fields, "ramsch", False)}

    def record_setup(self, state: GameLike[Any]) -> dict[str, Any]:
        # every auction starts with Middlehand: a first event by Forehand is a Ramsch round's
        history = state.history
        return {"ramsch": True} if history and history[0].seat == 0 else {}


class Strohmann(_ThreeHandedDeal):
    """Skat for two with a dummy (:class:`~skat.variants.strohmann.StrohmannState`);
    ``dummy``: the dummy's seat."""

    name = "strohmann"
    title = "Strohmann"
    title_key = N_("variant.title.strohmann")
    setup = ("dummy",)

    def start(
        self,
        deal: object | None = None,
        rules: Rules = ISKO,
        *,
        seed: int | None = None,
        dummy: int = 1,
        **setup: Any,
    ) -> StrohmannState:
        return StrohmannState(_deal_or_none(deal), rules, seed=seed, dummy=dummy, **setup)

    def read_setup(self, fields: Mapping[str, Any], deal: object) -> dict[str, Any]:
        dummy = fields.get("dummy", 1)
        if type(dummy) is not int or dummy not in (0, 1, 2):
            raise SetupError("dummy", "the dummy's seat is 0, 1 or 2", dummy)
        return {"dummy": dummy}

    def record_setup(self, state: GameLike[Any]) -> dict[str, Any]:
        return {"dummy": _own(state, StrohmannState).dummy}


class Officers(Variant):
    """Officers' Skat for two (:class:`~skat.variants.officers.OfficersState`), dealt as an
    :class:`~skat.variants.officers.OfficersDeal`; ``null``: whether Null may be declared."""

    name = "officers"
    title = "Officers' Skat"
    title_key = N_("variant.title.officers")
    seats = 2
    setup = ("null",)

    def parse_deal(self, text: str) -> OfficersDeal:
        return OfficersDeal.parse(text)

    def deal_text(self, state: GameLike[Any]) -> str:
        return str(_own(state.deal, OfficersDeal))

    def parse_action(self, text: str) -> object:
        return parse_action(text)

    def start(
        self,
        deal: object | None = None,
        rules: Rules = ISKO,
        *,
        seed: int | None = None,
        null: bool = True,
        **setup: Any,
    ) -> OfficersState:
        layout = None if deal is None else _own(deal, OfficersDeal)
        return OfficersState(layout, rules, seed=seed, null=null, **setup)

    def read_setup(self, fields: Mapping[str, Any], deal: object) -> dict[str, Any]:
        return {"null": _flag(fields, "null", True)}

    def record_setup(self, state: GameLike[Any]) -> dict[str, Any]:
        return {} if _own(state, OfficersState).null else {"null": False}


class Tournee(_ThreeHandedDeal):
    """Tournee Skat (:class:`~skat.variants.tournee.TourneeState`); ``top``: the skat card
    turned first."""

    name = "tournee"
    title = "Tournee Skat"
    title_key = N_("variant.title.tournee")
    setup = ("top",)
    result_extras = ("kind", "base", "second_card")

    def parse_action(self, text: str) -> object:
        return parse_tournee_action(text)

    def start(
        self,
        deal: object | None = None,
        rules: Rules = ISKO,
        *,
        seed: int | None = None,
        top: Card | str | None = None,
        **setup: Any,
    ) -> TourneeState:
        return TourneeState(_deal_or_none(deal), rules, seed=seed, top=top, **setup)

    def read_setup(self, fields: Mapping[str, Any], deal: object) -> dict[str, Any]:
        top = fields.get("top")
        if top is None:
            return {}
        if not isinstance(top, str) or len(top) > _MAX_CARD_TEXT:
            raise SetupError("top", "must be a card of the skat", top)
        try:
            card = Card.parse(top)
        except ValueError as exc:
            raise SetupError("top", str(exc)) from None
        dealt = _own(deal, Deal)
        if not dealt.skat_mask & card.bit:
            raise SetupError("top", f"{card} is not in the skat ({dealt.skat})")
        return {"top": card}

    def record_setup(self, state: GameLike[Any]) -> dict[str, Any]:
        return {"top": _own(state, TourneeState).order[0].name}


def _deal_or_none(deal: object | None) -> Deal | None:
    return None if deal is None else _own(deal, Deal)


_REGISTRY: Final[dict[str, Variant]] = {
    v.name: v for v in (Skat(), Strohmann(), Officers(), Tournee())
}


def variant_names() -> tuple[str, ...]:
    """The names of every registered variant, Skat for three first."""
    return tuple(_REGISTRY)


def find_variant(name: str) -> Variant:
    """The registered variant called ``name``; :class:`UnknownVariantError` (one line listing
    the known names) for any other."""
    try:
        return _REGISTRY[name]
    except (KeyError, TypeError):
        known = ", ".join(_REGISTRY)
        raise UnknownVariantError(f"unknown variant {name!r} (known: {known})") from None
