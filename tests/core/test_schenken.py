"""House rule, pagat.com: Schenken (``schenken=on``): the defenders concede before the first trick;
accepted, the declarer wins simple; refused, he must make them Schneider (scored as announced
Schneider, without the Hand level in a game with the skat); they may offer again (Schneider)
and he may refuse again and play for Schwarz, which ends at the defenders' first trick.

Deals and lines from ``test_kontra.py`` and ``test_spitze.py``; values worked out by hand.
"""

from __future__ import annotations

import pytest

from skat.core import GameState, IllegalActionError, Phase, Result, Rules
from skat.core.actions import Schenken

from ._support import legal, play
from .test_kontra import LINE_85, LINE_91, SEED_DEAL, line
from .test_spitze import DJ_LAST, GRAND

SCHENKEN = Rules.parse("isko,schenken=on")
# Forehand picks up, puts D8 D7 away and plays Diamonds "with 1" at 18 (see test_kontra.py)
DIAMONDS = "18 y p p s D8.D7 D"


def result_of(state: GameState) -> Result:
    assert state.is_over and state.result is not None
    return state.result


def ends(state: GameState) -> list[str]:
    return [str(a) for a in state.end_actions()]


# ----------------------------------------------------------------------------- the offer


def test_schenken_is_offered_by_a_defender_before_the_first_card_only() -> None:
    state = play(SEED_DEAL, DIAMONDS, SCHENKEN)
    assert ends(state)[-2:] == ["schenken.1", "schenken.2"]
    assert "schenken.1" not in legal(state)  # an end action, not a move of the seat to move
    state.apply("CJ")
    assert "schenken.1" not in ends(state)
    with pytest.raises(IllegalActionError, match="possible only before the first card is played"):
        state.validate("schenken.1")


def test_schenken_only_by_a_defender_only_with_the_option_and_not_in_null() -> None:
    state = play(SEED_DEAL, DIAMONDS, SCHENKEN)
    with pytest.raises(IllegalActionError, match="only a defender can offer to concede"):
        state.validate(Schenken(0))
    state = play(SEED_DEAL, DIAMONDS)
    assert not any(a.startswith("schenken") for a in ends(state))
    with pytest.raises(IllegalActionError, match="with the rules option schenken=on"):
        state.validate("schenken.1")
    state = play(SEED_DEAL, "18 y p p NH", SCHENKEN)
    assert not any(a.startswith("schenken") for a in ends(state))


def test_schenken_the_declarer_answers_at_once() -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} schenken.2", SCHENKEN)
    assert state.phase == Phase.ANSWER and state.to_move == 0
    assert legal(state) == ["y", "p"] and ends(state) == []
    with pytest.raises(IllegalActionError, match="Forehand must answer first: y, p"):
        state.validate("CJ")


# ----------------------------------------------------------------------------- accepted


def test_schenken_accepted_the_declarer_wins_simple() -> None:
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} schenken.1 y", SCHENKEN))
    # with 1, game 2: 2 x 9 = 18, won without a card played
    assert r.won and r.schenken and r.level == 2 and r.score == 18
    assert not r.schneider and not r.schwarz
    assert r.explain() == "with 1, game 2, × Diamonds 9 = 18 (conceded)"
    assert r.explain("de") == "mit 1, Spiel 2, × Karo 9 = 18 (geschenkt)"


def test_schenken_accepted_in_a_hand_game_keeps_the_hand_level() -> None:
    r = result_of(play(GRAND, "p p 18 GH schenken.1 y", SCHENKEN))
    # with 4, game 5, hand 6: 6 x 24 = 144
    assert r.won and r.level == 6 and r.score == 144


def test_schenken_accepted_with_kontra_counts_the_kontra() -> None:
    rules = Rules.parse("isko,schenken=on,kontra=on,kontra_timing=lead")
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} kontra p schenken.1 y", rules))
    assert r.won and r.score == 36  # 18 x 2


# ----------------------------------------------------------------------------- refused


def test_schenken_refused_the_declarer_who_makes_schneider_wins_announced_schneider() -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} schenken.2 p", SCHENKEN)
    assert state.phase == Phase.PLAY and state.to_move == 0
    assert [state.view(s).announcements for s in range(3)] == [("schneider required",)] * 3
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} schenken.2 p {line(LINE_91)}", SCHENKEN))
    # 91 points: with 1, game 2, schneider 3, announced 4 (no Hand level: he took the skat):
    # 4 x 9 = 36
    assert r.won and r.points == 91 and r.required == 1 and r.level == 4 and r.score == 36
    assert r.explain() == "with 1, game 2, schneider 3, announced 4, × Diamonds 9 = 36"
    assert r.explain("de") == "mit 1, Spiel 2, Schneider 3, angesagt 4, × Karo 9 = 36"


def test_schenken_refused_the_declarer_who_misses_schneider_loses_announced_schneider() -> None:
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} schenken.1 p {line(LINE_85)}", SCHENKEN))
    # 85 points < 90: lost as announced Schneider, 4 x 9 = 36, 2 x 36 = 72
    assert not r.won and r.points == 85 and r.level == 4 and r.score == -72
    # the same line without the refused Schenken is a won 18
    assert result_of(play(SEED_DEAL, f"{DIAMONDS} {line(LINE_85)}", SCHENKEN)).score == 18


def test_schenken_the_second_offer_accepted_gives_the_declarer_the_schneider() -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} schenken.1 p", SCHENKEN)
    assert ends(state)[-2:] == ["schenken.1", "schenken.2"]  # either defender may offer again
    r = result_of(play(SEED_DEAL, f"{DIAMONDS} schenken.1 p schenken.2 y", SCHENKEN))
    # with 1, game 2, schneider 3, announced 4 = 36
    assert r.won and r.schenken and r.schneider and r.level == 4 and r.score == 36
    assert r.explain() == "with 1, game 2, schneider 3, announced 4, × Diamonds 9 = 36 (conceded)"


def test_schenken_refused_twice_schwarz_is_required_and_ends_at_the_defenders_first_trick() -> None:
    state = play(SEED_DEAL, f"{DIAMONDS} schenken.1 p schenken.1 p", SCHENKEN)
    assert state.view(2).announcements == ("schwarz required",)
    assert not any(a.startswith("schenken") for a in ends(state))  # no third offer
    # the first trick is his (CJ SJ H8), the second the defenders' (S7 CT SA): the game ends
    state = play(SEED_DEAL, f"{DIAMONDS} schenken.1 p schenken.1 p CJ SJ H8 S7 CT SA", SCHENKEN)
    r = result_of(state)
    assert len(state.tricks) == 2 and r.tricks == 1 and r.defender_tricks == 1
    # lost: with 1, game 2, schneider 3, announced 4, schwarz 5, announced 6: 6 x 9 = 54,
    # 2 x 54 = 108.  His points are the first trick and the skat: CJ SJ H8 = 4, D8 D7 = 0.
    assert not r.won and r.points == 4 and r.required == 2 and r.level == 6 and r.score == -108
    assert r.explain("de") == (
        "mit 1, Spiel 2, Schneider 3, angesagt 4, Schwarz 5, angesagt 6, × Karo 9 = 54, "
        "verloren 2 × 54 = −108"
    )


def test_schenken_refused_twice_and_every_trick_made_wins_announced_schwarz() -> None:
    r = result_of(play(GRAND, f"p p 18 GH schenken.1 p schenken.2 p {DJ_LAST}", SCHENKEN))
    # with 4, game 5, hand 6, schneider 7, announced 8, schwarz 9, announced 10: 10 x 24 = 240
    assert r.won and r.required == 2 and r.schwarz and r.level == 10 and r.score == 240
    assert r.explain() == (
        "with 4, game 5, hand 6, schneider 7, announced 8, schwarz 9, announced 10, "
        "× Grand 24 = 240"
    )
