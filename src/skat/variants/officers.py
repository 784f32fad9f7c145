"""Officers' Skat (Offiziersskat, also Zweimann-Skat, Skat zu zweit): Skat for two without
bidding and without a skat.

Each player has 16 cards on the table in eight piles (two rows of four): a face-down card with
a face-up card on top.  The dealer deals four face-down cards to the non-dealer (Forehand,
seat 0) and four to himself (seat 1), then four face-up cards onto Forehand's first row; from
these four cards alone Forehand declares the game: a suit, Grand or (unless switched off) Null.
Then the dealer's first face-up row and both second rows (face down, then face up) are dealt.

Forehand leads the first trick; the winner of a trick leads the next.  Only face-up cards can
be played, and only they count for following suit: a player must follow with a face-up card if
he can.  When a face-up card has been played, the card under it is turned face up at the end
of the trick.  16 tricks of two cards; Forehand (the declarer) wins a suit game or Grand with
61 card points or more (60 each: the dealer wins), a Null game by taking no trick (the game
ends at his first trick).  Scoring as in Skat (``score()``): game value = base value ×
(matadors over the declarer's 16 cards + 1 + Schneider + Schwarz), won: +value, lost:
−2 × value, with no bid (so no overbid) and no Hand level.  Sources and decisions:
``docs/variants/two-player.md``.

>>> deal = OfficersDeal.parse(
...     "CJ HA HT H9 SA S7 D8 C8 | SJ HK H8 SK ST DA CA C7 |"
...     " HJ CT CK CQ C9 DT DK DQ | DJ HQ H7 SQ S9 S8 D9 D7")
>>> state = OfficersState(deal)
>>> state.view(1).face_up                  # before the declaration: Forehand's first row only
(CardSet.parse('CJ HA HT H9'), CardSet.parse(''))
>>> [str(a) for a in state.legal_actions()]
['D', 'H', 'S', 'C', 'G', 'N']
>>> _ = state.apply("H")                      # Hearts: now all face-up cards lie on the table
>>> state.view(1).face_up[1]
CardSet.parse('HJ CT CK CQ C9 DT DK DQ')
>>> _ = state.apply("HA")
>>> [str(a) for a in state.legal_actions()] # the dealer must follow trumps with a face-up card
['HJ']
>>> _ = state.apply("HJ")
>>> state.tricks[-1].winner, state.view(0).piles[0][1], state.view(0).piles[1][0]
(1, Pile(top=Card.parse('HK'), hidden=False), Pile(top=Card.parse('DJ'), hidden=False))
>>> state.apply("SA", seat=0)
Traceback (most recent call last):
...
skat.core.errors.IllegalActionError: it is the dealer's turn, not Forehand's
"""

from __future__ import annotations

import random as _random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple, Unpack

from skat.core.actions import (
    Action,
    ActionParseError,
    Declare,
    Event,
    Resign,
    parse_action,
)
from skat.core.cards import ALL_MASK, CARDS, Card, CardSet, cards_of, points_of
from skat.core.contracts import NULL, Contract
from skat.core.deal import read_cards, shuffled
from skat.core.play import Play
from skat.core.rules import ISKO, Rules
from skat.core.scoring import Result, score
from skat.core.state import DECLARE, DONE, PLAY, IllegalActionError, Phase
from skat.core.tricks import Trick
from skat.variants.dealing import Dealing, shuffler
from skat.variants.snapshots import Snapshots
from skat.variants.table import TrickTable

FOREHAND: Final = 0
"""The non-dealer: declares and leads the first trick."""
DEALER: Final = 1
"""The dealer: plays against Forehand's game."""

PILES: Final = 8
"""Piles per player: two rows of four."""
TRICKS: Final = 16

_NAMES: Final = ("Forehand", "the dealer")
_DECLARATIONS: Final = tuple(Declare.parse(code) for code in ("D", "H", "S", "C", "G", "N"))

# pack positions (top card first) in the traditional deal: row 1 face down to Forehand and the
# dealer, row 1 face up to Forehand (he declares now), row 1 face up to the dealer, then row 2
# face down and face up the same way.  (player, pile, face_up) per position:
_PATTERN: Final = tuple(
    (player, row * 4 + i, up)
    for row in (0, 1)
    for up, player in ((False, 0), (False, 1), (True, 0), (True, 1))
    for i in range(4)
)


class OfficersDealError(ValueError):
    """A layout that is not 2 × 8 piles of two cards, each card once."""


class OfficersDeal:
    """The layout of one game: per player eight piles of a face-up card on a face-down card;
    piles 0-3 are the first row (Forehand's first row is what he declares from).  Immutable.

    Text form: Forehand's eight face-up cards, his eight face-down cards (pile order), then
    the dealer's face-up and face-down cards, separated by ``|``.

    >>> import random
    >>> d = OfficersDeal.random(random.Random(3))
    >>> OfficersDeal.parse(str(d)) == d, [len(CardSet(m)) for m in d.hand_masks]
    (True, [16, 16])
    """

    __slots__ = ("down", "up")

    up: tuple[tuple[Card, ...], tuple[Card, ...]]
    down: tuple[tuple[Card, ...], tuple[Card, ...]]

    def __init__(self, up: Sequence[Sequence[Card]], down: Sequence[Sequence[Card]]) -> None:
        if len(up) != 2 or len(down) != 2:
            raise OfficersDealError("a layout has two players' face-up and face-down cards")
        seen = 0
        for rows in (up, down):
            for cards in rows:
                if len(cards) != PILES or not all(isinstance(c, Card) for c in cards):
                    raise OfficersDealError(f"each player has {PILES} piles, got {len(cards)}")
                for c in cards:
                    if seen & c.bit:
                        raise OfficersDealError(f"card dealt twice: {c}")
                    seen |= c.bit
        if seen != ALL_MASK:  # pragma: no cover - implied by the counts
            raise OfficersDealError("a layout uses all 32 cards")
        object.__setattr__(self, "up", (tuple(up[0]), tuple(up[1])))
        object.__setattr__(self, "down", (tuple(down[0]), tuple(down[1])))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("OfficersDeal is immutable")

    def __reduce__(self) -> tuple[type[OfficersDeal], tuple[object, ...]]:
        return (OfficersDeal, (self.up, self.down))

    @staticmethod
    def random(rng: _random.Random) -> OfficersDeal:
        """Shuffle with ``rng`` and lay out the cards in the traditional order."""
        return OfficersDeal.from_pack(shuffled(rng))

    @staticmethod
    def from_pack(pack: Sequence[int | Card]) -> OfficersDeal:
        """Lay out a shuffled pack (top card first): four face down to Forehand, four to the
        dealer, four face up to Forehand, four to the dealer, then the second row alike."""
        if len(pack) != 32:
            raise OfficersDealError(f"a pack has 32 cards, got {len(pack)}")
        up: list[list[Card]] = [[CARDS[0]] * PILES, [CARDS[0]] * PILES]
        down: list[list[Card]] = [[CARDS[0]] * PILES, [CARDS[0]] * PILES]
        for (player, pile, face_up), card in zip(_PATTERN, pack, strict=True):
            (up if face_up else down)[player][pile] = CARDS[int(card)]
        return OfficersDeal(up, down)

    @staticmethod
    def parse(text: str) -> OfficersDeal:
        """Read 32 cards: Forehand's face-up 8 and face-down 8, the dealer's face-up 8 and
        face-down 8, each in pile order (separators: spaces, dots, commas or ``|``)."""
        cards = read_cards(
            text,
            OfficersDealError,
            "layout",
            "Forehand's 8 face up and 8 face down, the dealer's 8 face up and 8 face down",
        )
        return OfficersDeal((cards[0:8], cards[16:24]), (cards[8:16], cards[24:32]))

    @property
    def up_masks(self) -> tuple[int, int]:
        """Each player's face-up cards as dealt."""
        return (_mask(self.up[0]), _mask(self.up[1]))

    @property
    def down_masks(self) -> tuple[int, int]:
        """Each player's face-down cards as dealt."""
        return (_mask(self.down[0]), _mask(self.down[1]))

    @property
    def hand_masks(self) -> tuple[int, int]:
        """Each player's 16 cards."""
        (u0, u1), (d0, d1) = self.up_masks, self.down_masks
        return (u0 | d0, u1 | d1)

    def owner(self, card: Card) -> int:
        """The player whose layout holds ``card``."""
        return 0 if self.hand_masks[0] & card.bit else 1

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OfficersDeal) and (self.up, self.down) == (other.up, other.down)

    def __hash__(self) -> int:
        return hash((self.up, self.down))

    def __str__(self) -> str:
        groups = (self.up[0], self.down[0], self.up[1], self.down[1])
        return " | ".join(" ".join(c.name for c in g) for g in groups)

    def __repr__(self) -> str:
        return f"OfficersDeal.parse({str(self)!r})"


def _mask(cards: Sequence[Card]) -> int:
    m = 0
    for c in cards:
        m |= c.bit
    return m


OfficersTrick = Trick
"""A completed trick of Officers' Skat: a :class:`~skat.core.tricks.Trick` of two cards."""


class Pile(NamedTuple):
    """One pile as the players see it: the face-up card on top (``None`` when the pile is
    empty, its top card is in the trick, or it is not dealt yet), and whether a face-down card
    lies in it."""

    top: Card | None
    hidden: bool


@dataclass(frozen=True)
class OfficersView:
    """Everything one player knows, and nothing more: the face-down cards are hidden from both
    players, so the two views differ only in ``seat``, ``hand`` and ``legal_actions``.

    ``piles`` are both layouts (``piles[player][pile]``); ``face_up`` the face-up cards of each
    player and ``hand`` the seat's own (the cards it can play).  Before the declaration only
    Forehand's first row is face up.
    """

    seat: int
    phase: Phase
    to_move: int | None
    hand: CardSet
    declarer: int
    contract: Contract | None
    face_up: tuple[CardSet, CardSet]
    piles: tuple[tuple[Pile, ...], tuple[Pile, ...]]
    tricks: tuple[Trick, ...]
    current_trick: tuple[Card, ...]
    trick_leader: int
    history: tuple[Event, ...]
    legal_actions: tuple[Action, ...]
    rules: Rules
    result: Result | None


_SNAPSHOT_FIELDS: Final[tuple[str, ...]] = (
    "phase",
    "to_move",
    "contract",
    "_play",
    "_down",
    "_result",
)


class OfficersState(TrickTable, Snapshots[Event]):
    """One game of Officers' Skat (see the module doc), with the methods of
    :class:`~skat.core.state.GameState`.

    ``deal`` defaults to a layout shuffled with ``rng`` (or a fresh ``random.Random(seed)``);
    ``null=False`` leaves Null out of the declarations.  Seat 0 is Forehand (the declarer),
    seat 1 the dealer.

    The cards in play are a :class:`~skat.core.play.Play` whose hands are the face-up cards
    (the third seat's is empty); the face-down cards lie beside it until turned up.
    """

    __slots__ = (
        "_declarations",
        "_down",
        "_play",
        "_result",
        "_under",
        "_undo",
        "contract",
        "deal",
        "history",
        "phase",
        "rules",
        "to_move",
    )

    SNAPSHOT_FIELDS = _SNAPSHOT_FIELDS
    variant: Final = "officers"

    deal: OfficersDeal
    rules: Rules
    phase: Phase
    to_move: int
    contract: Contract | None
    history: list[Event]
    _play: Play

    def __init__(
        self,
        deal: OfficersDeal | None = None,
        rules: Rules = ISKO,
        *,
        null: bool = True,
        **dealing: Unpack[Dealing],
    ) -> None:
        if deal is None:
            deal = OfficersDeal.random(shuffler(dealing))
        self.deal = deal
        self.rules = rules
        self._declarations: tuple[Declare, ...] = _DECLARATIONS if null else _DECLARATIONS[:5]
        under = [0] * 32
        for player in (0, 1):
            for top, below in zip(deal.up[player], deal.down[player], strict=True):
                under[top.index] = below.bit
        self._under: tuple[int, ...] = tuple(under)
        self.phase = DECLARE
        self.to_move = FOREHAND
        self.contract = None
        up = deal.up_masks
        self._play = Play.start((up[0], up[1], 0))
        self._down: tuple[int, int] = deal.down_masks
        self._result: Result | None = None
        self._start_record()

    # ------------------------------------------------------------------ properties

    @property
    def null(self) -> bool:
        """Whether Null may be declared in this game (``OfficersState(null=...)``)."""
        return len(self._declarations) == len(_DECLARATIONS)

    @property
    def declarer(self) -> int:
        """Forehand (seat 0) always declares."""
        return FOREHAND

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return self.phase == DONE

    @property
    def result(self) -> Result | None:
        """The scored result once the game is over."""
        return self._result

    def face_up(self, seat: int) -> CardSet:
        """The face-up cards ``seat`` can play now (whether or not already dealt face up)."""
        return CardSet(self._play.hands[seat])

    def face_down(self, seat: int) -> CardSet:
        """The face-down cards still lying in ``seat``'s layout."""
        return CardSet(self._down[seat])

    def hand(self, seat: int) -> CardSet:
        """All cards still in ``seat``'s layout, face up and face down."""
        return CardSet(self._play.hands[seat] | self._down[seat])

    def declarer_cards(self) -> CardSet:
        """The declarer's 16 cards as dealt, for the matadors."""
        return CardSet(self.deal.hand_masks[FOREHAND])

    def points(self) -> tuple[int, int]:
        """Card points taken so far: (declarer, dealer)."""
        return self._play.points(FOREHAND)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[Action]:
        """The moves of the seat to move (empty when the game is over); resigning is listed
        by :meth:`end_actions`."""
        if self.phase == PLAY:
            return list(cards_of(self._play.playable(self.to_move)))
        if self.phase == DECLARE:
            return list(self._declarations)
        return []

    def end_actions(self) -> list[Action]:
        """During the play either player may resign: the other takes the remaining tricks."""
        if self.phase != PLAY:
            return []
        return [Resign(FOREHAND), Resign(DEALER)]

    # ------------------------------------------------------------------ validation

    def validate(self, action: Action | str, seat: int | None = None) -> Action:
        """Check an action (or its text) for ``seat`` (default: the seat to move, for a
        resignation its own seat); returns the parsed action or raises
        :class:`~skat.core.errors.IllegalActionError` naming the reason."""
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except ActionParseError as exc:
                raise IllegalActionError(str(exc)) from None
        if seat is None:
            seat = action.seat if isinstance(action, Resign) else self.to_move
        if seat not in (0, 1):
            raise IllegalActionError(f"Officers' Skat has seats 0 and 1, not {seat!r}")
        who = _NAMES[seat]
        title = who[0].upper() + who[1:]  # at the start of a sentence
        if self.phase == DONE:
            raise IllegalActionError("the game is over")
        if isinstance(action, Resign):
            if self.phase != PLAY:
                raise IllegalActionError("resigning is possible only during the play")
            if action != Resign(seat):
                raise IllegalActionError(f"{title} cannot resign for seat {action.seat}")
            return action
        if seat != self.to_move:
            raise IllegalActionError(f"it is {_NAMES[self.to_move]}'s turn, not {who}'s")
        if self.phase == DECLARE:
            return self._validate_declaration(action, title)
        return self._validate_card(action, seat, title)

    def _validate_declaration(self, action: Action, title: str) -> Action:
        """Forehand's declaration: a suit, Grand or (if allowed) Null, nothing else."""
        if not isinstance(action, Declare):
            raise IllegalActionError(f"{title} must declare the game first")
        if action not in self._declarations:
            c = action.contract
            if c.game_type == NULL and not (c.hand or c.ouvert):
                raise IllegalActionError("Null is not played under these rules")
            allowed = " ".join(str(a) for a in self._declarations)
            raise IllegalActionError(
                f"Officers' Skat has no skat, no Hand game and no announcements: "
                f"declare one of {allowed}, not {c.code}"
            )
        return action

    def _validate_card(self, action: Action, seat: int, title: str) -> Action:
        """A face-up card of ``seat``'s, following the led suit if it can."""
        if not isinstance(action, Card):
            raise IllegalActionError(f"{title} must play a card, not {action}")
        if not self._play.hands[seat] & action.bit:  # the same words wherever the card lies
            raise IllegalActionError(f"{title} has no face-up {action}")
        refusal = self._play.refusal(seat, action, title)
        if refusal is not None:
            raise IllegalActionError.of(refusal)
        return action

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action | str, seat: int | None = None) -> Event:
        """Validate and apply an action (or its text); returns the recorded event."""
        action = self.validate(action, seat)
        if seat is None:
            seat = action.seat if isinstance(action, Resign) else self.to_move
        self._push_undo()
        if isinstance(action, Declare):
            self.contract = action.contract
            self._play = self._play.for_game(action.contract.game_type)
            self.phase = PLAY
        elif isinstance(action, Card):
            self._lay(seat, action)
        elif isinstance(action, Resign):
            self._give_rest(to_declarer=seat == DEALER and self._play.game_type != NULL)
            self._finish(declarer_resigned=seat == FOREHAND, defenders_resigned=seat == DEALER)
        event = Event(seat, action)
        self.history.append(event)
        return event

    def _lay(self, seat: int, card: Card) -> None:
        """``seat`` lays ``card``; the second card closes the trick, and the cards under the
        two played face-up cards are turned face up.  Forehand's first trick ends a Null game,
        the 16th trick every game."""
        play = self._play.lay(seat, card.index)
        if len(play.trick) == 1:
            self._play = play
            self.to_move = 1 - seat
            return
        trick, leader = play.trick, play.leader
        play, winner = play.close_pair()
        down = list(self._down)
        for player, idx in ((leader, trick[0]), (1 - leader, trick[1])):
            below = self._under[idx] & down[player]
            if below:
                down[player] &= ~below
                play = play.with_hand(player, add=below)
        self._down = (down[0], down[1])
        self._play = play
        self.to_move = winner
        if (winner == FOREHAND and play.game_type == NULL) or play.completed == TRICKS:
            self._finish()

    def _give_rest(self, to_declarer: bool) -> None:
        """Every card still in the layouts and the trick goes to one player, with the tricks
        still to play."""
        down0, down1 = self._down
        play = self._play.with_hand(0, add=down0).with_hand(1, add=down1)
        self._down = (0, 0)
        self._play = play.give_rest(FOREHAND if to_declarer else DEALER, TRICKS)

    def _finish(self, declarer_resigned: bool = False, defenders_resigned: bool = False) -> None:
        contract = self.contract
        assert contract is not None
        won, _, tricks, defender_tricks = self._play.party(FOREHAND)
        self.phase = DONE
        self._result = score(
            contract,
            bid=0,
            cards=self.deal.hand_masks[FOREHAND],
            points=points_of(won),
            tricks=tricks,
            defender_tricks=defender_tricks,
            declarer=FOREHAND,
            declarer_resigned=declarer_resigned,
            defenders_resigned=defenders_resigned,
            trick_complete=self._play.completed > 0,
            rules=self.rules,
        )

    # ------------------------------------------------------------------ views

    def _pile(self, player: int, pile: int) -> Pile:
        top = self.deal.up[player][pile]
        below = self.deal.down[player][pile]
        up, down = self._play.hands[player], self._down[player]
        if up & top.bit:
            dealt = self.phase != DECLARE or (player == FOREHAND and pile < 4)
            return Pile(top if dealt else None, True)
        if down & below.bit:  # the top card is in the current trick
            return Pile(None, True)
        return Pile(below if up & below.bit else None, False)

    def view(self, seat: int) -> OfficersView:
        """What ``seat`` knows: both layouts' face-up cards and everything public."""
        piles = tuple(tuple(self._pile(p, i) for i in range(PILES)) for p in (0, 1))
        face_up = tuple(
            CardSet(c for c in (pile.top for pile in ps) if c is not None) for ps in piles
        )
        done = self.phase == DONE
        return OfficersView(
            seat=seat,
            phase=self.phase,
            to_move=None if done else self.to_move,
            hand=face_up[seat],
            declarer=FOREHAND,
            contract=self.contract,
            face_up=(face_up[0], face_up[1]),
            piles=(piles[0], piles[1]),
            tricks=self.tricks,
            current_trick=self.current_trick,
            trick_leader=self._play.leader,
            history=tuple(self.history),
            legal_actions=tuple(self.legal_actions()) if seat == self.to_move and not done else (),
            rules=self.rules,
            result=self._result,
        )

    def __repr__(self) -> str:
        return (
            f"<OfficersState {self.phase.name} to_move={self.to_move} events={len(self.history)}>"
        )


__all__ = [
    "DEALER",
    "FOREHAND",
    "OfficersDeal",
    "OfficersDealError",
    "OfficersState",
    "OfficersTrick",
    "OfficersView",
    "Pile",
]
