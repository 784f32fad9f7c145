"""Actions and their text (the ISS record form): every action reads back from what it writes."""

from __future__ import annotations

import pytest

from skat.core import (
    BID_VALUES,
    CARDS,
    HOLD,
    PASS,
    PICK_UP,
    SHOW_CARDS,
    ActionParseError,
    Bid,
    Card,
    Contract,
    Declare,
    Discard,
    Event,
    Resign,
    parse_action,
)


def test_bids_are_numbers_hold_is_y_pass_is_p_pick_up_is_s() -> None:
    assert parse_action("18") is Bid.of(18)
    assert parse_action("y") is HOLD and parse_action("p") is PASS and parse_action("s") is PICK_UP
    assert [str(a) for a in (Bid.of(264), HOLD, PASS, PICK_UP, SHOW_CARDS)] == [
        "264", "y", "p", "s", "SC",
    ]  # fmt: skip


def test_spoken_words_for_hold_pass_and_pick_up_are_read() -> None:
    for word in ("hold", "yes", "ja", "Y"):
        assert parse_action(word) is HOLD
    for word in ("pass", "passe", "P"):
        assert parse_action(word) is PASS
    for word in ("skat", "pickup", "pick-up"):
        assert parse_action(word) is PICK_UP


def test_every_bid_reads_back() -> None:
    for value in BID_VALUES:
        assert parse_action(str(Bid.of(value))) is Bid.of(value)


def test_every_card_play_reads_back_as_the_card() -> None:
    for card in CARDS:
        assert parse_action(str(card)) is card
        assert parse_action(card.symbol) is card


def test_every_declaration_reads_back_even_where_its_code_looks_like_a_card() -> None:
    # "DH" (Diamonds Hand) is also the German Dame of Hearts, "HO" the Ober of Hearts, and
    # "S" (Spades) the lower-case pick-up "s": the canonical contract code wins
    for contract in Contract.all():
        action = Declare.of(contract)
        assert parse_action(str(action)) is action, str(action)
    assert parse_action("S") is Declare.of(Contract.parse("S"))
    assert parse_action("DH") is Declare.of(Contract.parse("DH"))
    assert parse_action("HO") is Declare.of(Contract.parse("HO"))


def test_every_discard_reads_back() -> None:
    for i in range(32):
        for j in range(i + 1, 32):
            d = Discard.of(CARDS[i], CARDS[j])
            assert parse_action(str(d)) is d
    assert str(Discard.parse("D9 DQ")) == "DQ.D9"


def test_a_discard_is_exactly_two_different_cards() -> None:
    with pytest.raises(ActionParseError, match="exactly two cards"):
        Discard.parse("CJ SJ HJ")
    with pytest.raises(ActionParseError, match="card given twice: 'CJ'"):
        parse_action("CJ.CJ")
    with pytest.raises(ActionParseError, match="two different cards"):
        Discard.of(Card.parse("CJ"), Card.parse("CJ"))


def test_resignations_read_back() -> None:
    for seat in range(3):
        assert parse_action(str(Resign(seat))) == Resign(seat)
    assert str(Resign(1)) == "RE.1" and parse_action("re.1") == Resign(1)


def test_events_record_the_seat_and_the_action() -> None:
    assert str(Event(2, Card.parse("CJ"))) == "2 CJ"


@pytest.mark.parametrize("text", ["xyz", "", "19", "RE.3", "CJ.XX", "G Hand"])
def test_text_that_is_no_action_is_refused(text: str) -> None:
    with pytest.raises(ActionParseError):
        parse_action(text)


def test_actions_are_interned_values() -> None:
    assert Bid.of(18) is Bid.of(18)
    assert Declare.parse("CHS") is Declare.of(Contract.parse("CHS"))
    with pytest.raises(TypeError):
        Bid()
    with pytest.raises(AttributeError):
        Bid.of(18).value = 20  # type: ignore[misc]
