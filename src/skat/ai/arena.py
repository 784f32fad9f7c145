"""The arena: two agents play the same deals in every seat arrangement (duplicate Skat).

Each deal is played six times, once for each way to seat two agents A and B at the three
seats with both present: ``AAB ABA BAA`` (B alone, in each seat) and ``ABB BAB BBA`` (A alone,
in each seat) — the 3 rotations × 2 assignments.  Every agent sits in every seat equally often
and meets every deal as the lone player and as the pair, so the luck of the cards cancels.

Every game is scored on a Seeger-Fabian tournament list (:func:`skat.core.sheets.entries`:
won + value + 50, lost − 2 × value − 50, + 40 to each other player for a lost game; a Ramsch
writes its own scores).  An agent's *TP per game* is its total over the seat-games it played
divided by their number (9 of the 18 seat-games of a deal each); a 36-game list is 36 times
that.  The difference A − B is taken per deal and its 95 % confidence interval comes from
these paired differences (normal approximation, ``1.96 · s / √n``).

Deals and the agents' seeds are derived from the arena seed, the deal number and the seat
arrangement only, and every agent for every game is made fresh, so the results do not depend
on how many processes play them.  No clock is involved: the computer players bound their work
by counts (deals sampled, solver nodes), so a run gives the same figures on a busy machine as
on an idle one.  A wall-clock ``budget`` per decision is an optional safety net only; a
decision that runs over it (or fails) is replaced by a fallback move, and the last line then
says how many there were (``fallbacks: N``) because the figure no longer measures the players
alone.

An agent ``exec:PROGRAM`` is an outside program speaking the line protocol of
:mod:`skat.ai.engine` (``docs/engine-protocol.md``); :class:`Options` holds what researchers
set (an oracle's contract, passed-in games void, blind mode, the engines' time per decision).
Its name in the tables is short (:func:`short_name`: the program's or script's file name, or
the ``NAME`` of ``NAME=exec:PROGRAM``).  An engine that does not answer in time is waited for
once more; if it still does not answer, its program is ended and the heuristic plays the rest
of that game in its seat (:class:`StandIn`), each of those decisions counted as a fallback, and
the next game starts the program afresh: a slow engine never ends a long run, and the figure
says it was not the engine's alone.
The deals run in this process, in ``jobs`` processes or on Ray (:func:`map_tasks`).

>>> report = run_arena(["random", "random"], deals=2, seed=7)
>>> report.games, len(report.deal_diffs), report.last_line().startswith("diff: ")
(12, 2, True)
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import math
import multiprocessing
import os
import random
import re
import shlex
import signal
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from skat.ai.agent import Agent, SafeAgent
from skat.ai.arenasettings import settings_of
from skat.ai.engine import DEFAULT_TIMEOUT, EngineProcess, EngineTimeout, ExecEngine, command_of
from skat.core.actions import Action, Event
from skat.core.deal import Deal
from skat.core.phase import PLAY
from skat.core.rules import ISKO, Rules
from skat.core.scoring import Result
from skat.core.sheets import entries
from skat.core.state import GameState, View

AGENTS: Final[dict[str, str]] = {
    "random": "skat.ai.random_agent:RandomAgent",
    "heuristic": "skat.ai.heuristic:HeuristicAgent",
    "heuristic-rules": "skat.ai.heuristic:rules_only",
    "pimc": "skat.ai.pimc:PimcAgent",
    "pimc-fast": "skat.ai.pimc:fast",
    "pimc-easy": "skat.ai.pimc:easy",
    "pimc-medium": "skat.ai.pimc:medium",
    "pimc-hard": "skat.ai.pimc:hard",
    "pimc-expert": "skat.ai.pimc:expert",
    "pimc-learned": "skat.ai.pimc:learned",
}
"""Agent names and their factories (``module:callable``, called as ``factory(seed=...)``)."""

BASELINES: Final = frozenset({"heuristic-rules"})
"""Names of :data:`AGENTS` for measurements, not offered as computer players (the web table's
levels leave them out): ``heuristic-rules`` is the heuristic without its counted ending."""

FAST_LEVEL: Final = "pimc-fast"
"""The default computer level where the solver runs compiled (:func:`default_level`)."""


def default_level() -> str:
    """The computer level ``skat play`` and the web table seat unless told otherwise:
    ``pimc-fast`` (the strongest level that answers in milliseconds, docs/performance.md) when
    the double-dummy solver runs compiled (numba installed and ``SKAT_NO_NUMBA`` unset), else
    ``heuristic`` (the solver as plain Python would make it think for seconds in a Null game).
    Decided without importing the solver (which compiles it).

    >>> default_level() in (FAST_LEVEL, "heuristic")
    True
    """
    if os.environ.get("SKAT_NO_NUMBA", "").strip().lower() in ("1", "true", "yes", "on"):
        return "heuristic"
    return FAST_LEVEL if importlib.util.find_spec("numba") is not None else "heuristic"


EXEC: Final = "exec:"
"""The prefix of an outside engine: ``exec:PROGRAM [ARGS]`` (:class:`~skat.ai.engine.ExecEngine`),
or ``NAME=exec:PROGRAM [ARGS]`` to name it in the tables."""

SHORT: Final = 20
"""The longest name of an outside engine in the tables."""

_INTERPRETER: Final = re.compile(r"(python|pypy|node|ruby|perl|java|sh|bash|env)[0-9.]*$")

log: Final = logging.getLogger("skat.ai")

ARRANGEMENTS: Final[tuple[tuple[int, int, int], ...]] = (
    (0, 0, 1),
    (0, 1, 0),
    (1, 0, 0),
    (0, 1, 1),
    (1, 0, 1),
    (1, 1, 0),
)
"""Which agent (0 = A, 1 = B) sits at Forehand, Middlehand, Rearhand in the six games of a deal."""

DEFAULT_BUDGET: Final[float | None] = None
"""The arena's wall-clock limit per decision: none.  The players' own budgets are counts
(samples, nodes), so the results do not depend on the machine's load; a limit in seconds
(``budget=``) is a safety net that turns slow decisions into counted fallbacks."""

T = TypeVar("T")
R = TypeVar("R")

Recorder = Callable[[GameState, dict[str, Any]], Any]
"""Turns a finished game and its meta data into a record (the CLI writes JSON records)."""


def register_agent(name: str, factory: str) -> None:
    """Make ``name`` available to the arena; ``factory`` is ``"module:callable"`` and is called
    with ``seed=<int>`` to make one agent for one game.

    >>> register_agent("random2", "skat.ai.random_agent:RandomAgent")
    >>> type(make_agent("random2", seed=1)).__name__
    'RandomAgent'
    >>> del AGENTS["random2"]
    """
    if ":" not in factory:
        raise ValueError(f"an agent factory is 'module:callable', not {factory!r}")
    AGENTS[name] = factory


CHECKPOINTS: Final[dict[str, str]] = {"dmc": "skat.env.learn:dmc"}
"""Agents that play a trained checkpoint, named ``PREFIX:PATH`` (``dmc:dmc.npz``: the card
play of :mod:`skat.env.learn`'s learner, the rest as the heuristic; numpy needed), and their
factories, called as ``factory(seed=..., checkpoint=PATH)``."""


def make_agent(name: str, seed: int) -> Agent:
    """A new agent by name (or ``module:callable``, or ``PREFIX:PATH`` of
    :data:`CHECKPOINTS`) for one game."""
    prefix, _, path = name.partition(":")
    kwargs: dict[str, Any] = {"seed": seed}
    spec = AGENTS.get(name, name)
    if prefix in CHECKPOINTS:
        spec, kwargs["checkpoint"] = CHECKPOINTS[prefix], path
        if not path:
            raise ValueError(f"{prefix}: needs the checkpoint's path ({prefix}:PATH)")
    if ":" not in spec:
        raise ValueError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})")
    module, _, attr = spec.partition(":")
    factory = getattr(importlib.import_module(module), attr)
    agent = factory(**kwargs)
    if not isinstance(agent, Agent):
        raise TypeError(f"{spec} made {agent!r}, which has no choose(view)")
    return agent


def deal_of(seed: int, index: int) -> Deal:
    """The deal number ``index`` of an arena run (the same in every process).

    >>> deal_of(1, 0) == deal_of(1, 0), deal_of(1, 0) == deal_of(1, 1)
    (True, False)
    """
    return Deal.random(random.Random(f"arena:{seed}:{index}"))


def agent_seed(seed: int, index: int, arrangement: int, seat: int) -> int:
    """The seed of the agent at ``seat`` in game ``arrangement`` of deal ``index``."""
    return random.Random(f"agent:{seed}:{index}:{arrangement}:{seat}").getrandbits(63)


def play_game(state: GameState, agents: Sequence[Agent]) -> GameState:
    """Play ``state`` to the end, each seat's agent deciding from its own view.

    >>> from skat.ai.random_agent import RandomAgent
    >>> play_game(GameState(seed=4), [RandomAgent(s) for s in range(3)]).is_over
    True
    """
    while not state.is_over:
        seat = state.to_move
        state.apply(agents[seat].choose(state.view(seat)))
    return state


@dataclass(frozen=True)
class GameOutcome:
    """One game of the arena: which agent sat where, what happened, the list entries."""

    deal_index: int
    arrangement: int
    seats: tuple[int, int, int]  # agent index (0 = A, 1 = B) per seat
    events: tuple[Event, ...]
    result: Result
    tp: tuple[int, int, int]  # Seeger-Fabian tournament points per seat
    fallbacks: tuple[int, int, int]
    record: Any = None

    @classmethod
    def of(
        cls,
        state: GameState,
        deal: int,
        arrangement: int,
        seats: tuple[int, int, int],
        fallbacks: tuple[int, int, int],
        record: Any = None,
    ) -> GameOutcome:
        """The outcome of the finished game ``state``, scored on a Seeger-Fabian list."""
        result = state.result
        assert result is not None
        tp = entries(result, (0, 1, 2), 3, "seeger")
        return cls(
            deal_index=deal,
            arrangement=arrangement,
            seats=seats,
            events=tuple(state.history),
            result=result,
            tp=(tp[0], tp[1], tp[2]),
            fallbacks=fallbacks,
            record=record,
        )


@dataclass(frozen=True)
class Options:
    """What researchers set for a match with outside engines (all off by default).

    ``contract`` ``"oracle"`` fixes the bidding, skat and declaration of every deal to what
    three ``heuristic`` players do on it (:func:`oracle_prefix`), so the agents play the cards
    only; ``void_passed`` leaves passed-in games out of the statistics; ``blind`` hides the
    other seats' agent names from outside engines and checks every line sent to them against
    what their seat may know; ``engine_timeout`` bounds an outside engine's every answer."""

    contract: str = "bid"
    void_passed: bool = False
    blind: bool = False
    engine_timeout: float = DEFAULT_TIMEOUT


CONTRACT_MODES: Final = ("bid", "oracle")
"""``--contract``: the agents bid (``bid``), or an oracle fixes the contract (``oracle``)."""

ORACLE: Final = "heuristic"
"""The agent whose bidding, skat and declaration fix the contract under ``contract="oracle"``."""


@dataclass(frozen=True)
class _Task:
    seed: int
    index: int
    specs: tuple[str, str]
    rules: str
    budget: float | None
    recorder: Recorder | None
    names: tuple[str, str]
    options: Options = Options()
    settings: tuple[tuple[str, Any], ...] = ()  # the run's settings, written in each record


def oracle_prefix(deal: Deal, rules: Rules, seed: int, oracle: str = ORACLE) -> list[Action]:
    """The actions up to the first card of ``deal`` as three ``oracle`` players (the arena's
    :data:`ORACLE`) bid, pick up or play Hand, discard and declare (the passes of a deal they
    pass in).

    >>> prefix = oracle_prefix(deal_of(1, 0), ISKO, 1)
    >>> type(prefix[-1]).__name__
    'Declare'
    """
    state = GameState(deal, rules)
    agents = [make_agent(oracle, seed + seat) for seat in range(3)]
    while not state.is_over and state.phase < PLAY:
        state.apply(agents[state.to_move].choose(state.view(state.to_move)))
    return [event.action for event in state.history]


class _Programs:
    """The outside engines' programs of one deal: started when a seat needs one, handed
    back after each game for the next, closed at the end of the deal."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.free: dict[str, list[EngineProcess]] = {}
        self.all: list[EngineProcess] = []

    def take(self, command: str) -> EngineProcess:
        free = self.free.setdefault(command, [])
        if free:
            return free.pop()
        process = EngineProcess(command, timeout=self.timeout)
        self.all.append(process)
        return process

    def give_back(self, command: str, process: EngineProcess) -> None:
        self.free[command].append(process)

    def close(self) -> None:
        for process in self.all:
            process.close()


class StandIn:
    """An outside engine's seat for one game: the engine plays until it gives no answer in
    time (after its retry: :class:`~skat.ai.engine.EngineTimeout`); then its program is ended
    and the heuristic plays the rest of the game in its place, each decision counted in
    ``fallbacks`` (a game the engine did not play to the end is not its figure alone)."""

    def __init__(self, engine: ExecEngine, seed: int) -> None:
        self.engine = engine
        self.seed = seed
        self.substitute: Agent | None = None
        self.fallbacks = 0
        self.last_reason = ""

    def choose(self, view: View) -> Action:
        """The engine's action, or the stand-in's once the engine has timed out."""
        if self.substitute is None:
            try:
                return self.engine.choose(view)
            except EngineTimeout as exc:
                self.last_reason = str(exc)
                log.warning("%s; the heuristic plays the rest of this game", exc)
                if self.engine.process is not None:
                    self.engine.process.kill()
                self.substitute = make_agent(ORACLE, self.seed)
        self.fallbacks += 1
        return self.substitute.choose(view)


def _seat(
    task: _Task, who: int, seed: int, players: Sequence[str], game: str, programs: _Programs
) -> Agent:
    """The agent of one seat: an outside engine in one of the deal's programs (behind
    :class:`StandIn`), or a named agent behind :class:`SafeAgent`."""
    spec = task.specs[who]
    command = exec_spec(spec)
    if command is None:
        return SafeAgent(make_agent(spec, seed), budget=task.budget, name=task.names[who])
    engine = ExecEngine(
        command,
        name=f"{EXEC}{command}",  # the whole command in its errors
        timeout=task.options.engine_timeout,
        blind=task.options.blind,
        players=players,
        game_id=game,
        process=programs.take(command),
    )
    return StandIn(engine, seed)


def _play_arranged(
    task: _Task, state: GameState, number: int, seats: Sequence[int], programs: _Programs
) -> list[Agent]:
    """Seat the agents of arrangement ``number`` and play ``state`` to the end; outside
    engines play in the deal's programs and are told the end."""
    players = [task.names[who] for who in seats]
    game = f"arena-{task.seed}-{task.index}-{number}"
    agents = [
        _seat(task, who, agent_seed(task.seed, task.index, number, seat), players, game, programs)
        for seat, who in enumerate(seats)
    ]
    play_game(state, agents)
    for agent in agents:
        if isinstance(agent, StandIn) and agent.substitute is None:
            engine = agent.engine
            engine.finish(state)
            assert engine.process is not None
            programs.give_back(engine.command, engine.process)
    return agents


def play_deal(task: _Task) -> list[GameOutcome]:
    """Play one deal in all six arrangements (the unit of work of a process)."""
    programs = _Programs(task.options.engine_timeout)
    try:
        return _play_deal(task, programs)
    finally:
        programs.close()


def _play_deal(task: _Task, programs: _Programs) -> list[GameOutcome]:
    rules = Rules.parse(task.rules)
    deal = deal_of(task.seed, task.index)
    prefix: list[Action] = []
    if task.options.contract == "oracle":
        prefix = oracle_prefix(deal, rules, agent_seed(task.seed, task.index, -1, 0))
    out = []
    for number, seats in enumerate(ARRANGEMENTS):
        state = GameState(deal, rules)
        for action in prefix:
            state.apply(action)
        agents = _play_arranged(task, state, number, seats, programs)
        fallbacks = (_fallbacks(agents[0]), _fallbacks(agents[1]), _fallbacks(agents[2]))
        record = None
        if task.recorder is not None:
            meta = {
                "players": [task.names[who] for who in seats],
                "id": f"arena-{task.seed}-{task.index}-{number}",
                "arena": {
                    **dict(task.settings),
                    "deal": task.index,
                    "arrangement": number,
                    "fallbacks": list(fallbacks),
                },
            }
            record = task.recorder(state, meta)
        out.append(GameOutcome.of(state, task.index, number, seats, fallbacks, record))
    return out


def _fallbacks(agent: Agent) -> int:
    return int(getattr(agent, "fallbacks", 0))


@dataclass
class AgentStats:
    """What one agent did over the arena."""

    name: str
    seat_games: int = 0
    tp: int = 0
    declared: int = 0
    won: int = 0
    lost: int = 0
    contracts: Counter[str] = field(default_factory=Counter)
    fallbacks: int = 0

    @property
    def tp_per_game(self) -> float:
        """Tournament points per seat-game."""
        return self.tp / self.seat_games if self.seat_games else 0.0

    @property
    def tp_per_list(self) -> float:
        """Tournament points per 36-game list."""
        return 36 * self.tp_per_game


CONTRACT_COLUMNS: Final = ("D", "H", "S", "C", "G", "N", "hand")
"""The contract mix columns: the game types declared, and how many of them were Hand games."""


def ci95_half_width(diffs: Sequence[float]) -> float:
    """Half-width of the 95 % confidence interval of the mean of paired differences
    (normal approximation, ``1.96 · s / √n``; ``inf`` below two).

    >>> round(ci95_half_width([1.0, 3.0, 2.0, 4.0]), 3), ci95_half_width([5.0])
    (1.265, inf)
    """
    n = len(diffs)
    if n < 2:
        return math.inf
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return 1.96 * math.sqrt(var / n)


@dataclass
class ArenaReport:
    """The statistics of an arena run; ``deal_diffs`` are A − B in TP per game, per deal."""

    stats: tuple[AgentStats, AgentStats]
    deal_diffs: list[float] = field(default_factory=list)
    games: int = 0
    passed: int = 0
    ramsch: int = 0
    void_passed: bool = False
    void_deals: int = 0

    def add(self, outcomes: Iterable[GameOutcome]) -> None:
        """Count the six games of one deal (with ``void_passed`` a passed-in game counts for
        nobody, and a deal with no game left for an agent is void: no difference)."""
        per_agent = [0, 0]
        count = [0, 0]
        for g in outcomes:
            self.games += 1
            r = g.result
            if r.ramsch is not None:
                self.ramsch += 1
            elif r.declarer is None:
                self.passed += 1
                if self.void_passed:
                    continue
            for seat, who in enumerate(g.seats):
                s = self.stats[who]
                s.seat_games += 1
                s.tp += g.tp[seat]
                s.fallbacks += g.fallbacks[seat]
                per_agent[who] += g.tp[seat]
                count[who] += 1
            if r.declarer is not None and r.contract is not None:
                s = self.stats[g.seats[r.declarer]]
                s.declared += 1
                s.won += r.won
                s.lost += not r.won
                s.contracts[r.contract.game_type.letter] += 1
                s.contracts["hand"] += r.contract.hand
        if 0 in count:
            self.void_deals += 1
            return
        self.deal_diffs.append(per_agent[0] / count[0] - per_agent[1] / count[1])

    @property
    def fallbacks(self) -> int:
        """Decisions of both agents replaced by a fallback move (an error, an illegal
        action or, with a wall-clock budget, a time-out)."""
        return sum(s.fallbacks for s in self.stats)

    @property
    def diff(self) -> float:
        """Mean of the per-deal differences A − B (TP per game)."""
        return sum(self.deal_diffs) / len(self.deal_diffs) if self.deal_diffs else 0.0

    @property
    def ci95(self) -> float:
        """Half-width of the 95 % confidence interval of :attr:`diff` (``inf`` below 2 deals)."""
        return ci95_half_width(self.deal_diffs)

    def table(self) -> str:
        """One line per agent: TP per game and per list, games as declarer, contract mix."""
        w = max(14, *(len(s.name) + 2 for s in self.stats))
        head = (
            f"{'agent':<{w}}{'seat-games':>11}{'TP/game':>9}{'TP/36':>9}"
            f"{'declared':>9}{'won':>6}{'lost':>6}{'won%':>7}"
            + "".join(f"{c:>6}" for c in CONTRACT_COLUMNS)
            + f"{'fallbacks':>10}"
        )
        lines = [head]
        for s in self.stats:
            pct = f"{100 * s.won / s.declared:.1f}" if s.declared else "-"
            lines.append(
                f"{s.name:<{w}}{s.seat_games:>11}{s.tp_per_game:>9.2f}{s.tp_per_list:>9.1f}"
                f"{s.declared:>9}{s.won:>6}{s.lost:>6}{pct:>7}"
                + "".join(f"{s.contracts[c]:>6}" for c in CONTRACT_COLUMNS)
                + f"{s.fallbacks:>10}"
            )
        lines.append(
            f"games: {self.games} ({len(self.deal_diffs)} deals × {len(ARRANGEMENTS)} seat "
            f"arrangements), passed in: {self.passed}, Ramsch: {self.ramsch}"
            + (f", void deals: {self.void_deals}" if self.void_passed else "")
        )
        return "\n".join(lines)

    def last_line(self) -> str:
        """``diff: +X.XX ± Y.YY TP/game (95% CI), deals: N`` (A minus B), followed by
        ``, fallbacks: F`` when any decision was replaced by a fallback move.

        >>> r = ArenaReport((AgentStats("a"), AgentStats("b")), [10.0, 20.0, 30.0])
        >>> r.last_line()
        'diff: +20.00 ± 11.32 TP/game (95% CI), deals: 3'
        >>> r.stats[1].fallbacks = 53
        >>> r.last_line()
        'diff: +20.00 ± 11.32 TP/game (95% CI), deals: 3, fallbacks: 53'
        """
        line = (
            f"diff: {self.diff:+.2f} ± {self.ci95:.2f} TP/game (95% CI), "
            f"deals: {len(self.deal_diffs)}"
        )
        return f"{line}, fallbacks: {self.fallbacks}" if self.fallbacks else line


def exec_spec(name: str) -> str | None:
    """The command of an outside engine's agent name (``exec:CMD`` or ``NAME=exec:CMD``),
    ``None`` for any other agent.

    >>> exec_spec("xskat=exec:./xskat -l 3"), exec_spec("exec:./bot"), exec_spec("heuristic")
    ('./xskat -l 3', './bot', None)
    """
    label, equals, rest = name.partition("=")
    if equals and rest.startswith(EXEC) and label and EXEC not in label:
        return rest[len(EXEC) :]
    return name[len(EXEC) :] if name.startswith(EXEC) else None


def short_name(name: str) -> str:
    """An agent's name in the tables: an outside engine's ``NAME`` if it was given one, else
    the file name of its program (of the script, when the program is an interpreter), without
    its extension, at most :data:`SHORT` characters; any other agent's name as it is.

    >>> short_name("exec:/usr/bin/python3 /home/me/bots/mybot.py --deep")
    'mybot'
    >>> short_name("exec:./xskat-engine -l 3"), short_name("XSkat 4=exec:./x"), short_name("pimc")
    ('xskat-engine', 'XSkat_4', 'pimc')
    """
    command = exec_spec(name)
    if command is None:
        return name
    label = name.partition("=")[0] if not name.startswith(EXEC) else ""
    if not label:
        try:
            words = [w for w in shlex.split(command) if not w.startswith("-")]
        except ValueError:
            words = command.split()
        label = os.path.basename(words[0]) if words else "engine"
        if _INTERPRETER.match(label) and len(words) > 1:
            label = os.path.basename(words[1])
        label = os.path.splitext(label)[0] or label
    label = "_".join(label.split())
    return label if len(label) <= SHORT else label[: SHORT - 1] + "…"


def labels(names: Sequence[str]) -> tuple[str, str]:
    """Names for the table (:func:`short_name`): ``random#1``/``random#2`` when an agent
    plays itself, or two engines have the same short name.

    >>> labels(["heuristic", "random"]), labels(["random", "random"])
    (('heuristic', 'random'), ('random#1', 'random#2'))
    """
    if len(names) != 2:
        raise ValueError(f"the arena compares two agents, got {len(names)}")
    a, b = (short_name(n) for n in names)
    return (f"{a}#1", f"{b}#2") if a == b else (a, b)


def map_tasks(
    func: Callable[[T], R], tasks: Iterable[T], *, count: int, jobs: int = 1, ray: str | None = None
) -> Iterator[R]:
    """``func`` over ``count`` ``tasks``, results in task order: in this process (``jobs`` 1),
    in ``jobs`` processes, or on Ray at address ``ray`` (:func:`skat.ai.cluster.ray_imap`,
    ``jobs`` workers when it starts a local Ray).  The arena and self-play run on it.

    >>> list(map_tasks(abs, [-1, 2, -3], count=3))
    [1, 2, 3]
    """
    if ray is not None:
        from skat.ai.cluster import ray_imap

        yield from ray_imap(func, tasks, address=ray, num_cpus=jobs)
        return
    if jobs <= 1 or count <= 1:
        yield from map(func, tasks)
        return
    with multiprocessing.Pool(min(jobs, count), initializer=_leave_ctrl_c_to_the_parent) as pool:
        yield from pool.imap(func, tasks, chunksize=1)


def _leave_ctrl_c_to_the_parent() -> None:
    """A worker ignores Ctrl-C (SIGINT, sent to the whole process group): the command stops
    the pool and says one line, instead of each worker printing a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _specs(names: Sequence[str]) -> tuple[str, str]:
    """The factories of the two agents, checked in this process (a one-line error)."""
    if len(names) != 2:
        raise ValueError(f"the arena compares two agents, got {len(names)}")
    specs = (AGENTS.get(names[0], names[0]), AGENTS.get(names[1], names[1]))
    for name, spec in zip(names, specs, strict=True):
        command = exec_spec(spec)
        if command is not None:
            command_of(command)
            continue
        if ":" not in spec:
            raise ValueError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})")
        make_agent(name, 0)  # fail early, in this process, on a bad factory
    return specs


def iter_arena(
    names: Sequence[str],
    *,
    deals: int | Sequence[int],
    seed: int = 0,
    jobs: int = 1,
    rules: Rules = ISKO,
    budget: float | None = DEFAULT_BUDGET,
    recorder: Recorder | None = None,
    options: Options = Options(),
    ray: str | None = None,
) -> Iterator[list[GameOutcome]]:
    """The outcomes deal by deal in the order of ``deals`` (a number: deals 0 to ``deals`` − 1;
    or the deal numbers to play), played by ``jobs`` processes, or on Ray (``ray``: an address
    for :func:`skat.ai.cluster.ray_imap`; ``jobs`` is then the number of workers of a local
    Ray).  With a ``recorder``, each record's ``meta.arena`` holds the run's settings
    (:mod:`skat.ai.arenasettings`), the deal, the arrangement and the fallbacks."""
    if options.contract not in CONTRACT_MODES:
        raise ValueError(
            f"contract is one of {', '.join(CONTRACT_MODES)}, not {options.contract!r}"
        )
    specs = _specs(names)
    indexes = range(deals) if isinstance(deals, int) else deals
    settings: tuple[tuple[str, Any], ...] = ()
    if recorder is not None:
        settings = tuple(run_settings(names, seed, rules, budget, options).items())
    tasks = (
        _Task(seed, i, specs, str(rules), budget, recorder, labels(names), options, settings)
        for i in indexes
    )
    yield from map_tasks(play_deal, tasks, count=len(indexes), jobs=jobs, ray=ray)


def run_settings(
    names: Sequence[str], seed: int, rules: Rules, budget: float | None, options: Options
) -> dict[str, Any]:
    """The settings a run writes into its records (:func:`skat.ai.arenasettings.settings_of`)."""
    return settings_of(
        names,
        seed=seed,
        rules=str(rules),
        contract=options.contract,
        void_passed=options.void_passed,
        blind=options.blind,
        budget=budget,
    )


def new_report(names: Sequence[str], options: Options = Options()) -> ArenaReport:
    """An empty report for ``names`` (an oracle's contract makes passed-in deals void)."""
    a, b = labels(names)
    void = options.void_passed or options.contract == "oracle"
    return ArenaReport((AgentStats(a), AgentStats(b)), void_passed=void)


def run_arena(
    names: Sequence[str],
    *,
    deals: int | Sequence[int],
    seed: int = 0,
    jobs: int = 1,
    rules: Rules = ISKO,
    budget: float | None = DEFAULT_BUDGET,
    recorder: Recorder | None = None,
    on_deal: Callable[[list[GameOutcome]], None] | None = None,
    options: Options = Options(),
    ray: str | None = None,
    done: Mapping[int, list[GameOutcome]] | None = None,
) -> ArenaReport:
    """Play ``deals`` duplicate deals between two agents and collect the statistics;
    ``on_deal`` sees the six games of every deal as they finish (in deal order).

    ``deals`` is a number (deals 0 to ``deals`` − 1) or the deal numbers, in increasing
    order; the deals in ``done`` (read back from a run's records) are not played again but
    counted, in deal order, so a run resumed or built from pieces gives the same figures as
    one run.  ``budget`` is an optional wall-clock limit per decision in seconds (``None``,
    the default: none); a decision over it is a fallback, counted in the report.  Without it
    the figures depend on the arguments only, not on the machine or its load.  ``options``
    are the researchers' settings (:class:`Options`; an oracle's contract makes passed-in
    deals void); ``ray`` runs the deals on a Ray cluster (:mod:`skat.ai.cluster`)."""
    report = new_report(names, options)
    indexes = list(range(deals) if isinstance(deals, int) else deals)
    done = done or {}
    before = iter(sorted(i for i in indexes if i in done))
    waiting = next(before, None)
    for outcomes in iter_arena(
        names,
        deals=[i for i in indexes if i not in done],
        seed=seed,
        jobs=jobs,
        rules=rules,
        budget=budget,
        recorder=recorder,
        options=options,
        ray=ray,
    ):
        while waiting is not None and waiting < outcomes[0].deal_index:
            report.add(done[waiting])
            waiting = next(before, None)
        report.add(outcomes)
        if on_deal is not None:
            on_deal(outcomes)
    while waiting is not None:
        report.add(done[waiting])
        waiting = next(before, None)
    return report
