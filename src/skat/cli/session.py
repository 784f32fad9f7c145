"""A session of ``skat play``: a series at one table, the human player against two computer
players, every rule decided by the engine.

The session owns the loop: the seat to move is asked (the human through the :class:`Ui`, the
computer players through :class:`~skat.ai.agent.SafeAgent`), every event is told in the
player's words, and after each game the result, the list, and on request the review.
Seeds: the series deals from ``seed``; every computer player's seed is derived from
``seed``, the game's number and its seat, so ``--seed`` reproduces a whole session.

>>> from skat.series import Series
>>> from skat.core import Rules
>>> from skat.cli.cardtext import CardStyle
>>> class Script:                       # a Ui that answers from a list of lines
...     def __init__(self, lines): self.lines, self.out = list(lines), []
...     def event(self, text): self.out.append(text)
...     def message(self, text): self.out.append(text)
...     def show(self, screen): pass
...     def ask(self, prompt): return self.lines.pop(0) if self.lines else None
...     def page(self, lines): self.out.extend(lines)
...     def busy(self, text): pass
>>> series = Series(("You", "Ann", "Bob"), Rules.parse("isko"), seed=5, games=1)
>>> ui = Script(["p", "p", "p", "hint", "quit"])
>>> Session(series, ui, Options(level="random", seed=5)).run()
0
>>> any(line.startswith("hint:") or "passed" in line or "all passed" in line for line in ui.out)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from skat.ai.agent import SafeAgent
from skat.ai.arena import make_agent
from skat.cli.aftergame import (
    NEXT_WORDS,
    QUIT_WORDS,
    REVIEW_WORDS,
    final_lines,
    record_data,
    result_lines,
    rounds_lines,
)
from skat.cli.board import Seating, action_text, game_letter, hand_cards, hand_line, table_lines
from skat.cli.cardtext import CardStyle, guess_game
from skat.cli.commands import Command, Context, InputError, parse_command
from skat.cli.declaring import DeclarationDialog, contract_words, pack_words
from skat.cli.menu import MenuEntry, declaration_menu
from skat.cli.playfile import save_play
from skat.cli.refusals import refusal_text, rename_cards
from skat.cli.review import review_lines
from skat.cli.sheetview import sheet_lines
from skat.cli.turnwords import claim_words, game_name, prompt, worth
from skat.cli.words import agree, seat_name
from skat.core import (
    HOLD,
    NULL,
    PASS,
    SHOW_CARDS,
    Action,
    Bid,
    Card,
    Declare,
    Discard,
    Event,
    GameState,
    IllegalActionError,
    Phase,
    PickUp,
    Resign,
    Seat,
    ShowCards,
)
from skat.core.actions import Double, describe
from skat.core.declarations import declarations
from skat.core.language import N_, say
from skat.core.steps import spelled_out
from skat.series import Series
from skat.series.sheet import ListRow

_INSTANT = ("random", "heuristic")
"""Levels that answer at once: no "thinking…" sign."""


class Quit(Exception):
    """The player quits (``quit``, a Ctrl-D confirmed, or the end of the input)."""


class InputEnded(Quit):
    """The input is closed (a pipe or a file ran out): nothing more can be asked."""


@dataclass(frozen=True)
class Screen:
    """What a Ui draws before asking: a header, the table, the hand, the menu."""

    header: str
    table: list[str]
    hand_title: str
    hand: list[str]
    menu: list[str] = field(default_factory=list)
    legal: str = ""
    cards: str = ""


class Ui(Protocol):
    """The terminal screen or the plain line mode."""

    def event(self, text: str) -> None:
        """Something happened at the table."""

    def message(self, text: str) -> None:
        """An answer to the player: an error, a hint, a confirmation."""

    def show(self, screen: Screen) -> None:
        """Draw the table before a question."""

    def ask(self, prompt: str) -> str | None:
        """One line from the player (``None``: the input ended, or Ctrl-D in a terminal, where
        the reading goes on: see :func:`interactive`)."""

    def page(self, lines: list[str]) -> None:
        """A long text: the list, the review."""

    def busy(self, text: str) -> None:
        """Say at once that something takes a moment (the solver)."""


@dataclass(frozen=True)
class Options:
    """How the session plays: computer level, seed, words, card style, list, files."""

    level: str = "heuristic"
    seed: int = 0
    lang: str = "en"
    style: CardStyle = field(default_factory=CardStyle)
    sheet: str = "plain"
    save_path: str | None = None
    records_path: str | None = None
    review_analysis: bool = True


def interactive(ui: Ui) -> bool:
    """True when the Ui reads from a terminal: after the end of the input (Ctrl-D) the player
    can still answer a question.  A Ui without the attribute ``interactive`` reads a closed
    input (a script, a pipe)."""
    return bool(getattr(ui, "interactive", False))


def derived_seed(seed: int, *parts: object) -> int:
    """A seed for one purpose (a computer player in one game) from the session seed.

    >>> derived_seed(1, 2, 0) == derived_seed(1, 2, 0) != derived_seed(1, 2, 1)
    True
    """
    return random.Random(":".join(["play", str(seed), *map(str, parts)])).getrandbits(63)


class Session:
    """A series played in the terminal (see the module doc)."""

    def __init__(self, series: Series, ui: Ui, options: Options) -> None:
        self.series = series
        self.ui = ui
        self.options = options
        self.lang = options.lang
        self.style = options.style
        self.sort = "G"
        self.autoplay = False
        self.claimed: tuple[int, str] | None = None  # tricks before a claim, the cards shown
        self.save_path = options.save_path  # ``save FILE`` during the series sets it
        self.seating = Seating(("", "", ""), Seat.FOREHAND)
        self._solver: object | None = None

    # ------------------------------------------------------------------ the series

    def run(self) -> int:
        """Play until the series is over or the player quits; 0 either way."""
        try:
            while not self.series.is_over or self._finish_round():
                self.play_game()
            self.ui.page(self.final_lines())
        except InputEnded:
            self._autosave()
            self.last_words(say(self.lang, "play.end_of_input", note=self._end_note()))
            return 0
        except Quit:
            self._autosave()
            self.last_words(self._quit_note())
            return 0
        except KeyboardInterrupt:  # Ctrl-C stops at once, and says what was kept
            self._autosave()
            self.last_words(say(self.lang, "play.interrupted", note=self._end_note()))
            return 0
        self._autosave()
        return 0

    def _finish_round(self) -> bool:
        """At the planned end, a Bock or Ramsch round already begun is played to its end
        (the series gets the games it still needs); true when it goes on."""
        s = self.series
        if s.bierlachs_loser is not None or not s.records or not s.rounds.queue:
            return False
        kind, left = s.rounds.queue[0]
        if s.records[-1].kind != kind or left >= len(s.players):  # none begun
            return False
        s.planned = s.turn + left
        finish = N_("play.finish_bock") if kind == "bock" else N_("play.finish_ramsch")
        self.ui.message(say(self.lang, finish, n=left))
        return True

    def _save_note(self) -> str:
        """What quitting now keeps: the file the series is saved to, or how to keep it."""
        if self.save_path:
            return say(self.lang, "play.saved", path=self.save_path)
        return say(self.lang, "play.not_saved")

    def _quit_note(self) -> str:
        if self.save_path:
            return say(self.lang, "play.saved", path=self.save_path)
        return say(self.lang, "play.bye")

    def last_words(self, text: str) -> None:
        """The session's last message ("saved to …", "bye"), shown on the full screen too (it
        draws before a question, and none follows)."""
        end = getattr(self.ui, "end", None)
        if callable(end):
            end(text)
        else:
            self.ui.message(text)

    def _end_note(self) -> str:
        """What the end of the input kept: the file, or that nothing was saved."""
        if self.save_path:
            return say(self.lang, "play.saved", path=self.save_path)
        return say(self.lang, "play.was_not_saved")

    def read(self, prompt: str) -> str:
        """One line from the player.  The end of the input is a quit: in a terminal (Ctrl-D)
        it asks once like ``quit`` and, on a no, asks ``prompt`` again; a closed input (a
        pipe) cannot be asked and ends the series (:class:`InputEnded`, saved when a file
        was given)."""
        while True:
            line = self.ui.ask(prompt)
            if line is not None:
                return line
            self.end_of_input()

    def end_of_input(self) -> None:
        """Ctrl-D or a closed input: raise :class:`Quit` (or :class:`InputEnded`) when the
        player quits, return when he plays on."""
        if not interactive(self.ui):
            raise InputEnded
        if self.confirm_quit():
            raise Quit

    def confirm_quit(self) -> bool:
        """Ask once whether to quit, saying what is kept; a second Ctrl-D confirms."""
        return self.sure(say(self.lang, "play.quit_sure", note=self._save_note()), quitting=True)

    def _save(self, path: str) -> None:
        """Save the series with this table's settings (``skat play --load`` restores them)."""
        o = self.options
        save_play(
            self.series,
            path,
            {
                "level": o.level,
                "lang": o.lang,
                "deck": o.style.deck,
                "sheet": o.sheet,
                "records": o.records_path,
                "no_analysis": not o.review_analysis,
            },
        )

    def _autosave(self) -> None:
        path = self.save_path
        if path:
            try:
                self._save(path)
            except OSError as exc:
                self.ui.message(
                    say(self.lang, "play.cannot_save", path=path, why=exc.strerror or exc)
                )

    def play_game(self) -> None:
        """Play the next game of the series, record it, show the result and the list."""
        series = self.series
        state = series.next_game()
        seats = series.seats
        names = tuple(series.players[p] for p in seats)
        human = Seat(seats.index(0))
        self.ui.event(self._game_header(human))
        self.play_out(state, (names[0], names[1], names[2]), human, series.number)
        record = series.record(state)
        self._write_record(state, record.number)
        self._autosave()
        self.after_game(state, record.number)

    def play_out(
        self, state: GameState, names: tuple[str, str, str], human: Seat, number: int
    ) -> None:
        """Play ``state`` to its end: the human at ``human``, the computer players seeded for
        game ``number`` of the session (so the same seed and game play the same)."""
        self.seating = Seating(names, human)
        agents = {
            s: SafeAgent(
                make_agent(self.options.level, seed=derived_seed(self.options.seed, number, s)),
                name=names[s],
            )
            for s in range(3)
            if s != human
        }
        self.autoplay = False
        self.claimed = None
        self.sort = guess_game(state.deal.hands[human])
        for ev in state.history:  # a resumed game: tell what happened so far
            self.tell(state, ev, len(state.tricks))
        while not state.is_over:
            seat = state.to_move
            if seat == human:
                action = self.autoplay_card(state) if self.autoplay else self.ask(state)
                if action is None:
                    continue
            else:
                if self.options.level not in _INSTANT:
                    self.ui.busy(say(self.lang, "play.thinking", who=names[seat]))
                action = agents[seat].choose(state.view(seat))
            self.apply(state, action, seat)

    def _game_header(self, human: Seat) -> str:
        s = self.series
        kind = {"bock": N_("play.bock_game"), "ramsch": N_("play.ramsch_game")}.get(s.kind)
        kind = " (" + say(self.lang, kind) + ")" if kind else ""
        game = say(self.lang, "play.game_of", n=s.number, total=s.planned)
        dealer = say(self.lang, "play.dealer")
        you = say(self.lang, "play.you")
        return f"— {game}{kind} · {dealer} {s.dealer_name} · {you}: {seat_name(self.lang, human)} —"

    def apply(self, state: GameState, action: Action, seat: int) -> None:
        """Apply an action and tell it (a pick-up by Forehand after two passes is the lowest
        bid and the pick-up: :func:`skat.core.steps.spelled_out`)."""
        for step in spelled_out(state, action):
            tricks = len(state.tricks)
            answering = state.phase == Phase.ANSWER
            pushing = state.phase == Phase.PUSH
            ev = state.apply(step, seat)
            self.tell(state, ev, tricks, answering, pushing)

    def tell(
        self,
        state: GameState,
        ev: Event,
        tricks_before: int,
        answering: bool = False,
        pushing: bool = False,
    ) -> None:
        """Tell one event in words (and the trick it completed); ``answering``: a pass is a
        no to a question, ``pushing``: a pass pushes the skat on (Schieberamsch)."""
        names = self.seating.names
        who = names[ev.seat]
        lang = self.lang
        a = ev.action
        if isinstance(a, Bid):
            text = say(lang, "play.bids", who=who, bid=a.value)
        elif a is HOLD and state.phase in (Phase.BIDDING, Phase.SKAT, Phase.DONE):
            text = say(lang, "play.holds", who=who, bid=state.bid)
        elif a is PASS:
            key = N_("play.pushes") if pushing else N_("play.passes")
            text = say(lang, N_("play.declines") if answering else key, who=who)
        elif isinstance(a, PickUp):
            text = say(lang, "play.picks_up", who=who)
        elif isinstance(a, Discard):
            if ev.seat == self.seating.human:
                text = say(lang, "play.you_discard", cards=action_text(a, self.style, lang))
            else:
                text = say(lang, "play.discards", who=who)
        elif isinstance(a, Declare):
            game = contract_words(a.contract, lang, self.style.deck)
            text = say(lang, "play.declares", who=who, game=game)
        elif isinstance(a, Card):
            text = say(lang, "play.plays", who=who, card=self.style.card(a))
        elif isinstance(a, Double):
            text = say(lang, "play.kontra", who=who, word=a.name)
        elif isinstance(a, ShowCards):
            text = say(lang, "play.shows", who=who)
        elif isinstance(a, Resign):
            text = say(lang, "play.resigns", who=who)
        else:
            text = say(lang, "play.other", who=who, action=action_text(a, self.style, lang))
        you = names[self.seating.human]
        self.ui.event(agree(text, lang, you))
        if len(state.tricks) > tricks_before:
            t = state.tricks[-1]
            text = say(lang, "play.wins_trick", who=names[t.winner], points=t.points)
            self.ui.event(agree(text, lang, you))

    # ------------------------------------------------------------------ the human's turn

    def screen(self, state: GameState, dialog: DeclarationDialog | None = None) -> Screen:
        """What the player sees now."""
        view = state.view(self.seating.human)
        game = game_letter(view, self.sort)
        cards = hand_cards(view, game)
        s = self.series
        totals = "  ".join(f"{p} {t}" for p, t in zip(s.players, self._totals(), strict=True))
        kind = {"bock": " · Bock", "ramsch": " · Ramsch"}.get(s.kind, "")
        rules = str(s.rules) if len(str(s.rules)) <= 12 else s.rules.preset + "+"
        number = say(self.lang, "play.game_of", n=s.number, total=s.planned)
        you = say(self.lang, "play.you")
        seed = say(self.lang, "play.seed")
        header = (  # the totals first: a narrow screen cuts the seed and the rules, never them
            f"Skat · {number}{kind} · {totals}"
            f" · {you}: {seat_name(self.lang, self.seating.human)}"
            f" · {rules} · {seed} {self.options.seed}"
        )
        title = say(self.lang, "play.hand")
        if view.phase in (Phase.BIDDING, Phase.SKAT, Phase.DISCARD) and view.contract is None:
            title += f" ({game_name(game, self.lang, self.style.deck)})"
            title += " · " + self._worth(state)
        legal = ""
        if view.phase == Phase.PLAY:
            playable = [a for a in view.legal_actions if isinstance(a, Card)]
            legal = say(self.lang, "play.legal") + ": "
            legal += self.style.cards([c for c in cards if c in playable])
            extra = [a for a in view.legal_actions if not isinstance(a, Card)]
            if extra:
                legal += " · " + ", ".join(f"{a} ({describe(a, self.lang)})" for a in extra)
        elif view.phase in (Phase.ANSWER, Phase.PUSH):
            legal = (
                say(self.lang, "play.legal")
                + ": "
                + ", ".join(f"{a} ({describe(a, self.lang)})" for a in view.legal_actions)
            )
        return Screen(
            header=header,
            table=table_lines(view, self.seating, self.style, self.lang),
            hand_title=title,
            hand=hand_line(view, cards, self.style),
            menu=dialog.lines() if dialog else [],
            legal=legal,
            cards=self.style.cards(cards),
        )

    def _worth(self, state: GameState) -> str:
        """The simple value of each suit game and Grand with the cards in hand."""
        return worth(state, self.seating.human, self.lang, self.style.deck)

    def _prompt(self, state: GameState) -> str:
        """The question put to the player now."""
        return prompt(state, self.lang, self.seating.names, self.seating.human)

    def ask(self, state: GameState) -> Action | None:
        """The human's action (``None`` when a command already changed the game)."""
        menu = declaration_menu(state)
        bid = state.bid
        dialog = DeclarationDialog(menu, self.lang, self.style.deck, bid) if menu else None
        self.ui.show(self.screen(state, dialog))
        while True:
            line = self.read(dialog.prompt() if dialog else self._prompt(state))
            action: Action | bool | None = None
            if dialog is not None:
                chosen = dialog.read(line)
                if isinstance(chosen, str):  # the dialog moved on, or a message
                    if chosen:
                        self.ui.message(chosen)
                    continue
                if chosen is not None:  # the menu's own action: never read again as text
                    action = self._validate(chosen, state)
                    if action is None:
                        continue
            if action is None:
                action = self._action(line, state, dialog)
            if action is None:
                continue
            if isinstance(action, Action):
                if not self._confirm_declaration(action, menu, bid, state):
                    if dialog is not None:
                        dialog.back()
                    continue
                return action
            return None

    def _action(
        self, line: str, state: GameState, dialog: DeclarationDialog | None = None
    ) -> Action | bool | None:
        """Read a line: the legal action it names, ``True`` when a command changed the game,
        ``None`` to ask again (the reason was shown)."""
        human = self.seating.human
        view = state.view(human)
        cards = hand_cards(view, game_letter(view, self.sort))
        legal_cards = [a for a in view.legal_actions if isinstance(a, Card)]
        if not line.strip() and state.phase == Phase.PLAY and len(legal_cards) == 1:
            return legal_cards[0]  # Enter plays the only legal card
        ctx = Context(state.phase, hand=cards, menu=[], style=self.style)
        try:
            cmd = parse_command(line, ctx)
        except InputError as exc:
            self.ui.message(rename_cards(str(exc), self.style))
            return None
        if cmd.kind == "action" and cmd.action is not None:
            if dialog is not None and not _dialog_accepts(dialog, cmd.action):
                self.ui.message(  # "p", "y", a card: a word of another question
                    say(
                        self.lang, "play.not_understood", text=line.strip(), options=dialog.prompt()
                    )
                )
                return None
            return self._validate(cmd.action, state)
        if self.command(cmd, state):
            return True
        if cmd.kind in ("sort", "redraw"):
            self.ui.show(self.screen(state, dialog))
        return None

    def _validate(self, action: Action, state: GameState) -> Action | None:
        """The action when the engine allows it now, else ``None`` (its refusal was shown)."""
        try:
            return state.validate(action, self.seating.human)
        except IllegalActionError as exc:
            self.ui.message(self._refusal(exc, action, state))
            return None

    def sure(self, what: str, quitting: bool = False) -> bool:
        """Ask once before an act that cannot be taken back: ``what`` says what it means.
        Only yes or no answers it; Ctrl-D asks whether to quit (``quitting``: this is that
        question, and a second Ctrl-D confirms it)."""
        self.ui.message(what)
        while True:
            answer = self.ui.ask(say(self.lang, "play.ask_sure"))
            if answer is None:
                if quitting and interactive(self.ui):
                    return True
                self.end_of_input()
                self.ui.message(what)  # played on: the question again
                continue
            low = answer.strip().lower()
            if low in ("y", "yes", "j", "ja"):
                return True
            if low in ("n", "no", "nein", "b", "back", "zurück", "zurueck"):
                return False
            options = say(self.lang, "play.sure_keys")
            self.ui.message(
                say(self.lang, "play.not_understood", text=answer.strip(), options=options)
            )

    def _confirm_declaration(
        self, action: Action, menu: list[MenuEntry], bid: int, state: GameState
    ) -> bool:
        """Every declaration is confirmed once with its value (and what a value below the
        bid needs)."""
        if not isinstance(action, Declare):
            return True
        entry = next((e for e in menu if e.action == action), None)
        c = action.contract
        game = contract_words(c, self.lang, self.style.deck)
        if entry is None:  # no menu: a Grand Hand instead of a Schieberamsch, no bid said
            hand = state.hand(self.seating.human)
            options = declarations(hand, bid=max(bid, 18), rules=state.rules, picked_up=False)
            worth = next((o.value for o in options if o.contract == c), None)
            value = "?" if worth is None else f"≈{worth}"
            key = N_("play.declare_sure") if bid else N_("play.declare_sure_no_bid")
            return self.sure(say(self.lang, key, game=game, value=value, bid=bid))
        value = ("≈" if entry.estimate else "") + str(entry.value)
        what = say(self.lang, "play.declare_sure", game=game, value=value, bid=bid)
        if entry.short:
            how = say(self.lang, "play.overbid")
            if c.game_type != NULL and entry.short == 1 and not c.schneider_announced:
                how = say(self.lang, "play.needs_schneider")
            elif c.game_type != NULL and entry.short == 2 and not c.schneider_announced:
                how = say(self.lang, "play.needs_schwarz")
            what += " " + say(self.lang, "play.overbid_warn", bid=bid, how=how)
        return self.sure(what)

    def command(self, cmd: Command, state: GameState) -> bool:
        """Run a command of the game program; true when it changed the game."""
        lang = self.lang
        human = self.seating.human
        if cmd.kind == "quit":
            if self.confirm_quit():
                raise Quit
            return False
        if cmd.kind == "help":
            example = "Eichel-Unter" if self.style.deck == "german" else "Kreuz-Bube"
            self.ui.message(say(lang, "play.help", example=example))
        elif cmd.kind == "hint":
            view = state.view(human)
            agent = SafeAgent(
                make_agent(self.options.level, seed=derived_seed(self.options.seed, "hint")),
                name="hint",
            )
            self.ui.message(
                say(lang, "play.hint", action=action_text(agent.choose(view), self.style, lang))
            )
        elif cmd.kind == "save":
            self.save_to(cmd.arg)
        elif cmd.kind == "sort":
            self.sort = cmd.arg
        elif cmd.kind == "claim":
            try:
                state.validate(SHOW_CARDS, human)
            except IllegalActionError as exc:
                self.ui.message(self._refusal(exc, SHOW_CARDS, state))
                return False
            if not self.sure(say(lang, claim_words(state, human))):
                return False
            self.claimed = (len(state.tricks), self.style.cards(state.hand(human)))
            self.apply(state, SHOW_CARDS, human)
            self.ui.busy(say(lang, "play.analysing"))
            self.autoplay = True
            return True
        elif cmd.kind == "concede":
            return self._concede(state)
        return False

    def _concede(self, state: GameState) -> bool:
        human = self.seating.human
        d = state.declarer
        candidates: list[Action] = [Resign(human)]
        if d == human:
            candidates += [Resign(human, c) for c in range(3) if c != human]
        reason = ""
        for action in candidates:
            try:
                state.validate(action, human)
            except IllegalActionError as exc:
                reason = reason or self._refusal(exc, action, state)
                continue
            if not self.sure(self._concede_means(state, action)):
                return False
            self.apply(state, action, human)
            return True
        self.ui.message(reason)
        return False

    def _refusal(self, exc: IllegalActionError, action: Action, state: GameState) -> str:
        """The engine's refusal of the player's ``action`` in the player's words."""
        human = self.seating.human
        return refusal_text(exc, action, state, human, self.style, self.seating.names)

    def _concede_means(self, state: GameState, action: Action) -> str:
        """What giving up means, from the core's own result of the game given up:
        "You give up: You lose Hearts with 0 card points: … = −60"."""
        trial = state.copy()
        trial.apply(action, self.seating.human)
        names = self.seating.names
        you = names[self.seating.human]
        if trial.result is None:  # the rules want both defenders to give up
            means = say(self.lang, "play.concede_pending")
        else:
            means = agree(trial.result.explain(self.lang, names=names), self.lang, you)
        return say(self.lang, "play.concede_sure", means=pack_words(means, self.style.deck))

    def autoplay_card(self, state: GameState) -> Action:
        """After a claim: the human's best card with all hands open (the claim is checked by
        playing it out)."""
        from skat.ai.dds import TRICKS, Position, Solver

        if not isinstance(self._solver, Solver):
            self._solver = Solver()
        solver = self._solver
        assert isinstance(solver, Solver)
        human = self.seating.human
        legal = [a for a in state.legal_actions() if isinstance(a, Card)]
        pos = Position.from_state(state)
        objective = 0 if pos.game_type == NULL else TRICKS
        values = solver.values(pos, objective)
        pick: Callable[..., Card] = max if human == state.declarer else min
        return pick(legal, key=lambda c: values.get(c, 0))

    # ------------------------------------------------------------------ after the game

    def _totals(self) -> list[int]:
        rows = self.sheet_rows()
        return [sum(r.entries[p] for r in rows) for p in range(len(self.series.players))]

    def sheet_rows(self) -> list[ListRow]:
        """The list so far on the session's sheet (the one list computation the web and
        ``skat list`` use; the German pack's suit names come from :func:`pack_words`)."""
        return self.series.list_rows(self.options.sheet)

    def after_game(self, state: GameState, number: int) -> None:
        """The result, the list, and the review on request."""
        lines = result_lines(state, self.seating, self.style, self.lang, self.claimed)
        lines += self._rounds_lines()
        lines.append("")
        lines += sheet_lines(
            self.series.players, self.sheet_rows(), self.options.sheet, last=14, lang=self.lang
        )
        self.ui.page([pack_words(x, self.style.deck) for x in lines])
        while not self._next_game_answer(state, number):
            pass

    def _next_game_answer(self, state: GameState, number: int) -> bool:
        """Ask once what comes after the game; true when the next game (or the end of the
        series) comes, :class:`Quit` when the player quits."""
        answer = self.ui.ask(say(self.lang, "play.ask_next"))
        if answer is None and not interactive(self.ui):
            if self.series.is_over:  # nothing more to ask: the last list is shown
                return True
            raise InputEnded
        a = (answer or "").strip()
        low = a.lower()
        if answer is None or low in QUIT_WORDS:
            return self._quit_after_game(number)
        if low in NEXT_WORDS:
            return True
        if low in REVIEW_WORDS:
            self._review(state)
            return False
        head, _, path = a.partition(" ")
        if head.lower() in ("save", "speichern", "gem") and path.strip():
            self.save_to(path.strip())
            return False
        self.ui.message(
            say(self.lang, "play.not_understood", text=a, options=say(self.lang, "play.ask_next"))
        )
        return False

    def _quit_after_game(self, number: int) -> bool:
        """``quit`` after game ``number``: true at the end of the series (nothing is lost),
        :class:`Quit` once the player is sure, false when he plays on."""
        if self.series.is_over:
            return True
        if self.save_path or self._sure_to_quit_series(number):
            raise Quit
        return False

    def _review(self, state: GameState) -> None:
        """The review of the finished game (with the solver's analysis unless switched off)."""
        if self.options.review_analysis:
            self.ui.busy(say(self.lang, "play.analysing"))
        review = review_lines(
            state, self.seating.names, self.style, self.lang, analysis=self.options.review_analysis
        )
        self.ui.page([pack_words(x, self.style.deck) for x in review])

    def _sure_to_quit_series(self, number: int) -> bool:
        """Between games of a series not saved: quitting loses it, so ask once."""
        what = say(
            self.lang,
            "play.quit_series_sure",
            n=number,
            total=self.series.planned,
            note=self._save_note(),
        )
        return self.sure(what, quitting=True)

    def save_to(self, path: str) -> None:
        """``save FILE``: save the series now and keep it saved there (after every game and
        when the player quits), as ``--save FILE`` does."""
        try:
            self._save(path)
        except OSError as exc:
            self.ui.message(say(self.lang, "play.cannot_save", path=path, why=exc.strerror or exc))
            return
        self.save_path = path
        self.ui.message(say(self.lang, "play.saved", path=path))

    def _rounds_lines(self) -> list[str]:
        """Why the last game started Bock rounds (and a Ramsch round after them)."""
        return rounds_lines(self.series, self.lang)

    def final_lines(self) -> list[str]:
        """The list at the end of the series and the ranking."""
        o = self.options
        return final_lines(self.series, self.sheet_rows(), o.sheet, self.lang, self.style.deck)

    def _write_record(self, state: GameState, number: int) -> None:
        """Add game ``number`` to the records file (``--records``), if one is given."""
        path = self.options.records_path
        if not path:
            return
        from skat.records.jsonrecord import dumps

        o = self.options
        data = record_data(self.series, state, number, self.seating.names, o.seed, o.level)
        try:
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(dumps(data) + "\n")
        except OSError as exc:
            self.ui.message(say(self.lang, "play.cannot_write", path=path, why=exc.strerror or exc))


def _dialog_accepts(dialog: DeclarationDialog, action: Action) -> bool:
    """Whether a typed action goes to the engine during the declaration dialog: a game (typed
    as ``CH`` or ``Kreuz Hand``; the engine checks it), and at the start anything (the engine
    says what it asks: the pick-up or a Hand game).  Past the start a bid, a yes, a pass, a
    card or the pick-up is a word of another question: the dialog says what it asks."""
    return isinstance(action, Declare) or dialog.step == "start"
