"""Why an input was refused, in the player's words and card names.

The engine refuses with a reason code (:class:`~skat.core.errors.ErrorCode`) and an English
message in the engine's card codes ("Middlehand does not hold CJ").  The terminal says it in
the player's language with the cards as the board shows them: from the reason key and its
params (:mod:`skat.cli.reasonwords`, the catalogs' ``reason.*``); in English, the engine's own
language, from the message with the card codes renamed (and a player's own words for a card not
held or not following).

>>> from skat.core import GameState, Card, IllegalActionError
>>> from skat.cli.cardtext import CardStyle
>>> g = GameState(seed=1)
>>> for a in ["p", "p", "18", "s"]:
...     _ = g.apply(a)
>>> try:
...     g.validate(Card.parse("CJ"), 1)
... except IllegalActionError as exc:
...     err = exc
>>> refusal_text(err, Card.parse("CJ"), g, 1, CardStyle("de", "german"), ("Anna", "Bernd", "Du"))
'Anna ist am Zug, nicht du'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from skat.cli.cardtext import CardStyle
from skat.cli.reasonwords import reason_words
from skat.core import Action, Card, CardSet, Discard, GameState, IllegalActionError
from skat.core.actions import describe
from skat.core.errors import ErrorCode
from skat.core.language import SOURCE, say

_CODE: Final = re.compile(r"\b[CSHD][789TJQKA]\b")


def rename_cards(text: str, style: CardStyle) -> str:
    """The engine's card codes in a message as the board names them.

    >>> rename_cards("Middlehand does not hold CJ", CardStyle())
    'Middlehand does not hold ♣J'
    """
    return _CODE.sub(lambda m: style.card(Card.parse(m.group(0))), text)


def refusal_text(
    err: IllegalActionError,
    action: Action,
    state: GameState,
    seat: int,
    style: CardStyle,
    names: Sequence[str] = (),
) -> str:
    """The refusal of ``action`` by ``seat`` in the style's language (see the module doc);
    ``names`` are the players' names by seat."""
    lang = style.lang
    engines = lang == SOURCE  # the engine's own language: its message, the cards renamed
    held = state.hand(seat) if 0 <= seat < 3 else CardSet()
    legal = [a for a in state.legal_actions() if isinstance(a, Card)]
    if not engines:
        words = reason_words(err.reason, err.params, style, names, legal)
        if words is not None:
            return words
    if err.code == ErrorCode.NOT_IN_HAND:
        cards = [action] if isinstance(action, Card) else []
        if isinstance(action, Discard):
            cards = [c for c in CardSet(action.mask) if c not in held]
        if cards:
            return say(lang, "reason.not_in_hand", cards=style.cards(cards))
    if err.code == ErrorCode.MUST_FOLLOW and isinstance(action, Card) and engines:
        led = style.card(state.current_trick[0]) if state.current_trick else ""
        shown = style.cards(legal)
        return say(lang, "reason.must_follow", card=style.card(action), led=led, legal=shown)
    if engines:
        return rename_cards(str(err), style)
    what = style.card(action) if isinstance(action, Card) else describe(action, lang)
    return say(lang, "reason.not_now", what=what)
