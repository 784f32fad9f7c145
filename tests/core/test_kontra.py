"""House rule, pagat.com: Kontra / Re / Supra / Resupra (house rule ``kontra=on``): each doubles the
score of the game, not its value (an overbid is still decided on the value); the two timings
(``kontra_timing``) and the two eligibility rules (``kontra_eligibility``, pagat.com).

Every case is a real deal played through :class:`GameState`; the expected numbers are worked out
by hand in the comments.
"""

from __future__ import annotations

import pytest

from skat.core import GameState, IllegalActionError, Phase, Result, Rules
from skat.core.actions import KONTRA, REKONTRA

from ._support import legal, make_deal, play, run

ON = Rules.parse("isko,kontra=on")
SUPRA = Rules.parse("isko,kontra=on,supra=on")
LEAD = Rules.parse("isko,kontra=on,kontra_timing=lead")
BID_ONLY = Rules.parse("isko,kontra=on,kontra_eligibility=bid")
BID_ONLY_LEAD = Rules.parse("isko,kontra=on,kontra_timing=lead,kontra_eligibility=bid")

# pagat.com, Skat: "I bid up to 20, look at the skat, and play in diamonds.  I am only with
# one matador ... One of the opponents says Kontra, and in the play I win 85 card points."
# Forehand holds CJ (not SJ): with 1.  He picks up D8 D7 and puts them back (0 points).
SEED_DEAL = make_deal(
    "CJ HJ DJ DA DT DK DQ D9 S7 H7",
    "SJ CA CT CK CQ C9 C8 C7 HA HT",
    "SA ST SK SQ S9 S8 HK HQ H9 H8",
    "D8 D7",
)
# The defenders take two tricks: S7 CT SA (0 + 10 + 11 = 21) and HQ H7 HA (3 + 0 + 11 = 14),
# 35 in all; the declarer 120 - 35 = 85 (the skat D8 D7 counts 0).  {k} is where Middlehand,
# playing to the first trick, may say Kontra.
LINE_85 = (
    "CJ {k} SJ H8  S7 CT SA  HQ H7 HA  CA S8 D9  HJ C7 S9  DJ C8 H9  DA C9 HK  DT CQ SQ"
    "  DK CK SK  DQ HT ST"
)
# The same with CK (4) for CT (10) in the second trick: the defenders take 15 + 14 = 29,
# the declarer 91 -- Schneider.
LINE_91 = (
    "CJ {k} SJ H8  S7 CK SA  HQ H7 HA  CA S8 D9  HJ C7 S9  DJ C8 H9  DA C9 HK  DT CQ SQ"
    "  DK CT SK  DQ HT ST"
)
BID_20 = "18 y 20 y p p s D8.D7 D"  # Middlehand 18, Forehand holds, 20, holds; both pass
BID_18 = "18 y p p s D8.D7 D"

# Forehand plays Diamonds Hand on nothing but sevens, eights and nines; Middlehand takes every
# trick.  "Without 8" (CJ SJ HJ DJ DA DT DK DQ are all missing), game 9, hand 10, schneider 11,
# schwarz 12: 12 x 9 = 108, lost 2 x 108 = 216.
SCHWARZ_DEAL = make_deal(
    "D7 D8 D9 H7 H8 H9 S7 S8 S9 C7",
    "CJ SJ HJ DJ DA DT DK DQ HA HT",
    "CA CT CK CQ SA ST SK SQ HK HQ",
    "C8 C9",
)
SCHWARZ_LINE = (
    "D7 {k} DQ CQ  HA HQ H7  HT HK H8  CJ CK D8  SJ CT D9  HJ CA H9  DJ SQ C7  DA SK S7"
    "  DT ST S8  DK SA S9"
)


def result_of(state: GameState) -> Result:
    assert state.is_over and state.result is not None
    return state.result


def line(template: str, doubling: str = "") -> str:
    return template.format(k=doubling)


# --------------------------------------------------------------------------------- pagat's example


def test_kontra_on_an_overbid_game_doubles_the_loss_the_value_still_decides_the_overbid() -> None:
    state = play(SEED_DEAL, f"{BID_20} {line(LINE_85, 'kontra p')}", ON)
    r = result_of(state)
    # with 1, game 2: 2 x 9 = 18 < bid 20, overbid whatever the card points (85).
    # The lowest multiple of 9 that reaches 20 is 27; lost double: 2 x 27 = 54; Kontra: x 2 = 108.
    assert r.points == 85 and r.matadors == 1 and r.level == 2
    assert r.overbid and not r.won
    assert r.value == 27 and r.kontra == 1 and r.multiplier == 2
    assert r.score == -108
    assert r.explain() == (
        "with 1, game 2, × Diamonds 9 = 18 < bid 20: overbid, lost 2 × 27 = −54, Kontra × 2 = −108"
    )
    assert r.explain("de") == (
        "mit 1, Spiel 2, × Karo 9 = 18 < gereizt 20: überreizt, verloren 2 × 27 = −54, "
        "Kontra × 2 = −108"
    )


def test_kontra_does_not_change_the_value_so_schneider_still_saves_the_overbid_game() -> None:
    r = result_of(play(SEED_DEAL, f"{BID_20} {line(LINE_91, 'kontra p')}", ON))
    # 91 points: with 1, game 2, schneider 3: 3 x 9 = 27 >= 20, won; Kontra: 2 x 27 = 54
    assert r.points == 91 and r.schneider and not r.overbid and r.won
    assert r.value == 27 and r.score == 54
    assert r.explain() == "with 1, game 2, schneider 3, × Diamonds 9 = 27, Kontra × 2 = +54"
    assert r.explain("de") == "mit 1, Spiel 2, Schneider 3, × Karo 9 = 27, Kontra × 2 = +54"


def test_without_kontra_the_overbid_game_loses_single_double() -> None:
    r = result_of(play(SEED_DEAL, f"{BID_20} {line(LINE_85)}", ON))
    assert r.overbid and r.kontra == 0 and r.multiplier == 1 and r.score == -54  # 2 x 27


# ----------------------------------------------------------------------------- the multipliers


@pytest.mark.parametrize(
    ("doubling", "kontra", "score"),
    [
        ("", 0, 18),  # with 1, game 2: 18, won
        ("kontra p", 1, 36),  # 18 x 2
        ("kontra rekontra p", 2, 72),  # 18 x 4 (Supra not taken)
        ("kontra rekontra supra p", 3, 144),  # 18 x 8
        ("kontra rekontra supra resupra", 4, 288),  # 18 x 16
    ],
)
def test_kontra_re_supra_resupra_double_a_won_game(doubling: str, kontra: int, score: int) -> None:
    r = result_of(play(SEED_DEAL, f"{BID_18} {line(LINE_85, doubling)}", SUPRA))
    assert r.won and r.points == 85 and r.value == 18
    assert r.kontra == kontra and r.multiplier == 2**kontra and r.score == score


@pytest.mark.parametrize(
    ("doubling", "kontra", "score"),
    [
        ("", 0, -216),  # lost 2 x 108
        ("kontra p", 1, -432),  # x 2
        ("kontra rekontra p", 2, -864),  # x 4
        ("kontra rekontra supra p", 3, -1728),  # x 8
        ("kontra rekontra supra resupra", 4, -3456),  # x 16
    ],
)
def test_kontra_re_supra_resupra_double_a_lost_game(doubling: str, kontra: int, score: int) -> None:
    r = result_of(play(SCHWARZ_DEAL, f"p p 18 DH {line(SCHWARZ_LINE, doubling)}", SUPRA))
    assert not r.won and r.points == 0 and r.tricks == 0
    assert r.schneider and r.schwarz and r.matadors == -8 and r.level == 12 and r.value == 108
    assert r.kontra == kontra and r.score == score


def test_explanations_name_the_last_doubling_in_english_and_german() -> None:
    r = result_of(play(SCHWARZ_DEAL, f"p p 18 DH {line(SCHWARZ_LINE, 'kontra rekontra p')}", SUPRA))
    assert r.explain() == (
        "without 8, game 9, hand 10, schneider 11, schwarz 12, × Diamonds 9 = 108, "
        "lost 2 × 108 = −216, Re × 4 = −864"
    )
    assert r.explain("de") == (
        "ohne 8, Spiel 9, Hand 10, Schneider 11, Schwarz 12, × Karo 9 = 108, "
        "verloren 2 × 108 = −216, Re × 4 = −864"
    )
    r = result_of(
        play(SEED_DEAL, f"{BID_18} {line(LINE_85, 'kontra rekontra supra resupra')}", SUPRA)
    )
    assert r.explain() == "with 1, game 2, × Diamonds 9 = 18, Resupra × 16 = +288"
    assert r.explain("de") == "mit 1, Spiel 2, × Karo 9 = 18, Resupra × 16 = +288"


def test_kontra_doubles_a_declarer_resignation_too() -> None:
    state = play(SEED_DEAL, f"{BID_18} CJ kontra rekontra", ON)
    state.apply("RE.0")  # he still holds 9 cards: alone
    r = result_of(state)
    # no trick completed: lost simple, with 1, game 2 = 18; 2 x 18 = 36; Re x 4 = 144
    assert not r.won and not r.schneider and r.score == -144


# ----------------------------------------------------------------------------- who answers what


def test_the_declarer_answers_kontra_with_re_at_once_and_play_resumes_where_it_was() -> None:
    state = play(SEED_DEAL, f"{BID_18} CJ", ON)
    assert state.to_move == 1 and "kontra" in legal(state)
    state.apply("kontra")
    assert state.phase == Phase.ANSWER and state.to_move == 0
    assert legal(state) == ["rekontra", "p"]
    with pytest.raises(IllegalActionError, match="it is Forehand's turn, not Middlehand's"):
        state.validate("rekontra", seat=1)
    with pytest.raises(IllegalActionError, match="Forehand must answer first: rekontra, p"):
        state.validate("SJ", seat=0)
    state.apply("rekontra")
    # without supra=on the doubling ends with Re: Middlehand plays his card
    assert state.phase == Phase.PLAY and state.to_move == 1
    assert legal(state) == ["SJ"]


def test_supra_is_said_by_the_defender_who_said_kontra_and_resupra_by_the_declarer() -> None:
    state = play(SEED_DEAL, f"{BID_18} CJ SJ", SUPRA)
    assert state.to_move == 2 and "kontra" in legal(state)  # Rearhand's Kontra, mid-trick
    run(state, "kontra rekontra")
    assert state.to_move == 2 and legal(state) == ["supra", "p"]
    state.apply("supra")
    assert state.to_move == 0 and legal(state) == ["resupra", "p"]
    state.apply("resupra")
    assert state.phase == Phase.PLAY and state.to_move == 2 and state.view(1).kontra == 4


def test_kontra_is_said_once_the_other_defender_cannot_say_it_again() -> None:
    state = play(SEED_DEAL, f"{BID_18} CJ kontra p SJ", ON)
    assert state.to_move == 2 and "kontra" not in legal(state)
    with pytest.raises(IllegalActionError, match="Kontra is not possible for Rearhand now"):
        state.validate(KONTRA)


def test_without_the_option_nobody_says_kontra() -> None:
    state = play(SEED_DEAL, f"{BID_18} CJ")
    assert "kontra" not in legal(state)
    with pytest.raises(IllegalActionError, match="Kontra is not possible for Middlehand now"):
        state.validate("kontra")
    with pytest.raises(IllegalActionError):
        state.validate(REKONTRA)


def test_the_kontra_level_is_public() -> None:
    state = play(SEED_DEAL, f"{BID_18} CJ kontra", SUPRA)
    assert [state.view(s).kontra for s in range(3)] == [1, 1, 1]
    assert all(state.view(s).history[-1] == (1, KONTRA) for s in range(3))
    state.apply("rekontra")
    assert [state.view(s).kontra for s in range(3)] == [2, 2, 2]
    assert state.view(0).legal_actions == ()  # Middlehand answers Supra or not
    assert [str(a) for a in state.view(1).legal_actions] == ["supra", "p"]
    assert state.view(2).legal_actions == () and state.view(2).announcements == ()


# ----------------------------------------------------------------------------- timing


def test_timing_trick_kontra_before_the_defender_plays_to_the_first_trick_only() -> None:
    state = play(SEED_DEAL, BID_18, ON)
    assert state.to_move == 0 and "kontra" not in legal(state)  # the declarer leads
    state.apply("CJ")
    assert "kontra" in legal(state)  # Middlehand, playing to the first trick
    state.apply("SJ")
    assert "kontra" in legal(state)  # Rearhand, too
    state.apply("H8")
    assert state.to_move == 0 and len(state.tricks) == 1
    state.apply("S7")
    assert "kontra" not in legal(state)  # the second trick: too late


def test_timing_trick_a_defender_who_leads_says_kontra_before_his_lead() -> None:
    # Middlehand bids 18 and plays Grand Hand; Forehand (a defender) leads the first trick
    state = play(SCHWARZ_DEAL, "18 p p GH", ON)
    assert state.declarer == 1 and state.to_move == 0
    assert legal(state)[-1] == "kontra"
    state.apply("kontra")
    assert state.to_move == 1 and legal(state) == ["rekontra", "p"]
    state.apply("p")
    assert state.to_move == 0 and "kontra" not in legal(state)


def test_timing_lead_asks_the_defenders_before_the_first_card_a_forehand_declarer_waits() -> None:
    state = play(SEED_DEAL, BID_18, LEAD)
    assert state.phase == Phase.ANSWER and state.to_move == 1
    assert legal(state) == ["kontra", "p"]
    with pytest.raises(IllegalActionError, match="Forehand's"):
        state.validate("CJ", seat=0)
    state.apply("p")
    assert state.to_move == 2 and legal(state) == ["kontra", "p"]
    state.apply("p")
    assert state.phase == Phase.PLAY and state.to_move == 0
    state.apply("CJ")
    assert "kontra" not in legal(state)  # no Kontra after the lead


def test_timing_lead_kontra_by_the_second_defender_then_re() -> None:
    state = play(SEED_DEAL, f"{BID_18} p kontra", LEAD)
    assert state.to_move == 0 and legal(state) == ["rekontra", "p"]
    state.apply("rekontra")
    assert state.phase == Phase.PLAY and state.to_move == 0 and state.view(2).kontra == 2
    r = result_of(run(state, line(LINE_85).replace("{k}", "")))
    assert r.won and r.score == 72  # 18 x 4


def test_timing_lead_the_first_defenders_kontra_closes_the_window() -> None:
    state = play(SEED_DEAL, f"{BID_18} kontra p", LEAD)
    assert state.phase == Phase.PLAY and state.to_move == 0  # Rearhand is not asked again


# ----------------------------------------------------------------------------- eligibility


def test_eligibility_bid_the_seeds_example_a_who_failed_to_hold_18_may_not_c_may() -> None:
    # B = Middlehand bids 18, A = Forehand passes (fails to say yes to 18), C = Rearhand would
    # have had to say 20 and passes: C never had the chance to bid 18.
    state = play(SCHWARZ_DEAL, "18 p p GH", BID_ONLY_LEAD)
    assert state.declarer == 1
    assert state.phase == Phase.ANSWER and state.to_move == 2  # only C is asked
    assert legal(state) == ["kontra", "p"]
    state.apply("p")
    assert state.phase == Phase.PLAY and state.to_move == 0
    # timing trick: A leads without Kontra; C may say it when he plays to the first trick
    state = play(SCHWARZ_DEAL, "18 p p GH", BID_ONLY)
    assert "kontra" not in legal(state)
    state.apply(legal(state)[0])
    state.apply(legal(state)[0])  # the declarer
    assert state.to_move == 2 and "kontra" in legal(state)
    # under kontra_eligibility=any A may say Kontra
    assert "kontra" in legal(play(SCHWARZ_DEAL, "18 p p GH", ON))


def test_eligibility_bid_defenders_who_passed_at_18_may_not_say_kontra() -> None:
    # Middlehand passes without a bid, Rearhand bids 18, Forehand passes it: both passed 18
    state = play(SCHWARZ_DEAL, "p 18 p", BID_ONLY_LEAD)
    assert state.declarer == 2
    state.apply("GH")
    assert state.phase == Phase.PLAY and state.to_move == 0  # no window: nobody may
    # Middlehand and Rearhand pass without a bid, Forehand plays: neither may
    state = play(SCHWARZ_DEAL, "p p 18 DH", BID_ONLY)
    assert "kontra" not in legal(run(state, "D7"))


def test_eligibility_bid_a_defender_who_held_once_may_say_kontra_after_passing_later() -> None:
    # Middlehand 18, Forehand holds, Middlehand 20, Forehand passes; Rearhand passes at 20
    state = play(SCHWARZ_DEAL, "18 y 20 p p GH", BID_ONLY_LEAD)
    assert state.declarer == 1
    assert state.to_move == 0 and legal(state) == ["kontra", "p"]  # Forehand held 18
    state.apply("p")
    assert state.to_move == 2 and legal(state) == ["kontra", "p"]  # Rearhand: never at 18


def test_eligibility_bid_a_jump_past_18_leaves_the_answerer_eligible() -> None:
    # Middlehand jumps to 20: Forehand never had the chance to say yes to 18
    state = play(SCHWARZ_DEAL, "20 p p GH", BID_ONLY_LEAD)
    assert state.declarer == 1 and state.to_move == 0 and legal(state) == ["kontra", "p"]


def test_eligibility_options_need_kontra() -> None:
    with pytest.raises(ValueError, match="kontra_eligibility=bid needs kontra=on"):
        Rules.parse("isko,kontra_eligibility=bid")
    with pytest.raises(ValueError, match="kontra_timing=lead needs kontra=on"):
        Rules.parse("isko,kontra_timing=lead")
