"""A whole web series as one file: a zip of every finished game's records and the list.

``GET /api/tables/{id}/series.zip`` holds ``game-01.json`` … (JSON v2 records, as each game's
own download), ``game-01.iss`` … (where the ISS format can say the game), ``list.csv`` (the
score sheet as the table shows it: one row a game, each player's entry and running total) and
``table.json`` (the rules, the players and the deal commitments).

>>> from skat.server.table import Table, TableConfig
>>> t = Table("t1", TableConfig.parse({"seats": ["human", "random", "random"]}, seed=2))
>>> import io, zipfile
>>> sorted(zipfile.ZipFile(io.BytesIO(series_archive(t, []))).namelist())
['list.csv', 'table.json']
"""

from __future__ import annotations

import csv
import io
import json
import zipfile
from collections.abc import Sequence
from typing import Any

from skat.server.protocol import dealing_view, sheet_view
from skat.server.storage import StoredRecord
from skat.server.table import Table
from skat.server.variant_table import VariantTable
from skat.server.variant_view import sheet as variant_sheet


def list_csv(table: Table) -> str:
    """The score sheet as CSV: game, dealer, declarer, game played (English and German),
    won, value, Kontra level (where the row has one), the list kind, then each player's entry
    and each player's running total; a last row with the totals.

    >>> from skat.server.table import TableConfig
    >>> t = Table("t", TableConfig.parse({"seats": ["human", "random", "random"]}, seed=2))
    >>> list_csv(t).splitlines()[0].split(",")[8:11]
    ['kind', 'Player 1', 'Computer 2']
    """
    sheet = variant_sheet(table) if isinstance(table, VariantTable) else sheet_view(table)
    names = list(table.players)
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(
        ["game", "dealer", "declarer", "game_en", "game_de", "won", "value", "kontra", "kind"]
        + names
        + [f"total {n}" for n in names]
    )
    for r in sheet["rows"]:
        declarer = names[r["declarer"]] if r["declarer"] is not None else ""
        row = [r["number"], names[r["dealer"]], declarer, r["game_en"], r["game_de"], r["won"]]
        w.writerow([*row, r["value"], r.get("doubled", ""), r["kind"], *r["entries"], *r["totals"]])
    w.writerow(["total", *[""] * (8 + len(names)), *sheet["totals"]])
    return out.getvalue()


def series_archive(table: Table, records: Sequence[StoredRecord]) -> bytes:
    """The zip (module doc) of ``table`` with its stored ``records``."""
    buffer = io.BytesIO()
    width = max(2, len(str(len(records))))
    info: dict[str, Any] = {
        "table": table.id,
        "rules": table.rules_text,
        "players": list(table.players),
        "games": len(records),
        "over": table.is_over,
        "dealing": None if isinstance(table, VariantTable) else dealing_view(table),
    }
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for r in sorted(records, key=lambda r: r.number):
            stem = f"game-{r.number:0{width}d}"
            z.writestr(f"{stem}.json", r.json)
            if r.iss is not None:
                z.writestr(f"{stem}.iss", r.iss + "\n")
        z.writestr("list.csv", list_csv(table))
        z.writestr("table.json", json.dumps(info, indent=2, ensure_ascii=False) + "\n")
    return buffer.getvalue()
