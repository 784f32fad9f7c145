"""A finished game move by move, for the history viewer, with the double-dummy analysis.

>>> import random
>>> from skat.core import GameState
>>> from skat.records.jsonrecord import dumps, state_to_json
>>> rng = random.Random(4)
>>> g = GameState(seed=4)
>>> while not g.is_over:
...     _ = g.apply(rng.choice(g.legal_actions()))
>>> h = steps_of(dumps(state_to_json(g)))
>>> len(h["steps"]) == len(g.history) + 1, h["steps"][0]["event"]
(True, None)
"""

from __future__ import annotations

from typing import Any

from skat.core.cards import Card
from skat.core.language import LANGUAGES, say
from skat.core.state import GameState
from skat.core.steps import restarted
from skat.records.jsonrecord import load_json
from skat.server.visibility import cards, result_view
from skat.server.webwords import every_language


def steps_of(json_text: str) -> dict[str, Any]:
    """Every position of the game from the deal to the end (all cards open: the game is
    over), each with the event that led to it."""
    # the replay counts, also for a record an older engine scored otherwise (a failed claim)
    game = load_json(json_text, check_result=False)
    final = game.state
    if not isinstance(final, GameState):
        raise ValueError("the history viewer shows Skat games only")
    state = GameState(final.deal, final.rules, ramsch=game.forced_ramsch)
    steps = [_step(state, None)]
    for ev in final.history:
        state.apply(ev.action, ev.seat)
        steps.append(_step(state, [ev.seat, str(ev.action)]))
    return {
        "rules": str(final.rules),
        "players": game.meta.get("players"),
        "steps": steps,
        "result": result_view(final),
    }


def _step(state: GameState, event: list[Any] | None) -> dict[str, Any]:
    return {
        "event": event,
        "phase": state.phase.name.lower(),
        "hands": [cards(state.hand(s)) for s in range(3)],
        "skat": cards(state.skat),
        "trick": [c.name for c in state.current_trick],
        "trick_leader": state.trick_leader,
        "last_trick": [c.name for c in state.tricks[-1].cards] if state.tricks else [],
        "declarer": state.declarer,
        "contract": state.contract.describe("en") if state.contract else None,
        **every_language(
            lambda lang: state.contract.describe(lang) if state.contract else None, "contract"
        ),
        "points": list(state.points()),
    }


def analysis_of(json_text: str) -> dict[str, Any]:
    """:func:`steps_of` plus, for each card played, its double-dummy value, the best value and
    cards, and what it lost (:func:`skat.ai.dds.analyse`)."""
    from skat.ai.dds import analyse

    out = steps_of(json_text)
    # the replay counts, also for a record an older engine scored otherwise (a failed claim)
    game = load_json(json_text, check_result=False)
    state = game.state
    assert isinstance(state, GameState)
    moves: list[dict[str, Any] | None] = [None] * len(state.history)
    summary = why_no_analysis(state)
    could_win = None
    said: dict[str, str] | None = None
    if not summary:
        assert state.declarer is not None  # why_no_analysis: a declarer's game
        analysis = analyse(state)
        summary = analysis.summary()
        could_win = analysis.could_win
        names = out["players"]
        said = verdict(analysis, state, names[state.declarer] if names else None)
        queue = list(analysis.moves)
        for i, ev in enumerate(state.history):
            if queue and isinstance(ev.action, Card) and ev.action == queue[0].card:
                m = queue.pop(0)
                moves[i] = {
                    "seat": m.seat,
                    "card": m.card.name,
                    "played": m.played,
                    "best": m.best,
                    "best_cards": [c.name for c in m.best_cards],
                    "loss": m.loss,
                }
    out["analysis"] = {
        "summary": summary,
        "verdict": said,
        "could_win": could_win,
        "moves": moves,
        "best_line": best_line(
            state,
            moves,
            lost=could_win is True and not bool(state.result and state.result.won),
            hopeless=could_win is False,
        ),
    }
    return out


def why_no_analysis(state: GameState) -> str:
    """Why a finished game has no double-dummy analysis, in one line (``""``: it has one).

    >>> from skat.core import GameState
    >>> g = GameState(seed=1)
    >>> for a in ("p", "p", "p"):
    ...     _ = g.apply(a)
    >>> why_no_analysis(g)
    'all passed: no card play to analyse'
    """
    if state.result is not None and state.result.passed:
        return "all passed: no card play to analyse"
    if state.contract is None or state.declarer is None:
        return "a Ramsch has no declarer: the analysis follows a declarer's game"
    if not state.tricks and not state.current_trick:
        return "the game ended before the first card: no card play to analyse"
    return ""


def verdict(analysis: Any, state: GameState, name: str | None) -> dict[str, str] | None:
    """The answer to "How could I have won?" in one sentence in every language (``{lang:
    sentence}``), before any line of play: whether some line wins against best defence (every
    card open) and, when none does, the best the declarer could reach
    (:class:`skat.ai.dds.Analysis`).  ``name``: the declarer's (``None``: his seat's name)."""
    if analysis.start is None or analysis.could_win is None:
        return None
    return {lang: _verdict(analysis, state, name, lang) for lang in LANGUAGES}


def _verdict(analysis: Any, state: GameState, name: str | None, lang: str) -> str:
    """:func:`verdict` in ``lang``."""
    won = bool(state.result and state.result.won)
    value = analysis.value
    null = analysis.goal == "no trick"
    every = analysis.goal == "all tricks"
    who = name if name is not None else _seat_name(state.declarer or 0, lang)
    reach = say(lang, "server.verdict.points", n=value) if value is not None else ""
    if not analysis.could_win and won and null:
        return say(lang, "server.verdict.wonNullMistakes", name=who)
    if not analysis.could_win and won:  # the defenders gave it away
        return say(lang, "server.verdict.wonMistakes", name=who, reach=reach)
    if not analysis.could_win:
        if null:
            return say(lang, "server.verdict.noNull", name=who)
        if every:
            return say(lang, "server.verdict.noEvery", name=who)
        need = analysis.goal.split()[0]  # "61 card points" (skat.ai.dds): its number
        goal = say(lang, "server.verdict.points", n=need) if need.isdigit() else analysis.goal
        return say(lang, "server.verdict.noLine", name=who, reach=reach, goal=goal)
    if null:
        how = say(lang, "server.verdict.howNull")
    elif every:
        how = say(lang, "server.verdict.howEvery")
    else:
        how = say(lang, "server.verdict.howReach", reach=reach)
    if won:
        return say(lang, "server.verdict.won", name=who, how=how)
    return say(lang, "server.verdict.couldWin", name=who, how=how)


def _seat_name(seat: int, lang: str) -> str:
    """Forehand, Middlehand or Rearhand in ``lang`` (a record without the players' names)."""
    if seat == 1:
        return say(lang, "web.middlehand")
    if seat == 2:
        return say(lang, "web.rearhand")
    return say(lang, "web.forehand")


def best_line(
    final: GameState,
    moves: list[dict[str, Any] | None],
    *,
    lost: bool,
    hopeless: bool = False,
) -> dict[str, Any] | None:
    """ "Show me how I could have won": from the first card that gave value away (the
    declarer's first, when he lost a game he could have won), the double-dummy best play to
    the end (as :meth:`skat.ai.dds.Solver.line` plays it), move by move as ``[seat, card]``.
    ``hopeless``: no line wins; without a card that gave value away, the best play from the
    first card (what the declarer could reach at most)."""
    from skat.ai.dds import Position, PositionError, solve_all

    d = final.declarer
    first = next(
        (i for i, m in enumerate(moves) if m and m["loss"] > 0 and (not lost or m["seat"] == d)),
        None,
    )
    if first is None and hopeless:
        first = next((i for i, m in enumerate(moves) if m), None)
    if first is None:
        return None
    state = restarted(final)  # a Ramsch round's Grand Hand replays from its forced Ramsch
    for ev in final.history[:first]:
        state.apply(ev.action, ev.seat)
    try:
        pos = Position.from_state(state)
    except PositionError:
        return None
    line = []
    while not pos.is_over:  # the solver's table is warm from the analysis
        values = solve_all(pos)
        best = (max if pos.to_move == pos.declarer else min)(values.values())
        card = next(c for c, v in values.items() if v == best)
        line.append([pos.to_move, card.name])
        pos = pos.play(card)
    return {"step": first, "seat": moves[first]["seat"], "moves": line}  # type: ignore[index]
