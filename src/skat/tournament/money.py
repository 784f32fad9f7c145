"""Loss money (Verlustgeld), table fees and the prize list, in whole cents.

Loss money: a player's lost games in a series cost ``Money.loss_fees`` one by one (the last
fee repeats); the table fee is what each player pays per series at a table of that size.  A
table's sum is what its players pay.  Prizes go by overall place; players sharing a place
share the prizes of the places they cover equally (a cent left over goes to the first named).

>>> from skat.tournament.model import Money
>>> loss_money(5, Money(loss_fees=(50, 50, 50, 100)))
350
>>> format_cents(1250), format_cents(-5)
('12.50', '-0.05')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from skat.tournament.model import Money, Tournament
from skat.tournament.standings import series_results, standings


@dataclass(frozen=True)
class Fees:
    """What one player (or table) pays: loss money and table fees, in cents."""

    name: str
    loss_money: int
    table_fees: int

    @property
    def total(self) -> int:
        """Both together."""
        return self.loss_money + self.table_fees


@dataclass(frozen=True)
class Prize:
    """A line of the prize list: place, player, cents."""

    place: int
    name: str
    amount: int


def loss_money(lost: int, money: Money) -> int:
    """The loss money of ``lost`` lost games in one series."""
    fees = money.loss_fees
    if not fees:
        return 0
    return sum(fees[min(k, len(fees) - 1)] for k in range(lost))


def player_fees(t: Tournament) -> tuple[Fees, ...]:
    """Each player's loss money and table fees over the series counted so far."""
    owed = {name: [0, 0] for name in t.names}
    for k, results in enumerate(series_results(t)):
        sizes = {table.number: len(table.players) for table in t.rounds[k].seating.tables}
        for name, r in results.items():
            owed[name][0] += loss_money(r.lost, t.money)
            owed[name][1] += t.money.fee_at(sizes[r.table])
    return tuple(Fees(name, a, b) for name, (a, b) in owed.items())


def table_fees(t: Tournament, series: int) -> tuple[Fees, ...]:
    """What each table of ``series`` pays (``name`` is ``"table N"``), for its counted list."""
    rnd = t.round(series)
    results = series_results(t)[series - 1]
    out = []
    for table in rnd.seating.tables:
        mine = [results[n] for n in table.players if n in results]
        out.append(
            Fees(
                f"table {table.number}",
                sum(loss_money(r.lost, t.money) for r in mine),
                t.money.fee_at(len(table.players)) * len(mine),
            )
        )
    return tuple(out)


def prize_list(t: Tournament) -> tuple[Prize, ...]:
    """The prizes by overall place; a shared place shares the prizes it covers."""
    prizes = t.money.prizes
    rows = standings(t).rows
    out: list[Prize] = []
    i = 0
    while i < len(rows) and i < len(prizes):
        tied = [s for s in rows if s.place == rows[i].place]
        pot = sum(prizes[i : i + len(tied)])
        each, rest = divmod(pot, len(tied))
        for j, s in enumerate(tied):
            out.append(Prize(s.place, s.name, each + (rest if j == 0 else 0)))
        i += len(tied)
    return tuple(out)


def format_cents(cents: int) -> str:
    """Cents as ``12.50``."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{whole}.{part:02d}"


def parse_cents(text: str) -> int:
    """``12.5`` or ``12,50`` or ``12`` as cents; an error for anything else.

    >>> parse_cents("12,5"), parse_cents("0.05"), parse_cents("3")
    (1250, 5, 300)
    """
    m = re.fullmatch(r"(\d{1,9})(?:[.,](\d{1,2}))?", text.strip())
    if m is None:
        raise ValueError(f"not an amount: {text!r} (write 12.50)")
    return int(m.group(1)) * 100 + int(((m.group(2) or "") + "00")[:2])
