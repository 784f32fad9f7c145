"""Skat for two with a dummy: Strohmann (straw man), also Oma-Skat or Skat mit totem Mann.

The cards are dealt as for three (3-2-4-3): the dummy's ten cards go face down to its seat
(Middlehand by default, between the non-dealer and the dealer).  The two players bid as in
Skat; the dummy never bids (it passes at once whenever the auction reaches it).  The winner of
the auction picks up the skat or plays Hand and declares; then the dummy's hand is turned face
up for both players, and the player who lost the auction plays both defender hands, his own and
the dummy's, against the declarer.  Play and scoring are those of Skat (``GameState``,
``score()``); if both players pass, the game is passed in.  Sources and the decisions taken
where they are silent: ``docs/variants/two-player.md``.

The history is a complete three-seat Skat record: the dummy's passes are recorded under its
seat, so the same events replay in :class:`~skat.core.state.GameState`.

>>> from skat.core.deal import Deal
>>> state = StrohmannState(Deal.parse(
...     "CJ SJ HA HT HK H8 H7 D9 D8 D7  CA CT CK CQ C9 SA ST SK SQ S9 "
...     "HJ DJ C8 C7 S8 S7 HQ H9 DA DT  DK DQ"))
>>> state.players, state.dummy, [str(e) for e in state.history]    # the dummy passed already
((0, 2), 1, ['1 p'])
>>> for a in ("18", "y", "p"): _ = state.apply(a)      # Rearhand bids 18, Forehand holds
>>> state.declarer, state.defender, state.view(2).dummy_hand   # the dummy is still face down
(0, 2, None)
>>> _ = state.apply("HH")                                 # Hearts Hand: the dummy turns up
>>> state.view(2).dummy_hand == state.view(0).dummy_hand == state.hand(1)
True
>>> _ = state.apply("CJ")                                 # Forehand leads; the dummy is next
>>> state.to_move, state.player_to_move                  # ... and Rearhand plays its cards
(1, 2)
>>> state.apply("CA", seat=2)                             # Rearhand plays the dummy's ace
Event(seat=1, action=Card.parse('CA'))
>>> state.apply("C7", seat=1)
Traceback (most recent call last):
...
skat.core.errors.IllegalActionError: it is Rearhand's turn, not Middlehand's
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final, Unpack

from skat.core.actions import PASS, Action, Event, Resign, ShowCards, parse_action
from skat.core.cards import Card, CardSet
from skat.core.contracts import Contract
from skat.core.deal import Deal
from skat.core.play import Play
from skat.core.rules import ISKO, Rules, RulesError
from skat.core.scoring import Result
from skat.core.seats import MIDDLEHAND, Seat, seat_name
from skat.core.state import PLAY, GameState, IllegalActionError, Phase, View
from skat.variants.dealing import Dealing, shuffler
from skat.variants.table import TrickTable

_SEAT_NAMES: Final = tuple(seat_name(seat) for seat in range(3))
"""The seats' English names, a refusal's ``who`` (the reasons' words are English)."""


@dataclass(frozen=True, kw_only=True)
class StrohmannView(View):
    """What one seat knows in a game with a dummy: a :class:`~skat.core.state.View` plus the
    dummy's seat, its hand once it lies face up (after the declaration), and the player who
    moves now (the defender when the dummy's card is due).

    ``legal_actions`` is filled for the player who moves now, also when that is the dummy's
    turn.  The dummy's own view is the public one: its ``hand`` is empty until it is turned up.
    """

    dummy: int
    dummy_hand: CardSet | None
    player_to_move: int | None


class StrohmannState(TrickTable):
    """A two-player Skat game with a dummy (Strohmann) in the third seat (see the module doc).

    ``deal`` is dealt as for three players (default: shuffled with ``rng``, or a fresh
    ``random.Random(seed)``); ``dummy`` is the dummy's seat.  The methods are those of
    :class:`~skat.core.state.GameState`; ``seat`` arguments name the seat whose turn it is, and
    the defender may also name himself when the dummy's card is due.
    """

    __slots__ = ("_game", "_marks", "dummy")

    variant: Final = "strohmann"
    dummy: int

    def __init__(
        self,
        deal: Deal | None = None,
        rules: Rules = ISKO,
        *,
        dummy: Seat | int = MIDDLEHAND,
        **dealing: Unpack[Dealing],
    ) -> None:
        if rules.ramsch != "off":
            raise RulesError("Ramsch needs three players: Strohmann is played with ramsch=off")
        if dummy not in (0, 1, 2):
            raise ValueError(f"the dummy sits at seat 0, 1 or 2, not {dummy!r}")
        if deal is None:
            deal = Deal.random(shuffler(dealing))
        self.dummy = int(dummy)
        self._game = GameState(deal, rules)
        self._marks: list[int] = []  # history length before each player's action
        self._dummy_passes()

    # ------------------------------------------------------------------ the dummy

    def _dummy_passes(self) -> None:
        """The dummy makes no decision: wherever it is asked anything but a card (a bid, or
        any other question a rules option adds), it passes."""
        game = self._game
        while not game.is_over and game.to_move == self.dummy:
            legal = game.legal_actions()
            if PASS not in legal or isinstance(legal[0], Card):
                return
            game.apply(PASS, self.dummy)

    @property
    def players(self) -> tuple[int, int]:
        """The two players' seats (the seats other than the dummy's)."""
        a, b = (s for s in range(3) if s != self.dummy)
        return (a, b)

    @property
    def defender(self) -> int | None:
        """The player who lost the auction and plays both defender hands (``None`` before)."""
        d = self._game.declarer
        if d is None:
            return None
        return next(s for s in self.players if s != d)

    def controller(self, seat: int) -> int | None:
        """The player who plays ``seat``'s cards: the seat itself, or for the dummy the
        defender (``None`` while there is no declarer)."""
        return self.defender if seat == self.dummy else seat

    @property
    def player_to_move(self) -> int | None:
        """The player who acts now: the seat to move, or the defender on the dummy's turn."""
        if self.is_over:
            return None
        return self.controller(self._game.to_move)

    def dummy_hand(self) -> CardSet | None:
        """The dummy's cards when they lie face up (after the declaration), else ``None``."""
        if self._game.contract is None:
            return None
        return self._game.hand(self.dummy)

    # ------------------------------------------------------------------ GameState's fields

    @property
    def deal(self) -> Deal:
        """The deal (three hands by seat and the skat)."""
        return self._game.deal

    @property
    def rules(self) -> Rules:
        """The rules the game is played under."""
        return self._game.rules

    @property
    def phase(self) -> Phase:
        """Where the game is."""
        return self._game.phase

    @property
    def to_move(self) -> int:
        """The seat whose turn it is (may be the dummy's: see :attr:`player_to_move`)."""
        return self._game.to_move

    @property
    def declarer(self) -> int | None:
        """The declarer's seat once the auction is over."""
        return self._game.declarer

    @property
    def bid(self) -> int:
        """The highest bid so far (0 if none)."""
        return self._game.bid

    @property
    def contract(self) -> Contract | None:
        """The declared game."""
        return self._game.contract

    @property
    def picked_up(self) -> bool:
        """True if the declarer picked up the skat."""
        return self._game.picked_up

    @property
    def claimed(self) -> bool:
        """True if the declarer showed his cards."""
        return self._game.claimed

    @property
    def history(self) -> list[Event]:
        """The events so far, the dummy's passes included (a read-only view: do not modify)."""
        return self._game.history

    @property
    def skat(self) -> CardSet:
        """The skat now (see :attr:`GameState.skat <skat.core.state.GameState.skat>`)."""
        return self._game.skat

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self._game.is_over

    @property
    def result(self) -> Result | None:
        """The scored result once the game is over (``Result(None)`` when passed in)."""
        return self._game.result

    @property
    def _play(self) -> Play:
        return self._game.play

    def declarer_cards(self) -> CardSet:
        """The declarer's 12 cards for the matadors."""
        return self._game.declarer_cards()

    def points(self) -> tuple[int, int]:
        """Card points taken so far in tricks: (declarer, defenders)."""
        return self._game.points()

    def game_state(self) -> GameState:
        """A copy of the underlying three-seat game."""
        return self._game.copy()

    # ------------------------------------------------------------------ actions

    def legal_actions(self) -> list[Action]:
        """The moves of the seat to move, made by :attr:`player_to_move`; on the dummy's turn
        only its cards (the defender makes no other decision in the dummy's name)."""
        legal = self._game.legal_actions()
        if self._game.to_move == self.dummy and any(isinstance(a, Card) for a in legal):
            return [a for a in legal if isinstance(a, Card)]
        return legal

    def end_actions(self) -> list[Action]:
        """Ending the play early: the declarer shows his cards, or resigns, or the defender
        resigns (for both defender hands; the dummy does not resign by itself)."""
        return [a for a in self._game.end_actions() if not self._names_dummy(a)]

    def _names_dummy(self, action: Action) -> bool:
        """True for an action taken or agreed in the dummy's name (its resignation, its
        consent): the dummy takes no part in ending the game."""
        return any(getattr(action, name, None) == self.dummy for name in ("seat", "consent"))

    def _resolve(self, action: Action | str, seat: int | None) -> tuple[Action, int | None]:
        """Parse the action and map the seat a player names to the seat that acts."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ValueError as exc:
                raise IllegalActionError(str(exc)) from None
        dummy = self.dummy
        if isinstance(action, Resign) and action.seat == dummy:
            raise IllegalActionError(
                "the dummy does not resign by itself: the defender resigns for both hands"
            )
        if self._names_dummy(action):
            raise IllegalActionError("the dummy does not act by itself")
        if isinstance(action, ShowCards) or hasattr(action, "seat"):  # the end actions
            if seat == dummy:
                raise IllegalActionError("the dummy does not act by itself")
            return action, seat
        game = self._game
        acting = seat if seat is not None else game.to_move
        if (
            game.to_move == dummy
            and acting in (dummy, self.defender)
            and not isinstance(action, Card)
            and game.phase == PLAY
        ):
            raise IllegalActionError(f"the dummy only plays its cards, not {action}")
        if seat is not None and game.to_move == dummy and seat == self.defender:
            if (
                isinstance(action, Card)
                and not game.hand(dummy).mask & action.bit
                and game.hand(seat).mask & action.bit
            ):
                raise IllegalActionError(
                    f"it is the dummy's turn ({_SEAT_NAMES[dummy]}): "
                    f"{_SEAT_NAMES[seat]} plays one of its cards, not {action}"
                )
            return action, dummy
        return action, seat

    def validate(self, action: Action | str, seat: int | None = None) -> Action:
        """Check an action (or its text); returns the parsed action or raises
        :class:`~skat.core.errors.IllegalActionError` naming the reason."""
        action, seat = self._resolve(action, seat)
        return self._game.validate(action, seat)

    def apply(self, action: Action | str, seat: int | None = None) -> Event:
        """Validate and apply a player's action; the dummy's passes in the auction and its
        resignation with the defender follow by themselves.  Returns the player's event."""
        action, seat = self._resolve(action, seat)
        game = self._game
        mark = len(game.history)
        event = game.apply(action, seat)
        try:
            if (
                isinstance(event.action, Resign)
                and event.seat == self.defender
                and not game.is_over
                and Resign(self.dummy) in game.end_actions()
            ):
                game.apply(Resign(self.dummy), self.dummy)
            self._dummy_passes()
        except BaseException:  # pragma: no cover - keep the state whole
            while len(game.history) > mark:
                game.undo()
            raise
        self._marks.append(mark)
        return event

    def undo(self) -> Event:
        """Take back the last player's action (with the dummy's actions that followed it);
        returns the player's event."""
        if not self._marks:
            raise IllegalActionError("nothing to undo")
        mark = self._marks.pop()
        game = self._game
        event = game.history[mark]
        while len(game.history) > mark:
            game.undo()
        return event

    def copy(self) -> StrohmannState:
        """An independent copy."""
        new = object.__new__(StrohmannState)
        new.dummy = self.dummy
        new._game = self._game.copy()
        new._marks = self._marks.copy()
        return new

    __copy__ = copy

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> StrohmannView:
        """What ``seat`` knows: its own hand, the dummy's once it lies face up, everything
        public.  For the dummy's seat: the public view."""
        game = self._game
        dummy = self.dummy
        base = game.view(seat)
        values = {f.name: getattr(base, f.name) for f in fields(View)}
        dummy_hand = self.dummy_hand()
        mover = self.player_to_move
        if seat == dummy:
            values["hand"] = dummy_hand if dummy_hand is not None else CardSet(0)
            values["legal_actions"] = ()
        elif mover == seat and game.to_move != seat:
            values["legal_actions"] = tuple(self.legal_actions())
        return StrohmannView(**values, dummy=dummy, dummy_hand=dummy_hand, player_to_move=mover)

    def __repr__(self) -> str:
        return (
            f"<StrohmannState {self.phase.name} dummy={self.dummy} to_move={self.to_move} "
            f"events={len(self.history)}>"
        )


__all__ = ["StrohmannState", "StrohmannView"]
