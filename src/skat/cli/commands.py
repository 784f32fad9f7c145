"""What the player types, read in the context of the game: one command per line.

Cards in any notation (``CJ``, ``♣J``, ``Kreuz-Bube``, the style's short name) or by their
number in the hand as shown, bids (``18``), ``y``/``p``, ``s`` (pick up), contracts in ISS
notation (``G``, ``CH``, ``NO``) or words (``clubs hand``, ``Null Ouvert``, ``Kreuz``), and
the commands ``hint``, ``claim``, ``concede``,
``sort X``, ``help``, ``save FILE``, ``quit``.  No number chooses from a menu: a number is
a bid while bidding and a card's place in the hand while playing, nothing else (the
declaration is asked by letters, :mod:`skat.cli.declaring`).  Whether the action is legal
is the engine's business (``GameState.validate``); here only the words are read.

>>> from skat.core import GameState
>>> from skat.cli.cardtext import CardStyle
>>> state = GameState(seed=1)
>>> ctx = Context(state.phase, hand=[], menu=[], style=CardStyle())
>>> parse_command("18", ctx), parse_command("pass", ctx).action, parse_command("save x.json", ctx)
(Command(kind='action', action=Bid.of(18), arg=''), PASS, Command(kind='save', action=None, arg='x.json'))
>>> parse_command("Kreuz Hand", Context(Phase.SKAT, [], [], CardStyle())).action
Declare.parse('CH')
>>> parse_command("fish", ctx)
Traceback (most recent call last):
...
skat.cli.commands.InputError: not a bid, card or command: 'fish' (help lists them)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from skat.cli.cardtext import CardStyle
from skat.core import (
    BID_VALUES,
    HOLD,
    PASS,
    PICK_UP,
    Action,
    ActionParseError,
    Bid,
    Card,
    CardParseError,
    Contract,
    ContractParseError,
    Declare,
    Discard,
    Phase,
    parse_action,
)
from skat.core.language import N_, SOURCE, say


class InputError(ValueError):
    """A line that is no command here; the message says what was expected."""


@dataclass(frozen=True)
class Command:
    """A line read: ``kind`` ``action`` (with ``action``), or a command of the game program
    (``hint``, ``help``, ``quit``, ``save`` with ``arg``, ``claim``, ``concede``, ``sort``
    with ``arg``, ``redraw``)."""

    kind: str
    action: Action | None = None
    arg: str = ""


@dataclass(frozen=True)
class Context:
    """What a line is read against: the phase, the hand as numbered on screen, the legal
    choices of a menu (kept for callers; never chosen by number), the card style."""

    phase: Phase
    hand: Sequence[Card]
    menu: Sequence[Action]
    style: CardStyle


_SIMPLE: Final = {
    "hint": "hint",
    "tip": "hint",
    "tipp": "hint",
    "help": "help",
    "?": "help",
    "hilfe": "help",
    "quit": "quit",
    "q": "quit",
    "exit": "quit",
    "ende": "quit",
    "claim": "claim",
    "concede": "concede",
    "resign": "concede",
    "aufgeben": "concede",
    "hjælp": "help",
    "afslut": "quit",
    "krav": "claim",
    "giv op": "concede",
    "redraw": "redraw",
    "": "redraw",
}
_YES: Final = ("y", "yes", "hold", "ja", "j")
_NO: Final = ("p", "pass", "passe", "n", "no", "nein", "pas", "nej")
_TAKE: Final = ("s", "skat", "pickup", "pick-up", "pick", "take", "aufnehmen", "nehmen", "tag")
_GAME_WORDS: Final = {
    "clubs": "C",
    "kreuz": "C",
    "eichel": "C",
    "spades": "S",
    "pik": "S",
    "grün": "S",
    "gruen": "S",
    "blatt": "S",
    "hearts": "H",
    "herz": "H",
    "rot": "H",
    "diamonds": "D",
    "karo": "D",
    "schellen": "D",
    "grand": "G",
    "null": "N",
    "klør": "C",
    "spar": "S",
    "hjerter": "H",
    "ruder": "D",
    "nolo": "N",
}
_FLAG_WORDS: Final = {
    "hand": "H",
    "schneider": "S",
    "schwarz": "Z",
    "ouvert": "O",
    "open": "O",
    "offen": "O",
    "announced": "",
    "angesagt": "",
    "hånd": "H",
    "skrædder": "S",
    "sort": "Z",
    "åben": "O",
    "meldt": "",
}


def parse_contract_words(text: str) -> Contract | None:
    """A contract in words (``clubs hand schneider``, ``Null Ouvert``), else ``None``.

    >>> parse_contract_words("Grand Hand"), parse_contract_words("nonsense")
    (Contract.parse('GH'), None)
    """
    words = text.lower().replace("-", " ").split()
    if not words or words[0] not in _GAME_WORDS:
        return None
    code = _GAME_WORDS[words[0]]
    for w in words[1:]:
        if w not in _FLAG_WORDS:
            return None
        code += _FLAG_WORDS[w]
    try:
        return Contract.parse(code)
    except ContractParseError:
        return None


def parse_command(text: str, ctx: Context) -> Command:
    """Read one line typed by the player (see the module doc)."""
    line = text.strip()
    low = line.lower()
    head, _, rest = line.partition(" ")
    if low in _SIMPLE:
        return Command(_SIMPLE[low])
    if head.lower() in ("save", "speichern", "gem"):
        if not rest.strip():
            raise InputError(say(ctx.style.lang, "play.input.save_needs_file"))
        return Command("save", arg=rest.strip())
    if head.lower() in ("sort", "sortiere", "sorter"):
        game = rest.strip().upper()[:1]
        if game not in ("C", "S", "H", "D", "G", "N"):
            raise InputError(say(ctx.style.lang, "play.input.sort_needs_letter"))
        return Command("sort", arg=game)
    phase = ctx.phase
    if phase in (Phase.DISCARD, Phase.PUSH_DISCARD):
        return Command("action", _discard(line, ctx))
    if phase in (Phase.SKAT, Phase.PUSH) and low in _TAKE:
        return Command("action", PICK_UP)
    if phase in (Phase.SKAT, Phase.DECLARE):  # a game's code before yes and no: "NO" is Null
        declare = _declare(line)  # Ouvert, never "no" (no yes/no question is open here)
        if declare is not None:
            return Command("action", declare)
    if low in _YES:
        return Command("action", HOLD)
    if low in _NO:
        return Command("action", PASS)
    if low.isascii() and low.isdigit():
        return Command("action", _number(int(low), ctx))
    if phase == Phase.PUSH:
        declare = _declare(line)
        if declare is not None:
            return Command("action", declare)
    action = _card_or_action(line, ctx)
    if action is not None:
        return Command("action", action)
    raise InputError(say(ctx.style.lang, "play.input.unknown", line=line))


def _declare(line: str) -> Declare | None:
    """A game in words (``Null Ouvert``) or its code (``NO``), else ``None``."""
    contract = parse_contract_words(line)
    if contract is not None:
        return Declare.of(contract)
    try:
        return Declare.of(Contract.parse(line))
    except ContractParseError:
        return None


def _card_or_action(line: str, ctx: Context) -> Action | None:
    """A card (in any notation) or an action in ISS notation; a card out of place too (the
    engine then says what is asked now)."""
    low = line.lower()
    if ctx.phase in (Phase.PLAY, Phase.BIDDING):
        try:
            return ctx.style.parse(line)
        except CardParseError:
            pass
    try:
        return parse_action(low if low in ("kontra", "re") else line)
    except ActionParseError:
        pass
    try:
        return ctx.style.parse(line)
    except CardParseError:
        return None


def _engines(ctx: Context, exc: Exception, key: str, **values: object) -> str:
    """The engine's own message in English (its language), else the message ``key``."""
    if ctx.style.lang == SOURCE:
        return str(exc)
    return say(ctx.style.lang, key, **values)


def _next_bid(n: int, lang: str) -> str:
    """`` (nächster: 18)``: the lowest bid above ``n`` (nothing above the highest)."""
    higher = [v for v in BID_VALUES if v > n]
    return say(lang, "play.input.next_bid", bid=higher[0]) if higher else ""


def _card_number(n: int, ctx: Context) -> str:
    return say(ctx.style.lang, "play.input.card_number", n=n, count=len(ctx.hand))


def _number(n: int, ctx: Context) -> Action:
    phase = ctx.phase
    if phase == Phase.BIDDING:
        try:
            return Bid.of(n)
        except ActionParseError as exc:
            after = _next_bid(n, ctx.style.lang)
            raise InputError(
                _engines(ctx, exc, N_("play.input.not_a_bid"), n=n, next=after)
            ) from None
    if phase == Phase.PLAY:
        if 1 <= n <= len(ctx.hand):
            return ctx.hand[n - 1]
        raise InputError(_card_number(n, ctx))
    raise InputError(say(ctx.style.lang, "play.input.means_nothing", n=n))


def _discard(line: str, ctx: Context) -> Discard:
    parts = line.replace(",", " ").replace(".", " ").split()
    if len(parts) != 2:
        raise InputError(say(ctx.style.lang, "play.input.two_cards", n=len(parts), line=line))
    cards: list[Card] = []
    for p in parts:
        if p.isascii() and p.isdigit():
            n = int(p)
            if not 1 <= n <= len(ctx.hand):
                raise InputError(_card_number(n, ctx))
            cards.append(ctx.hand[n - 1])
            continue
        try:
            cards.append(ctx.style.parse(p))
        except CardParseError as exc:
            raise InputError(_engines(ctx, exc, N_("play.input.not_a_card"), text=p)) from None
    if cards[0] == cards[1]:
        card = ctx.style.card(cards[0])
        raise InputError(say(ctx.style.lang, "play.input.twice", card=card))
    return Discard.of(cards[0], cards[1])
