"""The rules of a round of Scat, each test named after the rule it checks (pagat.com
and Wikipedia, Scat).  Hands are written out; the stock is listed from its top card down.
Players are 0, 1, 2 clockwise; with dealer 2, player 0 begins."""

from __future__ import annotations

import pytest

from skat.thirtyone import (
    DRAW_PILE,
    DRAW_STOCK,
    KNOCK,
    THROW_DOWN,
    Card,
    Discard,
    IllegalActionError,
    Phase,
    Round,
    Rules,
)


def three(
    hands: list[str], stock: str = "D4 D5 D6 D7 D8", upcard: str = "C2", **rules: object
) -> Round:
    return Round.from_cards(
        hands, upcard=upcard, stock=stock, dealer=len(hands) - 1, rules=Rules(**rules)
    )  # type: ignore[arg-type]


def turn(r: Round, draw: str, discard: str) -> None:
    r.apply(draw)
    r.apply(discard)


def test_player_left_of_the_dealer_begins_and_play_goes_clockwise() -> None:
    r = Round.from_cards(
        ["HK H2 D3", "SK SQ C3", "CA CK D9", "H9 H8 S2"], upcard="C2", stock="D4 D5 D6 D7", dealer=1
    )
    order = []
    for _ in range(4):
        order.append(r.to_move)
        turn(r, "stock", str(r.hand(r.to_move)[-1]))
    assert order == [2, 3, 0, 1]


def test_players_who_are_out_get_no_cards_and_no_turns() -> None:
    r = Round.from_cards(
        ["HK H2 D3", "", "CA CK D9", "H9 H8 S2"],
        upcard="C2",
        stock="D4 D5 D6 D7",
        dealer=3,
        active=[True, False, True, True],
    )
    order = []
    for _ in range(3):
        order.append(r.to_move)
        turn(r, "stock", str(r.hand(r.to_move)[-1]))
    assert order == [0, 2, 3]


def test_a_turn_is_draw_from_the_stock_then_discard_one() -> None:
    r = three(["HK H2 D3", "SK SQ C3", "CA CK D9"])
    ev = r.apply(DRAW_STOCK)
    assert ev.card == Card.parse("D4") and r.phase is Phase.DISCARD and len(r.hand(0)) == 4
    assert all(isinstance(a, Discard) for a in r.legal_actions())
    r.apply("H2")
    assert r.discards[-1] == Card.parse("H2") and len(r.hand(0)) == 3 and r.to_move == 1


def test_draw_from_the_discard_pile_takes_its_top_card() -> None:
    r = three(["HK H2 D3", "SK SQ C3", "CA CK D9"], upcard="H9")
    r.apply(DRAW_PILE)
    assert Card.parse("H9") in r.hand(0) and r.discards == ()


def test_the_card_taken_from_the_pile_cannot_be_discarded_at_once() -> None:
    r = three(["HK H2 D3", "SK SQ C3", "CA CK D9"], upcard="H9")
    r.apply(DRAW_PILE)
    assert Discard(Card.parse("H9")) not in r.legal_actions()
    with pytest.raises(IllegalActionError, match="just taken from the pile"):
        r.apply("H9")


def test_a_card_from_the_stock_may_be_discarded_at_once() -> None:
    r = three(["HK H2 D3", "SK SQ C3", "CA CK D9"])
    r.apply(DRAW_STOCK)
    r.apply("D4")
    assert r.discards[-1] == Card.parse("D4")


def test_draw_before_discarding_and_discard_before_drawing_again() -> None:
    r = three(["HK H2 D3", "SK SQ C3", "CA CK D9"])
    with pytest.raises(IllegalActionError, match="draw first"):
        r.apply("HK")
    r.apply("stock")
    with pytest.raises(IllegalActionError, match="discard one"):
        r.apply("stock")
    with pytest.raises(IllegalActionError, match="not in your hand"):
        r.apply("SK")


def test_knock_keeps_the_hand_and_every_other_player_has_one_last_turn() -> None:
    r = three(["HK HQ H5", "SK SQ C3", "CA CK D9"])
    hand = r.hand(0)
    r.apply(KNOCK)
    assert r.hand(0) == hand and r.knocker == 0 and r.to_move == 1
    assert KNOCK not in r.legal_actions()
    with pytest.raises(IllegalActionError, match="knocked already"):
        r.apply(KNOCK)
    turn(r, "stock", "D4")
    assert not r.over and r.to_move == 2
    turn(r, "stock", "D5")
    assert r.over and r.result is not None and r.result.reason == "showdown"


def test_lowest_hand_loses_a_life() -> None:
    r = three(["HK HQ H5", "SK SQ C3", "CA CK D9"])  # 25, 20, 21
    r.apply(KNOCK)
    turn(r, "stock", "D4")
    turn(r, "stock", "D5")
    assert r.result is not None and r.result.losses == (0, 1, 0)


def test_knocker_tie_is_safe_the_others_in_the_tie_lose() -> None:
    r = three(["HK HQ D2", "SK SQ C3", "CA CK D9"])  # 20, 20, 21
    r.apply(KNOCK)
    turn(r, "stock", "D4")
    turn(r, "stock", "D5")
    assert r.result is not None and r.result.losses == (0, 1, 0)


def test_knocker_alone_lowest_loses_two() -> None:
    r = three(["HK H2 D3", "SK SQ C3", "CA CK D9"])  # 12, 20, 21
    r.apply(KNOCK)
    turn(r, "stock", "D4")
    turn(r, "stock", "D5")
    assert r.result is not None and r.result.losses == (2, 0, 0)


def test_knocker_alone_lowest_pays_one_with_knocker_pays_1() -> None:
    r = three(["HK H2 D3", "SK SQ C3", "CA CK D9"], knocker_pays=1)
    r.apply(KNOCK)
    turn(r, "stock", "D4")
    turn(r, "stock", "D5")
    assert r.result is not None and r.result.losses == (1, 0, 0)


def test_ties_for_lowest_among_the_others_all_lose() -> None:
    r = Round.from_cards(
        ["HK HQ H5", "SK SQ C3", "CK CQ D9", "DA DK S2"], upcard="C2", stock="D4 D5 D6", dealer=3
    )  # 25, 20, 20, 21
    r.apply(KNOCK)
    for c in ("D4", "D5", "D6"):
        turn(r, "stock", c)
    assert r.result is not None and r.result.losses == (0, 1, 1, 0)


def test_31_is_shown_at_once_and_everyone_else_loses() -> None:
    r = three(["HK H2 D3", "SA SK C3", "CA CK D9"], stock="D4 SQ D6")
    turn(r, "stock", "D4")
    turn(r, "stock", "C3")  # ♠A ♠K ♠Q
    assert r.over and r.result is not None
    assert r.result.reason == "31" and r.result.thirty_one == (1,)
    assert r.result.losses == (1, 0, 1)
    assert r.legal_actions() == []


def test_31_after_a_knock_is_shown_at_once_and_the_knocker_pays_only_one() -> None:
    r = three(["H2 H3 D4", "SA SK C3", "CA CK D9"], stock="SQ D6")  # knocker 5: alone lowest
    r.apply(KNOCK)
    turn(r, "stock", "C3")
    assert r.result is not None and r.result.reason == "31"
    assert r.result.losses == (1, 0, 1)


def test_31_on_the_deal_is_shown_before_anyone_plays() -> None:
    r = three(["HK H2 D3", "SA SK SQ", "CA CK D9"])
    assert r.over and r.result is not None and r.result.reason == "deal"
    assert r.result.losses == (1, 0, 1)
    assert r.result.shown[1] and not r.result.shown[0]


def test_several_31s_on_the_deal_all_others_lose() -> None:
    r = three(["HK H2 D3", "SA SK SQ", "CA CK CQ"])
    assert r.result is not None and r.result.losses == (1, 0, 0)
    assert r.result.thirty_one == (1, 2)


def test_no_taking_back_your_own_discard() -> None:
    r = three(["HK H2 D3", "SK SQ C3"], upcard="C2")
    turn(r, "stock", "D4")
    r.apply(KNOCK)
    assert r.discards[-1] == Card.parse("D4")
    r2 = three(["HK H2 D3", "SK SQ C3"], upcard="C2", take_back=False)
    turn(r2, "stock", "D4")
    r2.apply(KNOCK)
    assert DRAW_PILE not in r2.legal_actions()
    with pytest.raises(IllegalActionError, match="take back your own discard"):
        r2.apply(DRAW_PILE)


def test_two_players_left_you_may_take_back_your_discard_after_the_opponent_knocks() -> None:
    r = three(["HK HQ D3", "SK SQ C3"], upcard="C2")
    turn(r, "stock", "D3")  # breaks nothing; ♦3 lies on top
    r.apply(KNOCK)
    assert r.to_move == 0 and DRAW_PILE in r.legal_actions()
    r.apply(DRAW_PILE)
    r.apply("D4")
    assert r.over and Card.parse("D3") in r.hand(0)


def test_three_players_your_discard_is_covered_before_your_last_turn() -> None:
    r = three(["HK HQ D3", "SK SQ C3", "CA CK D9"])
    turn(r, "stock", "D3")
    r.apply(KNOCK)
    turn(r, "stock", "D5")
    assert r.to_move == 0 and r.discards[-1] == Card.parse("D5")
    turn(r, "pile", "D4")
    assert r.over  # the knocker does not play again


def test_minimum_score_to_knock() -> None:
    r = three(["HK HQ D3", "SK SQ C3", "CA CK D9"], min_knock=21)  # 20
    assert KNOCK not in r.legal_actions()
    with pytest.raises(IllegalActionError, match="at least 21 to knock, you have 20"):
        r.apply(KNOCK)
    ok = three(["HA HQ D3", "SK SQ C3", "CA CK D9"], min_knock=21)  # 21
    assert KNOCK in ok.legal_actions()


def test_throw_down_shows_all_hands_at_once_without_last_turns() -> None:
    r = three(["HK HQ H5", "SK SQ C3", "CA CK D9"], throw_down=True)
    assert THROW_DOWN in r.legal_actions()
    r.apply(THROW_DOWN)
    assert r.over and r.result is not None and r.result.reason == "throw"
    assert r.result.losses == (0, 1, 0) and r.turns == 0


def test_throw_down_only_before_anyone_has_drawn() -> None:
    r = three(["HK HQ H5", "SK SQ C3", "CA CK D9"], throw_down=True)
    turn(r, "stock", "D4")
    assert THROW_DOWN not in r.legal_actions()
    with pytest.raises(IllegalActionError, match="before anyone has drawn"):
        r.apply(THROW_DOWN)
    plain = three(["HK HQ H5", "SK SQ C3", "CA CK D9"])
    with pytest.raises(IllegalActionError, match="throw_down=on"):
        plain.apply(THROW_DOWN)


def test_throw_down_alone_lowest_loses_two_like_a_knocker() -> None:
    r = three(["HK H2 D3", "SK SQ C3", "CA CK D9"], throw_down=True)
    r.apply(THROW_DOWN)
    assert r.result is not None and r.result.losses == (2, 0, 0)


def test_feuer_on_the_deal_is_shown_at_once() -> None:
    hands = ["HK H2 D3", "HA SA CA", "CK CQ D9"]
    assert three(hands, feuer=True).result is not None
    assert three(hands).result is None


def test_three_of_a_kind_in_the_showdown() -> None:
    hands = ["HK HQ H5", "S7 H7 C7", "CA CK D9"]  # 25, 7 or 30, 21
    r = three(hands, three_of_a_kind="30")
    r.apply(KNOCK)
    turn(r, "stock", "D4")
    turn(r, "stock", "D5")
    assert r.result is not None and r.result.losses == (0, 0, 1)


def test_stock_out_shuffles_the_discard_pile_but_its_top_card_into_a_new_stock() -> None:
    r = three(["HK H2 D3", "SK SQ C3", "CA CK D9"], stock="D4 D5", upcard="C2")
    turn(r, "stock", "D4")
    turn(r, "stock", "D5")
    assert r.stock == (Card.parse("C2"), Card.parse("D4")) or set(r.stock) == {
        Card.parse("C2"),
        Card.parse("D4"),
    }
    assert r.discards == (Card.parse("D5"),) and not r.over


def test_stock_out_draw_ends_the_round_with_nobody_losing() -> None:
    r = three(["HK H2 D3", "SK SQ C3", "CA CK D9"], stock="D4", stock_out="draw")
    turn(r, "stock", "D4")
    assert r.over and r.result is not None and r.result.reason == "draw"
    assert sum(r.result.losses) == 0


def test_undo_restores_the_round_and_copy_is_independent() -> None:
    r = three(["HK H2 D3", "SK SQ C3", "CA CK D9"])
    before = (r.hand(0), r.stock, r.discards, r.to_move, r.phase)
    c = r.copy()
    turn(r, "stock", "H2")
    r.apply(KNOCK)
    assert c.hand(0) == before[0] and c.to_move == 0
    r.undo()
    r.undo()
    r.undo()
    assert (r.hand(0), r.stock, r.discards, r.to_move, r.phase) == before
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        r.undo()


def test_view_shows_own_hand_and_public_facts_only() -> None:
    r = three(["HK H2 D3", "SK SQ C3", "CA CK D9"], upcard="H9")
    turn(r, "pile", "D3")  # ♥9 taken from the pile is known to all
    turn(r, "stock", "D4")  # player 1's ♦4 from the stock is not
    v2 = r.view(2)
    assert v2.hand == r.hand(2) and v2.known[0] == (Card.parse("H9"),)
    assert [e.card for e in v2.history if e.seat == 1 and e.action == DRAW_STOCK] == [None]
    v1 = r.view(1)
    assert [e.card for e in v1.history if e.seat == 1 and e.action == DRAW_STOCK] == [
        Card.parse("D4")
    ]
    assert v2.legal_actions and not v1.legal_actions


def test_bad_deals_are_refused() -> None:
    with pytest.raises(ValueError, match="dealt twice"):
        three(["HK H2 D3", "HK SQ C3", "CA CK D9"])
    with pytest.raises(ValueError, match="must hold 3 cards"):
        three(["HK H2", "SK SQ C3", "CA CK D9"])
    with pytest.raises(ValueError, match="not in the 32-card pack"):
        three(["HK H2 D8", "SK SQ C9", "CA CK D9"], pack=32, stock="D10", upcard="C8")
