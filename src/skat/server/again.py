"""Playing a finished game of a table again: the same cards, places and computer players (their
levels and seeds), from any move of it (the web table's "play this deal again"); a variant's
game too (Strohmann, Officers' Skat, Tournee Skat: a one-game table of its players, in the
seats they had).

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
from skat.server.variant_table import VariantConfig, VariantTable


def again_config(
    old: Table, number: int, moves: int, player: int | None
) -> tuple[TableConfig, int | None]:
    """The configuration of a one-game table that plays finished game ``number`` of ``old``
    again, its first ``moves`` moves kept, and the place of ``player`` (of the old table) at
    it.  ``KeyError``: no such game; :class:`ConfigError`: no cards recorded, or no such move."""
    if not 1 <= number <= len(old.series.records):
        raise KeyError(number)
    if isinstance(old, VariantTable):
        return _variant_again(old, number, moves, player)
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


def _variant_again(
    old: VariantTable, number: int, moves: int, player: int | None
) -> tuple[TableConfig, int | None]:
    """:func:`again_config` of a variant's game: a one-game table of the players who sat in
    it (a Tournee table's who sat out stay away), each in the seat he had."""
    record = old.series.records[number - 1]
    if not record.deal:
        raise ConfigError(lambda lang: say(lang, "server.again.noCards"))
    if not 0 <= moves < len(record.events):
        last = len(record.events) - 1
        raise ConfigError(lambda lang: say(lang, "server.again.moves", last=last))
    order = [p for p in record.seats if p is not None]  # game 1's seats: in this order
    config = VariantConfig.parse(
        {
            "variant": old.variant,
            "games": 1,
            "seats": [dataclasses.asdict(old.config.seats[p]) for p in order],
            "deal": record.deal,
            "setup": dict(record.setup),
            "moves": [list(e) for e in record.events[:moves]],
            "agent_seeds": [old.config.agent_seed(p, number) for p in order],
        }
    )
    return config, order.index(player) if player in order else None
