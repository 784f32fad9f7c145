"""Schwimmen's turn (``turn=swap``, the ``schwimmen`` preset): each test is named after the rule
it checks (docs/thirtyone.md names the source of each).  Hands are written out; the stock is
listed from its top card down.  Players are 0, 1, 2 clockwise; with dealer 2, player 0 begins."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from skat.testing import check, scat
from skat.thirtyone import (
    DRAW_STOCK,
    KNOCK,
    PASS,
    SCHWIMMEN,
    SWAP_ALL,
    Card,
    IllegalActionError,
    Match,
    Round,
    Rules,
    Swap,
    SwapRound,
    parse_cards,
)
from skat.thirtyone.arena import run_arena, wilson


def swim(
    hands: list[str],
    middle: str = "C7 C8 C9",
    stock: str = "CJ CQ CK C10 SJ HJ",
    **options: object,
) -> SwapRound:
    return SwapRound.from_cards(
        hands,
        upcard=middle,
        stock=stock,
        dealer=len(hands) - 1,
        rules=replace(SCHWIMMEN, **options),  # type: ignore[arg-type]
    )


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


WEAK = ["HK HQ S8", "SK SQ D10", "DA DK H9"]  # 20, 20, 21: nobody has 31 yet
WEAK_CARDS = [parse_cards(h) for h in WEAK]


def test_schwimmen_deals_three_cards_each_and_three_open_in_the_middle() -> None:
    r = Round.deal(random.Random(3), 4, dealer=1, rules=Rules.parse("schwimmen"))
    assert isinstance(r, SwapRound)
    assert [len(r.hand(p)) for p in range(4)] == [3, 3, 3, 3] and len(r.middle) == 3
    assert len(r.stock) == 32 - 15 and r.discards == ()
    assert r.view(0).middle == r.middle and r.view(0).stock_size == 17


def test_player_left_of_the_dealer_begins_and_play_goes_clockwise() -> None:
    r = SwapRound.from_cards([*WEAK, "CA CK SA"], upcard="C7 C8 C9", stock="D7 D8 D9", dealer=1)
    order = []
    for _ in range(4):
        order.append(r.to_move)
        r.apply(PASS if len(order) < 4 else KNOCK)
    assert order == [2, 3, 0, 1]


def test_a_turn_is_swap_one_card_swap_all_three_pass_or_knock() -> None:
    r = swim(WEAK)
    legal = r.legal_actions()
    assert len([a for a in legal if isinstance(a, Swap)]) == 9
    assert legal[-3:] == [SWAP_ALL, PASS, KNOCK]


def test_swap_one_card_for_one_of_the_middle() -> None:
    r = swim(WEAK)
    r.apply("S8 C9")
    assert r.hand(0) == cards("HK HQ C9") and r.middle == cards("C7 C8 S8")
    assert r.to_move == 1


def test_swap_all_three_with_the_middle() -> None:
    r = swim(WEAK)
    r.apply(SWAP_ALL)
    assert r.hand(0) == cards("C7 C8 C9") and r.middle == cards("HK HQ S8")


def test_two_cards_may_be_swapped_only_with_swap_two() -> None:
    r = swim(WEAK)
    with pytest.raises(IllegalActionError, match="swap one card"):
        r.apply("HK HQ for C7 C8")
    r2 = swim(WEAK, swap_two=True)
    assert len([a for a in r2.legal_actions() if isinstance(a, Swap)]) == 18
    r2.apply("HK HQ for C7 C8")
    assert r2.hand(0) == cards("C7 C8 S8") and r2.middle == cards("HK HQ C9")


def test_pass_schieben_keeps_the_hand_and_the_middle() -> None:
    r = swim(WEAK)
    r.apply(PASS)
    assert r.hand(0) == cards("HK HQ S8") and r.middle == cards("C7 C8 C9") and r.to_move == 1


def test_when_everyone_passes_the_middle_is_replaced_by_three_fresh_cards() -> None:
    r = swim(WEAK)
    r.apply(PASS)
    r.apply(PASS)
    assert r.middle == cards("C7 C8 C9")
    r.apply(PASS)
    assert r.middle == cards("CJ CQ CK") and r.discards == cards("C7 C8 C9")
    assert r.to_move == 0 and len(r.stock) == 3


def test_a_swap_between_passes_starts_the_count_again() -> None:
    r = swim(WEAK)
    r.apply(PASS)
    r.apply("D10 C7")
    r.apply(PASS)
    r.apply(PASS)
    assert r.middle == cards("D10 C8 C9")
    r.apply(PASS)
    assert r.middle == cards("CJ CQ CK")


def test_a_short_stock_takes_back_the_middles_laid_aside() -> None:
    r = swim(WEAK, stock="D7 D8 D9 H7")
    for _ in range(3):
        r.apply(PASS)
    assert len(r.stock) == 1 and r.discards == cards("C7 C8 C9")
    for _ in range(3):
        r.apply(PASS)
    assert set(r.middle) <= set(cards("C7 C8 C9 H7")) and r.discards == cards("D7 D8 D9")
    assert len(r.stock) == 1


def test_stock_out_draw_ends_the_round_when_no_fresh_middle_can_be_laid() -> None:
    r = swim(WEAK, stock="D7 D8", stock_out="draw")
    for _ in range(3):
        r.apply(PASS)
    assert r.result is not None and r.result.reason == "draw" and r.result.losses == (0, 0, 0)


def test_knock_every_other_player_has_one_more_turn() -> None:
    r = swim(WEAK)
    r.apply(KNOCK)
    assert r.knocker == 0 and KNOCK not in r.legal_actions()
    r.apply(PASS)
    assert not r.over
    r.apply("H9 C9")
    assert r.over and r.result is not None and r.result.reason == "showdown"


def test_lowest_hand_loses_a_life() -> None:
    r = swim(WEAK)
    r.apply(KNOCK)
    r.apply(PASS)
    r.apply(PASS)
    assert r.result is not None and r.result.losses == (1, 1, 0)  # 20, 20, 21


def test_a_tie_for_lowest_costs_the_knocker_too() -> None:
    r = swim(["HK HQ S8", "SK SQ D10", "DA DK H9"])
    r.apply(PASS)
    r.apply(KNOCK)  # player 1 knocks with 20, player 0 holds 20 too
    r.apply(PASS)
    r.apply(PASS)
    assert r.result is not None and r.result.losses == (1, 1, 0)
    scat_like = swim(["HK HQ S8", "SK SQ D10", "DA DK H9"], knocker_safe=True)
    for a in (PASS, KNOCK, PASS, PASS):
        scat_like.apply(a)
    assert scat_like.result is not None and scat_like.result.losses == (1, 0, 0)


def test_a_knocker_alone_lowest_loses_one_life() -> None:
    r = swim(["HK H8 S8", "SK SQ D10", "DA DK H9"])  # 18, 20, 21
    r.apply(KNOCK)
    r.apply(PASS)
    r.apply(PASS)
    assert r.result is not None and r.result.losses == (1, 0, 0)


def test_31_ends_the_round_at_once_and_everyone_else_loses_a_life() -> None:
    r = swim(["HA HK S8", "SK SQ D10", "DA DK H9"], middle="C7 H10 C9")
    r.apply("S8 H10")
    assert r.over and r.result is not None and r.result.reason == "31"
    assert r.result.losses == (0, 1, 1) and r.result.thirty_one == (0,)


def test_31_after_a_knock_ends_the_round_at_once() -> None:
    r = swim(["HK HQ S8", "SA SK D10", "DA DK H9"], middle="C7 S10 C9")
    r.apply(KNOCK)
    r.apply("D10 S10")
    assert r.result is not None and r.result.reason == "31" and r.result.losses == (1, 0, 1)


def test_31_on_the_deal_is_shown_at_once() -> None:
    r = swim(["HA HK H10", "SK SQ D10", "DA DK H9"])
    assert r.over and r.result is not None and r.result.reason == "deal"
    assert r.result.losses == (0, 1, 1)


def test_feuer_three_aces_count_33_and_end_the_round_at_once() -> None:
    r = swim(["HA SA S8", "SK SQ D10", "DA DK H9"], middle="C7 CA C9")
    r.apply("S8 CA")
    assert r.result is not None and r.result.reason == "31" and r.result.values[0] == 66
    assert r.result.losses == (0, 1, 1)


def test_feuer_on_the_deal_beats_31_on_the_deal_of_nobody_else() -> None:
    r = swim(["HA SA CA", "SK SQ D10", "DA DK H9"])
    assert r.result is not None and r.result.reason == "deal" and r.result.losses == (0, 1, 1)


def test_three_of_a_kind_counts_30_and_a_half() -> None:
    r = swim(["H7 S7 D7", "SA SK S9", "DA DK H9"])  # 30½, 30, 21
    r.apply(KNOCK)
    r.apply(PASS)
    r.apply(PASS)
    assert r.result is not None and r.result.values[:2] == (61, 60)
    assert r.result.losses == (0, 0, 1)


def test_cards_taken_from_the_middle_are_known_to_everyone() -> None:
    r = swim(WEAK)
    r.apply("S8 C9")
    assert r.view(2).known[0] == cards("C9")
    r.apply(PASS)
    r.apply(PASS)
    r.apply(SWAP_ALL)  # player 0 takes ♣7 ♣8 ♠8 from the middle
    assert set(r.view(1).known[0]) == set(cards("C7 C8 S8"))
    assert r.view(1).history[0].action == Swap(cards("S8"), cards("C9"))


def test_draw_and_discard_are_no_schwimmen_turns() -> None:
    r = swim(WEAK)
    for bad in (DRAW_STOCK, "pile", "HK"):
        with pytest.raises(IllegalActionError, match="no Schwimmen turn"):
            r.apply(bad)
    with pytest.raises(IllegalActionError, match="not in the middle"):
        r.apply("HK D7")
    with pytest.raises(IllegalActionError, match="not in your hand"):
        r.apply("DA C7")


def test_minimum_score_to_knock_applies_to_schwimmen() -> None:
    r = swim(WEAK, min_knock=21)
    assert KNOCK not in r.legal_actions()
    with pytest.raises(IllegalActionError, match="at least 21"):
        r.apply(KNOCK)


def test_undo_restores_the_middle_and_a_copy_is_independent() -> None:
    r = swim(WEAK)
    r.apply(PASS)
    r.apply(PASS)
    twin = r.copy()
    r.apply(PASS)  # a new middle
    assert r.middle != twin.middle
    r.undo()
    assert r.middle == twin.middle == cards("C7 C8 C9") and r.passes == 2 == twin.passes
    assert r.stock == twin.stock and r.legal_actions() == twin.legal_actions()
    r.undo()
    r.undo()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        r.undo()


def test_bad_schwimmen_deals_are_refused() -> None:
    with pytest.raises(ValueError, match="the deal lays 3 open, not 2 cards"):
        SwapRound.from_cards(WEAK, upcard="C7 C8", stock="D7")
    with pytest.raises(ValueError, match="a SwapRound needs turn=swap, not draw"):
        SwapRound(WEAK_CARDS, [], parse_cards("C7 C8 C9"), 2, rules=Rules())
    with pytest.raises(ValueError, match="a Round needs turn=draw, not swap"):
        Round(WEAK_CARDS, [], parse_cards("C7"), 2, rules=SCHWIMMEN)
    assert type(Round.from_cards(WEAK, "C7 C8 C9", "D7", dealer=2, rules=SCHWIMMEN)) is SwapRound


def test_with_no_life_left_a_player_swims_and_the_next_loss_puts_him_out() -> None:
    m = Match(3, Rules.parse("schwimmen"), random.Random(1))
    m.lives = [1, 3, 3]
    m.round = swim(["HK H8 S8", "SK SQ D10", "DA DK H9"])
    for a in (KNOCK, PASS, PASS):
        m.apply(a)
    assert m.lives == [0, 3, 3] and m.on_county(0) and not m.out[0]
    m.round = swim(["HK H8 S8", "SK SQ D10", "DA DK H9"])
    for a in (KNOCK, PASS, PASS):
        m.apply(a)
    assert m.out[0]


def test_a_tie_that_would_put_the_last_players_out_does_not_count() -> None:
    m = Match(2, Rules.parse("schwimmen"), random.Random(1))
    m.lives = [0, 0]
    m.round = SwapRound.from_cards(
        ["HK HQ S8", "SK SQ D10"], upcard="C7 C8 C9", stock="D7 D8 D9", dealer=1, rules=m.rules
    )
    for a in (KNOCK, PASS):
        m.apply(a)
    assert m.results[-1].losses == (1, 1)
    assert m.out == [False, False] and m.lives == [0, 0] and not m.over


@pytest.mark.parametrize(
    "rules",
    ["schwimmen", "schwimmen,swap_two=on,knocker_safe=on", "schwimmen,stock_out=draw,lives=1"],
)
@pytest.mark.parametrize("players", [2, 6, 9])
def test_schwimmen_conforms_to_the_conformance_suite(rules: str, players: int) -> None:
    report = check(scat(Rules.parse(rules), players), games=20, sample=0.2)
    assert report.finished == 20 and report.views > 10


def test_heuristic_takes_the_swap_that_makes_31() -> None:
    from skat.thirtyone.agents import HeuristicAgent

    r = swim(["HA HK S8", "SK SQ D10", "DA DK H9"], middle="C7 H10 C9")
    assert HeuristicAgent().choose(r.view(0)) == Swap(cards("S8"), cards("H10"))


def test_heuristic_on_its_last_turn_passes_when_no_swap_helps() -> None:
    from skat.thirtyone.agents import HeuristicAgent

    r = swim(["HA HK H9", "SK SQ D10", "DA DK H8"], middle="C7 S9 C8")
    r.apply(KNOCK)
    r.apply(PASS)
    assert HeuristicAgent().choose(r.view(2)) == PASS
    r2 = swim(["HA HK H9", "SK SQ D10", "DA DK H8"], middle="C7 D9 S7")
    r2.apply(KNOCK)
    r2.apply(PASS)
    assert HeuristicAgent().choose(r2.view(2)) == Swap(cards("H8"), cards("D9"))


def test_heuristic_knocks_with_a_strong_hand() -> None:
    from skat.thirtyone.agents import HeuristicAgent

    r = swim(["HA HK H8", "SK SQ D10", "DA DK H9"])  # 29
    assert HeuristicAgent().choose(r.view(0)) == KNOCK


def test_heuristic_beats_random_players_at_schwimmen() -> None:
    report = run_arena(["heuristic", "random", "random"], matches=30, seed=5, rules=SCHWIMMEN)
    low, _ = wilson(report.wins["heuristic"], report.seats("heuristic"))
    assert low > 1 / 3


def test_every_agent_finishes_schwimmen_matches() -> None:
    report = run_arena(["greedy", "heuristic", "random", "greedy"], 8, seed=2, rules=SCHWIMMEN)
    assert sum(report.wins.values()) == 8 and report.rounds >= 8


def test_the_open_middle_is_seen_by_everyone() -> None:
    from skat.thirtyone.agents import unseen_cards

    r = swim(WEAK)
    unseen = set(unseen_cards(r.view(1)))
    assert not unseen & set(r.middle) and not unseen & set(r.hand(1))
    assert len(unseen) == 32 - 3 - 3
