"""A web table of a variant of :mod:`skat.variants`: Strohmann and Officers' Skat for two,
Tournee Skat for three to five, on the server's own table machinery.

:class:`VariantTable` is a :class:`~skat.server.table.Table` whose series is a
:class:`VariantSeries`: the same tokens, places, state counter, action log, replay after a
restart, ``@name``/``@start`` events and checks (the variant's state validates every action),
with the variant's games in place of Skat's.  Its configuration (:class:`VariantConfig`) is a
:class:`~skat.server.table.TableConfig` with the variant's name; the places are the variant's
players (two for Strohmann and Officers' Skat, three to five for Tournee Skat), the rules ISkO's.

Who sits where: Officers' Skat alternates Forehand (who declares) and the dealer; Strohmann
seats its two players at Forehand and Rearhand, the dummy in Middlehand, swapping them each
game; Tournee Skat moves the seats round as Skat does.  The Strohmann defender plays the
dummy's cards: the dummy's seat has no place, and its turn is its defender's.

>>> config = VariantConfig.parse({"variant": "officers", "games": 2,
...     "seats": ["human", "heuristic"]}, seed=3)
>>> table = VariantTable("t1", config, claims={0: "-"})
>>> table.players, table.series.seats, table.waiting
(('Player 1', 'Computer 2'), (0, 1), False)
>>> table.state.variant, [str(a) for a in table.state.legal_actions()]
('officers', ['D', 'H', 'S', 'C', 'G', 'N'])
>>> table.apply(0, table.check(0, "G", 0)).counter
1
>>> table.check(1, "D", 1)
Traceback (most recent call last):
...
skat.server.table.ActionRefused: illegal: ...
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from skat.ai.variants import mover, variant_agent
from skat.core.language import say
from skat.core.rules import ISKO
from skat.server.table import (
    NAME,
    ActionRefused,
    ConfigError,
    Ending,
    SeatConfig,
    Table,
    TableConfig,
    TableEvent,
    _agent_seeds,
    _games,
    _host,
    _salt,
    _seat,
    _seed,
)
from skat.variants import SetupError, find_variant

VARIANTS: Final = ("strohmann", "officers", "tournee")
"""The variants a web table plays."""
PLACES: Final = {"strohmann": (2,), "officers": (2,), "tournee": (3, 4, 5)}
"""The numbers of players of each variant (Tournee Skat: at four or five the players not in
the three seats sit out the game, the dealer first)."""
LEVELS: Final = ("heuristic", "pimc", "random")
"""The computer players of the variants (:data:`skat.ai.variants.AGENT_KINDS`; ``pimc``
thinks in the server's worker processes, :mod:`skat.server.thinking`)."""
_FIELDS: Final = {"variant", "rules", "games", "seats", "clock", "seed", "salt", "host"} | {
    "deal",
    "moves",
    "agent_seeds",
    "setup",
}
_MAX_MOVES: Final = 200


@dataclass(frozen=True)
class VariantConfig(TableConfig):
    """A :class:`~skat.server.table.TableConfig` of a variant table (``variant``: its name);
    no move clock, ISkO rules.  A deal played again (:mod:`skat.server.again`): its cards as
    the variant's record writes them (``deal``), the variant's setup fields of that game
    (``setup``: the Strohmann dummy's seat, the turned Tournee card...), the moves kept."""

    variant: str = "officers"
    setup: tuple[tuple[str, Any], ...] = ()

    @staticmethod
    def parse(
        data: object, *, seed: int | None = None, agents: Sequence[str] | None = None
    ) -> VariantConfig:
        """Read a variant table's configuration; :class:`ConfigError` names what is wrong.

        >>> VariantConfig.parse({"variant": "officers", "seats": ["human"] * 3})
        Traceback (most recent call last):
        ...
        skat.server.table.ConfigError: seats: Officers' Skat has 2 places, not 3
        >>> VariantConfig.parse({"variant": "tournee", "seats": ["human"] * 6})
        Traceback (most recent call last):
        ...
        skat.server.table.ConfigError: seats: Tournee Skat has 3 to 5 places, not 6
        """
        if not isinstance(data, Mapping):
            raise ConfigError("a table configuration is a JSON object")
        unknown = set(data) - _FIELDS
        if unknown:
            raise ConfigError(f"unknown field {sorted(unknown)[0]!r} for a variant table")
        variant = data.get("variant")
        if variant not in VARIANTS:
            raise ConfigError(f"variant: one of {', '.join(VARIANTS)}, not {variant!r}")
        if data.get("rules", "isko") != "isko":
            raise ConfigError("rules: the variants are played under ISkO rules ('isko')")
        if data.get("clock", 0) != 0:
            raise ConfigError("clock: a variant table has no move clock (0)")
        allowed = PLACES[variant]
        raw = data.get("seats", ["human", *["heuristic"] * (allowed[0] - 1)])
        if not isinstance(raw, list) or len(raw) not in allowed:
            title = find_variant(variant).title
            count = len(raw) if isinstance(raw, list) else raw
            numbers = " to ".join(str(n) for n in sorted({allowed[0], allowed[-1]}))
            raise ConfigError(f"seats: {title} has {numbers} places, not {count!r}")
        places = len(raw)
        seats = [_seat(place, i, agents or LEVELS) for i, place in enumerate(raw)]
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            raise ConfigError("seats: every place needs its own name")
        deal, moves, setup = _again(variant, data)
        return VariantConfig(
            deal=deal,
            moves=moves,
            agent_seeds=_agent_seeds(data, places),
            setup=setup,
            rules=ISKO,
            games=_games(data),
            seats=tuple(seats),
            seed=_seed(data, seed),
            salt=_salt(data),
            host=_host(data, places),
            variant=variant,
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form :meth:`parse` reads back."""
        out = super().to_dict()
        out["variant"] = self.variant
        if self.setup:
            out["setup"] = dict(self.setup)
        return out


def _again(
    variant: str, data: Mapping[str, Any]
) -> tuple[str, tuple[tuple[int, str], ...], tuple[tuple[str, Any], ...]]:
    """The ``deal``, ``moves`` and ``setup`` of a variant's deal played again, checked (the
    deal by the variant's own record reader)."""
    deal = data.get("deal") or ""
    raw_setup = data.get("setup", {})
    if not isinstance(deal, str) or len(deal) > 200:
        raise ConfigError("deal: the cards of a deal played again, as its record writes them")
    if not isinstance(raw_setup, Mapping):
        raise ConfigError("setup: an object of the variant's setup fields")
    entry = find_variant(variant)
    setup: tuple[tuple[str, Any], ...] = ()
    if deal:
        try:
            entry.from_record(deal, ISKO, raw_setup)
        except SetupError as exc:
            raise ConfigError(str(exc)) from None
        setup = tuple(sorted((k, raw_setup[k]) for k in entry.setup if k in raw_setup))
    raw = data.get("moves", [])
    if not isinstance(raw, list) or len(raw) > _MAX_MOVES:
        raise ConfigError(lambda lang: say(lang, "server.config.movesList"))
    moves = []
    for i, m in enumerate(raw):
        if not (
            isinstance(m, list)
            and len(m) == 2
            and type(m[0]) is int
            and 0 <= m[0] < entry.seats
            and isinstance(m[1], str)
            and len(m[1]) <= 40
        ):
            raise ConfigError(f"moves[{i}]: [seat 0-{entry.seats - 1}, action text]")
        moves.append((m[0], m[1]))
    if moves and not deal:
        raise ConfigError(lambda lang: say(lang, "server.config.movesDeal"))
    return deal, tuple(moves), setup


@dataclass(frozen=True)
class VariantRecord:
    """A finished game of the series: its number, the players by seat (``None``: the
    Strohmann dummy), the result, each player's score and the totals after it."""

    number: int
    seats: tuple[int | None, ...]
    result: Any
    entries: tuple[int, ...]
    totals: tuple[int, ...]
    events: tuple[tuple[int, str], ...]
    deal: str = ""
    """The cards as the variant's record writes them (a deal played again gets them)."""
    setup: tuple[tuple[str, Any], ...] = ()
    """The variant's setup fields of the game (its record's)."""


class VariantSeries:
    """The games of a variant table, one after another (the part of
    :class:`~skat.series.Series` a :class:`~skat.server.table.Table` uses)."""

    def __init__(self, config: VariantConfig) -> None:
        self.variant = config.variant
        self.seed = config.seed
        self.planned = config.games
        self.players: tuple[str, ...] = tuple(s.name for s in config.seats)
        self.number = 0
        self.current: Any = None
        self.records: list[VariantRecord] = []
        self.totals = [0] * len(self.players)
        self.again = (config.deal, dict(config.setup))  # a deal played again: game 1's

    @property
    def is_over(self) -> bool:
        """Every planned game has been played."""
        return len(self.records) >= self.planned

    @property
    def turn(self) -> int:
        """Games finished so far."""
        return len(self.records)

    @property
    def seats(self) -> tuple[int | None, ...]:
        """The player at each seat of the current game (``None``: the Strohmann dummy)."""
        return seats_of(self.variant, self.number, len(self.players))

    def next_game(self) -> None:
        """Deal the next game (from the table's seed and its number)."""
        self.number += 1
        entry = find_variant(self.variant)
        deal, setup = self.again
        if self.number == 1 and deal:
            self.current = entry.from_record(deal, ISKO, setup)
            return
        rng = random.Random(f"{self.seed}/{self.variant}/{self.number}")
        self.current = entry.start(rng=rng)

    def record(self, state: Any) -> VariantRecord:
        """Score a finished game on the list."""
        seats = self.seats
        entries = [0] * len(self.players)
        result = state.result
        for seat, score in enumerate(result.seat_scores if result is not None else ()):
            player = seats[seat] if seat < len(seats) else None
            if player is not None:
                entries[player] += score
        self.totals = [a + b for a, b in zip(self.totals, entries, strict=True)]
        record = VariantRecord(
            self.number,
            seats,
            result,
            tuple(entries),
            tuple(self.totals),
            tuple((e.seat, str(e.action)) for e in state.history),
            find_variant(self.variant).deal_text(state),
            tuple(sorted(find_variant(self.variant).record_setup(state).items())),
        )
        self.records.append(record)
        return record


def seats_of(variant: str, number: int, players: int = 3) -> tuple[int | None, ...]:
    """The player at each seat of game ``number`` among ``players`` (module doc): Forehand
    moves on by one each game; at a Tournee table of four or five the others sit out.

    >>> seats_of("officers", 2), seats_of("strohmann", 2), seats_of("tournee", 2)
    ((1, 0), (1, None, 0), (1, 2, 0))
    >>> seats_of("tournee", 4, players=4), seats_of("tournee", 5, players=5)
    ((3, 0, 1), (4, 0, 1))
    """
    n = max(number, 1) - 1
    if variant == "officers":
        return (n % 2, 1 - n % 2)
    if variant == "strohmann":
        return (n % 2, None, 1 - n % 2)
    return tuple((seat + n) % players for seat in range(3))


class VariantTable(Table):
    """A table of a variant (module doc)."""

    config: VariantConfig
    series: VariantSeries  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if not isinstance(self.config, VariantConfig):  # pragma: no cover - a caller's fault
            raise ConfigError("a variant table needs a VariantConfig")
        self.series = VariantSeries(self.config)
        self.rules_text = str(self.config.rules)
        self.series.next_game()
        for i, (_, text) in enumerate(self.config.moves):  # a deal played again
            state = self.state
            if state is not None and len(state.history) > i:  # made by itself (a dummy's pass)
                continue
            player = self.to_move()
            try:
                if player is None:
                    raise ActionRefused("over", text)
                self.apply(player, self.check(player, text, self.counter, stored=True))
            except ActionRefused as exc:
                raise ConfigError(f"moves[{i}] ({text!r}): {exc.message}") from None
            if self.finished_games:
                raise ConfigError(lambda lang: say(lang, "server.config.movesOver"))
        self.played = 0  # the moves kept of a deal played again are no player's yet

    @property
    def variant(self) -> str:
        """The variant's registry name."""
        return self.config.variant

    @property
    def claim_open(self) -> bool:
        """Never: a variant's game is played to its last card or resigned."""
        return False

    def to_move(self) -> int | None:
        """The player to move now (the Strohmann defender on the dummy's turn)."""
        state = self.state
        if state is None or state.is_over:
            return None
        return self.series.seats[mover(state)]

    def check_end(self, player: int | None, how: str, counter: object) -> Ending:
        """A variant's game is not ended by a timeout or leaving (no clock)."""
        raise ActionRefused("over", "a variant's game ends by its play")

    def _apply_event(self, player: int, event: TableEvent) -> None:
        """A place named, or the table started with computers (in the places nobody took)."""
        seats = list(self.config.seats)
        if event.kind == NAME:
            seats[player] = SeatConfig(seats[player].kind, event.value)
        else:
            level = event.value if event.value in LEVELS else LEVELS[0]
            names = {s.name for s in seats}
            for i in self.free_places():
                name = f"Computer {i + 1}"
                while name in names:
                    name += "'"
                names.add(name)
                seats[i] = SeatConfig(level, name)
        self.config = dataclasses.replace(self.config, seats=tuple(seats))
        self.series.players = tuple(s.name for s in seats)
        self.cache.clear()

    def agent(self, kind: str, seed: int) -> Any:
        """A computer player of this variant (:func:`skat.ai.variants.variant_agent`)."""
        return variant_agent(self.variant, kind, seed)


def is_variant(table: Table) -> bool:
    """Is ``table`` a variant's (not Skat for three)?"""
    return isinstance(table, VariantTable)


def variant_meta(table: VariantTable, number: int) -> dict[str, Any]:
    """The ``meta`` of game ``number``'s record: the players by seat (the Strohmann dummy's
    seat: ``Dummy``), where it was played and its id."""
    record = table.series.records[number - 1]
    names = ["Dummy" if p is None else table.players[p] for p in record.seats]
    return {"players": names, "place": "skat serve", "id": f"{table.id}-{number}"}


def parse_config(data: object) -> TableConfig:
    """A table configuration: a variant's (with a ``variant`` other than ``skat``) or Skat's."""
    if isinstance(data, Mapping) and data.get("variant", "skat") != "skat":
        return VariantConfig.parse(data)
    if isinstance(data, Mapping) and "variant" in data:
        data = {k: v for k, v in data.items() if k != "variant"}
    return TableConfig.parse(data)


def new_table(
    table_id: str,
    config: TableConfig,
    claims: dict[int, str] | None = None,
    created: float = 0.0,
) -> Table:
    """The table of ``config``: a :class:`VariantTable` for a variant's."""
    cls = VariantTable if isinstance(config, VariantConfig) else Table
    return cls(table_id, config, claims=dict(claims or {}), created=created)


def with_host(config: TableConfig, host: int) -> TableConfig:
    """``config`` with its creator's place."""
    return dataclasses.replace(config, host=host)


__all__ = [
    "LEVELS",
    "PLACES",
    "VARIANTS",
    "SeatConfig",
    "VariantConfig",
    "VariantRecord",
    "VariantSeries",
    "VariantTable",
    "is_variant",
    "new_table",
    "parse_config",
    "seats_of",
    "variant_meta",
]
