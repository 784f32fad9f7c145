"""What one seat knows of a game, or what a spectator sees: decided here for every seat.

>>> from skat.core import GameState
>>> state = GameState(seed=3)
>>> for a in ("p", "p", "18", "GO"):   # Forehand plays Grand Ouvert: his hand lies open
...     _ = state.apply(a)
>>> v = state.view(None)
>>> v.seat, v.hand, v.open_hand == state.hand(0), v.skat
(-1, CardSet.parse(''), True, None)
>>> state.view(1).hand == state.hand(1)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final, Generic, TypeVar

from skat.core.actions import Action, Discard, Event
from skat.core.cards import Card, CardSet
from skat.core.contracts import Contract
from skat.core.course import Course
from skat.core.deal import Deal
from skat.core.phase import DECLARE, DONE, PLAY, Phase
from skat.core.play import Play
from skat.core.rules import Rules
from skat.core.scoring import Result
from skat.core.tricks import Trick

SPECTATOR: Final = -1
"""The ``seat`` of the public view (a spectator's, ``GameState.view(None)``)."""


PhaseT = TypeVar("PhaseT", bound=IntEnum)
EventT = TypeVar("EventT")
ActionT = TypeVar("ActionT")
ResultT = TypeVar("ResultT")


@dataclass(frozen=True)
class SeatView(Generic[PhaseT, EventT, ActionT, ResultT]):
    """What one seat knows of a game of the trick-taking kind, the fields every game of the
    project's shares (Skat's :class:`View`, Tournee Skat's ``TourneeView``): its hand, the
    declarer, his bid and game, the skat and the discard when known, the declarer's hand when
    it lies open, the tricks, the events as this seat saw them, its legal actions, the rules
    and the result."""

    seat: int
    phase: PhaseT
    to_move: int | None
    hand: CardSet
    declarer: int | None
    bid: int
    contract: Contract | None
    skat: CardSet | None
    discard: CardSet | None
    open_hand: CardSet | None
    tricks: tuple[Trick, ...]
    current_trick: tuple[Card, ...]
    trick_leader: int
    history: tuple[EventT | tuple[int, None], ...]
    legal_actions: tuple[ActionT, ...]
    rules: Rules
    result: ResultT | None


@dataclass(frozen=True)
class View(SeatView[Phase, Event, Action, Result]):
    """Everything one seat knows, and nothing more (``seat`` :data:`SPECTATOR`: what everybody
    sees).

    ``history`` is the list of events as this seat saw them (another seat's discard shows as
    ``None`` in place of the cards).  ``skat`` (as dealt) is known to the declarer once he picked
    it up, and to everybody at the end; so is ``discard``, the two cards he put away.
    ``open_hand`` is the declarer's hand when it lies open (Ouvert, or after he showed his cards).
    ``legal_actions`` is empty unless it is this seat's turn.  ``kontra`` is the doubling said
    (1 Kontra … 4 Resupra), ``announcements`` the house-rule announcements in force (``spitze 2``,
    ``open``, ``skat shown``, ``schneider required``), ``ramsch`` the kind of Ramsch being played;
    ``claimer``/``claimer_hand`` a defender who laid his cards open claiming every remaining trick.
    """

    kontra: int = field(default=0, kw_only=True)
    announcements: tuple[str, ...] = field(default=(), kw_only=True)
    ramsch: str | None = field(default=None, kw_only=True)
    claimer: int | None = field(default=None, kw_only=True)
    claimer_hand: CardSet | None = field(default=None, kw_only=True)


def _skat_known(
    seat: int | None, phase: Phase, course: Course, deal: Deal
) -> tuple[CardSet | None, CardSet | None]:
    """(the skat as dealt or as this seat took it, the cards put away or passed on)."""
    done = phase == DONE
    is_declarer = seat is not None and seat == course.declarer
    if done or (is_declarer and course.picked_up) or course.skat_shown:
        return CardSet(deal.skat_mask), _put_away(is_declarer, phase, course)
    ramsch = course.ramsch
    if seat is not None and ramsch is not None and ramsch.seen_skat[seat]:
        pushed = ramsch.pushed[seat]  # Schieberamsch: the skat as this seat took it
        return CardSet(ramsch.seen_skat[seat]), CardSet(pushed) if pushed else None
    return None, None


def _put_away(is_declarer: bool, phase: Phase, course: Course) -> CardSet | None:
    """The cards the declarer put away (known to him, and to all at the end), or at the end of
    a Schieberamsch the skat as it was last pushed on."""
    done = phase == DONE
    put_away = course.picked_up and phase in (DECLARE, PLAY, DONE)
    pushed = done and course.ramsch is not None and course.ramsch.pushes
    if (put_away and (is_declarer or done)) or pushed:
        return CardSet(course.skat)
    return None


def _open_hand(seat: int | None, play: Play, course: Course) -> CardSet | None:
    """The declarer's hand as the others see it: when it lies open."""
    d = course.declarer
    c = course.contract
    if d < 0 or seat == d:
        return None
    if course.claimed or course.lay_open or (c is not None and c.ouvert):
        return CardSet(play.hands[d])
    return None


def _seen_history(
    seat: int | None, history: list[Event], done: bool
) -> tuple[Event | tuple[int, None], ...]:
    """The events as ``seat`` saw them: another seat's discard hidden until the end."""
    return tuple(
        (ev.seat, None) if isinstance(ev.action, Discard) and ev.seat != seat and not done else ev
        for ev in history
    )


def build_view(
    seat: int | None,
    *,
    phase: Phase,
    to_move: int,
    play: Play,
    course: Course,
    deal: Deal,
    rules: Rules,
    history: list[Event],
    legal: tuple[Action, ...],
) -> View:
    """The view of ``seat`` (``None``: a spectator) of a game in this state; ``legal`` are the
    legal actions of the seat to move."""
    done = phase == DONE
    d = course.declarer
    skat, discard = _skat_known(seat, phase, course, deal)
    claimer = course.claimer
    shown = claimer >= 0 and claimer != seat
    return View(
        seat=SPECTATOR if seat is None else seat,
        phase=phase,
        to_move=None if done else to_move,
        hand=CardSet(play.hands[seat] if seat is not None else 0),
        declarer=d if d >= 0 else None,
        bid=course.auction.bid_value,
        contract=course.contract,
        skat=skat,
        discard=discard,
        open_hand=_open_hand(seat, play, course),
        tricks=play.tricks,
        current_trick=play.current_trick,
        trick_leader=play.leader,
        history=_seen_history(seat, history, done),
        legal_actions=legal if seat == to_move and not done else (),
        rules=rules,
        result=course.result,
        kontra=course.questions.kontra,
        announcements=course.announcements(),
        ramsch=course.ramsch_kind,
        claimer=claimer if claimer >= 0 else None,
        claimer_hand=CardSet(play.hands[claimer]) if shown else None,
    )
