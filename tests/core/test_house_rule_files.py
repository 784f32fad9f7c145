"""A new house rule needs no file of the core besides its own: a toy rule, "Letzter Stich"
(the declarer may announce after declaring that he takes the last trick: two levels more, and
the game is lost if he does not), registered from this module as a question kind only.  The
legal actions, applying the answer, the ending, the scoring, the result's record, the words of
the answers and the web page's labels all pick it up (docs/decisions/0013-*.md)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Iterator

import pytest

from skat.core import GameState, Phase
from skat.core.actions import HOLD, PASS, Action
from skat.core.course import Course
from skat.core.play import Play
from skat.core.questions import Question, QuestionKind, question_kinds, register, unregister
from skat.core.rules import Rules
from skat.core.scoring import Result
from skat.records.jsonrecord import check_json, dumps, load_json, state_to_json
from skat.server.visibility import game_view

from ._support import DEAL, legal, play


def _asked(play: Play, course: Course, rules: Rules) -> tuple[int, ...]:
    return (course.declarer,)


def _made(play: Play, declarer: int, value: int) -> bool:
    return play.completed == 10 and play.tricks[-1].winner == declarer


LAST_TRICK = QuestionKind(
    "last_trick",
    "declared",
    asked=_asked,
    made=_made,
    levels=lambda value: 2 * value,
    words=("last trick", "letzter Stich"),
    answer_words={
        "y": ("announce the last trick", "den letzten Stich ansagen"),
        "p": ("announce nothing", "nichts ansagen"),
    },
)


@pytest.fixture
def last_trick() -> Iterator[QuestionKind]:
    register(LAST_TRICK)
    try:
        yield LAST_TRICK
    finally:
        unregister(LAST_TRICK)


def _play_out(state: GameState) -> Result:
    """Play the first legal action until the game is over."""
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.result is not None
    return state.result


def test_house_rule_registered_as_a_question_kind_is_asked_after_the_declaration(
    last_trick: QuestionKind,
) -> None:
    state = play(DEAL, "p 18 y p HH")
    q = state.course.questions
    assert (state.phase, q.kind, q.pending, legal(state)) == (
        Phase.ANSWER,
        last_trick,
        (0,),
        ["y", "p"],
    )
    assert [k.name for k in question_kinds()][-1] == "last_trick"


def test_house_rule_comes_after_the_kinds_registered_before_it_and_before_kontra(
    last_trick: QuestionKind,
) -> None:
    rules = Rules.parse("isko,spitze=on,kontra=on,kontra_timing=lead")
    state = play(DEAL, "p 18 y p HH", rules)
    assert state.course.questions.kind is Question.SPITZE
    state.apply("p")
    assert state.course.questions.kind is last_trick
    state.apply("y")
    assert state.course.questions.kind is Question.KONTRA


def test_house_rule_answer_is_recorded_and_scored_with_its_levels(
    last_trick: QuestionKind,
) -> None:
    state = play(DEAL, "p 18 y p HH y")
    assert state.phase == Phase.PLAY and state.course.questions.value("last_trick") == 1
    twin = pickle.loads(pickle.dumps(state))
    result = _play_out(state)
    made = state.tricks[-1].winner == 0
    plain = _play_out(play(DEAL, "p 18 y p HH p"))
    assert result.said_value("last_trick") == 1
    assert result.extra_levels == ("last_trick", "last_trick")
    assert result.level == plain.level + 2
    assert result.won == (plain.won and made)
    assert "last trick" in result.explain() and "letzter Stich" in result.explain("de")
    d = result.to_dict()
    assert d["last_trick"] == 1 and Result.from_dict(d) == result
    assert _play_out(twin) == result
    record = dumps(state_to_json(state))  # the JSON record, replayed and checked
    assert check_json(record) == [] and load_json(record).state.result == result


def test_house_rule_words_reach_the_players(last_trick: QuestionKind) -> None:
    state = play(DEAL, "p 18 y p HH")
    for twin in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert twin.course.questions.kind is last_trick  # a copy asks the registered kind
    assert last_trick.say(HOLD, "en") == "announce the last trick"
    assert last_trick.say(PASS, "de") == "nichts ansagen"
    labels = game_view(state, 0)["labels"]
    assert labels["en"]["y"] == "announce the last trick"
    assert labels["de"]["p"] == "nichts ansagen"


def test_house_rule_unregistered_is_not_asked() -> None:
    assert "last_trick" not in [k.name for k in question_kinds()]
    state = play(DEAL, "p 18 y p HH")
    assert state.phase == Phase.PLAY
    answers: list[Action] = state.legal_actions()
    assert HOLD not in answers
