"""ISkO 4.3.3, conceding (aufgeben): the declarer gives up alone while
he holds at least 9 cards, later only with a defender's consent (``RE.0+1``); the game ends as
soon as one defender gives up (joint liability); the party that gives up loses "simple", or with
the Schneider the other party's tricks already secure (ISkO 4.1.3/4.1.4).  With
``resign=both,resign_levels=rest`` (the ISS presets) the defenders give up together and the
unplayed cards go to the other party; the ISS presets also let the declarer give up at any time
(``declarer_resign=any``) and iss2 ends the game on one defender's resignation after a claim.

Deal and line from ``test_kontra.py`` (Forehand's Diamonds "with 1" at 18: 2 x 9 = 18); the
values are worked out by hand in the comments.
"""

from __future__ import annotations

import pytest

from skat.core import ISKO, ISS, ISS2, GameState, IllegalActionError, Phase, Resign, Result, Rules

from ._support import play, run
from .test_kontra import LINE_85, SCHWARZ_DEAL, SEED_DEAL, line

DIAMONDS = "18 y p p s D8.D7 D"
CARDS = line(LINE_85).split()
TWO_TRICKS = " ".join(CARDS[:6])  # CJ SJ H8 (his, 4 points), S7 CT SA (theirs, 21)


REST = Rules.parse("isko,resign=both,resign_levels=rest")


def result_of(state: GameState) -> Result:
    assert state.is_over and state.result is not None
    return state.result


def ends(state: GameState) -> list[str]:
    return [str(a) for a in state.end_actions()]


# ----------------------------------------------------------------------------- the declarer


def test_isko_declarer_concedes_alone_while_he_holds_ten_or_nine_cards_and_loses_simple() -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} CJ SJ H8")
    assert len(state.hand(0)) == 9 and "RE.0" in ends(state)
    state.apply("RE.0")
    r = result_of(state)
    # ISkO 4.3.3/4.1.4: lost simple: with 1, game 2 = 18, lost 2 x 18 = 36
    assert not r.won and r.resigned and not r.schneider and r.score == -36
    assert r.explain() == "with 1, game 2, × Diamonds 9 = 18 (resigned), lost 2 × 18 = −36"


def test_declarer_concedes_and_the_rest_goes_to_the_defenders_under_rest_levels() -> None:
    state = play(SEED_DEAL, DIAMONDS, REST)
    assert "RE.0" in ends(state)  # 10 cards
    run(state, "CJ SJ H8")
    assert len(state.hand(0)) == 9 and "RE.0" in ends(state)  # 9 cards after the first trick
    state.apply("RE.0")
    r = result_of(state)
    # the nine unplayed tricks go to the defenders: he has CJ SJ H8 = 4 points (skat 0),
    # Schneider but one trick: with 1, game 2, schneider 3 = 27, lost 2 x 27 = 54
    assert not r.won and r.resigned and r.tricks == 1 and r.defender_tricks == 9
    assert r.points == 4 and r.schneider and not r.schwarz and r.score == -54
    assert r.explain() == (
        "with 1, game 2, schneider 3, × Diamonds 9 = 27 (resigned), lost 2 × 27 = −54"
    )
    assert r.explain("de") == (
        "mit 1, Spiel 2, Schneider 3, × Karo 9 = 27 (aufgegeben), verloren 2 × 27 = −54"
    )


def test_isko_declarer_who_concedes_before_a_trick_is_complete_loses_simple() -> None:
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} CJ RE.0"))
    # no trick completed: no Schneider or Schwarz on the board; lost 2 x 18 = 36
    assert not r.won and not r.schneider and not r.schwarz and r.score == -36


def test_isko_declarer_with_eight_cards_needs_a_defenders_consent() -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} CJ SJ H8 S7")
    assert len(state.hand(0)) == 8
    assert ends(state) == ["SC", "RE.0+1", "RE.0+2", "RE.1", "RE.2"]
    with pytest.raises(
        IllegalActionError, match=r"fewer than 9 cards.*consent \(RE\.0\+<defender>\)"
    ):
        state.validate("RE.0")
    with pytest.raises(IllegalActionError, match="only a defender can consent"):
        state.validate(Resign(0, 0))
    state.apply("RE.0+2")
    assert result_of(state).resigned and not result_of(state).won


def test_isko_declarer_concedes_later_with_consent_and_loses_simple() -> None:
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS} RE.0+1"))
    # lost simple: with 1, game 2 = 18, lost 36 (the defenders' 21 points make nobody Schneider)
    assert r.tricks == 1 and r.defender_tricks == 1 and r.score == -36


def test_declarer_concedes_later_with_consent_and_the_rest_goes_to_the_defenders() -> None:
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS} RE.0+1", REST))
    # his: CJ SJ H8 = 4; the defenders' S7 CT SA and the eight unplayed tricks:
    # with 1, game 2, schneider 3 = 27, lost 54
    assert r.tricks == 1 and r.defender_tricks == 9 and r.points == 4 and r.score == -54


def test_declarer_resign_any_concedes_alone_at_any_time() -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS}", ISS)
    assert len(state.hand(0)) == 8 and "RE.0" in ends(state) and "RE.0+1" not in ends(state)
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS} RE.0", ISS))
    assert not r.won and r.score == -54


# ----------------------------------------------------------------------------- the defenders


def test_isko_one_defender_concedes_for_both_and_the_declarer_wins_simple() -> None:
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS} RE.1"))
    # ISkO 4.3.3: the game ends at once; won simple: with 1, game 2 = 18
    assert r.won and r.resigned and r.tricks == 1 and r.defender_tricks == 1 and r.score == 18


def test_defenders_concede_together_and_the_rest_goes_to_the_declarer_under_iss_rules() -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS} RE.1", REST)
    assert state.phase == Phase.PLAY and "RE.1" not in ends(state) and "RE.2" in ends(state)
    with pytest.raises(IllegalActionError, match="Middlehand has resigned already"):
        state.validate("RE.1")
    state.apply("RE.2")
    r = result_of(state)
    # the defenders keep S7 CT SA (21); the declarer gets the eight unplayed tricks:
    # 120 - 21 = 99, Schneider: with 1, game 2, schneider 3 = 27
    assert r.won and r.resigned and r.tricks == 9 and r.defender_tricks == 1
    assert r.points == 99 and r.schneider and r.score == 27
    assert r.explain() == "with 1, game 2, schneider 3, × Diamonds 9 = 27 (resigned)"


def test_a_defender_concedes_on_turn_or_not_and_in_either_order() -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS}", REST)
    assert state.to_move == 2  # Rearhand leads the third trick
    run(state, "RE.1")
    assert state.to_move == 2 and state.history[-1].seat == 1
    run(state, "HQ RE.2")
    assert state.is_over and result_of(state).won


def test_iss2_one_defender_concedes_for_both_after_the_declarer_showed_his_cards() -> None:
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS} SC RE.2", ISS2))
    assert r.won and r.points == 99 and r.score == 27
    assert play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS} RE.2", ISS2).phase == Phase.PLAY
    assert play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS} SC RE.2", REST).phase == Phase.PLAY
    assert play(SEED_DEAL, f"{DIAMONDS} {TWO_TRICKS} SC RE.2", ISKO).is_over


def test_null_conceded_by_the_defenders_is_won_by_the_declarer_conceded_by_him_lost() -> None:
    r = result_of(play(SCHWARZ_DEAL, "p p 18 NH D7 DQ CQ RE.1"))
    assert r.won and r.tricks == 0 and r.score == 35  # Null Hand 35
    r = result_of(play(SCHWARZ_DEAL, "p p 18 NH D7 DQ CQ RE.1 RE.2", REST))
    assert r.won and r.tricks == 0 and r.score == 35
    r = result_of(play(SCHWARZ_DEAL, "p p 18 NH D7 RE.0"))
    assert not r.won and r.score == -70


# ----------------------------------------------------------------------------- when


def test_conceding_only_during_the_play_and_not_while_an_answer_is_pending() -> None:
    with pytest.raises(IllegalActionError, match="resigning is possible only during the play"):
        play(SEED_DEAL, "18 y p p").validate("RE.0")
    rules = Rules.parse("isko,kontra=on,kontra_timing=lead")
    state = play(SEED_DEAL, DIAMONDS, rules)
    assert state.phase == Phase.ANSWER and ends(state) == []
    with pytest.raises(IllegalActionError, match="resigning is possible only during the play"):
        state.validate("RE.0")
    ramsch = play(SEED_DEAL, "p p p", Rules.parse("isko,ramsch=ramsch"))
    assert ends(ramsch) == []
    with pytest.raises(IllegalActionError, match="resigning is possible only during the play"):
        ramsch.validate("RE.1")
