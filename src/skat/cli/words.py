"""The words of the terminal game: the names of seats, games and suits from the core, the verb
after "You", and the players' names, all in the player's language.

Every sentence the terminal says is a message of the catalogs (:mod:`skat.core.language`,
ids ``play.*``, ``turn.*``, ``reason.*``, ``term.*``); this module holds what is not one
sentence.

>>> from skat.core.language import say
>>> say("en", "play.bids", who="Ann", bid=18), say("de", "play.bids", who="Ann", bid=18)
('Ann says 18', 'Ann reizt 18')
>>> seat_name("de", Seat.REARHAND)
'Hinterhand'
>>> seat_name("en", Seat(0))
'Forehand'
>>> players("de")
('Du', 'Anna', 'Bernd')
"""

from __future__ import annotations

from functools import cache

from skat.core.contracts import GameType
from skat.core.language import LANGUAGES, say
from skat.core.seats import Seat


@cache
def _you_verbs(lang: str) -> dict[str, str]:
    """The catalog's verbs after "You" (``play.you_verbs``: ``says=say holds=hold …``)."""
    pairs = (p.partition("=") for p in say(lang, "play.you_verbs").split())
    return {he: you for he, sep, you in pairs if sep}


def agree(text: str, lang: str, you: str) -> str:
    """The verb after "You"/"Du" (``You says`` → ``You say``, ``Du spielt`` → ``Du spielst``).

    >>> agree("You says 18", "en", "You"), agree("Ann says 18", "en", "You")
    ('You say 18', 'Ann says 18')
    >>> agree("Du spielt Herz", "de", "Du"), agree("Du reizt 18", "de", "Du")
    ('Du spielst Herz', 'Du reizt 18')
    """
    if not text.startswith(you + " "):
        return text
    verb, _, rest = text[len(you) + 1 :].partition(" ")
    return f"{you} {_you_verbs(lang).get(verb, verb)} {rest}".rstrip()


def players(lang: str) -> tuple[str, str, str]:
    """The human ("You") and the two computer players' names in ``lang``."""
    return (say(lang, "play.you"), say(lang, "play.player_one"), say(lang, "play.player_two"))


def all_yous() -> set[str]:
    """ "You" in every language (a record's human player, whatever language it was played in)."""
    return {say(lang, "play.you") for lang in LANGUAGES}


def _described(thing: object, lang: str) -> str:
    """The core's name of a seat, suit or game type in ``lang`` (its ``describe``)."""
    describe = getattr(thing, "describe", None)
    if describe is not None:
        return str(describe(lang))
    # a core without the describe of issue 38: its English and German names
    return str(getattr(thing, "german" if lang == "de" else "english"))


def seat_name(lang: str, seat: Seat) -> str:
    """Forehand/Vorhand/forhånd … (the core's names of the seat)."""
    return _described(seat, lang)


def game_type_name(lang: str, game_type: GameType) -> str:
    """Clubs/Kreuz/klør, Grand, Null/nolo (the core's names of the game)."""
    return _described(game_type, lang)


def in_lang(lang: str, words: tuple[str, str], **values: object) -> str:
    """One entry ``(English, German)`` of a word table in ``lang`` with ``values`` filled in:
    what :mod:`skat.cli.playhelp`'s option help still reads (argparse's help texts move to the
    catalogs apart from the game's words; this goes with its last table).

    >>> in_lang("de", ("{n} games", "{n} Spiele"), n=3)
    '3 Spiele'
    """
    en, de = words
    return (de if lang == "de" else en).format(**values)
