"""ISkO 4.1.3/4.1.4, rule violations recorded at a real table: revoke,
leading out of turn, looking at the skat, a wrong number of cards.  The guilty party loses; the
other party wins at "simple" level unless its tricks already reach a higher one; a game already
decided stays decided ("a game already won can't be lost by a later violation").

Deals and lines from ``test_kontra.py`` and ``test_spitze.py``; the card points so far and the
values are worked out by hand in the comments.
"""

from __future__ import annotations

import pytest

from skat.core import GameState, IllegalActionError, Result, Rules
from skat.core.actions import VIOLATION_KINDS, Violation

from ._support import play
from .test_kontra import LINE_85, SCHWARZ_DEAL, SCHWARZ_LINE, SEED_DEAL, line
from .test_spitze import DJ_LAST, GRAND

DIAMONDS = "18 y p p s D8.D7 D"  # Forehand, "with 1": 2 x 9 = 18; lost 36
LINE_85_CARDS = line(LINE_85).split()
SCHWARZ_CARDS = line(SCHWARZ_LINE).split()
GRAND_CARDS = DJ_LAST.split()

WORDS = {
    "revoke": ("revoke", "nicht bedient"),
    "wrong_lead": ("lead out of turn", "falsch ausgespielt"),
    "looked_at_skat": ("looked at the skat", "in den Skat gesehen"),
    "wrong_cards": ("wrong number of cards", "falsche Kartenzahl"),
    "left": ("left the game", "Spiel verlassen"),  # the web table's disconnect_concede
}


def result_of(state: GameState) -> Result:
    assert state.is_over and state.result is not None
    return state.result


def after_tricks(cards: list[str], tricks: int) -> str:
    return " ".join(cards[: 3 * tricks])


# ----------------------------------------------------------------------------- every kind


@pytest.mark.parametrize("kind", VIOLATION_KINDS)
def test_a_violation_by_the_declarer_loses_his_game_simple(kind: str) -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} CJ SJ H8 violation.0.{kind}")
    r = result_of(state)
    # with 1, game 2 = 18, lost 2 x 18 = 36; no Schneider although a trick was played
    assert not r.won and r.violation == kind and r.violator == 0
    assert not r.schneider and not r.schwarz and r.score == -36
    en, de = WORDS[kind]
    assert r.explain() == f"with 1, game 2, × Diamonds 9 = 18 (violation: {en}), lost 2 × 18 = −36"
    assert r.explain("de") == (
        f"mit 1, Spiel 2, × Karo 9 = 18 (Regelverstoß: {de}), verloren 2 × 18 = −36"
    )


@pytest.mark.parametrize("kind", VIOLATION_KINDS)
@pytest.mark.parametrize("defender", [1, 2])
def test_a_violation_by_a_defender_wins_the_declarers_game_simple(defender: int, kind: str) -> None:
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} CJ SJ H8 violation.{defender}.{kind}"))
    # the declarer has 4 points, but wins: with 1, game 2 = 18
    assert r.won and r.points == 4 and r.violator == defender and r.score == 18
    assert r.explain() == f"with 1, game 2, × Diamonds 9 = 18 (violation: {WORDS[kind][0]})"


def test_a_violation_before_the_first_card_is_played() -> None:
    assert result_of(play(SEED_DEAL, f"{DIAMONDS} violation.0.revoke")).score == -36
    assert result_of(play(SEED_DEAL, f"{DIAMONDS} violation.1.wrong_lead")).score == 18


# ----------------------------------------------------------------------------- decided games


def test_a_game_already_won_cannot_be_lost_by_a_later_violation_of_the_declarer() -> None:
    # pagat's deal's 85-point line, the declarer's tricks: CJ SJ H8 4, CA S8 D9 11, HJ C7 S9 2,
    # DJ C8 H9 2, DA C9 HK 15, DT CQ SQ 16, DK CK SK 12: 62 after nine tricks (skat 0)
    won = result_of(
        play(SEED_DEAL, f"{DIAMONDS} {after_tricks(LINE_85_CARDS, 9)} violation.0.looked_at_skat")
    )
    assert won.won and won.points == 62 and won.score == 18
    # after eight tricks he has 50: not decided, the violation loses
    lost = result_of(
        play(SEED_DEAL, f"{DIAMONDS} {after_tricks(LINE_85_CARDS, 8)} violation.0.looked_at_skat")
    )
    assert not lost.won and lost.points == 50 and lost.score == -36


def test_a_game_the_defenders_have_won_is_not_saved_by_a_defenders_violation() -> None:
    # the Schwarz deal (Forehand's Diamonds Hand without 8: game 9, hand 10 = 90): the defenders'
    # tricks D7 DQ CQ 6, HA HQ H7 14, HT HK H8 14, CJ CK D8 6, SJ CT D9 12 = 52 after five
    # tricks -- not decided: a defender's violation wins the game for the declarer, simple
    early = result_of(
        play(SCHWARZ_DEAL, f"p p 18 DH {after_tricks(SCHWARZ_CARDS, 5)} violation.1.wrong_cards")
    )
    assert early.won and early.points == 0 and early.score == 90
    # ... HJ CA H9 13: 65 after six tricks, the defenders have won: lost 2 x 90 = 180
    late = result_of(
        play(SCHWARZ_DEAL, f"p p 18 DH {after_tricks(SCHWARZ_CARDS, 6)} violation.1.wrong_cards")
    )
    assert not late.won and not late.schneider and late.score == -180


@pytest.mark.parametrize("guilty", [0, 1, 2])
def test_the_winners_tricks_that_already_make_the_losers_schneider_count(guilty: int) -> None:
    # the defenders after nine tricks: 65 + DJ SQ C7 5 + DA SK S7 15 + DT ST S8 20 = 105:
    # the declarer is Schneider whoever violates now: without 8, game 9, hand 10, schneider 11
    # = 99, lost 2 x 99 = 198
    r = result_of(
        play(SCHWARZ_DEAL, f"p p 18 DH {after_tricks(SCHWARZ_CARDS, 9)} violation.{guilty}.revoke")
    )
    assert not r.won and r.schneider and not r.schwarz and r.level == 11 and r.score == -198


@pytest.mark.parametrize("guilty", [0, 1, 2])
def test_a_declarer_who_already_made_them_schneider_wins_schneider(guilty: int) -> None:
    # Grand Hand with 4, the sweep: CJ H9 D9 2, SJ S9 DQ 5, CA CQ C7 14, CT CK C8 14,
    # SA SK S8 15, ST SQ S7 13, HA HK H8 15, DA HQ DT 24 = 102 after eight tricks:
    # with 4, game 5, hand 6, schneider 7 = 7 x 24 = 168, whoever violates now
    r = result_of(
        play(GRAND, f"p p 18 GH {after_tricks(GRAND_CARDS, 8)} violation.{guilty}.revoke")
    )
    assert r.won and r.points == 102 and r.schneider and not r.schwarz and r.score == 168


def test_with_a_spitze_the_game_is_not_decided_before_the_last_trick() -> None:
    rules = Rules.parse("isko,spitze=on")
    r = result_of(
        play(GRAND, f"p p 18 GH spitze.1 {after_tricks(GRAND_CARDS, 8)} violation.0.revoke", rules)
    )
    # 102 points, but the Spitze is open: lost, simple: with 4, game 5, hand 6, spitze 7 = 168
    assert not r.won and not r.schneider and r.score == -336


# ----------------------------------------------------------------------------- Null


def test_null_a_violation_by_the_declarer_loses_by_a_defender_wins() -> None:
    r = result_of(play(SCHWARZ_DEAL, "p p 18 NH D7 violation.0.revoke"))
    assert not r.won and r.score == -70  # Null Hand 35, lost 2 x 35
    assert r.explain() == "Null Hand = 35 (violation: revoke), lost 2 × 35 = −70"
    r = result_of(play(SCHWARZ_DEAL, "p p 18 NH D7 violation.2.wrong_lead"))
    assert r.won and r.score == 35
    assert r.explain("de") == "Null Hand = 35 (Regelverstoß: falsch ausgespielt)"


# ----------------------------------------------------------------------------- recording


def test_violations_are_recorded_during_the_play_of_a_game_only() -> None:
    with pytest.raises(IllegalActionError, match="violations are recorded during the play"):
        play(SEED_DEAL, "18 y p p").validate("violation.0.revoke")
    ramsch = play(SEED_DEAL, "p p p", Rules.parse("isko,ramsch=ramsch"))
    with pytest.raises(IllegalActionError, match="violations are recorded during the play"):
        ramsch.validate("violation.1.revoke")
    done = play(SEED_DEAL, f"{DIAMONDS} violation.1.revoke")
    with pytest.raises(IllegalActionError, match="the game is over"):
        done.validate("violation.0.revoke")


def test_a_violation_is_recorded_for_the_guilty_seat_on_turn_or_not() -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} CJ")
    assert state.to_move == 1
    with pytest.raises(IllegalActionError, match="Rearhand cannot record a violation for seat 1"):
        state.validate(Violation(1, "revoke"), seat=2)
    event = state.apply("violation.2.revoke")
    assert event.seat == 2 and state.is_over
    with pytest.raises(ValueError, match="not a violation"):
        play(SEED_DEAL, DIAMONDS).validate("violation.1.cheating")
