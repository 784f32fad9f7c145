"""The questions asked during the play (house rules), with typed kinds
(:class:`skat.core.questions.QuestionKind`, registered): Spitze of the declarer, Kontra before the lead of each
eligible defender, the answer to a doubling (Re, Supra, Resupra), Schenken."""

from __future__ import annotations

from skat.core import GameState, Phase, Rules
from skat.core.questions import NO_QUESTIONS, Question, question_kinds

from ._support import DEAL, legal, play


def test_question_kinds_of_the_core_are_registered_in_order() -> None:
    assert [k.name for k in question_kinds()][:4] == ["spitze", "kontra", "double", "schenken"]
    assert tuple(question_kinds()[:2]) == (Question.SPITZE, Question.KONTRA)
    assert NO_QUESTIONS.kind is None and NO_QUESTIONS.turn == 0


def test_spitze_question_goes_to_the_declarer_after_the_declaration() -> None:
    state = play(DEAL, "p 18 y p HH", Rules.parse("isko,spitze=on"))
    q = state.course.questions
    assert (state.phase, q.kind, q.pending, state.to_move) == (
        Phase.ANSWER,
        Question.SPITZE,
        (0,),
        0,
    )


def test_kontra_question_before_the_lead_goes_to_each_defender_in_turn() -> None:
    rules = Rules.parse("isko,kontra=on,kontra_timing=lead")
    state = play(DEAL, "p 18 y p HH", rules)
    assert state.course.questions.kind is Question.KONTRA
    assert (state.course.questions.pending, state.to_move, legal(state)) == (
        (1, 2),
        1,
        ["kontra", "p"],
    )
    state.apply("p")
    assert (state.course.questions.kind, state.to_move) == (Question.KONTRA, 2)
    state.apply("kontra")  # the declarer is asked for Re
    assert (state.course.questions.kind, state.to_move, legal(state)) == (
        Question.DOUBLE,
        0,
        ["rekontra", "p"],
    )
    state.apply("p")
    assert (state.phase, state.course.questions.kind, state.course.questions.kontra) == (
        Phase.PLAY,
        None,
        1,
    )


def test_supra_question_only_with_the_option() -> None:
    for supra, expected in ((False, Phase.PLAY), (True, Phase.ANSWER)):
        rules = Rules.parse("isko,kontra=on" + (",supra=on" if supra else ""))
        state = play(DEAL, "p 18 y p HH HA kontra rekontra", rules)
        assert state.phase == expected
        if supra:
            assert state.course.questions.kind is Question.DOUBLE and state.to_move == 1


def test_schenken_question_goes_to_the_declarer() -> None:
    state = play(DEAL, "p 18 y p HH", Rules.parse("isko,schenken=on"))
    state.apply("schenken.1")
    q = state.course.questions
    assert (q.kind, state.to_move, q.resume, legal(state)) == (Question.SCHENKEN, 0, 0, ["y", "p"])
    state.apply("p")  # refused: he must make them Schneider now
    assert state.course.questions.schenken_refused == 1 and state.phase == Phase.PLAY


def test_game_state_keeps_no_question_when_none_is_asked() -> None:
    state = GameState(DEAL)
    assert state.course.questions == NO_QUESTIONS
