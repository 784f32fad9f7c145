"""What a seat knows about the unseen cards (skat.core.knowledge) and the sampler of deals
that fit it (skat.core.sampling): hard constraints, soft ones, exact and weighted modes."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from skat.core import GameState, Rules
from skat.core.actions import PickUp
from skat.core.cards import SUIT_MASKS, CardSet
from skat.core.contracts import TRUMP_MASKS
from skat.core.knowledge import OVERBID_WEIGHT, SKAT, Knowledge, Slots
from skat.core.sampling import count_deals, sample, samples
from skat.core.state import Phase
from skat.testing import game_state, walk

from ._support import make_deal, play

# Forehand: three jacks and Clubs; Middlehand: DJ, Clubs and Spades; Rearhand: Hearts and
# Diamonds, no Spades, no trump in a Clubs game.
DEAL = make_deal(
    "CJ SJ HJ CA CT CK C9 C8 SA D7",
    "DJ CQ C7 ST SK SQ S9 HA HT H9",
    "HK HQ H8 H7 DA DT DK DQ D9 D8",
    "S8 S7",
)
CLUBS_AT_48 = "p 48 y p s S7.S8 C"
SPADES = SUIT_MASKS[2] & ~CardSet.parse("SJ").mask
CLUBS_TRUMPS = TRUMP_MASKS[3]


def real_slots(state: GameState) -> Slots:
    return (state.hand(0).mask, state.hand(1).mask, state.hand(2).mask, state.skat.mask)


# ----------------------------------------------------------------------------- hard constraints


def test_voids_from_not_following_a_plain_suit() -> None:
    state = play(DEAL, f"{CLUBS_AT_48} SA S9 HK")  # Rearhand shows no Spades
    know = Knowledge(state.view(1))
    assert know.voids[2] == 1 << 2
    assert not know.may[2] & SPADES
    assert know.may[SKAT] & SPADES or not (know.hidden & SPADES)


def test_voids_from_not_following_trumps_count_the_jacks_as_trumps() -> None:
    state = play(DEAL, f"{CLUBS_AT_48} CJ DJ H7")  # Rearhand holds no trump (no jack either)
    know = Knowledge(state.view(1))
    assert know.voids[2] == 1 << 4
    assert not know.may[2] & CLUBS_TRUMPS
    assert not know.may[2] & CardSet.parse("HJ SJ").mask


def test_in_null_the_jacks_belong_to_their_suit() -> None:
    state = play(DEAL, "p 23 y p s S7.S8 N SA S9 HK")
    know = Knowledge(state.view(1))
    assert not know.may[2] & SUIT_MASKS[2]  # SJ too: a Spade in Null
    assert know.may[0] & CardSet.parse("SJ").mask or know.seat == 0


def test_played_cards_are_in_no_slot() -> None:
    state = play(DEAL, f"{CLUBS_AT_48} SA S9 HK")
    know = Knowledge(state.view(2))
    played = CardSet.parse("SA S9 HK").mask
    assert know.gone == played
    assert all(not m & played for m in know.may)
    assert know.played == (
        CardSet.parse("SA").mask,
        CardSet.parse("S9").mask,
        CardSet.parse("HK").mask,
    )
    assert know.size == (9, 9, 9, 2)


def test_the_skat_is_known_to_the_declarer_who_put_it_away() -> None:
    state = play(DEAL, CLUBS_AT_48)
    declarer, defender = Knowledge(state.view(0)), Knowledge(state.view(1))
    assert declarer.may[SKAT] == CardSet.parse("S7 S8").mask and declarer.known[SKAT]
    assert declarer.hidden.bit_count() == 20  # the two defenders' hands
    assert not defender.known[SKAT] and defender.hidden.bit_count() == 22


def test_a_hand_game_skat_is_unknown_to_the_declarer_too() -> None:
    state = play(DEAL, "p 48 y p CH")
    know = Knowledge(state.view(0))
    assert not know.known[SKAT] and know.hidden.bit_count() == 22


def test_the_declarers_open_hand_is_known_to_the_defenders() -> None:
    state = play(DEAL, "p 48 y p COH")  # Clubs Hand Ouvert
    know = Knowledge(state.view(1))
    assert know.known[0] and know.may[0] == state.hand(0).mask
    assert know.hidden.bit_count() == 12  # Rearhand's ten and the skat


def test_a_shown_skat_is_never_with_the_declarers_partner() -> None:
    rules = Rules.parse("isko,show_skat=on")
    state = play(DEAL, "p 48 y p showskat S7.S8 C", rules)
    know = Knowledge(state.view(1))
    assert not know.may[2] & CardSet.parse("S7 S8").mask


def test_the_lowest_trumps_of_an_announced_spitze_are_with_the_declarer() -> None:
    deal = make_deal(
        "CJ SJ HJ CA CT CK C9 C7 SA D7",
        "DJ CQ C8 ST SK SQ S9 HA HT H9",
        "HK HQ H8 H7 DA DT DK DQ D9 D8",
        "S8 S7",
    )
    state = play(deal, "p 48 y p s S7.S8 C spitze.1", Rules.parse("isko,spitze=on"))
    know = Knowledge(state.view(1))
    seven = CardSet.parse("C7").mask
    assert know.may[0] & seven and not (know.may[2] | know.may[SKAT]) & seven


def test_a_schieberamsch_push_seen_lies_in_the_skat_or_with_a_later_taker() -> None:
    rules = Rules.parse("isko,ramsch=schieberamsch")
    for seed in range(40):
        state = GameState(seed=seed, rules=rules)
        for _ in range(3):
            state.apply("p")
        if state.phase != Phase.PUSH:
            continue
        state.apply("s")  # Forehand takes the skat and pushes two cards on
        pushed = state.legal_actions()[0]
        state.apply(pushed)
        state.apply("p")  # Middlehand does not take it
        know = Knowledge(state.view(0))
        assert know.may[SKAT] == pushed.mask and know.known[SKAT]  # type: ignore[union-attr]
        assert know.pickers == (0,)
        return
    raise AssertionError("no Schieberamsch")


def test_the_real_deal_always_fits_and_the_hidden_cards_are_the_unseen_ones() -> None:
    checked = 0
    for config in ("isko", "pub", "isko,ramsch=schieberamsch,spitze=on,show_skat=on,open_play=on"):
        for _where, state, _rng in walk(game_state(config, forced_ramsch=5), 40, seed=3):
            for seat in range(3):
                view = state.view(seat)
                know = Knowledge(view)
                assert know.consistent(real_slots(state))
                assert not know.hidden & view.hand.mask
                checked += 1
    assert checked > 2000


# ----------------------------------------------------------------------------- soft constraints


def test_the_bid_implies_the_matadors() -> None:
    state = play(DEAL, f"{CLUBS_AT_48} SA")
    know = Knowledge(state.view(1))
    assert know.matadors_needed == 3  # Clubs at 48: 12 × 4, with or without 3
    real = real_slots(state)
    assert know.weight(real) == 1.0  # with 3 and enough trumps
    swap = CardSet.parse("SJ HK").mask  # the declarer "with 1": Clubs worth 24 only
    weak = (real[0] ^ swap, real[1], real[2] ^ swap, real[3])
    assert know.weight(weak) == pytest.approx(OVERBID_WEIGHT)
    no_trumps = (real[2], real[1], real[0], real[3])  # "without 11", but no trump at all
    assert know.weight(no_trumps) == pytest.approx(0.1)


def test_the_declaration_implies_trumps_and_says_nothing_to_the_declarer() -> None:
    state = play(DEAL, f"{CLUBS_AT_48} SA")
    real = real_slots(state)
    assert Knowledge(state.view(0)).weight(real) == 1.0
    assert not Knowledge(state.view(0)).infers and Knowledge(state.view(2)).infers


# ----------------------------------------------------------------------------- sampler


@pytest.mark.parametrize("infer", [False, True])
def test_every_sample_is_consistent_with_the_view(infer: bool) -> None:
    rng = random.Random(5)
    checked = 0
    for _where, state, _ in walk(game_state("isko,ramsch=ramsch,show_skat=on", 3), 30, seed=1):
        for seat in range(3):
            view = state.view(seat)
            know = Knowledge(view)
            for deal in samples(know, 2, rng, infer=infer):
                assert know.consistent(deal)
                assert deal[seat] == view.hand.mask
                checked += 1
    assert checked > 1000


def _all_deals(know: Knowledge) -> list[Slots]:
    """Every deal that fits, by brute force."""
    cards = [i for i in range(32) if know.hidden >> i & 1]
    free = [s for s in range(4) if not know.known[s]]
    out = []
    for owners in itertools.product(free, repeat=len(cards)):
        slots = [know.may[s] if know.known[s] else 0 for s in range(4)]
        for i, s in zip(cards, owners, strict=True):
            slots[s] |= 1 << i
        deal = (slots[0], slots[1], slots[2], slots[3])
        if know.consistent(deal):
            out.append(deal)
    return out


def test_exact_mode_is_uniform_over_a_tiny_endgame_by_counting() -> None:
    # seven tricks played, two voids shown: nine cards hidden from Middlehand
    state = play(
        DEAL,
        f"{CLUBS_AT_48} SA S9 HK CJ DJ H7 SJ C7 H8 HJ CQ HQ CA SQ D8 CT SK D9 CK ST DQ",
    )
    know = Knowledge(state.view(1))
    every = _all_deals(know)
    assert len(every) == count_deals(know) > 5
    rng = random.Random(11)
    n = 400 * len(every)
    counts = Counter(sample(know, rng) for _ in range(n))
    assert set(counts) == set(every)
    expected = n / len(every)
    assert all(abs(c - expected) < 5 * expected**0.5 for c in counts.values())


def test_inference_mode_gives_the_declarer_the_trumps_his_game_needs() -> None:
    state = play(DEAL, f"{CLUBS_AT_48} SA")
    know = Knowledge(state.view(1))
    rng = random.Random(2)

    def trumps(infer: bool) -> float:
        deals = samples(know, 400, rng, infer=infer)
        assert all(know.consistent(d) for d in deals)
        return sum((d[0] & CLUBS_TRUMPS).bit_count() for d in deals) / len(deals)

    assert trumps(True) > trumps(False) + 0.5


def test_inference_mode_takes_an_extra_weight() -> None:
    state = play(DEAL, f"{CLUBS_AT_48} SA")
    know = Knowledge(state.view(0))  # the declarer: no soft constraint of his own
    ace = CardSet.parse("HA").mask

    def no_heart_ace_for_middlehand(deal: Slots) -> float:
        return 0.0 if deal[1] & ace else 1.0

    deals = samples(know, 400, random.Random(3), infer=True, weight=no_heart_ace_for_middlehand)
    plain = samples(know, 400, random.Random(3))
    assert sum(bool(d[1] & ace) for d in deals) < sum(bool(d[1] & ace) for d in plain) / 4


def test_the_sampler_never_touches_the_global_random_source() -> None:
    random.seed(1)
    before = random.random()
    random.seed(1)
    know = Knowledge(play(DEAL, CLUBS_AT_48).view(1))
    samples(know, 20, random.Random(0), infer=True)
    assert random.random() == before
    assert any(type(ev.action) is PickUp for ev in play(DEAL, CLUBS_AT_48).history)
