"""Printable PDF of sheets (table lists, lists, standings, cards) through ReportLab, the
``club`` extra: one sheet a page, A4, the header row repeated on every page of a long table.

>>> from skat.tournament.report import Sheet
>>> s = Sheet("Cup", ("place", "player", "points"), ((1, "Anna", 1210), (2, "Ünal <b>", 980)))
>>> pdf = to_pdf([s], "Cup")
>>> pdf[:5], pdf.rstrip().endswith(b"%%EOF")
(b'%PDF-', True)
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from xml.sax.saxutils import escape

from skat.core.language import say
from skat.tournament.model import TournamentError
from skat.tournament.report import Sheet


def to_pdf(sheets: Sequence[Sheet], title: str, lang: str = "en") -> bytes:
    """The sheets as one PDF document (bytes), one sheet a page; without ReportLab a
    :class:`TournamentError` in ``lang`` says how to install it."""
    try:
        from reportlab.lib import colors
        from reportlab.lib.pagesizes import A4
        from reportlab.lib.styles import getSampleStyleSheet
        from reportlab.lib.units import mm
        from reportlab.platypus import (
            LongTable,
            PageBreak,
            Paragraph,
            SimpleDocTemplate,
            TableStyle,
        )
    except ImportError:
        raise TournamentError(say(lang, "sheet.pdf_needs_reportlab")) from None
    styles = getSampleStyleSheet()
    out = io.BytesIO()
    doc = SimpleDocTemplate(
        out, pagesize=A4, title=title, leftMargin=15 * mm, rightMargin=15 * mm,
        topMargin=15 * mm, bottomMargin=15 * mm,
    )  # fmt: skip
    grid = TableStyle(
        [
            ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8")),
            ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
            ("FONTSIZE", (0, 0), (-1, -1), 8.5),
            ("ALIGN", (0, 0), (-1, -1), "LEFT"),
        ]
    )
    story: list[object] = []
    for k, s in enumerate(sheets):
        if k:
            story.append(PageBreak())
        story.append(Paragraph(escape(s.title), styles["Heading2"]))
        data = [list(s.header), *([str(c) for c in row] for row in s.rows)]
        table = LongTable(data, repeatRows=1, hAlign="LEFT")
        style = TableStyle(grid.getCommands())
        for i, row in enumerate(s.rows, 1):
            for j, cell in enumerate(row):
                if isinstance(cell, int):
                    style.add("ALIGN", (j, i), (j, i), "RIGHT")
        table.setStyle(style)
        story.append(table)
        story.extend(Paragraph(escape(n), styles["Normal"]) for n in s.notes)
    doc.build(story)
    return out.getvalue()
