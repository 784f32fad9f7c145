"""ISkO 3.2, the order of the auction, as the part :class:`skat.core.auction.Auction` runs it:
Middlehand bids to Forehand, Rearhand to the survivor, Forehand alone after two passes; the
bid ladder is a parameter, and without jump bids (Danish rules) every value is said in turn."""

from __future__ import annotations

from skat.core.auction import FH_ALONE, OVER, RH_TO_SURVIVOR, Auction
from skat.core.errors import ErrorCode

LADDER = (10, 20, 30, 40)


def test_middlehand_bids_to_forehand_then_rearhand_to_the_survivor_on_a_custom_ladder() -> None:
    a = Auction.start(LADDER)
    assert (a.turn, a.bidder, a.listener, a.values()) == (1, 1, 0, LADDER)
    a = a.bid(20)
    assert (a.turn, a.answering, a.values()) == (0, True, ())
    a = a.pass_()  # Forehand passes: Middlehand survives, Rearhand bids to him
    assert (a.stage, a.turn, a.bidder, a.listener) == (RH_TO_SURVIVOR, 2, 2, 1)
    assert a.values() == (30, 40)
    a = a.bid(40).hold().pass_()  # Middlehand holds 40, Rearhand passes
    assert (a.over, a.declarer, a.bid_value) == (True, 1, 40)


def test_forehand_alone_after_two_passes_bids_the_lowest_value_or_more_or_passes_in() -> None:
    a = Auction.start(LADDER).pass_().pass_()
    assert (a.stage, a.turn, a.answering, a.values()) == (FH_ALONE, 0, False, LADDER)
    assert a.bid(10).declarer == 0
    passed = a.pass_()
    assert (passed.stage, passed.over, passed.declarer) == (OVER, True, -1)


def test_without_jump_bids_each_value_of_a_custom_ladder_is_said_in_turn() -> None:
    a = Auction.start(LADDER, jumps=False)
    assert a.values() == (10,)
    refusal = a.refusal(20, "Middlehand")
    assert refusal is not None and refusal.code == ErrorCode.NOT_ALLOWED_BY_RULES
    assert refusal.message == "no jump bids under these rules: the next bid is 10"
    a = a.bid(10).hold()
    assert a.values() == (20,)


def test_auction_refuses_a_bid_not_above_the_last_and_the_wrong_call() -> None:
    a = Auction.start(LADDER).bid(20)
    hold_is_fine = a.refusal(None, "Forehand")
    assert hold_is_fine is None
    bid_when_answering = a.refusal(30, "Forehand")
    assert bid_when_answering is not None and bid_when_answering.code == ErrorCode.WRONG_CALL
    a = a.hold()
    low = a.refusal(20, "Middlehand")
    assert low is not None and low.code == ErrorCode.BELOW_BID
    unknown = a.refusal(25, "Middlehand")
    assert unknown is not None and unknown.code == ErrorCode.MALFORMED
    hold_when_bidding = a.refusal(None, "Middlehand")
    assert hold_when_bidding is not None and hold_when_bidding.code == ErrorCode.WRONG_CALL


def test_auction_records_who_bid_or_held_and_who_passed_at_the_lowest_value() -> None:
    # Middlehand passes at once (the lowest value was his to say); Rearhand bids, Forehand holds
    a = Auction.start(LADDER).pass_().bid(10).hold().pass_()
    assert a.voice == 0b101  # Forehand and Rearhand spoke
    assert a.passed18 == 0b010  # Middlehand passed without a word
    assert (a.declarer, a.bid_value) == (0, 10)
