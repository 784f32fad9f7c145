"""The game state: one Skat game from the deal to the result.

``legal_actions()`` lists the moves of the seat to move, ``validate(action)`` raises
:class:`IllegalActionError` with the reason, ``apply(action)`` returns the recorded
:class:`~skat.core.actions.Event`, ``undo()`` takes the last one back, ``copy()`` is
independent, ``view(seat)`` is what one seat knows, and ``result`` the scored outcome.

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
skat.core.state.IllegalActionError: Forehand does not hold SA
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final, NamedTuple, cast

from skat.core.actions import (
    BIDS,
    DISCARDS,
    DOUBLES,
    HOLD,
    KONTRA,
    LAY_OPEN,
    PASS,
    PICK_UP,
    RESIGNS,
    SCHENKEN,
    SHOW_CARDS,
    SHOW_SKAT,
    SPITZEN,
    VIOLATION_KINDS,
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
    PickUp,
    Resign,
    Schenken,
    ShowCards,
    ShowSkat,
    Spitze,
    Violation,
    parse_action,
)
from skat.core.bidding import BID_INDEX
from skat.core.cards import (
    CARD_POINTS,
    CARDS,
    JACKS_MASK,
    RANK_MASKS,
    Card,
    CardSet,
    Rank,
    cards_of,
    points_of,
)
from skat.core.contracts import (
    EFFECTIVE_SUIT,
    FOLLOW_MASKS,
    GRAND,
    NULL,
    RAMSCH_LOW_TENS,
    TRUMP_ORDER,
    Contract,
    best_case_matadors,
    matadors,
)
from skat.core.deal import Deal
from skat.core.rules import ISKO, Rules
from skat.core.scoring import Result, max_value, score, score_ramsch
from skat.core.seats import Seat
from skat.core.tricks import Trick, TrickPlay


class IllegalActionError(ValueError):
    """An action that is not allowed now; the message says why."""


class Phase(IntEnum):
    """Where the game is."""

    BIDDING = 0
    SKAT = 1  # declarer: pick up the skat or declare a Hand game
    DISCARD = 2  # declarer: put two cards away
    DECLARE = 3  # declarer: declare after picking up
    PLAY = 4
    DONE = 5
    PUSH = 6  # Schieberamsch: take the skat, pass it on, or play Grand Hand
    PUSH_DISCARD = 7  # Schieberamsch: pass two cards on with the skat
    ANSWER = 8  # during the play: Spitze, Kontra/Re…, or Schenken must be answered first


BIDDING, SKAT, DISCARD, DECLARE, PLAY, DONE, PUSH, PUSH_DISCARD, ANSWER = tuple(Phase)

_SEAT_NAMES: Final = ("Forehand", "Middlehand", "Rearhand")


def _declaration_table(hand: bool) -> tuple[tuple[Declare, int, int, int], ...]:
    """(action, game type, base value (0: Grand Ouvert, from the rules), fixed levels) for the
    "arithmetically possible" check: value bound = base * (matadors + fixed levels)."""
    out = []
    for c in Contract.all():
        if c.hand != hand:
            continue
        gt = c.game_type
        if gt == NULL:
            out.append((Declare.of(c), int(gt), c.null_value, 1))
            continue
        fixed = 1 + c.hand + 1 + c.schneider_announced + 1 + c.schwarz_announced + c.ouvert
        base = 0 if (gt == GRAND and c.ouvert) else gt.base_value
        out.append((Declare.of(c), int(gt), base, fixed))
    return tuple(out)


_HAND_TABLE: Final = _declaration_table(hand=True)
_PICKUP_TABLE: Final = _declaration_table(hand=False)
_BID_AND_PASS: Final[tuple[Action, ...]] = (*BIDS, PASS)
_GRAND_HAND: Final = Declare.parse("GH")

_CARD_EVENTS: Final = tuple(tuple(Event(seat, card) for card in CARDS) for seat in range(3))
_actions_of: Final = cast("Callable[[int], list[Action]]", cards_of)

# the fields an action may change; all hold immutable values, so a snapshot is one tuple
_SNAPSHOT_FIELDS: Final = (
    "phase",
    "to_move",
    "_hands",
    "_skat",
    "_auction",
    "_bid",
    "_bidder",
    "_listener",
    "_declarer",
    "contract",
    "_gt",
    "picked_up",
    "_trick",
    "_trick_leader",
    "_trick_count",
    "_decl_won",
    "_def_won",
    "_decl_tricks",
    "_def_tricks",
    "_resigned",
    "claimed",
    "_result",
    "tricks",
    "_var",
)


class _Var(NamedTuple):
    """The state of the house rules and of a Ramsch: one immutable value, replaced on change."""

    kontra: int = 0  # 0, 1 Kontra, 2 Re, 3 Supra, 4 Resupra
    kontra_seat: int = -1
    pending: tuple[int, ...] = ()  # seats that must answer before the play goes on
    pending_kind: str = ""  # spitze | kontra (the window before the lead) | double | schenken
    resume: int = 0  # seat to move when nothing is pending any more
    spitze: int = 0
    lay_open: bool = False
    skat_shown: bool = False
    schenken_refused: int = 0
    claimer: int = -1  # a defender who showed his cards and claimed every remaining trick
    twelve: int = 0  # the declarer's 12 cards for the matadors when not as dealt (Schieberamsch)
    voice: int = 0  # seats that bid or held (Kontra eligibility)
    passed18: int = 0  # seats that passed when 18 was theirs to say
    acted: int = 0
    ramsch: str = ""  # the kind of Ramsch being played
    pushes: int = 0
    seen_skat: tuple[int, int, int] = (0, 0, 0)  # Schieberamsch: the skat each seat took
    pushed: tuple[int, int, int] = (0, 0, 0)  # Schieberamsch: the cards each seat passed on
    ramsch_won: tuple[int, int, int] = (0, 0, 0)
    ramsch_tricks: tuple[int, int, int] = (0, 0, 0)


_NO_VAR: Final = _Var()

# auction stages
_MH_TO_FH, _RH_TO_SURVIVOR, _FH_ALONE = 0, 1, 2


@dataclass(frozen=True)
class View:
    """Everything one seat knows, and nothing more.

    ``history`` is the list of events as this seat saw them (another seat's discard shows as
    ``None`` in place of the cards).  ``skat`` (as dealt) is known to the declarer once he picked
    it up, and to everybody at the end; so is ``discard``, the two cards he put away.
    ``open_hand`` is the declarer's hand when it lies open (Ouvert, or after he showed his cards).
    ``legal_actions`` is empty unless it is this seat's turn.  ``kontra`` is the doubling said
    (1 Kontra … 4 Resupra), ``announcements`` the house-rule announcements in force (``spitze 2``,
    ``open``, ``skat shown``, ``schneider required``), ``ramsch`` the kind of Ramsch being played;
    ``claimer``/``claimer_hand`` a defender who laid his cards open claiming every remaining trick.
    """

    seat: int
    phase: Phase
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
    history: tuple[Event | tuple[int, None], ...]
    legal_actions: tuple[Action, ...]
    rules: Rules
    result: Result | None
    kontra: int = field(default=0, kw_only=True)
    announcements: tuple[str, ...] = field(default=(), kw_only=True)
    ramsch: str | None = field(default=None, kw_only=True)
    claimer: int | None = field(default=None, kw_only=True)
    claimer_hand: CardSet | None = field(default=None, kw_only=True)


class GameState(TrickPlay):
    """One game of Skat under a set of rules (see the module doc)."""

    __slots__ = (
        "_auction",
        "_bid",
        "_bidder",
        "_decl_cache",
        "_decl_tricks",
        "_decl_won",
        "_declarer",
        "_def_tricks",
        "_def_won",
        "_gt",
        "_hands",
        "_jumps",
        "_listener",
        "_play_extras",
        "_resigned",
        "_result",
        "_skat",
        "_track_voice",
        "_trick",
        "_trick_count",
        "_trick_leader",
        "_undo",
        "_var",
        "claimed",
        "contract",
        "deal",
        "history",
        "phase",
        "picked_up",
        "rules",
        "to_move",
        "tricks",
    )

    variant: Final = "skat"  # the registry's name (skat.core.game.GameLike)
    deal: Deal
    rules: Rules
    phase: Phase
    to_move: int
    contract: Contract | None
    picked_up: bool
    claimed: bool
    history: list[Event]
    tricks: tuple[Trick, ...]

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
        self._hands: tuple[int, ...] = deal.hand_masks
        self._skat = deal.skat_mask
        self._auction = _MH_TO_FH
        self._bid = 0
        self._bidder = 1
        self._listener = 0
        self.to_move = 1
        self._declarer = -1
        self._decl_cache: tuple[tuple[bool, int, int], list[Action]] | None = None
        self.contract = None
        self._gt = 0
        self.picked_up = False
        self._trick: tuple[int, ...] = ()
        self._trick_leader = 0
        self._trick_count = 0
        self._decl_won = 0
        self._def_won = 0
        self._decl_tricks = 0
        self._def_tricks = 0
        self._resigned = 0  # bit per seat
        self.claimed = False
        self._result: Result | None = None
        self.history = []
        self.tricks = ()
        self._undo: list[tuple[object, ...]] = []
        self._var = _NO_VAR
        self._track_voice = rules.kontra and rules.kontra_eligibility == "bid"
        self._jumps = rules.bid_jumps
        self._play_extras = (rules.kontra and rules.kontra_timing == "trick") or rules.open_play
        if ramsch:
            self._start_ramsch(rules.ramsch if rules.ramsch != "off" else "ramsch")

    # ------------------------------------------------------------------ properties

    @property
    def is_over(self) -> bool:
        """True when the game has ended (played out, ended early, or passed in)."""
        return self.phase == DONE

    @property
    def result(self) -> Result | None:
        """The scored result once the game is over."""
        return self._result

    @property
    def skat(self) -> CardSet:
        """The skat now: as dealt, empty while the declarer holds it (after picking it up and
        before putting two cards away), or the two cards he put away."""
        return CardSet(0 if self.phase == DISCARD else self._skat)

    def declarer_cards(self) -> CardSet:
        """The declarer's 12 cards for the matadors (hand and skat)."""
        if self._declarer < 0:
            return CardSet(0)
        return CardSet(self._twelve())

    def _twelve(self) -> int:
        """The declarer's 12 cards: as dealt, or as they were when he declared Grand Hand in a
        Schieberamsch (the skat was pushed around before)."""
        d = self._declarer
        return self._var.twelve or (self.deal.hand_masks[d] | self.deal.skat_mask)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """The moves of the seat to move (empty when the game is over).

        Ending the game early (:class:`~skat.core.actions.ShowCards`,
        :class:`~skat.core.actions.Resign`) is not listed: see :meth:`end_actions`.
        """
        phase = self.phase
        if phase == PLAY:
            hand = self._hands[self.to_move]
            if self._trick:
                follow = hand & FOLLOW_MASKS[self._gt][self._trick[0]]
                if follow:
                    hand = follow
            if self._play_extras:
                return [*_actions_of(hand), *self._play_extra_actions()]
            return _actions_of(hand)
        if phase == BIDDING:
            if self.to_move == self._listener and self._auction != _FH_ALONE:
                return [HOLD, PASS]
            start = BID_INDEX[self._bid] + 1 if self._bid else 0
            if not self.rules.bid_jumps:  # every step must be said (Danish rules)
                return [BIDS[start], PASS] if start < len(BIDS) else [PASS]
            return list(_BID_AND_PASS[start:])
        if phase == SKAT:
            if self.rules.show_skat:
                return [PICK_UP, SHOW_SKAT, *self._possible_declarations(hand=True)]
            return [PICK_UP, *self._possible_declarations(hand=True)]
        if phase == DISCARD:
            idx = [c.bit for c in cards_of(self._hands[self._declarer])]
            return [DISCARDS[a | b] for i, a in enumerate(idx) for b in idx[i + 1 :]]
        if phase == DECLARE:
            return self._possible_declarations(hand=False)
        if phase == ANSWER:
            return self._pending_actions()
        if phase == PUSH:
            out: list[Action] = [PICK_UP, PASS]
            if self.rules.schieberamsch_grand_hand:
                out.append(_GRAND_HAND)
            return out
        if phase == PUSH_DISCARD:
            hand = self._hands[self.to_move]
            if not self.rules.schieberamsch_jacks and (hand & ~JACKS_MASK).bit_count() >= 2:
                hand &= ~JACKS_MASK
            idx = [c.bit for c in cards_of(hand)]
            return [DISCARDS[a | b] for i, a in enumerate(idx) for b in idx[i + 1 :]]
        return []

    def _pending_actions(self) -> list[Action]:
        """The answers open to the seat that must answer (Spitze, Kontra, doubling, Schenken)."""
        var = self._var
        kind = var.pending_kind
        if kind == "spitze":
            return [*SPITZEN[1 : self._spitze_run() + 1], PASS]
        if kind == "kontra":
            return [KONTRA, PASS]
        if kind == "double":
            return [DOUBLES[var.kontra + 1], PASS]
        return [HOLD, PASS]  # schenken: accept or refuse

    def _play_extra_actions(self) -> list[Action]:
        """Kontra for a defender before he plays to the first trick; laying the cards open."""
        out: list[Action] = []
        seat = self.to_move
        d = self._declarer
        rules = self.rules
        if d < 0:
            return out
        if (
            rules.kontra
            and rules.kontra_timing == "trick"
            and self._var.kontra == 0
            and seat != d
            and self._trick_count == 0
            and self._kontra_eligible(seat)
        ):
            out.append(KONTRA)
        if (
            rules.open_play
            and seat == d
            and not self._var.lay_open
            and self.contract is not None
            and not self.contract.ouvert
            and self._gt != NULL
            and (self._trick_count or self._trick)
        ):
            out.append(LAY_OPEN)
        return out

    def _kontra_eligible(self, seat: int) -> bool:
        if self.rules.kontra_eligibility == "any":
            return True
        var = self._var
        return bool(var.voice >> seat & 1) or not var.passed18 >> seat & 1

    def _spitze_run(self) -> int:
        """How many of the lowest trumps (from the 7, or the jack of diamonds in Grand) the
        declarer holds in an unbroken run: the largest Spitze he can announce."""
        hand = self._hands[self._declarer]
        n = 0
        for idx in reversed(TRUMP_ORDER[self._gt]):
            if not hand >> idx & 1:
                break
            n += 1
        return n

    def end_actions(self) -> list[Action]:
        """Ways to end the play early that are open now: the declarer shows his cards,
        a party resigns."""
        if self.phase != PLAY or self._declarer < 0 or self._var.pending:
            return []
        out: list[Action] = []
        if not self.claimed:
            out.append(SHOW_CARDS)
        d = self._declarer
        for s in range(3):
            if self._resigned >> s & 1:
                continue
            if (
                s == d and self.rules.declarer_resign == "isko" and self._hands[d].bit_count() < 9
            ):  # the declarer gives up with a defender's consent
                out.extend(Resign(d, c) for c in range(3) if c != d)
            else:
                out.append(RESIGNS[s])
        if self._schenken_open():
            out.extend(SCHENKEN[s] for s in range(3) if s != self._declarer)
        return out

    def _schenken_open(self) -> bool:
        return (
            self.rules.schenken
            and self._gt != NULL
            and self._trick_count == 0
            and not self._trick
            and not self._var.pending
            and self._var.schenken_refused < 2
        )

    def _possible_declarations(self, hand: bool) -> list[Action]:
        """Declarations that can reach the bid arithmetically (all of them if none can)."""
        d = self._declarer
        mask = self._hands[d] if hand else self._hands[d] | self._skat
        bid = self._bid
        key = (hand, mask, bid)
        cached = self._decl_cache
        if cached is not None and cached[0] == key:
            return cached[1].copy()
        if hand:
            candidates = _HAND_TABLE
            mats = [best_case_matadors(gt, mask) for gt in range(5)]
        else:
            candidates = _PICKUP_TABLE
            mats = [abs(matadors(gt, mask)) for gt in range(5)]
        mats.append(0)
        go_base = self.rules.grand_ouvert_base
        ok: list[Action] = [
            a for a, gt, base, extra in candidates if (base or go_base) * (mats[gt] + extra) >= bid
        ]
        if not ok:
            ok = [a for a, _, _, _ in candidates]
        self._decl_cache = (key, ok)
        return ok.copy()

    def _reachable(self, contract: Contract, mask: int, hand: bool) -> int:
        gt = contract.game_type
        if gt == NULL:
            return contract.null_value
        m = best_case_matadors(gt, mask) if hand else abs(matadors(gt, mask))
        return max_value(contract, m, self.rules)

    # ------------------------------------------------------------------ validation

    def validate(self, action: Action | str, seat: int | None = None) -> Action:
        """Check an action (or its text) for ``seat`` (default: the seat to move; for a
        resignation its own seat, for showing the cards the declarer).

        Returns the parsed action; raises :class:`IllegalActionError` naming the reason.
        """
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ActionParseError as exc:
                raise IllegalActionError(str(exc)) from None
        if seat is None:
            seat = self._default_seat(action)
        who = _SEAT_NAMES[seat] if 0 <= seat < 3 else f"seat {seat}"
        phase = self.phase
        if phase == DONE:
            raise IllegalActionError("the game is over")
        if isinstance(action, Resign):
            if phase != PLAY or self._declarer < 0:
                raise IllegalActionError("resigning is possible only during the play of a game")
            if action.seat != seat:
                raise IllegalActionError(f"{who} cannot resign for seat {action.seat}")
            if self._resigned >> seat & 1:
                raise IllegalActionError(f"{who} has resigned already")
            d = self._declarer
            if action.consent >= 0 and (action.consent == d or action.consent > 2):
                raise IllegalActionError("only a defender can consent to the declarer giving up")
            if (
                seat == d
                and self.rules.declarer_resign == "isko"
                and self._hands[d].bit_count() < 9
                and action.consent < 0
            ):
                raise IllegalActionError(
                    "the declarer holds fewer than 9 cards: he can give up only with a "
                    f"defender's consent (RE.{d}+<defender>)"
                )
            return action
        if isinstance(action, Violation):
            if phase != PLAY or self._declarer < 0:
                raise IllegalActionError("violations are recorded during the play of a game")
            if action.seat != seat or not 0 <= seat < 3:
                raise IllegalActionError(f"{who} cannot record a violation for seat {action.seat}")
            if action.kind not in VIOLATION_KINDS:
                raise IllegalActionError(f"unknown violation {action.kind!r}")
            return action
        if isinstance(action, Schenken):
            if action.seat != seat or seat == self._declarer or not 0 <= seat < 3:
                raise IllegalActionError("only a defender can offer to concede (schenken)")
            if phase != PLAY or not self._schenken_open() or self._declarer < 0:
                raise IllegalActionError(
                    "schenken is possible only before the first card is played"
                    + ("" if self.rules.schenken else " and with the rules option schenken=on")
                )
            return action
        if isinstance(action, ShowCards):
            if phase != PLAY:
                raise IllegalActionError("showing the cards is possible only during the play")
            if self._declarer < 0:
                raise IllegalActionError("nobody claims in a Ramsch")
            if seat != self._declarer:  # a defender claims every remaining trick for himself
                if self.rules.claim != "isko" or self._gt == NULL:
                    raise IllegalActionError(
                        "only the declarer can show his cards and claim"
                        + (" in Null" if self._gt == NULL else " under these rules")
                    )
                if self._var.claimer >= 0 or self.claimed:
                    raise IllegalActionError("the remaining tricks are claimed already")
                return action
            if self.claimed:
                raise IllegalActionError("the declarer has shown his cards already")
            return action
        if seat != self.to_move:
            raise IllegalActionError(f"it is {_SEAT_NAMES[self.to_move]}'s turn, not {who}'s")
        if phase == ANSWER:
            legal = self._pending_actions()
            # Double, Spitze and Schenken are tuples (Spitze(1) == KONTRA): match the type too
            if not any(type(a) is type(action) and a == action for a in legal):
                options = ", ".join(str(a) for a in legal)
                raise IllegalActionError(f"{who} must answer first: {options}")
            return action
        if phase == PLAY and isinstance(action, (Double, LayOpen)):
            if action not in self._play_extra_actions():
                what = "Kontra" if isinstance(action, Double) else "laying the cards open"
                raise IllegalActionError(f"{what} is not possible for {who} now")
            return action
        if phase in (PUSH, PUSH_DISCARD):
            return self._validate_push(action, who)
        if phase == PLAY:
            if not isinstance(action, Card):
                raise IllegalActionError(f"{who} must play a card, not {action}")
            hand = self._hands[seat]
            if not hand & action.bit:
                raise IllegalActionError(f"{who} does not hold {action}")
            if self._trick:
                follow = hand & FOLLOW_MASKS[self._gt][self._trick[0]]
                if follow and not follow & action.bit:
                    led = CARDS[self._trick[0]]
                    what = "trump" if EFFECTIVE_SUIT[self._gt][led.index] == 4 else led.suit.english
                    raise IllegalActionError(f"{who} must follow {what} (led {led}), not {action}")
            return action
        if phase == BIDDING:
            listening = seat == self._listener and self._auction != _FH_ALONE
            if isinstance(action, Pass):
                return action
            if isinstance(action, Hold):
                if not listening:
                    raise IllegalActionError(f"{who} is bidding and must say a value or pass")
                return action
            if isinstance(action, Bid):
                if listening:
                    raise IllegalActionError(f"{who} answers the bid: hold (y) or pass (p)")
                if action.value <= self._bid:
                    raise IllegalActionError(
                        f"bid {action.value} is not above the current bid {self._bid}"
                    )
                if not self.rules.bid_jumps:
                    nxt = BIDS[BID_INDEX[self._bid] + 1 if self._bid else 0].value
                    if action.value != nxt:
                        raise IllegalActionError(
                            f"no jump bids under these rules: the next bid is {nxt}"
                        )
                return action
            raise IllegalActionError(f"the auction is on: {who} cannot {action}")
        if phase == SKAT:
            if isinstance(action, PickUp):
                return action
            if isinstance(action, ShowSkat):
                if not self.rules.show_skat:
                    raise IllegalActionError("showing the skat needs the rules option show_skat=on")
                return action
            if isinstance(action, Declare):
                c = action.contract
                if not c.hand:
                    raise IllegalActionError(
                        f"{c.describe()} needs the skat: pick it up first, or declare Hand"
                    )
                self._check_reachable(action, hand=True)
                return action
            raise IllegalActionError(f"{who} must pick up the skat (s) or declare a Hand game")
        if phase == DISCARD:
            if not isinstance(action, Discard):
                raise IllegalActionError(f"{who} must put two cards into the skat first")
            hand = self._hands[seat]
            if action.mask & ~hand:
                missing = CardSet(action.mask & ~hand)
                raise IllegalActionError(f"{who} does not hold {missing}")
            return action
        if phase == DECLARE:
            if not isinstance(action, Declare):
                raise IllegalActionError(f"{who} must declare the game now")
            if action.contract.hand:
                raise IllegalActionError("a Hand game cannot be declared after picking up the skat")
            self._check_reachable(action, hand=False)
            return action
        raise IllegalActionError(f"{action} is not possible now")  # pragma: no cover

    def _validate_push(self, action: Action, who: str) -> Action:
        if self.phase == PUSH:
            if isinstance(action, (PickUp, Pass)):
                return action
            if action is _GRAND_HAND and self.rules.schieberamsch_grand_hand:
                return action
            raise IllegalActionError(
                f"{who} takes the skat (s), passes it on (p)"
                + (" or plays Grand Hand (GH)" if self.rules.schieberamsch_grand_hand else "")
            )
        if not isinstance(action, Discard):
            raise IllegalActionError(f"{who} must pass two cards on with the skat")
        hand = self._hands[self.to_move]
        if action.mask & ~hand:
            raise IllegalActionError(f"{who} does not hold {CardSet(action.mask & ~hand)}")
        if action not in self.legal_actions():
            raise IllegalActionError("jacks may not be passed on in Schieberamsch")
        return action

    def _default_seat(self, action: Action) -> int:
        """The seat an action is taken for when none is given."""
        if isinstance(action, (Resign, Schenken, Violation)):
            return action.seat
        if isinstance(action, ShowCards) and self._declarer >= 0:
            return self._declarer  # only the declarer shows his cards, on his turn or not
        return self.to_move

    def _check_reachable(self, action: Declare, hand: bool) -> None:
        legal = self._possible_declarations(hand)
        if action in legal:
            return
        c = action.contract
        if c.game_type == NULL:
            raise IllegalActionError(
                f"{c.describe()} is worth {c.null_value}, less than the bid {self._bid}"
            )
        d = self._declarer
        mask = self._hands[d] if hand else self._hands[d] | self._skat
        best = self._reachable(c, mask, hand)
        raise IllegalActionError(
            f"{c.describe()} can reach at most {best}, less than the bid {self._bid}"
        )

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action | str, seat: int | None = None) -> Event:
        """Validate and apply an action (or its text); returns the recorded event."""
        if type(action) is Card and seat is None and self.phase == PLAY:
            # fast path for the card play
            s = self.to_move
            hand = self._hands[s]
            bit = action.bit
            if not hand & bit:
                self.validate(action)
            trick = self._trick
            if trick:
                follow = hand & FOLLOW_MASKS[self._gt][trick[0]]
                if follow and not follow & bit:
                    self.validate(action)
            if len(trick) < 2:  # the trick goes on: only hands, trick and turn change
                self._undo.append((self._hands, trick, s))
            else:
                self._push_undo()
            h0, h1, h2 = self._hands
            if s == 0:
                self._hands = (h0 & ~bit, h1, h2)
            elif s == 1:
                self._hands = (h0, h1 & ~bit, h2)
            else:
                self._hands = (h0, h1, h2 & ~bit)
            trick = self._trick = (*trick, action.index)
            if len(trick) < 3:
                self.to_move = 0 if s == 2 else s + 1
            else:
                self._complete_trick()
            event = _CARD_EVENTS[s][action.index]
            self.history.append(event)
            return event
        if (
            seat is None
            and self.phase == BIDDING
            and (
                type(action) is Pass
                or (
                    type(action) is Hold
                    and self.to_move == self._listener
                    and self._auction != _FH_ALONE
                )
                or (
                    type(action) is Bid
                    and action.value > self._bid
                    and (self.to_move != self._listener or self._auction == _FH_ALONE)
                    and self._jumps
                )
            )
        ):
            # fast path for the auction: the call is legal as checked above
            s = self.to_move
            self._push_undo()
            self._auction_step(s, action)
            event = Event(s, action)
            self.history.append(event)
            return event
        action = self.validate(action, seat)
        if seat is None:
            seat = self._default_seat(action)
        self._push_undo()
        phase = self.phase
        if phase == ANSWER:
            self._answer(seat, action)
        elif isinstance(action, Card):
            self._play(seat, action)
        elif phase in (PUSH, PUSH_DISCARD):
            self._push_step(seat, action)
        elif isinstance(action, (Bid, Hold, Pass)):
            self._auction_step(seat, action)
        elif isinstance(action, (PickUp, ShowSkat)):
            d = self._declarer
            hands = list(self._hands)
            hands[d] |= self._skat
            self._hands = tuple(hands)
            self.picked_up = True
            self.phase = DISCARD
            if isinstance(action, ShowSkat):
                self._var = self._var._replace(skat_shown=True)
        elif isinstance(action, Discard):
            d = self._declarer
            hands = list(self._hands)
            hands[d] &= ~action.mask
            self._hands = tuple(hands)
            self._skat = action.mask
            self.phase = DECLARE
        elif isinstance(action, Declare):
            self._declare(action.contract)
        elif isinstance(action, ShowCards):
            if seat == self._declarer:
                self.claimed = True
            else:
                self._var = self._var._replace(claimer=seat)
        elif isinstance(action, Resign):
            self._resign(seat)
        elif isinstance(action, Double):  # Kontra while playing to the first trick
            self._var = self._var._replace(
                kontra=1,
                kontra_seat=seat,
                pending=(self._declarer,),
                pending_kind="double",
                resume=self.to_move,
            )
            self.to_move = self._declarer
        elif isinstance(action, LayOpen):
            self._var = self._var._replace(lay_open=True)
        elif isinstance(action, Schenken):
            self._var = self._var._replace(
                pending=(self._declarer,), pending_kind="schenken", resume=self.to_move
            )
            self.to_move = self._declarer
        elif isinstance(action, Violation):
            self._finish(violation=(seat, action.kind))
        if self.phase in (PLAY, ANSWER):
            self.phase = ANSWER if self._var.pending else PLAY
        event = Event(seat, action)
        self.history.append(event)
        return event

    def _auction_step(self, seat: int, action: Action) -> None:
        if self._track_voice:
            self._note_voice(seat, action)
        stage = self._auction
        if stage == _FH_ALONE:
            if isinstance(action, Bid):
                self._bid = action.value
                self._start_declarer(0)
            else:
                self._pass_in()
            return
        if isinstance(action, Bid):
            self._bid = action.value
            self.to_move = self._listener
        elif isinstance(action, Hold):
            self.to_move = self._bidder
        elif seat == self._bidder:  # the bidder passes
            survivor = self._listener
            if stage == _MH_TO_FH:
                self._auction = _RH_TO_SURVIVOR
                self._bidder, self._listener = 2, survivor
                self.to_move = 2
            else:
                self._finish_auction(survivor)
        else:  # the answerer passes
            survivor = self._bidder
            if stage == _MH_TO_FH:
                self._auction = _RH_TO_SURVIVOR
                self._bidder, self._listener = 2, survivor
                self.to_move = 2
            else:
                self._finish_auction(survivor)

    def _note_voice(self, seat: int, action: Action) -> None:
        """Remember who bid or held, and who passed when 18 was his to say (Kontra eligibility)."""
        var = self._var
        bit = 1 << seat
        voice, passed18 = var.voice, var.passed18
        if isinstance(action, (Bid, Hold)):
            voice |= bit
        elif not var.acted & bit:
            listening = seat == self._listener and self._auction != _FH_ALONE
            if (self._bid == 18) if listening else (self._bid == 0):
                passed18 |= bit
        self._var = var._replace(voice=voice, passed18=passed18, acted=var.acted | bit)

    def _finish_auction(self, survivor: int) -> None:
        if self._bid:
            self._start_declarer(survivor)
        else:  # nobody bid: Forehand may still play (at 18 or more) or pass
            self._auction = _FH_ALONE
            self._bidder = self._listener = 0
            self.to_move = 0

    def _start_declarer(self, seat: int) -> None:
        self._declarer = seat
        self.to_move = seat
        self.phase = SKAT

    def _pass_in(self) -> None:
        if self.rules.ramsch != "off":
            self._start_ramsch(self.rules.ramsch)
            return
        self.phase = DONE
        self._result = Result(None, rules=self.rules)

    def _start_ramsch(self, kind: str) -> None:
        self._declarer = -1
        self._var = self._var._replace(ramsch=kind)
        self._gt = RAMSCH_LOW_TENS if self.rules.ramsch_tens == "low" else GRAND
        self.to_move = 0
        self._trick_leader = 0
        self.phase = PUSH if kind == "schieberamsch" else PLAY

    def _push_step(self, seat: int, action: Action) -> None:
        """Schieberamsch: take the skat and pass two cards on, pass it on unseen, or play
        Grand Hand."""
        var = self._var
        if isinstance(action, PickUp):
            hands = list(self._hands)
            hands[seat] |= self._skat
            self._hands = tuple(hands)
            seen = list(var.seen_skat)
            seen[seat] = self._skat
            self._var = var._replace(seen_skat=(seen[0], seen[1], seen[2]))
            self._skat = 0
            self.phase = PUSH_DISCARD
            return
        if isinstance(action, Declare):  # Grand Hand instead of the Ramsch
            self._declarer = seat
            # the cards were pushed around: his 12 cards are his hand and the skat as they are
            self._var = var._replace(ramsch="", twelve=self._hands[seat] | self._skat)
            self._declare(action.contract)
            return
        if isinstance(action, Discard):
            hands = list(self._hands)
            hands[seat] &= ~action.mask
            self._hands = tuple(hands)
            self._skat = action.mask
            pushed = list(var.pushed)
            pushed[seat] = action.mask
            self._var = var._replace(
                pushes=var.pushes + 1, pushed=(pushed[0], pushed[1], pushed[2])
            )
        # passed on (unseen, or after putting two cards in): the next seat's turn, or the play
        if seat == 2:
            self.phase = PLAY
            self.to_move = 0
        else:
            self.phase = PUSH
            self.to_move = seat + 1

    def _declare(self, contract: Contract) -> None:
        self.contract = contract
        self._gt = contract.game_type
        self.phase = PLAY
        self._trick_leader = 0
        self.to_move = 0
        d = self._declarer
        rules = self.rules
        if rules.spitze and contract.game_type != NULL:  # asked even without the lowest trump:
            # the defenders must not learn from the question whether he holds it
            self._var = self._var._replace(pending=(d,), pending_kind="spitze", resume=0)
            self.to_move = d
        elif rules.kontra and rules.kontra_timing == "lead":
            self._open_kontra_window()

    def _open_kontra_window(self) -> None:
        """Kontra only before the first lead: each eligible defender in turn says Kontra or not."""
        d = self._declarer
        seats = tuple(s for s in range(3) if s != d and self._kontra_eligible(s))
        if seats:
            self._var = self._var._replace(pending=seats, pending_kind="kontra", resume=0)
            self.to_move = seats[0]
        else:
            self._var = self._var._replace(pending=(), pending_kind="")
            self.to_move = 0

    def _answer(self, seat: int, action: Action) -> None:
        """An answer to what is pending: Spitze, Kontra before the lead, a doubling, Schenken."""
        var = self._var
        kind = var.pending_kind
        d = self._declarer
        if kind == "spitze":
            spitze = action.cards if isinstance(action, Spitze) else 0
            self._var = var._replace(spitze=spitze, pending=(), pending_kind="")
            self.to_move = var.resume
            if self.rules.kontra and self.rules.kontra_timing == "lead":
                self._open_kontra_window()
            return
        if kind == "schenken":
            if isinstance(action, Hold):  # accepted: the declarer wins
                self._var = var._replace(pending=(), pending_kind="")
                self._finish(schenken=True)
                return
            self._var = var._replace(
                pending=(), pending_kind="", schenken_refused=var.schenken_refused + 1
            )
            self.to_move = var.resume
            return
        if isinstance(action, Double):
            level = action.level
            nxt: tuple[int, ...] = ()
            if level == 1:
                nxt = (d,)
            elif level == 2 and self.rules.supra:
                nxt = (var.kontra_seat,)
            elif level == 3:
                nxt = (d,)
            self._var = var._replace(
                kontra=level,
                kontra_seat=seat if level == 1 else var.kontra_seat,
                pending=nxt,
                pending_kind="double" if nxt else "",
            )
            self.to_move = nxt[0] if nxt else var.resume
            return
        # a pass: in the window before the lead the next defender is asked; a doubling ends
        rest = var.pending[1:] if kind == "kontra" else ()
        self._var = var._replace(pending=rest, pending_kind=kind if rest else "")
        self.to_move = rest[0] if rest else var.resume

    def _complete_trick(self) -> None:
        winner, bits = self._close_trick()
        gt = self._gt
        contract = self.contract
        if contract is None:  # Ramsch: everyone for himself
            var = self._var
            won = list(var.ramsch_won)
            won[winner] |= bits
            count = list(var.ramsch_tricks)
            count[winner] += 1
            self._var = var._replace(
                ramsch_won=(won[0], won[1], won[2]), ramsch_tricks=(count[0], count[1], count[2])
            )
            if self._trick_count == 10:
                self._finish_ramsch()
            return
        if winner == self._declarer:
            self._decl_won |= bits
            self._decl_tricks += 1
            if gt == NULL:
                self._finish()
                return
        else:
            self._def_won |= bits
            self._def_tricks += 1
            if contract.schwarz_announced or self._var.schenken_refused >= 2:
                self._finish()
                return
            if self.claimed and self.rules.claim == "isko" and gt != NULL:
                # a failed claim: every remaining trick goes to the defenders
                self._give_rest(to_declarer=False)
                self._finish()
                return
        claimer = self._var.claimer
        if claimer >= 0 and winner != claimer:
            # a defender's failed claim (ISkO: only if he takes all the rest himself)
            self._give_rest(to_declarer=True)
            self._finish()
            return
        if self._trick_count == 10:
            self._finish()

    def _resign(self, seat: int) -> None:
        self._resigned |= 1 << seat
        d = self._declarer
        rest = self.rules.resign_levels == "rest"
        if seat == d:
            if rest:
                self._give_rest(to_declarer=False)
                self._finish(declarer_resigned=True)
            else:  # ISkO 4.3.3/4.1.4: lost simple, or with what the defenders already secured
                self._finish(declarer_resigned=True, outcome=self._violation_outcome(True))
            return
        defenders = 7 & ~(1 << d)
        mode = self.rules.resign
        if (
            mode == "one"
            or self._resigned & defenders == defenders
            or (mode == "after_claim" and self.claimed)
        ):
            if rest:
                # Null: the declarer wins by taking no trick, so the rest is not his
                self._give_rest(to_declarer=self._gt != NULL)
                self._finish(defenders_resigned=True)
            else:
                self._finish(defenders_resigned=True, outcome=self._violation_outcome(False))

    def _finish(
        self,
        declarer_resigned: bool = False,
        defenders_resigned: bool = False,
        schenken: bool = False,
        violation: tuple[int, str] | None = None,
        outcome: tuple[bool, bool, bool] | None = None,
    ) -> None:
        contract = self.contract
        assert contract is not None
        d = self._declarer
        var = self._var
        self.phase = DONE
        points = points_of(self._decl_won | self._skat)
        extras: tuple[str, ...] = ()
        if var.lay_open:
            extras += ("open",)
        if var.skat_shown:
            extras += ("skat shown",)
        if schenken:
            outcome = (True, var.schenken_refused >= 1, False)
        elif violation is not None:
            outcome = self._violation_outcome(violation[0] == d)
        self._result = score(
            contract,
            bid=self._bid,
            cards=self._twelve(),
            points=points,
            tricks=self._decl_tricks,
            defender_tricks=self._def_tricks,
            declarer=d,
            declarer_resigned=declarer_resigned,
            defenders_resigned=defenders_resigned,
            trick_complete=self._trick_count > 0,
            rules=self.rules,
            multiplier=1 << var.kontra,
            kontra=var.kontra,
            extra_levels=extras,
            spitze=var.spitze,
            spitze_made=defenders_resigned or schenken or self._spitze_made(),
            required=var.schenken_refused,
            outcome=outcome,
            schenken=schenken,
            violation=violation,
        )

    def _spitze_made(self) -> bool:
        """The declarer won the last tricks, one for each card of his Spitze, with those cards,
        the very last one with the lowest trump."""
        n = self._var.spitze
        if not n:
            return True
        if self._trick_count != 10 or len(self.tricks) != 10:
            return False
        lowest = TRUMP_ORDER[self._gt][-n:]
        d = self._declarer
        for trick in self.tricks[-n:]:
            if trick.winner != d or trick.cards[(d - trick.leader) % 3].index not in lowest:
                return False
        last = self.tricks[-1]
        return last.cards[(d - last.leader) % 3].index == lowest[-1]

    def _violation_outcome(self, by_declarer: bool) -> tuple[bool, bool, bool]:
        """A violation (or giving up, ISkO 4.3.3) loses the game for the guilty party unless it
        has won already; the other party wins "simple", or Schneider if its tricks already make
        the losers Schneider (ISkO 4.1.3, 4.1.4)."""
        points = points_of(self._decl_won | self._skat)
        contract = self.contract
        assert contract is not None
        def_points = points_of(self._def_won)
        need = 90 if (contract.schneider_announced or self._var.schenken_refused >= 1) else 61
        schwarz_needed = contract.schwarz_announced or self._var.schenken_refused >= 2
        if self._gt == NULL:
            declarer_has_won = False
            defenders_have_won = self._decl_tricks > 0
        else:
            declarer_has_won = points >= need and not schwarz_needed and not self._var.spitze
            defenders_have_won = def_points > 120 - need or (
                schwarz_needed and self._def_tricks > 0
            )
        won = declarer_has_won if by_declarer else not defenders_have_won
        schneider = points >= 90 if won else def_points >= 90
        return (won, schneider, False)

    def _finish_ramsch(self) -> None:
        var = self._var
        rules = self.rules
        tens = RANK_MASKS[Rank.TEN]
        minus = 10 - rules.ramsch_ten_points
        pts = [points_of(m) - minus * (m & tens).bit_count() for m in var.ramsch_won]
        skat_points = points_of(self._skat) - minus * (self._skat & tens).bit_count()
        if rules.ramsch_skat == "loser":
            pts[pts.index(max(pts))] += skat_points
        else:
            pts[self._trick_leader] += skat_points  # the winner of the last trick
        self.phase = DONE
        self._result = score_ramsch(
            var.ramsch,
            seat_points=(pts[0], pts[1], pts[2]),
            seat_tricks=var.ramsch_tricks,
            pushes=var.pushes,
            rules=rules,
        )

    # ------------------------------------------------------------------ undo, copy

    def _push_undo(self) -> None:
        # the same fields in the same order as _SNAPSHOT_FIELDS (attribute loads here are
        # faster than operator.attrgetter on slots)
        self._undo.append(
            (
                self.phase,
                self.to_move,
                self._hands,
                self._skat,
                self._auction,
                self._bid,
                self._bidder,
                self._listener,
                self._declarer,
                self.contract,
                self._gt,
                self.picked_up,
                self._trick,
                self._trick_leader,
                self._trick_count,
                self._decl_won,
                self._def_won,
                self._decl_tricks,
                self._def_tricks,
                self._resigned,
                self.claimed,
                self._result,
                self.tricks,
                self._var,
            )
        )

    def undo(self) -> Event:
        """Take back the last action; returns its event."""
        if not self.history:
            raise IllegalActionError("nothing to undo")
        snapshot = self._undo.pop()
        if len(snapshot) == 3:  # a card that did not complete a trick
            self._hands, self._trick, self.to_move = snapshot  # type: ignore[assignment]
        else:
            for name, value in zip(_SNAPSHOT_FIELDS, snapshot, strict=True):
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

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> View:
        """What ``seat`` knows: its own hand, everything public, and nothing else."""
        done = self.phase == DONE
        d = self._declarer
        is_declarer = seat == d
        history: list[Event | tuple[int, None]] = []
        for ev in self.history:
            if isinstance(ev.action, Discard) and ev.seat != seat and not done:  # own push shown
                history.append((ev.seat, None))
            else:
                history.append(ev)
        skat: CardSet | None = None
        discard: CardSet | None = None
        var = self._var
        if done or (is_declarer and self.picked_up) or var.skat_shown:
            skat = CardSet(self.deal.skat_mask)
            put_away = self.picked_up and self.phase in (DECLARE, PLAY, DONE)
            if (put_away and (is_declarer or done)) or (done and var.pushes):  # pushes: the skat
                discard = CardSet(self._skat)  # that counted in a Schieberamsch, as pushed on
        elif var.seen_skat[seat]:  # Schieberamsch: the skat as this seat took it
            skat = CardSet(var.seen_skat[seat])
            discard = CardSet(var.pushed[seat]) if var.pushed[seat] else None
        open_hand: CardSet | None = None
        c = self.contract
        if (
            d >= 0
            and not is_declarer
            and (self.claimed or var.lay_open or (c is not None and c.ouvert))
        ):
            open_hand = CardSet(self._hands[d])
        announcements: list[str] = []
        if var.spitze:
            announcements.append(f"spitze {var.spitze}")
        if var.lay_open:
            announcements.append("open")
        if var.skat_shown:
            announcements.append("skat shown")
        if var.schenken_refused:
            announcements.append(
                ("", "schneider required", "schwarz required")[var.schenken_refused]
            )
        return View(
            seat=seat,
            phase=self.phase,
            to_move=None if done else self.to_move,
            hand=CardSet(self._hands[seat]),
            declarer=self.declarer,
            bid=self._bid,
            contract=c,
            skat=skat,
            discard=discard,
            open_hand=open_hand,
            tricks=self.tricks,
            current_trick=self.current_trick,
            trick_leader=self._trick_leader,
            history=tuple(history),
            legal_actions=tuple(self.legal_actions()) if seat == self.to_move and not done else (),
            rules=self.rules,
            result=self._result,
            kontra=var.kontra,
            announcements=tuple(announcements),
            ramsch=var.ramsch or None,
            claimer=var.claimer if var.claimer >= 0 else None,
            claimer_hand=CardSet(self._hands[var.claimer])
            if var.claimer >= 0 and var.claimer != seat
            else None,
        )

    # ------------------------------------------------------------------ misc

    def __repr__(self) -> str:
        return f"<GameState {self.phase.name} to_move={self.to_move} events={len(self.history)}>"


__all__ = [
    "CARD_POINTS",
    "GameState",
    "IllegalActionError",
    "Phase",
    "Seat",
    "Trick",
    "View",
]
