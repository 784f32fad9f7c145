"""The tournament as data: players, the series format, money, seatings and the tables' lists.

Everything here is a frozen dataclass; a change makes a new :class:`Tournament`
(:meth:`Tournament.with_players`, :meth:`Tournament.with_seating`, :meth:`Tournament.with_list`).

>>> t = Tournament("Club evening", players=(Player("Anna"), Player("Ben", team="Ace")))
>>> t.format.games(4), t.format.games(3), t.rules
(48, 36, 'tournament')
>>> t.player("Ben").team
'Ace'
>>> t.with_players((Player("Anna"), Player("Anna")))
Traceback (most recent call last):
...
skat.tournament.model.TournamentError: player 'Anna' is entered twice
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from skat.core.language import N_, say

TEAM_MODES: Final = ("apart", "together", "ignore")
LEAVERS: Final = ("count", "remove")
"""What a withdrawn player's standing becomes: his later series count 0, or he is removed."""
"""How seating treats team mates: keep them at different tables, at one table, or ignore teams."""


class TournamentError(ValueError):
    """A tournament that cannot be built or changed this way; the message says why, in one line.

    Made by :meth:`of` from a message id of the catalogs and its values (``key``, ``params``),
    so that :meth:`describe` says it in any language; ``str()`` is the English message.

    >>> error = TournamentError.of(N_("cli.tour.seat-series-first"), value=2)
    >>> str(error), error.describe("de"), error.describe("da")
    ('seat series 2 first', 'zuerst Serie 2 setzen', 'fordel serie 2 først')
    """

    def __init__(
        self, message: str, key: str = "", params: dict[str, object] | None = None
    ) -> None:
        super().__init__(message)
        self.key = key
        self.params: dict[str, object] = dict(params or {})

    @classmethod
    def of(cls, key: str, /, **params: object) -> TournamentError:
        """The error whose words are the message ``key`` (mark it with ``N_``) with ``params``."""
        return cls(say("en", key, **params), key, params)

    def describe(self, lang: str = "en") -> str:
        """The error in ``lang`` (its English text when it has no message id)."""
        return say(lang, self.key, **self.params) if self.key else str(self)


@dataclass(frozen=True)
class Player:
    """A participant: a unique name, optional club and team (or tandem), and categories
    (``ladies``, ``youth``, ``seniors``, … as the tournament names them)."""

    name: str
    club: str = ""
    team: str = ""
    categories: tuple[str, ...] = ()
    left: int | None = None
    """A player who withdrew plays no series after series ``left`` (0: a no-show)."""
    joined: int = 1
    """The first series a late arrival (or a substitute) plays."""
    left_game: int | None = None
    """A player who left *during* series ``left``: his table's list of that series ends
    after this many games (the games played with him; the others are struck)."""

    def __post_init__(self) -> None:
        check_name(self.name, "player")
        if self.left is not None and (isinstance(self.left, bool) or self.left < 0):
            raise TournamentError.of(
                N_("cli.tour.player-left-after-series"), name=self.name, left=self.left
            )
        if self.left_game is not None and (self.left is None or self.left_game < 0):
            raise TournamentError.of(
                N_("cli.tour.player-left-after-game"), name=self.name, left_game=self.left_game
            )
        for text in (self.club, self.team, *self.categories):
            if not isinstance(text, str) or not text.isprintable() or text != text.strip():
                raise TournamentError.of(
                    N_("cli.tour.player-not-clean-text"), name=self.name, text=text
                )


_NAME_ERRORS: Final[dict[str, tuple[str, str]]] = {
    "player": (N_("cli.tour.player-name-empty"), N_("cli.tour.player-name-unclean")),
    "tournament": (N_("cli.tour.tournament-name-empty"), N_("cli.tour.tournament-name-unclean")),
    "member": (N_("cli.tour.member-name-empty"), N_("cli.tour.member-name-unclean")),
    "season": (N_("cli.tour.season-name-empty"), N_("cli.tour.season-name-unclean")),
}
"""The errors of a name that is empty or not clean, by what it names."""


def check_name(name: object, what: str) -> str:
    """``name`` if it is a non-empty printable text without outer spaces, else an error;
    ``what`` it names: ``player``, ``tournament``, ``member`` or ``season``."""
    empty, unclean = _NAME_ERRORS[what]
    if not isinstance(name, str) or not name.strip():
        raise TournamentError.of(empty, name=name)
    if not name.isprintable() or name != name.strip():
        raise TournamentError.of(unclean, name=name)
    return name


@dataclass(frozen=True)
class Format:
    """The series: how many, how many deals each player gives (12: 36 games at a 3-table and 48
    at a 4-table, ISkO tournament order), and an optional time limit in minutes after which the
    games not yet started are struck (the list then may be shorter)."""

    series: int = 2
    deals_per_player: int = 12
    time_limit: int | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.series <= 99:
            raise TournamentError.of(N_("cli.tour.series-must-be-not"), series=self.series)
        if not 1 <= self.deals_per_player <= 99:
            raise TournamentError.of(
                N_("cli.tour.deals-per-player-must"), deals_per_player=self.deals_per_player
            )
        if self.time_limit is not None and self.time_limit <= 0:
            raise TournamentError.of(N_("cli.tour.time-limit-must-be"), time_limit=self.time_limit)

    def games(self, table_size: int) -> int:
        """The games of one series at a table of ``table_size`` (every player deals equally)."""
        return self.deals_per_player * table_size


@dataclass(frozen=True)
class Money:
    """Fees in cents.  ``loss_fees`` is the loss money (Verlustgeld) of a player's 1st, 2nd, …
    lost game in a series, the last repeating (``(50, 50, 50, 100)``: 50 ct for the first three,
    1 € from the fourth on); ``table_fee`` what each player pays per series by table size;
    ``entry_fee`` the start money; ``prizes`` the prize of place 1, 2, …"""

    loss_fees: tuple[int, ...] = ()
    table_fee: tuple[tuple[int, int], ...] = ()
    entry_fee: int = 0
    prizes: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        amounts = (*self.loss_fees, *(f for _, f in self.table_fee), self.entry_fee, *self.prizes)
        if any(not isinstance(a, int) or a < 0 for a in amounts):
            raise TournamentError.of(N_("cli.tour.fees-prizes-must-be"))
        if any(size not in (3, 4) for size, _ in self.table_fee):
            raise TournamentError.of(N_("cli.tour.table-fees-are-given"))

    def fee_at(self, table_size: int) -> int:
        """What each player at a table of ``table_size`` pays per series."""
        return dict(self.table_fee).get(table_size, 0)


@dataclass(frozen=True)
class Table:
    """One table of a seating: its number (from 1) and its players clockwise, the first dealing
    the first game."""

    number: int
    players: tuple[str, ...]


@dataclass(frozen=True)
class Seating:
    """The tables of one series, how they were drawn (``lot`` with its ``seed``, ``plan`` or
    ``standings``) and the notes on team constraints that could not be kept."""

    tables: tuple[Table, ...]
    method: str = "lot"
    seed: int | None = None
    notes: tuple[str, ...] = ()

    def table_of(self, name: str) -> Table:
        """The table ``name`` sits at."""
        for table in self.tables:
            if name in table.players:
                return table
        raise TournamentError.of(N_("cli.tour.not-seated"), name=name)


@dataclass(frozen=True)
class GameEntry:
    """One game on a table's list: the declarer's name (``None``: all passed, the game is
    written as passed in), the declared game in ISS notation (``G``, ``CH``, ``NO``), won or
    lost, its value, the bid when the list records it, and the Kontra said (0 none, 1 Kontra,
    2 Re, 3 Supra, 4 Resupra: each doubles the score, not the value; only where the
    tournament's rules allow it, :mod:`skat.tournament.kontra`)."""

    declarer: str | None
    contract: str = ""
    won: bool = False
    value: int = 0
    bid: int | None = None
    kontra: int = 0


@dataclass(frozen=True)
class TableList:
    """A table's list for one series: the players as seated, the games in order, and what the
    table wrote as totals and won/lost counts (optional: the check compares them)."""

    series: int
    table: int
    players: tuple[str, ...]
    games: tuple[GameEntry, ...] = ()
    written_totals: tuple[int, ...] | None = None
    written_won: tuple[int, ...] | None = None
    written_lost: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Round:
    """One series: its seating and the lists entered so far (by table number)."""

    seating: Seating
    lists: tuple[TableList, ...] = ()

    def list_of(self, table: int) -> TableList | None:
        """The entered list of ``table``, if any."""
        return next((tl for tl in self.lists if tl.table == table), None)


@dataclass(frozen=True)
class Tournament:
    """A tournament, a club evening or a season: players, format, rules preset (the
    :class:`~skat.core.rules.Rules` text, tournament rules by default), team mode, money,
    tie-breaks, and one :class:`Round` per series seated so far."""

    name: str
    players: tuple[Player, ...] = ()
    format: Format = field(default_factory=Format)
    rules: str = "tournament"
    teams: str = "apart"
    money: Money = field(default_factory=Money)
    tiebreaks: tuple[str, ...] = ("best_series", "won")
    rounds: tuple[Round, ...] = ()
    leavers: str = "count"
    lot: tuple[str, ...] = ()
    """The lot for the ``lot`` tie-break: every name in the drawn order (recorded)."""
    """A player who withdrew: ``count`` (his later series count 0, he stays in the
    standings) or ``remove`` (he is taken out of the standings)."""

    def __post_init__(self) -> None:
        check_name(self.name, "tournament")
        if self.leavers not in LEAVERS:
            raise TournamentError.of(
                N_("cli.tour.leavers-one-not"), value=", ".join(LEAVERS), leavers=self.leavers
            )
        if self.teams not in TEAM_MODES:
            raise TournamentError.of(
                N_("cli.tour.teams-must-be-one"), value=", ".join(TEAM_MODES), teams=self.teams
            )
        seen: set[str] = set()
        for p in self.players:
            if p.name in seen:
                raise TournamentError.of(N_("cli.tour.player-entered-twice"), name=p.name)
            seen.add(p.name)

    def player(self, name: str) -> Player:
        """The player called ``name``."""
        for p in self.players:
            if p.name == name:
                return p
        raise TournamentError.of(N_("cli.tour.no-player"), name=name, name2=self.name)

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in entry order."""
        return tuple(p.name for p in self.players)

    def round(self, series: int) -> Round:
        """Series ``series`` (from 1), once seated."""
        if not 1 <= series <= len(self.rounds):
            raise TournamentError.of(
                N_("cli.tour.series-not-seated-seated"), series=series, value=len(self.rounds)
            )
        return self.rounds[series - 1]

    def draw_lot(self, seed: int) -> Tournament:
        """Draw the lot once (all players in a random order from ``seed``); it is recorded,
        and drawn again only when a player joined since."""
        import random

        if self.lot and set(self.lot) == set(self.names):
            raise TournamentError.of(N_("cli.tour.lot-drawn-already"), lot=", ".join(self.lot))
        order = list(self.names)
        random.Random(seed).shuffle(order)
        return replace(self, lot=tuple(order))

    def active(self, series: int) -> tuple[Player, ...]:
        """The players who play series ``series`` (the withdrawn left before it)."""
        return tuple(p for p in self.players
                     if (p.left is None or p.left >= series) and p.joined <= series)  # fmt: skip

    def planned(self, series: int, table: int) -> int:
        """The games table ``table`` plays in series ``series``: every player deals
        ``deals_per_player`` times, unless a player left during the series (the list then
        ends with the games played with him, :meth:`withdraw`)."""
        seated = next((tb for tb in self.round(series).seating.tables if tb.number == table),
                      None)  # fmt: skip
        if seated is None:
            raise TournamentError.of(N_("cli.tour.series-has-no-table"), series=series, table=table)
        ends = [p.left_game for p in self.players
                if p.name in seated.players and p.left == series and p.left_game is not None]  # fmt: skip
        return min([self.format.games(len(seated.players)), *ends])

    def with_players(self, players: Sequence[Player]) -> Tournament:
        """The tournament with these players: before the first seating any; later players
        may be added (a late arrival plays from the next series seated), but a player who
        sits in a seated series stays (he withdraws instead, :meth:`withdraw`)."""
        names = {p.name for p in players}
        gone = [n for rnd in self.rounds for tb in rnd.seating.tables for n in tb.players
                if n not in names]  # fmt: skip
        if gone:
            raise TournamentError.of(N_("cli.tour.seated-series-withdraw-player"), value=gone[0])
        had = {p.name: p for p in self.players}
        first = len(self.rounds) + 1  # a late arrival plays from the next series seated

        def kept(p: Player) -> Player:
            """A player already there keeps when he joined and left (withdraw and substitute
            change those, not the list of players)."""
            if p.name in had:
                old = had[p.name]
                return replace(p, left=old.left, joined=old.joined, left_game=old.left_game)
            return p if not self.rounds else replace(p, joined=max(p.joined, first))

        return replace(self, players=tuple(map(kept, players)))

    def withdraw(self, name: str, after: int, game: int | None = None) -> Tournament:
        """``name`` plays no series after series ``after`` (0: a no-show).  A later series
        seated with the player and without a list is unseated (seat it again: its tables of
        3 and 4 are recomputed); one with a list holding the player is refused.

        ``game``: he leaves *during* series ``after``, after ``game`` games of his table's
        list: that list ends there (the games played with him count, the rest are struck;
        a list holding more games is refused until they are taken back)."""
        self.player(name)
        if not 0 <= after <= self.format.series:
            raise TournamentError.of(
                N_("cli.tour.withdraw-after-series-not"), series=self.format.series, after=after
            )
        if game is not None:
            self._check_left_game(name, after, game)
        keep = len(self.rounds)
        for k in range(after + 1, len(self.rounds) + 1):
            rnd = self.rounds[k - 1]
            if any(name in tl.players for tl in rnd.lists):
                raise TournamentError.of(N_("cli.tour.has-list-series-correct"), name=name, k=k)
            if any(name in tb.players for tb in rnd.seating.tables):
                if any(tl.games for tl in self.rounds[k - 1].lists):
                    raise TournamentError.of(N_("cli.tour.series-under-way-seated"), k=k, name=name)
                keep = min(keep, k - 1)
        if any(any(tl.games for tl in r.lists) for r in self.rounds[keep:]):
            raise TournamentError.of(N_("cli.tour.series-has-lists-it"), value=keep + 1)
        players = tuple(replace(x, left=after, left_game=game) if x.name == name else x
                        for x in self.players)  # fmt: skip
        return replace(self, players=players, rounds=self.rounds[:keep])

    def _check_left_game(self, name: str, series: int, game: int) -> None:
        """Can ``name`` leave series ``series`` after ``game`` games of his table's list?"""
        if not 1 <= series <= len(self.rounds):
            raise TournamentError.of(
                N_("cli.tour.cannot-leave-during-series"), name=name, series=series
            )
        try:
            table = self.round(series).seating.table_of(name)
        except TournamentError:
            raise TournamentError.of(
                N_("cli.tour.not-seated-series-2"), name=name, series=series
            ) from None
        full = self.format.games(len(table.players))
        if not 0 <= game <= full:
            raise TournamentError.of(
                N_("cli.tour.leaves-after-game-series"),
                name=name,
                full=full,
                series=series,
                game=game,
            )
        tl = self.round(series).list_of(table.number)
        if tl is not None and len(tl.games) > game:
            raise TournamentError.of(
                N_("cli.tour.series-table-has-games"),
                series=series,
                number=table.number,
                value=len(tl.games),
                game=game,
            )

    def substitute(self, series: int, old: str, new: Player) -> Tournament:
        """``new`` takes ``old``'s seat in series ``series`` (before the table entered a
        game) and plays on; ``old`` withdraws after the series before."""
        rnd = self.round(series)
        if series < len(self.rounds):
            raise TournamentError.of(
                N_("cli.tour.series-seated-already-substitute"), value=series + 1
            )
        if new.name in self.names:
            raise TournamentError.of(N_("cli.tour.plays-already-substitute-new"), name=new.name)
        table = next((tb for tb in rnd.seating.tables if old in tb.players), None)
        if table is None:
            raise TournamentError.of(N_("cli.tour.not-seated-series"), old=old, series=series)
        tl = rnd.list_of(table.number)
        if tl is not None and tl.games:
            raise TournamentError.of(N_("cli.tour.table-has-entered-games"), number=table.number)
        seat = tuple(new.name if n == old else n for n in table.players)
        tables = tuple(replace(tb, players=seat) if tb is table else tb
                       for tb in rnd.seating.tables)  # fmt: skip
        notes = (*rnd.seating.notes, f"{new.name} substitutes {old} at table {table.number}")
        rounds = list(self.rounds)
        rounds[series - 1] = Round(replace(rnd.seating, tables=tables, notes=notes),
                                   tuple(x for x in rnd.lists if x.table != table.number))  # fmt: skip
        players = tuple(replace(x, left=series - 1) if x.name == old else x
                        for x in self.players)  # fmt: skip
        return replace(self, players=(*players, replace(new, joined=series)), rounds=tuple(rounds))

    def with_seating(self, series: int, seating: Seating) -> Tournament:
        """Seat series ``series``: the next one, or one seated before with no list entered."""
        if not 1 <= series <= self.format.series:
            raise TournamentError.of(
                N_("cli.tour.series-not"), series=series, series2=self.format.series
            )
        if series > len(self.rounds) + 1:
            raise TournamentError.of(N_("cli.tour.seat-series-first"), value=len(self.rounds) + 1)
        if series <= len(self.rounds) and self.rounds[series - 1].lists:
            raise TournamentError.of(N_("cli.tour.series-already-has-lists"), series=series)
        seated = sorted(n for t in seating.tables for n in t.players)
        if seated != sorted(p.name for p in self.active(series)):
            raise TournamentError.of(N_("cli.tour.series-seating-does-not"), series=series)
        rounds = list(self.rounds)
        if series <= len(rounds):
            rounds[series - 1] = Round(seating)
        else:
            rounds.append(Round(seating))
        return replace(self, rounds=tuple(rounds))

    def with_list(self, table_list: TableList) -> Tournament:
        """Enter (or correct) a table's list; its players must be the table's as seated."""
        rnd = self.round(table_list.series)
        table = next((t for t in rnd.seating.tables if t.number == table_list.table), None)
        if table is None:
            raise TournamentError.of(
                N_("cli.tour.series-has-no-table"), series=table_list.series, table=table_list.table
            )
        if table.players != table_list.players:
            raise TournamentError.of(N_("cli.tour.table-list-players-are"), number=table.number)
        lists = [tl for tl in rnd.lists if tl.table != table_list.table]
        lists.append(table_list)
        lists.sort(key=lambda tl: tl.table)
        rounds = list(self.rounds)
        rounds[table_list.series - 1] = Round(rnd.seating, tuple(lists))
        return replace(self, rounds=tuple(rounds))
