"""The table as text: who sits where and what they said, the contract, the trick in play and
the last one, open cards, the points, and the player's hand with the legal cards marked.

Everything comes from the player's :class:`~skat.core.View` (nothing hidden leaks); the
terminal screen and the plain line mode both draw from :func:`table_lines` and
:func:`hand_line`.

>>> from skat.core import GameState, Seat
>>> from skat.cli.cardtext import CardStyle
>>> state = GameState(seed=1)
>>> seating = Seating(("You", "Ann", "Bob"), human=Seat.FOREHAND)
>>> view = state.view(0)
>>> print(table_lines(view, seating, CardStyle(), "en")[0])
Ann (Middlehand): … · Bob (Rearhand): … · bid 0
"""

from __future__ import annotations

from dataclasses import dataclass

from skat.cli.cardtext import DIM, RESET, CardStyle, sorted_for
from skat.cli.declaring import contract_words
from skat.cli.words import seat_name
from skat.core import (
    HOLD,
    NULL,
    PASS,
    Action,
    Bid,
    Card,
    CardSet,
    Declare,
    Discard,
    Phase,
    Seat,
    View,
)
from skat.core.actions import describe
from skat.core.language import say, say_n


@dataclass(frozen=True)
class Seating:
    """Names by seat (Forehand, Middlehand, Rearhand) for this game and the human's seat."""

    names: tuple[str, str, str]
    human: Seat


def game_letter(view: View, fallback: str) -> str:
    """The letter to sort the hand by: the contract's, ``G`` in a Ramsch, else ``fallback``."""
    if view.contract is not None:
        return view.contract.game_type.letter
    if view.ramsch is not None and view.phase == Phase.PLAY:
        return "G"
    return fallback


def calls(view: View, lang: str = "en") -> dict[int, str]:
    """The last word each seat said in the auction (``18``, ``hold 18``, ``pass``).

    >>> from skat.core import GameState
    >>> g = GameState(seed=1)
    >>> _ = g.apply("18"); _ = g.apply("y"); _ = g.apply("p")
    >>> calls(g.view(0))
    {1: 'pass', 0: 'hold 18'}
    """
    out: dict[int, str] = {}
    bid = 0
    for ev in view.history:
        action = ev[1]
        if isinstance(action, Bid):
            bid = action.value
            out[ev[0]] = str(bid)
        elif action is HOLD:
            out[ev[0]] = say(lang, "play.call_hold", bid=bid)
        elif action is PASS:
            out[ev[0]] = say(lang, "play.call_pass")
        elif action is not None:
            break
    return out


def party_points(view: View) -> tuple[int, int]:
    """Card points in the tricks so far: declarer, defenders (skat not counted)."""
    decl = sum(t.points for t in view.tricks if t.winner == view.declarer)
    rest = sum(t.points for t in view.tricks if t.winner != view.declarer)
    return decl, rest


def table_lines(view: View, seating: Seating, style: CardStyle, lang: str) -> list[str]:
    """The table without the player's own hand: at most eight lines of at most 80 columns."""
    names = seating.names
    lines = [_seats_line(view, seating, lang)]
    game = _game_line(view, names, lang, style.deck)
    if game is not None:
        lines.append(game)
    if view.skat is not None and view.phase != Phase.BIDDING:
        skat_line = say(lang, "play.skat") + f": {style.cards(sorted_for(view.skat, 'G'))}"
        if view.discard is not None and view.discard != view.skat:
            skat_line += f" → {style.cards(sorted_for(view.discard, 'G'))}"
        lines.append(skat_line)
    lines += _open_hand_lines(view, seating, style, lang)
    lines += _trick_lines(view, names, style, lang)
    return lines


def _seats_line(view: View, seating: Seating, lang: str) -> str:
    """The other seats (what they said, or how many cards they hold) and the bid."""
    names, me = seating.names, seating.human
    said = calls(view, lang)
    parts = []
    for s in Seat:
        if s == me:
            continue
        text = f"{names[s]} ({seat_name(lang, s)})"
        if view.phase == Phase.BIDDING:
            text += f": {said.get(s, '…')}"
        else:
            n_cards = 10 - len(view.tricks) - (1 if _played_now(view, s) else 0)
            text += " " + say_n(lang, "play.n_cards", "play.n_cards.plural", n_cards)
        parts.append(text)
    head = " · ".join(parts)
    if view.phase == Phase.BIDDING and me in said:
        head += " · " + say(lang, "play.you").lower() + f": {said[me]}"
    return head + " · " + say(lang, "play.bid") + f" {view.bid}"


def _game_line(view: View, names: tuple[str, str, str], lang: str, deck: str) -> str | None:
    """The declarer and the contract with its doublings and points, or the Ramsch points."""
    if view.declarer is not None and view.contract is not None:
        c = view.contract
        game = contract_words(c, lang, deck)
        line = f"{names[view.declarer]}: {game} (" + say(lang, "play.bid") + f" {view.bid})"
        if view.kontra:
            line += " · " + ("", "Kontra", "Re", "Supra", "Resupra")[view.kontra]
        if view.announcements:
            line += " · " + ", ".join(view.announcements)
        if c.game_type != NULL:
            decl, rest = party_points(view)
            line += " · " + say(lang, "play.points") + f" {decl}:{rest}"
        return line
    if view.declarer is not None:
        return say(lang, "play.declarer") + f": {names[view.declarer]} ({view.bid})"
    if view.ramsch is not None and view.phase == Phase.PLAY:
        pts = [0, 0, 0]
        for t in view.tricks:
            pts[t.winner] += t.points
        return say(lang, "play.ramsch") + " · " + " ".join(f"{names[s]} {pts[s]}" for s in Seat)
    return None


def _open_hand_lines(view: View, seating: Seating, style: CardStyle, lang: str) -> list[str]:
    """The cards laid open: an Ouvert declarer's (not the player's own) and a claimer's."""
    names = seating.names
    game = game_letter(view, "G")
    lines = []
    if view.open_hand is not None and view.declarer is not None and view.declarer != seating.human:
        lines.append(
            f"{names[view.declarer]} ("
            + say(lang, "play.open_cards")
            + "): "
            + style.cards(sorted_for(view.open_hand, game))
        )
    if view.claimer is not None and view.claimer_hand is not None:
        lines.append(
            f"{names[view.claimer]} ("
            + say(lang, "play.open_cards")
            + "): "
            + style.cards(sorted_for(view.claimer_hand, game))
        )
    return lines


def _trick_lines(view: View, names: tuple[str, str, str], style: CardStyle, lang: str) -> list[str]:
    """The last trick and the trick in play."""
    lines = []
    if view.tricks:
        t = view.tricks[-1]
        played = "  ".join(
            f"{names[(t.leader + i) % 3]} {style.card(c)}" for i, c in enumerate(t.cards)
        )
        lines.append(say(lang, "play.last_trick") + f": {played} → {names[t.winner]} ({t.points})")
    if view.phase in (Phase.PLAY, Phase.ANSWER):
        cur = "  ".join(
            f"{names[(view.trick_leader + i) % 3]} {style.card(c)}"
            for i, c in enumerate(view.current_trick)
        )
        lines.append(say(lang, "play.trick") + f" {len(view.tricks) + 1}: {cur or '—'}")
    return lines


def _played_now(view: View, seat: Seat) -> bool:
    k = len(view.current_trick)
    return any((view.trick_leader + i) % 3 == seat for i in range(k))


def hand_cards(view: View, game: str) -> list[Card]:
    """The player's cards in display order (the numbers the player may type)."""
    return sorted_for(view.hand, game)


def hand_line(view: View, cards: list[Card], style: CardStyle, numbers: bool = True) -> list[str]:
    """The hand, each card with its number; cards that may not be played now are dimmed
    (colour) or left without a number (plain)."""
    legal = {a for a in view.legal_actions if isinstance(a, Card)}
    in_play = view.phase == Phase.PLAY and bool(legal)
    w = style.width() + 1
    top, bottom = [], []
    for i, c in enumerate(cards, 1):
        name = style.plain(c)
        pad = " " * (w - len(name))
        if in_play and c not in legal:
            shown = f"{DIM}{name}{RESET}" if style.colour else name
            number = "" if style.colour else "-"
        else:
            shown = style.card(c)
            number = str(i)
        top.append(number.ljust(len(name)) + pad)
        bottom.append(shown + pad)
    out = ["".join(bottom).rstrip()]
    if numbers:
        out.insert(0, "".join(top).rstrip())
    return out


def action_text(action: Action, style: CardStyle, lang: str) -> str:
    """An action in the player's words: cards in the player's card style (``♣J``), a game by
    its name (``Grand Hand``), a bid by its value, any other the core's words
    (:func:`skat.core.actions.describe`: ``pass``, ``announce Spitze with 2 trumps``)."""
    if isinstance(action, Card):
        return style.card(action)
    if isinstance(action, Discard):
        return style.cards(sorted_for(CardSet(action.mask), "G"))
    if isinstance(action, Declare):
        return contract_words(action.contract, lang, style.deck)
    if isinstance(action, Bid):
        return str(action.value)
    return describe(action, lang)
