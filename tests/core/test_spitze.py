"""House rule, pagat.com: Spitze (``spitze=on``): after the declaration the declarer may announce to
win the last trick with the lowest trump (the 7 of trumps, the jack of diamonds in Grand), or the
last n tricks with the unbroken run of the n lowest trumps, the lowest winning the very last
trick; one level per card; the game is lost if the Spitze is not made.

The expected values are worked out by hand in the comments.
"""

from __future__ import annotations

import pytest

from skat.core import GameState, IllegalActionError, Phase, Result, Rules

from ._support import legal, make_deal, play

SPITZE = Rules.parse("isko,spitze=on")

# Forehand plays Diamonds Hand holding CJ SJ HJ DJ DA DT DK (with 7; DQ is missing) and D8 D7:
# a Spitze of up to 2 cards (D9 is with Rearhand).  He draws both defenders' trumps (DQ, D9) in
# the first trick and takes every trick: 120 points, Schneider and Schwarz.
DIAMONDS = make_deal(
    "CJ SJ HJ DJ DA DT DK D8 D7 HA",
    "DQ CA CT CK CQ C9 C8 C7 HT HK",
    "D9 SA ST SK SQ S9 S8 S7 HQ H9",
    "H8 H7",
)
FIRST_EIGHT = "CJ DQ D9  SJ C7 S7  HJ C8 S8  DJ C9 S9  DA CQ SQ  DT CK SK  DK CT ST  HA HK HQ"
SEVEN_LAST = f"{FIRST_EIGHT}  D8 CA SA  D7 HT H9"
EIGHT_LAST = f"{FIRST_EIGHT}  D7 CA SA  D8 HT H9"  # the 7 wins the ninth trick, the 8 the last

# Forehand plays Grand Hand with the four jacks (with 4) and the aces and tens: a Grand Spitze of
# up to 4 cards (DJ, HJ, SJ, CJ).  He takes every trick.
GRAND = make_deal(
    "CJ SJ HJ DJ CA CT SA ST HA DA",
    "CK CQ C9 SK SQ S9 HT HK HQ H9",
    "C8 C7 S8 S7 H8 H7 DT DK DQ D9",
    "D8 D7",
)
GRAND_FIRST_EIGHT = "CJ H9 D9  SJ S9 DQ  CA CQ C7  CT CK C8  SA SK S8  ST SQ S7  HA HK H8  DA HQ DT"
DJ_LAST = f"{GRAND_FIRST_EIGHT}  HJ HT H7  DJ C9 DK"
HJ_LAST = f"{GRAND_FIRST_EIGHT}  DJ HT H7  HJ C9 DK"


def result_of(state: GameState) -> Result:
    assert state.is_over and state.result is not None
    return state.result


# ----------------------------------------------------------------------------- the announcement


def test_spitze_is_asked_after_the_declaration_up_to_the_run_of_lowest_trumps_held() -> None:
    state = play(DIAMONDS, "p p 18 DH", SPITZE)
    assert state.phase == Phase.ANSWER and state.to_move == 0
    assert legal(state) == ["spitze.1", "spitze.2", "p"]  # D7 D8, not D9
    with pytest.raises(
        IllegalActionError, match=r"Forehand must answer first: spitze\.1, spitze\.2, p"
    ):
        state.validate("spitze.3")
    state = play(GRAND, "p p 18 GH", SPITZE)
    assert legal(state) == ["spitze.1", "spitze.2", "spitze.3", "spitze.4", "p"]


def test_spitze_is_asked_without_the_lowest_trump_too_so_the_question_tells_nothing() -> None:
    # Hearts: the H7 is in the skat -- the question is asked, "p" the only answer
    state = play(DIAMONDS, "p p 18 HH", SPITZE)
    assert state.phase == Phase.ANSWER and state.to_move == 0 and legal(state) == ["p"]
    # the same deal with D7 and D9 swapped: the declarer cannot announce a Spitze in Diamonds,
    # and the defenders' views are the same as with the D7 in his hand
    swapped = make_deal(
        "CJ SJ HJ DJ DA DT DK D8 D9 HA",
        "DQ CA CT CK CQ C9 C8 C7 HT HK",
        "D7 SA ST SK SQ S9 S8 S7 HQ H9",
        "H8 H7",
    )
    other = play(swapped, "p p 18 DH", SPITZE)
    assert legal(other) == ["p"]
    assert other.view(1) == play(DIAMONDS, "p p 18 DH", SPITZE).view(1)


def test_spitze_is_not_asked_in_null_or_without_the_option() -> None:
    assert play(DIAMONDS, "p p 18 NH", SPITZE).phase == Phase.PLAY
    state = play(DIAMONDS, "p p 18 DH")
    assert state.phase == Phase.PLAY and "spitze.1" not in legal(state)
    with pytest.raises(IllegalActionError):
        state.validate("spitze.1")


def test_spitze_is_public() -> None:
    state = play(DIAMONDS, "p p 18 DH spitze.2", SPITZE)
    assert state.phase == Phase.PLAY and state.to_move == 0
    assert [state.view(s).announcements for s in range(3)] == [("spitze 2",)] * 3
    assert play(DIAMONDS, "p p 18 DH p", SPITZE).view(1).announcements == ()


def test_spitze_comes_before_the_kontra_window_before_the_lead() -> None:
    rules = Rules.parse("isko,spitze=on,kontra=on,kontra_timing=lead")
    state = play(GRAND, "p p 18 GH", rules)
    assert state.to_move == 0 and legal(state)[0] == "spitze.1"
    state.apply("spitze.2")
    assert state.phase == Phase.ANSWER and state.to_move == 1 and legal(state) == ["kontra", "p"]


# ----------------------------------------------------------------------------- suit games


def test_spitze_1_won_in_a_suit_game_adds_one_level() -> None:
    r = result_of(play(DIAMONDS, f"p p 18 DH spitze.1 {SEVEN_LAST}", SPITZE))
    # with 7, game 8, hand 9, schneider 10, schwarz 11, spitze 12: 12 x 9 = 108
    assert r.won and r.said_value("spitze") == 1 and r.level == 12 and r.score == 108
    assert r.explain() == (
        "with 7, game 8, hand 9, schneider 10, schwarz 11, spitze 12, × Diamonds 9 = 108"
    )
    assert r.explain("de") == (
        "mit 7, Spiel 8, Hand 9, Schneider 10, Schwarz 11, Spitze 12, × Karo 9 = 108"
    )


def test_spitze_2_won_in_a_suit_game_adds_two_levels() -> None:
    r = result_of(play(DIAMONDS, f"p p 18 DH spitze.2 {SEVEN_LAST}", SPITZE))
    # ... spitze 12, spitze 13: 13 x 9 = 117 (without Spitze: 11 x 9 = 99)
    assert r.won and r.said_value("spitze") == 2 and r.level == 13 and r.score == 117
    assert result_of(play(DIAMONDS, f"p p 18 DH p {SEVEN_LAST}", SPITZE)).score == 99


def test_spitze_1_lost_when_the_last_trick_is_not_won_with_the_seven() -> None:
    r = result_of(play(DIAMONDS, f"p p 18 DH spitze.1 {EIGHT_LAST}", SPITZE))
    # he took every trick, but the last with the 8: lost.  The levels he reached count:
    # with 7, game 8, hand 9, schneider 10, schwarz 11, spitze 12 = 108; lost 2 x 108 = 216
    assert not r.won and r.points == 120 and r.schneider and r.schwarz
    assert r.level == 12 and r.score == -216
    assert r.explain().endswith("spitze 12, × Diamonds 9 = 108, lost 2 × 108 = −216")


def test_spitze_2_lost_when_the_seven_wins_the_ninth_trick_and_the_eight_the_last() -> None:
    r = result_of(play(DIAMONDS, f"p p 18 DH spitze.2 {EIGHT_LAST}", SPITZE))
    # the very last trick belongs to the lowest trump: 13 x 9 = 117, lost 2 x 117 = 234
    assert not r.won and r.level == 13 and r.score == -234


def test_a_seven_that_takes_the_last_trick_without_an_announced_spitze_adds_nothing() -> None:
    r = result_of(play(DIAMONDS, f"p p 18 DH p {EIGHT_LAST}", SPITZE))
    assert r.won and r.said_value("spitze") == 0 and r.score == 99


# ----------------------------------------------------------------------------- Grand


def test_grand_spitze_1_with_the_jack_of_diamonds() -> None:
    r = result_of(play(GRAND, f"p p 18 GH spitze.1 {DJ_LAST}", SPITZE))
    # with 4, game 5, hand 6, schneider 7, schwarz 8, spitze 9: 9 x 24 = 216
    assert r.won and r.level == 9 and r.score == 216


def test_grand_spitze_2_with_the_jacks_of_diamonds_and_hearts() -> None:
    r = result_of(play(GRAND, f"p p 18 GH spitze.2 {DJ_LAST}", SPITZE))
    # ... spitze 9, spitze 10: 10 x 24 = 240
    assert r.won and r.level == 10 and r.score == 240
    assert r.explain() == (
        "with 4, game 5, hand 6, schneider 7, schwarz 8, spitze 9, spitze 10, × Grand 24 = 240"
    )


def test_grand_spitze_lost_when_the_heart_jack_takes_the_last_trick() -> None:
    r = result_of(play(GRAND, f"p p 18 GH spitze.1 {HJ_LAST}", SPITZE))
    assert not r.won and r.score == -432  # 2 x 216
    r = result_of(play(GRAND, f"p p 18 GH spitze.2 {HJ_LAST}", SPITZE))
    assert not r.won and r.score == -480  # 2 x 240


def test_spitze_counts_with_kontra_on_the_score() -> None:
    rules = Rules.parse("isko,spitze=on,kontra=on,kontra_timing=lead")
    r = result_of(play(GRAND, f"p p 18 GH spitze.1 kontra p {DJ_LAST}", rules))
    assert r.won and r.value == 216 and r.score == 432  # 216 x 2


def test_a_spitze_game_the_defenders_give_up_is_won_with_its_spitze() -> None:
    state = play(GRAND, "p p 18 GH spitze.1 CJ H9 D9 RE.1", SPITZE)
    r = result_of(state)
    # ISkO 4.3.3: won simple: with 4, game 5, hand 6, spitze 7 = 168
    assert r.won and r.score == 168
    rest = Rules.parse(str(SPITZE) + ",resign=both,resign_levels=rest")
    state = play(GRAND, "p p 18 GH spitze.1 CJ H9 D9", rest)
    state.apply("RE.1")
    state.apply("RE.2")
    r = result_of(state)
    # the rest is his: 120 points, Schwarz: with 4, game 5, hand 6, schneider 7, schwarz 8,
    # spitze 9 = 216
    assert r.won and r.score == 216


def test_an_answer_of_another_kind_is_refused() -> None:
    # Spitze(1), Kontra and Schenken(1) are equal as tuples; the engine must not mix them up
    rules = Rules.parse("isko,spitze=on,kontra=on,kontra_timing=lead")
    state = play(GRAND, "p p 18 GH", rules)
    with pytest.raises(IllegalActionError, match=r"Forehand must answer first: spitze\.1"):
        state.validate("kontra")
    state.apply("spitze.1")
    assert state.to_move == 1 and legal(state) == ["kontra", "p"]
    with pytest.raises(IllegalActionError, match="Middlehand must answer first: kontra, p"):
        state.validate("spitze.1")
