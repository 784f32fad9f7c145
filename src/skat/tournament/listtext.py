"""A table's list typed as text, one game a line (for the director typing a paper list in).

::

    # series 1, table 2 (a line from '#' on is a comment)
    Ben G won 72
    Anna C lost 48 50       # the bid may follow the value
    passed                  # all passed: the game is written as passed in
    2 N + 23                # the declarer by seat number (1 deals the first game)
    Cora G lost 48 Kontra   # Kontra, Re, Supra, Resupra last, where the rules allow them
    totals 122 -146 40      # optional: what the table wrote, checked against the games
    won 1 0 0
    lost 0 1 0

Declarer names may hold spaces; ``won``/``lost`` may be ``+``/``-`` or ``gewonnen``/``verloren``.

>>> games, written = parse_list("Ben G won 72\\npassed\\n2 N - 23 24\\ntotals 1 2 3", ("Anna", "Ben", "Cora"))
>>> games[0]
GameEntry(declarer='Ben', contract='G', won=True, value=72, bid=None, kontra=0)
>>> games[1].declarer, games[2].bid
(None, 24)
>>> written
{'totals': (1, 2, 3)}
>>> print(format_list(games, written))
Ben G won 72
passed
Ben N lost 23 24
totals 1 2 3
>>> parse_list(format_list(games, written), ("Anna", "Ben", "Cora")) == (games, written)
True
>>> parse_list("Cora G lost 48 re", ("Anna", "Ben", "Cora"))[0][0]
GameEntry(declarer='Cora', contract='G', won=False, value=48, bid=None, kontra=2)
>>> format_list(parse_list("Cora G lost 48 50 Kontra", ("Anna", "Ben", "Cora"))[0])
'Cora G lost 48 50 Kontra'
>>> parse_list("Ben G maybe 72", ("Anna", "Ben", "Cora"))
Traceback (most recent call last):
...
skat.tournament.listtext.ListTextError: line 1: 'Ben G maybe 72' is not 'declarer game won|lost value [bid]' ...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from skat.tournament.kontra import NAMES, level
from skat.tournament.model import GameEntry, TournamentError

_WON: Final = {
    "won": True,
    "+": True,
    "gewonnen": True,
    "lost": False,
    "-": False,
    "verloren": False,
}
_PASSED: Final = ("passed", "eingepasst")
_SUMS: Final = ("totals", "won", "lost")


class ListTextError(TournamentError):
    """A line that cannot be read; the message names the line."""


def parse_list(
    text: str, players: Sequence[str]
) -> tuple[tuple[GameEntry, ...], dict[str, tuple[int, ...]]]:
    """The games and the written sums (``totals``, ``won``, ``lost``) of a typed list."""
    games: list[GameEntry] = []
    written: dict[str, tuple[int, ...]] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        if words[0].lower() in _SUMS and len(words) == len(players) + 1 and _all_ints(words[1:]):
            written[words[0].lower()] = tuple(int(w) for w in words[1:])
        elif words[0].lower() in _PASSED and len(words) == 1:
            games.append(GameEntry(None))
        else:
            games.append(_game(words, players, number, line))
    return tuple(games), written


def format_list(
    games: Sequence[GameEntry], written: dict[str, tuple[int, ...]] | None = None
) -> str:
    """The typed text of a list, one game a line, that :func:`parse_list` reads back."""
    lines = []
    for g in games:
        if g.declarer is None:
            lines.append("passed")
            continue
        bid = "" if g.bid is None else f" {g.bid}"
        said = f" {NAMES[g.kontra]}" if 0 < g.kontra < len(NAMES) else ""
        outcome = "won" if g.won else "lost"
        lines.append(f"{g.declarer} {g.contract} {outcome} {g.value}{bid}{said}")
    for key in _SUMS:
        if written and written.get(key) is not None:
            lines.append(" ".join((key, *map(str, written[key]))))
    return "\n".join(lines)


def _all_ints(words: Sequence[str]) -> bool:
    return all(w.lstrip("-").isdigit() for w in words)


def _game(words: list[str], players: Sequence[str], number: int, line: str) -> GameEntry:
    kontra = level(words[-1]) if len(words) > 4 and words[-2].isdigit() else None
    if kontra is not None:
        words = words[:-1]
    at = next((k for k in range(len(words) - 1, 1, -1) if words[k].lower() in _WON), None)
    tail = words[at + 1 :] if at is not None else []
    if at is None or len(tail) not in (1, 2) or not all(w.isdigit() for w in tail):
        raise ListTextError(
            f"line {number}: {line!r} is not 'declarer game won|lost value [bid]' (then Kontra or Re)"
        )
    who = " ".join(words[: at - 1])
    if who.isdigit() and 1 <= int(who) <= len(players):
        who = players[int(who) - 1]
    elif who not in players:
        raise ListTextError(f"line {number}: {who!r} is not a player of this table")
    bid = int(tail[1]) if len(tail) == 2 else None
    won = _WON[words[at].lower()]
    return GameEntry(who, words[at - 1].upper(), won, int(tail[0]), bid, kontra or 0)
