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
from typing import Final, TextIO

from skat.cli.errors import UserError
from skat.core.language import N_, say, say_n
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
from skat.thirtyone.cards import Card, show
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
    lang = getattr(args, "words", None) or "en"  # skat --lang, SKAT_LANG, the locale
    match = TerminalMatch(args.players, rules, seed, args.bot, plain=args.plain, lang=lang)
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
        lang: str = "en",
    ) -> None:
        self.lang = lang
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
        self.game = say(lang, N_("term.scat.schwimmen") if self.swap else N_("term.scat.scat"))
        self.you = say(lang, "play.you")
        self.names = [self.you] + [say(lang, "term.scat.bot", n=i) for i in range(1, players)]
        self.bots: list[Agent | None] = [None] + [
            AGENTS[bot](random.Random(f"{seed}:bot{i}")) for i in range(1, players)
        ]

    # output ---------------------------------------------------------------------------------
    def put(self, text: str = "") -> None:
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
                state = say(self.lang, "term.scat.out")
            elif m.lives[p] == 0:
                swims = N_("term.scat.swims") if self.swap else N_("term.scat.county")
                state = say(self.lang, swims)
            elif self.plain:
                state = say_n(
                    self.lang, "term.scat.pennies", "term.scat.pennies.plural", m.lives[p]
                )
            else:
                state = "●" * m.lives[p] + "○" * (self.rules.lives - m.lives[p])
            parts.append(f"{name} {state}")
        return say(self.lang, "term.scat.lives", lives=" | ".join(parts))

    # the game -------------------------------------------------------------------------------
    def play(self) -> int:
        self.put(
            say(
                self.lang,
                "term.scat.start",
                game=self.game,
                n=len(self.names),
                rules=self.rules,
                seed=self.seed,
            )
        )
        try:
            while True:
                self.play_round()
                if self.match.over:
                    break
                if self.match.out[0]:
                    self.put(say(self.lang, "term.scat.you_are_out"))
                    self.finish_quietly()
                    break
                if not self.plain:
                    self.ask(say(self.lang, "term.scat.next_round") + " ")
                self.match.next_round()
        except Quit:
            self.put(say(self.lang, "play.bye"))
            return 0
        winner = self.match.winner
        assert winner is not None
        wins = N_("term.scat.you_win") if winner == 0 else N_("term.scat.wins")
        self.put(self.bold(say(self.lang, wins, name=self.names[winner])))
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
        self.put()
        table = (
            say(self.lang, "term.scat.middle", cards=self.cards(r.middle))
            if self.swap
            else say(
                self.lang, "term.scat.stock_pile", n=len(r.stock), card=self.card(r.discards[-1])
            )
        )
        deals = N_("term.scat.you_deal") if r.dealer == 0 else N_("term.scat.deals")
        head = say(self.lang, deals, n=m.rounds, name=self.names[r.dealer])
        self.put(self.bold(head) + f"  {table}")
        self.put(self.lives_line())
        if not m.out[0] and (r.over or r.to_move != 0):
            self.put(self.your_cards(r.hand(0), m.view(0).value2))
        while not r.over:
            seat = r.to_move
            middle = r.middle
            if seat == 0:
                self.human_turn()
            else:
                self.bot_turn(seat)
            if self.swap and not r.over and r.log[-1].action == PASS and r.middle != middle:
                self.put(say(self.lang, "term.scat.new_middle", cards=self.cards(r.middle)))
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
                knocks = self.bold(say(self.lang, "term.scat.knocks", name=name))
                self.put(knocks + " " + say(self.lang, "term.scat.last_turn"))
            elif first == THROW_DOWN:
                self.put(self.bold(say(self.lang, "term.scat.throws_down", name=name)))
            else:
                self.put(say(self.lang, "term.scat.stands", name=name))
            return
        second = agent.choose(m.view(seat))
        m.apply(second)
        assert isinstance(second, Discard)
        card = self.card(second.card)
        if first == DRAW_STOCK:
            self.put(say(self.lang, "term.scat.draws_stock", name=name, card=card))
        else:
            taken = self.card(event.card)
            self.put(say(self.lang, "term.scat.draws_pile", name=name, taken=taken, card=card))

    def bot_swap_turn(self, name: str, action: Action) -> None:
        self.match.apply(action)
        middle = self.cards(self.match.round.middle)
        if action == KNOCK:
            knocks = self.bold(say(self.lang, "term.scat.knocks", name=name))
            self.put(knocks + " " + say(self.lang, "term.scat.one_more_turn"))
        elif action == PASS:
            self.put(say(self.lang, "term.scat.passes", name=name))
        elif action == SWAP_ALL:
            self.put(say(self.lang, "term.scat.swaps_all", name=name, middle=middle))
        else:
            assert isinstance(action, Swap)
            give, take = self.cards(action.give), self.cards(action.take)
            self.put(
                say(self.lang, "term.scat.swaps", name=name, give=give, take=take, middle=middle)
            )

    def human_swap_turn(self, view: View) -> None:
        hand = "  ".join(f"{i}={self.card(c)}" for i, c in enumerate(view.hand, 1))
        middle = "  ".join(f"{i}={self.card(c)}" for i, c in enumerate(view.middle, 1))
        words = say(self.lang, "term.scat.swap_words")
        if KNOCK in view.legal_actions:
            words += ", " + say(self.lang, "term.scat.k_knock")
        question = say(
            self.lang,
            "term.scat.swap_question",
            hand=hand,
            value=format_value(view.value2),
            middle=middle,
            words=words,
        )
        while True:
            action = self.read_action(question, view)
            if action is None:
                continue
            try:
                self.match.apply(action)
            except IllegalActionError as exc:
                self.put(say(self.lang, "term.scat.not_allowed", why=exc))
                continue
            break
        kept = self.match.round.hand(0)
        done = (
            N_("term.scat.you_knock")
            if action == KNOCK
            else N_("term.scat.you_pass")
            if action == PASS
            else N_("term.scat.you_swap")
        )
        cards = self.your_cards(kept, self.match.view(0).value2)
        self.put(say(self.lang, done) + "; " + cards)

    def prompt_line(self, view: View) -> str:
        words = []
        for a in view.legal_actions:
            if a == DRAW_STOCK:
                words.append(say(self.lang, "term.scat.s_stock", n=view.stock_size))
            elif a == DRAW_PILE:
                words.append(say(self.lang, "term.scat.p_pile", card=self.card(view.top)))
            elif a == KNOCK:
                words.append(say(self.lang, "term.scat.k_knock"))
            elif a == THROW_DOWN:
                words.append(say(self.lang, "term.scat.t_throw"))
            elif a == STAND:
                words.append(say(self.lang, "term.scat.stand"))
        return say(self.lang, "term.scat.your_turn", words=", ".join(words))

    def human_turn(self) -> None:
        m = self.match
        view = m.view(0)
        if view.knocker is not None:
            self.put(say(self.lang, "term.scat.your_last_turn", name=self.names[view.knocker]))
        holds = N_("term.scat.holds_middle") if self.swap else N_("term.scat.holds_pile")
        for p, known in enumerate(view.known):
            if p and known and view.active[p]:
                self.put(say(self.lang, holds, name=self.names[p], cards=self.cards(known)))
        if self.swap:
            self.human_swap_turn(view)
            return
        self.put(self.your_cards(view.hand, view.value2))
        while True:
            action = self.read_action(self.prompt_line(view), view)
            if action is None:
                continue
            try:
                event = m.apply(action)
            except IllegalActionError as exc:
                self.put(say(self.lang, "term.scat.not_allowed", why=exc))
                continue
            break
        if isinstance(action, Call):
            self.put(say(self.lang, _YOU_CALL.get(action.name, N_("term.scat.you_stand"))))
            return
        assert isinstance(action, Draw)
        if action == DRAW_PILE:
            self.put(say(self.lang, "term.scat.you_take", card=self.card(event.card)))
        else:
            self.put(say(self.lang, "term.scat.you_draw", card=self.card(event.card)))
        view = m.view(0)
        numbered = "  ".join(f"{i}={self.card(c)}" for i, c in enumerate(view.hand, 1))
        while True:
            choice = self.read_action(say(self.lang, "term.scat.which", cards=numbered), view)
            if choice is None:
                continue
            try:
                m.apply(choice)
            except IllegalActionError as exc:
                self.put(say(self.lang, "term.scat.not_allowed", why=exc))
                continue
            break
        assert isinstance(choice, Discard)
        kept = m.round.hand(0)
        discard = say(self.lang, "term.scat.you_discard", card=self.card(choice.card))
        self.put(discard + "; " + self.your_cards(kept, m.view(0).value2))

    def your_cards(self, cards: Sequence[Card], value2: int) -> str:
        """``your cards: ♥A ♥10 ♠7 = 21``."""
        return say(
            self.lang, "term.scat.your_cards", cards=self.cards(cards), value=format_value(value2)
        )

    def read_action(self, prompt: str, view: View) -> Action | None:
        text = self.ask(prompt + "\n> ").strip()
        low = text.lower()
        if low in ("h", "help", "?", "hilfe", "hjælp"):
            self.put(
                say(self.lang, N_("term.scat.swap_help") if self.swap else N_("term.scat.help"))
            )
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
            self.put(say(self.lang, "term.scat.no_number", i=i, n=len(view.hand)))
            return None
        try:
            return parse_action(text)
        except ActionError as exc:
            self.put(str(exc))
            return None

    def swap_at(self, view: View, i: int, j: int) -> Action | None:
        """Schwimmen's ``1 3``: your card 1 for the middle's card 3."""
        if 1 <= i <= len(view.hand) and 1 <= j <= len(view.middle):
            return Swap((view.hand[i - 1],), (view.middle[j - 1],))
        self.put(say(self.lang, "term.scat.positions"))
        return None

    def ask(self, prompt: str) -> str:
        print(self.encodable(prompt), end="", file=self.out, flush=True)
        text = self._read()
        if text.strip().lower() in ("q", "quit", "exit", "ende", "afslut"):
            raise Quit
        return text

    def show_result(self, result: RoundResult) -> None:
        self.put(self.bold(say(self.lang, "term.scat.round_over")))
        for line in self.result_lines(result):
            self.put(line)
        self.put(self.lives_line())

    def result_lines(self, result: RoundResult) -> list[str]:
        """How the round ended, one fact a line (:meth:`RoundResult.explain`'s facts in the
        player's words): the hands shown, 31 or the knock, who loses how many lives."""
        lang, nm = self.lang, self.names
        lines = [
            f"{nm[p]}: {show(result.shown[p])} = {format_value(value)}"
            for p, value in enumerate(result.values)
            if value is not None
        ]
        if result.reason in ("deal", "31"):
            who = [nm[p] for p in result.thirty_one]
            names = " " + say(lang, "term.scat.and") + " ".join(who)
            best = format_value(max(v for v in result.values if v is not None))
            if result.reason == "deal":
                key = (
                    N_("term.scat.shows_dealt")
                    if who != [self.you]
                    else N_("term.scat.you_show_dealt")
                )
            else:
                key = N_("term.scat.shows_31") if who != [self.you] else N_("term.scat.you_show_31")
            if len(who) > 1:
                key = (
                    N_("term.scat.show_dealt")
                    if result.reason == "deal"
                    else N_("term.scat.show_31")
                )
            lines.append(say(lang, key, who=names, value=best))
        elif result.reason == "draw":
            lines.append(say(lang, "term.scat.draw"))
        elif result.knocker is not None:
            knocked = (
                N_("term.scat.threw_down") if result.reason == "throw" else N_("term.scat.knocked")
            )
            lines.append(say(lang, knocked, name=nm[result.knocker]))
        for p, lost in enumerate(result.losses):
            if lost:
                you = p == 0
                if lost == 2:
                    key = N_("term.scat.you_lose_two") if you else N_("term.scat.loses_two")
                else:
                    key = N_("term.scat.you_lose_one") if you else N_("term.scat.loses_one")
                lines.append(say(lang, key, name=nm[p]))
        return lines


_YOU_CALL: Final = {
    "knock": N_("term.scat.you_knock"),
    "throw": N_("term.scat.you_throw"),
    "stand": N_("term.scat.you_stand"),
    "pass": N_("term.scat.you_pass"),
}
"""Your own call in words."""


def _read_line() -> str:
    line = sys.stdin.readline()
    if not line:
        raise Quit
    return line


ASCII = str.maketrans(
    {"♦": "D", "♥": "H", "♠": "S", "♣": "C", "—": "-", "●": "o", "○": "."} | {"½": ".5"}
)
