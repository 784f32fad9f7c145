"""Play Scat ("Thirty-one") in the terminal: you against computer players.

Each player holds three cards; the value of a hand is the sum of its cards of one suit (ace 11,
pictures 10, the others their pips; 31 is the best).  On your turn draw the top card of the
stock or of the discard pile and discard one card, or knock: then everyone else has one last
turn and the lowest hand loses a life (a knocker alone lowest loses two).  31 is shown at once
and everyone else loses a life.  Three pennies, then "on the county", then out; the last player
in wins.  The rules are in docs/thirtyone.md; --rules help lists the options.

Commands on your turn: s (stock), p (pile), k (knock), t (throw down, when played), then the
card to discard by its position 1-4 or its name (HA, S10, ♥K); h for help, q to quit.
Schwimmen (--rules schwimmen): three cards lie open in the middle; swap one of yours for one
of them ("1 3" or "HA D7": your card first), a (all three), w (pass, "schieben") or k (knock).
--plain prints plain lines without colour and does not wait between rounds (for scripts).

examples:
  skat thirty-one
  skat thirty-one --players 3 --seed 7 --rules schwimmen
  skat thirty-one --rules schwimmen,swap_two=on --arena heuristic,greedy,greedy --matches 300
  skat thirty-one --rules scat,min_knock=21,three_of_a_kind=30.5 --plain < moves.txt
  skat thirty-one --arena heuristic,random,random,random --matches 500 --seed 1
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from skat.cli.errors import UserError
from skat.core.language import N_, say
from skat.thirtyone import (
    DRAW_PILE,
    DRAW_STOCK,
    KNOCK,
    PASS,
    STAND,
    SWAP_ALL,
    THROW_DOWN,
    Action,
    Call,
    Discard,
    Draw,
    IllegalActionError,
    Match,
    Phase,
    Rules,
    Swap,
    View,
    format_value,
    parse_action,
)
from skat.thirtyone.actions import ActionError
from skat.thirtyone.agents import AGENTS, Agent
from skat.thirtyone.arena import run_arena
from skat.thirtyone.cards import Card
from skat.thirtyone.rules import describe
from skat.thirtyone.state import MAX_PLAYERS, MIN_PLAYERS, RoundResult

NAME = "thirty-one"
HELP = N_("help.thirty-one")

RED = "\033[31m"
BOLD = "\033[1m"
DIM = "\033[2m"
RESET = "\033[0m"


def add_arguments(parser: argparse.ArgumentParser, lang: str = "en") -> None:
    parser.add_argument(
        "--players",
        type=int,
        default=4,
        help=say(lang, "help.thirty-one.players", least=MIN_PLAYERS, most=MAX_PLAYERS),
        metavar=say(lang, "help.var.players"),
    )
    parser.add_argument(
        "--seed",
        type=int,
        help=say(lang, "help.thirty-one.seed"),
        metavar=say(lang, "help.var.seed"),
    )
    parser.add_argument(
        "--rules",
        default="scat",
        help=say(lang, "help.thirty-one.rules"),
        metavar=say(lang, "help.var.rules"),
    )
    parser.add_argument(
        "--bot",
        default="heuristic",
        choices=sorted(AGENTS),
        help=say(lang, "help.thirty-one.bot"),
    )
    parser.add_argument("--plain", action="store_true", help=say(lang, "help.thirty-one.plain"))
    parser.add_argument(
        "--arena",
        metavar="A,B,...",
        help=say(lang, "help.thirty-one.arena"),
    )
    parser.add_argument(
        "--matches",
        type=int,
        default=200,
        help=say(lang, "help.thirty-one.matches"),
        metavar=say(lang, "help.var.matches"),
    )


def run(args: argparse.Namespace) -> int:
    if args.rules.strip().lower() == "help":
        print(describe())
        return 0
    rules = Rules.parse(args.rules)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    if args.arena is not None:
        return _arena(args, rules, seed)
    if not MIN_PLAYERS <= args.players <= MAX_PLAYERS:
        raise UserError.said(
            N_("cli.thirtyone.players-must-be-you"),
            MIN_PLAYERS=MIN_PLAYERS,
            MAX_PLAYERS=MAX_PLAYERS,
            players=args.players,
        )
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="replace")  # a terminal without ♥♠♦♣ shows '?', never a traceback
    match = TerminalMatch(args.players, rules, seed, args.bot, plain=args.plain)
    return match.play()


def _arena(args: argparse.Namespace, rules: Rules, seed: int) -> int:
    names = [n.strip() for n in args.arena.split(",")]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise UserError.said(
            N_("cli.thirtyone.arena-takes-agents-not"),
            MIN_PLAYERS=MIN_PLAYERS,
            MAX_PLAYERS=MAX_PLAYERS,
            value=len(names),
        )
    for name in names:
        if name not in AGENTS:
            raise UserError.said(
                N_("cli.thirtyone.unknown-agent-known"), name=name, value=", ".join(sorted(AGENTS))
            )
    if args.matches < 1:
        raise UserError.said(N_("cli.thirtyone.matches-must-be-at"), matches=args.matches)
    report = run_arena(names, args.matches, seed, rules)
    print(f"rules: {rules}, seed: {seed}")
    print(report.table())
    return 0


class Quit(Exception):
    """The player typed q or closed the input."""


class TerminalMatch:
    """A match between you (seat 0) and computer players, rendered as text."""

    def __init__(
        self,
        players: int,
        rules: Rules,
        seed: int,
        bot: str,
        plain: bool = False,
        out: TextIO | None = None,
        read: Callable[[], str] | None = None,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.plain = plain
        self.out = out or sys.stdout
        self._read = read or _read_line
        self.match = Match(players, rules, random.Random(seed))
        isatty = getattr(self.out, "isatty", None)
        self.color = not plain and bool(isatty and isatty())
        try:
            "♥♠♦♣—●○½".encode(getattr(self.out, "encoding", None) or "utf-8")
            self.ascii = False
        except (UnicodeEncodeError, LookupError):
            self.ascii = True
        self.swap = rules.turn == "swap"
        self.game = "Schwimmen" if self.swap else "Scat (Thirty-one)"
        self.names = ["You"] + [f"Bot {i}" for i in range(1, players)]
        self.bots: list[Agent | None] = [None] + [
            AGENTS[bot](random.Random(f"{seed}:bot{i}")) for i in range(1, players)
        ]

    # output ---------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(self.encodable(text), file=self.out, flush=True)

    def encodable(self, text: str) -> str:
        """The text, with ASCII stand-ins when the output cannot show ♥ (H10, o for a penny)."""
        if self.ascii:
            return text.translate(ASCII)
        return text

    def card(self, c: Card | None) -> str:
        if c is None:
            return "-"
        if not self.color or c.suit not in (0, 1):
            return str(c)
        return f"{RED}{c}{RESET}"

    def cards(self, cs: Sequence[Card]) -> str:
        return " ".join(self.card(c) for c in cs)

    def bold(self, text: str) -> str:
        return f"{BOLD}{text}{RESET}" if self.color else text

    def lives_line(self) -> str:
        m = self.match
        parts = []
        for p, name in enumerate(self.names):
            if m.out[p]:
                state = "out"
            elif m.lives[p] == 0:
                state = "swims" if self.swap else "on the county"
            elif self.plain:
                state = f"{m.lives[p]} {'penny' if m.lives[p] == 1 else 'pennies'}"
            else:
                state = "●" * m.lives[p] + "○" * (self.rules.lives - m.lives[p])
            parts.append(f"{name} {state}")
        return "lives: " + " | ".join(parts)

    # the game -------------------------------------------------------------------------------
    def play(self) -> int:
        self.say(f"{self.game}, {len(self.names)} players, rules {self.rules}, seed {self.seed}")
        try:
            while True:
                self.play_round()
                if self.match.over:
                    break
                if self.match.out[0]:
                    self.say("You are out. The computer players finish the match.")
                    self.finish_quietly()
                    break
                if not self.plain:
                    self.ask("Enter for the next round (q to quit) ")
                self.match.next_round()
        except Quit:
            self.say("bye")
            return 0
        winner = self.match.winner
        assert winner is not None
        self.say(self.bold(f"{self.names[winner]} {'win' if winner == 0 else 'wins'} the match"))
        return 0

    def finish_quietly(self) -> None:
        m = self.match
        while not m.over:
            if m.round.over:
                m.next_round()
                continue
            seat = m.round.to_move
            agent = self.bots[seat]
            assert agent is not None
            m.apply(agent.choose(m.view(seat)))

    def play_round(self) -> None:
        m = self.match
        r = m.round
        self.say()
        table = (
            f"middle {self.cards(r.middle)}"
            if self.swap
            else f"stock {len(r.stock)}, pile {self.card(r.discards[-1])}"
        )
        self.say(
            self.bold(f"— round {m.rounds}: {self.names[r.dealer]} {_verb(r.dealer, 'deal')} —")
            + f"  {table}"
        )
        self.say(self.lives_line())
        if not m.out[0] and (r.over or r.to_move != 0):
            self.say(f"your cards: {self.cards(r.hand(0))} = {format_value(m.view(0).value2)}")
        while not r.over:
            seat = r.to_move
            middle = r.middle
            if seat == 0:
                self.human_turn()
            else:
                self.bot_turn(seat)
            if self.swap and not r.over and r.log[-1].action == PASS and r.middle != middle:
                self.say(f"everyone passed: a new middle {self.cards(r.middle)}")
        assert r.result is not None
        self.show_result(r.result)

    def bot_turn(self, seat: int) -> None:
        m = self.match
        agent = self.bots[seat]
        assert agent is not None
        name = self.names[seat]
        first = agent.choose(m.view(seat))
        if self.swap:
            self.bot_swap_turn(name, first)
            return
        event = m.apply(first)
        if isinstance(first, Call):
            if first == KNOCK:
                self.say(self.bold(f"{name} knocks!") + " Everyone else has one last turn.")
            elif first == THROW_DOWN:
                self.say(self.bold(f"{name} throws down!"))
            else:
                self.say(f"{name} cannot draw and stands")
            return
        second = agent.choose(m.view(seat))
        m.apply(second)
        assert isinstance(second, Discard)
        source = "the stock" if first == DRAW_STOCK else f"the pile ({self.card(event.card)})"
        self.say(f"{name} draws from {source}, discards {self.card(second.card)}")

    def bot_swap_turn(self, name: str, action: Action) -> None:
        self.match.apply(action)
        if action == KNOCK:
            self.say(self.bold(f"{name} knocks!") + " Everyone else has one more turn.")
        elif action == PASS:
            self.say(f"{name} passes")
        elif action == SWAP_ALL:
            self.say(f"{name} swaps all three; middle {self.cards(self.match.round.middle)}")
        else:
            assert isinstance(action, Swap)
            self.say(
                f"{name} swaps {self.cards(action.give)} for {self.cards(action.take)}; "
                f"middle {self.cards(self.match.round.middle)}"
            )

    def human_swap_turn(self, view: View) -> None:
        hand = "  ".join(f"{i}={self.card(c)}" for i, c in enumerate(view.hand, 1))
        middle = "  ".join(f"{i}={self.card(c)}" for i, c in enumerate(view.middle, 1))
        words = "your card then a middle card (e.g. 1 3 or HA D7), a = all three, w = pass"
        if KNOCK in view.legal_actions:
            words += ", k = knock"
        while True:
            action = self.read_action(
                f"your cards {hand} = {format_value(view.value2)}\n"
                f"middle     {middle}\nswap: {words} (h help, q quit)",
                view,
            )
            if action is None:
                continue
            try:
                self.match.apply(action)
            except IllegalActionError as exc:
                self.say(f"not allowed: {exc}")
                continue
            break
        kept = self.match.round.hand(0)
        done = "You knock" if action == KNOCK else "You pass" if action == PASS else "You swap"
        self.say(
            f"{done}; your cards: {self.cards(kept)} = {format_value(self.match.view(0).value2)}"
        )

    def prompt_line(self, view: View) -> str:
        words = []
        for a in view.legal_actions:
            if a == DRAW_STOCK:
                words.append(f"s = stock ({view.stock_size})")
            elif a == DRAW_PILE:
                words.append(f"p = pile {self.card(view.top)}")
            elif a == KNOCK:
                words.append("k = knock")
            elif a == THROW_DOWN:
                words.append("t = throw down")
            elif a == STAND:
                words.append("stand")
        return "your turn: " + ", ".join(words) + " (h help, q quit)"

    def human_turn(self) -> None:
        m = self.match
        view = m.view(0)
        if view.knocker is not None:
            self.say(f"{self.names[view.knocker]} knocked: this is your last turn")
        source = "the middle" if self.swap else "the pile"
        for p, known in enumerate(view.known):
            if p and known and view.active[p]:
                self.say(f"{self.names[p]} holds {self.cards(known)} (taken from {source})")
        if self.swap:
            self.human_swap_turn(view)
            return
        self.say(f"your cards: {self.cards(view.hand)} = {format_value(view.value2)}")
        while True:
            action = self.read_action(self.prompt_line(view), view)
            if action is None:
                continue
            try:
                event = m.apply(action)
            except IllegalActionError as exc:
                self.say(f"not allowed: {exc}")
                continue
            break
        if isinstance(action, Call):
            self.say(f"You {str(event).replace('knocks', 'knock').replace('throws', 'throw')}")
            return
        assert isinstance(action, Draw)
        if action == DRAW_PILE:
            self.say(f"you take {self.card(event.card)} from the pile")
        else:
            self.say(f"you draw {self.card(event.card)} from the stock")
        view = m.view(0)
        numbered = "  ".join(f"{i}={self.card(c)}" for i, c in enumerate(view.hand, 1))
        while True:
            choice = self.read_action(f"discard which? {numbered}", view)
            if choice is None:
                continue
            try:
                m.apply(choice)
            except IllegalActionError as exc:
                self.say(f"not allowed: {exc}")
                continue
            break
        assert isinstance(choice, Discard)
        kept = m.round.hand(0)
        self.say(
            f"you discard {self.card(choice.card)}; your cards: {self.cards(kept)} = "
            f"{format_value(m.view(0).value2)}"
        )

    def read_action(self, prompt: str, view: View) -> Action | None:
        text = self.ask(prompt + "\n> ").strip()
        low = text.lower()
        if low in ("h", "help", "?"):
            self.say(SWAP_HELP if self.swap else HELP_TEXT)
            return None
        if not text:
            return None
        words = low.split()
        if self.swap and len(words) == 2 and all(w.isdigit() for w in words):
            return self.swap_at(view, int(words[0]), int(words[1]))
        if view.phase is Phase.DISCARD and low.isdigit():
            i = int(low)
            if 1 <= i <= len(view.hand):
                return Discard(view.hand[i - 1])
            self.say(f"no card number {i}: 1 to {len(view.hand)}")
            return None
        try:
            return parse_action(text)
        except ActionError as exc:
            self.say(str(exc))
            return None

    def swap_at(self, view: View, i: int, j: int) -> Action | None:
        """Schwimmen's ``1 3``: your card 1 for the middle's card 3."""
        if 1 <= i <= len(view.hand) and 1 <= j <= len(view.middle):
            return Swap((view.hand[i - 1],), (view.middle[j - 1],))
        self.say("positions are 1 to 3: your card, then the middle's")
        return None

    def ask(self, prompt: str) -> str:
        print(self.encodable(prompt), end="", file=self.out, flush=True)
        text = self._read()
        if text.strip().lower() in ("q", "quit", "exit"):
            raise Quit
        return text

    def show_result(self, result: RoundResult) -> None:
        self.say(self.bold("— the round is over —"))
        for line in result.explain(self.names).splitlines():
            self.say(line.replace("You loses", "You lose").replace("You shows", "You show"))
        self.say(self.lives_line())


def _verb(seat: int, verb: str) -> str:
    return verb if seat == 0 else verb + "s"


def _read_line() -> str:
    line = sys.stdin.readline()
    if not line:
        raise Quit
    return line


ASCII = str.maketrans(
    {"♦": "D", "♥": "H", "♠": "S", "♣": "C", "—": "-", "●": "o", "○": "."} | {"½": ".5"}
)

HELP_TEXT = """\
s or stock: draw the top card of the stock     p or pile: take the top card of the pile
k or knock: keep your cards; everyone else has one last turn, then all show
t or throw: (throw_down=on, before anyone drew) show down at once
then discard: 1-4 (position) or the card (HA, S10, ♥K); not the card just taken from the pile
hand value: the cards of one suit added up (A 11, K Q J 10, others their pips); 31 is the best
q: quit"""

SWAP_HELP = """\
Schwimmen: three cards lie open in the middle. On your turn, one of:
  1 3 or HA D7: give your card 1 (♥A) for the middle's card 3 (♦7)
  a or all: swap all three of your cards with the middle
  w or pass: pass ("schieben"); when everyone has passed, three fresh cards replace the middle
  k or knock: keep your cards; everyone else has one more turn, then all show
31 (or three aces, "Feuer") is shown at once: everyone else loses a life. Otherwise the lowest
hand loses a life; with none left you swim, and the next loss puts you out.
hand value: the cards of one suit added up (A 11, K Q J 10, others their pips); three of a
rank 30½
q: quit"""
