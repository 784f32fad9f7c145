"""ISkO 3.3, 5.1-5.4: what each declaration is worth with the cards known
(``skat.core.declarations``), and the "arithmetically possible" rule agreeing with the engine."""

from __future__ import annotations

import random

import pytest

from skat.core import OLD, CardSet, Contract, Declare, GameState, Phase, Rules
from skat.core.declarations import declarations, declarations_of, possible_declarations

HAND = CardSet.parse("CJ SJ HA HT HK H8 H7 D9 D8 D7")  # ISkO 5: Hearts "with 2"
SKAT = CardSet.parse("HJ DA")


def by_code(options: tuple) -> dict:  # type: ignore[type-arg]
    return {str(o.contract): o for o in options}


def test_declaration_values_count_the_matadors_of_the_twelve_cards_after_picking_up() -> None:
    known = by_code(declarations(HAND, bid=18, skat=SKAT, picked_up=True))
    assert known["H"].value == 40 and known["H"].matadors == 3  # with 3, game 4 × 10
    assert known["G"].value == 96 and known["C"].value == 48
    assert not any(o.estimate for o in known.values())
    assert all(not o.contract.hand for o in known.values())


def test_hand_game_values_are_estimates_from_the_cards_in_hand() -> None:
    hand = by_code(declarations(HAND, bid=18))
    assert hand["HH"].value == 40 and hand["HH"].matadors == 2  # with 2, game 3, hand 4 × 10
    assert hand["HH"].estimate and hand["GH"].estimate
    assert hand["GH"].value == 96  # with 2, game 3, hand 4 × 24
    assert all(o.contract.hand for o in hand.values())


def test_announcements_add_two_levels_each_and_ouvert_one() -> None:
    hand = by_code(declarations(HAND, bid=18))
    assert hand["CHS"].value == 12 * (2 + 1 + 1 + 2)
    assert hand["CHSZ"].value == 12 * (2 + 1 + 1 + 2 + 2)
    assert hand["CO"].value == 12 * (2 + 1 + 1 + 2 + 2 + 1)


def test_null_values_are_fixed_and_never_estimates() -> None:
    hand = by_code(declarations(HAND, bid=18))
    picked = by_code(declarations(HAND, bid=18, picked_up=True))
    assert (picked["N"].value, hand["NH"].value, picked["NO"].value, hand["NOH"].value) == (
        23,
        35,
        46,
        59,
    )
    assert not hand["NH"].estimate and not picked["N"].estimate


def test_grand_ouvert_base_comes_from_the_rules() -> None:
    isko = by_code(declarations(HAND, bid=18))["GO"]
    old = by_code(declarations(HAND, bid=18, rules=OLD))["GO"]
    # ISkO: with 2, game 3, hand 4, S 5, SA 6, Z 7, ZA 8, ouvert 9; before 1998 base 36 and
    # no Ouvert level: with 2 ... Schwarz announced 8
    assert isko.value == 24 * 9 and old.value == 36 * 8


def test_below_bid_is_how_far_the_value_falls_short() -> None:
    hand = by_code(declarations(HAND, bid=46))
    assert hand["HH"].below_bid == 6 and hand["HH"].levels_short == 1
    assert hand["DH"].below_bid == 10 and hand["DH"].levels_short == 2
    assert hand["GH"].below_bid == 0 and hand["GH"].levels_short == 0
    assert hand["NH"].below_bid == 11 and hand["NH"].levels_short == 99


def test_reachable_means_the_best_skat_and_schneider_and_schwarz_could_reach_the_bid() -> None:
    hand = by_code(declarations(HAND, bid=120))
    # Hearts Hand: CJ SJ held, HJ DJ may lie in the skat, HA HT HK follow: with 7, game 8,
    # hand 9, schneider 10, schwarz 11 = 110
    assert hand["HH"].best == 110 and not hand["HH"].reachable
    assert hand["HHS"].best == 120 and hand["HHS"].reachable  # the announcement adds a level
    assert not hand["NOH"].reachable and hand["GH"].reachable


def test_a_pickup_game_before_the_skat_is_seen_is_an_estimate() -> None:
    unseen = by_code(declarations(HAND, bid=18, picked_up=True))
    assert unseen["H"].estimate and unseen["H"].value == 30
    assert unseen["H"].best == 10 * (7 + 1 + 1 + 1)  # HJ DJ may come: with 7, S, Z


def test_declarations_of_a_view_follow_the_phase() -> None:
    g = GameState(seed=5)
    during = declarations_of(g.view(1))
    assert {o.contract.hand for o in during} == {True, False}
    for a in ("p", "18", "y", "p"):
        g.apply(a)
    assert declarations_of(g.view(1)) == ()
    skat_phase = declarations_of(g.view(0))
    assert skat_phase and all(o.contract.hand and o.estimate != (o.contract.game_type == 5)
                              for o in skat_phase)  # fmt: skip
    g.apply("s")
    holding = declarations_of(g.view(0))
    assert holding and not any(o.estimate or o.contract.hand for o in holding)
    hand = sorted(g.hand(0), key=lambda c: c.index)
    g.apply(f"{hand[0]}.{hand[1]}")
    after = declarations_of(g.view(0))
    assert after == holding  # the same 12 cards count


def _random_decisions(rules: Rules, seeds: range):  # type: ignore[no-untyped-def]
    rng = random.Random(7)
    for seed in seeds:
        g = GameState(seed=seed, rules=rules)
        while g.phase in (Phase.BIDDING, Phase.SKAT, Phase.DISCARD, Phase.DECLARE):
            if g.phase in (Phase.SKAT, Phase.DECLARE):
                yield g
            legal = g.legal_actions()
            if g.phase == Phase.BIDDING and rng.random() < 0.6:
                action = legal[0]  # the next bid or hold: the auction climbs
            elif g.phase == Phase.SKAT and rng.random() < 0.5:
                action = legal[0]  # pick up
            else:
                action = rng.choice(legal)
            g.apply(action)


@pytest.mark.parametrize("rules", [Rules(), OLD], ids=["isko", "old"])
def test_arithmetically_possible_agrees_with_the_engine(rules: Rules) -> None:
    """Over many random auctions: the engine's legal declarations are exactly the reachable
    options (all of them when none is), from the view and from the masks."""
    checked = fell_back = 0
    for g in _random_decisions(rules, range(400)):
        d = g.declarer
        assert d is not None
        engine = [a for a in g.legal_actions() if isinstance(a, Declare)]
        options = declarations_of(g.view(d))
        reachable = [o.action for o in options if o.reachable]
        assert engine == (reachable or [o.action for o in options])
        hand = g.phase == Phase.SKAT
        mask = g.hand(d).mask if hand else g.declarer_cards().mask
        assert list(possible_declarations(mask, hand, g.bid, rules.grand_ouvert_base)) == engine
        checked += 1
        fell_back += not reachable
    assert checked > 300 and fell_back > 0


def test_the_menu_contract_names_round_trip() -> None:
    for o in declarations(HAND, bid=18):
        assert Contract.parse(str(o.contract)) is o.contract and o.action.contract is o.contract


def test_the_state_answers_declarations_for_any_seat_from_its_view() -> None:
    rng = random.Random(11)
    asked = 0
    for seed in range(60):
        g = GameState(seed=seed)
        while not g.is_over:
            for seat in range(3):
                assert g.declarations(seat) == declarations_of(g.view(seat))
                asked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert asked > 1000
