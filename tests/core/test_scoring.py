"""ISkO 5 and 5.3: winning, Schneider and Schwarz, levels, game value, overbidding and the
list score -- played through the engine where a line of play shows it, else with ``score()``."""

from __future__ import annotations

import pytest

from skat.core import ISKO, OLD, CardSet, Contract, GameState, Result, score

from ._support import DEAL, make_deal, play, play_scripted

# DEAL: Forehand CJ SJ HA HT HK H8 H7 D9 D8 D7 plays Hearts Hand ("with 2"), skat DK DQ (7 points).
HH = "18 y p p HH"
LINES_HH = {  # card play after HH, found once by random playouts: declarer's card points
    61: "CJ CT DJ D7 SQ DT H9 HT SK H7 CA HQ DA D8 ST S7 D9 SA C9 C7 H8 SJ CQ HJ HA S9 S8 HK CK C8",
    60: "H8 CQ DJ C8 HT CK CJ ST HQ H7 CA HJ DT D8 CT DA D9 SA S7 SJ S9 HK SK H9 D7 SQ C7 HA C9 S8",
    90: "CJ CQ HJ SJ CT HQ HK CA H9 HT C9 DJ C7 H8 CK D7 SK DA S8 D8 SQ ST S7 H7 HA SA DT D9 S9 C8",
    89: "D9 CT DT HJ SJ CK CJ SK DJ H7 CA H9 C8 D7 C9 SQ S7 HK HA CQ HQ HT S9 DA D8 SA S8 H8 ST C7",
    31: "D8 SA DA S7 HA S9 HK CK DJ HJ HT ST C8 SJ C9 H7 SK H9 HQ CJ CQ H8 SQ C7 D7 CT DT S8 D9 CA",
    30: "SJ SA H9 D9 CQ DA C8 H7 C9 HT ST HJ DT D8 SQ S8 HK SK H8 CK HQ C7 D7 CT S9 S7 CJ HA CA DJ",
}

# Forehand holds nothing but low cards: Diamonds Hand "without 8" (D9 is his highest trump).
WEAK = make_deal(
    "D7 D8 D9 H7 H8 H9 S7 S8 S9 C7",
    "DA DK DQ HA HK HQ SA SK SQ CA",
    "DJ DT HJ HT SJ ST CK CQ CJ CT",
    "C8 C9",
)
WEAK_NO_TRICK = (
    "18 y p p DH S7 SK ST SJ D9 DK CT C7 CA HQ HT H9 DJ D8 DQ DT D7 DA SQ HJ S8 CJ H8 HA CQ S9 SA CK "
    "H7 HK"
)

# Forehand (Diamonds Hand, "without 8") wins only the trick S9 D7 S7, worth no card point.
ZERO_FOR_DECLARER = make_deal(
    "D7 H7 H8 H9 HQ HK C7 C8 C9 CQ",
    "S7 S8 CJ SJ HJ DJ DA DT DK DQ",
    "S9 SA ST SK SQ HA HT CA CT CK",
    "D8 D9",
)
ZERO_FOR_DECLARER_LINE = (
    "18 y p p DH H7 S8 HA S9 D7 S7 C9 SJ CK DT SA HK DJ SK C7 DA CA H9 DK ST HQ DQ CT C8 HJ SQ H8 "
    "CJ HT CQ"
)

# Forehand holds nine trumps with CJ SJ ("with 2"); a lead of the club jack draws HJ and DJ.
CLUBS_RUN = make_deal(
    "CJ SJ CA CT CK CQ C9 C8 C7 SA",
    "HJ HA HT HK HQ H9 H8 H7 DA DT",
    "DJ SK SQ S9 S8 S7 DK DQ D9 D8",
    "ST D7",
)

# Forehand (Clubs, "with 9") takes every card point; the defenders win only D7 D8 D9.
ZERO_FOR_DEFENDERS = make_deal(
    "CJ SJ HJ DJ CA CT CK CQ C9 D7",
    "D8 DK HA HT HK HQ H9 H8 SA ST",
    "D9 DQ C8 C7 SK SQ S9 S8 S7 H7",
    "DA DT",
)
ZERO_FOR_DEFENDERS_LINE = (
    "D7 D8 D9 SK CT ST CQ SA C8 CJ HA C7 C9 H9 S9 HJ HT H7 CK H8 DQ CA HQ SQ DJ HK S7 SJ DK S8"
)


def result_of(state: GameState) -> Result:
    assert state.is_over
    assert state.result is not None
    return state.result


def hearts_hand(points: int, code: str = "HH") -> Result:
    return result_of(play(DEAL, f"18 y p p {code} {LINES_HH[points]}"))


# ----------------------------------------------------------------------------- winning


def test_declarer_wins_with_61_card_points_skat_included() -> None:
    r = hearts_hand(61)
    assert r.won and r.points == 61 and r.defender_points == 59
    assert r.level == 4 and r.value == 40 and r.score == 40


def test_defenders_win_with_60_card_points() -> None:
    r = hearts_hand(60)
    assert not r.won and r.points == 60
    assert r.value == 40 and r.score == -80


def test_the_skat_counts_for_the_declarer_in_a_hand_game() -> None:
    state = play(DEAL, f"{HH} {LINES_HH[61]}")
    in_tricks = sum(t.points for t in state.tricks if t.winner == 0)
    assert in_tricks == 61 - CardSet.parse("DK DQ").points
    assert result_of(state).points == 61


def test_the_discarded_skat_counts_for_the_declarer_after_a_pickup() -> None:
    state = play(ZERO_FOR_DEFENDERS, f"18 y p p s DA.DT C {ZERO_FOR_DEFENDERS_LINE}")
    assert sum(t.points for t in state.tricks if t.winner == 0) == 120 - 21
    assert result_of(state).points == 120


def test_won_game_scores_plus_value_lost_game_minus_twice_the_value() -> None:
    assert hearts_hand(61).score == 40
    assert hearts_hand(60).score == -2 * 40
    assert hearts_hand(31).score == -2 * 40


# ----------------------------------------------------------------------------- Schneider, Schwarz


def test_defenders_with_30_or_fewer_are_schneider() -> None:
    r = hearts_hand(90)
    assert r.won and r.schneider and not r.schwarz
    assert r.level == 5 and r.value == 50
    assert hearts_hand(89).schneider is False and hearts_hand(89).value == 40


def test_declarer_with_30_or_fewer_is_schneider_and_the_lost_game_counts_that_level() -> None:
    r = hearts_hand(30)
    assert not r.won and r.schneider and r.tricks > 0
    assert r.level == 5 and r.score == -100
    assert not hearts_hand(31).schneider


def test_declarer_without_a_trick_is_schwarz_and_loses_that_level_too() -> None:
    r = result_of(play(WEAK, WEAK_NO_TRICK))
    assert not r.won and r.tricks == 0 and r.schwarz and r.schneider
    assert r.matadors == -8
    assert r.level == 8 + 1 + 1 + 1 + 1 and r.value == 108 and r.score == -216


def test_defenders_without_a_trick_are_schwarz() -> None:
    state = play_scripted(play(CLUBS_RUN, "18 y p p CH"), "CJ SJ CA CT CK CQ C9 C8 C7 SA")
    r = result_of(state)
    assert r.won and r.defender_tricks == 0 and r.points == 120
    assert r.schwarz and r.schneider
    assert r.explain() == "with 2, game 3, hand 4, schneider 5, schwarz 6, × Clubs 12 = 72"


def test_a_trick_of_no_card_points_is_a_trick_for_the_defenders() -> None:
    state = play(ZERO_FOR_DEFENDERS, f"18 y p p CH {ZERO_FOR_DEFENDERS_LINE}")
    assert state.tricks[0].points == 0 and state.tricks[0].winner != 0
    r = result_of(state)
    assert r.won and r.points == 120 and r.defender_tricks == 1
    assert r.schneider and not r.schwarz
    assert r.explain() == "with 9, game 10, hand 11, schneider 12, × Clubs 12 = 144"


def test_a_trick_of_no_card_points_is_a_trick_for_the_declarer() -> None:
    state = play(ZERO_FOR_DECLARER, ZERO_FOR_DECLARER_LINE)
    (own,) = [t for t in state.tricks if t.winner == 0]
    assert own.points == 0
    r = result_of(state)
    assert not r.won and r.points == 0 and r.tricks == 1
    assert r.schneider and not r.schwarz
    assert r.value == 9 * (8 + 1 + 1 + 1) and r.score == -198


# ----------------------------------------------------------------------------- announcements


def test_announced_schneider_needs_90_card_points() -> None:
    r = hearts_hand(90, "HHS")
    assert r.won and r.level == 6 and r.value == 60
    r = hearts_hand(89, "HHS")
    assert not r.won and r.points == 89


def test_a_failed_schneider_announcement_counts_as_if_it_had_been_made() -> None:
    r = hearts_hand(89, "HHS")
    assert [w for w, _ in r.levels()] == ["with", "game", "hand", "schneider", "announced"]
    assert r.value == 60 and r.score == -120


def test_announced_schwarz_needs_every_trick_and_fails_counting_all_its_levels() -> None:
    r = result_of(play(DEAL, "18 y p p HHZ D7 CA DA"))
    assert not r.won and r.defender_tricks == 1
    assert r.explain() == (
        "with 2, game 3, hand 4, schneider 5, announced 6, schwarz 7, announced 8, × Hearts 10 = 80,"
        " lost 2 × 80 = −160"
    )


def test_ouvert_counts_schneider_and_schwarz_announced_and_ouvert() -> None:
    r = result_of(play(DEAL, "18 y p p HO D7 CA DA"))
    assert r.level == 2 + 1 + 1 + 1 + 1 + 1 + 1 + 1 and r.value == 90 and r.score == -180


@pytest.mark.parametrize(
    ("code", "points", "tricks", "defender_tricks", "level"),
    [
        ("C", 70, 6, 4, 3),  # with 2, game 3
        ("CH", 70, 6, 4, 4),  # hand 4
        ("C", 95, 8, 2, 4),  # schneider 4
        ("CH", 95, 8, 2, 5),
        ("CHS", 95, 8, 2, 6),  # schneider announced
        ("C", 120, 10, 0, 5),  # schneider, schwarz
        ("CHS", 120, 10, 0, 7),
        ("CHSZ", 120, 10, 0, 8),
        ("CO", 120, 10, 0, 9),
    ],
)
def test_level_is_matadors_plus_game_hand_schneider_announced_schwarz_announced_ouvert(
    code: str, points: int, tricks: int, defender_tricks: int, level: int
) -> None:
    r = score(
        Contract.parse(code), bid=18, cards=CardSet.parse("CJ SJ"), points=points, tricks=tricks,
        defender_tricks=defender_tricks,
    )  # fmt: skip
    assert r.won and r.matadors == 2 and r.level == level and r.value == 12 * level


# ----------------------------------------------------------------------------- values


def test_game_value_is_base_value_times_level() -> None:
    for code, base in (("D", 9), ("H", 10), ("S", 11), ("C", 12), ("G", 24)):
        r = score(Contract.parse(code), bid=18, cards=CardSet.parse("CJ"), points=70, tricks=5,
                  defender_tricks=5)  # fmt: skip
        assert r.level == 2 and r.value == 2 * base


def test_null_values_are_fixed_won_plus_lost_minus_twice() -> None:
    for code, value in (("N", 23), ("NH", 35), ("NO", 46), ("NOH", 59)):
        c = Contract.parse(code)
        won = score(c, bid=18, cards=0, points=0, tricks=0, defender_tricks=10)
        lost = score(c, bid=18, cards=0, points=0, tricks=1, defender_tricks=2)
        assert (won.won, won.value, won.score) == (True, value, value)
        assert (lost.won, lost.value, lost.score) == (False, value, -2 * value)
        assert won.explain() == f"{c.describe()} = {value}"


def test_lost_hand_games_count_double_under_the_isko_single_under_the_old_rules() -> None:
    args = {
        "bid": 18,
        "cards": CardSet.parse("CJ"),
        "points": 40,
        "tricks": 3,
        "defender_tricks": 7,
    }
    assert score(Contract.parse("CH"), **args, rules=ISKO).score == -72
    assert score(Contract.parse("CH"), **args, rules=OLD).score == -36
    assert score(Contract.parse("C"), **args, rules=OLD).score == -48
    null = {"bid": 18, "cards": 0, "points": 0, "tricks": 1, "defender_tricks": 0}
    assert score(Contract.parse("NH"), **null, rules=OLD).score == -35
    assert score(Contract.parse("NOH"), **null, rules=OLD).score == -59
    assert score(Contract.parse("NO"), **null, rules=OLD).score == -92


def test_grand_ouvert_has_base_36_under_the_old_rules() -> None:
    args = {"bid": 18, "cards": CardSet.parse("CJ"), "points": 120, "tricks": 10,
            "defender_tricks": 0}  # fmt: skip
    assert score(Contract.parse("GO"), **args).value == 24 * 8
    r = score(Contract.parse("GO"), **args, rules=OLD)  # no Ouvert level: with 1 ... 7 × 36
    assert r.value == 36 * 7 and r.explain().endswith("× Grand 36 = 252")


# ----------------------------------------------------------------------------- overbidding


@pytest.mark.parametrize(
    ("code", "bid", "loss"),
    [("D", 30, 36), ("H", 33, 40), ("S", 23, 33), ("C", 46, 48), ("G", 50, 72), ("C", 48, 48)],
)
def test_overbid_loses_lowest_multiple_of_base_value_doubled(
    code: str, bid: int, loss: int
) -> None:
    # "with 1, game 2" (won on the board) is worth 2 x base, below every bid here
    r = score(Contract.parse(code), bid=bid, cards=CardSet.parse("CJ"), points=80, tricks=6,
              defender_tricks=4)  # fmt: skip
    assert r.overbid and not r.won
    assert r.value == loss and r.score == -2 * loss


def test_a_game_reaching_the_bid_only_on_the_board_is_not_overbid() -> None:
    # Clubs "with 2" at bid 48: with 2, game 3, schneider 4 = 48 reaches the bid...
    r = score(Contract.parse("C"), bid=48, cards=CardSet.parse("CJ SJ"), points=95, tricks=8,
              defender_tricks=2)  # fmt: skip
    assert not r.overbid and r.won and r.value == 48 and r.score == 48
    # ...without Schneider it is 36: overbid and lost at 48
    r = score(Contract.parse("C"), bid=48, cards=CardSet.parse("CJ SJ"), points=89, tricks=8,
              defender_tricks=2)  # fmt: skip
    assert r.overbid and not r.won and r.value == 48 and r.score == -96


def test_an_overbid_game_is_lost_whatever_the_card_points() -> None:
    # with 1, game 2, schneider 3 = 27 < 40: all 120 card points do not help
    r = score(Contract.parse("D"), bid=40, cards=CardSet.parse("CJ"), points=120, tricks=9,
              defender_tricks=1)  # fmt: skip
    assert r.overbid and not r.won and r.level == 3 and r.value == 45 and r.score == -90


# ----------------------------------------------------------------------------- explanations


def test_explanation_in_english_and_german_for_a_won_game() -> None:
    r = hearts_hand(90)
    assert r.explain() == "with 2, game 3, hand 4, schneider 5, × Hearts 10 = 50"
    assert r.explain("de") == "mit 2, Spiel 3, Hand 4, Schneider 5, × Herz 10 = 50"
    assert str(r) == r.explain()


def test_explanation_in_english_and_german_for_a_lost_game() -> None:
    r = hearts_hand(30)
    assert (
        r.explain() == "with 2, game 3, hand 4, schneider 5, × Hearts 10 = 50, lost 2 × 50 = −100"
    )
    assert r.explain("de") == (
        "mit 2, Spiel 3, Hand 4, Schneider 5, × Herz 10 = 50, verloren 2 × 50 = −100"
    )


def test_explanation_of_a_without_game() -> None:
    r = result_of(play(WEAK, WEAK_NO_TRICK))
    assert r.explain() == (
        "without 8, game 9, hand 10, schneider 11, schwarz 12, × Diamonds 9 = 108, lost 2 × 108 = −216"
    )
    assert r.explain("de").startswith(
        "ohne 8, Spiel 9, Hand 10, Schneider 11, Schwarz 12, × Karo 9"
    )


def test_explanation_of_announcements_and_ouvert_in_german() -> None:
    r = score(Contract.parse("CO"), bid=18, cards=CardSet.parse("CJ SJ"), points=120, tricks=10,
              defender_tricks=0)  # fmt: skip
    assert r.explain("de") == (
        "mit 2, Spiel 3, Hand 4, Schneider 5, angesagt 6, Schwarz 7, angesagt 8, offen 9, × Kreuz 12"
        " = 108"
    )


def test_explanation_of_an_overbid_game() -> None:
    r = score(Contract.parse("CH"), bid=46, cards=CardSet.parse("CJ"), points=74, tricks=6,
              defender_tricks=4)  # fmt: skip
    assert r.explain() == (
        "with 1, game 2, hand 3, × Clubs 12 = 36 < bid 46: overbid, lost 2 × 48 = −96"
    )
    assert r.explain("de") == (
        "mit 1, Spiel 2, Hand 3, × Kreuz 12 = 36 < gereizt 46: überreizt, verloren 2 × 48 = −96"
    )


def test_explanation_of_a_null_game() -> None:
    r = score(Contract.parse("NOH"), bid=18, cards=0, points=0, tricks=1, defender_tricks=0)
    assert r.explain() == "Null Ouvert Hand = 59, lost 2 × 59 = −118"
    assert r.explain("de") == "Null Ouvert Hand = 59, verloren 2 × 59 = −118"


# ----------------------------------------------------------------------------- matadors in play


def test_matadors_count_over_the_12_cards_with_the_unseen_skat_in_a_hand_game() -> None:
    # Forehand holds CJ but not SJ; the skat he never sees holds SJ: "with 2", not "with 1"
    deal = make_deal(
        "CJ HA HT HK H8 H7 D9 D8 D7 C7",
        "CA CT CK CQ C9 SA ST SK SQ S9",
        "HJ DJ C8 S8 S7 HQ H9 DA DT DK",
        "SJ DQ",
    )
    state = play(deal, "18 y p p HH RE.0")
    assert state.declarer_cards() == deal.hands[0] | deal.skat
    r = result_of(state)
    assert r.matadors == 2 and r.explain().startswith("with 2, game 3, hand 4")
    # the skat's CJ turns Forehand's "without 1" (he holds SJ) into "with 2"...
    deal = make_deal(
        "SJ HA HT HK H8 H7 D9 D8 D7 C7",
        "CA CT CK CQ C9 SA ST SK SQ S9",
        "HJ DJ C8 S8 S7 HQ H9 DA DT DK",
        "CJ DQ",
    )
    assert result_of(play(deal, "18 y p p HH RE.0")).matadors == 2
    deal = make_deal(
        "SJ HA HT HK H8 H7 D9 D8 D7 C7",
        "CA CT CK CQ C9 SA ST SK SQ CJ",
        "HJ DJ C8 S8 S7 HQ H9 DA DT DK",
        "S9 DQ",
    )
    assert result_of(play(deal, "18 y p p HH RE.0")).matadors == -1  # ...else "without 1"


def test_matadors_after_a_pickup_count_the_discarded_cards() -> None:
    # DEAL's Forehand holds CJ SJ; putting both jacks into the skat keeps them among his 12
    state = play(DEAL, "18 y p p s CJ.SJ H RE.0")
    assert result_of(state).matadors == 2
