"""A table on the server: its configuration, who holds which place, and the authority over it.

A :class:`Table` owns a :class:`~skat.series.Series` (3 or 4 players; the seed fixes every
deal) and a state counter: the number of actions applied so far.  Every action goes through
:meth:`Table.check` (the right token's player, the current counter, the engine's validation)
and then :meth:`Table.apply`; the action log (player, action text) replays the table exactly
(:meth:`Table.replay`), which is how the server resumes after a restart.

>>> config = TableConfig.parse({"rules": "isko", "games": 1, "seats": [
...     {"kind": "human", "name": "Anna"}, {"kind": "random"}, {"kind": "random"}]}, seed=3)
>>> table = Table("t1", config)
>>> table.counter, table.series.players, table.waiting
(0, ('Anna', 'Computer 2', 'Computer 3'), True)
>>> _ = table.claim()  # the table waits until its human places are taken
>>> table.waiting
False
>>> player = table.to_move()
>>> action = table.check(player, str(table.state.legal_actions()[0]), 0)
>>> table.apply(player, action).counter
1
>>> table.check(player, "p", 0)
Traceback (most recent call last):
...
skat.server.table.ActionRefused: stale: the table is at move 1, your message was for move 0
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import secrets
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from skat.core.actions import Action, Resign
from skat.core.deal import Deal
from skat.core.errors import ErrorCode
from skat.core.language import SOURCE, say
from skat.core.rules import Rules, RulesError
from skat.core.state import GameState, IllegalActionError, Phase
from skat.series import GameRecord, SeatingError, Series, SeriesError
from skat.series.commitment import fresh_seed
from skat.series.seating import SeatingOrder
from skat.server.refusals import Words, always, rules_words

HUMAN: Final = "human"
MAX_GAMES: Final = 1000
MAX_CLOCK: Final = 3600
MAX_NAME: Final = 40


class ConfigError(ValueError):
    """A table configuration that makes no sense; the message names the field (in English;
    :meth:`said` in a page's language)."""

    def __init__(self, message: Words) -> None:
        self.words = message if callable(message) else always(message)
        super().__init__(self.words(SOURCE))

    def said(self, lang: str) -> str:
        """The message in ``lang``."""
        return self.words(lang)


class ActionRefused(ValueError):
    """An action the table refuses; ``code`` is ``stale``, ``forbidden``, ``not_your_turn``,
    ``illegal`` or ``over``, and the message says why (in English; :meth:`said` in a page's
    language)."""

    def __init__(self, code: str, message: Words) -> None:
        self.words = message if callable(message) else always(message)
        self.code = code
        self.message = self.words(SOURCE)
        super().__init__(f"{code}: {self.message}")

    def said(self, lang: str) -> str:
        """The message in ``lang``."""
        return self.words(lang)


@dataclass(frozen=True)
class SeatConfig:
    """One place at the table: a human (``kind="human"``) or a computer (an agent name of
    :data:`skat.ai.arena.AGENTS`)."""

    kind: str
    name: str

    @property
    def human(self) -> bool:
        """Is this place for a person?"""
        return self.kind == HUMAN


@dataclass(frozen=True)
class TableConfig:
    """How a table plays: the rules, the series length (dealer turns), the places, the move
    clock (seconds a human has for a move, 0: no clock) and the seed of the deals."""

    rules: Rules
    games: int
    seats: tuple[SeatConfig, ...]
    seed: int
    clock: int = 0
    salt: str = ""
    """The secret of the deal commitments (:mod:`skat.series.commitment`), revealed at the end."""
    deal: str = ""
    """A deal played again (32 cards, Forehand's first): the first game gets these cards."""
    moves: tuple[tuple[int, str], ...] = ()
    """The moves of the game played again that are kept: ``(seat, action)``."""
    agent_seeds: tuple[int, ...] = ()
    """A deal played again: the seeds of the computer players of the first game, one a place
    (those of the old game, so the same moves get the same answers)."""
    host: int = 0
    """The place of the table's creator: he may start it with computers in the places nobody
    took (:data:`START`)."""
    show_points: bool = False
    """Show everyone the declarer's running card points during the play (the online sites hide
    them: counting is part of the game; the history page always shows them)."""

    def agent_seed(self, player: int, number: int) -> int:
        """The seed of the computer player at place ``player`` in game ``number``: drawn from
        the table's seed, or the old game's one for the first game of a deal played again.

        >>> c = TableConfig.parse({"seats": ["human", "random", "random"]}, seed=1)
        >>> c.agent_seed(1, 1) == c.agent_seed(1, 1) != c.agent_seed(1, 2)
        True
        >>> again = TableConfig.parse({**c.to_dict(), "deal": "", "agent_seeds": [0, 5, 6]})
        >>> again.agent_seed(1, 1), again.agent_seed(1, 2) == c.agent_seed(1, 2)
        (5, True)
        """
        if number == 1 and player < len(self.agent_seeds):
            return self.agent_seeds[player]
        return random.Random(f"{self.seed}:{(player, number)}").getrandbits(48)

    @staticmethod
    def parse(
        data: object, *, seed: int | None = None, agents: Sequence[str] | None = None
    ) -> TableConfig:
        """Read a configuration from JSON data; :class:`ConfigError` names what is wrong.

        ``agents`` are the computer levels allowed (default: every registered agent).

        >>> TableConfig.parse({"rules": "pub", "games": 3, "seats": ["human", "x", "random"]})
        Traceback (most recent call last):
        ...
        skat.server.table.ConfigError: seats[1]: unknown player kind 'x' (human, ...)
        """
        if agents is None:
            agents = computer_levels()
        if not isinstance(data, Mapping):
            raise ConfigError(lambda lang: say(lang, "server.config.object"))
        _known_fields(data)
        rules = _rules(data)
        games = _games(data)
        clock = _clock(data)
        seats = _seats(data, agents)
        seed = _seed(data, seed)
        salt = _salt(data)
        deal, moves = _again(data)
        agent_seeds = _agent_seeds(data, len(seats))
        host = _host(data, len(seats))
        show_points = _show_points(data)
        return TableConfig(
            rules, games, tuple(seats), seed, clock, salt, deal, moves, agent_seeds,
            host, show_points,
        )  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """The JSON form that :meth:`parse` reads back.

        >>> c = TableConfig.parse({"seats": ["human", "random", "random"]}, seed=1)
        >>> TableConfig.parse(c.to_dict()) == c
        True
        """
        return {
            "rules": str(self.rules),
            "games": self.games,
            "seats": [{"kind": s.kind, "name": s.name} for s in self.seats],
            "clock": self.clock,
            "seed": self.seed,
            "salt": self.salt,
            **({"deal": self.deal, "moves": [list(m) for m in self.moves]} if self.deal else {}),
            **({"agent_seeds": list(self.agent_seeds)} if self.agent_seeds else {}),
            **({"host": self.host} if self.host else {}),
            **({"show_points": True} if self.show_points else {}),
        }


def _known_fields(data: Mapping[str, Any]) -> None:
    """Refuse a field :meth:`TableConfig.parse` does not know."""
    unknown = set(data) - {
        *("rules", "games", "seats", "clock", "seed", "salt", "deal", "moves", "agent_seeds"),
        *("host", "show_points"),
    }
    if unknown:
        field = repr(sorted(unknown)[0])
        raise ConfigError(lambda lang: say(lang, "server.config.unknownField", field=field))


def _games(data: Mapping[str, Any]) -> int:
    """The games of the series: 1 to :data:`MAX_GAMES`."""
    games = data.get("games", 3)
    if type(games) is not int or not 1 <= games <= MAX_GAMES:
        raise ConfigError(
            lambda lang: say(lang, "server.config.games", most=MAX_GAMES, given=repr(games))
        )
    return games


def _clock(data: Mapping[str, Any]) -> int:
    """The move clock: seconds per move, 0 (off) to :data:`MAX_CLOCK`."""
    clock = data.get("clock", 0)
    if type(clock) is not int or not 0 <= clock <= MAX_CLOCK:
        raise ConfigError(
            lambda lang: say(lang, "server.config.clock", most=MAX_CLOCK, given=repr(clock))
        )
    return clock


def _seats(data: Mapping[str, Any], agents: Sequence[str]) -> list[SeatConfig]:
    """The 3 or 4 places, each with its own name."""
    raw = data.get("seats", [HUMAN, "heuristic", "heuristic"])
    if not isinstance(raw, list) or len(raw) not in (3, 4):
        raise ConfigError(lambda lang: say(lang, "server.config.seats"))
    seats = [_seat(place, i, agents) for i, place in enumerate(raw)]
    names = [s.name for s in seats]
    if len(set(names)) != len(names):
        raise ConfigError(lambda lang: say(lang, "server.config.names"))
    return seats


def _seed(data: Mapping[str, Any], seed: int | None) -> int:
    """The deals' seed: the caller's, the configuration's or a fresh one."""
    if seed is None:
        seed = data.get("seed", fresh_seed())
    if type(seed) is not int or seed < 0:
        raise ConfigError(lambda lang: say(lang, "server.config.seed", given=repr(seed)))
    return seed


def _salt(data: Mapping[str, Any]) -> str:
    """The deals' secret (drawn here unless stored)."""
    salt = data.get("salt") or secrets.token_hex(16)
    if not isinstance(salt, str) or len(salt) > 64:
        raise ConfigError(lambda lang: say(lang, "server.config.salt"))
    return salt


def _host(data: Mapping[str, Any], places: int) -> int:
    """The creator's place."""
    host = data.get("host", 0)
    if type(host) is not int or not 0 <= host < places:
        raise ConfigError(
            lambda lang: say(lang, "server.config.host", last=places - 1, given=repr(host))
        )
    return host


def _show_points(data: Mapping[str, Any]) -> bool:
    """Whether everyone sees the declarer's running card points."""
    show_points = data.get("show_points", False)
    if type(show_points) is not bool:
        raise ConfigError(
            lambda lang: say(lang, "server.config.showPoints", given=repr(show_points))
        )
    return show_points


def _agent_seeds(data: Mapping[str, Any], places: int) -> tuple[int, ...]:
    """The ``agent_seeds`` of a deal played again, checked: none, or a seed for every place."""
    raw = data.get("agent_seeds", [])
    if (
        not isinstance(raw, list)
        or len(raw) not in (0, places)
        or not all(type(s) is int and s >= 0 for s in raw)
    ):
        raise ConfigError(lambda lang: say(lang, "server.config.agentSeeds"))
    return tuple(raw)


def _rules(data: Mapping[str, Any]) -> Rules:
    """The ``rules`` of a configuration, checked."""
    text = data.get("rules", "isko")
    if not isinstance(text, str):
        raise ConfigError(lambda lang: say(lang, "server.config.rulesText"))
    try:
        return Rules.parse(text)
    except RulesError as exc:
        raise ConfigError(rules_words(exc)) from None


def _again(data: Mapping[str, Any]) -> tuple[str, tuple[tuple[int, str], ...]]:
    """The ``deal`` and ``moves`` of a deal played again, checked."""
    deal = data.get("deal") or ""
    if not isinstance(deal, str) or len(deal) > 200:
        raise ConfigError(lambda lang: say(lang, "server.config.deal"))
    if deal:
        try:
            Deal.parse(deal)
        except ValueError as exc:
            raise ConfigError(f"deal: {exc}") from None
    raw = data.get("moves", [])
    if not isinstance(raw, list) or len(raw) > 100:
        raise ConfigError(lambda lang: say(lang, "server.config.movesList"))
    moves = []
    for i, m in enumerate(raw):
        if not (
            isinstance(m, list) and len(m) == 2 and m[0] in (0, 1, 2) and isinstance(m[1], str)
        ):
            raise ConfigError(f"moves[{i}]: [seat 0-2, action text]")
        moves.append((int(m[0]), m[1]))
    if moves and not deal:
        raise ConfigError(lambda lang: say(lang, "server.config.movesDeal"))
    return deal, tuple(moves)


LEVELS_BY_STRENGTH: Final = (
    "random",
    "heuristic",
    "pimc-fast",
    "pimc-easy",
    "pimc-medium",
    "pimc-hard",
    "pimc",
    "pimc-learned",
    "pimc-expert",
)
"""The computer levels from the weakest to the strongest: by the work each does a card
(docs/agents.md: deals sampled and solver nodes; ``pimc`` is ``pimc-hard``, ``pimc-learned``
is ``hard`` drawing the hidden cards from the learned model, level with it in the arena,
docs/performance.md)."""


LEVEL_ALIASES: Final = {"pimc": "pimc-hard"}
"""Second names of a level: seated when asked for (old links, ``--robot-levels``), never
offered beside the level they name."""


def offered_levels() -> list[str]:
    """The computer levels the lobby offers: :func:`computer_levels` without the aliases.

    >>> "pimc-hard" in offered_levels(), "pimc" in offered_levels()
    (True, False)
    """
    return [name for name in computer_levels() if name not in LEVEL_ALIASES]


def default_computer() -> str:
    """The level the lobby and a waiting table offer first (:func:`skat.ai.arena.default_level`:
    ``pimc-fast`` with numba installed, else ``heuristic``)."""
    from skat.ai.arena import default_level

    return default_level()


def computer_levels() -> list[str]:
    """The computer players one can seat (the agents of the arena but its measuring
    :data:`~skat.ai.arena.BASELINES`), the weakest first (:data:`LEVELS_BY_STRENGTH`; agents
    registered beyond them follow by name)."""
    from skat.ai.arena import AGENTS, BASELINES

    known = [name for name in LEVELS_BY_STRENGTH if name in AGENTS]
    return known + sorted(set(AGENTS) - set(LEVELS_BY_STRENGTH) - BASELINES)


def _seat(place: object, i: int, agents: Sequence[str]) -> SeatConfig:
    where = f"seats[{i}]"
    if isinstance(place, str):
        place = {"kind": place}
    if not isinstance(place, Mapping):
        raise ConfigError(lambda lang: say(lang, "server.config.place", place=where))
    kind = place.get("kind", HUMAN)
    if kind != HUMAN and kind not in agents:
        known = ", ".join([HUMAN, *agents][:2])
        raise ConfigError(
            lambda lang: say(lang, "server.config.kind", place=where, given=repr(kind), known=known)
        )
    default = f"Player {i + 1}" if kind == HUMAN else f"Computer {i + 1}"
    return SeatConfig(kind, clean_name(place.get("name") or default, f"seats[{i}].name"))


def clean_name(name: object, where: str = "name") -> str:
    """A player's name with its spaces tidied; :class:`ConfigError` (naming ``where``) when it
    is no text of 1 to :data:`MAX_NAME` printable characters.

    >>> clean_name("  Anna   Maria ")
    'Anna Maria'
    >>> clean_name("")
    Traceback (most recent call last):
    ...
    skat.server.table.ConfigError: name: 1 to 40 printable characters
    """
    if not isinstance(name, str):
        raise ConfigError(
            lambda lang: say(lang, "server.config.nameText", where=where, given=repr(name))
        )
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise ConfigError(lambda lang: say(lang, "server.config.name", where=where, most=MAX_NAME))
    return name


def token_hash(token: str) -> str:
    """What the server keeps of a seat token (a leaked database gives no seat away)."""
    return hashlib.sha256(token.encode()).hexdigest()


ENDED: Final = "@ended"
"""``@ended TI.1``: the game ended because the player at seat 1 ran out of time (``TI``) or
left (``LE``), as the International Skat Server ends it (:meth:`Table.end_game`).  Like the
other table events (``@…``) it is stored in the action log and never taken from a client."""
OVER: Final = "@over"
"""``@over``: the series ended before its planned games (:meth:`Table.end_series`)."""
ENDINGS: Final = ("TI", "LE")


@dataclass(frozen=True)
class Ending:
    """A game ended by a player's timeout (``TI``) or leaving (``LE``): the seat at fault."""

    how: str
    seat: int

    def __str__(self) -> str:
        return f"{ENDED} {self.how}.{self.seat}"


EVENT: Final = "@"
"""The first character of a table event in the action log (not a move of the game)."""
NAME: Final = "@name"
"""``@name Anna``: the holder of a place names himself (before the first move of the table)."""
START: Final = "@start"
"""``@start heuristic``: the creator starts the table; the places nobody took get computer
players of that level."""
AUTO: Final = ("clock", "away", "claim")
"""Why the table made a move for a player: his move clock ran out, he was away past the
waiting time (``disconnect_concede``), or the rest of a claim was played out.  In the action log
the move is stored as ``CJ@clock``."""


@dataclass(frozen=True)
class TableEvent:
    """A change of the table itself, stored in the action log like a move: a place named
    (:data:`NAME`) or the table started with computers (:data:`START`)."""

    kind: str
    value: str

    def __str__(self) -> str:
        return f"{self.kind} {self.value}"


def split_stored(text: str) -> tuple[str, str]:
    """A stored move and why the table made it (``""``: its player did).

    >>> split_stored("CJ@clock"), split_stored("18"), split_stored("@name Anna")
    (('CJ', 'clock'), ('18', ''), ('@name Anna', ''))
    """
    if not text.startswith(EVENT) and EVENT in text:
        action, auto = text.split(EVENT, 1)
        return action, auto
    return text, ""


@dataclass(frozen=True)
class Applied:
    """What one action did: the new counter, the event, and the game it finished (if any)."""

    counter: int
    player: int
    action: Action | Ending | TableEvent
    finished: GameState | None = None
    record: GameRecord | None = None


@dataclass
class Table:
    """A table: configuration, claimed places and the series being played (module doc)."""

    id: str
    config: TableConfig
    claims: dict[int, str] = field(default_factory=dict)  # player -> token hash
    created: float = 0.0
    counter: int = 0
    series: Series = field(init=False)
    finished_games: list[GameState] = field(default_factory=list, init=False)
    rules_text: str = field(init=False)
    cache: dict[str, Any] = field(default_factory=dict, init=False, repr=False)
    """Views that change only between games (the score sheet), keyed by the games played."""
    moved_at: float = field(default=0.0, init=False)
    """When the last action was applied (``time.monotonic()``; the jump bid's delay)."""
    endings: dict[int, tuple[str, int, int]] = field(default_factory=dict, init=False)
    """Games ended by :meth:`end_game`: number -> (``TI``/``LE``, seat, moves before it)."""
    played: int = field(default=0, init=False)
    """Moves of the game applied from the log (not table events, not a replayed deal's)."""
    auto: dict[tuple[int, int], str] = field(default_factory=dict, init=False)
    """The moves the table made for a player: (game number, index in its history) -> why
    (:data:`AUTO`)."""

    def __post_init__(self) -> None:
        try:
            self.series = Series(
                [s.name for s in self.config.seats],
                self.config.rules,
                seed=self.config.seed,
                games=self.config.games,
            )
        except (SeriesError, SeatingError) as exc:
            raise ConfigError(str(exc)) from None
        self.rules_text = str(self.config.rules)
        if self.config.deal:
            self.series.deal_next(Deal.parse(self.config.deal))
        if not self.series.is_over:
            self.series.next_game()
        for i, (seat, text) in enumerate(self.config.moves):  # a deal played again
            player = self.series.seats[seat]
            try:
                self.apply(player, self.check(player, text, self.counter, stored=True))
            except ActionRefused as exc:
                raise ConfigError(f"moves[{i}] ({text!r}): {exc.message}") from None
            if self.finished_games:
                raise ConfigError(lambda lang: say(lang, "server.config.movesOver"))
        self.played = 0  # the moves kept of a deal played again are no player's yet

    # ------------------------------------------------------------------ places

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, clockwise (the first deals first)."""
        return self.series.players

    def claim(self, player: int | None = None) -> tuple[int, str]:
        """Give a free human place (``player``, or the first free one) a new token;
        returns (player, token).  The token is shown once; only its hash is kept."""
        free = self.free_places()
        if player is None:
            if not free:
                raise ActionRefused("full", lambda lang: say(lang, "server.refused.full"))
            player = free[0]
        if player not in free:
            raise ActionRefused(
                "taken", lambda lang: say(lang, "server.refused.placeTaken", place=player + 1)
            )
        token = secrets.token_urlsafe(18)
        self.claims[player] = token_hash(token)
        return player, token

    @property
    def waiting(self) -> bool:
        """The table waits for its players: a human place is free and no card was dealt out
        to play yet (nobody has moved).  Nothing runs meanwhile: no computer, no clock."""
        return self.played == 0 and bool(self.free_places()) and not self.series.is_over

    @property
    def claim_open(self) -> bool:
        """A binding claim is being played out (the declarer's under ``claim=isko``, or a
        defender's): the table plays the rest at once (:mod:`skat.server.claims`)."""
        state = self.state
        if state is None or state.is_over:
            return False
        course = state.course
        return course.claimer >= 0 or (course.claimed and self.config.rules.claim == "isko")

    def free_places(self) -> list[int]:
        """Human places nobody holds a token for."""
        return [i for i, s in enumerate(self.config.seats) if s.human and i not in self.claims]

    def player_of(self, token: str | None) -> int | None:
        """The player whose place ``token`` holds (``None``: a spectator)."""
        if not token:
            return None
        h = token_hash(token)
        for player, claimed in self.claims.items():
            if secrets.compare_digest(claimed, h):
                return player
        return None

    # ------------------------------------------------------------------ the game

    @property
    def is_over(self) -> bool:
        """The series has been played to the end."""
        return self.series.is_over

    @property
    def state(self) -> GameState | None:
        """The game being played (``None`` when the series is over)."""
        return None if self.series.is_over else self.series.current

    def seat_of(self, player: int | None) -> int | None:
        """The player's seat in the current game (0 Forehand … 2 Rearhand), ``None`` when he
        sits out (the dealer at a 4-table), watches, or the series is over."""
        if player is None or self.series.is_over:
            return None
        seats = self.series.seats
        return seats.index(player) if player in seats else None

    def to_move(self) -> int | None:
        """The player to move now (``None`` when the series is over)."""
        state = self.state
        if state is None:
            return None
        return self.series.seats[state.to_move]

    def computer_to_move(self) -> int | None:
        """The computer player to move now, if any."""
        player = self.to_move()
        if player is None or self.config.seats[player].human or self.waiting:
            return None
        if self.claim_open:
            return None
        return player

    def check(
        self,
        player: int | None,
        text: object,
        counter: object,
        auto: str = "",
        *,
        stored: bool = False,
    ) -> Action | TableEvent:
        """The action ``text`` of ``player`` if the table takes it now, else
        :class:`ActionRefused` with the reason.  Nothing changes.  ``auto``: the table moves
        for him (:data:`AUTO`); ``stored``: a move of the stored log (it was taken when it was
        made: a table of an older server played on with a place nobody took)."""
        if type(counter) is not int:
            raise ActionRefused("malformed", "an action needs 'counter', the table's move number")
        if counter != self.counter:
            at = self.counter
            raise ActionRefused(
                "stale", lambda lang: say(lang, "server.refused.stale", at=at, sent=counter)
            )
        if player is None:
            raise ActionRefused("forbidden", lambda lang: say(lang, "server.refused.spectator"))
        if not isinstance(text, str) or not text or len(text) > 60:
            raise ActionRefused("malformed", "an action is a short text such as '18', 'p', 'CJ'")
        if text.startswith(EVENT):
            return self._check_event(player, text)
        state = self.state
        if state is None:
            raise ActionRefused("over", lambda lang: say(lang, "server.refused.over"))
        if self.waiting and not stored:
            raise ActionRefused("waiting", lambda lang: say(lang, "server.refused.waiting"))
        seat = self.seat_of(player)
        if seat is None:
            raise ActionRefused("not_your_turn", lambda lang: say(lang, "server.refused.sitOut"))
        try:
            action = state.validate(text, seat)
        except IllegalActionError as exc:
            code = "not_your_turn" if exc.code == ErrorCode.NOT_YOUR_TURN else "illegal"
            raise ActionRefused(code, str(exc)) from None
        return action

    def _check_event(self, player: int, text: str) -> TableEvent:
        kind, _, value = text.partition(" ")
        if kind not in (NAME, START):
            raise ActionRefused("malformed", f"unknown table event {kind!r} (@name, @start)")
        if self.played or (kind == START and not self.waiting):
            raise ActionRefused("started", lambda lang: say(lang, "server.refused.started"))
        if kind == NAME:
            try:
                name = clean_name(value)
            except ConfigError as exc:
                raise ActionRefused("malformed", str(exc)) from None
            if name in (s.name for i, s in enumerate(self.config.seats) if i != player):
                raise ActionRefused(
                    "taken", lambda lang: say(lang, "server.refused.nameTaken", name=repr(name))
                )
            return TableEvent(NAME, name)
        if player != self.config.host:
            raise ActionRefused("forbidden", lambda lang: say(lang, "server.refused.notHost"))
        level = value or "heuristic"
        if level not in computer_levels():
            raise ActionRefused("malformed", f"unknown computer level {level!r}")
        return TableEvent(START, level)

    def _apply_event(self, player: int, event: TableEvent) -> None:
        seats = list(self.config.seats)
        if event.kind == NAME:
            seats[player] = SeatConfig(seats[player].kind, event.value)
        else:  # START: a computer in every place nobody took
            names = {s.name for s in seats}
            for i in self.free_places():
                name = f"Computer {i + 1}"
                while name in names:
                    name += "'"
                names.add(name)
                seats[i] = SeatConfig(event.value, name)
        self.config = dataclasses.replace(self.config, seats=tuple(seats))
        self.series.seating = SeatingOrder([s.name for s in seats])
        self.cache.clear()

    def apply(self, player: int, action: Action | TableEvent, auto: str = "") -> Applied:
        """Apply a checked action; finishes and records the game when it ends, and deals
        the next one.  ``auto``: why the table made the move for the player (:data:`AUTO`)."""
        if isinstance(action, TableEvent):
            self._apply_event(player, action)
            self.counter += 1
            return Applied(self.counter, player, action)
        state = self.state
        assert state is not None, "check() first"
        seat = self.seat_of(player)
        if auto:
            self.auto[(self.series.number, len(state.history))] = auto
        state.apply(action, seat)
        self.counter += 1
        self.played += 1
        self.moved_at = time.monotonic()
        if not state.is_over:
            return Applied(self.counter, player, action)
        record = self.series.record(state)
        self.finished_games.append(state)
        if not self.series.is_over:
            self.series.next_game()
        return Applied(self.counter, player, action, state, record)

    def check_end(self, player: int | None, how: str, counter: object) -> Ending:
        """The ending of the current game by ``player``'s timeout or leaving (``how``:
        ``TI``/``LE``) if the table can end it now, else :class:`ActionRefused`."""
        if counter != self.counter:
            raise ActionRefused("stale", f"the table is at move {self.counter}, not {counter}")
        state = self.state
        seat = self.seat_of(player)
        if how not in ENDINGS:
            raise ActionRefused("malformed", f"a game ends by TI or LE, not {how!r}")
        if state is None or state.is_over or seat is None:
            raise ActionRefused("over", "no game of this player is being played")
        return Ending(how, seat)

    def end_game(self, player: int, ending: Ending) -> Applied:
        """End the current game because ``player`` ran out of time or left, as the
        International Skat Server does: once the game is declared the declarer resigns (his
        fault) or both defenders do (a defender's), so the other party wins every card not
        yet taken; before that nothing was played: the game is written with a penalty for
        the seat at fault and 0 for everyone on the list (:meth:`Series.abandon`).  The next
        game is dealt."""
        state = self.state
        assert state is not None, "check_end() first"
        number = self.series.number
        self.endings[number] = (ending.how, ending.seat, len(state.history))
        d = state.course.declarer
        if state.phase == Phase.PLAY and d >= 0:
            if ending.seat == d:
                alone = Resign(d)
                state.apply(alone if alone in state.end_actions() else Resign(d, (d + 1) % 3), d)
            else:
                for s in range(3):
                    if s != d and not state.is_over and Resign(s) in state.end_actions():
                        state.apply(Resign(s), s)
        if state.is_over:
            record = self.series.record(state)
        else:
            record = self.series.abandon(state)
        self.counter += 1
        self.moved_at = time.monotonic()
        self.finished_games.append(state)
        if not self.series.is_over:
            self.series.next_game()
        return Applied(self.counter, player, ending, state, record)

    def end_series(self) -> None:
        """End the series now (its players will not play on): the game dealt but not begun
        is dropped.  Stored in the log as :data:`OVER`."""
        series = self.series
        series.planned = series.turn
        series.current = None
        self.counter += 1

    def apply_stored(self, player: int, text: str) -> Applied | None:
        """Check and apply one move of the stored log (a table event too: :data:`ENDED`,
        :data:`OVER`, :data:`NAME`, :data:`START`; ``CJ@clock``: :func:`split_stored`)."""
        kind, _, value = text.partition(" ")
        if kind == ENDED:
            how, _, _ = value.partition(".")
            return self.end_game(player, self.check_end(player, how, self.counter))
        if kind == OVER:
            self.end_series()
            return None
        action, auto = split_stored(text)  # ``CJ@clock``: a move the table made for him
        checked = self.check(player, action, self.counter, auto, stored=True)
        return self.apply(player, checked, auto)

    def replay(self, log: Sequence[tuple[int, str]]) -> None:
        """Apply a stored action log (after a restart); :class:`ConfigError` if it does not
        fit (a damaged database), naming the move."""
        for i, (player, text) in enumerate(log):
            try:
                self.apply_stored(player, text)
            except ActionRefused as exc:
                raise ConfigError(f"table {self.id}: stored move {i} ({text!r}): {exc}") from None
