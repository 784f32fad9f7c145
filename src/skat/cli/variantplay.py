"""``skat play --variant strohmann|officers|tournee``: two-player Skat (Strohmann with its
dummy, Officers' Skat with its rows) and Tournee Skat in the terminal, against the computer
players of :mod:`skat.ai.variants`.

Every question lists its choices by letter with their value (a bid, a game and its base
value, a card); type the letter, or the bid, game code or card itself (``18``, ``C``, ``CJ``,
``♣J``, ``Kreuz-Bube``).  The dummy's cards (Strohmann) and both players' face-up rows
(Officers' Skat: ``CJ*`` has a face-down card under it, ``##`` is a face-down card, ``--`` an
empty pile) are drawn as the players see them.  Every declaration and quitting asks once.
After each game: the result as players say it and the list.  Without a terminal (or with
``--plain``) every question is one line ending in `` >`` and the answer one line.

>>> from skat.cli.variantplay import choice_labels
>>> choice_labels(3), choice_labels(28)[-2:]
(['a', 'b', 'c'], ['aa', 'ab'])
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final

from skat.ai.variants import mover, variant_agent
from skat.cli.cardtext import CardStyle
from skat.cli.declaring import contract_words, pack_words
from skat.cli.errors import UserError
from skat.cli.words import agree, seat_name
from skat.cli.words import players as players_named
from skat.core.actions import Bid, Declare, Discard, Hold, Pass, PickUp, Resign
from skat.core.cards import Card, CardSet, cards_of
from skat.core.contracts import Contract
from skat.core.language import N_, say
from skat.core.rules import Rules
from skat.core.scoring import base_value as skat_base_value
from skat.core.seats import Seat
from skat.variants import find_variant
from skat.variants.tournee import PasstMirNicht, TourneeBid, Turn
from skat.variants.tournee_scoring import GUCKSER, SOLO, TOURNEE, base_value

VARIANTS: Final = ("strohmann", "officers", "tournee")
_WORDS: Final[dict[str, str]] = {
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
_OFF_SEATS: Final = (N_("play.variant.off_seat_declares"), N_("play.variant.off_seat_dealer"))
"""The two seats of Officers' Skat: Forehand (declares) and the dealer."""
_TITLES: Final = {
    "strohmann": N_("play.variant.name_strohmann"),
    "officers": N_("play.variant.name_officers"),
    "tournee": N_("play.variant.name_tournee"),
}


class _Words:
    """The variant game's words in one language: ``w["bid"]`` is the message ``bid`` (a
    template for ``str.format``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __getitem__(self, key: str) -> str:
        return say(self.lang, _WORDS[key])


_QUIT: Final = ("quit", "q", "ende", "exit", "afslut")
_HELP: Final = ("help", "?", "hilfe", "hjælp")
_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"
_SHOWN_BIDS: Final = 6


class QuitSeries(Exception):
    """The player quit (or the input ended)."""


def choice_labels(n: int) -> list[str]:
    """The letters of ``n`` choices: ``a`` … ``z``, then ``aa``, ``ab`` …"""
    out = list(_LETTERS[:n])
    k = 0
    while len(out) < n:
        out.append(_LETTERS[k // 26] + _LETTERS[k % 26])
        k += 1
    return out


def _contract_words(contract: Contract, lang: str, deck: str = "french") -> str:
    """The game's spoken name, its suit named for the player's pack."""
    return contract_words(contract, lang, deck)


def _skat_base(contract: Contract, rules: Rules) -> int:
    """The game's base value in Skat (the core's)."""
    return skat_base_value(contract, rules)


class VariantSession:
    """One series of a variant against computer players (see the module doc)."""

    def __init__(
        self,
        variant: str,
        *,
        seed: int,
        games: int,
        lang: str,
        style: CardStyle,
        level: str,
        out: Callable[[str], None] = print,
        ask: Callable[[str], str | None] | None = None,
    ) -> None:
        self.variant = variant
        self.seed = seed
        self.games = games
        self.lang = lang
        self.w = _Words(lang)
        self.style = style
        self.level = level
        self.out = out
        self.ask_line = ask or _ask_stdin
        players = 2 if variant == "officers" else 3
        self.people = players_named(lang)[:players]
        self.totals = [0] * players

    # ------------------------------------------------------------------ the series

    def run(self) -> int:
        """Play the series; 0 at its end or when the player quits."""
        n = 0
        try:
            for n in range(1, self.games + 1):
                self.play_game(n)
        except QuitSeries:
            self.out(self.w["quit"])
            if n > 1:
                self.show_list(n - 1)
            return 0
        self.out(self.w["end"])
        return 0

    def seating(self, n: int) -> dict[int, int]:
        """Seat → person (0 is you) in game ``n``: the seats rotate from game to game."""
        if self.variant == "officers":
            you = (n - 1) % 2
            return {you: 0, 1 - you: 1}
        if self.variant == "strohmann":  # the dummy sits in Middlehand
            you = 0 if n % 2 else 2
            return {you: 0, 2 - you: 1}
        you = (n - 1) % 3
        return {(you + k) % 3: k for k in range(3)}

    def play_game(self, n: int) -> None:
        """Game ``n`` to its end, then the result and the list."""
        rng = random.Random(f"{self.seed}/{n}")
        game = find_variant(self.variant).start(rng=rng)
        seats = self.seating(n)
        you = next(s for s, p in seats.items() if p == 0)
        agents = {s: variant_agent(self.variant, self.level, rng.randrange(1 << 30)) for s in seats}
        title = say(self.lang, _TITLES[self.variant])
        self.out(self.w["title"].format(variant=title, n=n, games=self.games, seed=self.seed))
        while not game.is_over:
            seat = mover(game)
            if seat == you:
                self.show(game, seats, you)
                action = self.your_choice(game, you)
            else:
                action = agents[seat].choose(game.view(seat))
            self.tell(game, seat, action, seats, you)
            game.apply(action, seat)
        self.finish(game, seats, n)

    # ------------------------------------------------------------------ showing

    def name(self, seats: dict[int, int], seat: int) -> str:
        if seat not in seats:
            return str(self.w["dummy"])
        return self.people[seats[seat]]

    def seat_word(self, seat: int) -> str:
        if self.variant == "officers":
            return say(self.lang, _OFF_SEATS[seat])
        return seat_name(self.lang, Seat(seat))

    def show(self, game: Any, seats: dict[int, int], you: int) -> None:
        """The table as you see it."""
        w, style = self.w, self.style
        view = game.view(you)
        if self.variant == "strohmann":
            dummy = game.dummy
            shown = view.dummy_hand
            if shown is None:
                self.out(w["dummy_down"].format(name=w["dummy"], seat=self.seat_word(dummy)))
            else:
                self.out(
                    w["dummy_up"].format(
                        name=w["dummy"],
                        seat=self.seat_word(dummy),
                        cards=style.cards(self.sorted(shown, view.contract)),
                    )
                )
        if self.variant == "officers":
            for player in (1 - you, you):
                self.out(
                    w["rows"].format(name=self.name(seats, player), seat=self.seat_word(player))
                )
                rows = (view.piles[player][4:], view.piles[player][:4])
                if player == you:
                    rows = rows[::-1]
                for row in rows:
                    self.out("  " + "  ".join(self.pile_text(p) for p in row))
            self.out(w["legend"].format(card=style.plain(Card.parse("CJ"))))
        if self.variant == "tournee" and view.turned:
            self.out(w["turned"].format(cards=style.cards(view.turned)))
        if view.contract is not None:
            declarer = view.declarer
            a, b = game.points()
            self.out(
                w["game"].format(
                    game=_contract_words(view.contract, self.lang, self.style.deck),
                    name=self.name(seats, declarer),
                    a=a,
                    b=b,
                )
            )
        elif getattr(view, "bid", 0):
            self.out(w["bid"].format(bid=view.bid))
        if view.tricks and not view.current_trick:
            last = view.tricks[-1]
            self.out(
                w["last"].format(cards=style.cards(last.cards), name=self.name(seats, last.winner))
            )
        if view.current_trick:
            leader = view.trick_leader
            order = 2 if self.variant == "officers" else 3
            parts = [
                f"{self.name(seats, (leader + k) % order)} {style.card(c)}"
                for k, c in enumerate(view.current_trick)
            ]
            self.out(w["trick"].format(cards=", ".join(parts)))
        self.out(w["hand"].format(cards=style.cards(self.sorted(view.hand, view.contract))))

    def pile_text(self, pile: Any) -> str:
        if pile.top is not None:
            text = self.style.card(pile.top)
            pad = " " * (self.style.width() - len(self.style.plain(pile.top)))
            return text + ("*" if pile.hidden else " ") + pad
        return ("##" if pile.hidden else "--").ljust(self.style.width() + 1)

    def sorted(self, cards: CardSet | Sequence[Card], contract: Contract | None) -> list[Card]:
        from skat.cli.cardtext import guess_game, sorted_for

        cs = cards if isinstance(cards, CardSet) else CardSet(cards)
        game = contract.code[0] if contract is not None else guess_game(cs)
        return sorted_for(cs, game)

    # ------------------------------------------------------------------ choosing

    def label(self, game: Any, action: Any) -> str:
        """A choice in words with its value."""
        w, style = self.w, self.style
        if isinstance(action, Card):
            return style.card(action)
        if isinstance(action, (Bid, TourneeBid)):
            return w["bid_w"].format(v=action.value)
        if isinstance(action, Hold):
            return w["hold_w"].format(v=game.bid)
        if isinstance(action, Pass):
            return w["pass_w"]
        if isinstance(action, PickUp):
            return w["guckser_w" if self.variant == "tournee" else "pickup_w"]
        if isinstance(action, Turn):
            return w["turn_w"]
        if isinstance(action, PasstMirNicht):
            return w["pmn_w"]
        if isinstance(action, Declare):
            c = action.contract
            words = _contract_words(c, self.lang, self.style.deck)
            if self.variant == "tournee":
                kind = SOLO if game.phase == 1 else (GUCKSER if game.kind == GUCKSER else TOURNEE)
                key = "solo_w" if kind == SOLO else "base_w"
                return w[key].format(game=words, v=base_value(kind, c))
            return w["base_w"].format(game=words, v=_skat_base(c, game.rules))
        if isinstance(action, Discard):
            return style.cards(cards_of(action.mask))
        if isinstance(action, Resign):
            return w["resign_w"]
        return str(action)

    def prompt(self, text: str) -> str:
        line = self.ask_line(f"{text} >")
        if line is None:
            raise QuitSeries
        return line.strip()

    def confirm(self, what: str, question: str = "declare_q") -> bool:
        answer = self.prompt(self.w[question].format(what=what)).lower()
        return answer in (self.w["yes"], "y", "j", "yes", "ja")

    def your_choice(self, game: Any, you: int) -> Any:
        """Your action, asked until it is a legal one (declarations confirmed once)."""
        everything = list(game.legal_actions())
        if len(everything) > 1 and all(isinstance(a, Discard) for a in everything):
            return self.your_discard(game, you, everything)
        bids = [a for a in everything if isinstance(a, (Bid, TourneeBid))]
        legal = [a for a in everything if a not in bids[_SHOWN_BIDS:]]
        if all(isinstance(a, Card) for a in legal):  # in the order of the hand
            legal = self.sorted(legal, getattr(game, "contract", None))
        labels = choice_labels(len(legal))
        dummy_turn = self.variant == "strohmann" and game.to_move == game.dummy
        heading = self.w["for_dummy" if dummy_turn else "your_move"]
        while True:
            self.out(heading + ":")
            for letter, action in zip(labels, legal, strict=True):
                self.out(f"  {letter}) {self.label(game, action)}")
            if len(bids) > _SHOWN_BIDS:
                self.out("  " + self.w["higher"].format(top=bids[-1].value))
            action = self.answer(game, self.prompt(heading), labels, legal, everything)
            if action is not None:
                return action

    def answer(
        self, game: Any, text: str, labels: list[str], legal: list[Any], every: list[Any]
    ) -> Any:
        """The action an answer names, confirmed where it declares; ``None`` to ask again
        (help, a quit not confirmed, a bad answer told)."""
        if text.lower() in _QUIT:
            if self.confirm("", "quit_q"):
                raise QuitSeries
            return None
        if text.lower() in _HELP:
            self.out(self.w["help"])
            return None
        action = self.read(text, labels, legal, every)
        if action is None:
            self.out(self.w["bad"].format(text=text))
            return None
        declares = isinstance(action, (Declare, Turn, PickUp, PasstMirNicht))
        if declares and not self.confirm(self.label(game, action)):
            return None
        return action

    def read(self, text: str, labels: list[str], legal: list[Any], every: list[Any]) -> Any:
        """The legal action ``text`` names: the letter of one of ``legal`` (those listed),
        or the code of one of ``every`` (a higher bid), or a card."""
        low = text.strip().lower()
        if not low:
            return legal[0] if len(legal) == 1 else None
        if low in labels:
            return legal[labels.index(low)]
        for action in every:
            if str(action).lower() == low:
                return action
        try:
            card = self.style.parse(text)
        except ValueError:
            return None
        return card if card in legal else None

    def your_discard(self, game: Any, you: int, legal: list[Any]) -> Any:
        hand = self.sorted(game.hand(you), getattr(game, "contract", None))
        labels = choice_labels(len(hand))
        while True:
            self.out(self.w["discard"] + ":")
            self.out(
                "  "
                + "  ".join(f"{k}) {self.style.card(c)}" for k, c in zip(labels, hand, strict=True))
            )
            text = self.prompt(self.w["discard"])
            if text.lower() in _QUIT:
                if self.confirm("", "quit_q"):
                    raise QuitSeries
                continue
            picked: list[Card] = []
            for part in text.replace(",", " ").replace(".", " ").split():
                if part.lower() in labels:
                    picked.append(hand[labels.index(part.lower())])
                else:
                    try:
                        picked.append(self.style.parse(part))
                    except ValueError:
                        picked = []
                        break
            if len(picked) == 2 and picked[0] != picked[1]:
                mask = picked[0].bit | picked[1].bit
                for action in legal:
                    if action.mask == mask:
                        return action
            self.out(self.w["bad_two"])

    # ------------------------------------------------------------------ telling

    def tell(self, game: Any, seat: int, action: Any, seats: dict[int, int], you: int) -> None:
        """A computer player's action as a line (yours are known to you)."""
        if seat == you and not isinstance(action, Card):
            return
        name = self.name(seats, seat)
        w = self.w
        if isinstance(action, Card):
            dummy = self.variant == "strohmann" and game.to_move == game.dummy
            key = "plays_dummy" if dummy else "plays"
            if seat == you:
                key = "you_play_dummy" if dummy else "you_play"
            self.out(w[key].format(name=name, card=self.style.card(action)))
        elif isinstance(action, Discard):
            self.out(w["puts"].format(name=name))
        else:
            self.out(w["says"].format(name=name, what=self.label(game, action)))

    def finish(self, game: Any, seats: dict[int, int], n: int) -> None:
        """The result and the list."""
        result = game.result
        names = [self.name(seats, s) for s in range(len(result.seat_scores))]
        if self.variant == "officers":
            names = names[:2]
        text = agree(result.explain(self.lang, names=names), self.lang, self.people[0])
        text = pack_words(text, self.style.deck)
        self.out(self.w["result"].format(text=text))
        for seat, score in enumerate(result.seat_scores):
            if seat in seats:
                self.totals[seats[seat]] += score
        self.show_list(n)

    def show_list(self, n: int) -> None:
        """The list: each person's total after game ``n``."""
        self.out(self.w["list"].format(n=n))
        for person, total in zip(self.people, self.totals, strict=True):
            self.out("  " + self.w["total"].format(name=person, score=total))


def _ask_stdin(prompt: str) -> str | None:
    """One answer from the plain input: the question a line of its own."""
    print(prompt, flush=True)
    line = sys.stdin.readline()
    return line.rstrip("\r\n") if line else None


def _ask_terminal(prompt: str) -> str | None:
    """One answer typed at the terminal after the question (line editing where it exists)."""
    try:
        return input(prompt + " ")
    except EOFError:
        print()
        return None


def run_variant(args: argparse.Namespace) -> int:
    """``skat play --variant NAME``: check the options, then play the series."""
    lang = args.lang or getattr(args, "words", None) or "en"
    level = args.level or "heuristic"
    if level not in ("heuristic", "random"):
        raise UserError.said(
            N_("cli.variantplay.variant-has-levels-heuristic"), variant=args.variant, level=level
        )
    if args.games < 1:
        raise UserError.said(N_("cli.variantplay.games-must-be-more"), games=args.games)
    for option in ("load", "save", "records", "review", "replay"):
        if getattr(args, option, None):
            raise UserError.said(N_("cli.variantplay.not-available-variant-yet"), option=option)
    terminal = sys.stdin.isatty() and sys.stdout.isatty() and not args.plain
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    style = CardStyle(lang=lang, deck=args.deck or "french", colour=terminal)
    if terminal:
        with contextlib.suppress(ImportError):  # line editing for input(), where it exists
            import readline  # noqa: F401
    session = VariantSession(
        args.variant,
        seed=seed,
        games=args.games,
        lang=lang,
        style=style,
        level=level,
        ask=_ask_terminal if terminal else _ask_stdin,
    )
    return session.run()
