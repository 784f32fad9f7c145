"""The engine's refusals in German words, from their reason key and params
(:mod:`skat.core.reasons`), with the cards and games named as the player's board names them.

The terminal speaks to the player whose input was refused ("du"); the seat whose turn it is is
named by the player's names at the table.

>>> from skat.core import Card
>>> from skat.cli.cardtext import CardStyle
>>> german_reason("not_in_hand", {"cards": Card.parse("CJ")}, CardStyle("de", "german"))
'Du hast Ei-U nicht'
>>> german_reason("bid_not_above", {"value": 18, "bid": 20}, CardStyle("de"))
'18 ist nicht mehr als der Reizwert 20'
>>> german_reason("", {}, CardStyle("de")) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Final, cast

from skat.cli.cardtext import CardStyle
from skat.cli.declaring import contract_words
from skat.core import Action, Card, CardSet, Contract, Declare
from skat.core.actions import describe

REASONS_DE: Final[dict[str, str]] = {
    "unreadable": "Das verstehe ich nicht: {text!r}",
    "game_over": "Das Spiel ist vorbei",
    "not_your_turn": "{turn} ist am Zug, nicht du",
    "nothing_to_undo": "Es gibt nichts zurückzunehmen",
    "must_bid_or_pass": "Du bist mit Reizen dran: sag einen Reizwert oder passe",
    "must_hold_or_pass": "Du hörst: halte (y) oder passe (p)",
    "bid_not_above": "{value} ist nicht mehr als der Reizwert {bid}",
    "no_jump_bids": "Keine Sprünge beim Reizen nach diesen Regeln: der nächste Reizwert ist {next}",
    "not_a_bid_value": "{value} ist kein Reizwert",
    "auction_on": "Es wird noch gereizt: {action} geht jetzt nicht",
    "skat_or_hand": "Nimm zuerst den Skat auf (s) oder spiele Hand (h)",
    "needs_skat": "{contract} braucht den Skat: nimm ihn zuerst auf oder spiele Hand",
    "show_skat_off": "Den Skat zeigen erlauben diese Regeln nicht (Option show_skat=on)",
    "must_discard": "Drücke zuerst zwei Karten in den Skat",
    "must_declare": "Sag jetzt dein Spiel an",
    "hand_after_pickup": "Nach dem Aufnehmen des Skats gibt es kein Handspiel mehr",
    "null_below_bid": "{contract} ist {value} wert, weniger als der Reizwert {bid}",
    "cannot_reach_bid": "{contract} erreicht höchstens {value}, weniger als der Reizwert {bid}",
    "take_or_push": "Nimm den Skat (s) oder schiebe ihn weiter (p)",
    "take_push_or_grand": "Nimm den Skat (s), schiebe ihn weiter (p) oder spiele Grand Hand (GH)",
    "must_push_two": "Schiebe zwei Karten mit dem Skat weiter",
    "no_jacks_pushed": "Beim Schieberamsch dürfen keine Buben geschoben werden",
    "not_in_hand": "Du hast {cards} nicht",
    "must_follow_trump": "{card} geht nicht: Trumpf ist zu bedienen (ausgespielt {led}{legal})",
    "must_follow_suit": "{card} geht nicht: {suit} ist zu bedienen (ausgespielt {led}{legal})",
    "must_play_card": "Spiele eine Karte, nicht: {action}",
    "must_answer": "Antworte zuerst: {answers}",
    "kontra_not_now": "Kontra geht jetzt nicht",
    "kontra_off": "Kontra erlauben diese Regeln nicht",
    "lay_open_not_now": "Die Karten offen legen geht jetzt nicht",
    "lay_open_off": "Offen spielen erlauben diese Regeln nicht",
    "resign_not_now": "Aufgeben geht nur während eines Spiels",
    "resign_other_seat": "Du kannst nicht für einen anderen Platz aufgeben",
    "resigned_already": "Du hast schon aufgegeben",
    "consent_by_defender": "Nur ein Gegenspieler kann dem Aufgeben des Alleinspielers zustimmen",
    "needs_consent": (
        "Mit weniger als 9 Karten kann der Alleinspieler nur mit Zustimmung eines "
        "Gegenspielers aufgeben"
    ),
    "schenken_by_defender": "Nur ein Gegenspieler kann das Spiel schenken",
    "schenken_not_now": "Schenken geht nur vor der ersten Karte",
    "schenken_off": "Schenken erlauben diese Regeln nicht (Option schenken=on)",
    "show_cards_not_now": "Die Karten zeigen geht nur während des Spiels",
    "no_claim_in_ramsch": "Im Ramsch beansprucht niemand die restlichen Stiche",
    "claim_declarer_only": (
        "Nach diesen Regeln kann nur der Alleinspieler seine Karten zeigen und den Rest beanspruchen"
    ),
    "claim_declarer_only_null": (
        "Im Nullspiel kann nur der Alleinspieler seine Karten zeigen und den Rest beanspruchen"
    ),
    "claimed_already": "Die restlichen Stiche sind schon beansprucht",
    "shown_already": "Der Alleinspieler hat seine Karten schon gezeigt",
    "violation_not_now": "Regelverstöße werden nur während eines Spiels festgehalten",
    "violation_other_seat": "Du kannst keinen Regelverstoß für einen anderen Platz festhalten",
    "unknown_violation": "Unbekannter Regelverstoß: {kind!r}",
}
"""Every reason key of :data:`skat.core.reasons.REASONS` → its German template."""

_SEATS_DE: Final = ("Vorhand", "Mittelhand", "Hinterhand")


def _action_de(action: object, style: CardStyle) -> str:
    if isinstance(action, Card):
        return style.card(action)
    if isinstance(action, Declare):
        return contract_words(action.contract, "de", style.deck) + " ansagen"
    return describe(cast(Action, action), "de")


def _cards(value: object, style: CardStyle) -> str:
    if isinstance(value, Card):
        return style.card(value)
    if isinstance(value, CardSet):
        return style.cards(value)
    return str(value)


def _suit_de(led: object, style: CardStyle) -> str:
    if not isinstance(led, Card):
        return str(led)
    return led.suit.german_pack if style.deck == "german" else led.suit.german


def _values(
    params: Mapping[str, object], style: CardStyle, names: Sequence[str], legal: Iterable[Card]
) -> dict[str, object]:
    """The params as the German template shows them."""
    values = dict(params)
    for key in ("cards", "card", "led"):
        if key in values:
            values[key] = _cards(values[key], style)
    turn = params.get("turn")
    if isinstance(turn, int) and 0 <= turn < 3:
        values["turn"] = (names or _SEATS_DE)[turn]
    if "action" in values:
        values["action"] = _action_de(values["action"], style)
    answers = params.get("answers")
    if isinstance(answers, tuple):
        values["answers"] = " oder ".join(_action_de(a, style) for a in answers)
    contract = params.get("contract")
    if isinstance(contract, Contract):
        values["contract"] = contract_words(contract, "de", style.deck)
    values["suit"] = _suit_de(params.get("led"), style)
    shown = style.cards(legal)
    values["legal"] = f"; erlaubt: {shown}" if shown else ""
    return values


def german_reason(
    reason: str,
    params: Mapping[str, object],
    style: CardStyle,
    names: Sequence[str] = (),
    legal: Iterable[Card] = (),
) -> str | None:
    """The refusal ``reason`` with ``params`` in German (``None`` for a reason without words:
    an error raised without a reason key).  ``names`` are the players' names by seat, ``legal``
    the cards allowed (named after a card that does not follow).  ``None`` too when a param
    the German words need is missing."""
    template = REASONS_DE.get(reason)
    if template is None:
        return None
    try:
        return template.format(**_values(params, style, names, legal))
    except (KeyError, IndexError):  # a param the engine did not give: no words
        return None
