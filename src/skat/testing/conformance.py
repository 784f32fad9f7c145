"""A conformance suite that any card-game state machine of this project runs.

A :class:`Machine` tells the suite how to make a state from a random source, how to make one
random move, where the cards are, what a state looks like from outside, and (optionally) how
to make a state that differs only in cards a seat cannot see.  :func:`check` then plays seeded
random games and checks at every step (or a seeded share of them):

* every card is in exactly one place (:func:`check_cards`), and the card points add up
  (:attr:`Machine.points`, 120 for Skat);
* legal actions are never empty until the end (:func:`check_legal`);
* ``undo`` restores the exact state (:func:`check_undo`);
* copies are independent (:func:`check_copy`);
* ``view(seat)`` leaks nothing: a state equal from a seat's view gives an equal view
  (:func:`check_views`).

>>> import random
>>> from skat.testing.machines import game_state
>>> report = check(game_state("isko"), games=3, seed=1)
>>> report.games, report.steps > 60, report.views > 0
(3, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar


class StateMachine(Protocol):
    """What the suite needs of a state besides the :class:`Machine` hooks."""

    def legal_actions(self) -> Sequence[Any]: ...

    def undo(self) -> Any: ...

    def view(self, seat: int) -> Any: ...


S = TypeVar("S", bound=StateMachine)


class ConformanceError(AssertionError):
    """A state broke one of the suite's properties (the message says which and where)."""


@dataclass(frozen=True)
class Machine(Generic[S]):
    """How the suite drives one kind of state (see the module doc)."""

    name: str
    new: Callable[[random.Random], S]
    """A fresh state, everything random drawn from the source given."""
    move: Callable[[S, random.Random], None]
    """Apply one random move (mostly sensible ones: a random auction rarely declares)."""
    is_over: Callable[[S], bool]
    seats: Callable[[S], Sequence[int]]
    """The seats whose views are checked."""
    places: Callable[[S], Sequence[int]]
    """Bit masks of the cards in each place (hands, tricks, skat, stock …)."""
    pack: int
    """The mask of the whole pack."""
    snapshot: Callable[[S], object]
    """Everything observable about a state (compared after undo and copies)."""
    copy: Callable[[S], S]
    points: Callable[[S], int] | None = None
    """The card points the state accounts for (tricks won, unplayed cards, skat): must be
    :attr:`total` (``None``: the game has no card points)."""
    total: int = 120
    complete: Callable[[S], bool] = field(default=lambda state: True)
    """False when the cards need not all be in a place (given away at an early end)."""
    twin: Callable[[S, int, random.Random], S | None] | None = None
    """A state that differs from the given one only in cards ``seat`` cannot see, the same
    actions taken (``None``: none found)."""
    quick: Callable[[S], object] | None = None
    """A cheaper part of :attr:`snapshot` (everything but the views) compared after ``undo``
    at the steps :func:`check` does not sample; the whole snapshot at the sampled steps
    (``None``: the whole snapshot at every step)."""


@dataclass
class Report:
    """What :func:`check` looked at (so that a test can tell it did not check nothing)."""

    games: int = 0
    steps: int = 0
    finished: int = 0
    views: int = 0
    """Views compared with a twin state whose hidden cards differ."""


def _fail(machine: Machine[Any], where: str, what: str) -> ConformanceError:
    return ConformanceError(f"{machine.name} {where}: {what}")


def walk(machine: Machine[S], games: int, seed: int = 0) -> Iterator[tuple[str, S, random.Random]]:
    """The states of ``games`` seeded random games, each step before its move (and each final
    state), with a label naming game and step and the game's random source."""
    for g in range(games):
        rng = random.Random(f"{machine.name}/{seed}/{g}")
        state = machine.new(rng)
        k = 0
        while True:
            yield f"game {seed}/{g} step {k}", state, rng
            if machine.is_over(state):
                break
            machine.move(state, rng)
            k += 1
            if k > 10_000:
                raise _fail(machine, f"game {seed}/{g}", "the game does not end")


def check_cards(machine: Machine[S], state: S, where: str = "") -> None:
    """Every card in exactly one place; all of them there unless given away; the card
    points add up to :attr:`Machine.total`."""
    seen = 0
    for mask in machine.places(state):
        if seen & mask:
            raise _fail(machine, where, f"cards in two places: {seen & mask:#x}")
        seen |= mask
    if seen & ~machine.pack:
        raise _fail(machine, where, "a card not of the pack")
    if seen != machine.pack and machine.complete(state):
        raise _fail(machine, where, f"cards missing: {machine.pack & ~seen:#x}")
    if machine.points is not None and machine.points(state) != machine.total:
        raise _fail(machine, where, f"card points {machine.points(state)}, not {machine.total}")


def check_legal(machine: Machine[S], state: S, where: str = "") -> None:
    """Legal actions are never empty until the end, and empty at the end."""
    if bool(state.legal_actions()) is machine.is_over(state):
        raise _fail(machine, where, "legal actions empty before the end (or not at the end)")


def check_undo(
    machine: Machine[S], state: S, rng: random.Random, where: str = "", whole: bool = True
) -> None:
    """A move and ``undo`` give back the exact state (``whole``: every view compared too,
    else the machine's :attr:`~Machine.quick` part of the snapshot)."""
    if machine.is_over(state):
        return
    snapshot = machine.snapshot if whole or machine.quick is None else machine.quick
    before = snapshot(state)
    probe = random.Random(rng.random())
    machine.move(state, probe)
    state.undo()
    if snapshot(state) != before:
        raise _fail(machine, where, "undo did not restore the state")


def check_copy(machine: Machine[S], state: S, rng: random.Random, where: str = "") -> None:
    """A copy played to the end leaves the original alone, and the other way round."""
    if machine.is_over(state):
        return
    original = machine.snapshot(state)
    twin = machine.copy(state)
    if machine.snapshot(twin) != original:
        raise _fail(machine, where, "a copy differs from its original")
    probe = random.Random(rng.random())
    while not machine.is_over(twin):
        machine.move(twin, probe)
    if machine.snapshot(state) != original:
        raise _fail(machine, where, "playing a copy changed the original")
    twin_end = machine.snapshot(twin)
    machine.move(state, probe)
    if machine.snapshot(twin) != twin_end:
        raise _fail(machine, where, "moving the original changed its copy")
    state.undo()


def check_views(machine: Machine[S], state: S, rng: random.Random, where: str = "") -> int:
    """Each seat's view equals the view of a twin state whose cards hidden from that seat
    differ; returns how many views were compared with a different twin."""
    if machine.twin is None or machine.is_over(state):
        return 0
    compared = 0
    for seat in machine.seats(state):
        other = machine.twin(state, seat, rng)
        if other is None:
            continue
        if state.view(seat) != other.view(seat):
            raise _fail(machine, where, f"seat {seat}'s view depends on cards it cannot see")
        compared += machine.snapshot(other) != machine.snapshot(state)
    return compared


def check_listed(
    state: Any,
    universe: Sequence[Any],
    ends: Callable[[Any], bool] | None = None,
    refused: type[Exception] = ValueError,
) -> None:
    """Every legal action (and end action) validates, and every other action of ``universe``
    is refused with ``refused``.  With ``ends``, the actions it picks must be listed among
    the end actions, the others among the legal actions; without, either will do.

    >>> from skat.core import CARDS, GameState
    >>> check_listed(GameState(seed=1), CARDS)   # no card is legal in the auction
    """
    legal = {str(a) for a in state.legal_actions()}
    end = {str(a) for a in state.end_actions()} if hasattr(state, "end_actions") else set()
    for action in (*state.legal_actions(), *(state.end_actions() if end else ())):
        try:
            same = state.validate(action) == action
        except refused:
            raise ConformanceError(f"{action} is listed but refused") from None
        if not same:
            raise ConformanceError(f"{action} validates as something else")
    for action in universe:
        text = str(action)
        if ends is None:
            listed = text in legal or text in end
        else:
            listed = text in (end if ends(action) else legal)
        try:
            state.validate(action)
        except refused:
            if listed:
                raise ConformanceError(f"{action} is listed but refused") from None
        else:
            if not listed:
                raise ConformanceError(f"{action} validates but is not listed")


def check(machine: Machine[S], games: int = 100, seed: int = 0, sample: float = 1.0) -> Report:
    """Play ``games`` seeded random games and check every property at every step (the copy
    and view checks at a seeded ``sample`` share of the steps); raises
    :class:`ConformanceError` at the first broken one."""
    report = Report()
    pick = random.Random(f"sample/{seed}")
    for where, state, rng in walk(machine, games, seed):
        report.steps += 1
        check_cards(machine, state, where)
        check_legal(machine, state, where)
        if machine.is_over(state):
            report.games += 1
            report.finished += 1
            continue
        sampled = sample >= 1.0 or pick.random() < sample
        check_undo(machine, state, rng, where, whole=sampled)
        if sampled:
            check_copy(machine, state, rng, where)
            report.views += check_views(machine, state, rng, where)
    return report
