"""Tournee Skat: the older North American game (Wisconsin), with Tournée, Solo and Guckser.

The rules, their sources and the decisions taken where the sources are silent are in
``docs/variants/tournee.md``.  In short:

* The deal and the auction are those of Skat, but the bids are the game values of this game
  (:data:`TOURNEE_BIDS`, from 10 up).
* The declarer plays one of three kinds of game:

  - **Tournée** (``t``): he turns up the top card of the skat; its suit is trumps (a jack lets
    him choose its suit or Grand, "Grand Tournée").  He may refuse the first card ("passt mir
    nicht", ``pmn``) and must then take the suit of the second one.  He takes both skat cards
    and puts two away.  Bases: Diamonds 5, Hearts 6, Spades 7, Clubs 8, Grand 12.
  - **Guckser** (``s``): he picks up the skat unseen by the others, puts two away and plays
    Grand (16), Null (15) or Null Ouvert (30).
  - **Solo** (a Hand contract, ``CH``, ``GH``, ``GO``, ``NH``, ``NOH``, with ``S``/``Z`` for
    Schneider or Schwarz announced): the skat stays untouched.  Bases: Diamonds 9, Hearts 10,
    Spades 11, Clubs 12, Grand 20, Grand Ouvert 24, Null 20, Null Ouvert 40.

* The game value is base × (matadors + 1 for game + Schneider + Schneider announced + Schwarz
  + Schwarz announced); there is no Hand level.  The declarer makes the defenders Schneider
  with 91 card points (not 90); he is Schneider himself with 30 or fewer.
* A lost game counts its single value, except a Guckser or a Tournée on the second card, which
  lose double.  An overbid game is lost at the lowest multiple of its base reaching the bid.

>>> from skat.core.deal import Deal
>>> state = TourneeState(Deal.parse(
...     "CJ SJ HA HT HK H8 H7 D9 D8 D7  CA CT CK CQ C9 SA ST SK SQ S9 "
...     "HJ DJ C8 C7 S8 S7 HQ H9 DA DT  DK DQ"), top="DK")
>>> [str(a) for a in state.legal_actions()[:4]]       # Middlehand bids Tournee values
['10', '12', '14', '15']
>>> for a in ("p", "20", "y", "p"): _ = state.apply(a)   # Rearhand bids 20, Forehand holds
>>> state.declarer, state.bid, [str(a) for a in state.legal_actions()[:3]]
(0, 20, ['t', 's', 'DH'])
>>> _ = state.apply("t")                                  # Tournée: the DK turns up
>>> state.turned, [str(a) for a in state.legal_actions()]
((Card.parse('DK'),), ['D', 'pmn'])
>>> _ = state.apply("pmn")                                # passt mir nicht: the DQ decides
>>> [str(a) for a in state.legal_actions()]
['D']
>>> _ = state.apply("D")
>>> _ = state.apply("D7.D8")                              # both skat cards taken, two put away
>>> state.phase, state.kind, state.second_card
(<TourneePhase.PLAY: 5>, 'tournee', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Final, Unpack

from skat.core.actions import (
    DISCARDS,
    HOLD,
    PASS,
    PICK_UP,
    RESIGNS,
    ActionParseError,
    Bid,
    Declare,
    Discard,
    Hold,
    Pass,
    PickUp,
    Resign,
)
from skat.core.auction import Auction
from skat.core.cards import Card, CardParseError, CardSet, cards_of, points_of
from skat.core.contracts import (
    GRAND,
    NULL,
    Contract,
    GameType,
    best_case_matadors,
    matadors,
)
from skat.core.deal import Deal
from skat.core.ending import give_rest
from skat.core.errors import Refusal
from skat.core.play import Play
from skat.core.rules import ISKO, OPTIONS, Rules, RulesError
from skat.core.seats import seat_name
from skat.core.state import IllegalActionError
from skat.core.view import SeatView
from skat.variants.dealing import Dealing, given, shuffler
from skat.variants.snapshots import Snapshots
from skat.variants.table import TrickTable
from skat.variants.tournee_actions import (
    PASST_MIR_NICHT,
    TURN,
    PasstMirNicht,
    TourneeAction,
    TourneeBid,
    TourneeEvent,
    Turn,
    bids_above,
    parse_tournee_action,
)
from skat.variants.tournee_scoring import (
    GUCKSER,
    GUCKSER_CONTRACTS,
    KINDS,
    SOLO,
    SOLO_CONTRACTS,
    TOURNEE,
    TOURNEE_BIDS,
    TourneeResult,
    base_value,
    fixed_levels,
    max_level,
    score_tournee,
)


class TourneePhase(IntEnum):
    """Where a Tournee Skat game is."""

    BIDDING = 0
    SKAT = 1  # declarer: turn a card (Tournée), pick up the skat (Guckser) or declare a Solo
    TURNED = 2  # declarer: take the turned card's suit (or Grand on a jack), or passt mir nicht
    DISCARD = 3  # declarer: put two cards away
    DECLARE = 4  # Guckser: Grand, Null or Null Ouvert
    PLAY = 5
    DONE = 6


BIDDING, SKAT, TURNED, DISCARD, DECLARE, PLAY, DONE = tuple(TourneePhase)

_SEAT_NAMES: Final = tuple(seat_name(seat) for seat in range(3))
"""The seats' English names, a refusal's ``who`` (the reasons' words are English)."""
_SOLO_DECLARES: Final = tuple(Declare.of(c) for c in SOLO_CONTRACTS)
_GUCKSER_DECLARES: Final = tuple(Declare.of(c) for c in GUCKSER_CONTRACTS)
_JACK = 7  # rank index of the jack

_SNAPSHOT_FIELDS: Final[tuple[str, ...]] = (
    "phase",
    "to_move",
    "_auction",
    "_play",
    "_skat",
    "kind",
    "_turned",
    "contract",
    "_resigned",
    "_result",
)

_GAME_OPTIONS: Final = tuple(o.name for o in OPTIONS if o.scope == "game")


def _parsed(action: TourneeAction | str) -> TourneeAction:
    """An action from its text, a Skat :class:`~skat.core.actions.Bid` as the
    :class:`TourneeBid` of its value; :class:`~skat.core.errors.IllegalActionError` for neither."""
    try:
        if isinstance(action, str):
            return parse_tournee_action(action)
        if isinstance(action, Bid):
            return TourneeBid.of(action.value)
    except ActionParseError as exc:
        raise IllegalActionError(str(exc)) from None
    return action


def _checked(action: TourneeAction, refusal: Refusal | None) -> TourneeAction:
    """The action, or :class:`~skat.core.errors.IllegalActionError` for a part's refusal."""
    if refusal is not None:
        raise IllegalActionError.of(refusal)
    return action


@dataclass(frozen=True)
class TourneeView(SeatView[TourneePhase, TourneeEvent, TourneeAction, TourneeResult]):
    """Everything one seat knows in a Tournee Skat game, and nothing more.

    ``kind`` is the kind of game the declarer chose (a Tournée, a Grand Hand …), ``turned`` the
    skat cards turned face up for a Tournée (seen by everybody).  ``skat`` (as dealt) is known to
    the declarer once he took it into his hand, and to everybody at the end; so is ``discard``.
    ``open_hand`` is the declarer's hand in an Ouvert game.  ``history`` shows another seat's
    discard as ``(seat, None)``.
    """

    kind: str | None = field(default=None, kw_only=True)
    turned: tuple[Card, ...] = field(default=(), kw_only=True)


class TourneeState(TrickTable, Snapshots[TourneeEvent]):
    """One game of Tournee Skat (see the module doc), with the methods of
    :class:`~skat.core.state.GameState`.

    ``deal`` is dealt as in Skat (default: shuffled with ``rng``, or a fresh
    ``random.Random(seed)``).  ``top`` is the skat card that lies on top and is turned first
    in a Tournée: by default drawn with ``rng`` (or ``seed``) when one is given, else the skat
    card that comes first in card order.  ``rules`` may change only the series options (the
    score sheet, Bock, ...): the game options of Skat do not apply to Tournee Skat.

    The auction is Skat's (:class:`~skat.core.auction.Auction` over :data:`TOURNEE_BIDS`), the
    cards in play a :class:`~skat.core.play.Play`.
    """

    __slots__ = (
        "_auction",
        "_play",
        "_resigned",
        "_result",
        "_skat",
        "_turned",
        "_undo",
        "contract",
        "deal",
        "history",
        "kind",
        "order",
        "phase",
        "rules",
        "to_move",
    )

    SNAPSHOT_FIELDS = _SNAPSHOT_FIELDS
    variant: Final = "tournee"

    deal: Deal
    rules: Rules
    order: tuple[Card, Card]
    phase: TourneePhase
    to_move: int
    kind: str | None
    contract: Contract | None
    history: list[TourneeEvent]
    _play: Play

    def __init__(
        self,
        deal: Deal | None = None,
        rules: Rules = ISKO,
        *,
        top: Card | str | None = None,
        **dealing: Unpack[Dealing],
    ) -> None:
        changed = [name for name in _GAME_OPTIONS if getattr(rules, name) != getattr(ISKO, name)]
        if changed:
            raise RulesError(
                f"Tournee Skat has its own rules: the Skat option {changed[0]} does not apply"
            )
        rng = shuffler(dealing) if deal is None or given(dealing) else None
        if deal is None:
            assert rng is not None
            deal = Deal.random(rng)
        skat = cards_of(deal.skat_mask)
        if top is None:
            first = skat[rng.randrange(2)] if rng is not None else skat[0]
        else:
            try:
                first = Card.parse(top) if isinstance(top, str) else top
            except CardParseError as exc:
                raise ValueError(str(exc)) from None
            if first not in skat:
                raise ValueError(f"the top card {first} is not in the skat ({CardSet(skat)})")
        second = skat[1] if first is skat[0] else skat[0]
        self.deal = deal
        self.rules = rules
        self.order = (first, second)
        self.phase = BIDDING
        self._auction = Auction.start(TOURNEE_BIDS)
        self._play = Play.start(deal.hand_masks)
        self._skat = deal.skat_mask
        self.to_move = self._auction.turn
        self.kind = None
        self._turned: tuple[Card, ...] = ()
        self.contract = None
        self._resigned = 0
        self._result: TourneeResult | None = None
        self._start_record()

    # ------------------------------------------------------------------ properties

    @property
    def is_over(self) -> bool:
        """True when the game has ended (played out, resigned, or passed in)."""
        return self.phase == DONE

    @property
    def result(self) -> TourneeResult | None:
        """The scored result once the game is over (``contract`` is ``None`` if passed in)."""
        return self._result

    @property
    def declarer(self) -> int | None:
        """Seat of the declarer once the auction is over (``None`` before or when passed in)."""
        return self._auction.winner

    @property
    def bid(self) -> int:
        """The highest bid so far (0 if none)."""
        return self._auction.bid_value

    def points(self) -> tuple[int, int]:
        """Card points taken so far in tricks: (declarer, defenders); the skat not included."""
        return self._play.points(max(self._auction.declarer, 0))

    @property
    def turned(self) -> tuple[Card, ...]:
        """The skat cards turned face up for a Tournée (none, the top card, or both)."""
        return self._turned

    @property
    def second_card(self) -> bool:
        """True when the declarer refused the first turned card (passt mir nicht)."""
        return len(self._turned) == 2

    @property
    def skat(self) -> CardSet:
        """The skat now: as dealt (turned cards included), empty while the declarer holds it,
        or the two cards he put away."""
        return CardSet(0 if self.phase == DISCARD else self._skat)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[TourneeAction]:
        """The moves of the seat to move (empty when the game is over); resigning is listed
        by :meth:`end_actions`."""
        phase = self.phase
        if phase == PLAY:
            return list(cards_of(self._play.playable(self.to_move)))
        if phase == BIDDING:
            auction = self._auction
            if auction.answering:
                return [HOLD, PASS]
            return [*bids_above(auction.bid_value), PASS]
        if phase == SKAT:
            return [TURN, PICK_UP, *self._reachable(_SOLO_DECLARES, SOLO)]
        if phase == TURNED:
            out: list[TourneeAction] = list(self._tournee_declares())
            if len(self._turned) == 1:
                out.append(PASST_MIR_NICHT)
            return out
        if phase == DISCARD:
            idx = [c.bit for c in cards_of(self._play.hands[self._auction.declarer])]
            return [DISCARDS[a | b] for i, a in enumerate(idx) for b in idx[i + 1 :]]
        if phase == DECLARE:
            return list(self._reachable(_GUCKSER_DECLARES, GUCKSER))
        return []

    def end_actions(self) -> list[TourneeAction]:
        """Resignations open now (during the play): the declarer alone, or both defenders."""
        if self.phase != PLAY:
            return []
        return [RESIGNS[s] for s in range(3) if not self._resigned >> s & 1]

    def _tournee_declares(self) -> tuple[Declare, ...]:
        card = self._turned[-1]
        suit = Declare.of(Contract.make(GameType(int(card.suit))))
        if card.rank == _JACK:
            return (suit, Declare.of(Contract.make(GRAND)))
        return (suit,)

    def _best_value(self, kind: str, contract: Contract) -> int:
        hand = self._play.hands[self._auction.declarer]
        gt = contract.game_type
        base = base_value(kind, contract)
        if gt == NULL:
            return base
        if kind == SOLO:
            m = best_case_matadors(gt, hand)
        else:  # the declarer knows all his 12 cards
            m = abs(matadors(gt, hand | self._skat))
        if contract.ouvert:  # Grand Ouvert: every level is announced
            return base * (m + fixed_levels(contract))
        return base * max_level(contract, m)

    def _reachable(self, candidates: tuple[Declare, ...], kind: str) -> tuple[Declare, ...]:
        """Declarations that can reach the bid arithmetically (all of them if none can)."""
        bid = self._auction.bid_value
        ok = tuple(a for a in candidates if self._best_value(kind, a.contract) >= bid)
        return ok or candidates

    # ------------------------------------------------------------------ validation

    def validate(self, action: TourneeAction | str, seat: int | None = None) -> TourneeAction:
        """Check an action (or its text) for ``seat`` (default: the seat to move; for a
        resignation its own seat).  A :class:`~skat.core.actions.Bid` is read as the
        :class:`TourneeBid` of its value.

        Returns the parsed action; raises :class:`~skat.core.errors.IllegalActionError` naming
        the reason.
        """
        action = _parsed(action)
        if seat is None:
            seat = action.seat if isinstance(action, Resign) else self.to_move
        who = _SEAT_NAMES[seat] if 0 <= seat < 3 else f"seat {seat}"
        phase = self.phase
        if phase == DONE:
            raise IllegalActionError("the game is over")
        if isinstance(action, Resign):
            return self._validate_resign(action, seat, who)
        if seat != self.to_move:
            raise IllegalActionError(f"it is {_SEAT_NAMES[self.to_move]}'s turn, not {who}'s")
        return self._VALIDATORS[phase](self, action, seat, who)

    def _validate_resign(self, action: Resign, seat: int, who: str) -> TourneeAction:
        if self.phase != PLAY:
            raise IllegalActionError("resigning is possible only during the play")
        if action.seat != seat:
            raise IllegalActionError(f"{who} cannot resign for seat {action.seat}")
        if self._resigned >> seat & 1:
            raise IllegalActionError(f"{who} has resigned already")
        return action

    def _validate_skat(self, action: TourneeAction, seat: int, who: str) -> TourneeAction:
        """Turn a card (Tournée), pick up the skat (Guckser) or declare a Solo."""
        if isinstance(action, (Turn, PickUp)):
            return action
        if isinstance(action, Declare):
            c = action.contract
            if not c.hand:
                raise IllegalActionError(
                    f"{c.describe()} is no Solo: turn a card (t) for a Tournée, pick up the"
                    " skat (s) for a Guckser, or declare a Hand game (a Solo)"
                )
            if c.ouvert and c.game_type != NULL and c.game_type != GRAND:
                raise IllegalActionError(f"there is no {c.describe()} in Tournee Skat")
            self._check_reachable(action, _SOLO_DECLARES, SOLO)
            return action
        raise IllegalActionError(
            f"{who} must turn a card (t), pick up the skat (s) or declare a Solo"
        )

    def _validate_turned(self, action: TourneeAction, seat: int, who: str) -> TourneeAction:
        """The turned card's suit (or Grand on a jack), or passt mir nicht."""
        if isinstance(action, PasstMirNicht):
            if len(self._turned) == 2:
                raise IllegalActionError("the second card decides: passt mir nicht is over")
            return action
        if isinstance(action, Declare):
            allowed = self._tournee_declares()
            if action not in allowed:
                card = self._turned[-1]
                choice = " or Grand" if card.rank == _JACK else ""
                raise IllegalActionError(
                    f"the turned {card} makes {card.suit.english}{choice} trumps, not"
                    f" {action.contract.describe()}"
                )
            return action
        raise IllegalActionError(
            f"{who} must take the turned card's suit or say passt mir nicht (pmn)"
        )

    def _validate_discard(self, action: TourneeAction, seat: int, who: str) -> TourneeAction:
        if not isinstance(action, Discard):
            raise IllegalActionError(f"{who} must put two cards into the skat first")
        hand = self._play.hands[seat]
        if action.mask & ~hand:
            raise IllegalActionError(f"{who} does not hold {CardSet(action.mask & ~hand)}")
        return action

    def _validate_guckser(self, action: TourneeAction, seat: int, who: str) -> TourneeAction:
        """The Guckser's game: Grand, Null or Null Ouvert."""
        if not isinstance(action, Declare):
            raise IllegalActionError(f"{who} must declare the Guckser now")
        if action not in _GUCKSER_DECLARES:
            raise IllegalActionError(
                f"a Guckser is Grand (G), Null (N) or Null Ouvert (NO), not"
                f" {action.contract.describe()}"
            )
        self._check_reachable(action, _GUCKSER_DECLARES, GUCKSER)
        return action

    def _validate_card(self, action: TourneeAction, seat: int, who: str) -> TourneeAction:
        if not isinstance(action, Card):
            raise IllegalActionError(f"{who} must play a card, not {action}")
        return _checked(action, self._play.refusal(seat, action, who))

    def _validate_bidding(self, action: TourneeAction, seat: int, who: str) -> TourneeAction:
        """Skat's auction over the Tournee ladder: bid, hold or pass."""
        if isinstance(action, Pass):
            return action
        if isinstance(action, (Hold, TourneeBid)):
            value = action.value if isinstance(action, TourneeBid) else None
            return _checked(action, self._auction.refusal(value, who))
        raise IllegalActionError(f"the auction is on: {who} cannot {action}")

    _VALIDATORS: Final[
        dict[TourneePhase, Callable[[TourneeState, TourneeAction, int, str], TourneeAction]]
    ] = {
        BIDDING: _validate_bidding,
        SKAT: _validate_skat,
        TURNED: _validate_turned,
        DISCARD: _validate_discard,
        DECLARE: _validate_guckser,
        PLAY: _validate_card,
    }

    def _check_reachable(self, action: Declare, candidates: tuple[Declare, ...], kind: str) -> None:
        if action in self._reachable(candidates, kind):
            return
        c = action.contract
        best = self._best_value(kind, c)
        raise IllegalActionError(
            f"{c.describe()} ({kind}) can reach at most {best}, less than the bid {self.bid}"
        )

    # ------------------------------------------------------------------ applying

    def apply(self, action: TourneeAction | str, seat: int | None = None) -> TourneeEvent:
        """Validate and apply an action (or its text); returns the recorded event."""
        action = self.validate(action, seat)
        if seat is None:
            seat = action.seat if isinstance(action, Resign) else self.to_move
        self._push_undo()
        d = self._auction.declarer
        if isinstance(action, Card):
            self._lay(seat, action)
        elif isinstance(action, (TourneeBid, Hold, Pass)):
            self._auction_step(action)
        elif isinstance(action, Turn):
            self.kind = TOURNEE
            self._turned = (self.order[0],)
            self.phase = TURNED
        elif isinstance(action, PasstMirNicht):
            self._turned = self.order
        elif isinstance(action, PickUp):
            self.kind = GUCKSER
            self._take_skat()
        elif isinstance(action, Discard):
            self._play = self._play.with_hand(d, remove=action.mask)
            self._skat = action.mask
            if self.kind == TOURNEE:
                self._start_play()
            else:
                self.phase = DECLARE
        elif isinstance(action, Declare):
            self.contract = action.contract
            if self.phase == SKAT:
                self.kind = SOLO
                self._start_play()
            elif self.phase == TURNED:
                self._take_skat()
            else:
                self._start_play()
        elif isinstance(action, Resign):
            self._resign(seat)
        event = TourneeEvent(seat, action)
        self.history.append(event)
        return event

    def _take_skat(self) -> None:
        self._play = self._play.with_hand(self._auction.declarer, add=self._skat)
        self._skat = 0
        self.phase = DISCARD

    def _start_play(self) -> None:
        assert self.contract is not None
        self.phase = PLAY
        self._play = self._play.for_game(self.contract.game_type)
        self.to_move = 0

    def _auction_step(self, action: TourneeBid | Hold | Pass) -> None:
        auction = self._auction
        if isinstance(action, TourneeBid):
            auction = auction.bid(action.value)
        elif isinstance(action, Hold):
            auction = auction.hold()
        else:
            auction = auction.pass_()
        self._auction = auction
        self.to_move = auction.turn
        if auction.over:
            if auction.declarer >= 0:
                self.phase = SKAT
            else:
                self.phase = DONE
                self._result = TourneeResult(None, rules=self.rules)

    def _lay(self, seat: int, card: Card) -> None:
        """``seat`` lays ``card``; a full trick closes, and may end the game (the declarer's
        first trick in Null, the defenders' first against Schwarz announced, the tenth)."""
        play = self._play.lay(seat, card.index)
        if len(play.trick) < 3:
            self._play = play
            self.to_move = (seat + 1) % 3
            return
        play, winner = play.close()
        self._play = play
        self.to_move = winner
        contract = self.contract
        assert contract is not None
        if winner == self._auction.declarer:
            ends = contract.game_type == NULL
        else:
            ends = contract.schwarz_announced
        if ends or play.completed == 10:
            self._finish()

    def _resign(self, seat: int) -> None:
        self._resigned |= 1 << seat
        d = self._auction.declarer
        if seat == d:
            self._play = give_rest(self._play, d, to_declarer=False)
            self._finish(declarer_resigned=True)
            return
        defenders = 7 & ~(1 << d)
        if self._resigned & defenders == defenders:
            self._play = give_rest(self._play, d, to_declarer=self._play.game_type != NULL)
            self._finish(defenders_resigned=True)

    def _finish(self, declarer_resigned: bool = False, defenders_resigned: bool = False) -> None:
        contract = self.contract
        kind = self.kind
        assert contract is not None and kind is not None
        d = self._auction.declarer
        won, _, tricks, defender_tricks = self._play.party(d)
        self.phase = DONE
        self._result = score_tournee(
            kind,
            contract,
            bid=self.bid,
            cards=self.deal.hand_masks[d] | self.deal.skat_mask,
            points=points_of(won | self._skat),
            tricks=tricks,
            defender_tricks=defender_tricks,
            second_card=len(self._turned) == 2,
            declarer=d,
            declarer_resigned=declarer_resigned,
            defenders_resigned=defenders_resigned,
            trick_complete=self._play.completed > 0,
            rules=self.rules,
        )

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> TourneeView:
        """What ``seat`` knows: its own hand, everything public, and nothing else."""
        done = self.phase == DONE
        d = self._auction.declarer
        is_declarer = seat == d
        took_skat = self.kind in (TOURNEE, GUCKSER) and self.phase >= DISCARD
        history: list[TourneeEvent | tuple[int, None]] = []
        for ev in self.history:
            if isinstance(ev.action, Discard) and not is_declarer and not done:
                history.append((ev.seat, None))
            else:
                history.append(ev)
        skat: CardSet | None = None
        discard: CardSet | None = None
        if done or (is_declarer and took_skat):
            skat = CardSet(self.deal.skat_mask)
            if took_skat and self.phase > DISCARD:
                discard = CardSet(self._skat)
        open_hand: CardSet | None = None
        c = self.contract
        if d >= 0 and not is_declarer and c is not None and c.ouvert and self.phase >= PLAY:
            open_hand = CardSet(self._play.hands[d])
        return TourneeView(
            seat=seat,
            phase=self.phase,
            to_move=None if done else self.to_move,
            hand=self.hand(seat),
            declarer=self.declarer,
            bid=self.bid,
            kind=self.kind,
            contract=c,
            turned=self._turned,
            skat=skat,
            discard=discard,
            open_hand=open_hand,
            tricks=self.tricks,
            current_trick=self.current_trick,
            trick_leader=self._play.leader,
            history=tuple(history),
            legal_actions=tuple(self.legal_actions()) if seat == self.to_move and not done else (),
            rules=self.rules,
            result=self._result,
        )

    def __repr__(self) -> str:
        return f"<TourneeState {self.phase.name} to_move={self.to_move} events={len(self.history)}>"


__all__ = [
    "BIDDING",
    "DECLARE",
    "DISCARD",
    "DONE",
    "GUCKSER",
    "KINDS",
    "PASST_MIR_NICHT",
    "PLAY",
    "SKAT",
    "SOLO",
    "TOURNEE",
    "TOURNEE_BIDS",
    "TURN",
    "TURNED",
    "PasstMirNicht",
    "TourneeAction",
    "TourneeBid",
    "TourneeEvent",
    "TourneePhase",
    "TourneeResult",
    "TourneeState",
    "TourneeView",
    "Turn",
    "base_value",
    "parse_tournee_action",
    "score_tournee",
]
