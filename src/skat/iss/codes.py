"""Moves between the ISS text protocol and the engine, both ways.

A client's move (``18``, ``y``, ``p``, ``s``, ``GH``, ``G.CJ.SJ``, ``CA``, ``SC``, ``RE``) becomes
one or two engine action texts (:func:`to_engine`); the engine's history becomes the moves
each seat is told (:func:`event_moves`), hiding what that seat may not see: the skat picked
up by another seat (``??.??``) and another declarer's discards (``G.??.??``).  The card and
game codes are those of the ISS game records (:mod:`skat.records.iss`).

>>> from skat.core import GameState
>>> from skat.core.rules import ISS
>>> g = GameState(seed=3, rules=ISS)
>>> for a in ("p", "p", "18", "s", "HK.H8", "G"):
...     _ = g.apply(a)
>>> event_moves(g, 0, 1)[-3:]
[('0', 's'), ('w', '??.??'), ('0', 'G.??.??')]
>>> event_moves(g, 0, 0)[-2:]
[('w', 'ST.HT'), ('0', 'G.HK.H8')]
>>> to_engine("G.HK.H8", DISCARD, 0)
['HK.H8', 'G']
>>> to_engine("RE", PLAY, 2)
['RE.2']
"""

from __future__ import annotations

from typing import Final

from skat.core.actions import Declare, Discard, PickUp, Resign, ShowCards
from skat.core.cards import Card, CardSet
from skat.core.contracts import Contract
from skat.core.state import GameState, Phase

__all__ = [
    "DISCARD",
    "HIDDEN",
    "PLAY",
    "MoveError",
    "deal_text",
    "event_moves",
    "hidden_deal",
    "to_engine",
]

HIDDEN: Final = "??"
"""A card the recipient may not see."""
DISCARD: Final = Phase.DISCARD
PLAY: Final = Phase.PLAY
MAX_MOVE: Final = 80
"""Longest move text (an ouvert declaration with its discards and twelve cards fits)."""


class MoveError(ValueError):
    """A move that is no ISS move at all (the engine judges the others); one line."""


def _cards_text(cards: CardSet | list[Card]) -> str:
    return ".".join(c.name for c in cards)


def _contract(text: str) -> Contract:
    try:
        return Contract.parse(text)
    except ValueError:
        raise MoveError(f"not a game declaration: {text!r}") from None


def _is_card(text: str) -> bool:
    """A card's code: suit and rank (a game's modifiers O H S Z are no ranks)."""
    return len(text) == 2 and text[0] in "CSHD" and text[1] in "AKQJT987"


def _card_list(parts: list[str]) -> list[Card]:
    try:
        cards = [Card.parse(p) for p in parts]
    except ValueError:
        raise MoveError(f"not a list of cards: {'.'.join(parts)!r}") from None
    if len(set(cards)) != len(cards):
        raise MoveError("a card is named twice")
    return cards


def to_engine(move: str, phase: Phase, seat: int) -> list[str]:
    """The engine action texts for the ISS ``move`` of ``seat`` in ``phase``: one, or two for a
    declaration with its discards (``G.CJ.SJ`` → ``CJ.SJ``, ``G``).  An ouvert declaration's
    listed cards are checked by the caller (:func:`shown_cards`).  :class:`MoveError` for a
    text that is no move.

    >>> to_engine("NOH", Phase.SKAT, 1), to_engine("y", Phase.BIDDING, 0)
    (['NOH'], ['y'])
    >>> to_engine("G.CJ", DISCARD, 0)
    Traceback (most recent call last):
    ...
    skat.iss.codes.MoveError: a declaration after picking up names two discards: 'G.CJ'
    """
    if not move or len(move) > MAX_MOVE or not move.isprintable() or " " in move:
        raise MoveError("a move is one short word such as 18, p, s, GH, G.CJ.SJ, CA, SC, RE")
    upper = move.upper()
    if upper == "RE":
        return [str(Resign(seat))]
    if upper == "SC" or upper.startswith("SC."):
        return [ShowCards.text]
    parts = move.split(".")
    if phase == DISCARD and len(parts) > 1 and not _is_card(parts[0]):  # a game first
        contract = _contract(parts[0])
        cards = _card_list(parts[1:])
        if len(cards) not in (2, 12):
            raise MoveError(f"a declaration after picking up names two discards: {move!r}")
        return [_cards_text(cards[:2]), str(Declare.of(contract))]
    if (phase == Phase.SKAT and move != "s") or phase == Phase.DECLARE:
        contract = _contract(parts[0])
        _card_list(parts[1:])
        return [str(Declare.of(contract))]
    return [move]


def shown_cards(move: str) -> list[Card]:
    """The cards an ouvert declaration lists after its discards (empty: none listed).

    >>> [c.name for c in shown_cards("NO.C7.S7.CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8")][:2]
    ['CJ', 'SJ']
    >>> shown_cards("G.C7.S7")
    []
    """
    parts = move.split(".")
    cards = _card_list(parts[1:]) if len(parts) > 1 else []
    return cards[2:] if len(cards) == 12 else cards if len(cards) == 10 else []


def deal_text(state: GameState, seat: int | None) -> str:
    """The deal as ``seat`` is told it: ``h0|h1|h2|skat``, the others' cards ``??``.

    >>> from skat.core import GameState
    >>> deal_text(GameState(seed=3), 2).split("|")[0]
    '??.??.??.??.??.??.??.??.??.??'
    """
    deal = state.deal
    parts = []
    for s in range(3):
        if s == seat:
            parts.append(_cards_text(CardSet(deal.hand_masks[s])))
        else:
            parts.append(".".join([HIDDEN] * 10))
    parts.append(f"{HIDDEN}.{HIDDEN}")
    return "|".join(parts)


def hidden_deal() -> str:
    """A deal line of a game nobody may see yet (a spectator's)."""
    return "|".join([".".join([HIDDEN] * 10)] * 3 + [f"{HIDDEN}.{HIDDEN}"])


def event_moves(
    state: GameState, start: int, seat: int | None, stop: int | None = None
) -> list[tuple[str, str]]:
    """The moves of ``state.history[start:stop]`` as ``seat`` is told them (``(who, text)``,
    who a seat number or ``w`` for the server).  A discard waiting for its declaration is left
    out (the declaration brings it); the caller counts events with :func:`events_done`."""
    history = state.history[:stop]
    out: list[tuple[str, str]] = []
    i = start
    while i < len(history):
        ev = history[i]
        a = ev.action
        who = str(ev.seat)
        if isinstance(a, Discard):
            if i + 1 >= len(history):
                break  # its declaration follows
            decl = history[i + 1].action
            shown = str(a) if ev.seat == seat else f"{HIDDEN}.{HIDDEN}"
            out.append((who, f"{decl}.{shown}{_open_cards(state, decl, ev.seat)}"))
            i += 2
            continue
        if isinstance(a, Resign):
            out.append((str(a.seat), "RE"))
        elif isinstance(a, ShowCards):
            out.append((who, f"SC.{_cards_text(state.hand(ev.seat))}"))
        elif isinstance(a, Declare):
            out.append((who, f"{a}{_open_cards(state, a, ev.seat)}"))
        else:
            out.append((who, str(a)))
            if isinstance(a, PickUp):
                skat = CardSet(state.deal.skat_mask)
                out.append(("w", _cards_text(skat) if ev.seat == seat else f"{HIDDEN}.{HIDDEN}"))
        i += 1
    return out


def events_done(state: GameState, start: int, stop: int | None = None) -> int:
    """How many events :func:`event_moves` from ``start`` (to ``stop``) has told (all but a
    discard waiting for its declaration)."""
    history = state.history[:stop]
    n = len(history)
    if n > start and isinstance(history[-1].action, Discard):
        return n - 1
    return n


def _open_cards(state: GameState, decl: object, seat: int) -> str:
    if not isinstance(decl, Declare) or not decl.contract.ouvert:
        return ""
    return "." + _cards_text(state.hand(seat))
