"""Version 1 JSON game records: an ISS record's moves as the server wrote them, replayed by
the ISS replayer (:mod:`skat.records.replay`), so that ISS → JSON → ISS gives back the same
line.  :func:`record_to_json` and :func:`replay_to_json` write them, :func:`load_v1` reads one
(the format and version already checked).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from skat.core.deal import Deal
from skat.records.iss import IssRecord
from skat.records.jsonerrors import (
    JsonRecordError,
    JsonReplayError,
    event_shape,
    key_text,
    kind_of,
    one_line,
)
from skat.records.jsongame import FORMAT, ISS_VERSION, JsonGame, read_deal_text, read_rules
from skat.records.jsonmeta import check_meta
from skat.records.replay import FieldDiff, Replay, ReplayError, replay, replay_moves

__all__ = ["load_v1", "record_to_json", "replay_to_json", "result_to_json"]

_MAX_TEXT_V1: Final = 80  # an ISS move: GO.D9.DQ and the ten cards shown is 38


def result_to_json(rep: Replay) -> dict[str, Any]:
    """The version 1 ``result`` object of a replayed ISS record."""
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
    """A version 1 JSON record of a replayed ISS record (``meta`` as given)."""
    deal_text = rep.moves[0][1] if rep.moves and rep.moves[0][0] == "w" else ""
    if not deal_text or any(ch in deal_text for ch in " |"):
        deal_text = rep.state.deal.iss()
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": ISS_VERSION,
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
    """Replay an ISS record and return its version 1 JSON record (the moves kept as written,
    so that :func:`json_to_iss` gives the line back)."""
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


def load_v1(data: dict[str, Any]) -> tuple[JsonGame, list[FieldDiff]]:
    """Replay a version 1 record with the ISS replayer: the game and the fields where the
    record's ``result`` differs from the replay's."""
    rules = read_rules(data)
    deal_text = read_deal_text(data)
    try:
        deal = Deal.parse(deal_text)
    except ValueError as exc:
        raise JsonRecordError(f"deal: {one_line(exc)}") from None
    moves = _moves_v1(data.get("events"))
    meta = data.get("meta", {})
    if not isinstance(meta, Mapping):
        raise JsonRecordError(f"meta: must be an object, not {kind_of(meta)}")
    meta = dict(meta)
    check_meta(meta, 1, 3)
    try:
        rep = replay_moves(deal, moves, rules, first=0, where="events[{n}]")
    except ReplayError as exc:
        raise JsonReplayError(one_line(exc)) from None
    rep.moves[0] = ("w", ".".join(deal_text.replace("|", " ").replace(".", " ").split()))
    rep.label = f"ID {meta['id']}" if meta.get("id") else "record"
    players = meta.get("players")
    if players is not None:
        rep.players = (players[0], players[1], players[2])
    diffs: list[FieldDiff] = []
    if "result" in data:
        diffs = _result_diffs_v1(data["result"], result_to_json(rep))
    game = JsonGame(data, rules, meta, rep.state, version=1, _replay=rep)
    return game, diffs


def _moves_v1(events: object) -> list[tuple[str, str]]:
    if not isinstance(events, list):
        raise JsonRecordError(f"events: must be a list of [seat, text], not {kind_of(events)}")
    moves = []
    for i, ev in enumerate(events):
        seat, text = event_shape(ev, i, 3, _MAX_TEXT_V1)
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


_RESULT_TYPES_V1: Final[dict[str, tuple[type, ...]]] = {
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


def _result_diffs_v1(given: object, computed: dict[str, Any]) -> list[FieldDiff]:
    if not isinstance(given, Mapping):
        raise JsonRecordError(f"result: must be an object, not {kind_of(given)}")
    diffs = []
    for key, value in given.items():
        types = _RESULT_TYPES_V1.get(key)
        if types is None:
            raise JsonRecordError(f"result.{key_text(key)}: unknown field")
        ok = isinstance(value, types) and not (
            isinstance(value, bool) and bool not in types and int in types
        )
        if not ok:
            raise JsonRecordError(f"result.{key}: has the wrong type ({kind_of(value)})")
        if key not in computed:
            if key == "passed" and value is False:
                diffs.append(FieldDiff("passed", False, True))
            continue
        if computed[key] != value or type(computed[key]) is not type(value):
            diffs.append(FieldDiff(key, value, computed[key]))
    if computed.get("passed") is True and given.get("passed") is False and not diffs:
        diffs.append(FieldDiff("passed", False, True))
    return diffs
