"""The review of a finished game: every hand as dealt, the skat and the two cards put away,
each trick, and (optionally) the double-dummy analysis of the mistakes.

>>> import random
>>> from skat.core import GameState
>>> from skat.cli.cardtext import CardStyle
>>> g = GameState(seed=3)
>>> rng = random.Random(3)
>>> while not g.is_over:
...     _ = g.apply(rng.choice(g.legal_actions()))
>>> lines = review_lines(g, ("You", "Ann", "Bob"), CardStyle(), "en", analysis=False)
>>> lines[1].startswith("Forehand   You")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from skat.cli.board import action_text
from skat.cli.cardtext import CardStyle, sorted_for
from skat.cli.declaring import contract_words, pack_words
from skat.cli.words import seat_name
from skat.core import HOLD, NULL, PASS, Bid, Card, CardSet, Declare, Discard, GameState, Seat
from skat.core.language import N_, say


def review_lines(
    state: GameState,
    names: Sequence[str],
    style: CardStyle,
    lang: str,
    *,
    analysis: bool = True,
) -> list[str]:
    """The review as lines (see the module doc); ``analysis`` runs the double-dummy solver."""
    result = state.result
    game = state.contract.game_type.letter if state.contract is not None else "G"
    head = say(lang, "play.review")
    if result is not None:
        if state.declarer is not None and state.contract is not None:
            game = contract_words(state.contract, lang, style.deck)
            head += f": {names[state.declarer]}, {game}"
        head += f" — {pack_words(result.explain(lang), style.deck)}"
    lines = [head]
    w = max(6, *(len(n) for n in names))
    for seat, hand in zip(Seat, state.deal.hands, strict=True):
        lines.append(
            f"{seat_name(lang, seat):<10} {names[seat]:<{w}} {style.cards(sorted_for(hand, game))}"
        )
    lines.append(_skat_line(state, style, lang, game))
    calls = []
    for ev in state.history:
        if not isinstance(ev.action, Bid) and ev.action not in (HOLD, PASS):
            break
        calls.append(f"{names[ev.seat]} {action_text(ev.action, style, lang)}")
    if calls:
        lines.append(say(lang, "term.auction") + ": " + ", ".join(calls))
    for i, t in enumerate(state.tricks, 1):
        cards = "  ".join(
            _played(names[(t.leader + k) % 3], w, c, style) for k, c in enumerate(t.cards)
        )
        lines.append(f"{i:>2}. {cards}  → {names[t.winner]} {t.points}")
    if analysis and state.declarer is not None and state.tricks:
        lines.extend(analysis_lines(state, names, style, lang))
    return lines


def _skat_line(state: GameState, style: CardStyle, lang: str, game: str) -> str:
    """The skat as dealt and what the declarer put away."""
    skat = say(lang, "play.skat") + f": {style.cards(sorted_for(state.deal.skat, game))}"
    for ev in state.history:
        if isinstance(ev.action, Discard) and ev.seat == state.declarer:
            away = say(lang, "term.put_away")
            skat += f" · {away}: {style.cards(sorted_for(CardSet(ev.action.mask), game))}"
        if isinstance(ev.action, Declare):
            break
    return skat


def _played(name: str, w: int, card: Card, style: CardStyle) -> str:
    """A name and the card it played, padded to the column (colour codes take no width)."""
    if not style.colour:
        return f"{name:<{w}} {style.card(card):<{style.width()}}"
    return f"{name:<{w}} {style.card(card)}" + " " * (style.width() - len(style.plain(card)))


def analysis_lines(
    state: GameState, names: Sequence[str], style: CardStyle, lang: str
) -> list[str]:
    """The double-dummy verdict on the declarer's game and every card that lost value."""
    from skat.ai.dds import analyse, cost_words, mistake_words, value_words  # solver: on demand

    try:
        a = analyse(state)
    except ValueError as exc:
        return [say(lang, "term.no_analysis", why=exc)]
    if a.start is None or state.declarer is None:
        return []
    out = _verdict_lines(names[state.declarer], a.goal, a.could_win, a.winning_line, style, lang)
    if state.contract is not None and state.contract.game_type != NULL and a.value is not None:
        out[0] += f" ({value_words(a.value, lang)})"  # as skat solve says it
    if a.could_win and a.winning_line:
        out = out[:1] + winning_tricks(state, a.winning_line, names, style, lang)
    if not a.mistakes():
        out.append(say(lang, "term.no_mistakes"))
    null = state.contract is not None and state.contract.game_type == NULL
    for i, m in enumerate(a.moves):
        if m.loss <= 0:
            continue
        best = " ".join(style.card(c) for c in m.best_cards)
        cost = cost_words(m.loss, null, lang)
        out.append(
            "  " + mistake_words(i // 3 + 1, names[m.seat], style.card(m.card), best, cost, lang)
        )
    return out


def winning_tricks(
    state: GameState,
    line: Sequence[Card],
    names: Sequence[str],
    style: CardStyle,
    lang: str,
) -> list[str]:
    """The double-dummy winning line move by move: each trick with who plays which card and
    who takes it ("how I could have won"); the line starts at the first card of the game.

    >>> from skat.core import GameState, Card, Discard
    >>> g = GameState(seed=1)
    >>> for a in ["p", "p", "18", "s"]:
    ...     _ = g.apply(a)
    >>> _ = g.apply(Discard.of(*list(g.hand(g.to_move))[:2]))
    >>> _ = g.apply("G")
    >>> cards = []
    >>> trial = g.copy()
    >>> while not trial.is_over:
    ...     c = [a for a in trial.legal_actions() if isinstance(a, Card)][0]
    ...     cards.append(c); _ = trial.apply(c)
    >>> winning_tricks(g, cards[:3], ("Ann", "Bob", "Cid"), CardStyle(), "en")[0][:9]
    '  trick 1'
    """
    from skat.core import Card as _Card

    g = type(state)(state.deal, rules=state.rules)
    for ev in state.history:
        if isinstance(ev.action, _Card):
            break
        g.apply(ev.action, ev.seat)
    out: list[str] = []
    played: list[str] = []
    word = say(lang, "play.trick")
    try:
        for card in line:
            seat = g.to_move
            before = len(g.tricks)
            g.apply(card, seat)
            played.append(f"{names[seat]} {style.card(card)}")
            if len(g.tricks) > before:
                t = g.tricks[-1]
                out.append(
                    f"  {word} {len(g.tricks)}: " + "  ".join(played) + f" → {names[t.winner]}"
                )
                played = []
    except (ValueError, IndexError):  # a line the engine does not follow: show it as cards
        return ["  " + style.cards(line)]
    if played:
        out.append(f"  {word} {len(g.tricks) + 1}: " + "  ".join(played))
    return out


def _goal_words(goal: str, lang: str) -> str:
    """The solver's goal (``61 card points``, ``all tricks``, ``no trick``) in ``lang``.

    >>> _goal_words("61 card points", "de"), _goal_words("no trick", "en")
    ('61 Augen', 'no trick')
    """
    if goal == "no trick":
        return say(lang, "term.goal_no_trick")
    if goal == "all tricks":
        return say(lang, "term.goal_all_tricks")
    need, _, _ = goal.partition(" ")
    return say(lang, "term.goal_points", n=need) if need.isdigit() else goal


def _verdict_lines(
    who: str,
    goal: str,
    could_win: bool | None,
    winning_line: Sequence[Card] | None,
    style: CardStyle,
    lang: str,
) -> list[str]:
    """Whether the declarer could make the game, with a winning line, five tricks a line."""
    goal = _goal_words(goal, lang)
    you = who == say(lang, "play.you")
    tricks: list[str] = []
    if could_win:
        cards = list(winning_line or ())
        tricks = [
            " ".join(style.card(c) for c in cards[k : k + 3]) for k in range(0, len(cards), 3)
        ]
        key = N_("term.could_win_you") if you else N_("term.could_win")
    else:
        key = N_("term.could_not_win_you") if you else N_("term.could_not_win")
    out = [say(lang, "term.double_dummy", verdict=say(lang, key, who=who, goal=goal))]
    return out + ["  " + " | ".join(tricks[k : k + 5]) for k in range(0, len(tricks), 5)]
