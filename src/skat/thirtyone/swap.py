"""Schwimmen's turn (``turn=swap``): three cards open in the middle instead of a stock to draw.

The dealer deals three cards to every player and three cards face up to the middle; the rest
is the stock, face down.  The player to the dealer's left begins; a turn is one action:

- swap one card of the hand for one card of the middle (``HA D7``: give ♥A, take ♦7);
- swap all three at once (``all``, "alle tauschen"); with ``swap_two=on`` two cards too;
- pass (``pass``, "schieben"): when every player in the round has passed in a row, the middle
  is laid aside and three fresh cards from the stock are turned up (when the stock is short,
  the middles laid aside are shuffled into it; with ``stock_out=draw`` the round is a draw);
- knock (``knock``, "klopfen"): keep the hand; every other player has one more turn, then all
  hands are shown and the lowest loses a life.

31 (and Feuer, three aces, with ``feuer=on``) is shown at once, on the deal or after a swap,
and everyone else loses a life.  Every card in the middle is public, so a card taken from it
is known to all (:attr:`View.known`).  ``Round.deal`` and ``Round.from_cards`` make a
:class:`SwapRound` whenever the rules say ``turn=swap``.

>>> r = SwapRound.from_cards(                  # the middle is written where Scat's up-card is
...     hands=["HA HK D7", "S8 S9 C7", "CK CQ D8"], upcard="H10 C9 D9", stock="SA SK SQ",
...     dealer=2)
>>> r.to_move, len(r.legal_actions()), [str(a) for a in r.legal_actions()[-3:]]
(0, 12, ['all', 'pass', 'knock'])
>>> r.apply("D7 H10")                # ♥A ♥K ♥10: 31, shown at once
Event(seat=0, action=Swap(give=(Card.parse('D7'),), take=(Card.parse('HT'),)), card=None)
>>> r.result.reason, r.result.losses, [str(c) for c in r.middle]
('31', (0, 1, 1), ['♦7', '♣9', '♦9'])
>>> r.undo(); [str(c) for c in r.hand(0)]
['♥A', '♥K', '♦7']
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from skat.thirtyone.actions import (
    KNOCK,
    PASS,
    SWAP_ALL,
    Action,
    Call,
    Event,
    Swap,
)
from skat.thirtyone.cards import Card
from skat.thirtyone.rules import SCHWIMMEN
from skat.thirtyone.state import IllegalActionError, Phase, Round


class SwapRound(Round):
    """One deal of Schwimmen: the :class:`Round` interface with the open middle.  The
    middles laid aside after a round of passes are :attr:`discards`."""

    turn = "swap"
    open_cards = 3
    default_rules = SCHWIMMEN

    def _lay_open(self, upcards: Sequence[Card]) -> None:
        """Schwimmen: the open cards are the middle."""
        self._middle: list[Card] = list(upcards)
        self._passes = 0
        self._undo_middle: list[tuple[list[Card], int]] = []

    @property
    def middle(self) -> tuple[Card, ...]:
        """The three open cards."""
        return tuple(self._middle)

    # actions ----------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every swap (hand card, middle card), ``all``, ``pass`` and, unless someone knocked
        or the hand is below ``min_knock``, ``knock``."""
        if self.phase is Phase.OVER:
            return []
        hand, middle = self._hands[self.to_move], self._middle
        out: list[Action] = [Swap((h,), (m,)) for h in hand for m in middle]
        if self.rules.swap_two:
            out += [Swap(g, t) for g in combinations(hand, 2) for t in combinations(middle, 2)]
        out += [SWAP_ALL, PASS]
        if self._knock_reason(self.to_move, "knock") is None:
            out.append(KNOCK)
        return out

    def validate(self, action: Action | str) -> Action:
        """The action, parsed; raises :class:`IllegalActionError` saying why it is illegal."""
        act = self._parsed(action)
        if isinstance(act, Swap):
            self._check_swap(act)
        elif act == KNOCK:
            reason = self._knock_reason(self.to_move, "knock")
            if reason:
                raise IllegalActionError(reason)
        elif act not in (PASS, SWAP_ALL):
            raise IllegalActionError(
                f"{act} is no Schwimmen turn: swap a card with the middle (e.g. HA D7), "
                "all, pass or knock"
            )
        return act

    def _check_swap(self, act: Swap) -> None:
        sizes = (1, 2) if self.rules.swap_two else (1,)
        if len(act.give) != len(act.take) or len(act.give) not in sizes:
            two = " (two with swap_two=on)" if not self.rules.swap_two else " or two"
            raise IllegalActionError(f"swap one card{two} or all three ('all')")
        hand = self._hands[self.to_move]
        for c in act.give:
            if c not in hand:
                raise IllegalActionError(f"{c} is not in your hand")
        for c in act.take:
            if c not in self._middle:
                raise IllegalActionError(f"{c} is not in the middle")
        if len(set(act.give)) != len(act.give) or len(set(act.take)) != len(act.take):
            raise IllegalActionError("name each card once")

    def apply(self, action: Action | str) -> Event:
        """Play ``action`` for the player to move; returns the event."""
        act = self.validate(action)
        p = self.to_move
        self._undo.append(self._snapshot())
        self._undo_middle.append((list(self._middle), self._passes))
        event = Event(p, act)
        self._log.append(event)
        if isinstance(act, Swap):
            self._exchange(p, act.give, act.take)
        elif act == SWAP_ALL:
            self._exchange(p, tuple(self._hands[p]), tuple(self._middle))
        elif act == PASS:
            self._passes += 1
        else:
            assert isinstance(act, Call) and act == KNOCK
            self.knocker = p
        if act != PASS:
            self._passes = 0
        self._end_turn(p, discarded=act not in (PASS, KNOCK))
        return event

    def _exchange(self, p: int, give: Sequence[Card], take: Sequence[Card]) -> None:
        hand, known = self._hands[p], self._known[p]
        for g, t in zip(give, take, strict=True):
            hand[hand.index(g)] = t
            self._middle[self._middle.index(t)] = g
            known.discard(g)
            known.add(t)

    def _between_turns(self) -> bool:
        """After every player in the round has passed in a row (no knock): a new middle."""
        if self.knocker is None and self._passes >= self.n_active:
            self._passes = 0
            return self._new_middle()
        return True

    def _new_middle(self) -> bool:
        """Everyone passed: lay the middle aside and turn up three fresh cards.  False when
        the round ended in a draw instead (``stock_out=draw`` and too few cards)."""
        if len(self._stock) < 3:
            if self.rules.stock_out == "draw":
                self._end_draw()
                return False
            aside = self._discards
            self._rng.shuffle(aside)
            self._stock = aside + self._stock
            self._discards = []
        if len(self._stock) >= 3:  # else too few cards in the game: the middle stays
            self._discards.extend(self._middle)
            self._middle = [self._stock.pop() for _ in range(3)]
        return True

    # undo and copy ----------------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the last action (a new middle and a reshuffled stock too)."""
        if not self._undo_middle:
            raise IllegalActionError("nothing to undo")
        middle, passes = self._undo_middle.pop()
        super().undo()
        self._middle, self._passes = middle, passes

    def copy(self) -> SwapRound:
        """An independent copy (its own random generator in the same state, no undo history)."""
        new = super().copy()
        assert isinstance(new, SwapRound)
        new._middle = list(self._middle)
        new._passes = self._passes
        new._undo_middle = []
        return new

    @property
    def passes(self) -> int:
        """Passes in a row since the last swap, knock or new middle."""
        return self._passes
