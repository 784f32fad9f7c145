"""The computer players of Scat: the heuristic's decisions and its edge over random play."""

from __future__ import annotations

import random

from skat.thirtyone import DRAW_PILE, DRAW_STOCK, KNOCK, Card, Discard, Round, Rules
from skat.thirtyone.agents import HeuristicAgent, RandomAgent, knock_threshold, unseen_cards
from skat.thirtyone.arena import run_arena, wilson


def rnd(hands: list[str], upcard: str = "C2", stock: str = "D4 D5 D6 D7", **rules: object) -> Round:
    return Round.from_cards(
        hands,
        upcard=upcard,
        stock=stock,
        dealer=len(hands) - 1,
        rules=Rules(**rules),  # type: ignore[arg-type]
    )


def test_heuristic_takes_the_pile_card_that_makes_31() -> None:
    r = rnd(["HA HK D2", "S3 S4 C9", "CK CQ D9"], upcard="H10")
    assert HeuristicAgent().choose(r.view(0)) == DRAW_PILE


def test_heuristic_takes_the_stock_when_the_pile_card_is_useless() -> None:
    r = rnd(["H5 H6 D2", "S3 S4 C9", "CK CQ D9"], upcard="S2")
    assert HeuristicAgent().choose(r.view(0)) == DRAW_STOCK


def test_heuristic_discards_the_card_that_keeps_the_best_hand() -> None:
    r = rnd(["HA HK D2", "S3 S4 C9", "CK CQ D9"], stock="H9 D5")
    r.apply(DRAW_STOCK)
    assert HeuristicAgent().choose(r.view(0)) == Discard(Card.parse("D2"))


def test_heuristic_knocks_with_a_strong_hand_early() -> None:
    r = rnd(["HA HK H5", "S3 S4 C9", "CK CQ D9"])  # 26 on the first turn, three players
    assert HeuristicAgent().choose(r.view(0)) == KNOCK


def test_heuristic_does_not_knock_with_a_weak_hand() -> None:
    r = rnd(["HA S5 D3", "S3 S4 C9", "CK CQ D9"])
    assert HeuristicAgent().choose(r.view(0)) != KNOCK


def test_heuristic_respects_the_minimum_score_to_knock() -> None:
    hands = ["HA HK H3", "S3 S4 C9", "CK CQ D9"]  # 24
    assert HeuristicAgent().choose(rnd(hands).view(0)) == KNOCK
    assert HeuristicAgent().choose(rnd(hands, min_knock=25).view(0)) != KNOCK


def test_knock_threshold_depends_on_the_players_and_rises_with_turns() -> None:
    rules = Rules()
    assert len({knock_threshold(n, 0, rules) for n in range(2, 10)}) > 1
    by_turns = [knock_threshold(4, t, rules) for t in range(16)]
    assert by_turns == sorted(by_turns) and by_turns[0] < by_turns[-1]
    assert all(knock_threshold(n, 0, Rules(min_knock=28)) >= 56 for n in range(2, 10))


def test_heuristic_tracks_every_discard_and_the_cards_others_took() -> None:
    r = rnd(["HA HK D2", "S3 S4 C9", "CK CQ D9"], upcard="H9", stock="D4 D5 D6")
    r.apply(DRAW_STOCK)
    r.apply("D2")
    r.apply(DRAW_PILE)  # player 1 takes ♦2: known to all
    r.apply("C9")
    r.apply(DRAW_STOCK)
    r.apply("D5")  # ♥9 lies under ♣9 and ♦5 now: no longer visible, still remembered
    unseen = set(unseen_cards(r.view(0)))
    for gone in ("H9", "C9", "D5", "D2", "HA", "HK", "D4"):
        assert Card.parse(gone) not in unseen
    assert Card.parse("D6") in unseen and Card.parse("S3") in unseen


def test_random_agent_is_seeded() -> None:
    r = rnd(["HA HK D2", "S3 S4 C9", "CK CQ D9"])
    picks = [RandomAgent(random.Random(4)).choose(r.view(0)) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2] and picks[0] in r.legal_actions()


def test_heuristic_beats_random_heads_up() -> None:
    report = run_arena(["heuristic", "random"], matches=60, seed=3)
    low, _ = wilson(report.wins["heuristic"], report.seats("heuristic"))
    assert low > 0.5


def test_heuristic_beats_three_random_players() -> None:
    report = run_arena(["heuristic", "random", "random", "random"], matches=30, seed=3)
    low, _ = wilson(report.wins["heuristic"], report.seats("heuristic"))
    assert low > 0.25  # the fair share of one player in four
