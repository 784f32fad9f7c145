"""After a game of ``skat play``: the result page, the list at the end of the series, and the
line a game adds to the records file.

The words only: :class:`~skat.cli.session.Session` shows them and asks what comes next.

>>> from skat.series import Series
>>> from skat.core import Rules
>>> series = Series(("You", "Ann", "Bob"), Rules.parse("isko"), seed=5, games=1)
>>> rounds_lines(series, "en")
[]
"""

from __future__ import annotations

from typing import Any, Final

from skat.cli.board import Seating
from skat.cli.cardtext import CardStyle
from skat.cli.declaring import pack_words
from skat.cli.sheetview import ranking_lines, sheet_lines
from skat.cli.words import agree
from skat.core import GameState, Trick
from skat.core.language import N_, say
from skat.series import Series
from skat.series.sheet import ListRow

NEXT_WORDS = ("", "n", "next", "weiter", "næste")
"""Answers to "next game?" that go on to the next game."""

QUIT_WORDS = ("q", "quit", "ende", "exit", "afslut")
"""Answers to "next game?" that quit the series."""

REVIEW_WORDS = ("r", "review", "rückblick", "gennemgang")
"""Answers to "next game?" that show the review of the game."""


_BOCK_REASONS: Final = {
    "6060": N_("play.bock_6060"),
    "kontra_re": N_("play.bock_kontra_re"),
    "grand_hand": N_("play.bock_grand_hand"),
    "value100": N_("play.bock_value100"),
    "list_total": N_("play.bock_list_total"),
}
"""Why a game starts Bock rounds (the series' trigger names), in words."""

_SHEETS: Final = {"plain": N_("play.sheet_plain"), "seeger": N_("play.sheet_seeger")}
"""The kinds of list by their option value."""


def _trick_text(trick: Trick, names: tuple[str, str, str], style: CardStyle) -> str:
    """``Ann ♣J  Bob ♠7  You ♥A``: the cards of a trick in the order played."""
    return "  ".join(
        f"{names[(trick.leader + i) % 3]} {style.card(c)}" for i, c in enumerate(trick.cards)
    )


def result_lines(
    state: GameState,
    seating: Seating,
    style: CardStyle,
    lang: str,
    claimed: tuple[int, str] | None,
) -> list[str]:
    """The result of the finished game, then what the claim showed and how it was played out
    (``claimed``: the tricks before the claim, the cards shown) or else the last trick."""
    result = state.result
    assert result is not None
    names = seating.names
    if result.passed:
        head = say(lang, "play.passed_in")
    else:
        head = agree(result.explain(lang, names=names), lang, names[seating.human])
    lines = [say(lang, "play.result") + f": {head}"]
    if claimed is not None:
        lines += claim_lines(state, names, style, lang, claimed)
    elif state.tricks:
        t = state.tricks[-1]
        played = _trick_text(t, names, style)
        lines.append(say(lang, "play.last_trick") + f": {played} → {names[t.winner]} ({t.points})")
    return lines


def claim_lines(
    state: GameState,
    names: tuple[str, str, str],
    style: CardStyle,
    lang: str,
    claimed: tuple[int, str],
) -> list[str]:
    """The cards shown for a claim and the tricks played out after it."""
    first, shown = claimed
    lines = [say(lang, "play.claimed_with") + f": {shown}"]
    for n, t in enumerate(state.tricks[first:], first + 1):
        played = _trick_text(t, names, style)
        lines.append(say(lang, "play.trick") + f" {n}: {played} → {names[t.winner]}")
    return lines


def rounds_lines(series: Series, lang: str) -> list[str]:
    """Why the last game started Bock rounds (and a Ramsch round after them)."""
    if not series.records or not series.records[-1].triggers:
        return []
    reasons = [say(lang, _BOCK_REASONS[t]) for t in series.records[-1].triggers]
    because = reasons[-1]
    if len(reasons) > 1:
        because = say(lang, "play.and_list", first=", ".join(reasons[:-1]), last=because)
    n = len(series.players)
    text = say(lang, "play.bock_starts", n=n, because=because)
    if series.rules.ramsch_rounds:
        text += " " + say(lang, "play.ramsch_follows", n=n)
    return [text]


def final_lines(series: Series, rows: list[ListRow], sheet: str, lang: str, deck: str) -> list[str]:
    """The list at the end of the series (``rows`` on ``sheet``) and the ranking."""
    kind = say(lang, _SHEETS[sheet]) if sheet in _SHEETS else sheet
    title = say(lang, "play.series_over") + " · " + say(lang, "play.sheet") + f" ({kind})"
    lines = [
        title,
        *sheet_lines(series.players, rows, sheet, lang=lang),
        "",
        *ranking_lines(series.players, rows, lang),
    ]
    return [pack_words(x, deck) for x in lines]


def record_data(
    series: Series,
    state: GameState,
    number: int,
    names: tuple[str, str, str],
    seed: int,
    level: str,
) -> dict[str, Any]:
    """Game ``number`` of the series as one JSON record, with what ``skat play --replay``
    (the players' level) and ``skat list`` (the series) read back."""
    from skat.records.jsonrecord import state_to_json

    record = series.records[number - 1]
    meta = {
        "players": list(names),
        "id": f"{seed}-{number}",
        "level": level,  # skat play --replay plays against the same players
        "series": {  # skat list writes the same list from these records
            "id": str(seed),
            "game": number,
            "dealer": series.players[record.dealer],
            "players": list(names),
            "state": series.record_state(record),
        },
    }
    return state_to_json(state, meta)
