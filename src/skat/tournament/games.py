"""One game of a table's list, checked and scored by the core.

:func:`score_game` places the game (the dealer rotates clockwise from the table's first
player; at a 4-table the dealer sits out, ISkO tournament order), checks the declarer and the
value against :func:`skat.tournament.values.outcomes` and returns the core's result, or the
problems with their reasons.

>>> from skat.core import Rules
>>> from skat.tournament.model import GameEntry
>>> got = score_game(GameEntry("Ben", "G", True, 72), ("Anna", "Ben", "Cora"), 0, Rules())
>>> got.result.score, got.seats
(72, (1, 2, 0))
>>> [str(p) for p in score_game(GameEntry("Eva", "G", True, 72), ("Anna", "Ben", "Cora"), 0, Rules())]
["game 1: 'Eva' does not sit at this table"]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skat.core.bidding import ladder
from skat.core.contracts import Contract, ContractParseError
from skat.core.language import N_, say
from skat.core.rules import Rules
from skat.core.scoring import Result
from skat.series.seating import SeatingOrder
from skat.tournament.kontra import refused
from skat.tournament.model import GameEntry, TableList
from skat.tournament.values import Legal, legal, lost_overbid


@dataclass(frozen=True)
class Problem:
    """One impossible entry: the game's number (from 1; ``None`` for the whole list) and why
    (``reason`` in English; ``german``: in German where the check gives it; ``key`` and
    ``params``: the reason as a message of the catalogs, said in any language by
    :meth:`describe`).

    >>> p = Problem.of(2, N_("cli.list.bid-not-a-bid"), bid=19)
    >>> str(p), p.describe("de"), p.describe("da")
    ('game 2: 19 is no bid', 'Spiel 2: 19 ist kein Reizwert', 'spil 2: 19 er ingen reizning')
    """

    game: int | None
    reason: str
    german: str | None = None
    key: str = ""
    params: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, game: int | None, key: str, /, **params: object) -> Problem:
        """The problem whose reason is the message ``key`` (mark it with ``N_``) with ``params``."""
        return cls(
            game, say("en", key, **params), say("de", key, **params), key, tuple(params.items())
        )

    def __str__(self) -> str:
        return self.reason if self.game is None else f"game {self.game}: {self.reason}"

    def describe(self, lang: str = "en") -> str:
        """The problem in ``lang`` (the English reason where it has no message id; the German
        one where the check gives it)."""
        if self.key:
            why = say(lang, self.key, **dict(self.params))
        else:
            why = (self.german or self.reason) if lang == "de" else self.reason
        return why if self.game is None else say(lang, "cli.list.game", game=self.game, reason=why)

    def in_german(self) -> str:
        """The problem in German words (the English reason where no German one is given)."""
        return self.describe("de")


@dataclass(frozen=True)
class Scored:
    """A game that passed the check: the core's result and the player indices of Forehand,
    Middlehand and Rearhand (``result`` is ``None`` for a passed-in game)."""

    result: Result | None
    seats: tuple[int, int, int]


def score_game(
    entry: GameEntry, players: Sequence[str], index: int, rules: Rules
) -> Scored | list[Problem]:
    """The game at ``index`` (from 0) scored by the core, or its problems."""
    return _score_at(entry, players, SeatingOrder(players), index, legal(rules))


def score_games(table_list: TableList, rules: Rules) -> tuple[Scored | list[Problem], ...]:
    """Every game of the list: :func:`score_game` for each, the rules looked up once."""
    players = table_list.players
    order = SeatingOrder(players)
    lg = legal(rules)
    return tuple(_score_at(g, players, order, i, lg) for i, g in enumerate(table_list.games))


def _score_at(
    entry: GameEntry, players: Sequence[str], order: SeatingOrder, index: int, lg: Legal
) -> Scored | list[Problem]:
    number = index + 1
    seats = order.seats(index % len(players))
    if entry.declarer is None:
        if entry.contract or entry.value or entry.won:
            return [Problem.of(number, N_("cli.list.passed-no-game"))]
        if entry.kontra:
            return [Problem.of(number, N_("cli.list.passed-no-kontra"))]
        return Scored(None, seats)
    problems = []
    if entry.declarer not in players:
        return [Problem.of(number, N_("cli.list.not-at-table"), declarer=entry.declarer)]
    who = players.index(entry.declarer)
    if who not in seats:
        problems.append(
            Problem.of(number, N_("cli.list.dealer-sits-out"), declarer=entry.declarer, game=number)
        )
    try:
        contract = lg.contract(entry.contract)
    except ContractParseError as exc:
        return [*problems, Problem(number, str(exc))]
    _value_problem(contract, entry, lg, number, problems)
    said = refused(entry.kontra, lg.rules)
    if said is not None:
        problems.append(Problem.of(number, said[0], **said[1]))
        return problems
    seat = seats.index(who) if who in seats else 0
    result = lg.result(contract, entry.won, entry.value, seat, entry.kontra)
    if result is None or problems:
        return problems
    return Scored(result, seats)


def _value_problem(
    contract: Contract, entry: GameEntry, lg: Legal, number: int, problems: list[Problem]
) -> None:
    legal_values = lg.outcomes(contract)
    if (entry.won, entry.value) not in legal_values:
        shown = sorted(v for w, v in legal_values if w == entry.won)
        listed = ", ".join(map(str, shown[:3])) + (", …" if len(shown) > 3 else "")
        key = N_("cli.list.no-value-won") if entry.won else N_("cli.list.no-value-lost")
        problems.append(
            Problem.of(number, key, value=entry.value, contract=str(contract), listed=listed)
        )
        return
    bid = entry.bid
    if bid is None:
        return
    if bid not in ladder(lg.rules.grand_ouvert_base):  # the rules' own ladder (old: to 360)
        problems.append(Problem.of(number, N_("cli.list.bid-not-a-bid"), bid=bid))
    elif entry.value < bid:
        over = lost_overbid(contract, bid, lg.rules)
        if entry.won or entry.value != over:
            key = N_("cli.list.below-bid-won") if entry.won else N_("cli.list.below-bid-lost")
            problems.append(Problem.of(number, key, value=entry.value, bid=bid, over=over))
