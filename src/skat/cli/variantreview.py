"""The review of a finished game of a variant (Strohmann, Officers' Skat, Tournee Skat): the
cards as dealt (each hand and the skat; Officers' Skat: each player's face-up and face-down
cards in pile order; Tournee Skat: the cards turned up), what each player said in order with
its value, and each trick with its winner and card points.

>>> from skat.ai.variants import play_variant, variant_agent
>>> from skat.cli.cardtext import CardStyle
>>> from skat.variants import find_variant
>>> game = play_variant(find_variant("officers").start(seed=3),
...     [variant_agent("officers", "heuristic")] * 2)
>>> lines = variant_review_lines(game, ("You", "Ann"), CardStyle(), "en")
>>> lines[1].startswith("You (Forehand (declares)), face up:"), lines[-1].startswith("16. ")
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skat.cli.cardtext import CardStyle, sorted_for
from skat.cli.declaring import contract_words, pack_words
from skat.cli.variantwords import action_label, seat_word
from skat.cli.words import agree
from skat.core.actions import Discard
from skat.core.cards import Card, CardSet
from skat.core.language import N_, say
from skat.variants import find_variant


def variant_review_lines(
    state: Any, names: Sequence[str], style: CardStyle, lang: str, *, you: str | None = None
) -> list[str]:
    """The review of the finished game ``state`` as lines (module doc); ``names``: the
    players by seat (the Strohmann dummy's seat too); ``you``: the name the verbs agree with
    (``You lose``)."""
    variant = state.variant
    game = state.contract.code[0] if state.contract is not None else "G"
    lines = [_head(state, names, style, lang, you)]
    if variant == "officers":
        for player in (0, 1):
            up = " ".join(style.card(c) for c in state.deal.up[player])
            down = " ".join(style.card(c) for c in state.deal.down[player])
            where = seat_word(variant, player, lang)
            lines.append(
                say(lang, N_("play.variant.review_rows"), seat=where, name=names[player], up=up)
            )
            lines.append("   " + say(lang, N_("play.variant.review_down"), down=down))
    else:
        w = max(6, *(len(n) for n in names))
        for seat, hand in enumerate(state.deal.hands):
            lines.append(
                f"{seat_word(variant, seat, lang):<10} {names[seat]:<{w}} "
                + style.cards(sorted_for(hand, game))
            )
        lines.append(_skat_line(state, style, lang, game))
    calls = _calls(state, names, style, lang)
    if calls:
        lines.append(say(lang, N_("play.variant.review_calls")) + ": " + "; ".join(calls))
    order = 2 if variant == "officers" else 3
    for i, trick in enumerate(state.tricks, 1):
        cards = "  ".join(
            f"{names[(trick.leader + k) % order]} {style.card(c)}"
            for k, c in enumerate(trick.cards)
        )
        lines.append(f"{i:>2}. {cards}  → {names[trick.winner]} {trick.points}")
    return [pack_words(line, style.deck) for line in lines]


def _head(state: Any, names: Sequence[str], style: CardStyle, lang: str, you: str | None) -> str:
    """``Review: Ann, Grand — the result in words``."""
    head = say(lang, "play.review")
    head = head[:1].upper() + head[1:]
    result = state.result
    if result is None:
        return head
    if result.contract is not None and result.declarer is not None:
        own = getattr(result, "game_name_in", None)
        words = own(lang) if own is not None else contract_words(result.contract, lang, style.deck)
        head += f": {names[result.declarer]}, {words}"
    explained = result.explain(lang, names=list(names)[: len(result.seat_scores)])
    return f"{head} — {agree(explained, lang, you) if you else explained}"


def _skat_line(state: Any, style: CardStyle, lang: str, game: str) -> str:
    """The skat as dealt, the cards turned up (Tournee Skat) and what was put away."""
    skat = say(lang, "play.skat")
    line = skat[:1].upper() + skat[1:] + f": {style.cards(sorted_for(state.deal.skat, game))}"
    turned: Sequence[Card] = getattr(state, "turned", ())
    if turned:
        line += " · " + say(lang, N_("play.variant.turned"), cards=style.cards(turned))
    for ev in state.history:
        if isinstance(ev.action, Discard):
            away = style.cards(sorted_for(CardSet(ev.action.mask), game))
            line += f" · {say(lang, 'term.put_away')}: {away}"
    return line


def _calls(state: Any, names: Sequence[str], style: CardStyle, lang: str) -> list[str]:
    """Everything said (bids, passes, the game declared, a card turned…), each in words with
    its value as it was asked: the game replayed from its deal."""
    entry = find_variant(state.variant)
    again = entry.from_record(entry.deal_text(state), state.rules, entry.record_setup(state))
    out = []
    for i, ev in enumerate(state.history):
        action = ev.action
        if not isinstance(action, (Card, Discard)):
            label = action_label(state.variant, again, action, lang, style)
            out.append(f"{names[ev.seat]}: {label}")
        if len(again.history) <= i:  # not recorded by the game itself (the dummy's pass)
            again.apply(action, ev.seat)
    return out
