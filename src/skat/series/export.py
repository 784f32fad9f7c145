"""The list as CSV, JSON and a printable standalone HTML page.

:class:`ScoreList` is the list as data (players, one row per game, totals, games won and lost);
``ScoreList.of(series)`` takes it from a series.  CSV and JSON read back into an equal
``ScoreList``; the HTML page is for printing (every name and text is escaped).

>>> sl = ScoreList(
...     title="Friday", rules="tournament", players=("Anna", "Ben", "Cora"),
...     rows=(Row(1, "Anna", "Ben", "G", "won", 72, "normal", (0, 122, 0)),
...           Row(2, "Ben", "Anna", "C", "lost", 48, "normal", (-146, 0, 40))),
... )
>>> sl.totals, sl.won, sl.lost
((-146, 122, 40), (0, 1, 0), (1, 0, 0))
>>> print(sl.to_csv(), end="")
game,dealer,declarer,contract,outcome,value,kind,Anna,Ben,Cora
1,Anna,Ben,G,won,72,normal,0,122,0
2,Ben,Anna,C,lost,48,normal,-146,0,40
total,,,,,,,-146,122,40
won,,,,,,,0,1,0
lost,,,,,,,1,0,0
>>> ScoreList.from_csv(sl.to_csv(), title="Friday", rules="tournament") == sl
True
>>> ScoreList.from_json(sl.to_json()) == sl
True
>>> "&lt;b&gt;" in ScoreList(players=("<b>", "B", "C")).to_html()
True
"""

from __future__ import annotations

import csv
import html
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from skat.core.language import N_, say
from skat.series.series import GameRecord, Series
from skat.series.sheet import games_won_lost, ranking
from skat.series.storage import atomic_write, rules_text

FORMAT: Final = "skat-list"
VERSION: Final = 1
_FIXED: Final = ("game", "dealer", "declarer", "contract", "outcome", "value", "kind")
_FORMULA_START: Final = ("=", "+", "-", "@", "\t", "\r")
_WINNERS: Final = " & "
"""Joins the winners of a Ramsch won by more than one (a tie in Gewinner-Ramsch)."""


class ListFormatError(ValueError):
    """An exported list that cannot be read back; the message names what is wrong."""


@dataclass(frozen=True)
class Row:
    """One game on the list: number, dealer's name, declarer's name ('' when passed in or a
    Ramsch; a Ramsch that is a won game names its winners), contract (``GH``, ``Ramsch``,
    ``passed``), outcome (``won``/``lost``/''), game value, kind (``normal``, ``bock``,
    ``ramsch``) and one entry per player."""

    game: int
    dealer: str
    declarer: str
    contract: str
    outcome: str
    value: int
    kind: str
    entries: tuple[int, ...]


@dataclass(frozen=True)
class ScoreList:
    """A finished or running list: who played, every game's entries, and the sums."""

    players: tuple[str, ...]
    rows: tuple[Row, ...] = ()
    title: str = "Skat"
    rules: str = ""

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row.entries) != len(self.players):
                raise ListFormatError(
                    f"game {row.game} has {len(row.entries)} entries for {len(self.players)} players"
                )

    @property
    def totals(self) -> tuple[int, ...]:
        """Sum of each player's entries."""
        return tuple(sum(r.entries[p] for r in self.rows) for p in range(len(self.players)))

    @property
    def won(self) -> tuple[int, ...]:
        """Games each player won as declarer."""
        return self._count("won")

    @property
    def lost(self) -> tuple[int, ...]:
        """Games each player lost as declarer."""
        return self._count("lost")

    def _count(self, outcome: str) -> tuple[int, ...]:
        """Games with ``outcome`` per player: the declarer's, or each winner of a Ramsch that
        is a won game (Gewinner-Ramsch, Durchmarsch; tied winners joined by " & ")."""
        return tuple(
            sum(
                1
                for r in self.rows
                if r.outcome == outcome
                and (r.declarer == name or name in r.declarer.split(_WINNERS))
            )
            for name in self.players
        )

    # ------------------------------------------------------------------ from a series

    @staticmethod
    def of(series: Series, title: str = "Skat") -> ScoreList:
        """The list of a series so far."""
        rows = tuple(_row(series, r) for r in series.records)
        return ScoreList(series.players, rows, title, rules_text(series.rules))

    # ------------------------------------------------------------------ CSV

    def to_csv(self) -> str:
        """One row per game, then ``total``, ``won`` and ``lost`` rows; text cells that a
        spreadsheet would take for a formula get a leading apostrophe."""
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow([*_FIXED, *(_cell(p) for p in self.players)])
        for r in self.rows:
            w.writerow(
                [
                    r.game,
                    _cell(r.dealer),
                    _cell(r.declarer),
                    _cell(r.contract),
                    r.outcome,
                    r.value,
                    r.kind,
                    *r.entries,
                ]
            )
        blank = [""] * (len(_FIXED) - 1)
        for label, values in (("total", self.totals), ("won", self.won), ("lost", self.lost)):
            w.writerow([label, *blank, *values])
        return out.getvalue()

    @staticmethod
    def from_csv(text: str, title: str = "Skat", rules: str = "") -> ScoreList:
        """Read :meth:`to_csv` back; the sum rows must agree with the games."""
        rows = list(csv.reader(io.StringIO(text)))
        if not rows or tuple(rows[0][: len(_FIXED)]) != _FIXED:
            raise ListFormatError(f"CSV list: the header must start with {','.join(_FIXED)}")
        players = tuple(_uncell(p) for p in rows[0][len(_FIXED) :])
        width = len(_FIXED) + len(players)
        games: list[Row] = []
        sums: dict[str, tuple[int, ...]] = {}
        for line, cells in enumerate(rows[1:], 2):
            if len(cells) != width:
                raise ListFormatError(f"CSV list line {line}: {len(cells)} cells, expected {width}")
            values = tuple(_int(c, line) for c in cells[len(_FIXED) :])
            if cells[0] in ("total", "won", "lost"):
                sums[cells[0]] = values
                continue
            if sums:
                raise ListFormatError(f"CSV list line {line}: a game after the sums")
            games.append(
                Row(
                    _int(cells[0], line),
                    _uncell(cells[1]),
                    _uncell(cells[2]),
                    _uncell(cells[3]),
                    cells[4],
                    _int(cells[5], line),
                    cells[6],
                    values,
                )
            )
        result = ScoreList(players, tuple(games), title, rules)
        for label in ("total", "won", "lost"):
            if label not in sums:
                raise ListFormatError(f"CSV list: the {label} row is missing")
            if sums[label] != getattr(result, label + ("s" if label == "total" else "")):
                raise ListFormatError(f"CSV list: the {label} row does not match the games")
        return result

    # ------------------------------------------------------------------ JSON

    def to_dict(self) -> dict[str, Any]:
        """The JSON object: players, rows, and the sums for readers that want them ready."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "title": self.title,
            "rules": self.rules,
            "players": list(self.players),
            "rows": [
                {
                    "game": r.game,
                    "dealer": r.dealer,
                    "declarer": r.declarer,
                    "contract": r.contract,
                    "outcome": r.outcome,
                    "value": r.value,
                    "kind": r.kind,
                    "entries": list(r.entries),
                }
                for r in self.rows
            ],
            "totals": list(self.totals),
            "won": list(self.won),
            "lost": list(self.lost),
            "standings": [
                {"place": s.place, "player": s.player, "total": s.total}
                for s in ranking(self.players, self.totals, self.won, self.lost)
            ],
        }

    def to_json(self) -> str:
        """:meth:`to_dict` as text."""
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n"

    @staticmethod
    def from_json(text: str) -> ScoreList:
        """Read :meth:`to_json` back; the sums, when present, must agree with the rows."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ListFormatError(f"JSON list: not JSON ({exc.msg} at line {exc.lineno})") from None
        except (ValueError, RecursionError) as exc:
            raise ListFormatError(f"JSON list: not JSON ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ListFormatError(f"JSON list: format must be {FORMAT!r}")
        if data.get("version") != VERSION:
            raise ListFormatError(f"JSON list: version {data.get('version')!r} is not supported")
        try:
            players = tuple(_text(p, "player") for p in data["players"])
            rows = tuple(
                Row(
                    _whole(r["game"]),
                    _text(r["dealer"], "dealer"),
                    _text(r["declarer"], "declarer"),
                    _text(r["contract"], "contract"),
                    _text(r["outcome"], "outcome"),
                    _whole(r["value"]),
                    _text(r["kind"], "kind"),
                    tuple(_whole(v) for v in r["entries"]),
                )
                for r in data["rows"]
            )
            result = ScoreList(
                players,
                rows,
                _text(data.get("title", "Skat"), "title"),
                _text(data["rules"], "rules"),
            )
        except (KeyError, TypeError) as exc:
            raise ListFormatError(f"JSON list: missing or malformed {exc}") from None
        for key in ("totals", "won", "lost"):
            if key in data and tuple(data[key]) != getattr(result, key):
                raise ListFormatError(f"JSON list: {key} do not match the rows")
        return result

    # ------------------------------------------------------------------ HTML

    def to_html(self, lang: str = "en") -> str:
        """A standalone page (no scripts, no outside files) with the list and the ranking, its
        headings and words in ``lang`` (the cells' codes, ``GH``, as they are).

        >>> page = ScoreList(players=("A", "B", "C"), rows=(Row(1, "A", "B", "G", "won", 72,
        ...     "normal", (0, 72, 0)),)).to_html("da")
        >>> "<th>Spiller</th>" in page, "<td>vundet</td>" in page, 'lang="da"' in page
        (True, True, True)
        """
        e = html.escape

        def word(kind: str, value: str) -> str:
            key = _CELL_WORDS.get((kind, value))
            return e(say(lang, key) if key is not None else value)

        head = "".join(f"<th>{e(p)}</th>" for p in self.players)
        body = []
        for r in self.rows:
            cls = f' class="{e(r.kind)}"' if r.kind != "normal" else ""
            cells = "".join(f"<td>{v}</td>" for v in r.entries)
            body.append(
                f"<tr{cls}><td>{r.game}</td><td>{e(r.dealer)}</td><td>{e(r.declarer)}</td>"
                f"<td>{word('contract', r.contract)}</td><td>{word('outcome', r.outcome)}</td>"
                f"<td>{r.value or ''}</td><td>{word('kind', r.kind)}</td>{cells}</tr>"
            )
        sums = "".join(
            f'<tr class="sum"><th colspan="7">{label}</th>'
            + "".join(f"<td>{v}</td>" for v in values)
            + "</tr>"
            for label, values in (
                (e(say(lang, "sheet.total")), self.totals),
                (e(say(lang, "sheet.won")), self.won),
                (e(say(lang, "sheet.lost")), self.lost),
            )
        )
        standings = "".join(
            f"<tr><td>{s.place}</td><td>{e(s.player)}</td><td>{s.total}</td>"
            f"<td>{s.won}</td><td>{s.lost}</td></tr>"
            for s in ranking(self.players, self.totals, self.won, self.lost)
        )
        rules = "<p>" + e(say(lang, "sheet.rules", rules=self.rules)) + "</p>" if self.rules else ""
        return _PAGE.format(
            lang=e(lang),
            title=e(self.title),
            **{name: e(say(lang, key)) for name, key in _HEADINGS.items()},
            rules=rules,
            head=head,
            body="\n".join(body),
            sums=sums,
            standings=standings,
        )

    def write(self, path: str | Path, lang: str = "en") -> None:
        """Write the list as CSV, JSON or HTML (its words in ``lang``), chosen by the file
        suffix (atomically)."""
        suffix = Path(path).suffix.lower()
        if suffix == ".csv":
            text = self.to_csv()
        elif suffix == ".json":
            text = self.to_json()
        elif suffix in (".html", ".htm"):
            text = self.to_html(lang)
        else:
            raise ListFormatError(
                f"cannot tell the format of {str(path)!r}: use .csv, .json or .html"
            )
        atomic_write(path, text)


def _row(series: Series, r: GameRecord) -> Row:
    res = r.result
    names = series.players
    if res.ramsch is not None:  # a Gewinner-Ramsch winner, a Durchmarsch: a won game
        winners = [names[r.seats[s]] for s in games_won_lost(res)[0]]
        contract, outcome, declarer = "Ramsch", "won" if winners else "", _WINNERS.join(winners)
    elif res.contract is None or r.declarer is None:
        contract, outcome, declarer = "passed", "", ""
    else:
        contract = str(res.contract)
        outcome = "won" if res.won else "lost"
        declarer = names[r.declarer]
    return Row(r.number, names[r.dealer], declarer, contract, outcome, res.value, r.kind, r.entries)


def _cell(text: str) -> str:
    return "'" + text if text.startswith(_FORMULA_START) or text.startswith("'") else text


def _uncell(text: str) -> str:
    return text[1:] if text.startswith("'") else text


def _int(text: str, line: int) -> int:
    try:
        return int(text)
    except ValueError:
        raise ListFormatError(f"CSV list line {line}: {text!r} is not a whole number") from None


def _whole(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{what} {value!r} is not a text")
    return value


_PAGE: Final = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1.5em; }}
table {{ border-collapse: collapse; margin-bottom: 1.5em; }}
th, td {{ border: 1px solid #999; padding: 0.2em 0.5em; text-align: right; }}
td:nth-child(2), td:nth-child(3), td:nth-child(4), td:nth-child(5), td:nth-child(7) {{ text-align: left; }}
tr.bock td {{ font-weight: bold; }}
tr.ramsch td {{ font-style: italic; }}
tr.sum th, tr.sum td {{ border-top: 2px solid #000; font-weight: bold; }}
@media print {{ body {{ margin: 0; }} }}
</style>
</head>
<body>
<h1>{title}</h1>
{rules}
<table>
<thead><tr><th>{game}</th><th>{dealer}</th><th>{declarer}</th><th>{contract}</th><th>{outcome}</th><th>{value}</th><th>{kind}</th>{head}</tr></thead>
<tbody>
{body}
</tbody>
<tfoot>{sums}</tfoot>
</table>
<h2>{ranking}</h2>
<table>
<thead><tr><th>{place}</th><th>{player}</th><th>{total}</th><th>{won}</th><th>{lost}</th></tr></thead>
<tbody>{standings}</tbody>
</table>
</body>
</html>
"""


def write_list(series: Series, path: str | Path, title: str = "Skat", lang: str = "en") -> None:
    """Write a series' list to ``path`` (.csv, .json or .html, its words in ``lang``)."""
    ScoreList.of(series, title).write(path, lang)


_HEADINGS: Final = {
    "game": N_("sheet.game"),
    "dealer": N_("sheet.dealer"),
    "declarer": N_("sheet.declarer"),
    "contract": N_("sheet.contract"),
    "outcome": N_("sheet.outcome"),
    "value": N_("sheet.value"),
    "kind": N_("sheet.kind"),
    "ranking": N_("sheet.ranking"),
    "place": N_("sheet.place"),
    "player": N_("sheet.player"),
    "total": N_("sheet.total"),
    "won": N_("sheet.won"),
    "lost": N_("sheet.lost"),
}
"""The HTML page's headings: the placeholders of its template and their message ids."""

_CELL_WORDS: Final = {
    ("outcome", "won"): N_("sheet.cell.won"),
    ("outcome", "lost"): N_("sheet.cell.lost"),
    ("kind", "normal"): N_("sheet.cell.normal"),
    ("kind", "bock"): N_("sheet.cell.bock"),
    ("kind", "ramsch"): N_("sheet.cell.ramsch"),
    ("contract", "Ramsch"): N_("game.ramsch"),
    ("contract", "passed"): N_("game.passed_in"),
}
"""The words of the list's data values (``won``, ``bock``, ``passed``) on the HTML page."""


__all__ = ["ListFormatError", "Row", "ScoreList", "write_list"]
