"""The words of the variants' terminal game (``skat play --variant``) and of their review:
each question's and line's message (:class:`VariantWords`), the seats' names and each action
in words with its value (:func:`action_label`).

>>> from skat.cli.cardtext import CardStyle
>>> from skat.variants import find_variant
>>> game = find_variant("officers").start(seed=3)
>>> [action_label("officers", game, a, "en", CardStyle()) for a in game.legal_actions()][:2]
['Diamonds (base 9)', 'Hearts (base 10)']
>>> VariantWords("de")["end"]
'Ende der Serie.'
"""

from __future__ import annotations

from typing import Any, Final

from skat.cli.cardtext import CardStyle
from skat.cli.declaring import contract_words
from skat.cli.words import seat_name
from skat.core.actions import Bid, Declare, Discard, Hold, Pass, PickUp, Resign
from skat.core.cards import Card, cards_of
from skat.core.language import N_, say
from skat.core.scoring import base_value as skat_base_value
from skat.core.seats import Seat
from skat.variants.tournee import PasstMirNicht, TourneeBid, Turn
from skat.variants.tournee_scoring import GUCKSER, SOLO, TOURNEE, base_value

WORDS: Final[dict[str, str]] = {
    "title": N_("play.variant.title"),
    "dummy": N_("play.variant.dummy"),
    "dummy_down": N_("play.variant.dummy_down"),
    "dummy_up": N_("play.variant.dummy_up"),
    "rows": N_("play.variant.rows"),
    "legend": N_("play.variant.legend"),
    "game": N_("play.variant.game"),
    "bid": N_("play.variant.bid"),
    "turned": N_("play.variant.turned"),
    "trick": N_("play.variant.trick"),
    "last": N_("play.variant.last"),
    "hand": N_("play.variant.hand"),
    "for_dummy": N_("play.variant.for_dummy"),
    "your_move": N_("play.variant.your_move"),
    "discard": N_("play.variant.discard"),
    "declare_q": N_("play.variant.declare_q"),
    "quit_q": N_("play.variant.quit_q"),
    "quit_after_q": N_("play.variant.quit_after_q"),
    "yes": N_("play.variant.yes"),
    "bad": N_("play.variant.bad"),
    "bad_two": N_("play.variant.bad_two"),
    "help": N_("play.variant.help"),
    "says": N_("play.variant.says"),
    "plays": N_("play.variant.plays"),
    "you_play": N_("play.variant.you_play"),
    "you_play_dummy": N_("play.variant.you_play_dummy"),
    "plays_dummy": N_("play.variant.plays_dummy"),
    "puts": N_("play.variant.puts"),
    "result": N_("play.variant.result"),
    "list": N_("play.variant.list"),
    "total": N_("play.variant.total"),
    "end": N_("play.variant.end"),
    "quit": N_("play.variant.quit"),
    "bid_w": N_("play.variant.bid_w"),
    "hold_w": N_("play.variant.hold_w"),
    "pass_w": N_("play.variant.pass_w"),
    "pickup_w": N_("play.variant.pickup_w"),
    "guckser_w": N_("play.variant.guckser_w"),
    "turn_w": N_("play.variant.turn_w"),
    "pmn_w": N_("play.variant.pmn_w"),
    "base_w": N_("play.variant.base_w"),
    "solo_w": N_("play.variant.solo_w"),
    "hand_w": N_("play.variant.hand_w"),
    "resign_w": N_("play.variant.resign_w"),
    "higher": N_("play.variant.higher"),
}
"""The message of each of the variant game's words."""
OFF_SEATS: Final = (N_("play.variant.off_seat_declares"), N_("play.variant.off_seat_dealer"))
"""The two seats of Officers' Skat: Forehand (declares) and the dealer."""
TITLES: Final = {
    "strohmann": N_("play.variant.name_strohmann"),
    "officers": N_("play.variant.name_officers"),
    "tournee": N_("play.variant.name_tournee"),
}


class VariantWords:
    """The variant game's words in one language: ``w["bid"]`` is the message ``bid`` (a
    template for ``str.format``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return say(self.lang, WORDS[key])


def seat_word(variant: str, seat: int, lang: str) -> str:
    """A seat's name: Officers' Skat's two (Forehand declares, the dealer), else Skat's."""
    if variant == "officers":
        return say(lang, OFF_SEATS[seat])
    return seat_name(lang, Seat(seat))


def action_label(variant: str, game: Any, action: Any, lang: str, style: CardStyle) -> str:
    """An action in words with its value, as ``game`` (the position it is taken in) asks it:
    a bid, a game with its base value, a card, two cards put away."""
    w = VariantWords(lang)
    if isinstance(action, Card):
        return style.card(action)
    if isinstance(action, (Bid, TourneeBid)):
        return w["bid_w"].format(v=action.value)
    if isinstance(action, Hold):
        return w["hold_w"].format(v=game.bid)
    if isinstance(action, Pass):
        return w["pass_w"]
    if isinstance(action, PickUp):
        return w["guckser_w" if variant == "tournee" else "pickup_w"]
    if isinstance(action, Turn):
        return w["turn_w"]
    if isinstance(action, PasstMirNicht):
        return w["pmn_w"]
    if isinstance(action, Declare):
        c = action.contract
        words = contract_words(c, lang, style.deck)
        if variant == "tournee":
            kind = SOLO if game.phase == 1 else (GUCKSER if game.kind == GUCKSER else TOURNEE)
            key = "solo_w" if kind == SOLO else "base_w"
            return w[key].format(game=words, v=base_value(kind, c))
        return w["base_w"].format(game=words, v=skat_base_value(c, game.rules))
    if isinstance(action, Discard):
        return style.cards(cards_of(action.mask))
    if isinstance(action, Resign):
        return w["resign_w"]
    return str(action)
