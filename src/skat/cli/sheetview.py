"""The score sheet (the list) as text: one row per game, the totals and the ranking.

``plain`` writes the declarer's list score; ``seeger`` the Seeger-Fabian tournament list
(+ value + 50 won, − 2 × value − 50 lost, + 40 for each other player of a lost game); the
entries come from :func:`skat.series.sheet.entries`.

>>> rows = [SheetRow(1, "Ann", "G", True, 72, (0, 72, 0)),
...         SheetRow(2, "Bob", "C", False, 48, (0, 0, -96))]
>>> print("\\n".join(sheet_lines(("You", "Ann", "Bob"), rows, "plain")))
  #  declarer  game     value     You     Ann     Bob
  1  Ann       G   won     72       0      72       0
  2  Bob       C   lost    48       0       0     -96
     total                          0      72     -96
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skat.series.sheet import ranking

MAX_COLUMNS = 6
"""With more players than this the list shows each row's declarer entry (the totals are in
the ranking)."""


@dataclass(frozen=True)
class SheetRow:
    """One game on the list: number, declarer's name ('' for a Ramsch or passed game), the
    game's short name, won, value, one entry per player."""

    number: int
    declarer: str
    game: str
    won: bool
    value: int
    entries: tuple[int, ...]


def sheet_lines(
    players: Sequence[str],
    rows: Sequence[SheetRow],
    sheet: str,
    *,
    last: int | None = None,
    lang: str = "en",
) -> list[str]:
    """The list as lines: a header, the rows (only the ``last`` ones when given), the totals."""
    de = lang == "de"
    wide = len(players) > MAX_COLUMNS
    width = max(7, *(len(p) + 1 for p in players))
    shown = rows if last is None or len(rows) <= last else rows[-last:]
    game_width = max([3, *(len(r.game) for r in shown)]) + 6  # the name, won/lost
    head = f"{'#':>3}  {('Spieler' if de else 'declarer'):<9} "
    head += f"{('Spiel' if de else 'game'):<{game_width}}"
    head += f"{('Wert' if de else 'value'):>6}"
    if wide:
        head += f"{('Eintrag' if de else 'entry'):>8}"
    else:
        head += "".join(f"{p[: width - 1]:>{width + 1}}" for p in players)
    lines = [head]
    if len(shown) < len(rows):
        lines.append(f"{'…':>3}")
    lines += [_row_line(r, players, width, wide, de, game_width) for r in shown]
    if not wide:
        totals = [sum(r.entries[p] for r in rows) for p in range(len(players))]
        lines.append(
            f"{'':>3}  {('Summe' if de else 'total'):<9} {'':<{game_width}}{'':>6}"
            + "".join(f"{t:>{width + 1}}" for t in totals)
        )
    return lines


def _row_line(
    r: SheetRow, players: Sequence[str], width: int, wide: bool, de: bool, game_width: int
) -> str:
    """One game's line: number, declarer, game, outcome, value and the entries (or, on a
    wide table, the declarer's entry alone)."""
    outcome = ""
    if r.declarer:
        outcome = ("gew." if de else "won") if r.won else ("verl." if de else "lost")
    line = f"{r.number:>3}  {r.declarer[:9]:<9} {r.game:<{game_width - 6}} {outcome:<5}"
    line += f"{r.value if r.declarer else '':>6}"
    if wide:
        mine = r.entries[players.index(r.declarer)] if r.declarer in players else ""
        return line + f"{mine:>8}"
    return line + "".join(f"{e:>{width + 1}}" for e in r.entries)


def ranking_lines(players: Sequence[str], rows: Sequence[SheetRow], lang: str = "en") -> list[str]:
    """The final ranking: place, name, total, games won and lost as declarer.

    >>> rows = [SheetRow(1, "Ann", "G", True, 72, (0, 122, 0))]
    >>> ranking_lines(("You", "Ann", "Bob"), rows)
    [' 1. Ann    122  (won 1, lost 0)', ' 2. You      0  (won 0, lost 0)', ' 2. Bob      0  (won 0, lost 0)']
    """
    de = lang == "de"
    totals = [sum(r.entries[p] for r in rows) for p in range(len(players))]
    won = [sum(1 for r in rows if r.declarer == p and r.won) for p in players]
    lost = [sum(1 for r in rows if r.declarer == p and not r.won) for p in players]
    out = []
    width = max(len(p) for p in players)
    words = ("gew.", "verl.") if de else ("won", "lost")
    for s in ranking(players, totals, won, lost):
        out.append(
            f"{s.place:>2}. {s.player:<{width}} {s.total:>6}  "
            f"({words[0]} {s.won}, {words[1]} {s.lost})"
        )
    return out
