"""The JSON archive of a whole tournament, which reloads exactly.

One JSON object::

    {"format": "skat-tournament", "version": 1, "name": "...", "rules": "tournament",
     "teams": "apart", "tiebreaks": ["best_series", "won"],
     "series_format": {"series": 2, "deals_per_player": 12, "time_limit": null},
     "money": {"loss_fees": [50], "table_fee": {"3": 0, "4": 0}, "entry_fee": 0, "prizes": []},
     "players": [{"name": "Anna", "club": "", "team": "", "categories": []}, ...],
     "series": [{"seating": {"method": "lot", "seed": 7, "notes": [], "tables": [["Anna", ...]]},
                 "lists": [{"table": 1, "players": [...],
                            "games": [["Ben", "G", true, 72, null], [null, "", false, 0, null],
                                      ["Anna", "G", false, 48, null, 1]],
                            "written": {"totals": null, "won": null, "lost": null}}]}]}

A game's sixth element, when there, is the Kontra said (1 Kontra, 2 Re, 3 Supra, 4 Resupra).
Reading rebuilds the tournament through its own checks (every player seated once, a list's
players as seated); anything wrong is a :class:`TournamentFileError` of one line.  Saving
writes a temporary file and renames it over the target: a crash or a refused change never
leaves half a file.

>>> from skat.tournament.model import Player, Tournament
>>> t = Tournament("Cup", (Player("Anna", club="SC"), Player("Ben"), Player("Cora")))
>>> loads(dumps(t)) == t
True
>>> loads('{"format": "skat-tournament", "version": 1, "name": "Cup", "players": [1]}')
Traceback (most recent call last):
...
skat.tournament.archive.TournamentFileError: tournament file: players[0]: must be an object, not 1
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

from skat.core.rules import Rules
from skat.series.storage import atomic_write
from skat.tournament import model

FORMAT: Final = "skat-tournament"
VERSION: Final = 1


class TournamentFileError(model.TournamentError):
    """A tournament file that cannot be read; the message names what is wrong."""


def to_dict(t: model.Tournament) -> dict[str, Any]:
    """The archive object."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": t.name,
        "rules": t.rules,
        "teams": t.teams,
        "tiebreaks": list(t.tiebreaks),
        "series_format": {
            "series": t.format.series,
            "deals_per_player": t.format.deals_per_player,
            "time_limit": t.format.time_limit,
        },
        "money": {
            "loss_fees": list(t.money.loss_fees),
            "table_fee": {str(size): fee for size, fee in t.money.table_fee},
            "entry_fee": t.money.entry_fee,
            "prizes": list(t.money.prizes),
        },
        "players": [
            {
                "name": p.name,
                "club": p.club,
                "team": p.team,
                "categories": list(p.categories),
                **({} if p.left is None else {"left": p.left}),
                **({} if p.left_game is None else {"left_game": p.left_game}),
                **({} if p.joined == 1 else {"joined": p.joined}),
            }
            for p in t.players
        ],
        **({} if t.leavers == "count" else {"leavers": t.leavers}),
        **({} if not t.lot else {"lot": list(t.lot)}),
        "series": [_round_dict(r) for r in t.rounds],
    }


def _round_dict(r: model.Round) -> dict[str, Any]:
    s = r.seating
    return {
        "seating": {
            "method": s.method,
            "seed": s.seed,
            "notes": list(s.notes),
            "tables": [list(table.players) for table in s.tables],
        },
        "lists": [
            {
                "table": tl.table,
                "players": list(tl.players),
                "games": [_game_list(g) for g in tl.games],
                "written": {
                    "totals": _opt_list(tl.written_totals),
                    "won": _opt_list(tl.written_won),
                    "lost": _opt_list(tl.written_lost),
                },
            }
            for tl in r.lists
        ],
    }


def _game_list(g: model.GameEntry) -> list[Any]:
    """``[declarer, game, won, value, bid]``, and the Kontra level after it when one was said
    (a file without Kontra reads as it always did)."""
    out: list[Any] = [g.declarer, g.contract, g.won, g.value, g.bid]
    return [*out, g.kontra] if g.kontra else out


def _opt_list(values: tuple[int, ...] | None) -> list[int] | None:
    return None if values is None else list(values)


def dumps(t: model.Tournament) -> str:
    """The archive as text."""
    return json.dumps(to_dict(t), ensure_ascii=False, indent=1) + "\n"


def save(t: model.Tournament, path: str | Path) -> None:
    """Write the archive atomically (the text is built before the file is touched)."""
    atomic_write(path, dumps(t))


def load(path: str | Path) -> model.Tournament:
    """Read a tournament file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TournamentFileError(f"cannot read {path}: {exc}") from None
    return loads(text)


def loads(text: str) -> model.Tournament:
    """Read the archive; errors name the place in the file."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise TournamentFileError(f"tournament file: not JSON ({exc})") from None
    try:
        return _from_dict(data)
    except TournamentFileError:
        raise
    except (model.TournamentError, ValueError) as exc:
        raise TournamentFileError(f"tournament file: {exc}") from None


def _from_dict(data: object) -> model.Tournament:
    obj = _obj(data, "the file")
    if obj.get("format") != FORMAT or obj.get("version") != VERSION:
        raise ValueError(f"not a {FORMAT} file of version {VERSION}")
    rules = _get(obj, "rules", str, "tournament")
    Rules.parse(rules)
    fmt = _obj(obj.get("series_format", {}), "series_format")
    money = _obj(obj.get("money", {}), "money")
    fees = _obj(money.get("table_fee", {}), "money.table_fee")
    t = model.Tournament(
        _get(obj, "name", str, None),
        tuple(_player(p, f"players[{i}]") for i, p in enumerate(_get(obj, "players", list, []))),
        model.Format(
            _get(fmt, "series", int, 2),
            _get(fmt, "deals_per_player", int, 12),
            _get(fmt, "time_limit", int, None),
        ),
        rules,
        _get(obj, "teams", str, "apart"),
        model.Money(
            _ints(_get(money, "loss_fees", list, []), "money.loss_fees"),
            tuple((_size(k), _get(fees, k, int, 0)) for k in fees),
            _get(money, "entry_fee", int, 0),
            _ints(_get(money, "prizes", list, []), "money.prizes"),
        ),
        tuple(_texts(_get(obj, "tiebreaks", list, ["best_series", "won"]), "tiebreaks")),
        leavers=_get(obj, "leavers", str, "count"),
        lot=_texts(_get(obj, "lot", list, []), "lot"),
    )
    for k, rnd in enumerate(_get(obj, "series", list, []), 1):
        where = f"series[{k - 1}]"
        rnd = _obj(rnd, where)
        t = t.with_seating(k, _seating(_obj(rnd.get("seating"), f"{where}.seating")))
        for j, tl in enumerate(_get(rnd, "lists", list, [])):
            t = t.with_list(_table_list(k, _obj(tl, f"{where}.lists[{j}]")))
    return t


def _player(data: object, where: str) -> model.Player:
    p = _obj(data, where)
    return model.Player(
        _get(p, "name", str, None),
        _get(p, "club", str, ""),
        _get(p, "team", str, ""),
        _texts(_get(p, "categories", list, []), f"{where}.categories"),
        _get(p, "left", int, None),
        _get(p, "joined", int, 1),
        _get(p, "left_game", int, None),
    )


def _seating(s: dict[str, Any]) -> model.Seating:
    tables = _get(s, "tables", list, [])
    return model.Seating(
        tuple(
            model.Table(i, _texts(_obj_list(t, f"tables[{i - 1}]"), "table"))
            for i, t in enumerate(tables, 1)
        ),
        _get(s, "method", str, "lot"),
        _get(s, "seed", int, None),
        _texts(_get(s, "notes", list, []), "notes"),
    )


def _table_list(series: int, d: dict[str, Any]) -> model.TableList:
    written = _obj(d.get("written", {}), "written")
    return model.TableList(
        series,
        _get(d, "table", int, None),
        _texts(_get(d, "players", list, []), "players"),
        tuple(_game(g, i) for i, g in enumerate(_get(d, "games", list, []), 1)),
        *(_opt_ints(written.get(k), f"written.{k}") for k in ("totals", "won", "lost")),
    )


def _game(g: object, number: int) -> model.GameEntry:
    if not isinstance(g, list) or len(g) not in (5, 6):
        raise ValueError(
            f"game {number}: must be [declarer, game, won, value, bid] (and the Kontra said)"
        )
    declarer, contract, won, value, bid = g[:5]
    kontra = g[5] if len(g) == 6 else 0
    ok = (
        (declarer is None or isinstance(declarer, str))
        and isinstance(contract, str)
        and isinstance(won, bool)
        and _is_int(value)
        and (bid is None or _is_int(bid))
        and _is_int(kontra)
    )
    if not ok:
        raise ValueError(
            f"game {number}: {g!r} is not [declarer, game, won, value, bid] (and the Kontra said)"
        )
    return model.GameEntry(declarer, contract, won, value, bid, kontra)


# ---------------------------------------------------------------------- typed access


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _obj(v: object, where: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise TournamentFileError(f"tournament file: {where}: must be an object, not {v!r}")
    return v


def _obj_list(v: object, where: str) -> list[Any]:
    if not isinstance(v, list):
        raise TournamentFileError(f"tournament file: {where}: must be a list, not {v!r}")
    return v


def _get(d: dict[str, Any], key: str, kind: type, default: Any) -> Any:
    if key not in d or (d[key] is None and default is None and kind is not str):
        if default is None and kind is str:
            raise ValueError(f"{key} is missing")
        return default
    v = d[key]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise ValueError(f"{key} must be a {kind.__name__}, not {v!r}")
    return v


def _texts(v: list[Any], where: str) -> tuple[str, ...]:
    if not all(isinstance(x, str) for x in v):
        raise ValueError(f"{where} must hold texts only")
    return tuple(v)


def _ints(v: list[Any], where: str) -> tuple[int, ...]:
    if not all(_is_int(x) for x in v):
        raise ValueError(f"{where} must hold whole numbers only")
    return tuple(v)


def _opt_ints(v: object, where: str) -> tuple[int, ...] | None:
    return None if v is None else _ints(_obj_list(v, where), where)


def _size(key: str) -> int:
    if key not in ("3", "4"):
        raise ValueError(f"money.table_fee: {key!r} is no table size (3 or 4)")
    return int(key)
