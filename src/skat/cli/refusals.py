"""Why an input was refused, in the player's words and card names.

The engine refuses with a reason code (:class:`~skat.core.errors.ErrorCode`) and an English
message in the engine's card codes ("Middlehand does not hold CJ").  The terminal says it in
the player's language with the cards as the board shows them, from the code and the game; a
reason it has no words for is the engine's message with the card codes renamed.

>>> from skat.core import GameState, Card, IllegalActionError
>>> from skat.cli.cardtext import CardStyle
>>> g = GameState(seed=1)
>>> for a in ["p", "p", "18", "s"]:
...     _ = g.apply(a)
>>> try:
...     g.validate(Card.parse("CJ"), 1)
... except IllegalActionError as exc:
...     err = exc
>>> refusal_text(err, Card.parse("CJ"), g, 1, CardStyle(lang="de", deck="german"))
'Du bist nicht am Zug'
"""

from __future__ import annotations

import re
from typing import Final

from skat.cli.cardtext import CardStyle
from skat.core import Action, Card, CardSet, Discard, GameState, IllegalActionError
from skat.core.actions import describe
from skat.core.errors import ErrorCode

_CODE: Final = re.compile(r"\b[CSHD][789TJQKA]\b")

_DE: Final = {
    ErrorCode.NOT_YOUR_TURN: "Du bist nicht am Zug",
    ErrorCode.BELOW_BID: "Das reicht nicht: Reizwert {bid}",
    ErrorCode.NOT_ALLOWED_BY_RULES: "Das erlauben die Regeln nicht",
    ErrorCode.GAME_OVER: "Das Spiel ist vorbei",
    ErrorCode.ALREADY_DONE: "Das ist schon geschehen",
    ErrorCode.NEEDS_CONSENT: "Aufgeben geht jetzt nur mit Zustimmung eines Gegenspielers",
}


def rename_cards(text: str, style: CardStyle) -> str:
    """The engine's card codes in a message as the board names them.

    >>> rename_cards("Middlehand does not hold CJ", CardStyle())
    'Middlehand does not hold ♣J'
    """
    return _CODE.sub(lambda m: style.card(Card.parse(m.group(0))), text)


def refusal_text(
    err: IllegalActionError, action: Action, state: GameState, seat: int, style: CardStyle
) -> str:
    """The refusal of ``action`` by ``seat`` in the style's language (see the module doc)."""
    de = style.lang == "de"
    held = state.hand(seat) if 0 <= seat < 3 else CardSet()
    if err.code == ErrorCode.NOT_IN_HAND:
        cards = [action] if isinstance(action, Card) else []
        if isinstance(action, Discard):
            cards = [c for c in CardSet(action.mask) if c not in held]
        names = style.cards(cards)
        if cards:
            return f"Du hast {names} nicht" if de else f"You do not hold {names}"
    if err.code == ErrorCode.MUST_FOLLOW and isinstance(action, Card):
        legal = style.cards(a for a in state.legal_actions() if isinstance(a, Card))
        led = style.card(state.current_trick[0]) if state.current_trick else ""
        if de:
            return f"{style.card(action)} geht nicht: {led} ist zu bedienen (erlaubt: {legal})"
        return f"{style.card(action)} may not be played: you must follow {led} (legal: {legal})"
    if not de:
        return rename_cards(str(err), style)
    words = _DE.get(err.code)
    if words is not None:
        return words.format(bid=state.bid)
    what = style.card(action) if isinstance(action, Card) else describe(action, "de")
    return f"Das geht jetzt nicht: {what}"
