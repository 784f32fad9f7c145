"""Undo by snapshots and copies for the small game states of the two-player and Tournee
variants (:class:`~skat.variants.tournee.TourneeState`, :class:`~skat.variants.officers.OfficersState`).

A state lists the attributes that an action may change in ``SNAPSHOT_FIELDS``; before each
action it calls ``_push_undo()``, and :meth:`Snapshots.undo` puts the last snapshot back.
Every snapshot field must hold an immutable value (ints, tuples, frozen objects), so a
snapshot and a copy share them safely.  (:class:`~skat.core.state.GameState` keeps compact
undo records of its own: it is the one the search runs on.)

>>> class Counter(Snapshots[str]):
...     __slots__ = ("count", "history", "_undo")
...     SNAPSHOT_FIELDS = ("count",)
...     def __init__(self) -> None:
...         self.count, self.history, self._undo = 0, [], []
...     def add(self) -> None:
...         self._push_undo()
...         self.count += 1
...         self.history.append("add")
>>> c = Counter()
>>> c.add(); c.add()
>>> d = c.copy()
>>> c.undo(), c.count, d.count
('add', 1, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Generic, Self, TypeVar

from skat.core.state import IllegalActionError

E = TypeVar("E")
_LISTS = ("history", "_undo")


class Snapshots(Generic[E]):
    """The undo/copy mixin; ``history`` is the list of events, ``_undo`` the snapshots."""

    if not TYPE_CHECKING:  # no __dict__ at run time; mypy checks the fields declared below
        __slots__ = ()

    SNAPSHOT_FIELDS: ClassVar[tuple[str, ...]]
    history: list[E]
    _undo: list[tuple[object, ...]]

    def _start_record(self) -> None:
        """A new game's record: no event and no snapshot yet."""
        self.history = []
        self._undo = []

    def _push_undo(self) -> None:
        self._undo.append(tuple(getattr(self, name) for name in self.SNAPSHOT_FIELDS))

    def undo(self) -> E:
        """Take back the last action; returns its event."""
        if not self.history:
            raise IllegalActionError("nothing to undo")
        for name, value in zip(self.SNAPSHOT_FIELDS, self._undo.pop(), strict=True):
            setattr(self, name, value)
        return self.history.pop()

    def copy(self) -> Self:
        """An independent copy (the lists are copied; everything else is immutable)."""
        cls = type(self)
        new = cls.__new__(cls)
        slots: tuple[str, ...] = getattr(cls, "__slots__", ())
        for name in slots:
            value = getattr(self, name)
            setattr(new, name, value.copy() if name in _LISTS else value)
        return new

    def __copy__(self) -> Self:
        return self.copy()
