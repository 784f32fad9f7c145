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
from dataclasses import dataclass, field
from typing import Any, Final

from skat.ai.variants import AGENT_KINDS, mover, variant_agent
from skat.cli.cardtext import CardStyle
from skat.cli.declaring import contract_words, pack_words
from skat.cli.errors import UserError
from skat.cli.playfile import check_paths
from skat.cli.variantfile import PEOPLE, SavedVariant, load_variant, save_variant
from skat.cli.variantwords import TITLES, VariantWords, action_label, seat_word
from skat.cli.words import agree
from skat.cli.words import players as players_named
from skat.core.actions import Bid, Declare, Discard, PickUp
from skat.core.cards import Card, CardSet
from skat.core.contracts import Contract
from skat.core.language import N_, SaidError, say
from skat.variants import find_variant
from skat.variants.tournee import PasstMirNicht, TourneeBid, Turn

VARIANTS: Final = ("strohmann", "officers", "tournee")
_QUIT: Final = ("quit", "q", "ende", "exit", "afslut")
_HELP: Final = ("help", "?", "hilfe", "hjælp")
_LETTERS: Final = "abcdefghijklmnopqrstuvwxyz"
_SHOWN_BIDS: Final = 6
_AFTER: Final = {
    "next": N_("play.variant.after_next"),
    "end": N_("play.variant.after_end"),
    "review": N_("play.variant.after_review"),
    "quit": N_("play.variant.after_quit"),
}
"""The choices after a game."""


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


@dataclass(frozen=True)
class Keeping:
    """What the series keeps beside the play: the records file (``--records``), the file it
    is saved to after every game (``--save``) and the settings saved with it."""

    records: str | None = None
    save: str | None = None
    settings: dict[str, str] = field(default_factory=dict)


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
        keeping: Keeping | None = None,
        resumed: SavedVariant | None = None,
    ) -> None:
        self.variant = variant
        self.seed = seed
        self.games = games
        self.lang = lang
        self.w = VariantWords(lang)
        self.style = style
        self.level = level
        self.out = out
        self.ask_line = ask or _ask_stdin
        self.keeping = keeping or Keeping()
        players = PEOPLE[variant]  # Strohmann: two people and the dummy
        self.people = players_named(lang)[:players]
        self.totals = list(resumed.totals) if resumed is not None else [0] * players
        self.first = resumed.played + 1 if resumed is not None else 1
        self.played = self.first - 1  # games finished: the list is the one after it

    # ------------------------------------------------------------------ the series

    def run(self) -> int:
        """Play the series; 0 at its end or when the player quits."""
        try:
            for n in range(self.first, self.games + 1):
                self.play_game(n)
        except QuitSeries:
            self.out(self.w["quit"])
            if self.keeping.save and self.played >= self.first:
                self.out(say(self.lang, N_("play.variant.saved_in"), path=self.keeping.save))
            if self.played:
                self.show_list(self.played)
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
        title = say(self.lang, TITLES[self.variant])
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
        self.keep(game, seats, n)
        self.after_game(game, seats, n)

    # ------------------------------------------------------------------ showing

    def name(self, seats: dict[int, int], seat: int) -> str:
        if seat not in seats:
            return str(self.w["dummy"])
        return self.people[seats[seat]]

    def seat_word(self, seat: int) -> str:
        return seat_word(self.variant, seat, self.lang)

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
                    game=contract_words(view.contract, self.lang, self.style.deck),
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
        return action_label(self.variant, game, action, self.lang, self.style)

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
        self.played = n
        self.show_list(n)

    def show_list(self, n: int) -> None:
        """The list: each person's total after game ``n``."""
        self.out(self.w["list"].format(n=n))
        for person, total in zip(self.people, self.totals, strict=True):
            self.out("  " + self.w["total"].format(name=person, score=total))

    # ------------------------------------------------------------------ after a game

    def keep(self, game: Any, seats: dict[int, int], n: int) -> None:
        """Game ``n`` added to the records file and the series saved (where asked)."""
        k = self.keeping
        if k.records:
            from skat.records.jsonrecord import dumps, state_to_json

            names = [self.name(seats, s) for s in range(3 if self.variant != "officers" else 2)]
            meta = {"players": names, "id": f"{self.seed}-{n}", "level": self.level}
            self.write(k.records, dumps(state_to_json(game, meta)) + "\n", append=True)
        if k.save:
            saved = SavedVariant(
                self.variant, self.seed, self.games, n, tuple(self.totals), k.settings
            )
            try:
                save_variant(k.save, saved)
            except OSError as exc:
                self.out(say(self.lang, "play.cannot_write", path=k.save, why=exc.strerror or exc))

    def write(self, path: str, text: str, *, append: bool) -> None:
        """Write ``text`` to ``path``; a failure is said in one line (the game goes on)."""
        try:
            with open(path, "a" if append else "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            self.out(say(self.lang, "play.cannot_write", path=path, why=exc.strerror or exc))

    def after_game(self, game: Any, seats: dict[int, int], n: int) -> None:
        """What comes after game ``n``, by letter: the next game (the end after the last),
        the review of the game, or quitting (asked once)."""
        last = n >= self.games
        choices = ["end" if last else "next", "review"] + ([] if last else ["quit"])
        labels = choice_labels(len(choices))
        heading = say(self.lang, N_("play.variant.after"), n=n)
        while True:
            self.out(heading + ":")
            for letter, choice in zip(labels, choices, strict=True):
                self.out(f"  {letter}) " + say(self.lang, _AFTER[choice]))
            line = self.ask_line(f"{heading} >")
            if line is None:
                if last:
                    return
                raise QuitSeries
            text = line.strip().lower()
            picked = choices[labels.index(text)] if text in labels else None
            if text in _QUIT:
                picked = "quit" if not last else "end"
            if picked in ("next", "end") or (not text and picked is None):
                return
            if picked == "review":
                from skat.cli.variantreview import variant_review_lines

                names = [self.name(seats, s) for s in range(3 if self.variant != "officers" else 2)]
                you = self.people[0]
                for row in variant_review_lines(game, names, self.style, self.lang, you=you):
                    self.out("  " + row)
            elif picked == "quit":
                if self.confirm("", "quit_after_q"):
                    raise QuitSeries
            else:
                self.out(self.w["bad"].format(text=line.strip()))


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
    """``skat play --variant NAME``: check the options (a saved series resumed with its
    settings, which the command line overrides), then play the series."""
    resumed = _resumed(args)
    settings = _settings(args, dict(resumed.settings) if resumed is not None else {})
    records, save = settings.get("records"), args.save or args.load
    check_paths(save, records)
    terminal = sys.stdin.isatty() and sys.stdout.isatty() and not args.plain
    if resumed is not None:
        seed, games = resumed.seed, resumed.games
    else:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
        games = args.games
    if terminal:
        with contextlib.suppress(ImportError):  # line editing for input(), where it exists
            import readline  # noqa: F401
    session = VariantSession(
        args.variant,
        seed=seed,
        games=games,
        lang=settings["lang"],
        style=CardStyle(lang=settings["lang"], deck=settings["deck"], colour=terminal),
        level=settings["level"],
        ask=_ask_terminal if terminal else _ask_stdin,
        keeping=Keeping(records=records, save=save, settings=settings),
        resumed=resumed,
    )
    return session.run()


def _settings(args: argparse.Namespace, saved: dict[str, str]) -> dict[str, str]:
    """The level, language, pack and records file: the command line's, else the saved
    series', else the defaults; the options checked (one-line errors)."""
    level = args.level or saved.get("level") or "heuristic"
    if level not in AGENT_KINDS:
        raise UserError.said(
            N_("cli.variantplay.variant-levels"),
            variant=args.variant,
            levels=", ".join(AGENT_KINDS),
            level=level,
        )
    if args.games < 1:
        raise UserError.said(N_("cli.variantplay.games-must-be-more"), games=args.games)
    if getattr(args, "replay", None):
        raise UserError.said(N_("cli.variantplay.not-available-variant-yet"), option="replay")
    settings = {
        "level": level,
        "lang": args.lang or saved.get("lang") or getattr(args, "words", None) or "en",
        "deck": args.deck or saved.get("deck") or "french",
    }
    records = args.records or saved.get("records")
    return {**settings, "records": records} if records else settings


def _resumed(args: argparse.Namespace) -> SavedVariant | None:
    """The saved series ``--load`` names (its variant must be the one asked for)."""
    if not args.load:
        return None
    try:
        saved = load_variant(args.load)
    except OSError as exc:
        why = exc.strerror or str(exc)
        raise UserError.said(N_("cli.play.cannot-read"), load=args.load, why=why) from None
    except SaidError as exc:
        raise UserError.said(N_("cli.variantplay.cannot-load"), path=args.load, why=exc) from None
    if saved.variant != args.variant:
        raise UserError.said(
            N_("cli.variantplay.other-variant"),
            path=args.load,
            saved=saved.variant,
            asked=args.variant,
        )
    if saved.played >= saved.games:
        raise UserError.said(N_("cli.variantplay.series-over"), path=args.load, games=saved.games)
    return saved
