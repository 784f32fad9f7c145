"""List entries: what one game writes on the list for every player, by score sheet.

:func:`entries` turns a game's :class:`~skat.core.scoring.Result` into one list entry per
player at the table.  The sheets (``Rules.score_sheet``):

``plain``
    The declarer's list score (ISkO 5.3: + value won, − 2 × value lost, times the Kontra
    multiplier); everybody else 0.  A Ramsch writes each seat's Ramsch score.
``seeger``
    Seeger-Fabian (the tournament list): a won game + value + 50, a lost one
    − 2 × value − 50; for a lost game every other player at the table gets + 40 at a 3-table and
    + 30 at a table of four or more, the sitting players included.  With ``seeger_bonus=active``
    the two active defenders get + 40 and sitting players nothing (pagat.com, *Skat*).
A Ramsch writes each seat's Ramsch score.  What it counts as a game (:func:`games_won_lost`,
the games-won tie-break and the Seeger-Fabian ± 50): a Gewinner-Ramsch winner is "awarded 23
points, the score of a won Null; additionally they are awarded the won game" (English
Wikipedia, *Skat*, Ramsch: ties, all of them); a Durchmarsch wins the Ramsch ("the Ramsch is
also won by a player if that player manages to take all tricks"), a won game too; the loser
of a plain Ramsch or Schieberamsch has his card points "deducted from [his] score as negative
game points" and no game lost is written (the source names none).  On a Seeger-Fabian list a
won game of a Ramsch gets + 50 like any won game; nobody gets the + 40 of a lost game.
``bierlachs``
    Only minus points (Lehnhoff, via the English Wikipedia article *Bierlachs*): a won game
    writes − value for each of the two defenders, a lost game − 2 × value for the declarer.
``danish``
    The Danish Skat Union's tournament scoring (pagat.com, *Skat*): a won game + value
    for the declarer; a lost game + value for each of the two defenders and nothing for the
    declarer (so a lost game costs its single value relative to each defender, as the Danish
    money game pays it).

Bock doubling multiplies every entry of the game (``factor``).

>>> from skat.core import Contract, Result
>>> won = Result(Contract.parse("G"), declarer=1, won=True, value=96, score=96)
>>> lost = Result(Contract.parse("C"), declarer=0, won=False, value=48, score=-96)
>>> seats = (1, 2, 0)    # a 3-table: player 1 is Forehand, 2 Middlehand, 0 Rearhand (dealer)
>>> entries(won, seats, 3, "seeger"), entries(lost, seats, 3, "seeger")
((0, 0, 146), (40, -146, 40))
>>> entries(lost, (1, 2, 3), 4, "seeger"), entries(lost, (1, 2, 3), 4, "seeger", bonus="active")
((30, -146, 30, 30), (0, -146, 40, 40))
>>> entries(won, seats, 3, "bierlachs"), entries(lost, seats, 3, "danish", factor=2)
((-96, -96, 0), (96, 0, 96))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from skat.core.actions import DOUBLES
from skat.core.language import say
from skat.core.scoring import RAMSCH_WORDS, Result

SHEETS: Final = ("plain", "seeger", "bierlachs", "danish")
"""The score sheets, as ``Rules.score_sheet`` names them."""

SEEGER_GAME_BONUS: Final = 50
"""Seeger-Fabian: added to a won game, subtracted from a lost one."""

SEEGER_DEFENCE_BONUS: Final = {3: 40, 4: 30}
"""Seeger-Fabian: what each other player gets for a lost game, by table size (30 from 4 up)."""

SEEGER_ACTIVE_BONUS: Final = 40
"""Seeger-Fabian with ``seeger_bonus=active``: each active defender's bonus."""


def entries(
    result: Result,
    seats: Sequence[int],
    n_players: int,
    sheet: str = "plain",
    *,
    bonus: str = "all",
    factor: int = 1,
) -> tuple[int, ...]:
    """One list entry per player for a game.

    ``seats`` are the player indices of Forehand, Middlehand and Rearhand; ``bonus`` is
    ``Rules.seeger_bonus``; ``factor`` is 2 in a Bock game.
    """
    if sheet not in SHEETS:
        raise ValueError(f"unknown score sheet {sheet!r} (known: {', '.join(SHEETS)})")
    out = [0] * n_players
    if result.ramsch is not None:
        _ramsch(out, result, seats, sheet)
        if sheet == "seeger":
            for seat in games_won_lost(result)[0]:
                out[seats[seat]] += SEEGER_GAME_BONUS
    elif result.declarer is not None:  # else passed in: nothing
        declarer = seats[result.declarer]
        defenders = [seats[s] for s in range(3) if s != result.declarer]
        if sheet == "plain":
            out[declarer] = result.score
        elif sheet == "seeger":
            _seeger(out, result, declarer, defenders, bonus)
        elif sheet == "bierlachs":  # only minus points: a won game costs the defenders
            if result.won:
                for p in defenders:
                    out[p] = -result.score
            else:
                out[declarer] = result.score
        else:  # danish: the single value, to the declarer if won, else to each defender
            for p in [declarer] if result.won else defenders:
                out[p] = result.value * result.multiplier
    return tuple(v * factor for v in out)


def _ramsch(out: list[int], result: Result, seats: Sequence[int], sheet: str) -> None:
    """A Ramsch writes each seat's score; on a Bierlachs list only minus points: a winner's
    plus (Durchmarsch, Gewinner-Ramsch) is paid by the others."""
    for seat, value in enumerate(result.seat_scores):
        if sheet != "bierlachs" or value < 0:
            out[seats[seat]] += value
        elif value > 0:
            for other in range(3):
                if other != seat:
                    out[seats[other]] -= value


def _seeger(
    out: list[int], result: Result, declarer: int, defenders: list[int], bonus: str
) -> None:
    """Seeger-Fabian: ± 50 for the declarer; for a lost game + 40 (30 from four players up) to
    every other player, or with ``bonus="active"`` + 40 to the two defenders."""
    if result.won:
        out[declarer] = result.score + SEEGER_GAME_BONUS
        return
    out[declarer] = result.score - SEEGER_GAME_BONUS
    if bonus == "active":
        for p in defenders:
            out[p] = SEEGER_ACTIVE_BONUS
        return
    each = SEEGER_DEFENCE_BONUS[min(len(out), 4)]
    for p in range(len(out)):
        if p != declarer:
            out[p] = each


def games_won_lost(result: Result) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats that won a game and the seats that lost one (the games-won tie-break of the
    ranking; the Seeger-Fabian ± 50): the declarer of a game; in a Ramsch the Gewinner-Ramsch
    winners and a Durchmarsch (module doc); nobody when passed in.

    >>> from skat.core import Contract, Rules
    >>> from skat.core.scoring import score_ramsch
    >>> games_won_lost(Result(Contract.parse("G"), declarer=1, won=False, value=48, score=-96))
    ((), (1,))
    >>> gewinner = score_ramsch("gewinner", seat_points=(50, 30, 40), seat_tricks=(4, 3, 3))
    >>> games_won_lost(gewinner), entries(gewinner, (0, 1, 2), 3, "seeger")
    (((1,), ()), (0, 73, 0))
    >>> plain = score_ramsch("ramsch", seat_points=(60, 40, 20), seat_tricks=(5, 3, 2))
    >>> games_won_lost(plain), entries(plain, (0, 1, 2), 3, "seeger")
    (((), ()), (-60, 0, 0))
    """
    if result.ramsch is not None:
        if not (result.durchmarsch or result.ramsch == "gewinner"):
            return (), ()
        return tuple(s for s, v in enumerate(result.ramsch_scores) if v > 0), ()
    if result.declarer is None:
        return (), ()
    return ((result.declarer,), ()) if result.won else ((), (result.declarer,))


def list_game(result: Result, lang: str = "en") -> str:
    """The game as players write it on the list: the full name without "announced", with
    Kontra, Re, Supra or Resupra when said; the kind of Ramsch; "passed in".

    >>> from skat.core import Contract
    >>> lost = Result(Contract.parse("CHS"), declarer=0, won=False, value=36, score=-288,
    ...               kontra=2, multiplier=4)
    >>> list_game(lost), list_game(lost, "de")
    ('Clubs Hand Schneider Re', 'Kreuz Hand Schneider Re')
    >>> list_game(Result(None)), list_game(Result(None), "de")
    ('passed in', 'eingepasst')
    >>> list_game(lost, "da")
    'klør hånd skrædder re'
    """
    if result.ramsch is not None:
        key = RAMSCH_WORDS.get(result.ramsch)
        return say(lang, key) if key is not None else result.ramsch
    contract = result.contract
    if contract is None:
        return say(lang, "game.passed_in")
    words = [say(lang, key) for key in contract.words(announced=False)]
    if result.kontra:
        words.append(DOUBLES[result.kontra].describe(lang))
    return " ".join(words)
