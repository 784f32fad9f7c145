"""The questions asked during the play that must be answered before it goes on (house rules):
Spitze (the declarer announces it or not), Kontra before the lead (each eligible defender in
turn), the answer to a doubling (Re, Supra, Resupra), Schenken (the declarer accepts the
defenders' concession or refuses it).

Every kind of question is one :class:`QuestionKind` object in a registry: who is asked and
when, the answers open, what an answer changes, whether what was announced was made at the
end, the levels it adds and its name in the explanation and in ``Result.to_dict``.  The game
state, the legal actions, the ending and the scoring read the registry and name no house rule;
a new one is one :func:`register` call (see ``docs/decisions/0013-adding-a-house-rule.md``).

:class:`Questions` is an immutable value: what is asked of whom, and what was said so far.

>>> q = NO_QUESTIONS.ask(Question.KONTRA, (1, 2), resume=0)
>>> q.turn, q.kind.name
(1, 'kontra')
>>> q = q.answer(1, PASS, declarer=0, supra=False)    # Middlehand does not double
>>> q.turn, q.kind.name
(2, 'kontra')
>>> q = q.answer(2, KONTRA, declarer=0, supra=False)  # Rearhand says Kontra: the declarer answers
>>> q.kind.name, q.turn, q.kontra, q.multiplier
('double', 0, 1, 2)
>>> q = q.answer(0, PASS, declarer=0, supra=False)
>>> q.kind is None, q.turn, q.kontra
(True, 0, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Final, Literal, NamedTuple

from skat.core.actions import (
    DOUBLES,
    HOLD,
    KONTRA,
    PASS,
    SPITZEN,
    Action,
    Double,
    Hold,
    describe,
)
from skat.core.contracts import NULL, TRUMP_ORDER
from skat.core.language import N_, say

if TYPE_CHECKING:
    from skat.core.auction import Auction
    from skat.core.course import Course
    from skat.core.play import Play
    from skat.core.rules import Rules

When = Literal["declared", "offered", "doubled"]
"""When a kind is asked: right after the declaration (in the order of the registry), when a
player offers it (Schenken), or after a doubling (Re, Supra, Resupra)."""


def _nobody(play: Play, course: Course, rules: Rules) -> tuple[int, ...]:
    return ()


def _yes_or_no(q: Questions, play: Play, course: Course) -> list[Action]:
    return [HOLD, PASS]


def says(action: Action) -> int:
    """The number an answer says: a yes (``y``) 1, an announcement its number (a Spitze's
    cards), a pass 0.

    >>> says(HOLD), says(SPITZEN[3]), says(PASS)
    (1, 3, 0)
    """
    if isinstance(action, Hold):
        return 1
    if isinstance(action, tuple):
        return next((v for v in action if isinstance(v, int)), 0)
    return 0


def _says_count(q: Questions, seat: int, action: Action, declarer: int, supra: bool) -> Questions:
    """Record what the answer says (:func:`says`) under the kind's name: the question is
    answered."""
    assert q.kind is not None
    return q.said_as(q.kind.name, says(action))._replace(pending=(), kind=None)


def _no_levels(value: int) -> int:
    return 0


@dataclass(frozen=True, eq=False)
class QuestionKind:
    """One kind of question, whole: ``name`` (the protocol's, the key of what was said in
    :attr:`Questions.said`, in ``Result.said`` and ``Result.to_dict``), ``when`` it is asked,
    ``asked`` (the seats asked in turn, none when the rules or the game do not ask it),
    ``answers`` (the actions open), ``answer`` (what an answer makes of the questions),
    ``made`` (whether the declarer made what he said, checked when the game is scored; None:
    nothing to make), ``levels`` (the levels a said value adds), ``words`` (its name as a level
    in the explanation: a message id of the catalogs, or a house rule's own (English, German)
    words), ``answer_words`` (the answers' words, ids or pairs alike, when the plain words of
    the action do not fit the question, e.g. "accept" for ``y``) and
    ``recorded`` (what is said is kept under its name in :attr:`Questions.said` and the
    result; the doubling and Schenken keep theirs in their own fields)."""

    name: str
    when: When
    answers: Callable[[Questions, Play, Course], list[Action]] = _yes_or_no
    asked: Callable[[Play, Course, Rules], tuple[int, ...]] = _nobody
    answer: Callable[[Questions, int, Action, int, bool], Questions] = _says_count
    made: Callable[[Play, int, int], bool] | None = None
    levels: Callable[[int], int] = _no_levels
    words: str | tuple[str, str] = ""
    answer_words: dict[str, str | tuple[str, str]] | None = None
    recorded: bool = True

    SPITZE: ClassVar[QuestionKind]
    KONTRA: ClassVar[QuestionKind]
    DOUBLE: ClassVar[QuestionKind]
    SCHENKEN: ClassVar[QuestionKind]

    def __repr__(self) -> str:
        return f"<Question {self.name}>"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (_registered, (self.name,))  # a copy of a game asks the registered kind

    def word(self, lang: str) -> str:
        """Its name as a level in the explanation, in ``lang``."""
        return _words(self.words, lang)

    def say(self, action: Action, lang: str) -> str:
        """An answer in the words a player reads for this question.

        >>> Question.SCHENKEN.say(HOLD, "en"), Question.SPITZE.say(SPITZEN[2], "de")
        ('accept the concession', 'Spitze mit 2 Trümpfen ansagen')
        """
        own = (self.answer_words or {}).get(str(action))
        if own is not None:
            return _words(own, lang)
        return describe(action, lang)


def _words(words: str | tuple[str, str], lang: str) -> str:
    """A kind's words in ``lang``: a message id of the catalogs, or (a house rule's own kind)
    its (English, German) words, English for every other language."""
    if isinstance(words, str):
        return say(lang, words) if words else ""
    return words[1] if lang == "de" else words[0]


Question = QuestionKind
"""The kinds of question (``Question.SPITZE`` …): the name the game state uses."""

_REGISTRY: dict[str, QuestionKind] = {}
_DECLARED: list[QuestionKind] = []
"""The kinds asked after the declaration, in the order they are asked (kept by register)."""


def _order() -> None:
    kinds = [k for k in _REGISTRY.values() if k.when == "declared"]
    _DECLARED[:] = sorted(kinds, key=lambda k: k.name == "kontra")  # Kontra before the lead last


def register(kind: QuestionKind) -> QuestionKind:
    """Add a kind of question (its name not taken yet); kinds asked after the declaration are
    asked in the order they were registered.  Returns the kind."""
    if _REGISTRY.get(kind.name, kind) is not kind:
        raise ValueError(f"a question kind named {kind.name!r} is registered already")
    _REGISTRY[kind.name] = kind
    _order()
    return kind


def unregister(kind: QuestionKind) -> None:
    """Remove a kind again (a test's toy rule)."""
    if _REGISTRY.get(kind.name) is kind:
        del _REGISTRY[kind.name]
        _order()


def question_kinds() -> tuple[QuestionKind, ...]:
    """Every registered kind, in the order of registration.

    >>> [k.name for k in question_kinds()][:4]
    ['spitze', 'kontra', 'double', 'schenken']
    """
    return tuple(_REGISTRY.values())


def said_names() -> tuple[str, ...]:
    """The names under which the kinds record what was said (the result's fields).

    >>> said_names()
    ('spitze',)
    """
    return tuple(name for name, kind in _REGISTRY.items() if kind.recorded)


def _registered(name: str) -> QuestionKind:
    kind = _REGISTRY.get(name)
    if kind is None:
        raise ValueError(f"no question kind named {name!r} is registered")
    return kind


def next_question(
    after: QuestionKind | None, play: Play, course: Course, rules: Rules
) -> tuple[QuestionKind, tuple[int, ...]] | None:
    """The next kind asked after the declaration (after ``after``, or the first), with the
    seats it asks; ``None`` when no more is asked.  The kinds are asked in the order they were
    registered, Kontra before the lead last: the defenders double knowing what was announced
    (a doubling ends the questions)."""
    kinds = _DECLARED
    if after is None:
        start = 0
    elif after in kinds:
        start = kinds.index(after) + 1
    else:
        return None
    for kind in kinds[start:]:
        seats = kind.asked(play, course, rules)
        if seats:
            return kind, seats
    return None


def levels_of(said: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """The level words (one a level) of what was said, by the kinds' ``levels``.

    >>> levels_of((("spitze", 2),))
    ('spitze', 'spitze')
    """
    out: tuple[str, ...] = ()
    for name, value in said:
        kind = _REGISTRY.get(name)
        if kind is not None:
            out += (name,) * kind.levels(value)
    return out


def all_made(play: Play, declarer: int, said: tuple[tuple[str, int], ...]) -> bool:
    """Did the declarer make everything he said (each kind's ``made``)?"""
    for name, value in said:
        kind = _REGISTRY.get(name)
        if kind is not None and kind.made is not None and not kind.made(play, declarer, value):
            return False
    return True


def at_stake(said: tuple[tuple[str, int], ...]) -> bool:
    """Is something said that is only made at the end (so the declarer has not won yet)?"""
    return any(
        value and (kind := _REGISTRY.get(name)) is not None and kind.made is not None
        for name, value in said
    )


def level_word(word: str, lang: str) -> str | None:
    """The explanation's word of a registered kind's level, ``None`` for other words."""
    kind = _REGISTRY.get(word)
    return kind.word(lang) if kind is not None and kind.word(lang) else None


class Questions(NamedTuple):
    """The open question (``kind``, the seats still to answer, the seat to move afterwards)
    and what was said: the doubling level (1 Kontra … 4 Resupra) and who said Kontra, how often
    Schenken was refused, and what the other kinds recorded by name (``said``: a Spitze's
    cards)."""

    kind: QuestionKind | None = None
    pending: tuple[int, ...] = ()
    resume: int = 0
    kontra: int = 0
    kontra_seat: int = -1
    said: tuple[tuple[str, int], ...] = ()
    schenken_refused: int = 0

    @property
    def turn(self) -> int:
        """The seat to move: the next to answer, or the one the play resumes with."""
        return self.pending[0] if self.pending else self.resume

    @property
    def multiplier(self) -> int:
        """What the doubling said multiplies the score by (2 Kontra … 16 Resupra)."""
        return 1 << self.kontra

    @property
    def required(self) -> int:
        """1 (2) when Schneider (Schwarz) counts as announced (Schenken refused once, twice)."""
        return self.schenken_refused

    def value(self, name: str) -> int:
        """What was said for the kind ``name`` (0: nothing).

        >>> NO_QUESTIONS.said_as("spitze", 2).value("spitze"), NO_QUESTIONS.value("spitze")
        (2, 0)
        """
        return dict(self.said).get(name, 0)

    def said_as(self, name: str, value: int) -> Questions:
        """Record ``value`` for the kind ``name`` (0 records nothing)."""
        rest = tuple(s for s in self.said if s[0] != name)
        return self._replace(said=(*rest, (name, value)) if value else rest)

    def announced(self) -> Iterator[str]:
        """What was said as the views name it (``spitze 2``)."""
        return (f"{name} {value}" for name, value in self.said)

    def ask(self, kind: QuestionKind, seats: tuple[int, ...], resume: int) -> Questions:
        """Ask ``seats`` (in turn) a question; the play resumes with ``resume``.  Nobody to ask
        leaves nothing open."""
        if not seats:
            return self._replace(kind=None, pending=(), resume=resume)
        return self._replace(kind=kind, pending=seats, resume=resume)

    def answers(self, play: Play, course: Course) -> list[Action]:
        """The answers open to the seat asked."""
        return [] if self.kind is None else self.kind.answers(self, play, course)

    def doubled(self, seat: int, level: int, declarer: int, supra: bool) -> Questions:
        """``seat`` doubles to ``level``: the other party is asked whether it doubles again
        (Re after Kontra; Supra after Re only with the option; Resupra after Supra)."""
        nxt: tuple[int, ...] = ()
        if level == 1 or level == 3:
            nxt = (declarer,)
        elif level == 2 and supra:
            nxt = (self.kontra_seat,)
        return self._replace(
            kontra=level,
            kontra_seat=seat if level == 1 else self.kontra_seat,
            pending=nxt,
            kind=Question.DOUBLE if nxt else None,
        )

    def answer(self, seat: int, action: Action, declarer: int, supra: bool) -> Questions:
        """``seat`` answers (one of :meth:`answers`); an accepted Schenken ends the game (the
        caller scores it)."""
        assert self.kind is not None
        return self.kind.answer(self, seat, action, declarer, supra)


NO_QUESTIONS: Final = Questions()
"""Nothing asked, nothing said."""


# ------------------------------------------------------------------ the kinds of the core


def spitze_run(hand: int, game_type: int) -> int:
    """How many of the lowest trumps (from the 7, or the jack of diamonds in Grand) ``hand``
    holds in an unbroken run: the largest Spitze the declarer can announce.

    >>> from skat.core.contracts import GRAND
    >>> from skat.core.cards import CardSet
    >>> spitze_run(CardSet.parse("DJ HJ C7").mask, GRAND)    # jack of diamonds, then hearts
    2
    """
    n = 0
    for idx in reversed(TRUMP_ORDER[game_type]):
        if not hand >> idx & 1:
            break
        n += 1
    return n


def spitze_made(play: Play, declarer: int, spitze: int) -> bool:
    """The declarer won the last tricks, one for each card of his Spitze, with those cards,
    the very last one with the lowest trump."""
    if not spitze:
        return True
    if play.completed != 10 or len(play.tricks) != 10:
        return False
    lowest = TRUMP_ORDER[play.game_type][-spitze:]
    d = declarer
    for trick in play.tricks[-spitze:]:
        if trick.winner != d or trick.cards[(d - trick.leader) % 3].index not in lowest:
            return False
    last = play.tricks[-1]
    return last.cards[(d - last.leader) % 3].index == lowest[-1]


def _spitze_asked(play: Play, course: Course, rules: Rules) -> tuple[int, ...]:
    # asked even without the lowest trump: the defenders must not learn whether he holds it
    return (course.declarer,) if rules.spitze and play.game_type != NULL else ()


def _spitze_answers(q: Questions, play: Play, course: Course) -> list[Action]:
    run = spitze_run(play.hands[course.declarer], play.game_type)
    return [*SPITZEN[1 : run + 1], PASS]


QuestionKind.SPITZE = register(
    QuestionKind(
        "spitze",
        "declared",
        asked=_spitze_asked,
        answers=_spitze_answers,
        made=spitze_made,
        levels=lambda cards: cards,
        words=N_("rules.question.spitze"),
    )
)


def _kontra_asked(play: Play, course: Course, rules: Rules) -> tuple[int, ...]:
    """Kontra only before the first lead: each eligible defender in turn."""
    if not (rules.kontra and rules.kontra_timing == "lead"):
        return ()
    d = course.declarer
    return tuple(s for s in range(3) if s != d and kontra_eligible(course.auction, s, rules))


def kontra_eligible(auction: Auction, seat: int, rules: Rules) -> bool:
    """May ``seat`` say Kontra: any defender, or (``kontra_eligibility=bid``) one who bid or
    held, or who never had the chance to say 18."""
    if rules.kontra_eligibility == "any":
        return True
    return bool(auction.voice >> seat & 1) or not auction.passed18 >> seat & 1


def _doubling_answer(
    q: Questions, seat: int, action: Action, declarer: int, supra: bool
) -> Questions:
    if isinstance(action, Double):
        return q.doubled(seat, action.level, declarer, supra)
    # a pass: in the window before the lead the next defender is asked; a doubling ends
    rest = q.pending[1:] if q.kind is Question.KONTRA else ()
    return q._replace(pending=rest, kind=q.kind if rest else None)


def _schenken_answer(
    q: Questions, seat: int, action: Action, declarer: int, supra: bool
) -> Questions:
    refused = q.schenken_refused + (not isinstance(action, Hold))
    return q._replace(pending=(), kind=None, schenken_refused=refused)


def _doubling(
    name: str, when: When, answers: Callable[[Questions], Action], no: str
) -> QuestionKind:
    """Kontra before the lead, or the answer to a doubling: double (again) or ``p`` (``no``);
    the level said is kept in :attr:`Questions.kontra`."""
    return QuestionKind(
        name,
        when,
        asked=_kontra_asked if when == "declared" else _nobody,
        answers=lambda q, play, course: [answers(q), PASS],
        answer=_doubling_answer,
        recorded=False,
        answer_words={"p": no},
    )


QuestionKind.KONTRA = register(
    _doubling("kontra", "declared", lambda q: KONTRA, N_("rules.answer.no_kontra"))
)
QuestionKind.DOUBLE = register(
    _doubling("double", "doubled", lambda q: DOUBLES[q.kontra + 1], N_("rules.answer.no"))
)
QuestionKind.SCHENKEN = register(
    QuestionKind(
        "schenken",
        "offered",
        answer=_schenken_answer,
        recorded=False,
        answer_words={
            "y": N_("rules.answer.accept_schenken"),
            "p": N_("rules.answer.refuse_schenken"),
        },
    )
)
