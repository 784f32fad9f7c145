"""Playing a finished game of a table again: the same cards, places and computer players (their
levels and seeds), from any move of it (the web table's "play this deal again").

>>> from skat.server.table import Table, TableConfig
>>> table = Table("t", TableConfig.parse({"seats": ["human"] * 3}, seed=1))
>>> again_config(table, 1, 0, None)
Traceback (most recent call last):
...
KeyError: 1
"""

from __future__ import annotations

import dataclasses

from skat.core.language import say
from skat.server.table import ConfigError, Table, TableConfig


def again_config(
    old: Table, number: int, moves: int, player: int | None
) -> tuple[TableConfig, int | None]:
    """The configuration of a one-game table that plays finished game ``number`` of ``old``
    again, its first ``moves`` moves kept, and the place of ``player`` (of the old table) at
    it.  ``KeyError``: no such game; :class:`ConfigError`: no cards recorded, or no such move."""
    if not 1 <= number <= len(old.series.records):
        raise KeyError(number)
    if getattr(old, "variant", "skat") != "skat":
        raise ConfigError(lambda lang: say(lang, "server.again.variant"))
    record = old.series.records[number - 1]
    if record.deal is None or record.events is None:
        raise ConfigError(lambda lang: say(lang, "server.again.noCards"))
    if not 0 <= moves < len(record.events):
        last = len(record.events) - 1
        raise ConfigError(lambda lang: say(lang, "server.again.moves", last=last))
    fh, mh, rh = record.seats
    order = [rh, fh, mh]  # the dealer first: the same seats again
    config = TableConfig.parse(
        {
            "rules": str(old.config.rules),
            "games": 1,
            "seats": [dataclasses.asdict(old.config.seats[p]) for p in order],
            "clock": old.config.clock,
            "deal": str(record.deal),
            "moves": [list(e) for e in record.events[:moves]],
            "agent_seeds": [old.config.agent_seed(p, number) for p in order],
        }
    )
    return config, order.index(player) if player in order else None
