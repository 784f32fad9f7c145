"""Versioned JSON game records.

A record is one JSON object::

    {"format": "skat-game", "version": 1, "rules": "iss", "deal": "<32 cards>",
     "events": [[1, "18"], [0, "y"], ...], "result": {...}, "meta": {...}}

- ``rules``: a :class:`~skat.core.rules.Rules` string (``isko``, ``iss``, ``iss2,...``).
- ``deal``: Forehand's 10 cards, Middlehand's 10, Rearhand's 10, the skat (ISS notation).
- ``events``: ``[seat, text]`` in order, the text in ISS notation: bids, ``y``, ``p``, ``s``,
  the discards and the declaration (``G.DT.ST`` in one event, or ``D`` then ``D9.DQ``, or the
  engine's order: the discards then ``G``), cards, ``SC``, ``RE``; and three that only
  records have: ``TI`` (the seat ran out of time), ``LE`` (the seat left) and ``??`` (a card
  nobody recorded, allowed just before ``TI``/``LE``).
- ``result`` (optional when loading; checked against the replay when present):
  ``passed``, ``declarer``, ``contract``, ``bid``, ``outcome`` (``win``/``loss``/``penalty``),
  ``score`` (the list score), ``value``, ``matadors``, ``overbid``, ``points``, ``tricks``,
  ``schneider``, ``schwarz`` (as the ISS ``s:``/``z:``), ``penalties`` (marks per seat),
  ``left``, ``timeout`` (seats or ``null``), ``resigned``.
- ``meta`` (optional): ``players``, ``ratings`` (three each), ``id``, ``date``, ``place``,
  ``series``, ``comment``, and ``iss`` for other ISS header properties.

The module is named ``jsonrecord`` so that ``from skat.records import jsonrecord`` does not
shadow the standard library's ``json`` where both are used.

>>> from skat.records.iss import parse_iss_line
>>> line = ("(;GM[Skat]PC[International Skat Server]ID[9]MV[w CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8."
...         "C7.SA.ST.SK.SQ.S9.S8.S7.HA.HT.HK.HQ.H9.H8.H7.DA.DT.DK.DQ.D9.D8.D7 1 p 2 p 0 18 "
...         "0 GH 0 CJ 1 RE 2 RE ]R[d:0 win v:192 m:4 bidok p:120 t:10 s:1 z:1] ;)")
>>> data = record_to_json(parse_iss_line(line))
>>> data["events"][-3:], data["result"]["score"], data["meta"]["id"]
([[0, 'CJ'], [1, 'RE'], [2, 'RE']], 192, '9')
>>> game = load_json(dumps(data))
>>> game.replay.result.won, json_to_iss(data) == line.replace("z:1]", "z:1 p0:0 p1:0 p2:0 l:-1 to:-1 r:1]")
(True, True)
>>> load_json('{"format": "skat-game", "version": 2}')
Traceback (most recent call last):
...
skat.records.jsonrecord.JsonRecordError: version: 2 is not supported (this reader knows version 1)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from skat.core.actions import Resign
from skat.core.deal import Deal
from skat.core.rules import Rules
from skat.core.state import GameState
from skat.records.iss import IssRecord, engine_result, format_iss
from skat.records.replay import Replay, ReplayError, replay, replay_moves

__all__ = [
    "FORMAT",
    "VERSION",
    "JsonGame",
    "JsonRecordError",
    "dumps",
    "json_to_iss",
    "load_json",
    "record_to_json",
    "replay_to_json",
    "result_to_json",
    "state_to_json",
]

FORMAT: Final = "skat-game"
VERSION: Final = 1


class JsonRecordError(ValueError):
    """A JSON record that is malformed or does not replay; the message names the field."""


# ---------------------------------------------------------------------------------------------
# Writing


def result_to_json(rep: Replay) -> dict[str, Any]:
    """The ``result`` object of a replayed game."""
    f = rep.fields
    if f.passed:
        return {"passed": True}
    r = rep.state.result
    ff = f.fields

    def seat(key: str) -> int | None:
        v = ff.get(key, -1)
        return v if isinstance(v, int) and v >= 0 else None

    out: dict[str, Any] = {
        "passed": False,
        "declarer": seat("d"),
        "contract": str(r.contract) if r is not None and r.contract is not None else None,
        "bid": rep.state.bid,
        "outcome": ff.get("outcome"),
        "score": ff.get("v"),
        "value": r.value if r is not None else 0,
        "matadors": ff.get("m"),
        "overbid": ff.get("bid") == "overbid",
        "points": ff.get("p"),
        "tricks": ff.get("t"),
        "schneider": bool(ff.get("s")),
        "schwarz": bool(ff.get("z")),
        "penalties": [ff.get("p0", 0), ff.get("p1", 0), ff.get("p2", 0)],
        "left": seat("l"),
        "timeout": seat("to"),
        "resigned": bool(ff.get("r")),
    }
    return out


def replay_to_json(rep: Replay, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A JSON record of a replayed game (``meta`` as given)."""
    deal_text = rep.moves[0][1] if rep.moves and rep.moves[0][0] == "w" else ""
    if not deal_text or any(ch in deal_text for ch in " |"):
        deal_text = rep.state.deal.iss()
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": str(rep.state.rules),
        "deal": deal_text,
        "events": [[seat, text] for seat, text in rep.events],
        "result": result_to_json(rep),
    }
    if meta:
        data["meta"] = dict(meta)
    return data


_META_ATTRS: Final = (
    ("id", "id"),
    ("date", "date"),
    ("place", "place"),
    ("series", "series"),
    ("comment", "comment"),
)
_KNOWN_PROPS: Final = frozenset(
    ("GM", "PC", "CO", "SE", "ID", "DT", "P0", "P1", "P2", "R0", "R1", "R2", "MV", "R")
)


def record_to_json(record: IssRecord) -> dict[str, Any]:
    """Replay an ISS record and return its JSON record (the moves kept as written)."""
    meta: dict[str, Any] = {}
    if record.players is not None:
        meta["players"] = list(record.players)
    if record.ratings is not None:
        meta["ratings"] = list(record.ratings)
    for key, attr in _META_ATTRS:
        value = getattr(record, attr)
        if value is not None:
            meta[key] = value
    other = {k: v for k, v in record.properties.items() if k not in _KNOWN_PROPS}
    if other:
        meta["iss"] = other
    return replay_to_json(replay(record), meta)


def state_to_json(state: GameState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The JSON record of a finished game played with the engine.

    >>> import random
    >>> rng = random.Random(2)
    >>> g = GameState(Deal.random(rng))
    >>> while not g.is_over:
    ...     _ = g.apply(rng.choice(g.legal_actions()))
    >>> load_json(state_to_json(g)).replay.result == g.result
    True
    """
    if not state.is_over:
        raise JsonRecordError("state: the game is not over")
    events = []
    for ev in state.history:
        a = ev.action
        events.append([ev.seat, "RE" if isinstance(a, Resign) else str(a)])
    fields = engine_result(state)
    rep = Replay(state, [("w", state.deal.iss())], [], fields)
    data = replay_to_json(rep, meta)
    data["events"] = events
    return data


def dumps(data: Mapping[str, Any]) -> str:
    """One line of JSON (UTF-8 text, no ASCII escapes)."""
    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


# ---------------------------------------------------------------------------------------------
# Loading


@dataclass
class JsonGame:
    """A loaded JSON record: the data, its rules and meta, and the engine's replay."""

    data: dict[str, Any]
    rules: Rules
    meta: dict[str, Any]
    replay: Replay


def load_json(source: str | bytes | Mapping[str, Any]) -> JsonGame:
    """Validate a JSON record (text or an already decoded object) and replay it.

    Raises :class:`JsonRecordError` with one line naming the field at fault.

    >>> load_json('{"format": "skat-game", "version": 1, "rules": "iss", "deal": "CJ"}')
    Traceback (most recent call last):
    ...
    skat.records.jsonrecord.JsonRecordError: deal: a deal is 32 cards (...), got 1
    """
    try:
        return _load(source)
    except JsonRecordError as exc:
        raise JsonRecordError(_line(exc)) from None  # one line, whatever the data held


def _load(source: str | bytes | Mapping[str, Any]) -> JsonGame:
    if isinstance(source, (str, bytes, bytearray)):
        try:
            data = json.loads(source)
        except (ValueError, RecursionError) as exc:
            raise JsonRecordError(f"not JSON: {_line(exc)}") from None
    else:
        data = source
    if not isinstance(data, Mapping):
        raise JsonRecordError(f"a record is a JSON object, not {_kind(data)}")
    data = dict(data)
    if data.get("format") != FORMAT:
        raise JsonRecordError(f"format: must be {FORMAT!r}, not {_short(data.get('format'))}")
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise JsonRecordError(
            f"version: {_short(version)} is not supported (this reader knows version {VERSION})"
        )
    rules_text = data.get("rules")
    if not isinstance(rules_text, str):
        raise JsonRecordError(f"rules: must be a rules string, not {_kind(rules_text)}")
    try:
        rules = Rules.parse(rules_text)
    except ValueError as exc:
        raise JsonRecordError(f"rules: {_line(exc)}") from None
    deal_text = data.get("deal")
    if not isinstance(deal_text, str):
        raise JsonRecordError(f"deal: must be a string of 32 cards, not {_kind(deal_text)}")
    try:
        deal = Deal.parse(deal_text)
    except ValueError as exc:
        raise JsonRecordError(f"deal: {_line(exc)}") from None
    moves = _moves(data.get("events"))
    meta = data.get("meta", {})
    if not isinstance(meta, Mapping):
        raise JsonRecordError(f"meta: must be an object, not {_kind(meta)}")
    meta = dict(meta)
    _check_meta(meta)
    try:
        rep = replay_moves(deal, moves, rules, first=0, where="events[{n}]")
    except ReplayError as exc:
        raise JsonRecordError(_line(exc)) from None
    rep.moves[0] = ("w", ".".join(deal_text.replace("|", " ").replace(".", " ").split()))
    rep.label = f"ID {meta['id']}" if meta.get("id") else "record"
    players = meta.get("players")
    if players is not None:
        rep.players = (players[0], players[1], players[2])
    if "result" in data:
        _check_result(data["result"], result_to_json(rep))
    return JsonGame(data, rules, meta, rep)


def _moves(events: object) -> list[tuple[str, str]]:
    if not isinstance(events, list):
        raise JsonRecordError(f"events: must be a list of [seat, text], not {_kind(events)}")
    moves = []
    for i, ev in enumerate(events):
        if not isinstance(ev, list) or len(ev) != 2:
            raise JsonRecordError(f"events[{i}]: must be [seat, text], not {_short(ev)}")
        seat, text = ev
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1, 2):
            raise JsonRecordError(f"events[{i}]: the seat must be 0, 1 or 2, not {_short(seat)}")
        if not isinstance(text, str) or not text or text != text.strip() or " " in text:
            raise JsonRecordError(f"events[{i}]: the action must be one word, not {_short(text)}")
        upper = text.upper()
        if upper in ("TI", "LE"):
            moves.append(("w", f"{upper}.{seat}"))
            continue
        if upper.startswith("RE."):
            if upper != f"RE.{seat}":
                raise JsonRecordError(f"events[{i}]: seat {seat} cannot resign as {text}")
            text = "RE"
        moves.append((str(seat), text))
    return moves


_META_TYPES: Final = {
    "id": str,
    "date": str,
    "place": str,
    "series": str,
    "comment": str,
}


def _check_meta(meta: dict[str, Any]) -> None:
    for key, typ in _META_TYPES.items():
        if key in meta and meta[key] is not None and not isinstance(meta[key], typ):
            raise JsonRecordError(f"meta.{key}: must be a string, not {_kind(meta[key])}")
    for key in ("players", "ratings"):
        v = meta.get(key)
        if v is not None and (
            not isinstance(v, list) or len(v) != 3 or not all(isinstance(x, str) for x in v)
        ):
            raise JsonRecordError(f"meta.{key}: must be a list of three strings")
    iss = meta.get("iss")
    if iss is not None and (
        not isinstance(iss, Mapping)
        or not all(isinstance(k, str) and isinstance(v, str) for k, v in iss.items())
    ):
        raise JsonRecordError("meta.iss: must be an object of strings")


_RESULT_TYPES: Final[dict[str, tuple[type, ...]]] = {
    "passed": (bool,),
    "declarer": (int, type(None)),
    "contract": (str, type(None)),
    "bid": (int,),
    "outcome": (str, type(None)),
    "score": (int,),
    "value": (int,),
    "matadors": (int,),
    "overbid": (bool,),
    "points": (int,),
    "tricks": (int,),
    "schneider": (bool,),
    "schwarz": (bool,),
    "penalties": (list,),
    "left": (int, type(None)),
    "timeout": (int, type(None)),
    "resigned": (bool,),
}


def _check_result(given: object, computed: dict[str, Any]) -> None:
    if not isinstance(given, Mapping):
        raise JsonRecordError(f"result: must be an object, not {_kind(given)}")
    for key, value in given.items():
        types = _RESULT_TYPES.get(key)
        if types is None:
            raise JsonRecordError(f"result.{_key(key)}: unknown field")
        ok = isinstance(value, types) and not (
            isinstance(value, bool) and bool not in types and int in types
        )
        if not ok:
            raise JsonRecordError(f"result.{key}: has the wrong type ({_kind(value)})")
        if key not in computed:
            if key == "passed" and value is False:
                raise JsonRecordError("result.passed: the record says no, the replay: passed in")
            continue
        if computed[key] != value:
            raise JsonRecordError(
                f"result.{key}: the record says {_short(value)}, the replay gives "
                f"{_short(computed[key])}"
            )
    if computed.get("passed") is True and given.get("passed") is False:
        raise JsonRecordError("result.passed: the record says no, the replay: passed in")


def json_to_iss(source: str | bytes | Mapping[str, Any] | JsonGame) -> str:
    """The ISS line of a JSON record; the result field is computed by the engine."""
    game = source if isinstance(source, JsonGame) else load_json(source)
    meta = game.meta
    rep = game.replay
    players = meta.get("players")
    ratings = meta.get("ratings")
    record = IssRecord(
        moves=rep.iss_moves(),
        result=rep.fields,
        place=meta.get("place"),
        series=meta.get("series"),
        id=meta.get("id"),
        date=meta.get("date"),
        players=tuple(players) if players is not None else None,
        ratings=tuple(ratings) if ratings is not None else None,
        comment=meta.get("comment"),
        properties=dict(meta.get("iss") or {}),
    )
    return format_iss(record)


def _key(key: object) -> str:
    text = str(key)
    return text if text.isidentifier() else json.dumps(text, ensure_ascii=True)


def _kind(value: object) -> str:
    if value is None:
        return "null"
    return {
        bool: "a boolean",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
    }.get(type(value), type(value).__name__)


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    return text if len(text) <= 40 else text[:40] + "..."


def _jsonable(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def _line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__
