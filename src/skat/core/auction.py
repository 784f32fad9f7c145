"""The auction (Reizen) of ISkO 3.2 as an immutable value, for every game that bids this way.

Middlehand bids to Forehand, who holds or passes; Rearhand bids to the survivor; when both
passed without a bid, Forehand alone may bid (the lowest value or more) or pass, and the game
is passed in.  The values come from a ladder (default :data:`~skat.core.bidding.BID_VALUES`);
``jumps=False`` is the Danish rule that every value is said in turn from the lowest up.  The
auction knows calls, not actions: a game turns its own bid actions into :meth:`Auction.bid`,
:meth:`Auction.hold` and :meth:`Auction.pass_`.

>>> a = Auction.start()
>>> a.turn, a.answering, a.values()[:3]
(1, False, (18, 20, 22))
>>> a = a.bid(18)                 # Middlehand says 18 to Forehand
>>> a.turn, a.answering
(0, True)
>>> a = a.hold().pass_()          # Forehand holds, Middlehand passes
>>> a.turn, a.bidder, a.listener  # Rearhand bids to Forehand now
(2, 2, 0)
>>> a = a.pass_()
>>> a.over, a.declarer, a.bid_value
(True, 0, 18)

A custom ladder, every step said:

>>> a = Auction.start(ladder=(10, 20, 30), jumps=False)
>>> a.values(), a.refusal(30, "Middlehand").message
((10,), 'no jump bids under these rules: the next bid is 10')
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final, NamedTuple

from skat.core.bidding import BID_VALUES
from skat.core.errors import Refusal
from skat.core.reasons import refusal

MH_TO_FH: Final = 0
"""Stage: Middlehand bids to Forehand."""
RH_TO_SURVIVOR: Final = 1
"""Stage: Rearhand bids to the survivor of the first round."""
FH_ALONE: Final = 2
"""Stage: nobody bid; Forehand bids alone or passes the game in."""
OVER: Final = 3
"""Stage: the auction is over (``declarer`` is -1 when the game was passed in)."""


class Auction(NamedTuple):
    """Where the auction is: the stage, the last bid, who bids and who answers, whose turn it
    is; ``voice`` (a bit per seat) who bid or held, ``passed18`` who passed when the lowest
    value was his to say (for Kontra eligibility), ``acted`` who spoke."""

    ladder: tuple[int, ...] = BID_VALUES
    jumps: bool = True
    stage: int = MH_TO_FH
    bid_value: int = 0
    bidder: int = 1
    listener: int = 0
    turn: int = 1
    declarer: int = -1
    voice: int = 0
    passed18: int = 0
    acted: int = 0

    @staticmethod
    def start(ladder: tuple[int, ...] = BID_VALUES, jumps: bool = True) -> Auction:
        """A new auction over ``ladder``; ``jumps=False``: no value may be skipped."""
        if ladder is BID_VALUES and type(jumps) is bool:
            return _STARTS[jumps]
        return Auction(ladder, jumps)

    @property
    def over(self) -> bool:
        """True once a declarer is found or the game is passed in."""
        return self.stage == OVER

    @property
    def winner(self) -> int | None:
        """The seat that won the auction: ``None`` before its end, or when the game was passed
        in.

        >>> a = Auction.start()
        >>> a.winner, a.pass_().pass_().bid(18).winner, a.pass_().pass_().pass_().winner
        (None, 0, None)
        """
        return self.declarer if self.declarer >= 0 else None

    @property
    def answering(self) -> bool:
        """True when the seat to speak answers a bid (holds or passes)."""
        return self.turn == self.listener and self.stage < FH_ALONE

    def values(self) -> tuple[int, ...]:
        """The values the seat to speak may bid (none when it answers)."""
        if self.answering or self.stage == OVER:
            return ()
        start = self.lowest
        return self.ladder[start:] if self.jumps else self.ladder[start : start + 1]

    @property
    def lowest(self) -> int:
        """The place in the ladder of the lowest value above the last bid."""
        return bisect_right(self.ladder, self.bid_value) if self.bid_value else 0

    def refusal(self, value: int | None, who: str) -> Refusal | None:
        """Why the seat to speak (named ``who``) may not bid ``value`` (``None``: hold), or
        ``None`` when it may.  Passing is always allowed."""
        if value is None:
            if not self.answering:
                return refusal("must_bid_or_pass", who=who)
            return None
        if self.answering:
            return refusal("must_hold_or_pass", who=who)
        if value <= self.bid_value:
            return refusal("bid_not_above", value=value, bid=self.bid_value)
        allowed = self.values()
        if value not in allowed:
            if not self.jumps and allowed:
                return refusal("no_jump_bids", next=allowed[0])
            return refusal("not_a_bid_value", value=value)
        return None

    def bid(self, value: int) -> Auction:
        """The seat to speak bids ``value`` (checked by :meth:`refusal`)."""
        ladder, jumps, stage, _, bidder, listener, seat, _, voice, p18, acted = self
        bit = 1 << seat
        voice |= bit
        acted |= bit
        if stage == FH_ALONE:
            after = (ladder, jumps, OVER, value, bidder, listener, seat, seat, voice, p18, acted)
        else:
            after = (ladder, jumps, stage, value, bidder, listener, listener, -1, voice, p18, acted)
        return _new(Auction, after)

    def hold(self) -> Auction:
        """The answering seat holds the bid."""
        ladder, jumps, stage, bid, bidder, listener, seat, _, voice, p18, acted = self
        bit = 1 << seat
        voice |= bit
        acted |= bit
        after = (ladder, jumps, stage, bid, bidder, listener, bidder, -1, voice, p18, acted)
        return _new(Auction, after)

    def pass_(self) -> Auction:
        """The seat to speak passes."""
        ladder, jumps, stage, bid, bidder, listener, seat, _, voice, p18, acted = self
        bit = 1 << seat
        answering = seat == listener and stage < FH_ALONE
        if not acted & bit and bid == (ladder[0] if answering else 0):
            p18 |= bit  # passed when the lowest value was his to say
        survivor = listener if seat == bidder else bidder
        acted |= bit
        if stage == MH_TO_FH:  # Rearhand bids to the survivor
            after = (ladder, jumps, RH_TO_SURVIVOR, bid, 2, survivor, 2, -1, voice, p18, acted)
        elif stage == FH_ALONE:  # passed in
            after = (ladder, jumps, OVER, 0, 0, 0, 0, -1, voice, p18, acted)
        elif bid:
            after = (ladder, jumps, OVER, bid, 0, 0, survivor, survivor, voice, p18, acted)
        else:
            after = (ladder, jumps, FH_ALONE, 0, 0, 0, 0, -1, voice, p18, acted)
        return _new(Auction, after)


_new: Final = tuple.__new__
_STARTS: Final = {jumps: Auction(BID_VALUES, jumps) for jumps in (False, True)}
"""The new auctions over the standard ladder (values: one is as good as a new one)."""
