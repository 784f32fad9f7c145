"""ISkO 2: seats and dealing (3 to each, 2 to the skat, 4 to each, 3 to each)."""

from __future__ import annotations

import random

import pytest

from skat.core import (
    CARDS,
    FOREHAND,
    MIDDLEHAND,
    REARHAND,
    Card,
    CardSet,
    Deal,
    DealError,
    GameState,
    Seat,
)

from ._support import DEAL, play


def test_deal_pattern_is_3_to_each_then_2_to_the_skat_then_4_then_3_starting_with_forehand() -> (
    None
):
    pack = list(range(32))  # the top card first
    deal = Deal.from_pack(pack)
    expected_owner = (
        [0] * 3
        + [1] * 3
        + [2] * 3
        + [3] * 2
        + [0] * 4
        + [1] * 4
        + [2] * 4
        + [0] * 3
        + [1] * 3
        + [2] * 3
    )
    for position, owner in enumerate(expected_owner):
        assert deal.owner(CARDS[pack[position]]) == owner, position


def test_deal_gives_ten_cards_to_each_seat_and_two_to_the_skat() -> None:
    deal = Deal.random(random.Random(3))
    assert [len(h) for h in deal.hands] == [10, 10, 10]
    assert len(deal.skat) == 2
    union = deal.hands[0] | deal.hands[1] | deal.hands[2] | deal.skat
    assert union == CardSet.all()


def test_the_same_seed_gives_the_same_deal_and_the_global_random_is_not_used() -> None:
    random.seed(1)
    first = Deal.random(random.Random(2024))
    random.seed(99)
    second = Deal.random(random.Random(2024))
    assert first == second
    assert hash(first) == hash(second)


def test_different_seeds_give_different_deals() -> None:
    deals = {Deal.random(random.Random(seed)) for seed in range(50)}
    assert len(deals) == 50


def test_a_seeded_game_state_deals_reproducibly() -> None:
    assert GameState(seed=5).deal == GameState(seed=5).deal == Deal.random(random.Random(5))


def test_deal_is_read_forehand_middlehand_rearhand_then_skat() -> None:
    deal = Deal.parse(
        "CJ SJ HA HT HK H8 H7 D9 D8 D7 CA CT CK CQ C9 SA ST SK SQ S9 "
        "HJ DJ C8 C7 S8 S7 HQ H9 DA DT DK DQ"
    )
    assert deal.hands[FOREHAND] == CardSet.parse("CJ SJ HA HT HK H8 H7 D9 D8 D7")
    assert deal.hands[MIDDLEHAND] == CardSet.parse("CA CT CK CQ C9 SA ST SK SQ S9")
    assert deal.hands[REARHAND] == CardSet.parse("HJ DJ C8 C7 S8 S7 HQ H9 DA DT")
    assert deal.skat == CardSet.parse("DK DQ")
    assert deal.owner(Card.parse("DK")) == 3


def test_deal_text_and_iss_form_read_back() -> None:
    assert Deal.parse(str(DEAL)) == DEAL
    assert Deal.parse(DEAL.iss()) == DEAL
    assert DEAL.iss().count(".") == 31
    assert eval(repr(DEAL), {"Deal": Deal}) == DEAL


def test_deal_separators_may_be_bars_dots_commas_or_spaces() -> None:
    text = DEAL.iss()
    assert Deal.parse(text.replace(".", ",")) == DEAL
    assert Deal.parse(text.replace(".", " ")) == DEAL
    assert Deal.parse(str(DEAL).replace(" | ", "|")) == DEAL


def test_a_deal_needs_32_cards() -> None:
    with pytest.raises(DealError, match=r"a deal is 32 cards.*got 31"):
        Deal.parse(" ".join(DEAL.iss().split(".")[:31]))


def test_a_deal_with_a_card_twice_is_refused_naming_it() -> None:
    tokens = DEAL.iss().split(".")
    tokens[31] = tokens[0]
    with pytest.raises(DealError, match=f"card dealt twice: {tokens[0]!r}"):
        Deal.parse(".".join(tokens))


def test_a_deal_with_a_bad_card_is_refused_naming_it() -> None:
    tokens = DEAL.iss().split(".")
    tokens[5] = "XX"
    with pytest.raises(DealError, match="not a card: 'XX'"):
        Deal.parse(".".join(tokens))


def test_deal_hands_must_hold_ten_cards_each_and_the_skat_two() -> None:
    h = DEAL.hand_masks
    with pytest.raises(DealError, match="hand 0 must hold 10 cards"):
        Deal([h[0] | DEAL.skat_mask, h[1], h[2]], 0)
    with pytest.raises(DealError, match="three hands"):
        Deal([h[0], h[1]], DEAL.skat_mask)
    with pytest.raises(DealError, match="skat"):
        Deal(list(h), h[0] & -h[0] | DEAL.skat_mask & -DEAL.skat_mask)
    with pytest.raises(DealError, match="card dealt twice"):
        Deal([h[0], h[0], h[2]], DEAL.skat_mask)
    with pytest.raises(DealError, match="a pack has 32 cards"):
        Deal.from_pack(list(range(31)))
    with pytest.raises(DealError, match="every card once"):
        Deal.from_pack([0] * 32)


def test_seats_are_forehand_middlehand_rearhand_vorhand_mittelhand_hinterhand() -> None:
    assert [s.english for s in Seat] == ["Forehand", "Middlehand", "Rearhand"]
    assert [s.german for s in Seat] == ["Vorhand", "Mittelhand", "Hinterhand"]
    assert (FOREHAND, MIDDLEHAND, REARHAND) == (0, 1, 2)


def test_forehand_is_asked_first_middlehand_bids_to_him() -> None:
    state = GameState(DEAL)
    assert state.to_move == MIDDLEHAND
    state.apply("18")
    assert state.to_move == FOREHAND


def test_forehand_leads_the_first_trick_whoever_declares() -> None:
    for auction, declarer in (("18 p p", MIDDLEHAND), ("18 y p p", FOREHAND), ("p 18 p", REARHAND)):
        state = play(DEAL, f"{auction} GH")
        assert state.declarer == declarer
        assert state.to_move == FOREHAND and state.trick_leader == FOREHAND


def test_deal_random_draws_as_the_standard_library_shuffle() -> None:
    """The inlined shuffle of ``Deal.random`` is ``random.Random.shuffle``: the same pack and
    the generator left in the same state, so seeds keep their deals."""
    import random

    from skat.core.deal import shuffled

    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        pack = list(range(32))
        theirs.shuffle(pack)
        assert shuffled(ours) == pack
        assert ours.getstate() == theirs.getstate()


def test_deal_random_keeps_a_subclass_own_draws() -> None:
    """A generator class of its own shuffles by its own ``shuffle``."""
    import random

    from skat.core.deal import shuffled

    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    assert shuffled(Reversing(1)) == list(range(31, -1, -1))
