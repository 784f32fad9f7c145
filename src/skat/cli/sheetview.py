"""The score sheet (the list) as text: one row per game, the totals and the ranking, the same
for ``skat play`` (during and after the series) and ``skat list``.

The rows are :class:`skat.series.sheet.ListRow` (the one list computation,
:func:`skat.series.sheet.list_rows`: ``plain`` writes the declarer's list score; ``seeger`` the
Seeger-Fabian tournament list, + value + 50 won, − 2 × value − 50 lost, + 40 for each other
player of a lost game, + 30 from four players up).  Every word follows ``lang``.

>>> from skat.core import Contract, Result
>>> from skat.series.sheet import ListedGame, list_rows
>>> won = Result(Contract.parse("G"), declarer=0, won=True, value=72, score=72)
>>> lost = Result(Contract.parse("C"), declarer=1, won=False, value=48, score=-96, kontra=1,
...               multiplier=2)
>>> rows = list_rows([ListedGame(1, won, (1, 2, 0)), ListedGame(2, lost, (1, 2, 0))], 3, "plain")
>>> print("\\n".join(sheet_lines(("You", "Ann", "Bob"), rows, "plain")))
  #  declarer  game              value     You     Ann     Bob
  1  Ann       Grand        won     72       0      72       0
  2  Bob       Clubs Kontra lost    48       0       0     -96
     total                                   0      72     -96
"""

from __future__ import annotations

from collections.abc import Sequence

from skat.core.language import N_, say
from skat.series.sheet import ListRow, list_standings

MAX_COLUMNS = 6
"""With more players than this the list shows each row's declarer entry (the totals are in
the ranking)."""

_HEADS = (
    N_("term.sheet_declarer"),
    N_("term.sheet_game"),
    N_("term.sheet_value"),
    N_("term.sheet_entry"),
    N_("term.sheet_total"),
)
"""The list's column heads (declarer, game, value, entry, total)."""


def _outcomes(lang: str) -> tuple[str, str]:
    """The list's words for a game won and a game lost (short: a column of five)."""
    return say(lang, "term.sheet_won"), say(lang, "term.sheet_lost")


def sheet_lines(
    players: Sequence[str],
    rows: Sequence[ListRow],
    sheet: str,
    *,
    last: int | None = None,
    lang: str = "en",
) -> list[str]:
    """The list as lines: a header, the rows (only the ``last`` ones when given), the totals."""
    declarer, game, value, entry, total = (say(lang, key) for key in _HEADS)
    wide = len(players) > MAX_COLUMNS
    width = max(7, *(len(p) + 1 for p in players))
    name_width = max(9, *(len(p) for p in players))
    shown = rows if last is None or len(rows) <= last else rows[-last:]
    game_width = max([4, *(len(r.game(lang)) for r in shown)]) + 6  # the name, won/lost
    head = f"{'#':>3}  {declarer:<{name_width}} {game:<{game_width}}{value:>6}"
    if wide:
        head += f"{entry:>8}"
    else:
        head += "".join(f"{p:>{width + 1}}" for p in players)
    lines = [head]
    if len(shown) < len(rows):
        lines.append(f"{'…':>3}")
    lines += [_row_line(r, players, width, wide, lang, game_width, name_width) for r in shown]
    if not wide:
        totals = [sum(r.entries[p] for r in rows) for p in range(len(players))]
        lines.append(
            f"{'':>3}  {total:<{name_width}} {'':<{game_width}}{'':>6}"
            + "".join(f"{t:>{width + 1}}" for t in totals)
        )
    return lines


def _row_line(
    r: ListRow,
    players: Sequence[str],
    width: int,
    wide: bool,
    lang: str,
    game_width: int,
    name_width: int,
) -> str:
    """One game's line: number, declarer, game, outcome, value and the entries (or, on a
    wide table, the declarer's entry alone)."""
    won, lost = _outcomes(lang)
    name = players[r.declarer] if r.declarer is not None else ""
    outcome = (won if r.won else lost) if r.declarer is not None else ""
    line = f"{r.number:>3}  {name:<{name_width}} {r.game(lang):<{game_width - 6}} {outcome:<5}"
    line += f"{r.value if r.declarer is not None else '':>6}"
    if wide:
        mine = r.entries[r.declarer] if r.declarer is not None else ""
        return line + f"{mine:>8}"
    return line + "".join(f"{e:>{width + 1}}" for e in r.entries)


def ranking_lines(players: Sequence[str], rows: Sequence[ListRow], lang: str = "en") -> list[str]:
    """The final ranking: place, name, total, games won and lost (a Gewinner-Ramsch winner and
    a Durchmarsch count as won games, :func:`skat.core.sheets.games_won_lost`).

    >>> from skat.core import Contract, Result
    >>> from skat.series.sheet import ListedGame, list_rows
    >>> won = Result(Contract.parse("G"), declarer=0, won=True, value=72, score=72)
    >>> rows = list_rows([ListedGame(1, won, (1, 2, 0))], 3, "seeger")
    >>> ranking_lines(("You", "Ann", "Bob"), rows)
    [' 1. Ann    122  (won 1, lost 0)', ' 2. You      0  (won 0, lost 0)', ' 2. Bob      0  (won 0, lost 0)']
    """
    won, lost = _outcomes(lang)
    out = []
    width = max(len(p) for p in players)
    for s in list_standings(players, rows):
        out.append(
            f"{s.place:>2}. {s.player:<{width}} {s.total:>6}  ({won} {s.won}, {lost} {s.lost})"
        )
    return out
