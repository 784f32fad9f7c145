"""A series (Liste) at one table: dealing order, score sheets, Bock and Ramsch rounds, the pot,
settlement with a stake, export and save/resume.  Imports only :mod:`skat.core`.

>>> import random
>>> from skat.core import Rules
>>> from skat.series import Series
>>> series = Series(["Anna", "Ben", "Cora", "Dirk"], Rules.parse("tournament"), seed=11, games=8)
>>> series.planned, series.dealer_name, [series.players[p] for p in series.sitting]
(8, 'Anna', ['Anna'])
>>> moves = random.Random(2)
>>> while not series.is_over:
...     _ = series.play(lambda g: moves.choice(g.legal_actions()))
>>> series.turn, [s.total for s in series.standings()] == sorted(series.totals, reverse=True)
(8, True)
>>> sum(series.settlement(stake="1/4").net.values())
Fraction(0, 1)

See ``docs/series.md`` for the score sheets, settlement, Bock/Ramsch rounds and the pot.
"""

from skat.series.export import ListFormatError, Row, ScoreList, write_list
from skat.series.pot import Pot
from skat.series.rounds import TRIGGERS, Rounds, bock_triggers
from skat.series.seating import SeatingError, SeatingOrder
from skat.series.series import GameRecord, Series, SeriesError
from skat.series.settlement import (
    Payment,
    Settlement,
    SettlementError,
    format_amount,
    settle,
    settle_each,
    stake_of,
    total_net,
)
from skat.series.sheet import SHEETS, Standing, entries, ranking
from skat.series.storage import (
    SeriesFileError,
    dumps_series,
    load_series,
    loads_series,
    save_series,
)

__all__ = [
    "SHEETS",
    "TRIGGERS",
    "GameRecord",
    "ListFormatError",
    "Payment",
    "Pot",
    "Rounds",
    "Row",
    "ScoreList",
    "SeatingError",
    "SeatingOrder",
    "Series",
    "SeriesError",
    "SeriesFileError",
    "Settlement",
    "SettlementError",
    "Standing",
    "bock_triggers",
    "dumps_series",
    "entries",
    "format_amount",
    "load_series",
    "loads_series",
    "ranking",
    "save_series",
    "settle",
    "settle_each",
    "stake_of",
    "total_net",
    "write_list",
]
