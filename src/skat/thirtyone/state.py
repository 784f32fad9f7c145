"""One round (one deal) of Scat as a state machine.

The dealer deals three cards to every player still in, turns up one card to start the discard
pile and leaves the rest as the stock.  The player to the dealer's left begins; play goes
clockwise (to the next seat number).  A turn is: draw the top card of the stock or of the
discard pile, then discard one card (not the card just taken from the pile) — or knock
instead of drawing, keeping the hand; then every other player has one last turn and all hands
are shown.  A hand of 31 is shown at once, on the deal, after any discard, even after a knock.

>>> import random
>>> from skat.thirtyone.cards import parse_cards
>>> from skat.thirtyone.rules import Rules
>>> r = Round.from_cards(
...     hands=["HA HK D2", "S3 S4 C9", "CK CQ D5"], upcard="H5", stock="H10 C2 D3 D4",
...     dealer=2)
>>> r.to_move, [str(a) for a in r.legal_actions()]
(0, ['stock', 'pile', 'knock'])
>>> r.apply("stock")                 # the stock's top card is the first one listed: ♥10
Event(seat=0, action=Draw(source='stock'), card=Card.parse('HT'))
>>> _ = r.apply("D2")                # ♥A ♥K ♥10: 31, shown at once
>>> r.result.reason, r.result.losses
('31', (0, 1, 1))
>>> r.undo(); r.undo(); r.to_move, len(r.hand(0))
(0, 3)
>>> r.apply("D2")
Traceback (most recent call last):
...
skat.thirtyone.state.IllegalActionError: draw first: from the stock or the pile, or knock
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar, Final

from skat.thirtyone.actions import (
    DRAW_PILE,
    DRAW_STOCK,
    KNOCK,
    STAND,
    THROW_DOWN,
    Action,
    ActionError,
    Call,
    Discard,
    Draw,
    Event,
    parse_action,
)
from skat.thirtyone.cards import Card, pack, parse_cards, show
from skat.thirtyone.hands import format_value, is_instant, value2
from skat.thirtyone.rules import Rules

_TURNS: Final[dict[str, type[Round]]] = {}  # turn -> the class of its round
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 9


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the message says why."""


class Phase(Enum):
    """Where a round is: a turn begins (DRAW: draw or knock), the drawn card is held
    (DISCARD), or the round is over."""

    DRAW = "draw"
    DISCARD = "discard"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended and who loses how many lives.

    ``reason``: ``deal`` (31 dealt), ``31`` (31 shown after a discard or a swap), ``showdown``
    (after a knock), ``throw`` (a throw-down) or ``draw`` (the stock ran out; nobody loses).
    ``losses[p]`` lives player p loses; ``values[p]`` twice the hand value of a shown hand;
    ``shown[p]`` the cards p showed (empty when not shown).
    """

    reason: str
    losses: tuple[int, ...]
    values: tuple[int | None, ...]
    shown: tuple[tuple[Card, ...], ...]
    knocker: int | None
    thirty_one: tuple[int, ...] = ()

    def explain(self, names: Sequence[str] | None = None) -> str:
        """One line per fact, in the words players use."""
        n = len(self.losses)
        nm = list(names) if names is not None else [f"player {p}" for p in range(n)]
        lines = []
        for p, value in enumerate(self.values):
            if value is not None:
                lines.append(f"{nm[p]}: {show(self.shown[p])} = {format_value(value)}")
        if self.reason in ("deal", "31"):
            who = " and ".join(nm[p] for p in self.thirty_one)
            when = "on the deal" if self.reason == "deal" else "at once"
            best = max(v for v in self.values if v is not None)
            lines.append(
                f"{who} {'show' if len(self.thirty_one) > 1 else 'shows'} "
                f"{format_value(best)} {when}: everyone else loses a life"
            )
        elif self.reason == "draw":
            lines.append("the stock ran out: a draw, nobody loses")
        else:
            k = self.knocker
            verb = "threw down" if self.reason == "throw" else "knocked"
            if k is not None:
                lines.append(f"{nm[k]} {verb}")
        for p in range(n):
            if self.losses[p]:
                lives = "two lives" if self.losses[p] == 2 else "a life"
                lines.append(f"{nm[p]} loses {lives}")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class View:
    """Exactly what one seat knows: its own cards, every public fact, and the legal actions
    when it is to move.  ``known[p]`` are the cards of p's hand that everyone saw p take from
    the discard pile (or the open middle); ``history`` is the log as this seat saw it;
    ``middle`` the three open cards of Schwimmen (empty in Scat)."""

    seat: int
    players: int
    active: tuple[bool, ...]
    lives: tuple[int, ...]
    dealer: int
    to_move: int | None
    phase: Phase
    hand: tuple[Card, ...]
    drawn: Card | None
    discards: tuple[Card, ...]
    stock_size: int
    knocker: int | None
    known: tuple[tuple[Card, ...], ...]
    history: tuple[Event, ...]
    turns: int
    rules: Rules
    legal_actions: tuple[Action, ...]
    result: RoundResult | None
    out: tuple[bool, ...] = ()
    pack: tuple[Card, ...] = field(repr=False, default=())
    middle: tuple[Card, ...] = ()

    @property
    def top(self) -> Card | None:
        """The top card of the discard pile."""
        return self.discards[-1] if self.discards else None

    @property
    def value2(self) -> int:
        """Twice the value of this seat's three cards (of the cards kept when holding four)."""
        if len(self.hand) == 3:
            return value2(self.hand, self.rules)
        return max(value2(self.hand[:i] + self.hand[i + 1 :], self.rules) for i in range(4))


@dataclass(slots=True)
class _Snapshot:
    hands: list[list[Card]]
    stock: list[Card]
    discards: list[Card]
    discarded_by: list[int | None]
    known: list[set[Card]]
    to_move: int
    phase: Phase
    knocker: int | None
    drawn_from_pile: Card | None
    turns: int
    drawn_any: bool
    result: RoundResult | None
    log_len: int
    rng_state: object


def _check_deal(
    hands: Sequence[Sequence[Card]],
    stock: Sequence[Card],
    upcards: Sequence[Card],
    dealer: int,
    rules: Rules,
    active: tuple[bool, ...],
) -> None:
    """Raise ValueError unless the cards make a deal of Scat: one active flag per hand, the
    number of players in the round allowed, three cards for each active player (none for
    the others), every card once and from the pack of ``rules``, a dealer among the players.

    >>> _check_deal([[], []], [], [Card.parse("SA")], 0, Rules(), (True, True))
    Traceback (most recent call last):
    ...
    ValueError: player 0 must hold 3 cards, not 0
    """
    n = len(hands)
    if len(active) != n:
        raise ValueError(f"{n} hands but {len(active)} active flags")
    if not MIN_PLAYERS <= sum(active) <= MAX_PLAYERS:
        raise ValueError(f"Scat needs {MIN_PLAYERS} to {MAX_PLAYERS} players in the round")
    for p in range(n):
        want = 3 if active[p] else 0
        if len(hands[p]) != want:
            raise ValueError(f"player {p} must hold {want} cards, not {len(hands[p])}")
    everything = [c for h in hands for c in h] + list(stock) + list(upcards)
    if len(set(everything)) != len(everything):
        raise ValueError("a card is dealt twice")
    if not set(everything) <= set(pack(rules.pack)):
        raise ValueError(f"a card is not in the {rules.pack}-card pack")
    if not (0 <= dealer < n):
        raise ValueError(f"no dealer {dealer} among {n} players")


class Round:
    """One deal of Scat: ``legal_actions``, ``validate``, ``apply``, ``undo``, ``copy``,
    ``view(seat)``, ``result``.  Players are numbered 0..n-1 clockwise; ``active[p]`` is False
    for a player already out of the match (no cards, no turns).  A subclass is the round of
    another turn (``turn``, e.g. Schwimmen's :class:`~skat.thirtyone.swap.SwapRound`):
    :meth:`deal` and :meth:`from_cards` make the round of the turn the rules name."""

    turn: ClassVar[str] = "draw"
    open_cards: ClassVar[int] = 1
    default_rules: ClassVar[Rules] = Rules()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _TURNS[cls.turn] = cls

    def __init__(
        self,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        upcard: Card | Sequence[Card],
        dealer: int,
        rules: Rules | None = None,
        active: Sequence[bool] | None = None,
        lives: Sequence[int] | None = None,
        rng: random.Random | None = None,
    ) -> None:
        """``upcard``: the card turned up (Scat) or the cards laid open (``open_cards``)."""
        rules = rules or self.default_rules
        if rules.turn != self.turn:
            raise ValueError(f"a {type(self).__name__} needs turn={self.turn}, not {rules.turn}")
        opened = [upcard] if isinstance(upcard, Card) else list(upcard)
        if len(opened) != self.open_cards:
            raise ValueError(f"the deal lays {self.open_cards} open, not {len(opened)} cards")
        self.rules = rules
        n = len(hands)
        self.players = n
        self.active = tuple(active) if active is not None else (True,) * n
        _check_deal(hands, stock, opened, dealer, self.rules, self.active)
        self.dealer = dealer
        self.lives = tuple(lives) if lives is not None else (self.rules.lives,) * n
        self._rng = rng if rng is not None else random.Random(0)
        self._hands = [list(h) for h in hands]
        self._stock = list(stock)  # the top card is the last
        self._discards: list[Card] = []
        self._discarded_by: list[int | None] = []
        self._lay_open(opened)
        self._known: list[set[Card]] = [set() for _ in range(n)]
        self.to_move = self.next_player(dealer)
        self.phase = Phase.DRAW
        self.knocker: int | None = None
        self._drawn_from_pile: Card | None = None
        self.turns = 0
        self._drawn_any = False
        self.result: RoundResult | None = None
        self._log: list[Event] = []
        self._undo: list[_Snapshot] = []
        dealt = [p for p in range(n) if self.active[p] and is_instant(self._hands[p], self.rules)]
        if dealt:
            self._end_instant(dealt, "deal")

    def _lay_open(self, upcards: Sequence[Card]) -> None:
        """Scat: the up-card starts the discard pile."""
        self._discards.extend(upcards)
        self._discarded_by.extend([None] * len(upcards))

    # construction ---------------------------------------------------------------------------
    @classmethod
    def deal(
        cls,
        rng: random.Random,
        players: int,
        dealer: int = 0,
        rules: Rules | None = None,
        active: Sequence[bool] | None = None,
        lives: Sequence[int] | None = None,
    ) -> Round:
        """Shuffle the pack with ``rng`` and deal: three cards each, one at a time from the
        dealer's left, one card up, the rest the stock.

        The round is of the turn the rules name (``turn=swap``: three cards to the middle).

        >>> r = Round.deal(random.Random(7), 4)
        >>> [len(r.hand(p)) for p in range(4)], r.view(1).stock_size
        ([3, 3, 3, 3], 39)
        >>> type(Round.deal(random.Random(7), 4, rules=Rules(turn="swap"))).__name__
        'SwapRound'
        """
        rules = rules or cls.default_rules
        kind = _TURNS[rules.turn]
        act = tuple(active) if active is not None else (True,) * players
        hands, cards = deal_hands(rng, players, dealer, rules, act)
        opened = [cards.pop() for _ in range(kind.open_cards)]  # the stock's top is the last
        return kind(hands, cards, opened, dealer, rules, act, lives, rng)

    @classmethod
    def from_cards(
        cls,
        hands: Sequence[str],
        upcard: str,
        stock: str,
        dealer: int = 0,
        rules: Rules | None = None,
        active: Sequence[bool] | None = None,
        lives: Sequence[int] | None = None,
    ) -> Round:
        """A round from written cards; the stock is listed from its top card down;
        ``upcard`` is the card turned up (Schwimmen: the three cards of the middle)."""
        stock_cards = list(parse_cards(stock))
        stock_cards.reverse()
        kind = _TURNS[rules.turn] if rules is not None else cls
        return kind(
            [parse_cards(h) for h in hands],
            stock_cards,
            parse_cards(upcard),
            dealer,
            rules,
            active,
            lives,
        )

    # queries ----------------------------------------------------------------------------------
    def next_player(self, p: int) -> int:
        """The next active player clockwise after ``p``."""
        for i in range(1, self.players + 1):
            q = (p + i) % self.players
            if self.active[q]:
                return q
        raise AssertionError("no active player")

    def hand(self, p: int) -> tuple[Card, ...]:
        """Player p's cards (four while holding a drawn card)."""
        return tuple(self._hands[p])

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, its top card last."""
        return tuple(self._stock)

    @property
    def discards(self) -> tuple[Card, ...]:
        """The discard pile, its top card last (Schwimmen: the middles laid aside)."""
        return tuple(self._discards)

    @property
    def middle(self) -> tuple[Card, ...]:
        """The open middle of Schwimmen; Scat has none."""
        return ()

    @property
    def log(self) -> tuple[Event, ...]:
        """Every event with every card (the full record)."""
        return tuple(self._log)

    @property
    def over(self) -> bool:
        """Has the round ended?"""
        return self.phase is Phase.OVER

    @property
    def n_active(self) -> int:
        """Players in this round."""
        return sum(self.active)

    def legal_actions(self) -> list[Action]:
        """Every action the player to move may take now (empty once the round is over)."""
        if self.phase is Phase.OVER:
            return []
        if self.phase is Phase.DISCARD:
            return [Discard(c) for c in self._hands[self.to_move] if c != self._drawn_from_pile]
        out: list[Action] = []
        if self._stock:
            out.append(DRAW_STOCK)
        if self._pile_reason(self.to_move) is None:
            out.append(DRAW_PILE)
        if self._knock_reason(self.to_move, "knock") is None:
            out.append(KNOCK)
        if self._throw_reason(self.to_move) is None:
            out.append(THROW_DOWN)
        if DRAW_STOCK not in out and DRAW_PILE not in out:
            out.append(STAND)  # nothing can be drawn: the turn passes
        return out

    def validate(self, action: Action | str) -> Action:
        """The action, parsed; raises :class:`IllegalActionError` saying why it is illegal."""
        act = self._parsed(action)
        p = self.to_move
        if self.phase is Phase.DISCARD:
            if not isinstance(act, Discard):
                raise IllegalActionError("you hold four cards: discard one")
            if act.card not in self._hands[p]:
                raise IllegalActionError(f"{act.card} is not in your hand")
            if act.card == self._drawn_from_pile:
                raise IllegalActionError(
                    f"{act.card} was just taken from the pile: discard another card"
                )
            return act
        if isinstance(act, Discard):
            raise IllegalActionError("draw first: from the stock or the pile, or knock")
        if act == DRAW_STOCK:
            if not self._stock:
                raise IllegalActionError("the stock is empty")
        elif act == DRAW_PILE:
            reason = self._pile_reason(p)
            if reason:
                raise IllegalActionError(reason)
        elif act == KNOCK:
            reason = self._knock_reason(p, "knock")
            if reason:
                raise IllegalActionError(reason)
        elif act == THROW_DOWN:
            reason = self._throw_reason(p)
            if reason:
                raise IllegalActionError(reason)
        elif act == STAND:
            if STAND not in self.legal_actions():
                raise IllegalActionError("you may not stand: draw a card or knock")
        else:
            raise IllegalActionError(f"not an action: {act!r}")
        return act

    def _parsed(self, action: Action | str) -> Action:
        """The action, read from text; refused when it is none or the round is over."""
        try:
            act = parse_action(action) if isinstance(action, str) else action
        except ActionError as exc:
            raise IllegalActionError(str(exc)) from None
        if self.phase is Phase.OVER:
            raise IllegalActionError("the round is over")
        return act

    def _pile_reason(self, p: int) -> str | None:
        if not self._discards:
            return "the discard pile is empty"
        if self._discarded_by[-1] == p:
            take_back = (
                self.rules.take_back
                and self.n_active == 2
                and self.knocker is not None
                and self.knocker != p
            )
            if not take_back:
                return "you may not take back your own discard"
        return None

    def _knock_reason(self, p: int, verb: str) -> str | None:
        if self.knocker is not None:
            return f"{'someone' if self.knocker != p else 'you'} knocked already: last turns"
        need = self.rules.min_knock
        if need and value2(self._hands[p], self.rules) < 2 * need:
            have = format_value(value2(self._hands[p], self.rules))
            return f"you need at least {need} to {verb}, you have {have}"
        return None

    def _throw_reason(self, p: int) -> str | None:
        if not self.rules.throw_down:
            return "throw-down is not played (rules option throw_down=on)"
        if self._drawn_any:
            return "a throw-down is only allowed before anyone has drawn"
        return self._knock_reason(p, "throw down")

    # moves ------------------------------------------------------------------------------------
    def apply(self, action: Action | str) -> Event:
        """Play ``action`` for the player to move; returns the event (with the card moved)."""
        act = self.validate(action)
        p = self.to_move
        self._undo.append(self._snapshot())
        if isinstance(act, Draw):
            if act == DRAW_STOCK:
                card = self._stock.pop()
                self._drawn_from_pile = None
            else:
                card = self._discards.pop()
                self._discarded_by.pop()
                self._drawn_from_pile = card
                self._known[p].add(card)
            self._hands[p].append(card)
            self._drawn_any = True
            self.phase = Phase.DISCARD
            event = Event(p, act, card)
        elif isinstance(act, Discard):
            self._hands[p].remove(act.card)
            self._known[p].discard(act.card)
            self._discards.append(act.card)
            self._discarded_by.append(p)
            self._drawn_from_pile = None
            event = Event(p, act, act.card)
            self._log.append(event)
            self._end_turn(p)
            return event
        else:
            assert isinstance(act, Call)
            event = Event(p, act)
            self._log.append(event)
            if act == THROW_DOWN:
                self.knocker = p
                self._showdown("throw")
                return event
            if act == KNOCK:
                self.knocker = p
            self._end_turn(p, discarded=False)
            return event
        self._log.append(event)
        return event

    def _end_turn(self, p: int, discarded: bool = True) -> None:
        """After a discard (Schwimmen: a swap) the hand may be 31; after the last turns the
        showdown; else the next player."""
        self.turns += 1
        if discarded and is_instant(self._hands[p], self.rules):
            self._end_instant([p], "31")
            return
        nxt = self.next_player(p)
        if self.knocker is not None and nxt == self.knocker:
            self._showdown("showdown")
            return
        if not self._between_turns():
            return
        self.to_move = nxt
        self.phase = Phase.DRAW

    def _between_turns(self) -> bool:
        """Scat: an empty stock is renewed from the pile, or the round is a draw (False)."""
        if not self._stock:
            if self.rules.stock_out == "draw" and self.knocker is None:
                self._end_draw()
                return False
            if self.rules.stock_out == "shuffle" and len(self._discards) > 1:
                rest = self._discards[:-1]
                self._rng.shuffle(rest)
                self._stock = rest
                self._discards = self._discards[-1:]
                self._discarded_by = self._discarded_by[-1:]
        return True

    def _values(self, players: Sequence[int]) -> tuple[int | None, ...]:
        return tuple(
            value2(self._hands[p], self.rules) if p in players else None
            for p in range(self.players)
        )

    def _shown(self, players: Sequence[int]) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(self._hands[p]) if p in players else () for p in range(self.players))

    def _end_instant(self, holders: list[int], reason: str) -> None:
        losses = tuple(1 if self.active[p] and p not in holders else 0 for p in range(self.players))
        values, shown = self._values(holders), self._shown(holders)
        self.result = RoundResult(reason, losses, values, shown, self.knocker, tuple(holders))
        self.phase = Phase.OVER

    def _end_draw(self) -> None:
        self.result = RoundResult(
            "draw", (0,) * self.players, (None,) * self.players, ((),) * self.players, None
        )
        self.phase = Phase.OVER

    def _showdown(self, reason: str) -> None:
        everyone = [p for p in range(self.players) if self.active[p]]
        values = self._values(everyone)
        low = min(v for v in values if v is not None)
        lowest = [p for p in everyone if values[p] == low]
        k = self.knocker
        losses = [0] * self.players
        if k in lowest and len(lowest) == 1:
            losses[k] = self.rules.knocker_pays
        else:
            for p in lowest:
                if p != k or not self.rules.knocker_safe:
                    losses[p] = 1
        self.result = RoundResult(reason, tuple(losses), values, self._shown(everyone), k)
        self.phase = Phase.OVER

    def _snapshot(self) -> _Snapshot:
        return _Snapshot(
            [list(h) for h in self._hands],
            list(self._stock),
            list(self._discards),
            list(self._discarded_by),
            [set(k) for k in self._known],
            self.to_move,
            self.phase,
            self.knocker,
            self._drawn_from_pile,
            self.turns,
            self._drawn_any,
            self.result,
            len(self._log),
            self._rng.getstate(),
        )

    def undo(self) -> None:
        """Take back the last action (a reshuffled stock is restored too)."""
        if not self._undo:
            raise IllegalActionError("nothing to undo")
        s = self._undo.pop()
        self._hands, self._stock, self._discards = s.hands, s.stock, s.discards
        self._discarded_by, self._known = s.discarded_by, s.known
        self.to_move, self.phase, self.knocker = s.to_move, s.phase, s.knocker
        self._drawn_from_pile, self.turns, self._drawn_any = s.drawn_from_pile, s.turns, s.drawn_any
        self.result = s.result
        del self._log[s.log_len :]
        self._rng.setstate(s.rng_state)  # type: ignore[arg-type]

    def copy(self) -> Round:
        """An independent copy (its own random generator in the same state, no undo history)."""
        new = object.__new__(type(self))
        new.rules, new.players, new.active, new.dealer = (
            self.rules,
            self.players,
            self.active,
            self.dealer,
        )
        new.lives = self.lives
        new._rng = random.Random()
        new._rng.setstate(self._rng.getstate())
        new._hands = [list(h) for h in self._hands]
        new._stock = list(self._stock)
        new._discards = list(self._discards)
        new._discarded_by = list(self._discarded_by)
        new._known = [set(k) for k in self._known]
        new.to_move, new.phase, new.knocker = self.to_move, self.phase, self.knocker
        new._drawn_from_pile, new.turns, new._drawn_any = (
            self._drawn_from_pile,
            self.turns,
            self._drawn_any,
        )
        new.result = self.result
        new._log = list(self._log)
        new._undo = []
        return new

    def view(self, seat: int) -> View:
        """What ``seat`` knows: its own hand, the public facts, its own draws from the stock."""
        hand = tuple(self._hands[seat])
        drawn = None
        if self.phase is Phase.DISCARD and self.to_move == seat:
            drawn = hand[-1]
        history = tuple(e if e.seat == seat else e.public() for e in self._log)
        return View(
            seat=seat,
            players=self.players,
            active=self.active,
            lives=self.lives,
            dealer=self.dealer,
            to_move=None if self.over else self.to_move,
            phase=self.phase,
            hand=hand,
            drawn=drawn,
            discards=tuple(self._discards),
            stock_size=len(self._stock),
            knocker=self.knocker,
            known=tuple(tuple(sorted(k)) for k in self._known),
            history=history,
            turns=self.turns,
            rules=self.rules,
            legal_actions=tuple(self.legal_actions())
            if not self.over and self.to_move == seat
            else (),
            result=self.result,
            out=tuple(not a for a in self.active),
            pack=pack(self.rules.pack),
            middle=self.middle,
        )

    def __repr__(self) -> str:
        hands = " | ".join(show(self._hands[p]) for p in range(self.players) if self.active[p])
        return f"<{type(self).__name__} dealer={self.dealer} to_move={self.to_move} {self.phase.value}: {hands}>"


def deal_hands(
    rng: random.Random, players: int, dealer: int, rules: Rules, active: Sequence[bool]
) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle the pack and deal three cards to each active player, one at a time from the
    dealer's left: (hands, the rest of the pack, its top card last).

    >>> hands, rest = deal_hands(random.Random(1), 3, 0, Rules(pack=32), (True, False, True))
    >>> [len(h) for h in hands], len(rest)
    ([3, 0, 3], 26)
    """
    cards = list(pack(rules.pack))
    rng.shuffle(cards)
    hands: list[list[Card]] = [[] for _ in range(players)]
    order = [(dealer + 1 + i) % players for i in range(players)]
    order = [p for p in order if active[p]]
    for _ in range(3):
        for p in order:
            hands[p].append(cards.pop())
    return hands, cards


_TURNS["draw"] = Round
