"""Exports: CSV (one sheet), ODS (a workbook of sheets, through ``odfdo``, the ``club`` extra),
and the workbook of a whole tournament.

CSV text cells that a spreadsheet would take for a formula get a leading apostrophe.
:func:`read_ods` reads a workbook back (the round-trip test uses it).

>>> from skat.tournament.report import Sheet
>>> s = Sheet("Cup", ("place", "player", "points"), ((1, "Anna", 1210), (2, "=1+1", -980)))
>>> print(to_csv(s), end="")
place,player,points
1,Anna,1210
2,'=1+1,-980
>>> from_csv(to_csv(s)) == [list(s.header), *map(list, s.rows)]
True
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from skat.core.language import N_
from skat.tournament.model import Tournament, TournamentError
from skat.tournament.report import (
    Cell,
    Sheet,
    groups_sheet,
    list_sheet,
    money_sheet,
    prize_sheet,
    seating_sheet,
    standings_sheet,
)

_FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")


def to_csv(sheet: Sheet) -> str:
    """The header and the rows as CSV (the title and notes are left out)."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow([_cell(h) for h in sheet.header])
    for row in sheet.rows:
        w.writerow([_cell(c) for c in row])
    return out.getvalue()


def from_csv(text: str) -> list[list[Cell]]:
    """Rows of :func:`to_csv` back, whole numbers as ``int``."""
    return [[_uncell(c) for c in row] for row in csv.reader(io.StringIO(text))]


def _cell(c: Cell) -> Cell:
    return "'" + c if isinstance(c, str) and c.startswith(_FORMULA_START) else c


def _uncell(c: str) -> Cell:
    if c.startswith("'") and c[1:].startswith(_FORMULA_START):
        return c[1:]
    return int(c) if c.lstrip("-").isdigit() else c


def workbook(t: Tournament) -> tuple[Sheet, ...]:
    """Every sheet of the tournament: standings, series standings and tables, teams and clubs,
    each entered list, money and prizes."""
    sheets = [standings_sheet(t)]
    for k, rnd in enumerate(t.rounds, 1):
        sheets.append(standings_sheet(t, k))
        sheets.append(seating_sheet(t, k))
        sheets.extend(list_sheet(t, k, tl.table) for tl in rnd.lists)
    for by in ("team", "club"):
        if any(getattr(p, by) for p in t.players):
            sheets.append(groups_sheet(t, by))
    sheets.append(money_sheet(t))
    if t.money.prizes:
        sheets.append(prize_sheet(t))
    return tuple(sheets)


def write_ods(sheets: Sequence[Sheet], path: str | Path) -> None:
    """Write the sheets as an OpenDocument spreadsheet, one table each (names made unique)."""
    try:
        from odfdo import Document, Table
    except ImportError:
        raise TournamentError.of(N_("cli.tour.ods-export-needs-odfdo")) from None
    doc = Document("spreadsheet")
    body = doc.body
    body.clear()
    used: set[str] = set()
    for s in sheets:
        name = _sheet_name(s.title, used)
        table = Table(name)
        table.set_values([list(s.header), *(list(r) for r in s.rows)])
        body.append(table)
    doc.save(str(path))


def read_ods(path: str | Path) -> dict[str, list[list[Cell]]]:
    """The tables of an ODS file by name, empty cells as ``""``."""
    from odfdo import Document

    doc = Document(str(path))
    out: dict[str, list[list[Cell]]] = {}
    for table in doc.body.tables:
        rows = table.get_values()
        out[table.name or ""] = [[_plain(c) for c in row] for row in rows]
    return out


def _plain(c: object) -> Cell:
    if c is None:
        return ""
    if isinstance(c, bool):
        return str(c)
    if isinstance(c, int):
        return c
    if isinstance(c, float) and c.is_integer():
        return int(c)
    return str(c)


def _sheet_name(title: str, used: set[str]) -> str:
    base = "".join(ch for ch in title.split(": ", 1)[-1] if ch not in "[]*?:/\\'")[:28] or "sheet"
    name, k = base, 2
    while name in used:
        name, k = f"{base} {k}", k + 1
    used.add(name)
    return name
