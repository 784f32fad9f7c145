"""How a game of a declarer ends and is scored: played out, a party resigned, the defenders'
Schenken accepted, a violation (ISkO 4.1, 4.3).  Pure functions of the trick play and the
course of the game.

>>> from skat.core import GameState
>>> state = GameState(seed=3)
>>> for a in ("p", "p", "18", "GH"):
...     _ = state.apply(a)
>>> _ = state.apply("RE.0")          # Forehand gives up before the first card
>>> state.result.won, state.result.score
(False, -192)
"""

from __future__ import annotations

from skat.core.cards import points_of
from skat.core.contracts import NULL
from skat.core.course import Course
from skat.core.play import Play
from skat.core.questions import all_made, at_stake
from skat.core.rules import Rules
from skat.core.scoring import Result, score


def _requirements(course: Course) -> tuple[int, bool]:
    """(the points the declarer needs, whether he must take every trick)."""
    contract = course.contract
    assert contract is not None
    refused = course.questions.required
    need = 90 if (contract.schneider_announced or refused >= 1) else 61
    return need, contract.schwarz_announced or refused >= 2


def _already_won(play: Play, course: Course, by_declarer: bool) -> bool:
    """Has the guilty party (the declarer, or the defenders) won its game already?"""
    decl_won, def_won, decl_tricks, def_tricks = play.party(course.declarer)
    need, schwarz_needed = _requirements(course)
    if by_declarer:
        points = points_of(decl_won | course.skat)
        return (
            play.game_type != NULL
            and points >= need
            and not schwarz_needed
            and not at_stake(course.questions.said)
        )
    if play.game_type == NULL:  # the defenders have won once the declarer took a trick
        return decl_tricks > 0
    return points_of(def_won) > 120 - need or (schwarz_needed and def_tricks > 0)


def violation_outcome(play: Play, course: Course, by_declarer: bool) -> tuple[bool, bool, bool]:
    """A violation (or giving up, ISkO 4.3.3) loses the game for the guilty party unless it
    has won already; the other party wins "simple", or Schneider if its tricks already make
    the losers Schneider (ISkO 4.1.3, 4.1.4).  Returns (won, schneider, schwarz) for the
    declarer."""
    decl_won, def_won, _, _ = play.party(course.declarer)
    has_won = _already_won(play, course, by_declarer)
    won = has_won if by_declarer else not has_won
    schneider = points_of(decl_won | course.skat) >= 90 if won else points_of(def_won) >= 90
    return (won, schneider, False)


def final_result(
    play: Play,
    course: Course,
    rules: Rules,
    *,
    declarer_resigned: bool = False,
    defenders_resigned: bool = False,
    schenken: bool = False,
    violation: tuple[int, str] | None = None,
    outcome: tuple[bool, bool, bool] | None = None,
) -> Result:
    """The scored result of the declarer's game as it ends now."""
    d = course.declarer
    if schenken:
        outcome = (True, course.questions.required >= 1, False)
    elif violation is not None:
        outcome = violation_outcome(play, course, violation[0] == d)
    result = _score(
        play, course, rules, declarer_resigned, defenders_resigned, schenken, violation, outcome
    )
    defenders_fault = defenders_resigned or (violation is not None and violation[0] != d)
    if result.overbid and defenders_fault and outcome is not None and outcome[0]:
        for due in _levels_due(play, course):  # ISkO 4.1.5
            better = _score(
                play, course, rules, declarer_resigned, defenders_resigned, schenken, violation, due
            )
            if not better.overbid:
                return better
    return result


def _levels_due(play: Play, course: Course) -> list[tuple[bool, bool, bool]]:
    """ISkO 4.1.5: when the defenders give up or break a rule and the declarer needs a higher
    level to reach his bid, that level is his, Schneider while the defenders have at most 30
    card points, Schwarz while they have no trick (the outcomes to try, lowest first)."""
    _, def_won, _, def_tricks = play.party(course.declarer)
    if play.game_type == NULL or points_of(def_won) > 30:
        return []
    return [(True, True, False)] + ([(True, True, True)] if def_tricks == 0 else [])


def _score(
    play: Play,
    course: Course,
    rules: Rules,
    declarer_resigned: bool,
    defenders_resigned: bool,
    schenken: bool,
    violation: tuple[int, str] | None,
    outcome: tuple[bool, bool, bool] | None,
) -> Result:
    """The declarer's game scored as it ends now with this ``outcome``."""
    contract = course.contract
    assert contract is not None
    d = course.declarer
    q = course.questions
    decl_won, _, decl_tricks, def_tricks = play.party(d)
    extras: tuple[str, ...] = ()
    if course.lay_open:
        extras += ("open",)
    if course.skat_shown:
        extras += ("skat shown",)
    return score(
        contract,
        bid=course.auction.bid_value,
        cards=course.twelve,
        points=points_of(decl_won | course.skat),
        tricks=decl_tricks,
        defender_tricks=def_tricks,
        declarer=d,
        declarer_resigned=declarer_resigned,
        defenders_resigned=defenders_resigned,
        trick_complete=play.completed > 0,
        rules=rules,
        multiplier=q.multiplier,
        kontra=q.kontra,
        extra_levels=extras,
        said=q.said,
        made=defenders_resigned or schenken or all_made(play, d, q.said),
        required=q.required,
        outcome=outcome,
        schenken=schenken,
        violation=violation,
    )


def _end(play: Play, course: Course, rules: Rules, **how: object) -> tuple[Play, Course]:
    result = final_result(play, course, rules, **how)  # type: ignore[arg-type]
    return play, course.with_result(result)


def give_rest(play: Play, declarer: int, to_declarer: bool) -> Play:
    """Every card still in play goes to one party, with the tricks still to play."""
    return play.give_rest(declarer if to_declarer else (declarer + 1) % 3)


def end_now(play: Play, course: Course, rules: Rules, **how: object) -> tuple[Play, Course]:
    """The game ends now (Schenken accepted, a violation): the course with its result."""
    return _end(play, course, rules, **how)


def _defenders_give_up(course: Course, rules: Rules) -> bool:
    defenders = 7 & ~(1 << course.declarer)
    mode = rules.resign
    return (
        mode == "one"
        or course.resigned & defenders == defenders
        or (mode == "after_claim" and course.claimed)
    )


def resign(play: Play, course: Course, rules: Rules, seat: int) -> tuple[Play, Course]:
    """``seat`` gives up: the declarer loses; the defenders give up when one (or both, by the
    rules) did.  ``rules.resign_levels``: ISkO 4.3.3/4.1.4 (lost simple, or with what the other
    party already secured) or every remaining card to the other party (ISS)."""
    course = course._replace(resigned=course.resigned | 1 << seat)
    d = course.declarer
    rest = rules.resign_levels == "rest"
    if seat == d:
        if rest:
            play = give_rest(play, d, to_declarer=False)
            return _end(play, course, rules, declarer_resigned=True)
        outcome = violation_outcome(play, course, True)
        return _end(play, course, rules, declarer_resigned=True, outcome=outcome)
    if not _defenders_give_up(course, rules):
        return play, course
    if rest:
        # Null: the declarer wins by taking no trick, so the rest is not his
        play = give_rest(play, d, to_declarer=play.game_type != NULL)
        return _end(play, course, rules, defenders_resigned=True)
    outcome = violation_outcome(play, course, False)
    return _end(play, course, rules, defenders_resigned=True, outcome=outcome)


def _trick_ending(
    play: Play, course: Course, rules: Rules, winner: int
) -> tuple[bool, bool | None]:
    """(whether the game ends after this trick, who takes the rest: the declarer (True), the
    defenders (False), nobody (None))."""
    null = play.game_type == NULL
    if winner == course.declarer:
        if null:  # the Null declarer took a trick
            return True, None
    elif course.claimed and rules.claim == "isko" and not null:
        return True, False  # a failed claim: every trick from the claim on is the defenders'
    elif _requirements(course)[1]:  # Schwarz announced or required: a defenders' trick ends it
        return True, None
    if course.claimer >= 0 and winner != course.claimer:
        return True, True  # a defender's failed claim: every trick from it on is the declarer's
    return play.completed == 10, None


def after_trick(play: Play, course: Course, rules: Rules, winner: int) -> tuple[Play, Course]:
    """What a completed trick (won by ``winner``) makes of the game: the course has its result
    when the game is over (played out, or decided early)."""
    if course.contract is None:  # Ramsch: everyone for himself
        if play.completed < 10 or course.ramsch is None:
            return play, course
        return play, course.with_result(course.ramsch.result(play, course.skat, rules))
    ends, rest = _trick_ending(play, course, rules, winner)
    if not ends:
        return play, course
    if rest is not None:
        if course.claimed or course.claimer >= 0:  # a failed claim (ISkO 4.4)
            d = course.declarer
            play = play.hand_over(course.claim_from, d if rest else (d + 1) % 3)
        play = give_rest(play, course.declarer, rest)
    return _end(play, course, rules)


def quiet(course: Course) -> bool:
    """True when no trick before the tenth can end the game (:func:`after_trick` changes
    nothing until then): a Ramsch, or a suit game or Grand with nothing announced or required
    that a defenders' trick breaks, and no claim.  A game state decides it once per course.

    >>> from skat.core import GameState
    >>> from skat.core.contracts import Contract
    >>> state = GameState(seed=3)
    >>> for a in ("p", "p", "18"):
    ...     _ = state.apply(a)
    >>> [quiet(state.course._replace(contract=Contract.parse(c))) for c in ("GH", "GHZ", "N")]
    [True, False, False]
    """
    contract = course.contract
    if contract is None:
        return course.ramsch is not None
    return (
        contract.game_type != NULL
        and not _requirements(course)[1]
        and not course.claimed
        and course.claimer < 0
    )
