"""The game state: one Skat game from the deal to the result.

``legal_actions()`` lists the moves of the seat to move, ``validate(action)`` raises
:class:`IllegalActionError` with the reason (and its :class:`~skat.core.errors.ErrorCode`),
``is_legal(action)`` only tells, ``apply(action)`` returns the recorded
:class:`~skat.core.actions.Event`, ``undo()`` takes the last one back, ``copy()`` is
independent, ``view(seat)`` is what one seat knows (``view(None)`` what a spectator sees),
``end_actions(seat)`` the ways to end the play early, and ``result`` the scored outcome.

The state is made of parts, each an immutable value: the trick play
(:class:`~skat.core.play.Play`) and the course of the game (:class:`~skat.core.course.Course`:
the :class:`~skat.core.auction.Auction`, the declaration, the
:class:`~skat.core.questions.Questions` asked during the play, the
:class:`~skat.core.ramsch.Ramsch` being played, the ending).  The fields an action may change
are declared once (:data:`STATE_FIELDS`); a snapshot for undo is their tuple.

>>> import random
>>> from skat.core.deal import Deal
>>> state = GameState(Deal.parse(
...     "CJ SJ HA HT HK H8 H7 D9 D8 D7  CA CT CK CQ C9 SA ST SK SQ S9 "
...     "HJ DJ C8 C7 S8 S7 HQ H9 DA DT  DK DQ"))
>>> state.phase, state.to_move, [str(a) for a in state.legal_actions()[:3]]
(<Phase.BIDDING: 0>, 1, ['18', '20', '22'])
>>> for a in ("p", "18", "y", "p"): _ = state.apply(a)   # MH passes; RH bids 18, FH holds
>>> state.declarer, state.bid, state.phase
(0, 18, <Phase.SKAT: 1>)
>>> _ = state.apply("HH")                                      # Hearts Hand
>>> state.apply("Pik-Ass")
Traceback (most recent call last):
...
skat.core.errors.IllegalActionError: Forehand does not hold SA
>>> state.is_legal("SA"), state.is_legal("HA"), state.is_legal("HA", seat=1)
(False, True, False)
"""

from __future__ import annotations

import random as _random
from bisect import bisect_right
from collections.abc import Callable
from operator import attrgetter
from typing import Final, NamedTuple, cast

from skat.core import legal, validation
from skat.core.actions import (
    ALL_BIDS,
    HOLD,
    PASS,
    Action,
    ActionParseError,
    Bid,
    Declare,
    Discard,
    Double,
    Event,
    Hold,
    LayOpen,
    Pass,
    Resign,
    Schenken,
    ShowCards,
    ShowSkat,
    Violation,
    parse_action,
)
from skat.core.auction import FH_ALONE, OVER, Auction
from skat.core.bidding import BID_VALUES, ladder
from skat.core.cards import CARD_POINTS, CARDS, Card, CardSet, cards_of
from skat.core.contracts import FOLLOW_MASKS, Contract
from skat.core.course import Course
from skat.core.deal import Deal
from skat.core.declarations import DeclarationOption, declarations_of
from skat.core.ending import after_trick, end_now, quiet, resign
from skat.core.errors import IllegalActionError
from skat.core.extras import auto_concedes, ending_actions, play_extras
from skat.core.phase import (
    ANSWER,
    BIDDING,
    DECLARE,
    DISCARD,
    DONE,
    PLAY,
    PUSH,
    PUSH_DISCARD,
    SKAT,
    Phase,
)
from skat.core.play import Play, with_hand
from skat.core.pushing import Pushing
from skat.core.questions import Question, next_question
from skat.core.ramsch import Ramsch, ramsch_game_type, round_kind
from skat.core.reasons import refusal
from skat.core.rules import ISKO, Rules
from skat.core.scoring import Result
from skat.core.seats import Seat, seat_name
from skat.core.tricks import Trick
from skat.core.view import SPECTATOR, View, build_view

_SEAT_NAMES: Final = tuple(seat_name(seat) for seat in range(3))
"""The seats' English names, a refusal's ``who`` (the reasons' words are English)."""
_CARD_EVENTS: Final = tuple(tuple(Event(seat, card) for card in CARDS) for seat in range(3))
_CALLS: Final[tuple[Action, ...]] = (*ALL_BIDS, HOLD, PASS)
_BID_AND_PASS: Final = legal.BID_AND_PASS
_CALL_EVENTS: Final = {a: tuple(Event(seat, a) for seat in range(3)) for a in _CALLS}
"""The events of the cards and the calls (bids, hold, pass: each of them interned), by seat."""
_actions_of: Final = cast("Callable[[int], list[Action]]", cards_of)

STATE_FIELDS: Final = (
    "phase",
    "to_move",
    "_hands",
    "_trick",
    "auction",
    "_play",
    "_course",
    "_quiet",
)
"""The fields an action may change, each holding an immutable value: an undo snapshot is
their tuple, and undo puts them back in this order.  The hands and the open trick, and the
auction, are fields of their own beside the :class:`Play` and the :class:`Course` that hold
them (the ``play`` and ``course`` properties put them together), so that the two common
actions change few fields and record only those.  ``_quiet`` is the course as declared when
no trick before the tenth can end the game (:func:`~skat.core.ending.quiet`), else ``None``:
while the course is that value, closing a trick skips the ending's checks."""
_CARD_FIELDS: Final = tuple(f for f in STATE_FIELDS if f in {"to_move", "_hands", "_trick"})
"""What a card that does not complete the trick changes: its undo record."""
_CALL_FIELDS: Final = tuple(f for f in STATE_FIELDS if f in {"to_move", "auction"})
"""What a bid, hold or pass that does not end the auction changes: its undo record."""
assert _CARD_FIELDS == ("to_move", "_hands", "_trick")  # the card's fast path records them so
assert _CALL_FIELDS == ("to_move", "auction")  # and the auction's
_RECORDS: Final = {len(f): f for f in (STATE_FIELDS, _CARD_FIELDS, _CALL_FIELDS)}
"""The fields of an undo record, by its length."""
_COURSE_INDEX: Final = {name: i for i, name in enumerate(Course._fields)}
_PICKED_UP: Final = _COURSE_INDEX["picked_up"]
_CONTRACT: Final = _COURSE_INDEX["contract"]
_TWELVE: Final = _COURSE_INDEX["twelve"]
assert _COURSE_INDEX["skat"] == 1 and _COURSE_INDEX["declarer"] == 2 < _TWELVE


_snapshot: Final = attrgetter(*STATE_FIELDS)
_new: Final = tuple.__new__  # a NamedTuple from all its fields, without checks
_START: Final = Play.start((0, 0, 0))
"""The play of every new game but its hands (in ``_hands`` beside it)."""


def _who(seat: int) -> str:
    return _SEAT_NAMES[seat] if 0 <= seat < 3 else f"seat {seat}"


def _refuse(reason: str, **params: object) -> IllegalActionError:
    return IllegalActionError.of(refusal(reason, **params))


class GameState(Pushing):
    """One game of Skat under a set of rules (see the module doc)."""

    __slots__ = ("_extras", "_undo", "deal", "history", "rules", *STATE_FIELDS)

    variant: Final = "skat"  # the registry's name (skat.core.game.GameLike)
    deal: Deal
    rules: Rules
    phase: Phase
    to_move: int
    history: list[Event]
    _hands: tuple[int, int, int]
    _trick: tuple[int, ...]
    auction: Auction
    """The auction now (also ``course.auction``): an immutable value (read it, do not set it)."""
    _play: Play
    _course: Course
    _quiet: Course | None

    def __init__(
        self,
        deal: Deal | None = None,
        rules: Rules = ISKO,
        *,
        seed: int | None = None,
        ramsch: bool = False,
    ):
        """A new game from ``deal`` (or a seeded random deal).  ``ramsch=True`` skips the
        auction and plays a Ramsch at once (a Ramsch round of a series)."""
        if deal is None:
            deal = Deal.random(_random.Random(seed))
        self.deal = deal
        self.rules = rules
        self.phase = BIDDING
        self.to_move = 1
        self._hands, self._trick = deal.hand_masks, ()
        self._play = _START  # the hands and the trick are in their fields (see play)
        self.auction = Auction.start(ladder(rules.grand_ouvert_base), rules.bid_jumps)
        self._course = Course.start(self.auction, deal.skat_mask)
        self._quiet = None  # the course while it is quiet(): decided once per game
        self.history = []
        self._undo: list[tuple[object, ...]] = []
        # Kontra while playing to the first trick, or laying the cards open, may come in play
        self._extras = (rules.kontra and rules.kontra_timing == "trick") or rules.open_play
        if ramsch:
            self._start_ramsch(round_kind(rules))

    # ------------------------------------------------------------------ properties

    @property
    def play(self) -> Play:
        """The trick play now (hands, open trick, tricks): an immutable value."""
        play = self._play
        if play[0] is self._hands and play[1] is self._trick:
            return play
        return _new(Play, (self._hands, self._trick, *play[2:]))

    @property
    def course(self) -> Course:
        """The course of the game besides the cards (auction, declaration, questions, Ramsch,
        ending): an immutable value."""
        course = self._course
        if course[0] is self.auction:
            return course
        return _new(Course, (self.auction, *course[1:]))

    @property
    def is_over(self) -> bool:
        """True when the game has ended (played out, ended early, or passed in)."""
        return self.phase == DONE

    @property
    def result(self) -> Result | None:
        """The scored result once the game is over."""
        return self._course.result

    @property
    def contract(self) -> Contract | None:
        """The declared game (``None`` before the declaration and in a Ramsch)."""
        return self._course.contract

    @property
    def picked_up(self) -> bool:
        """True once the declarer picked up the skat."""
        return self._course.picked_up

    @property
    def claimed(self) -> bool:
        """True once the declarer showed his cards (claiming the rest)."""
        return self._course.claimed

    @property
    def declarer(self) -> int | None:
        """Seat of the declarer once the auction is over (``None`` before or when passed in)."""
        d = self._course.declarer
        return d if d >= 0 else None

    @property
    def bid(self) -> int:
        """The highest bid so far (0 if none)."""
        return self.auction.bid_value

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks."""
        return self._play.tricks

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards of the unfinished trick in play order."""
        return tuple(CARDS[i] for i in self._trick)

    @property
    def trick_leader(self) -> int:
        """The seat that led (or leads) the current trick."""
        return self._play.leader

    @property
    def hand_masks(self) -> tuple[int, int, int]:
        """The cards each seat holds now, a mask per seat (as :attr:`Deal.hand_masks`)."""
        return self._hands

    def hand(self, seat: int) -> CardSet:
        """The cards ``seat`` holds now."""
        return CardSet(self._hands[seat])

    def points(self) -> tuple[int, int]:
        """Card points taken so far in tricks: (declarer, defenders); the skat not included."""
        return self.play.points(max(self._course.declarer, 0))

    @property
    def skat(self) -> CardSet:
        """The skat now: as dealt, empty while the declarer holds it (after picking it up and
        before putting two cards away), or the two cards he put away."""
        return CardSet(0 if self.phase == DISCARD else self._course.skat)

    def declarer_cards(self) -> CardSet:
        """The declarer's 12 cards for the matadors (hand and skat)."""
        return CardSet(self._course.twelve if self._course.declarer >= 0 else 0)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """The moves of the seat to move (empty when the game is over).

        Ending the game early (:class:`~skat.core.actions.ShowCards`,
        :class:`~skat.core.actions.Resign`) is not listed: see :meth:`end_actions`.
        """
        if self.phase == PLAY:  # Play.playable, inlined
            hand = self._hands[self.to_move]
            trick = self._trick
            if trick:
                hand = hand & FOLLOW_MASKS[self._play[4]][trick[0]] or hand
            if self._extras:
                return [*_actions_of(hand), *self._play_extra_actions()]
            return _actions_of(hand)
        if self.phase == BIDDING:  # legal.legal_bidding, inlined (each call counts)
            a = self.auction  # turn == listener, stage, jumps, ladder, bid_value
            if a[6] == a[5] and a[2] < FH_ALONE:
                return [HOLD, PASS]
            if a[1] and a[0] is BID_VALUES:
                return list(_BID_AND_PASS[bisect_right(BID_VALUES, a[3]) if a[3] else 0 :])
        return _PHASES[self.phase].legal(self)

    def _play_extra_actions(self) -> list[Action]:
        return play_extras(self.to_move, self.play, self._course, self.rules)

    def end_actions(self, seat: int | None = None) -> list[Action]:
        """Ways to end the play early that are open now to ``seat`` (whether or not it is its
        turn), or to any seat (``None``): the declarer shows his cards (a defender claims,
        under ISkO rules), a party resigns, a defender offers Schenken.

        >>> state = GameState(seed=3)
        >>> for a in ("p", "p", "18", "GH"):
        ...     _ = state.apply(a)
        >>> [str(a) for a in state.end_actions()]
        ['SC', 'RE.0', 'RE.1', 'RE.2']
        >>> [str(a) for a in state.end_actions(1)], [str(a) for a in state.end_actions(0)]
        (['SC', 'RE.1'], ['SC', 'RE.0'])
        """
        if self.phase != PLAY:  # (a question open: the phase is ANSWER)
            return []
        out = ending_actions(self.play, self._course, self.rules)
        mine = [a for a in out if getattr(a, "seat", seat) == seat]  # not another's RE/Schenken
        return out if seat is None else [a for a in mine if self.is_legal(a, seat)]

    def declarer_mask(self, hand: bool) -> int:
        """The declarer's cards (a mask) for the reach of a declaration: his hand (Hand games),
        or his hand and the skat.

        >>> state = GameState(seed=3)
        >>> _ = [state.apply(a) for a in ("p", "p", "18")]
        >>> state.declarer_mask(True).bit_count(), state.declarer_mask(False).bit_count()
        (10, 12)
        """
        mask = self._hands[self._course.declarer]
        return mask if hand else mask | self._course.skat

    def declarations(self, seat: int | None = None) -> tuple[DeclarationOption, ...]:
        """Every declaration open to ``seat`` (default: the seat to move) with its value with
        the cards that seat knows: :func:`skat.core.declarations.declarations_of` of its view.

        >>> state = GameState(seed=5)
        >>> _ = [state.apply(a) for a in ("p", "18", "y", "p")]
        >>> [(str(o.contract), o.value, o.estimate, o.below_bid) for o in state.declarations()][0]
        ('DH', 27, True, 0)
        """
        return declarations_of(self.view(self.to_move if seat is None else seat))

    # ------------------------------------------------------------------ validation

    def is_legal(self, action: Action | str, seat: int | None = None) -> bool:
        """True when :meth:`validate` accepts ``action`` for ``seat``."""
        try:
            self.validate(action, seat)
        except IllegalActionError:
            return False
        return True

    def validate(self, action: Action | str, seat: int | None = None) -> Action:
        """Check an action (or its text) for ``seat`` (default: the seat to move; for a
        resignation its own seat, for showing the cards the declarer).

        Returns the parsed action; raises :class:`IllegalActionError` naming the reason.
        """
        return self._checked(action, seat)[0]

    def _checked(self, action: Action | str, seat: int | None) -> tuple[Action, int]:
        """:meth:`validate`, returning the action and the seat it is taken for."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ActionParseError as exc:
                raise _refuse("unreadable", detail=str(exc), text=action) from None
        if seat is None:
            seat = self._default_seat(action)
        who = _who(seat)
        if self.phase == DONE:
            raise _refuse("game_over")
        anytime = _ANYTIME.get(type(action))
        if anytime is not None:
            anytime[0](self, action, seat, who)
            return action, seat
        if seat != self.to_move:
            to_move = _SEAT_NAMES[self.to_move]
            raise _refuse("not_your_turn", to_move=to_move, turn=self.to_move, who=who, seat=seat)
        _PHASES[self.phase].check(self, action, seat, who)
        return action, seat

    def _default_seat(self, action: Action) -> int:
        """The seat an action is taken for when none is given."""
        if isinstance(action, (Resign, Schenken, Violation)):
            return action.seat
        if isinstance(action, ShowCards) and self._course.declarer >= 0:
            return self._course.declarer  # only the declarer shows his cards, on his turn or not
        return self.to_move

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action | str, seat: int | None = None) -> Event:
        """Validate and apply an action (or its text); returns the recorded event."""
        if type(action) is Card and seat is None and self.phase == PLAY:
            # the card play; within the trick only the hands, the open trick and the turn change
            s = self.to_move
            hands = self._hands
            bit = action.bit
            trick = self._trick
            if not hands[s] & bit or (
                trick
                and hands[s] & FOLLOW_MASKS[self._play[4]][trick[0]]
                and not hands[s] & FOLLOW_MASKS[self._play[4]][trick[0]] & bit
            ):
                self.validate(action)  # raises: not held, or not following suit
            h0, h1, h2 = hands
            hands = (
                (h0 ^ bit, h1, h2)
                if s == 0
                else (h0, h1 ^ bit, h2)
                if s == 1
                else (h0, h1, h2 ^ bit)
            )
            if len(trick) < 2:
                self._undo.append((s, self._hands, trick))  # _CARD_FIELDS
                self._hands = hands
                self._trick = trick + (action.index,)  # noqa: RUF005 (faster)
                self.to_move = 0 if s == 2 else s + 1
            else:
                self._undo.append(_snapshot(self))
                self._close_trick(hands, trick + (action.index,))  # noqa: RUF005
            event = _CARD_EVENTS[s][action.index]
            self.history.append(event)
            return event
        if seat is None and self.phase == BIDDING:
            quick = self._quick_call(action)
            if quick is not None:
                return quick
        action, seat = self._checked(action, seat)
        self._undo.append(_snapshot(self))
        anytime = _ANYTIME.get(type(action))
        step = anytime[1] if anytime is not None else _PHASES[self.phase].step
        step(self, seat, action)
        self._settle_phase()
        event = _new(Event, (seat, action))
        self.history.append(event)
        return event

    def _settle_phase(self) -> None:
        """During the play: ANSWER while a question is open, else PLAY."""
        if self.phase in (PLAY, ANSWER):
            self.phase = ANSWER if self._course.questions.pending else PLAY

    def _quick_call(self, action: Action | str) -> Event | None:
        """The fast path of the auction: a pass, a hold when answering, or a higher bid when
        bidding with jumps allowed needs no more checks (``None``: any other action)."""
        auction = self.auction
        if type(action) is Pass:
            after = auction.pass_()
        elif auction[6] == auction[5] and auction[2] < FH_ALONE:  # answering (turn, listener)
            if type(action) is not Hold:
                return None
            after = auction.hold()
        elif type(action) is Bid and auction[1] and action.value > auction[3]:  # jumps, bid
            after = auction.bid(action.value)
        else:
            return None
        s = self.to_move
        if after[2] == OVER:  # Auction.stage
            self._undo.append(_snapshot(self))
            self._auction_over(after)
        else:
            self._undo.append((s, auction))  # _CALL_FIELDS
            self.auction = after
            self.to_move = after[6]  # Auction.turn
        event = _CALL_EVENTS[action][s]
        self.history.append(event)
        return event

    def _set_play(self, play: Play) -> None:
        self._play = play
        self._hands = play.hands
        self._trick = play.trick

    def _set(self, **changes: object) -> None:
        """Change fields of the course (``Course._replace``, without its overhead)."""
        fields: list[object] = list(self._course)
        for name, value in changes.items():
            fields[_COURSE_INDEX[name]] = value
        self._course = _new(Course, fields)

    def _auction_step(self, action: Action) -> None:
        auction = self.auction
        kind = type(action)
        if kind is Bid:
            auction = auction.bid(cast(Bid, action).value)
        elif kind is Hold:
            auction = auction.hold()
        else:
            auction = auction.pass_()
        if auction.stage == OVER:
            self._auction_over(auction)
        else:
            self.auction = auction
            self.to_move = auction.turn

    def _auction_over(self, auction: Auction) -> None:
        """The auction ended: it goes into the course; the declarer takes the skat, or a
        Ramsch is played, or the game is passed in."""
        self.auction = auction
        c = self._course
        self.to_move = auction.turn
        d = auction.declarer
        if d >= 0:  # Course: auction, skat, declarer, …, twelve (one value, not three)
            twelve = self.deal.hand_masks[d] | self.deal.skat_mask
            fields = (auction, c[1], d, *c[3:_TWELVE], twelve, *c[_TWELVE + 1 :])
            self._course = _new(Course, fields)
            self.to_move = d
            self.phase = SKAT
            return
        self._course = _new(Course, (auction, *c[1:]))
        if self.rules.ramsch != "off":
            self._start_ramsch(self.rules.ramsch)
        else:
            self.phase = DONE
            self._set(result=Result(None, rules=self.rules))

    def _step_bidding(self, seat: int, action: Action) -> None:
        self._auction_step(action)

    def _step_skat(self, seat: int, action: Action) -> None:
        if isinstance(action, Declare):
            self._declare(action.contract)
            return
        c = self._course
        self._hands = with_hand(self._hands, c.declarer, c.skat)
        if type(action) is ShowSkat:
            self._set(picked_up=True, skat_shown=True)
        else:
            self._course = _new(Course, (*c[:_PICKED_UP], True, *c[_PICKED_UP + 1 :]))
        self.phase = DISCARD

    def _step_discard(self, seat: int, action: Action) -> None:
        mask = cast(Discard, action).mask
        c = self._course
        self._hands = with_hand(self._hands, c.declarer, remove=mask)
        self._course = _new(Course, (c[0], mask, *c[2:]))  # Course.skat
        self.phase = DECLARE

    def _step_declare(self, seat: int, action: Action) -> None:
        self._declare(cast(Declare, action).contract)

    def _declare(self, contract: Contract) -> None:
        c = self._course
        self._course = _new(Course, (*c[:_CONTRACT], contract, *c[_CONTRACT + 1 :]))
        _, _, _, completed, _, *rest = self._play  # Play.for_game, with the hands held apart
        self._play = _new(
            Play, (self._hands, self._trick, 0, completed, int(contract.game_type), *rest)
        )
        self.phase = PLAY
        self.to_move = 0
        if self.rules.auto_concede and auto_concedes(contract.code, self.bid, self.rules):
            self._finish(schenken=True)  # the lowest games conceded at once (house rule)
            return
        self._ask_next(None)
        self._quiet = self._course if quiet(self._course) else None

    def _ask(self, kind: Question, seats: tuple[int, ...], resume: int) -> None:
        questions = self._course.questions.ask(kind, seats, resume)
        self._set(questions=questions)
        self.to_move = questions.turn

    def _ask_next(self, after: Question | None) -> None:
        """Ask the next kind of question asked after the declaration (Spitze, Kontra …)."""
        asked = next_question(after, self.play, self._course, self.rules)
        if asked is not None:
            self._ask(asked[0], asked[1], resume=0)

    def _step_answer(self, seat: int, action: Action) -> None:
        """An answer to what is pending: Spitze, Kontra before the lead, a doubling, Schenken."""
        c = self._course
        q = c.questions
        kind = q.kind
        if kind is Question.SCHENKEN and isinstance(action, Hold):  # accepted: the declarer wins
            self._set(questions=q._replace(pending=(), kind=None))
            self._finish(schenken=True)
            return
        q = q.answer(seat, action, c.declarer, self.rules.supra)
        self._set(questions=q)
        self.to_move = q.turn
        if not q.pending:
            self._ask_next(kind)

    def _step_play(self, seat: int, action: Action) -> None:
        c = self._course
        if isinstance(action, Double):  # Kontra while playing to the first trick
            q = c.questions.doubled(seat, 1, c.declarer, self.rules.supra)
            self._set(questions=q._replace(resume=self.to_move))
            self.to_move = c.declarer
        elif isinstance(action, LayOpen):
            self._set(lay_open=True)
        else:
            play = self.play.lay(seat, cast(Card, action).index)
            if len(play.trick) < 3:
                self._set_play(play)
                self.to_move = (seat + 1) % 3
            else:
                self._close_trick(play.hands, play.trick)

    def _start_ramsch(self, kind: str) -> None:
        ramsch = Ramsch.start(kind)
        self._set(declarer=-1, ramsch=ramsch)
        self._set_play(self.play.for_game(ramsch_game_type(self.rules)))
        self.to_move = 0
        self.phase = PUSH if ramsch.pushing else PLAY
        self._quiet = self._course if quiet(self._course) else None

    def _step_show_cards(self, seat: int, action: Action) -> None:
        claim_from = self._play.completed  # the open trick is one of the claimed
        if seat == self._course.declarer:
            self._set(claimed=True, claim_from=claim_from)
        else:
            self._set(claimer=seat, claim_from=claim_from)

    def _step_resign(self, seat: int, action: Action) -> None:
        play, self._course = resign(self.play, self._course, self.rules, seat)
        self._set_play(play)
        if self._course.result is not None:
            self.phase = DONE

    def _step_schenken(self, seat: int, action: Action) -> None:
        self._ask(Question.SCHENKEN, (self._course.declarer,), resume=self.to_move)

    def _step_violation(self, seat: int, action: Action) -> None:
        self._finish(violation=(seat, cast(Violation, action).kind))

    def _close_trick(self, hands: tuple[int, int, int], trick: tuple[int, ...]) -> None:
        """The last card of the trick is laid (``hands`` without it): close the trick; the
        game may end (before the tenth trick only when the course is not :func:`quiet`)."""
        play, winner = self._play.close_with(hands, trick)
        self.to_move = winner
        course = self._course
        if course is not self._quiet or play[3] == 10:  # Play.completed
            play, self._course = after_trick(play, course, self.rules, winner)
            if self._course.result is not None:
                self.phase = DONE
        self._play, self._hands, self._trick = play, play[0], play[1]

    def _finish(self, **how: object) -> None:
        play, self._course = end_now(self.play, self._course, self.rules, **how)
        self._set_play(play)
        self.phase = DONE

    # ------------------------------------------------------------------ undo, copy

    def undo(self) -> Event:
        """Take back the last action; returns its event."""
        if not self.history:
            raise _refuse("nothing_to_undo")
        record = self._undo.pop()
        if len(record) == 3:  # a card within the trick (_CARD_FIELDS)
            self.to_move, self._hands, self._trick = record  # type: ignore[assignment]
        else:
            for name, value in zip(_RECORDS[len(record)], record, strict=True):
                setattr(self, name, value)
        return self.history.pop()

    def copy(self) -> GameState:
        """An independent copy (the history lists are copied; everything else is immutable)."""
        new = object.__new__(GameState)
        for name in GameState.__slots__:
            setattr(new, name, getattr(self, name))
        new.history = self.history.copy()
        new._undo = self._undo.copy()
        return new

    __copy__ = copy

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle (and deepcopy) by the deal's cards, the rules, the lists and the fields."""
        deal = self.deal
        snapshot = _snapshot(self)
        return (
            _rebuild,
            (deal.hand_masks, deal.skat_mask, self.rules, self.history, self._undo, snapshot),
        )

    # ------------------------------------------------------------------ views

    def view(self, seat: int | None) -> View:
        """What ``seat`` knows: its own hand, everything public, and nothing else;
        ``None``: what a spectator sees (no hand unless it lies open, everything at the end;
        its ``seat`` is :data:`~skat.core.view.SPECTATOR`).

        >>> state = GameState(seed=3)
        >>> watcher = state.view(None)
        >>> watcher.seat, watcher.hand, watcher.legal_actions, watcher.to_move
        (-1, CardSet.parse(''), (), 1)
        """
        seat_to_move = seat is not None and seat == self.to_move and self.phase != DONE
        return build_view(
            seat,
            phase=self.phase,
            to_move=self.to_move,
            play=self.play,
            course=self.course,
            deal=self.deal,
            rules=self.rules,
            history=self.history,
            legal=tuple(self.legal_actions()) if seat_to_move else (),
        )

    # ------------------------------------------------------------------ misc

    def __repr__(self) -> str:
        return f"<GameState {self.phase.name} to_move={self.to_move} events={len(self.history)}>"


def _rebuild(
    hands: tuple[int, int, int],
    skat: int,
    rules: Rules,
    history: list[Event],
    undo: list[tuple[object, ...]],
    snapshot: tuple[object, ...],
) -> GameState:
    state = GameState(Deal(hands, skat), rules)
    for name, value in zip(STATE_FIELDS, snapshot, strict=True):
        setattr(state, name, value)
    state.history, state._undo = list(history), list(undo)
    return state


_Check = Callable[[GameState, Action, int, str], None]
_Step = Callable[[GameState, int, Action], None]


class _Phase(NamedTuple):
    """What a phase does: list the legal actions, check an action, apply a checked one."""

    legal: Callable[[GameState], list[Action]]
    check: _Check
    step: _Step


_PHASES: Final[dict[Phase, _Phase]] = {
    BIDDING: _Phase(legal.legal_bidding, validation.check_bidding, GameState._step_bidding),
    SKAT: _Phase(legal.legal_skat, validation.check_skat, GameState._step_skat),
    DISCARD: _Phase(legal.legal_discard, validation.check_discard, GameState._step_discard),
    DECLARE: _Phase(legal.legal_declare, validation.check_declare, GameState._step_declare),
    PLAY: _Phase(GameState.legal_actions, validation.check_play, GameState._step_play),
    PUSH: _Phase(legal.legal_push, validation.check_push, GameState._step_push),
    PUSH_DISCARD: _Phase(
        legal.legal_push_discard, validation.check_push, GameState._step_push_discard
    ),
    ANSWER: _Phase(legal.legal_answer, validation.check_answer, GameState._step_answer),
    DONE: _Phase(legal.legal_none, validation.check_game_over, validation.no_step),
}
"""The phases' legal actions, checks (after the game-over and turn checks) and steps (none
when the game is over: its check refuses everything)."""

_ANYTIME: Final[dict[type, tuple[_Check, _Step]]] = {
    Resign: (validation.check_resign, GameState._step_resign),
    Violation: (validation.check_violation, GameState._step_violation),
    Schenken: (validation.check_schenken, GameState._step_schenken),
    ShowCards: (validation.check_show_cards, GameState._step_show_cards),
}
"""The actions a seat may take out of turn (during the play): their checks and steps."""

__all__ = [
    "ANSWER",
    "BIDDING",
    "CARD_POINTS",
    "DECLARE",
    "DISCARD",
    "DONE",
    "PLAY",
    "PUSH",
    "PUSH_DISCARD",
    "SKAT",
    "SPECTATOR",
    "STATE_FIELDS",
    "GameState",
    "IllegalActionError",
    "Phase",
    "Seat",
    "Trick",
    "View",
]
