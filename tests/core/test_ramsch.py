"""House rule, pagat.com: Ramsch when all pass (``ramsch=ramsch``/``gewinner``): jacks the only
trumps, everyone for himself, the most card points lose that many; the skat to the last trick's
winner or to the loser; Jungfrau (one and two), Durchmarsch (on and off), tens low and tens
counting 1, ties, Gewinner-Ramsch.

Every case is a real deal played through :class:`GameState`; the card points of each trick and
the scores are added up by hand in the comments (A 11, 10 10, K 4, Q 3, J 2).
"""

from __future__ import annotations

import pytest

from skat.core import GameState, IllegalActionError, Phase, Result, Rules

from ._support import legal, make_deal, play, run

RAMSCH = Rules.parse("isko,ramsch=ramsch")
GEWINNER = Rules.parse("isko,ramsch=gewinner")

# Forehand holds the four jacks and the aces and tens he needs to take every trick.
SWEEP = make_deal(
    "CJ SJ HJ DJ CA CT SA ST HA DA",
    "CK CQ C9 SK SQ S9 HT HK HQ H9",
    "C8 C7 S8 S7 H8 H7 DT DK DQ D9",
    "D8 D7",
)
FIRST_FOUR = "CJ H9 D9  SJ S9 DQ  HJ C9 H7  DJ SQ S7"  # the four jacks
SWEEP_LINE = f"{FIRST_FOUR}  CA CQ C7  CT CK C8  SA SK S8  ST HQ DK  HA HK H8  DA HT DT"
# The same until the fifth trick, where Forehand leads CT and Middlehand plays CK: with tens low
# the king wins (A K Q 10 9 8 7) and Middlehand leads CQ to Forehand's CA.  Only legal with tens
# low: with tens high Forehand's CT wins and Middlehand may not lead.
TENS_LOW_LINE = f"{FIRST_FOUR}  CT CK C7  CQ C8 CA  SA SK S8  ST HQ DK  HA HK H8  DA HT DT"

# Three players who all take tricks -- except Middlehand, who takes none (a Jungfrau).
SPREAD = make_deal(
    "HJ CA C7 SA S7 HA H7 DA D7 D8",
    "SJ CT C8 ST S8 HT H8 DT D9 DQ",
    "CJ DJ CK CQ C9 SK SQ S9 HK HQ",
    "H9 DK",
)
# Forehand: CA CT C9 21, SA ST S9 21, HA HT HQ 24 = 66.
# Rearhand: DA DT DJ 23 (the jack trumps), CK C7 C8 4, SK S7 S8 4, HK H7 H8 4, CQ D7 D9 3,
# SQ D8 DQ 6, CJ HJ SJ 6 = 50, and the last trick.  Middlehand: no trick.  Skat H9 DK: 4.
SPREAD_LINE = (
    "CA CT C9  SA ST S9  HA HT HQ  DA DT DJ  CK C7 C8  SK S7 S8  HK H7 H8  CQ D7 D9  SQ D8 DQ"
    "  CJ HJ SJ"
)
# Forehand and Rearhand tie for the most points (with the skat to the last trick):
# FH: DA DQ HK 18, CQ CA C8 14, SA ST S9 21 = 53.  MH: D7 D9 CK 4, CT C9 C7 10 = 14.
# RH: S7 S8 SK 4, H8 HQ H7 3, CJ HJ SJ 6, SQ D8 DT 13, DJ HA HT 23 = 49, + skat 4 = 53.
TIE_HIGH_LINE = (
    "DA DQ HK  S7 S8 SK  CQ CA C8  SA ST S9  D7 D9 CK  CT C9 C7  H8 HQ H7  CJ HJ SJ  SQ D8 DT"
    "  DJ HA HT"
)
# Middlehand and Rearhand tie for the fewest points:
# FH: SQ SA S8 14, CT C9 CA 21, HT HK HA 25 = 60.  MH: D7 DT S9 10, S7 ST SK 14, DJ HJ SJ 6 = 30.
# RH: H7 H8 HQ 3, C8 CK C7 4, DA DQ CJ 16, CQ D8 D9 3 = 26, + skat 4 = 30.
TIE_LOW_LINE = (
    "H7 H8 HQ  SQ SA S8  D7 DT S9  CT C9 CA  S7 ST SK  C8 CK C7  DJ HJ SJ  HT HK HA  DA DQ CJ"
    "  CQ D8 D9"
)


def result_of(state: GameState) -> Result:
    assert state.is_over and state.result is not None
    assert state.result.ramsch is not None and state.declarer is None
    return state.result


def ramsch(deal: object, line: str, rules: Rules | str = RAMSCH) -> Result:
    if isinstance(rules, str):
        rules = Rules.parse(rules)
    return result_of(play(deal, f"p p p {line}", rules))  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- how it starts


def test_ramsch_is_played_when_all_pass_only_with_the_option() -> None:
    state = play(SPREAD, "p p p")
    assert state.is_over and state.result is not None and state.result.passed
    assert state.result.explain() == "passed in" and state.result.explain("de") == "eingepasst"
    state = play(SPREAD, "p p p", RAMSCH)
    assert state.phase == Phase.PLAY and state.to_move == 0 and state.declarer is None
    assert state.contract is None and state.view(1).ramsch == "ramsch"
    assert state.end_actions() == []  # nobody to resign to, no declarer to claim


def test_a_forced_ramsch_skips_the_auction_and_forehand_leads() -> None:
    for rules in (Rules.parse("isko"), RAMSCH, GEWINNER):
        state = GameState(SPREAD, rules, ramsch=True)
        assert state.phase == Phase.PLAY and state.to_move == 0 and state.history == []
        assert state.view(2).ramsch == ("gewinner" if rules is GEWINNER else "ramsch")


def test_ramsch_jacks_are_the_only_trumps_as_in_grand() -> None:
    state = play(SPREAD, "p p p CA", RAMSCH)
    assert legal(state) == ["C8", "CT"]  # Middlehand follows clubs; SJ is no club
    state = play(SPREAD, "p p p HA HT HQ DA DT", RAMSCH)
    assert "DJ" in legal(state) and "CK" in legal(state)  # Rearhand: no diamond, DJ is a trump
    run(state, "DJ")
    assert state.tricks[-1].winner == 2


# ----------------------------------------------------------------------------- the score


def test_ramsch_the_most_points_lose_that_many_and_a_jungfrau_doubles() -> None:
    r = ramsch(SPREAD, SPREAD_LINE)
    # skat (4) to the last trick's winner, Rearhand: 66 / 0 / 54; Forehand loses 66,
    # Middlehand took no trick: Jungfrau, 2 x 66 = 132
    assert r.seat_points == (66, 0, 54) and sum(r.seat_points) == 120
    assert r.jungfrau == 1 and not r.durchmarsch
    assert r.ramsch_scores == (-132, 0, 0) and r.seat_scores == (-132, 0, 0)
    assert r.explain() == "Ramsch (66 0 54), Forehand −132 (Jungfrau × 2)"
    assert r.explain("de") == "Ramsch (66 0 54), Vorhand −132 (Jungfrau × 2)"


def test_ramsch_without_the_jungfrau_rule_the_loser_pays_single() -> None:
    r = ramsch(SPREAD, SPREAD_LINE, "isko,ramsch=ramsch,jungfrau=off")
    assert r.jungfrau == 0 and r.ramsch_scores == (-66, 0, 0)
    assert r.explain() == "Ramsch (66 0 54), Forehand −66"


def test_ramsch_skat_to_the_loser_instead_of_the_last_tricks_winner() -> None:
    r = ramsch(SPREAD, SPREAD_LINE, "isko,ramsch=ramsch,ramsch_skat=loser")
    # before the skat 66 / 0 / 50: the loser Forehand gets it, 70; 2 x 70 (Jungfrau) = 140
    assert r.seat_points == (70, 0, 50) and r.ramsch_scores == (-140, 0, 0)


def test_ramsch_a_tie_for_the_most_points_both_lose() -> None:
    r = ramsch(SPREAD, TIE_HIGH_LINE)
    assert r.seat_points == (53, 14, 53) and r.jungfrau == 0
    assert r.ramsch_scores == (-53, 0, -53)
    assert r.explain() == "Ramsch (53 14 53), Forehand −53, Rearhand −53"
    assert r.explain("de") == "Ramsch (53 14 53), Vorhand −53, Hinterhand −53"


def test_ramsch_skat_to_the_loser_can_break_a_tie() -> None:
    # before the skat: 53 / 14 / 49 -- Forehand alone has the most and takes the skat: 57
    r = ramsch(SPREAD, TIE_HIGH_LINE, "isko,ramsch=ramsch,ramsch_skat=loser")
    assert r.seat_points == (57, 14, 49) and r.ramsch_scores == (-57, 0, 0)


def test_ramsch_durchmarsch_one_player_takes_every_trick_and_wins_120() -> None:
    r = ramsch(SWEEP, SWEEP_LINE)
    assert r.seat_points == (120, 0, 0)
    assert r.durchmarsch and r.won and r.jungfrau == 0  # no Jungfrau beside a Durchmarsch
    assert r.ramsch_scores == (120, 0, 0)
    assert r.explain() == "Ramsch (120 0 0), Forehand +120 (Durchmarsch)"
    assert r.explain("de") == "Ramsch (120 0 0), Vorhand +120 (Durchmarsch)"


def test_ramsch_without_durchmarsch_every_trick_loses_120_with_two_jungfrauen() -> None:
    r = ramsch(SWEEP, SWEEP_LINE, "isko,ramsch=ramsch,durchmarsch=off")
    # two players without a trick: 120 x 2 x 2 = 480
    assert not r.durchmarsch and r.jungfrau == 2 and r.ramsch_scores == (-480, 0, 0)
    assert r.explain() == "Ramsch (120 0 0), Forehand −480 (Jungfrau × 4)"
    r = ramsch(SWEEP, SWEEP_LINE, "isko,ramsch=ramsch,durchmarsch=off,jungfrau=off")
    assert r.ramsch_scores == (-120, 0, 0)


def test_ramsch_tens_low_rank_below_the_queen_in_trick_taking() -> None:
    # Forehand leads CT, Middlehand plays CK, Rearhand C7
    high = play(SWEEP, f"p p p {FIRST_FOUR} CT CK C7", RAMSCH)
    assert high.tricks[-1].winner == 0  # A 10 K Q: the ten wins
    low_rules = Rules.parse("isko,ramsch=ramsch,ramsch_tens=low")
    low = play(SWEEP, f"p p p {FIRST_FOUR} CT CK C7", low_rules)
    assert low.tricks[-1].winner == 1  # A K Q 10: the king wins
    with pytest.raises(IllegalActionError, match="turn"):
        high.validate("CQ", seat=1)  # with tens high Middlehand does not lead


def test_ramsch_tens_low_still_count_ten_one_jungfrau() -> None:
    r = ramsch(SWEEP, TENS_LOW_LINE, "isko,ramsch=ramsch,ramsch_tens=low")
    # Middlehand: CT CK C7 = 10 + 4 = 14; Forehand the rest: 120 - 14 = 106 (skat D8 D7: 0);
    # Rearhand no trick: Jungfrau, 2 x 106 = 212
    assert r.seat_points == (106, 14, 0) and r.jungfrau == 1
    assert r.ramsch_scores == (-212, 0, 0)


def test_ramsch_tens_counting_1_make_84_points() -> None:
    rules = "isko,ramsch=ramsch,ramsch_tens=low,ramsch_ten_points=1"
    r = ramsch(SWEEP, TENS_LOW_LINE, rules)
    # four tens count 1 instead of 10: 120 - 4 x 9 = 84.  Middlehand: CT CK C7 = 1 + 4 = 5;
    # Forehand 84 - 5 = 79; Jungfrau: 2 x 79 = 158
    assert sum(r.seat_points) == 84
    assert r.seat_points == (79, 5, 0) and r.ramsch_scores == (-158, 0, 0)
    # a Durchmarsch wins its fixed 120 whatever the tens count
    r = ramsch(SWEEP, SWEEP_LINE, "isko,ramsch=ramsch,ramsch_ten_points=1")
    assert r.seat_points == (84, 0, 0) and r.durchmarsch and r.ramsch_scores == (120, 0, 0)


# ----------------------------------------------------------------------------- Gewinner-Ramsch


def test_gewinner_ramsch_the_fewest_points_win_23() -> None:
    r = ramsch(SPREAD, SPREAD_LINE, GEWINNER)
    # 70 / 0 / 50 (the skat's 4 to Forehand, who has the most): Middlehand has the fewest and
    # wins 23 (the value of a won Null); nobody loses, and the Jungfrau doubles nothing
    assert r.seat_points == (70, 0, 50) and r.ramsch == "gewinner"
    assert r.ramsch_scores == (0, 23, 0) and r.jungfrau == 0
    assert r.explain() == "Gewinner-Ramsch (70 0 50), Middlehand +23"
    assert r.explain("de") == "Gewinner-Ramsch (70 0 50), Mittelhand +23"


def test_gewinner_ramsch_a_tie_for_the_fewest_both_win() -> None:
    r = ramsch(SPREAD, TIE_LOW_LINE, "isko,ramsch=gewinner,ramsch_skat=last_trick")
    assert r.seat_points == (60, 30, 30) and r.ramsch_scores == (0, 23, 23)
    # the same line as a plain Ramsch: Forehand loses 60
    assert ramsch(SPREAD, TIE_LOW_LINE).ramsch_scores == (-60, 0, 0)


def test_gewinner_ramsch_with_the_skat_to_the_loser() -> None:
    # before the skat 60 / 30 / 26: Forehand takes the skat (64), Rearhand alone has the fewest
    r = ramsch(SPREAD, TIE_LOW_LINE, "isko,ramsch=gewinner,ramsch_skat=loser")
    assert r.seat_points == (64, 30, 26) and r.ramsch_scores == (0, 0, 23)


def test_gewinner_ramsch_durchmarsch() -> None:
    r = ramsch(SWEEP, SWEEP_LINE, GEWINNER)
    assert r.durchmarsch and r.ramsch_scores == (120, 0, 0)


# ----------------------------------------------------------------------------- views


def test_ramsch_views_show_no_other_hand_and_no_skat_until_the_end() -> None:
    state = play(SPREAD, "p p p CA CT", RAMSCH)
    for seat in range(3):
        view = state.view(seat)
        assert view.hand == state.hand(seat) and view.skat is None and view.open_hand is None
        assert view.declarer is None and view.ramsch == "ramsch" and view.kontra == 0
    run(state, SPREAD_LINE.split(" ", 2)[2])
    assert state.view(1).skat == state.deal.skat  # everybody sees it at the end
