"""House rule, pagat.com: open variants: laying the cards open after the first lead
(``open_play=on``, action ``open``) and showing the skat while picking it up (``show_skat=on``,
action ``showskat``), one level each; what the seats see.

Deals and lines from ``test_kontra.py``; values worked out by hand.
"""

from __future__ import annotations

import pytest

from skat.core import CardSet, GameState, IllegalActionError, Phase, Result, Rules
from skat.core.actions import LAY_OPEN, SHOW_SKAT

from ._support import legal, play, run
from .test_kontra import LINE_85, SCHWARZ_DEAL, SCHWARZ_LINE, SEED_DEAL, line

OPEN = Rules.parse("isko,open_play=on,show_skat=on")
DIAMONDS = "18 y p p s D8.D7 D"  # Forehand, "with 1", at 18
TRICKS = line(LINE_85).split()
# pagat's deal's line (85 points) with the declarer laying open when he leads the second trick
OPEN_LINE = " ".join([*TRICKS[:3], "open", *TRICKS[3:]])


def result_of(state: GameState) -> Result:
    assert state.is_over and state.result is not None
    return state.result


# ----------------------------------------------------------------------------- laying open


def test_laying_open_is_the_declarers_move_after_the_first_lead() -> None:
    state = play(SEED_DEAL, DIAMONDS, OPEN)
    assert state.to_move == 0 and "open" not in legal(state)  # before the first lead
    with pytest.raises(IllegalActionError, match="laying the cards open is not possible"):
        state.validate(LAY_OPEN)
    run(state, "CJ")
    assert "open" not in legal(state)  # Middlehand's turn: only the declarer lays open
    run(state, "SJ H8")
    assert state.to_move == 0 and legal(state)[-1] == "open"
    state.apply("open")
    assert state.phase == Phase.PLAY and state.to_move == 0 and "open" not in legal(state)


def test_laying_open_when_the_declarer_plays_to_the_first_trick() -> None:
    # Forehand declares and leads D7; he next plays to the second trick after HA HQ
    state = play(SCHWARZ_DEAL, "p p 18 DH D7 DQ CQ HA HQ", OPEN)
    assert state.to_move == 0 and legal(state) == ["H7", "H8", "H9", "open"]


def test_laying_open_adds_one_level() -> None:
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} {OPEN_LINE}", OPEN))
    # with 1, game 2, open 3: 3 x 9 = 27 (18 without)
    assert r.won and r.extra_levels == ("open",) and r.level == 3 and r.score == 27
    assert r.explain() == "with 1, game 2, open 3, × Diamonds 9 = 27"
    assert r.explain("de") == "mit 1, Spiel 2, offen 3, × Karo 9 = 27"


def test_laying_open_adds_one_level_to_a_lost_game_too() -> None:
    tricks = line(SCHWARZ_LINE).split()
    state = play(SCHWARZ_DEAL, "p p 18 DH " + " ".join([*tricks[:5], "open", *tricks[5:]]), OPEN)
    r = result_of(state)
    # without 8, game 9, hand 10, schneider 11, schwarz 12, open 13: 13 x 9 = 117, lost 234
    assert not r.won and r.level == 13 and r.score == -234


def test_laying_open_shows_the_declarers_hand_to_the_defenders() -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} CJ SJ H8", OPEN)
    assert state.view(1).open_hand is None and state.view(1).announcements == ()
    state.apply("open")
    for seat in (1, 2):
        view = state.view(seat)
        assert view.open_hand == state.hand(0) and view.announcements == ("open",)
    assert state.view(0).open_hand is None  # his own hand is his hand
    state.apply("S7")
    assert state.view(2).open_hand == state.hand(0)  # and it stays open


def test_laying_open_is_not_offered_in_ouvert_or_null_or_without_the_option() -> None:
    state = play(SEED_DEAL, "18 y p p DO CJ SJ H8", OPEN)  # Diamonds Ouvert: open already
    assert state.to_move == 0 and "open" not in legal(state)
    state = play(SCHWARZ_DEAL, "p p 18 NH D7 DQ CQ", OPEN)
    assert "open" not in legal(state)
    state = play(SEED_DEAL, f"{DIAMONDS} CJ SJ H8")
    assert "open" not in legal(state)


# ----------------------------------------------------------------------------- showing the skat


def test_showing_the_skat_is_a_choice_instead_of_picking_it_up() -> None:
    state = play(SEED_DEAL, "18 y p p", OPEN)
    assert legal(state)[:2] == ["s", "showskat"]
    state.apply("showskat")
    assert state.phase == Phase.DISCARD and state.picked_up and len(state.hand(0)) == 12
    with pytest.raises(IllegalActionError, match="needs the rules option show_skat=on"):
        play(SEED_DEAL, "18 y p p").validate(SHOW_SKAT)


def test_showing_the_skat_adds_one_level() -> None:
    r = result_of(play(SEED_DEAL, f"18 y p p showskat D8.D7 D {line(LINE_85)}", OPEN))
    # with 1, game 2, skat shown 3: 27
    assert r.won and r.extra_levels == ("skat shown",) and r.score == 27
    assert r.explain() == "with 1, game 2, skat shown 3, × Diamonds 9 = 27"
    assert r.explain("de") == "mit 1, Spiel 2, Skat gezeigt 3, × Karo 9 = 27"


def test_showing_the_skat_and_laying_open_add_a_level_each() -> None:
    r = result_of(play(SEED_DEAL, f"18 y p p showskat D8.D7 D {OPEN_LINE}", OPEN))
    # with 1, game 2, open 3, skat shown 4: 4 x 9 = 36
    assert r.level == 4 and r.score == 36
    assert r.explain() == "with 1, game 2, open 3, skat shown 4, × Diamonds 9 = 36"


def test_the_extra_levels_count_for_the_bid() -> None:
    # pagat's overbid game (bid 20, with 1 = 18) is saved by the shown skat: 3 x 9 = 27
    r = result_of(play(SEED_DEAL, f"18 y 20 y p p showskat D8.D7 D {line(LINE_85)}", OPEN))
    assert not r.overbid and r.won and r.score == 27


def test_a_shown_skat_is_seen_by_everybody_the_discard_by_the_declarer_only() -> None:
    state = play(SEED_DEAL, "18 y p p showskat", OPEN)
    skat = CardSet.parse("D8 D7")
    for seat in range(3):
        view = state.view(seat)
        assert view.skat == skat and view.announcements == ("skat shown",)
    state.apply("D8.D7")
    assert state.view(0).discard == skat
    for seat in (1, 2):
        view = state.view(seat)
        assert view.skat == skat and view.discard is None and view.history[-1] == (0, None)
    # without showing it the defenders do not see the skat
    assert play(SEED_DEAL, "18 y p p s", OPEN).view(1).skat is None
