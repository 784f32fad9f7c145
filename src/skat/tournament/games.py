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
from dataclasses import dataclass, replace

from skat.core.bidding import BID_VALUES
from skat.core.contracts import Contract, ContractParseError
from skat.core.rules import Rules
from skat.core.scoring import Result
from skat.series.seating import SeatingOrder
from skat.tournament.model import GameEntry
from skat.tournament.values import lost_overbid, outcomes


@dataclass(frozen=True)
class Problem:
    """One impossible entry: the game's number (from 1; ``None`` for the whole list) and why."""

    game: int | None
    reason: str

    def __str__(self) -> str:
        return self.reason if self.game is None else f"game {self.game}: {self.reason}"


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
    number = index + 1
    order = SeatingOrder(players)
    dealer = index % len(players)
    seats = order.seats(dealer)
    if entry.declarer is None:
        if entry.contract or entry.value or entry.won:
            return [Problem(number, "a passed-in game has no game, value or winner")]
        return Scored(None, seats)
    problems = []
    if entry.declarer not in players:
        return [Problem(number, f"{entry.declarer!r} does not sit at this table")]
    who = players.index(entry.declarer)
    if who not in seats:
        problems.append(
            Problem(number, f"{entry.declarer} dealt game {number} and sits out at a 4-table")
        )
    try:
        contract = Contract.parse(entry.contract)
    except ContractParseError as exc:
        return [*problems, Problem(number, str(exc))]
    result = _value_problem(contract, entry, rules, number, problems)
    if result is None or problems:
        return problems
    return Scored(_with_seat(result, seats.index(who)), seats)


def _value_problem(
    contract: Contract, entry: GameEntry, rules: Rules, number: int, problems: list[Problem]
) -> Result | None:
    legal = outcomes(contract, rules)
    word = "won" if entry.won else "lost"
    result = legal.get((entry.won, entry.value))
    if result is None:
        shown = sorted(v for w, v in legal if w == entry.won)
        listed = ", ".join(map(str, shown[:3])) + (", …" if len(shown) > 3 else "")
        problems.append(
            Problem(
                number,
                f"{entry.value} is no value of a {word} {contract} "
                f"({contract} {word} is worth {listed})",
            )
        )
        return None
    bid = entry.bid
    if bid is None:
        return result
    if bid not in BID_VALUES:
        problems.append(Problem(number, f"{bid} is no bid"))
    elif entry.value < bid:
        over = lost_overbid(contract, bid, rules)
        if entry.won or entry.value != over:
            problems.append(
                Problem(
                    number,
                    f"a game {word} below the bid ({entry.value} < {bid}) "
                    f"is lost overbid with {over}",
                )
            )
    return result


def _with_seat(result: Result, seat: int) -> Result:
    """The core's result with the declarer at ``seat`` (0 Forehand … 2 Rearhand)."""
    return replace(result, declarer=seat)
