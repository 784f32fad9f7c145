"""Every worked example of ISkO 5 in docs/sources.md (and the other numeric examples of ISkO 3-5
from pagat.com and Wikipedia), each built as a real deal and played through the engine.

The lines of play were found once by random playouts from the deal and are kept here verbatim;
a change in the engine's rules shows up as a refused card or a different result.
"""

from __future__ import annotations

import itertools

from skat.core import HEARTS, CardSet, Contract, GameState, Result, matadors, score

from ._support import make_deal, play, play_scripted


def result_of(state: GameState) -> Result:
    assert state.is_over and state.result is not None
    return state.result


# Forehand: HJ DJ CA CT CK C9 C8 HA HT SA -- no CJ, no SJ.  He bids 46 counting on "without 2,
# game 3, hand 4" = 48 in Clubs Hand.
HAND_46_PLAN = ("HJ DJ CA CT CK C9 C8 HA HT SA", "SJ C7 CQ HK HQ H9 H8 H7 ST SK")
REARHAND_46 = "DA DT DK DQ D9 D8 D7 S9 S8 S7"


def test_against_2_game_3_hand_4_four_times_clubs_is_48() -> None:
    # the club jack is with a defender: "without 2" holds
    deal = make_deal(HAND_46_PLAN[0], "SJ CJ CQ HK HQ H9 H8 H7 ST SK", REARHAND_46, "C7 SQ")
    line = (
        "CT SJ DQ ST S9 SA CA CJ DA H7 D9 HT C8 CQ D8 H9 D7 HA DJ HQ S7 HJ HK DT C9 H8 DK CK SK S8"
    )
    r = result_of(play(deal, f"46 y p p CH {line}"))
    assert r.won and r.matadors == -2 and r.value == 48 and r.score == 48
    assert r.explain() == "without 2, game 3, hand 4, × Clubs 12 = 48"
    assert r.explain("de") == "ohne 2, Spiel 3, Hand 4, × Kreuz 12 = 48"


def test_clubs_hand_bid_46_skat_with_club_jack_and_a_queen_overbid_loses_2_times_48() -> None:
    # the skat holds CJ and SQ: "with 1, game 2, hand 3" = 36 < 46, lost whatever the points
    deal = make_deal(*HAND_46_PLAN, REARHAND_46, "CJ SQ")
    line = (
        "SA SK S9 C9 CQ D8 ST S7 HT SJ DA CT HK S8 HA HJ C7 D7 DJ H7 DT CK H9 D9 C8 HQ DK CA H8 DQ"
    )
    r = result_of(play(deal, f"46 y p p CH {line}"))
    assert r.points == 74 and r.matadors == 1 and r.level == 3
    assert r.overbid and not r.won
    assert r.value == 48  # the lowest multiple of 12 that reaches 46
    assert r.score == -96
    assert (
        r.explain()
        == "with 1, game 2, hand 3, × Clubs 12 = 36 < bid 46: overbid, lost 2 × 48 = −96"
    )


def test_clubs_hand_bid_46_with_95_points_schneider_makes_48_and_wins() -> None:
    deal = make_deal(*HAND_46_PLAN, REARHAND_46, "CJ SQ")
    line = (
        "C9 CQ DT C7 D9 DJ HA H8 S8 SA SK S9 CT SJ S7 HK DK HT CK HQ DQ C8 H7 D8 HJ H9 DA CA ST D7"
    )
    r = result_of(play(deal, f"46 y p p CH {line}"))
    assert r.points == 95 and r.won and not r.overbid
    assert r.value == 48 and r.score == 48
    assert r.explain() == "with 1, game 2, hand 3, schneider 4, × Clubs 12 = 48"


def test_spades_without_2_declarer_takes_28_without_2_game_3_schneider_4_is_44_lost_88() -> None:
    deal = make_deal(
        "HJ D7 S9 S8 H7 H8 D8 D9 C7 C8",
        "CJ SJ CA CT CK CQ C9 HT HK HQ",
        "SA ST SK SQ S7 H9 DA DT DK DQ",
        "HA DJ",
    )
    line = (
        "D7 CT DQ SQ S8 SJ CJ SK S9 HK H9 H8 C9 S7 C8 DK D9 CA ST HJ HQ C7 CK SA DT D8 CQ DA H7 HT"
    )
    r = result_of(play(deal, f"18 y p p s HA.DJ S {line}"))
    assert r.points == 28 and r.tricks > 0 and r.matadors == -2
    assert r.value == 44 and r.score == -88
    assert r.explain() == "without 2, game 3, schneider 4, × Spades 11 = 44, lost 2 × 44 = −88"


def test_with_2_game_3_hand_4_schneider_5_announced_6_schwarz_7_announced_8_ouvert_9() -> None:
    deal = make_deal(
        "CJ SJ CA CT CK CQ C9 C8 C7 SA",
        "HJ HA HT HK HQ H9 H8 H7 DA DT",
        "DJ SK SQ S9 S8 S7 DK DQ D9 D8",
        "ST D7",
    )
    state = play_scripted(play(deal, "18 y p p CO"), "CJ SJ CA CT CK CQ C9 C8 C7 SA")
    r = result_of(state)
    assert r.won and r.level == 9 and r.value == 108
    assert r.explain() == (
        "with 2, game 3, hand 4, schneider 5, announced 6, schwarz 7, announced 8, ouvert 9,"
        " × Clubs 12 = 108"
    )


# Forehand: CJ DJ HA HT HK H8 H7 D9 D8 D7, skat SA SQ: "with 1".
WITH_1 = make_deal(
    "CJ DJ HA HT HK H8 H7 D9 D8 D7",
    "SJ HJ HQ H9 CA CT CK CQ C9 C8",
    "C7 ST SK S9 S8 S7 DA DT DK DQ",
    "SA SQ",
)


def test_hearts_is_20_hearts_hand_30_grand_48_with_the_same_cards() -> None:
    hearts = (
        "HK SJ DQ C9 C7 HT H7 HQ S9 CK DT H8 D8 C8 DK DA D9 CA S8 HA H9 CJ HJ ST DJ CT S7 D7 CQ SK"
    )
    grand = (
        "H7 H9 DA HJ S8 CJ HT HQ DQ H8 CQ DK HK SJ C7 CT S7 D9 CK ST D8 CA SK D7 C8 DT DJ HA C9 S9"
    )
    results = {
        "H": result_of(play(WITH_1, f"18 y p p s SA.SQ H {hearts}")),
        "HH": result_of(play(WITH_1, f"18 y p p HH {hearts}")),
        "G": result_of(play(WITH_1, f"18 y p p s SA.SQ G {grand}")),
    }
    assert all(r.won and r.matadors == 1 for r in results.values())
    assert {code: r.value for code, r in results.items()} == {"H": 20, "HH": 30, "G": 48}
    assert results["HH"].explain() == "with 1, game 2, hand 3, × Hearts 10 = 30"
    assert results["G"].explain() == "with 1, game 2, × Grand 24 = 48"


def test_seed_overbid_bid_20_diamonds_with_1_and_85_points_loses_2_times_27() -> None:
    # pagat.com, Skat: "I bid up to 20, look at the skat, and play in diamonds. I am only with one matador
    # ... I win 85 card points. The game value is 18, so I have overbid ... the lowest multiple of
    # diamonds which would have been sufficient", doubled.
    line = (
        "DJ SJ DK CT C7 D7 D8 HJ DT CQ SK D9 CJ HQ DQ HK H9 S7 HT CA S9 HA C8 ST H7 CK DA S8 H8 C9"
    )
    r = result_of(play(WITH_1, f"20 y p p s SA.SQ D {line}"))
    assert r.points == 85 and r.overbid and r.value == 27 and r.score == -54


def test_lowest_game_value_is_18_diamonds_with_or_without_1() -> None:
    with_1 = (
        "HT HQ DQ C7 D7 C8 HA H9 ST CJ SJ DK HK CQ SK D8 HJ DT CK S7 H8 C9 DA DJ H7 CT S9 D9 CA S8"
    )
    r = result_of(play(WITH_1, f"18 y p p s SA.SQ D {with_1}"))
    assert r.won and r.matadors == 1 and r.value == 18
    without_1 = make_deal(
        "SJ DJ HA HT HK H8 H7 D9 D8 D7",
        "CJ HJ HQ H9 CA CT CK CQ C9 C8",
        "C7 ST SK S9 S8 S7 DA DT DK DQ",
        "SA SQ",
    )
    line = (
        "D7 HJ DK HQ SK H7 CT C7 D8 HT H9 DT DA SJ CJ CK S7 D9 DJ CA DQ HK C8 S8 H8 CQ ST HA C9 S9"
    )
    r = result_of(play(without_1, f"18 y p p s SA.SQ D {line}"))
    assert r.won and r.matadors == -1 and r.value == 18
    assert r.explain() == "without 1, game 2, × Diamonds 9 = 18"


def test_highest_suit_value_is_216_clubs_ouvert_with_11() -> None:
    deal = make_deal(
        "CJ SJ HJ DJ CA CT CK CQ C9 C8",
        "SA ST SK SQ S9 S8 S7 HA HT HK",
        "HQ H9 H8 H7 DA DT DK DQ D9 D8",
        "C7 D7",  # the skat's C7 completes "with 11" in the Hand game
    )
    state = play_scripted(play(deal, "216 y p p CO"), "CJ SJ HJ DJ CA CT CK CQ C9 C8")
    r = result_of(state)
    assert r.won and r.matadors == 11 and r.level == 18 and r.value == 216 == 18 * 12


def test_highest_grand_value_is_264_grand_ouvert_with_4() -> None:
    deal = make_deal(
        "CJ SJ HJ DJ CA CT SA ST HA HT",
        "CK CQ C9 C8 C7 SK SQ S9 S8 S7",
        "HK HQ H9 H8 H7 DA DT DK DQ D9",
        "D7 D8",
    )
    state = play_scripted(play(deal, "264 y p p GO"), "CJ SJ HJ DJ CA CT SA ST HA HT")
    r = result_of(state)
    assert r.won and r.matadors == 4 and r.level == 11 and r.value == 264 == 11 * 24
    assert r.explain().endswith("× Grand 24 = 264")


def test_seed_hearts_hand_schneider_announced_with_7_and_95_points_is_110() -> None:
    # Wikipedia, Skat (card game), example 2: CJ SJ HJ HA HT HK H8 H7 CT C7, skat DJ SQ: the skat's DJ makes the
    # run CJ SJ HJ DJ HA HT HK "with 7"; game 8, hand 9, schneider 10, announced 11 = 110.
    deal = make_deal(
        "CJ SJ HJ HA HT HK H8 H7 CT C7",
        "HQ H9 CA CK CQ C9 C8 SA ST SK",
        "S9 S8 S7 DA DT DK DQ D9 D8 D7",
        "DJ SQ",
    )
    line = (
        "HA HQ DA H7 H9 D7 CK D9 C7 ST S8 HT CT CA S9 SA S7 HJ SJ SK DQ HK CQ DK H8 C9 DT CJ C8 D8"
    )
    r = result_of(play(deal, f"18 y p p HHS {line}"))
    assert r.points == 95 and r.won and r.matadors == 7
    assert r.value == 110
    assert r.explain() == ("with 7, game 8, hand 9, schneider 10, announced 11, × Hearts 10 = 110")


def test_seed_three_top_jacks_are_worth_at_least_40_in_hearts_whatever_the_skat() -> None:
    # Wikipedia, Skat (card game), example 2: "This holding can be safely valuated at 40 (10 x 4), regardless of the
    # Skat": with 3 (or more), game 4.
    hand = CardSet.parse("CJ SJ HJ HA HT HK H8 H7 CT C7")
    others = [c for c in CardSet.all() if c not in hand]
    values = set()
    for a, b in itertools.combinations(others, 2):
        twelve = hand | CardSet([a, b])
        assert matadors(HEARTS, twelve.mask) >= 3
        r = score(Contract.parse("H"), bid=18, cards=twelve, points=70, tricks=6, defender_tricks=4)
        values.add(r.value)
    assert min(values) == 40


def test_iss_format_example_diamonds_without_2_with_59_points_is_27_lost_54() -> None:
    # FORMAT.md of the ISS fixtures: Rearhand won the bidding at 18, played Diamonds "without 2"
    # and took 59 points in 4 tricks: (2 + 1) x 9 = 27, lost, -54.
    r = score(Contract.parse("D"), bid=18, cards=CardSet.parse("HJ DJ DA"), points=59, tricks=4,
              defender_tricks=6)  # fmt: skip
    assert r.matadors == -2 and r.value == 27 and r.score == -54
