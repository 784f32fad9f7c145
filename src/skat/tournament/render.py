"""Sheets as plain text (aligned columns) and as one printable, standalone HTML page.

Every name and text is escaped in HTML; the page prints one sheet per page (``page-break``),
so a set of player cards or table lists goes to the printer as it is.

>>> from skat.tournament.report import Sheet
>>> s = Sheet("Cup", ("place", "player", "points"), ((1, "Anna", 1210), (2, "<b>", 980)), ("note",))
>>> print(to_text([s]))
Cup
place  player  points
    1  Anna      1210
    2  <b>        980
note
>>> "&lt;b&gt;" in to_html([s], "Cup") and "<b>" not in to_html([s], "Cup")
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from skat.tournament.report import Cell, Sheet

_STYLE = """
body { font-family: sans-serif; margin: 1.5em; }
section { page-break-after: always; margin-bottom: 2em; }
table { border-collapse: collapse; }
th, td { border: 1px solid #888; padding: 0.2em 0.6em; }
td.n { text-align: right; }
p.note { font-size: 0.9em; color: #333; }
"""


def to_text(sheets: Sequence[Sheet]) -> str:
    """The sheets as aligned plain text, a blank line between them."""
    return "\n\n".join(_text(s) for s in sheets)


def _text(s: Sheet) -> str:
    grid = [list(s.header)] + [[_show(c) for c in row] for row in s.rows]
    width = max(len(r) for r in grid)
    widths = [max(len(r[i]) for r in grid if i < len(r)) for i in range(width)]
    numeric = [all(isinstance(row[i], int) for row in s.rows if i < len(row)) for i in range(width)]
    lines = [s.title]
    for r in grid:
        cells = [
            c.rjust(widths[i]) if numeric[i] and r is not grid[0] else c.ljust(widths[i])
            for i, c in enumerate(r)
        ]
        lines.append("  ".join(cells).rstrip())
    lines.extend(s.notes)
    return "\n".join(lines)


def _show(c: Cell) -> str:
    return str(c)


def to_html(sheets: Sequence[Sheet], title: str, lang: str = "en") -> str:
    """One standalone HTML page holding the sheets, one per printed page, in ``lang`` (the
    sheets' words are the caller's, in that language)."""
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{html.escape(lang)}"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>",
    ]
    for s in sheets:
        parts.append(f"<section><h2>{html.escape(s.title)}</h2><table>")
        parts.append("<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in s.header) + "</tr>")
        for row in s.rows:
            cells = "".join(
                f'<td class="n">{c}</td>' if isinstance(c, int) else f"<td>{html.escape(c)}</td>"
                for c in row
            )
            parts.append(f"<tr>{cells}</tr>")
        parts.append("</table>")
        parts.extend(f'<p class="note">{html.escape(n)}</p>' for n in s.notes)
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
