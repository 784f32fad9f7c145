"""Outside engines: a program that speaks the line protocol of ``docs/engine-protocol.md``.

:class:`ExecEngine` is an :class:`~skat.ai.agent.Agent` that starts a program for one game and
talks to it over its stdin and stdout, one line per message.  The arena tells the program only
what its seat may see: its own cards (``hello``), every move as its seat saw it (``move``; another
seat's discard shows as ``move 2 discard``), the skat when its seat picks it up (``skat``), a hand
that lies open (``open``), and at the end the result (``end``).  When the seat is to move it
sends ``ask`` with the legal actions, and the program answers with one of them in the
canonical text form (:func:`skat.core.actions.parse_action`).

Anything wrong on the program's side (an illegal or unreadable answer, the program exiting)
raises :class:`EngineError`, a one-line message naming the engine, the seat and the move: the
arena stops rather than playing a fallback in the engine's name.  A slow answer is another
matter (a busy machine, not a broken program): an engine that gives no answer within
``timeout`` seconds is given ``retries`` more periods of ``timeout`` to answer the same ``ask``
(one by default, each logged as a warning) before :class:`EngineTimeout` is raised; the arena
then lets the heuristic play the rest of that game in the engine's seat, every such decision
counted as a fallback (:mod:`skat.ai.arena`).

With ``blind`` every line is checked before it is sent: a card the seat cannot know at that
moment (another hand, the skat it has not picked up, a discard it did not make) raises
:class:`EngineError` instead of reaching the program.

>>> import shlex, sys
>>> from skat.core.state import GameState
>>> bot = "import sys\\nfor line in sys.stdin:\\n if line[:3] == 'ask': print(line.split()[1], flush=True)"
>>> echo = f"{sys.executable} -c {shlex.quote(bot)}"
>>> state = GameState(seed=3)
>>> engine = ExecEngine(echo, name="first-legal")
>>> str(engine.choose(state.view(state.to_move)))
    '18'
>>> engine.close()
"""

from __future__ import annotations

import contextlib
import logging
import os
import select
import shlex
import shutil
import subprocess
import time
from collections.abc import Sequence
from typing import Final

from skat.ai.agent import is_legal
from skat.core.actions import PICK_UP, Action, ActionParseError, Discard, parse_action
from skat.core.cards import Card, CardParseError, CardSet
from skat.core.scoring import Result
from skat.core.state import GameState, View

PROTOCOL: Final = 1
"""The protocol version sent in ``hello``."""

DEFAULT_TIMEOUT: Final = 10.0
"""Seconds an engine may take per decision (and to start and say nothing wrong)."""

RETRIES: Final = 1
"""Further periods of the timeout an engine gets to answer an ``ask`` it has not answered in
time (:class:`ExecEngine`)."""

log: Final = logging.getLogger("skat.ai")


class EngineError(RuntimeError):
    """An outside engine misbehaved: one line naming the engine, the seat and the move."""


class EngineTimeout(EngineError):
    """An outside engine gave no answer in time (after its retries, from :class:`ExecEngine`)."""


def command_of(text: str) -> list[str]:
    """The argument list of an ``exec:`` command, checked: the program must exist.

    >>> command_of("sh -c true")
    ['sh', '-c', 'true']
    >>> command_of("no-such-program-here")
    Traceback (most recent call last):
    ...
    ValueError: engine program not found: 'no-such-program-here'
    """
    try:
        argv = shlex.split(text)
    except ValueError as exc:
        raise ValueError(f"engine command {text!r}: {exc}") from None
    if not argv:
        raise ValueError("an exec: engine needs a program, as in exec:./mybot")
    program = argv[0]
    found = shutil.which(program) or (os.path.isfile(program) and os.access(program, os.X_OK))
    if not found:
        raise ValueError(f"engine program not found: {program!r}")
    return argv


def result_line(result: Result | None) -> str:
    """The ``end`` line's fields: declarer, game, won, value, card points, list score.

    >>> from skat.ai.random_agent import RandomAgent
    >>> from skat.ai.arena import play_game
    >>> state = play_game(GameState(seed=4), [RandomAgent(s) for s in range(3)])
    >>> result_line(state.result).split()[0].startswith("declarer=")
    True
    """
    if result is None:
        return "declarer=- game=- won=0 value=0 points=0 score=0"
    if result.declarer is None or result.contract is None:
        kind = f"ramsch-{result.ramsch}" if result.ramsch is not None else "passed"
        return f"declarer=- game={kind} won=0 value=0 points=0 score=0"
    return (
        f"declarer={result.declarer} game={result.contract} won={int(result.won)} "
        f"value={result.value} points={result.points} score={result.score}"
    )


def cards_named(line: str) -> int:
    """The mask of the cards a protocol line names: the cards of ``hand``, ``skat``, ``open``
    and ``claim`` lines, the card played or put away in ``move`` lines and in ``ask``'s legal
    actions (declarations like ``HO``, Hearts Ouvert, are no cards).

    >>> CardSet(cards_named("ask DQ.D9 CJ.DQ")), CardSet(cards_named("ask HO NOH s"))
    (CardSet.parse('CJ DQ D9'), CardSet.parse(''))
    >>> CardSet(cards_named("open 0 CJ SJ")), CardSet(cards_named("move 1 HA"))
    (CardSet.parse('CJ SJ'), CardSet.parse('HA'))
    """
    words = line.split()
    if not words or words[0] not in ("hand", "skat", "open", "claim", "move", "ask"):
        return 0
    mask = 0
    for word in words[1:]:
        try:
            action = parse_action(word)
        except (ActionParseError, CardParseError, ValueError):
            continue
        if isinstance(action, Card):
            mask |= action.bit
        elif isinstance(action, Discard):
            mask |= action.cards.mask
    return mask


def short(line: str, words: int = 8) -> str:
    """``line`` for an error message: at most ``words`` words and the last one.

    >>> short("ask 18 20 22 23 24 27 30 33 35 36 40 p")
    'ask 18 20 22 23 24 27 30 … p'
    """
    parts = line.split()
    return line if len(parts) <= words + 1 else " ".join([*parts[:words], "…", parts[-1]])


class EngineProcess:
    """A running engine program: lines to its stdin, answers from its stdout, each within
    ``timeout`` seconds.  One program may play many games one after another (the arena
    keeps one per seat it fills, for all six games of a deal); its stdin closes at the end.
    Failures raise :class:`EngineError` with what went wrong (the caller adds who and where).
    """

    def __init__(self, command: str, *, timeout: float = DEFAULT_TIMEOUT) -> None:
        self.argv = command_of(command)
        self.timeout = timeout
        self._buffer = b""
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
            )
        except OSError as exc:
            raise EngineError(f"cannot start: {exc.strerror or exc}") from None

    def send(self, line: str) -> None:
        """Write one line (within ``timeout``: a program that stops reading does not hang the
        arena; a line is shorter than a pipe's atomic write, so a writable pipe takes it)."""
        assert self._proc.stdin is not None
        fd = self._proc.stdin.fileno()
        try:
            if not select.select([], [fd], [], self.timeout)[1]:
                raise EngineError(
                    f"read nothing for {self.timeout:g} s; stuck before {short(line)!r}"
                )
            os.write(fd, line.encode() + b"\n")
        except OSError:
            status = self._proc.poll()
            raise EngineError(f"exited (status {status}) before {short(line)!r}") from None

    def readline(self, ask: str) -> str:
        """The next line of the program's answer to ``ask``."""
        assert self._proc.stdout is not None
        fd = self._proc.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                raise EngineTimeout(f"gave no answer within {self.timeout:g} s to {ask!r}")
            chunk = os.read(fd, 4096)
            if not chunk:
                raise EngineError(f"exited (status {self._proc.wait()}) without answering {ask!r}")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode(errors="replace").strip()

    def kill(self) -> None:
        """End a program that stopped answering at once (its late answers are never read)."""
        if self._proc.returncode is None:
            self._proc.kill()
            self._proc.wait()
        for stream in (self._proc.stdin, self._proc.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()

    def close(self) -> None:
        """End the program (stdin closed, then killed if it does not exit at once)."""
        proc = self._proc
        if proc.returncode is not None:
            return
        try:
            if proc.stdin is not None:
                proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=min(self.timeout, 2.0))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()


class ExecEngine:
    """One game played by an outside program (see the module text and the protocol page).

    ``players`` (the other seats' agent names, in seat order) is told in ``hello`` unless
    ``blind``; ``timeout`` bounds every answer in seconds, and an answer not given in time is
    waited for ``retries`` more times as long before :class:`EngineTimeout` (``retried``
    counts those waits).  ``process`` is a running program to play in (it stays open after the
    game); without it the engine starts its own and ends it after the game."""

    def __init__(
        self,
        command: str,
        *,
        name: str = "",
        timeout: float = DEFAULT_TIMEOUT,
        blind: bool = False,
        players: Sequence[str] = (),
        game_id: str = "",
        process: EngineProcess | None = None,
        retries: int = RETRIES,
    ) -> None:
        self.command = command
        command_of(command)
        self.name = name or f"exec:{command}"
        self.timeout = timeout
        self.blind = blind
        self.players = tuple(players)
        self.game_id = game_id
        self.sent: list[str] = []
        self.retries = retries
        self.retried = 0
        """Answers waited for a second time (and more) after a timeout."""
        self._proc: EngineProcess | None = process
        self._owns = process is None
        self._started = False
        self._seat = -1
        self._events = 0
        self._known = 0  # mask of the cards the seat may know (checked when blind)
        self._told: set[str] = set()

    # -- the protocol, arena side -------------------------------------------------------

    def choose(self, view: View) -> Action:
        """Tell the engine what happened since it last moved, ask, check the answer."""
        if not self._started:
            self._start(view)
        self._catch_up(view)
        ask = "ask " + " ".join(str(a) for a in view.legal_actions)
        self._send(ask)
        shown = short(ask)
        answer = self._answer(shown)
        try:
            action = parse_action(answer)
        except (ActionParseError, CardParseError, ValueError):
            raise self._error(f"answered {answer!r}, which is no move, to {shown!r}") from None
        if not is_legal(action, view.legal_actions):
            raise self._error(f"played the illegal move {answer!r} to {shown!r}")
        return action

    def _answer(self, shown: str) -> str:
        """The program's answer line to the ``ask`` just sent, waited for once more after
        each timeout while retries are left."""
        assert self._proc is not None
        for attempt in range(self.retries + 1):
            try:
                return self._proc.readline(shown)
            except EngineTimeout as exc:
                if attempt == self.retries:
                    raise self._error(str(exc), EngineTimeout) from None
                self.retried += 1
                log.warning("%s; waiting once more", self._error(str(exc)))
            except EngineError as exc:
                raise self._error(str(exc)) from None
        raise AssertionError("unreachable")  # pragma: no cover

    def finish(self, state: GameState) -> None:
        """Tell the engine the rest of the game and the result (and end its own program)."""
        try:
            if self._started:
                self._catch_up(state.view(self._seat), final=True)
                skat = ".".join(c.name for c in state.deal.skat)
                self._send(f"end {result_line(state.result)} skat={skat}")
        finally:
            if self._owns:
                self.close()

    @property
    def process(self) -> EngineProcess | None:
        """The program this engine plays in (``None`` before its first move, or closed)."""
        return self._proc

    def close(self) -> None:
        """End the engine's own program (a shared one stays open)."""
        if self._owns and self._proc is not None:
            self._proc.close()
            self._proc = None

    # -- what the seat is told ----------------------------------------------------------

    def _start(self, view: View) -> None:
        self._seat = view.seat
        self._started = True
        if self._proc is None:
            try:
                self._proc = EngineProcess(self.command, timeout=self.timeout)
            except EngineError as exc:
                raise self._error(str(exc)) from None
        dealt = dealt_hand(view)
        self._known = dealt.mask | known_cards(view).mask
        hello = f"hello {PROTOCOL} seat={view.seat} rules={view.rules}"
        if self.game_id:
            hello += f" game={self.game_id}"
        if self.players and not self.blind:
            hello += " players=" + ",".join(p.replace(" ", "_") for p in self.players)
        self._send(hello)
        self._send(f"hand {dealt}")

    def _catch_up(self, view: View, *, final: bool = False) -> None:
        """The events since the last message, the skat and an open hand when they appear
        (``final``: the moves only; the ``end`` line tells the rest)."""
        self._known |= known_cards(view).mask
        for event in view.history[self._events :]:
            seat, action = event[0], event[1]
            if action is None:
                self._send(f"move {seat} discard")
                continue
            self._send(f"move {seat} {action}")
            if action is PICK_UP and seat == self._seat:
                self._told_skat(view)
        self._events = len(view.history)
        if not final:
            self._told_skat(view)
            self._told_open(view)

    def _told_skat(self, view: View) -> None:
        if view.skat is not None and "skat" not in self._told:
            self._told.add("skat")
            self._known |= view.skat.mask
            self._send(f"skat {view.skat}")

    def _told_open(self, view: View) -> None:
        for tag, seat, cards in (
            ("open", view.declarer, view.open_hand),
            ("claim", view.claimer, view.claimer_hand),
        ):
            if cards is not None and seat is not None and tag not in self._told:
                self._told.add(tag)
                self._known |= cards.mask
                self._send(f"{tag} {seat} {cards}")

    # -- lines --------------------------------------------------------------------------

    def _send(self, line: str) -> None:
        if self.blind:
            self._check_blind(line)
        self.sent.append(line)
        assert self._proc is not None
        try:
            self._proc.send(line)
        except EngineError as exc:
            raise self._error(str(exc)) from None

    def _check_blind(self, line: str) -> None:
        """Every card in ``line`` must be one the seat may know by now."""
        hidden = cards_named(line) & ~self._known
        if hidden:
            card = CardSet(hidden)
            raise self._error(f"blind mode: {short(line)!r} would show the hidden card(s) {card}")

    def _error(self, what: str, kind: type[EngineError] = EngineError) -> EngineError:
        where = f" in {self.game_id}" if self.game_id else ""
        return kind(f"engine {self.name} (seat {self._seat}{where}) {what}")

    def __repr__(self) -> str:
        return f"ExecEngine({self.command!r}, name={self.name!r})"


def dealt_hand(view: View) -> CardSet:
    """The cards dealt to ``view``'s seat, from what it holds and did: the cards it played and
    put away are added back, the skat it picked up taken out.

    >>> state = GameState(seed=3)
    >>> for a in ("18", "y", "p", "p", "s"):   # Forehand holds 18 and picks up the skat
    ...     _ = state.apply(a)
    >>> view = state.view(0)
    >>> len(view.hand), dealt_hand(view) == state.deal.hands[0]
    (12, True)
    """
    mask = view.hand.mask
    picked = False
    for event in view.history:
        seat, action = event[0], event[1]
        if seat != view.seat:
            continue
        if isinstance(action, Card):
            mask |= action.bit
        elif isinstance(action, Discard):
            mask |= action.cards.mask
        picked = picked or action is PICK_UP
    if picked and view.skat is not None:
        mask &= ~view.skat.mask
    return CardSet(mask)


def known_cards(view: View) -> CardSet:
    """The cards ``view``'s seat may know: its hand, the cards played, the skat and hands
    shown to it (what blind mode allows on the wire).

    >>> state = GameState(seed=3)
    >>> known_cards(state.view(0)) == state.hand(0)
    True
    """
    mask = view.hand.mask
    for trick in view.tricks:
        for card in trick.cards:
            mask |= card.bit
    for card in view.current_trick:
        mask |= card.bit
    for cards in (view.skat, view.discard, view.open_hand, view.claimer_hand):
        if cards is not None:
            mask |= cards.mask
    return CardSet(mask)
