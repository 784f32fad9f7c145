"""House rule, pagat.com: Schieberamsch (``ramsch=schieberamsch``): each player in turn may take
the skat and pass two cards on (each push doubles), pass it on unseen, or play Grand Hand
instead; jacks may not be passed on (unless ``schieberamsch_jacks=on``); what each seat sees.

The deals and lines are those of ``test_ramsch.py``; the numbers are worked out by hand.
"""

from __future__ import annotations

import pytest

from skat.core import CardSet, Contract, GameState, IllegalActionError, Phase, Result, Rules
from skat.core.actions import Discard

from ._support import legal, make_deal, play, run
from .test_ramsch import FIRST_FOUR, SPREAD, SPREAD_LINE, SWEEP, SWEEP_LINE

SCHIEBE = Rules.parse("isko,ramsch=schieberamsch")


def result_of(state: GameState) -> Result:
    assert state.is_over and state.result is not None
    return state.result


# ----------------------------------------------------------------------------- the turn order


def test_schieberamsch_each_seat_in_turn_takes_the_skat_or_passes_it_on() -> None:
    state = play(SPREAD, "p p p", SCHIEBE)
    assert state.phase == Phase.PUSH and state.to_move == 0
    assert legal(state) == ["s", "p", "GH"]
    state.apply("p")  # passed on unseen
    assert state.phase == Phase.PUSH and state.to_move == 1
    state.apply("s")
    assert state.phase == Phase.PUSH_DISCARD and state.to_move == 1
    assert len(state.hand(1)) == 12 and state.skat == CardSet.parse("")
    state.apply("D9.DQ")
    assert state.phase == Phase.PUSH and state.to_move == 2
    assert state.skat == CardSet.parse("D9 DQ") and len(state.hand(1)) == 10
    state.apply("p")
    assert state.phase == Phase.PLAY and state.to_move == 0 and state.declarer is None


def test_schieberamsch_refuses_anything_but_its_own_moves() -> None:
    state = play(SPREAD, "p p p", SCHIEBE)
    with pytest.raises(
        IllegalActionError,
        match=r"Forehand takes the skat \(s\), passes it on \(p\) or plays Grand Hand \(GH\)",
    ):
        state.validate("CA")
    with pytest.raises(IllegalActionError, match="Forehand takes the skat"):
        state.validate("G")  # Grand with pick-up is no choice here
    state.apply("s")
    with pytest.raises(IllegalActionError, match="Forehand must pass two cards on with the skat"):
        state.validate("p")
    with pytest.raises(IllegalActionError, match="Forehand does not hold DT"):
        state.validate("DT.D7")


# ----------------------------------------------------------------------------- doubling


@pytest.mark.parametrize(
    ("pushing", "pushes", "score"),
    [
        ("p p p", 0, -132),  # as a plain Ramsch: 66 with a Jungfrau, 2 x 66
        ("s H9.DK p p", 1, -264),  # x 2
        ("p s H9.DK p", 1, -264),  # passing on unseen doubles nothing
        ("s H9.DK s H9.DK p", 2, -528),  # x 4
        ("s H9.DK s H9.DK s H9.DK", 3, -1056),  # x 8
    ],
)
def test_schieberamsch_each_push_doubles(pushing: str, pushes: int, score: int) -> None:
    # every pusher passes on the skat as he took it (H9 DK), so the hands and the line of play
    # stay those of the plain Ramsch: 66 / 0 / 54 with the skat (4) to Rearhand's last trick
    r = result_of(play(SPREAD, f"p p p {pushing} {SPREAD_LINE}", SCHIEBE))
    assert r.ramsch == "schieberamsch" and r.seat_points == (66, 0, 54)
    assert r.pushes == pushes and r.jungfrau == 1
    assert r.ramsch_scores == (score, 0, 0)


def test_schieberamsch_explains_the_pushes_in_english_and_german() -> None:
    r = result_of(play(SPREAD, f"p p p s H9.DK s H9.DK p {SPREAD_LINE}", SCHIEBE))
    assert r.explain() == "Schieberamsch (66 0 54), Forehand −528 (Jungfrau × 2, pushed × 4)"
    assert r.explain("de") == (
        "Schieberamsch (66 0 54), Vorhand −528 (Jungfrau × 2, geschoben × 4)"
    )


def test_schieberamsch_a_pushed_card_changes_the_hands() -> None:
    # Forehand keeps H9 DK and passes D7 D8 on; Middlehand takes them and passes D9 DQ on;
    # Rearhand passes unseen: the skat that counts at the end is D9 DQ (3)
    state = play(SPREAD, "p p p s D7.D8 s D9.DQ p", SCHIEBE)
    assert state.hand(0) == CardSet.parse("HJ CA C7 SA S7 HA H7 DA H9 DK")
    assert state.hand(1) == CardSet.parse("SJ CT C8 ST S8 HT H8 DT D7 D8")
    assert state.skat == CardSet.parse("D9 DQ")


# ----------------------------------------------------------------------------- the jack rule


def test_schieberamsch_jacks_may_not_be_passed_on() -> None:
    state = play(SPREAD, "p p p s", SCHIEBE)
    pushes = state.legal_actions()
    # Forehand holds 12 cards, one of them HJ: the 11 others make 55 pairs, none with the jack
    assert len(pushes) == 55
    assert all(not any(c.name.endswith("J") for c in a.cards) for a in pushes)  # type: ignore[union-attr]
    with pytest.raises(IllegalActionError, match="jacks may not be passed on in Schieberamsch"):
        state.validate("HJ.H9")


def test_schieberamsch_jacks_may_be_passed_on_with_the_option() -> None:
    rules = Rules.parse("isko,ramsch=schieberamsch,schieberamsch_jacks=on")
    state = play(SPREAD, "p p p s", rules)
    assert len(state.legal_actions()) == 66  # 12 x 11 / 2
    state.apply("HJ.H9")
    assert state.skat == CardSet.parse("HJ H9") and "HJ" not in str(state.hand(0))


# ----------------------------------------------------------------------------- Grand Hand


def test_schieberamsch_grand_hand_instead_of_taking_the_skat() -> None:
    state = play(SWEEP, "p p p GH", SCHIEBE)
    assert state.declarer == 0 and state.contract == Contract.parse("GH")
    assert state.phase == Phase.PLAY and state.to_move == 0 and state.bid == 0
    assert state.view(1).ramsch is None
    r = result_of(run(state, SWEEP_LINE))
    # Forehand takes every trick: with 4, game 5, hand 6, schneider 7, schwarz 8: 8 x 24 = 192
    assert r.ramsch is None and r.won and r.points == 120 and r.schwarz
    assert r.level == 8 and r.score == 192
    assert r.explain() == "with 4, game 5, hand 6, schneider 7, schwarz 8, × Grand 24 = 192"


def test_schieberamsch_a_later_seat_may_play_grand_hand_after_a_push() -> None:
    # Forehand takes the skat D8 D7 and passes the same two cards on; Middlehand plays Grand
    # Hand on CK CQ C9 SK SQ S9 HT HK HQ H9 and loses every trick of the sweep line.
    state = play(SWEEP, "p p p s D8.D7", SCHIEBE)
    assert legal(state) == ["s", "p", "GH"]
    state.apply("GH")
    assert state.declarer == 1 and state.contract == Contract.parse("GH")
    assert state.phase == Phase.PLAY and state.to_move == 0
    r = result_of(run(state, SWEEP_LINE))
    # his twelve cards (hand and the skat D8 D7 he declined) hold no jack: without 4, game 5,
    # hand 6, schneider 7, schwarz 8: 8 x 24 = 192, lost 2 x 192 = 384.  The push before the
    # Grand Hand does not double it (decided: the doubling belongs to the Ramsch).
    assert not r.won and r.points == 0 and r.matadors == -4 and r.level == 8
    assert r.multiplier == 1 and r.score == -384


def test_schieberamsch_without_grand_hand_the_choice_is_take_or_pass() -> None:
    rules = Rules.parse("isko,ramsch=schieberamsch,schieberamsch_grand_hand=off")
    state = play(SWEEP, "p p p", rules)
    assert legal(state) == ["s", "p"]
    with pytest.raises(
        IllegalActionError, match=r"Forehand takes the skat \(s\), passes it on \(p\)$"
    ):
        state.validate("GH")
    # ...and the Ramsch is played as usual
    r = result_of(run(state, f"p p p {FIRST_FOUR} {SWEEP_LINE.split(FIRST_FOUR)[1]}"))
    assert r.durchmarsch and r.ramsch_scores == (120, 0, 0)


# ----------------------------------------------------------------------------- views


def test_schieberamsch_a_seat_sees_the_skat_it_took_and_the_cards_it_passed_on() -> None:
    state = play(SPREAD, "p p p s D7.D8", SCHIEBE)
    mine = state.view(0)
    assert mine.skat == CardSet.parse("H9 DK") and mine.discard == CardSet.parse("D7 D8")
    assert mine.history[-1] == (0, Discard.parse("D7.D8"))  # his own push, in full
    for seat in (1, 2):  # the others see that he pushed, not what
        view = state.view(seat)
        assert view.skat is None and view.discard is None
        assert view.history[-1] == (0, None) and view.history[-2] == (0, state.history[-2].action)
    state.apply("s")
    middle = state.view(1)
    assert middle.skat == CardSet.parse("D7 D8")  # the cards Forehand passed on
    assert middle.history[-2] == (0, None)
    state.apply("DT.D9")
    assert state.view(0).skat == CardSet.parse("H9 DK")  # Forehand never sees D9 DT
    assert state.view(0).history[-1] == (1, None)
    assert state.view(2).skat is None
    state.apply("p")  # Rearhand passes unseen
    assert state.view(2).skat is None and state.view(2).hand == state.hand(2)


def test_schieberamsch_undo_takes_back_a_push() -> None:
    state = play(SPREAD, "p p p", SCHIEBE)
    before = (state.phase, state.to_move, state.hand(0), state.skat, state.view(0))
    run(state, "s D7.D8")
    state.undo()
    state.undo()
    assert (state.phase, state.to_move, state.hand(0), state.skat, state.view(0)) == before


DEAL_WITH_JACK_SKAT = make_deal(
    "CA C7 SA S7 HA H7 DA D7 D8 H9",
    "SJ CT C8 ST S8 HT H8 DT D9 DQ",
    "CJ DJ CK CQ C9 SK SQ S9 HK HQ",
    "HJ DK",
)


def test_schieberamsch_a_jack_taken_from_the_skat_may_not_be_passed_on_either() -> None:
    state = play(DEAL_WITH_JACK_SKAT, "p p p s", SCHIEBE)
    assert all("HJ" not in str(a) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="jacks may not be passed on"):
        state.validate("HJ.DK")


def test_schieberamsch_at_the_end_everybody_sees_the_skat_as_dealt_and_as_it_counted() -> None:
    # Forehand and Middlehand push: the skat that goes to the last trick is D9 DQ (3 points)
    state = play(SPREAD, "p p p s D7.D8 s D9.DQ p", SCHIEBE)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = result_of(state)
    last = state.tricks[-1].winner
    for seat in range(3):
        view = state.view(seat)
        assert view.skat == CardSet.parse("H9 DK") and view.discard == CardSet.parse("D9 DQ")
        assert view.history[4] == (0, Discard.parse("D7.D8"))  # every push in full
    mine = sum(t.points for t in state.tricks if t.winner == last)
    assert result.seat_points[last] == mine + 3
