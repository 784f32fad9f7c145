"""A variant's entry in the registry: how to start a game of it and how a record writes and
reads it back (:class:`Variant`), and the one-line error for a setup field it refuses
(:class:`SetupError`).

A record of any variant holds the rules, the deal as text, the variant's own setup fields (a
Ramsch round's game, the dummy's seat, whether Null is allowed, the turned skat card) and the
events as ``[seat, text]``; :meth:`Variant.record_setup` and :meth:`Variant.from_record` are
the two directions, :meth:`Variant.parse_action` reads an event's text back.

>>> err = SetupError("dummy", "the dummy's seat is 0, 1 or 2", 7)
>>> str(err), err.field, err.value
("dummy: the dummy's seat is 0, 1 or 2, not 7", 'dummy', 7)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Final

from skat.core.game import GameLike
from skat.core.language import say
from skat.core.rules import ISKO, Rules

__all__ = ["NO_VALUE", "SetupError", "Variant"]

NO_VALUE: Final = object()
"""The ``value`` of a :class:`SetupError` whose message needs none."""


class SetupError(ValueError):
    """A field of a game's setup that the variant refuses: ``field`` (``deal``, ``rules`` or
    the variant's own), the ``problem`` in words and the ``value`` given (:data:`NO_VALUE` when
    the problem says it all).  ``str()`` is one line: ``field: problem[, not value]``."""

    def __init__(self, field: str, problem: str, value: object = NO_VALUE) -> None:
        self.field = field
        self.problem = problem
        self.value = value
        shown = "" if value is NO_VALUE else f", not {value!r}"
        super().__init__(f"{field}: {problem}{shown}")


class Variant(ABC):
    """How to play and record one variant.

    ``name`` is its registry name (the state's ``variant`` and a record's ``variant`` field),
    ``seats`` the number of seats in its events (a Strohmann dummy's seat included), ``setup``
    the record fields of its own setup, ``result_extras`` the attributes of its result a record
    writes beyond Skat's, ``title`` its name for people (in English; :meth:`title_in` says
    it in another language).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    title_key: ClassVar[str] = ""
    """The message id of its name for people (none: :attr:`title` in every language)."""
    seats: ClassVar[int] = 3
    setup: ClassVar[tuple[str, ...]] = ()
    result_extras: ClassVar[tuple[str, ...]] = ()

    def title_in(self, lang: str = "en") -> str:
        """Its name for people in ``lang``.

        >>> from skat.variants.registry import find_variant
        >>> find_variant("officers").title_in("de"), find_variant("tournee").title_in("da")
        ('Offiziersskat', 'tourneeskat')
        """
        return say(lang, self.title_key) if self.title_key else self.title

    @abstractmethod
    def parse_deal(self, text: str) -> object:
        """The variant's deal from its record text; ``ValueError`` naming the problem."""

    @abstractmethod
    def deal_text(self, state: GameLike[Any]) -> str:
        """The record text of a game's deal (read back by :meth:`parse_deal`)."""

    @abstractmethod
    def start(
        self,
        deal: object | None = None,
        rules: Rules = ISKO,
        *,
        seed: int | None = None,
        **setup: Any,
    ) -> GameLike[Any]:
        """A new game from ``deal`` (or one shuffled from ``seed``) under ``rules``, with the
        variant's setup (the same names as its record fields); a ``ValueError`` for setup the
        variant refuses."""

    @abstractmethod
    def read_setup(self, fields: Mapping[str, Any], deal: object) -> dict[str, Any]:
        """The keyword arguments of :meth:`start` from a record's setup fields (each checked:
        :class:`SetupError` naming the field)."""

    @abstractmethod
    def record_setup(self, state: GameLike[Any]) -> dict[str, Any]:
        """The setup fields a record of ``state`` writes (those that differ from the default)."""

    @abstractmethod
    def parse_action(self, text: str) -> object:
        """An action of the variant from its record text (``ValueError`` if it is none)."""

    def from_record(self, deal_text: str, rules: Rules, fields: Mapping[str, Any]) -> GameLike[Any]:
        """A new game from a record's deal text, rules and setup fields; :class:`SetupError`
        naming the field at fault (``deal``, ``rules`` or the variant's own)."""
        try:
            deal = self.parse_deal(deal_text)
        except ValueError as exc:
            raise SetupError("deal", _line(exc)) from None
        setup = self.read_setup(fields, deal)
        try:
            return self.start(deal, rules, **setup)
        except ValueError as exc:
            raise SetupError("rules", _line(exc)) from None

    def __repr__(self) -> str:
        return f"<variant {self.name}>"


def _line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__
