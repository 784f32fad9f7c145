"""A series (a list, Liste/Serie) at one table: dealing, the list, Bock and Ramsch rounds, pot.

The series deals every game from its seed (:func:`skat.series.commitment.deal_source`: one
deal per game in order, so the seed reproduces every deal), maps the game's seats to players, writes the list entries
and carries the Bock/Ramsch rounds and the pot from game to game.

>>> import random
>>> from skat.core import Rules
>>> series = Series(["Anna", "Ben", "Cora"], Rules.parse("tournament"), seed=7, games=3)
>>> series.planned, series.dealer_name, [series.players[p] for p in series.seats]
(3, 'Anna', ['Ben', 'Cora', 'Anna'])
>>> moves = random.Random(1)
>>> while not series.is_over:
...     _ = series.play(lambda state: moves.choice(state.legal_actions()))
>>> len(series.records), sum(series.totals) == sum(sum(r.entries) for r in series.records)
(3, True)

Passed-in games count as games: the next player deals.  The series length counts *dealer
turns*: a Grand Hand played in a Ramsch round does not complete the Ramsch round, the same
dealer deals again, and that game is an extra row on the list that does not use up a turn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from skat.core.actions import Action
from skat.core.deal import Deal
from skat.core.rules import ISKO, Rules
from skat.core.scoring import Result
from skat.core.state import GameState
from skat.series import sheet
from skat.series import sheet as sheet_module
from skat.series.commitment import deal_source
from skat.series.pot import Pot
from skat.series.rounds import Rounds, bock_triggers, is_grand_hand
from skat.series.seating import SeatingOrder
from skat.series.settlement import Settlement, Stake, settle, settle_each
from skat.series.sheet import entries as sheet_entries

DEFAULT_ROUNDS: Final = 12
"""A default series is 12 rounds: 36 games at a 3-table, 48 at a 4-table (ISkO/SkWO)."""

BIERLACHS_LIMIT: Final = 501
"""Bierlachs is usually played until a player reaches − 501."""


class SeriesError(ValueError):
    """A game that does not fit the series: over, not finished, dealt elsewhere, wrong kind."""


@dataclass(frozen=True)
class GameRecord:
    """One row of the list: where the game stood in the series, what happened, what it wrote.

    ``turn`` is the number of dealer turns before this game (0-based), ``rounds`` the pending
    Bock/Ramsch rounds before it, ``kind`` ``normal``, ``bock`` or ``ramsch`` (a game of a
    Ramsch round), ``factor`` 2 in a Bock game.  ``counts`` is false for a Grand Hand in a
    Ramsch round (same dealer again).  ``deal``/``events`` are ``None`` for a game entered
    from its result only (:meth:`Series.add`).  ``entries`` and ``totals`` are per player;
    ``triggers`` the Bock triggers the game fired; ``pot`` each player's pot money this game.
    """

    number: int
    dealer: int
    seats: tuple[int, int, int]
    sitting: tuple[int, ...]
    turn: int
    rounds: Rounds
    factor: int
    result: Result
    deal: Deal | None
    events: tuple[tuple[int, str], ...] | None
    entries: tuple[int, ...]
    totals: tuple[int, ...]
    counts: bool
    triggers: tuple[str, ...]
    pot: tuple[int, ...]
    pot_content: int

    @property
    def kind(self) -> str:
        """``normal``, ``bock`` or ``ramsch`` (a game of a Ramsch round)."""
        return self.rounds.kind

    @property
    def declarer(self) -> int | None:
        """The declarer's player index (``None`` when passed in or a Ramsch)."""
        d = self.result.declarer
        return None if d is None or self.result.ramsch is not None else self.seats[d]


class Series:
    """A series of games at one table (see the module doc).

    ``players`` sit clockwise in the order given and ``players[0]`` deals first.  ``games`` is
    the length in dealer turns (default 12 rounds: 36 at a 3-table, 48 at a 4-table).  With
    ``score_sheet=bierlachs`` the series also ends when a player's total reaches − ``limit``.
    """

    def __init__(
        self,
        players: Sequence[str],
        rules: Rules = ISKO,
        *,
        seed: int,
        games: int | None = None,
        limit: int = BIERLACHS_LIMIT,
    ) -> None:
        if not isinstance(rules, Rules):
            raise SeriesError(f"rules must be a Rules, not {rules!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SeriesError(f"the series seed is a whole number, not {seed!r}")
        self.seating = SeatingOrder(players)
        n = self.seating.size
        if games is None:
            games = DEFAULT_ROUNDS * n
        if not isinstance(games, int) or isinstance(games, bool) or games <= 0:
            raise SeriesError(f"a series has a whole number of games > 0, not {games!r}")
        if not isinstance(limit, int) or isinstance(limit, bool) or limit <= 0:
            raise SeriesError(f"the Bierlachs limit is a whole number > 0, not {limit!r}")
        self.rules = rules
        self.seed = seed
        self.planned = games
        self.limit = limit
        self.records: list[GameRecord] = []
        self.dealer = 0
        self.turn = 0
        self.rounds = Rounds()
        self.totals: list[int] = [0] * n
        self.won: list[int] = [0] * n
        self.lost: list[int] = [0] * n
        self.pot = Pot(rules.pot, n)
        self._rng = deal_source(seed)
        self._deal: Deal | None = None
        self.current: GameState | None = None

    # ------------------------------------------------------------------ position

    @property
    def players(self) -> tuple[str, ...]:
        """The player names, clockwise, the first dealer first."""
        return self.seating.players

    @property
    def number(self) -> int:
        """Number of the next game on the list (1-based)."""
        return len(self.records) + 1

    @property
    def round(self) -> int:
        """The round (1-based) the next game belongs to: every player deals once a round."""
        return self.turn // self.seating.size + 1

    @property
    def dealer_name(self) -> str:
        """Who deals the next game."""
        return self.players[self.dealer]

    @property
    def seats(self) -> tuple[int, int, int]:
        """Player indices of Forehand, Middlehand and Rearhand in the next game."""
        return self.seating.seats(self.dealer)

    @property
    def sitting(self) -> tuple[int, ...]:
        """Player indices sitting out the next game (the dealer at a 4-table)."""
        return self.seating.sitting(self.dealer)

    @property
    def kind(self) -> str:
        """The next game: ``normal``, ``bock`` (scores double) or ``ramsch`` (Ramsch round)."""
        return self.rounds.kind

    @property
    def deal(self) -> Deal:
        """The cards of the next game, drawn from the series seed."""
        if self._deal is None:
            self._deal = Deal.random(self._rng)
        return self._deal

    @property
    def bierlachs_loser(self) -> str | None:
        """With a Bierlachs list, the player who reached − ``limit`` (he buys the round); when
        several reach it in the same game, the lowest total, then the first in seating order."""
        if self.rules.score_sheet != "bierlachs" or not self.records:
            return None
        totals = self.records[-1].totals  # the series stops at the game that reaches the limit
        lowest = min(totals)
        return self.players[totals.index(lowest)] if lowest <= -self.limit else None

    @property
    def is_over(self) -> bool:
        """All planned dealer turns played (or, for Bierlachs, a player reached the limit)."""
        return self.turn >= self.planned or self.bierlachs_loser is not None

    def deal_next(self, deal: Deal) -> None:
        """Deal the next game with these cards instead of the seed's (a deal played again);
        the seed's deal is drawn all the same, so later deals stay those of the seed.

        >>> from skat.core.deal import Deal
        >>> s = Series(["A", "B", "C"], seed=3, games=1)
        >>> cards = Deal.random(__import__("random").Random(9))
        >>> s.deal_next(cards)
        >>> s.next_game().deal == cards
        True
        """
        self._check_open()
        if self.current is not None:
            raise SeriesError(f"game {self.number} is already being played")
        _ = self.deal
        self._deal = deal

    # ------------------------------------------------------------------ playing

    def next_game(self) -> GameState:
        """The next game to play: a fresh :class:`GameState` for :attr:`deal` (a compulsory
        Ramsch in a Ramsch round), or the unfinished game of a resumed series."""
        self._check_open()
        if self.current is not None:
            return self.current
        state = GameState(self.deal, self.rules, ramsch=self.rounds.ramsch)
        self.current = state
        return state

    def play(self, choose: Callable[[GameState], Action | str]) -> GameRecord:
        """Play the next game to the end with ``choose(state) -> action`` and record it."""
        state = self.next_game()
        while not state.is_over:
            state.apply(choose(state))
        return self.record(state)

    def record(self, state: GameState) -> GameRecord:
        """Write a finished game of this series (from :meth:`next_game`) on the list."""
        self._check_open()
        if not isinstance(state, GameState):
            raise SeriesError(f"record() takes a GameState, not {type(state).__name__}")
        if not state.is_over or state.result is None:
            raise SeriesError(f"game {self.number} is not over yet")
        if state.deal != self.deal:
            raise SeriesError(
                f"game {self.number} was not dealt by this series (use series.next_game())"
            )
        if state.rules != self.rules:
            raise SeriesError(
                f"game {self.number} was played under rules {state.rules}, "
                f"the series under {self.rules}"
            )
        self._check_result(state.result)
        events = tuple((e.seat, str(e.action)) for e in state.history)
        return self._write(state.result, self.deal, events)

    def add(self, result: Result) -> GameRecord:
        """Write a game from its result alone (a list transcribed from paper, or a test).

        The game still uses up its deal from the seed, so later deals stay the same.
        """
        self._check_open()
        if not isinstance(result, Result):
            raise SeriesError(f"add() takes a Result, not {type(result).__name__}")
        if result.declarer is not None and result.declarer not in (0, 1, 2):
            raise SeriesError(f"game {self.number}: declarer seat {result.declarer} is not 0..2")
        self._check_result(result)
        _ = self.deal  # draw it: the seed's later deals do not depend on how a game was entered
        return self._write(result, None, None)

    def abandon(self, state: GameState) -> GameRecord:
        """Write a game of this series that ended before it was declared, because a player
        ran out of time or left (the International Skat Server's penalty record): no game
        was played, so nobody scores (0 on the list, as the record's ``v:0``); the game uses
        up its deal and the dealer's turn like a game passed in.

        >>> s = Series(["A", "B", "C"], seed=3, games=2)
        >>> g = s.next_game()
        >>> _ = g.apply("18")
        >>> r = s.abandon(g)
        >>> r.number, r.entries, s.number, s.dealer_name, s.current is None
        (1, (0, 0, 0), 2, 'B', True)
        """
        self._check_open()
        if state is not self.current or state.is_over:
            raise SeriesError(f"game {self.number}: only the game being played is abandoned")
        events = tuple((e.seat, str(e.action)) for e in state.history)
        return self._write(Result(None, rules=self.rules), self.deal, events)

    def _check_open(self) -> None:
        if self.is_over:
            raise SeriesError(f"the series is over after {len(self.records)} games")

    def _check_result(self, result: Result) -> None:
        """A game of a Ramsch round is a Ramsch or a Grand Hand; a Ramsch elsewhere needs
        rules that play Ramsch when all pass."""
        if self.rounds.ramsch:
            if result.ramsch is None and not is_grand_hand(result):
                raise SeriesError(
                    f"game {self.number} is in a Ramsch round: it is a Ramsch or a Grand Hand "
                    "(start it with series.next_game())"
                )
        elif result.ramsch is not None and self.rules.ramsch == "off":
            raise SeriesError(
                f"game {self.number}: a Ramsch outside a Ramsch round needs rules with ramsch on"
            )

    def _write(
        self, result: Result, deal: Deal | None, events: tuple[tuple[int, str], ...] | None
    ) -> GameRecord:
        n = self.seating.size
        rules = self.rules
        seats = self.seats
        rounds = self.rounds
        factor = 2 if rounds.bock else 1
        entries = sheet.entries(
            result, seats, n, rules.score_sheet, bonus=rules.seeger_bonus, factor=factor
        )
        before = tuple(self.totals)
        after = tuple(t + e for t, e in zip(before, entries, strict=True))
        won, lost = sheet.games_won_lost(result)  # Gewinner-Ramsch, Durchmarsch: won games
        for seat in won:
            self.won[seats[seat]] += 1
        for seat in lost:
            self.lost[seats[seat]] += 1
        # a Grand Hand (the only game one may declare instead) does not complete a Ramsch round
        counts = not (rounds.ramsch and result.ramsch is None)
        triggers = bock_triggers(result, rules.bock_triggers, before, after) if rules.bock else ()
        new_rounds = rounds.played(counts)
        if triggers:  # the Ramsch round after every (or every third) Bock round
            nth = 1 + sum(1 for r in self.records if r.triggers)
            ramsch = rules.ramsch_rounds and nth % rules.ramsch_rounds_every == 0
            new_rounds = new_rounds.triggered(n, ramsch)
        opening = self.pot.open()
        flows = self.pot.settle(result, seats)
        record = GameRecord(
            number=self.number,
            dealer=self.dealer,
            seats=seats,
            sitting=self.sitting,
            turn=self.turn,
            rounds=rounds,
            factor=factor,
            result=result,
            deal=deal,
            events=events,
            entries=entries,
            totals=after,
            counts=counts,
            triggers=triggers,
            pot=tuple(a + b for a, b in zip(opening, flows, strict=True)),
            pot_content=self.pot.content,
        )
        self.records.append(record)
        self.totals = list(after)
        self.rounds = new_rounds
        if counts:
            self.dealer = self.seating.next_dealer(self.dealer)
            self.turn += 1
        self._deal = None
        self.current = None
        return record

    # ------------------------------------------------------------------ results

    def standings(self) -> list[sheet.Standing]:
        """The ranking: total, then more games won, then fewer lost."""
        return sheet.ranking(self.players, self.totals, self.won, self.lost)

    @property
    def money_sheet(self) -> str:
        """The sheet money is settled from: the list's own, except that Danish money games use
        the normal (plain) list (pagat; docs/variants/danish.md)."""
        return "plain" if self.rules.score_sheet == "danish" else self.rules.score_sheet

    def record_state(self, record: GameRecord) -> dict[str, str | int | bool]:
        """What a game record's ``meta.series.state`` keeps of the table so that the list can
        be written from the records alone (``skat list``): the table size (``table``), every
        player in the table's order (``player0``, ``player1``, …: the list's columns, the
        sitting players included) and whether the game was a Bock game (``bock``)."""
        state: dict[str, str | int | bool] = {"table": self.seating.size}
        for i, name in enumerate(self.players):
            state[f"player{i}"] = name
        state["bock"] = record.factor == 2
        return state

    def list_rows(self, sheet: str | None = None) -> list[sheet_module.ListRow]:
        """The list's rows on ``sheet`` (default: the rules' own), as every surface shows
        them (:func:`skat.series.sheet.list_rows`)."""
        return sheet_module.list_rows(
            self.records,
            self.seating.size,
            sheet or self.rules.score_sheet,
            bonus=self.rules.seeger_bonus,
        )

    def entries_on(self, sheet: str) -> list[tuple[int, ...]]:
        """Every game's entries as ``sheet`` writes them (Bock doubling included)."""
        if sheet == self.rules.score_sheet:
            return [r.entries for r in self.records]
        n = self.seating.size
        bonus = self.rules.seeger_bonus
        return [
            sheet_entries(r.result, r.seats, n, sheet, bonus=bonus, factor=r.factor)
            for r in self.records
        ]

    def settlement(self, stake: Stake = 1, sheet: str | None = None) -> Settlement:
        """Settle the list at the end: pairwise differences of the totals × ``stake``, on
        ``sheet`` (default :attr:`money_sheet`)."""
        rows = self.entries_on(sheet or self.money_sheet)
        totals = [sum(row[p] for row in rows) for p in range(self.seating.size)]
        return settle(dict(zip(self.players, totals, strict=True)), stake)

    def game_settlements(self, stake: Stake = 1, sheet: str | None = None) -> list[Settlement]:
        """Settle after every game: pairwise differences of each game's entries × ``stake``."""
        rows = self.entries_on(sheet or self.money_sheet)
        return settle_each([dict(zip(self.players, row, strict=True)) for row in rows], stake)

    def pot_balance(self) -> dict[str, int]:
        """Each player's money from the pot so far (negative: paid in)."""
        return dict(zip(self.players, self.pot.balance, strict=True))

    def net_money(self, stake: Stake = 1) -> dict[str, Fraction]:
        """End-of-list settlement plus pot balance, per player (the pot's content aside)."""
        net = self.settlement(stake).net
        return {p: net[p] + b for p, b in self.pot_balance().items()}

    def __repr__(self) -> str:
        return (
            f"<Series {', '.join(self.players)}: game {self.number}, "
            f"turn {self.turn}/{self.planned}, rules {self.rules}>"
        )
