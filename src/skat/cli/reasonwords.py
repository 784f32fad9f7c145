"""The engine's refusals in the player's words, from their reason key and params
(:mod:`skat.core.reasons`), with the cards and games named as the player's board names them.

The terminal speaks to the player whose input was refused ("du"); the seat whose turn it is is
named by the player's names at the table.  The words are the catalogs' ``reason.*`` messages.

>>> from skat.core import Card
>>> from skat.cli.cardtext import CardStyle
>>> reason_words("not_in_hand", {"cards": Card.parse("CJ")}, CardStyle("de", "german"))
'Du hast Ei-U nicht'
>>> reason_words("bid_not_above", {"value": 18, "bid": 20}, CardStyle("de"))
'18 ist nicht mehr als der Reizwert 20'
>>> reason_words("", {}, CardStyle("de")) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final, cast

from skat.cli.cardtext import CardStyle
from skat.cli.declaring import contract_words, game_name
from skat.cli.words import seat_name
from skat.core import Action, Card, CardSet, Contract, Declare, GameType, Seat
from skat.core.actions import describe
from skat.core.language import N_, say

REASON_KEYS: Final[dict[str, str]] = {
    "unreadable": N_("reason.unreadable"),
    "game_over": N_("reason.game_over"),
    "not_your_turn": N_("reason.not_your_turn"),
    "nothing_to_undo": N_("reason.nothing_to_undo"),
    "must_bid_or_pass": N_("reason.must_bid_or_pass"),
    "must_hold_or_pass": N_("reason.must_hold_or_pass"),
    "bid_not_above": N_("reason.bid_not_above"),
    "no_jump_bids": N_("reason.no_jump_bids"),
    "not_a_bid_value": N_("reason.not_a_bid_value"),
    "auction_on": N_("reason.auction_on"),
    "skat_or_hand": N_("reason.skat_or_hand"),
    "needs_skat": N_("reason.needs_skat"),
    "show_skat_off": N_("reason.show_skat_off"),
    "must_discard": N_("reason.must_discard"),
    "must_declare": N_("reason.must_declare"),
    "hand_after_pickup": N_("reason.hand_after_pickup"),
    "null_below_bid": N_("reason.null_below_bid"),
    "cannot_reach_bid": N_("reason.cannot_reach_bid"),
    "take_or_push": N_("reason.take_or_push"),
    "take_push_or_grand": N_("reason.take_push_or_grand"),
    "must_push_two": N_("reason.must_push_two"),
    "no_jacks_pushed": N_("reason.no_jacks_pushed"),
    "not_in_hand": N_("reason.not_in_hand"),
    "must_follow_trump": N_("reason.must_follow_trump"),
    "must_follow_suit": N_("reason.must_follow_suit"),
    "must_play_card": N_("reason.must_play_card"),
    "must_answer": N_("reason.must_answer"),
    "kontra_not_now": N_("reason.kontra_not_now"),
    "kontra_off": N_("reason.kontra_off"),
    "lay_open_not_now": N_("reason.lay_open_not_now"),
    "lay_open_off": N_("reason.lay_open_off"),
    "resign_not_now": N_("reason.resign_not_now"),
    "resign_other_seat": N_("reason.resign_other_seat"),
    "resigned_already": N_("reason.resigned_already"),
    "consent_by_defender": N_("reason.consent_by_defender"),
    "needs_consent": N_("reason.needs_consent"),
    "schenken_by_defender": N_("reason.schenken_by_defender"),
    "schenken_not_now": N_("reason.schenken_not_now"),
    "schenken_off": N_("reason.schenken_off"),
    "show_cards_not_now": N_("reason.show_cards_not_now"),
    "no_claim_in_ramsch": N_("reason.no_claim_in_ramsch"),
    "claim_declarer_only": N_("reason.claim_declarer_only"),
    "claim_declarer_only_null": N_("reason.claim_declarer_only_null"),
    "claimed_already": N_("reason.claimed_already"),
    "shown_already": N_("reason.shown_already"),
    "violation_not_now": N_("reason.violation_not_now"),
    "violation_other_seat": N_("reason.violation_other_seat"),
    "unknown_violation": N_("reason.unknown_violation"),
}
"""Every reason key of :data:`skat.core.reasons.REASONS` → its message id."""


def _action(action: object, style: CardStyle) -> str:
    if isinstance(action, Card):
        return style.card(action)
    if isinstance(action, Declare):
        game = contract_words(action.contract, style.lang, style.deck)
        return say(style.lang, "reason.declare_game", game=game)
    return describe(cast(Action, action), style.lang)


def _cards(value: object, style: CardStyle) -> str:
    if isinstance(value, Card):
        return style.card(value)
    if isinstance(value, CardSet):
        return style.cards(value)
    return str(value)


def _suit(led: object, style: CardStyle) -> str:
    if not isinstance(led, Card):
        return str(led)
    return game_name(GameType(int(led.suit)), style.lang, style.deck)


def _values(
    params: Mapping[str, object], style: CardStyle, names: Sequence[str], legal: Iterable[Card]
) -> dict[str, object]:
    """The params as the words show them."""
    lang = style.lang
    values = dict(params)
    for key in ("cards", "card", "led"):
        if key in values:
            values[key] = _cards(values[key], style)
    turn = params.get("turn")
    if isinstance(turn, int) and 0 <= turn < 3:
        values["turn"] = names[turn] if names else seat_name(lang, Seat(turn))
    if "action" in values:
        values["action"] = _action(values["action"], style)
    answers = params.get("answers")
    if isinstance(answers, tuple):
        values["answers"] = (
            " " + say(lang, "reason.or_word") + " ".join(_action(a, style) for a in answers)
        )
    contract = params.get("contract")
    if isinstance(contract, Contract):
        values["contract"] = contract_words(contract, lang, style.deck)
    values["suit"] = _suit(params.get("led"), style)
    shown = style.cards(legal)
    values["legal"] = say(lang, "reason.legal", cards=shown) if shown else ""
    return values


def reason_words(
    reason: str,
    params: Mapping[str, object],
    style: CardStyle,
    names: Sequence[str] = (),
    legal: Iterable[Card] = (),
) -> str | None:
    """The refusal ``reason`` with ``params`` in the style's language (``None`` for a reason
    without words: an error raised without a reason key).  ``names`` are the players' names by
    seat, ``legal`` the cards allowed (named after a card that does not follow).  ``None`` too
    when a param the words need is missing."""
    key = REASON_KEYS.get(reason)
    if key is None:
        return None
    try:
        return say(style.lang, key, **_values(params, style, names, legal))
    except (KeyError, IndexError):  # a param the engine did not give: no words
        return None
