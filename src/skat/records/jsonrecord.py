"""Versioned JSON game records.

A record is one JSON object with ``"format": "skat-game"`` and a ``version``.  The full field
tables are in ``docs/decisions/0004-json-game-records.md``; in short:

**Version 2** (:data:`VERSION`, written by :func:`state_to_json`) carries every game the engine
plays, replayed directly with the engine's actions::

    {"format": "skat-game", "version": 2, "variant": "skat", "rules": "pub",
     "deal": "<32 cards>", "events": [[1, "18"], [0, "y"], ..., [1, "kontra"], ...],
     "result": {...}, "meta": {...}}

- ``variant``: ``skat`` (the default: :class:`~skat.core.state.GameState` with every house
  rule), ``strohmann``, ``officers`` or ``tournee`` (the two-player and Tournee states).
  Their setup: ``ramsch`` (skat: a Ramsch round's forced Ramsch, no auction), ``dummy``
  (strohmann: the dummy's seat), ``null`` (officers: Null allowed), ``top`` (tournee: the skat
  card turned first).
- ``events``: ``[seat, text]``, each action's ``str()`` as the engine's parser reads it back
  (``18``, ``y``, ``s``, ``DQ.D9``, ``G``, ``CJ``, ``SC``, ``RE.0``, ``RE.0+1``, ``kontra``,
  ``rekontra``, ``supra``, ``resupra``, ``spitze.2``, ``showskat``, ``open``,
  ``schenken.1``, ``violation.1.revoke``; Schieberamsch: ``s``, ``p``, a discard, ``GH``;
  Tournee: ``t``, ``pmn``), in the order of the state's history (a Strohmann dummy's own
  passes included).  A bare ``RE`` is refused as ambiguous (ISS: resign; engine: Re).
- ``result``: the engine's :class:`~skat.core.scoring.Result` (:func:`result_fields`).
- ``meta``: ``players``/``ratings`` (one per seat), ``id``, ``date``, ``place``,
  ``comment``, ``iss``, and ``series``: ``{"id", "game", "dealer", "players", "state"}``
  so that a series can be rebuilt from its game records.

**Version 1** (:data:`ISS_VERSION`, written by :func:`record_to_json`) holds an ISS record's
moves as the server wrote them (``G.DT.ST``, ``D`` then ``D9.DQ``, ``SC``, ``RE``) plus the
record-only events ``TI``, ``LE`` and ``??``; it is replayed by the ISS replayer, so that
ISS → JSON → ISS gives back the same line.  Version 2 cannot hold those (a timeout or a player
leaving is no engine action).

The module is named ``jsonrecord`` so that ``from skat.records import jsonrecord`` does not
shadow the standard library's ``json`` where both are used.

>>> from skat.records.iss import parse_iss_line
>>> line = ("(;GM[Skat]PC[International Skat Server]ID[9]MV[w CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8."
...         "C7.SA.ST.SK.SQ.S9.S8.S7.HA.HT.HK.HQ.H9.H8.H7.DA.DT.DK.DQ.D9.D8.D7 1 p 2 p 0 18 "
...         "0 GH 0 CJ 1 RE 2 RE ]R[d:0 win v:192 m:4 bidok p:120 t:10 s:1 z:1] ;)")
>>> data = record_to_json(parse_iss_line(line))
>>> data["version"], data["events"][-3:], data["result"]["score"], data["meta"]["id"]
(1, [[0, 'CJ'], [1, 'RE'], [2, 'RE']], 192, '9')
>>> game = load_json(dumps(data))
>>> game.replay.result.won, json_to_iss(data) == line.replace("z:1]", "z:1 p0:0 p1:0 p2:0 l:-1 to:-1 r:1]")
(True, True)

A game under house rules (Kontra and Re), written as version 2:

>>> from skat.core import Deal, GameState, Rules
>>> g = GameState(Deal.parse("CJ SJ CA CT CK C9 HA HT SA D7  HJ DJ CQ C8 ST SK H9 H8 D8 D9 "
...                          "C7 SQ S9 S8 S7 HK HQ H7 DA DT  DK DQ"), Rules.parse("isko,kontra=on"))
>>> for a in ("p", "p", "18", "CH", "CJ", "kontra", "rekontra", "HJ", "C7", "SJ", "DJ", "SQ"):
...     _ = g.apply(a)
>>> _ = g.apply("RE.1", 1)          # ISkO 4.3.3: one defender gives up for both
>>> data = state_to_json(g, {"players": ["Ann", "Ben", "Cid"]})
>>> data["version"], data["rules"], data["events"][3:7], data["events"][-1]
(2, 'isko,kontra=on', [[0, 'CH'], [0, 'CJ'], [1, 'kontra'], [0, 'rekontra']], [1, 'RE.1'])
>>> {k: data["result"][k] for k in ("won", "value", "kontra", "multiplier", "score")}
{'won': True, 'value': 48, 'kontra': 2, 'multiplier': 4, 'score': 192}
>>> load_json(dumps(data)).result == g.result
True
>>> json_to_iss(data)
Traceback (most recent call last):
...
skat.records.iss.IssWriteError: not expressible as an ISS record: Kontra (events[5]: kontra)
>>> load_json('{"format": "skat-game", "version": 3}')
Traceback (most recent call last):
...
skat.records.jsonrecord.JsonRecordError: version: 3 is not supported (this reader knows versions 1 and 2)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from skat.core.actions import ActionParseError, Declare, parse_action
from skat.core.cards import Card
from skat.core.deal import Deal
from skat.core.officers import OfficersDeal, OfficersState
from skat.core.rules import Rules
from skat.core.scoring import Result
from skat.core.state import GameState
from skat.core.strohmann import StrohmannState
from skat.core.tournee import TourneeResult, TourneeState, parse_tournee_action
from skat.records.iss import (
    IssRecord,
    IssWriteError,
    engine_result,
    format_iss,
    iss_moves,
    iss_unwritable,
    rules_for,
)
from skat.records.replay import FieldDiff, Replay, ReplayError, replay, replay_moves

__all__ = [
    "FORMAT",
    "ISS_VERSION",
    "VARIANTS",
    "VERSION",
    "VERSIONS",
    "AnyState",
    "JsonGame",
    "JsonRecordError",
    "JsonReplayError",
    "check_json",
    "dumps",
    "json_to_iss",
    "load_json",
    "record_to_json",
    "replay_to_json",
    "result_fields",
    "result_to_json",
    "split_json",
    "state_to_json",
]

FORMAT: Final = "skat-game"
VERSION: Final = 2
"""The version :func:`state_to_json` writes: the engine's actions, every variant."""
ISS_VERSION: Final = 1
"""The version :func:`record_to_json` writes: an ISS record's moves as the server wrote them."""
VERSIONS: Final = (1, 2)
"""The versions this reader knows."""
VARIANTS: Final = ("skat", "strohmann", "officers", "tournee")
"""``variant`` values of version 2: Skat (``GameState``), Strohmann, Officers' Skat, Tournee."""

AnyState = GameState | StrohmannState | OfficersState | TourneeState
"""A game of any variant."""

_SEATS: Final = {"skat": 3, "strohmann": 3, "officers": 2, "tournee": 3}
_SETUP: Final = {"ramsch": "skat", "dummy": "strohmann", "null": "officers", "top": "tournee"}
_V2_FIELDS: Final = (
    "format",
    "version",
    "variant",
    "rules",
    "deal",
    *_SETUP,
    "events",
    "result",
    "meta",
)
_MAX_TEXT: Final = 40  # the longest action text is violation.0.looked_at_skat (26)
_MAX_TEXT_V1: Final = 80  # an ISS move: GO.D9.DQ and the ten cards shown is 38
_MAX_DEAL: Final = 400
_MAX_RULES: Final = 2000
_INT_RANGE: Final = 2**63  # numbers in meta.series beyond a signed 64-bit integer are refused


class JsonRecordError(ValueError):
    """A JSON record that is malformed or does not replay; the message is one line naming the
    field (and the event: ``events[12]``)."""


class JsonReplayError(JsonRecordError):
    """A well-formed record whose events the engine refuses, or that stops before the end."""


# ---------------------------------------------------------------------------------------------
# Writing version 1 (ISS records)


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


# ---------------------------------------------------------------------------------------------
# Writing version 2 (games played with the engine)


def _variant_of(state: object) -> str:
    if isinstance(state, GameState):
        return "skat"
    if isinstance(state, StrohmannState):
        return "strohmann"
    if isinstance(state, OfficersState):
        return "officers"
    if isinstance(state, TourneeState):
        return "tournee"
    raise JsonRecordError(f"state: not a game of a known variant ({type(state).__name__})")


def _forced_ramsch(state: GameState) -> bool:
    """A Ramsch round's game (``GameState(..., ramsch=True)``): it starts without an auction,
    so its first event is Forehand's, while every auction starts with Middlehand."""
    return bool(state.history) and state.history[0].seat == 0


def _officers_null(state: OfficersState) -> bool:
    """Whether Null may be declared in this game (``OfficersState(null=...)``).
    OfficersState does not expose it: read from its declarations."""
    declarations: tuple[Declare, ...] = getattr(state, "_declarations", ())
    return any(d.contract.code == "N" for d in declarations)


def state_to_json(state: AnyState, meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The version 2 JSON record of a finished game of any variant.

    ``meta`` is validated as the loader does (:class:`JsonRecordError` naming the field).

    >>> import random
    >>> rng = random.Random(2)
    >>> g = GameState(Deal.random(rng))
    >>> while not g.is_over:
    ...     _ = g.apply(rng.choice(g.legal_actions()))
    >>> load_json(state_to_json(g)).result == g.result
    True
    """
    variant = _variant_of(state)
    if not state.is_over:
        raise JsonRecordError("state: the game is not over")
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if variant != "skat":
        data["variant"] = variant
    data["rules"] = str(state.rules)
    if isinstance(state, OfficersState):
        data["deal"] = str(state.deal)
        if not _officers_null(state):
            data["null"] = False
    else:
        data["deal"] = state.deal.iss()
    if isinstance(state, GameState) and _forced_ramsch(state):
        data["ramsch"] = True
    elif isinstance(state, StrohmannState):
        data["dummy"] = state.dummy
    elif isinstance(state, TourneeState):
        data["top"] = state.order[0].name
    data["events"] = [[ev.seat, str(ev.action)] for ev in state.history]
    data["result"] = result_fields(state.result, _SEATS[variant])
    if meta:
        checked = dict(meta)
        _check_meta(checked, VERSION, _SEATS[variant])
        data["meta"] = checked
    return data


def result_fields(result: Result | None, seats: int = 3) -> dict[str, Any]:
    """The version 2 ``result`` object: :meth:`Result.to_dict <skat.core.scoring.Result.to_dict>`
    (the fields of the engine's result that apply) with Tournee Skat's ``kind``, ``base`` and
    ``second_card``, and one ``seat_scores`` entry per seat of the variant.

    >>> result_fields(Result(None))
    {'passed': True, 'seat_scores': [0, 0, 0]}
    """
    out = (result or Result(None)).to_dict()
    out["seat_scores"] = out["seat_scores"][:seats]
    if isinstance(result, TourneeResult) and result.contract is not None:
        out.update(_tournee_fields(result))
    return out


def _tournee_fields(r: Result | None) -> dict[str, Any]:
    if not isinstance(r, TourneeResult):
        return {"kind": None, "base": None, "second_card": None}
    return {"kind": r.kind, "base": r.base, "second_card": r.second_card}


def _all_result_fields(r: Result | None, seats: int) -> dict[str, Any]:
    """Every version 2 result field (``None`` where it does not apply)."""
    out = (r or Result(None)).to_dict(every=True)
    out["seat_scores"] = out["seat_scores"][:seats]
    out.update(_tournee_fields(r))
    return out


def dumps(data: Mapping[str, Any]) -> str:
    """One line of JSON (UTF-8 text, no ASCII escapes)."""
    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


# ---------------------------------------------------------------------------------------------
# Loading


@dataclass
class JsonGame:
    """A loaded JSON record: the data, its rules and meta, and the engine's game.

    ``state`` is the replayed game (for version 1 the ISS replay's), ``result`` its result,
    ``events`` its history as ``(seat, text)``.  :attr:`replay` is the game as an ISS replay
    (version 1 records, and version 2 Skat games the ISS format can express).
    """

    data: dict[str, Any]
    rules: Rules
    meta: dict[str, Any]
    state: AnyState
    version: int = VERSION
    variant: str = "skat"
    forced_ramsch: bool = False
    _replay: Replay | None = field(default=None, repr=False)

    @property
    def result(self) -> Result | None:
        """The engine's result (``None`` for an ISS penalty record)."""
        return self.state.result

    @property
    def events(self) -> list[tuple[int, str]]:
        """The game's history as ``(seat, text)`` with each action's ``str()``."""
        return [(ev.seat, str(ev.action)) for ev in self.state.history]

    @property
    def replay(self) -> Replay:
        """The game as an ISS replay (moves, ``R[...]`` fields, summary).

        Raises :class:`~skat.records.iss.IssWriteError` (one line naming what) for a game the
        ISS format cannot express: house-rule actions, a Ramsch, another variant.
        """
        if self._replay is None:
            state = self.state
            reason = iss_unwritable(state)
            if reason is not None or not isinstance(state, GameState):
                raise IssWriteError(f"not expressible as an ISS record: {reason}")
            rep = Replay(
                state,
                iss_moves(state),
                [(ev.seat, str(ev.action)) for ev in state.history],
                engine_result(state),
            )
            rep.label = f"ID {self.meta['id']}" if self.meta.get("id") else "record"
            players = self.meta.get("players")
            if players is not None:
                rep.players = (players[0], players[1], players[2])
            self._replay = rep
        return self._replay


def load_json(source: str | bytes | Mapping[str, Any], *, check_result: bool = True) -> JsonGame:
    """Validate a JSON record (text or an already decoded object) and replay it.

    Raises :class:`JsonRecordError` with one line naming the field at fault (and
    :class:`JsonReplayError` when the engine refuses an event).  A ``result`` in the record is
    checked against the replay unless ``check_result`` is false (its types are checked anyway).

    >>> load_json('{"format": "skat-game", "version": 1, "rules": "iss", "deal": "CJ"}')
    Traceback (most recent call last):
    ...
    skat.records.jsonrecord.JsonRecordError: deal: a deal is 32 cards (...), got 1
    """
    game, diffs = _load_checked(source)
    if check_result and diffs:
        d = diffs[0]
        if d.field == "passed" and game.version == 1 and d.record is False:
            raise JsonRecordError("result.passed: the record says no, the replay: passed in")
        raise JsonRecordError(
            f"result.{d.field}: the record says {_short(d.record)}, the replay gives "
            f"{_short(d.engine)}"
        )
    return game


def check_json(source: str | bytes | Mapping[str, Any]) -> list[FieldDiff]:
    """Replay a JSON record and compare every field of its ``result``; returns the differing
    fields (empty: the record agrees).

    Raises :class:`JsonReplayError` when the engine refuses the events and
    :class:`JsonRecordError` when the record is malformed or has no ``result``.
    """
    game, diffs = _load_checked(source)
    if "result" not in game.data:
        raise JsonRecordError("result: the record has none to check")
    return diffs


def _load_checked(source: str | bytes | Mapping[str, Any]) -> tuple[JsonGame, list[FieldDiff]]:
    try:
        return _load(source)
    except JsonReplayError as exc:
        raise JsonReplayError(_line(exc)) from None  # one line, whatever the data held
    except JsonRecordError as exc:
        raise JsonRecordError(_line(exc)) from None
    except RecursionError:
        raise JsonRecordError("the record is nested too deeply") from None


def _load(source: str | bytes | Mapping[str, Any]) -> tuple[JsonGame, list[FieldDiff]]:
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
    if type(version) is not int or version not in VERSIONS:
        raise JsonRecordError(
            f"version: {_short(version)} is not supported (this reader knows versions 1 and 2)"
        )
    if version == 1:
        return _load_v1(data)
    return _load_v2(data)


def _rules(data: dict[str, Any]) -> Rules:
    text = data.get("rules")
    if not isinstance(text, str):
        raise JsonRecordError(f"rules: must be a rules string, not {_kind(text)}")
    if len(text) > _MAX_RULES:
        raise JsonRecordError(f"rules: too long ({len(text)} characters)")
    try:
        return Rules.parse(text)
    except ValueError as exc:
        raise JsonRecordError(f"rules: {_line(exc)}") from None


def _deal_text(data: dict[str, Any]) -> str:
    text = data.get("deal")
    if not isinstance(text, str):
        raise JsonRecordError(f"deal: must be a string of 32 cards, not {_kind(text)}")
    if len(text) > _MAX_DEAL:
        raise JsonRecordError(f"deal: too long for 32 cards ({len(text)} characters)")
    return text


# ---------------------------------------------------------------------------------------------
# Version 1: through the ISS replayer


def _load_v1(data: dict[str, Any]) -> tuple[JsonGame, list[FieldDiff]]:
    rules = _rules(data)
    deal_text = _deal_text(data)
    try:
        deal = Deal.parse(deal_text)
    except ValueError as exc:
        raise JsonRecordError(f"deal: {_line(exc)}") from None
    moves = _moves_v1(data.get("events"))
    meta = data.get("meta", {})
    if not isinstance(meta, Mapping):
        raise JsonRecordError(f"meta: must be an object, not {_kind(meta)}")
    meta = dict(meta)
    _check_meta(meta, 1, 3)
    try:
        rep = replay_moves(deal, moves, rules, first=0, where="events[{n}]")
    except ReplayError as exc:
        raise JsonReplayError(_line(exc)) from None
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
        raise JsonRecordError(f"events: must be a list of [seat, text], not {_kind(events)}")
    moves = []
    for i, ev in enumerate(events):
        seat, text = _event_shape(ev, i, 3, _MAX_TEXT_V1)
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


def _event_shape(ev: object, i: int, seats: int, longest: int) -> tuple[int, str]:
    if not isinstance(ev, list) or len(ev) != 2:
        raise JsonRecordError(f"events[{i}]: must be [seat, text], not {_short(ev)}")
    seat, text = ev
    if type(seat) is not int or not 0 <= seat < seats:
        which = "0, 1 or 2" if seats == 3 else "0 or 1"
        raise JsonRecordError(f"events[{i}]: the seat must be {which}, not {_short(seat)}")
    if (
        not isinstance(text, str)
        or not text
        or len(text) > longest
        or text != text.strip()
        or any(ch.isspace() for ch in text)
    ):
        raise JsonRecordError(f"events[{i}]: the action must be one word, not {_short(text)}")
    return seat, text


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
        raise JsonRecordError(f"result: must be an object, not {_kind(given)}")
    diffs = []
    for key, value in given.items():
        types = _RESULT_TYPES_V1.get(key)
        if types is None:
            raise JsonRecordError(f"result.{_key(key)}: unknown field")
        ok = isinstance(value, types) and not (
            isinstance(value, bool) and bool not in types and int in types
        )
        if not ok:
            raise JsonRecordError(f"result.{key}: has the wrong type ({_kind(value)})")
        if key not in computed:
            if key == "passed" and value is False:
                diffs.append(FieldDiff("passed", False, True))
            continue
        if computed[key] != value or type(computed[key]) is not type(value):
            diffs.append(FieldDiff(key, value, computed[key]))
    if computed.get("passed") is True and given.get("passed") is False and not diffs:
        diffs.append(FieldDiff("passed", False, True))
    return diffs


# ---------------------------------------------------------------------------------------------
# Version 2: the engine's actions, replayed directly


def _load_v2(data: dict[str, Any]) -> tuple[JsonGame, list[FieldDiff]]:
    for key in data:
        if key not in _V2_FIELDS:
            raise JsonRecordError(
                f"{_key(key)}: unknown field (version 2 has {', '.join(_V2_FIELDS)})"
            )
    variant = data.get("variant", "skat")
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise JsonRecordError(
            f"variant: must be one of {', '.join(VARIANTS)}, not {_short(variant)}"
        )
    for key, owner in _SETUP.items():
        if key in data and owner != variant:
            raise JsonRecordError(f"{key}: only a {owner} record has it, not a {variant} record")
    seats = _SEATS[variant]
    rules = _rules(data)
    deal_text = _deal_text(data)
    meta = data.get("meta", {})
    if not isinstance(meta, Mapping):
        raise JsonRecordError(f"meta: must be an object, not {_kind(meta)}")
    meta = dict(meta)
    _check_meta(meta, 2, seats)
    state = _new_state(variant, deal_text, rules, data)
    events = data.get("events")
    if not isinstance(events, list):
        raise JsonRecordError(f"events: must be a list of [seat, text], not {_kind(events)}")
    _replay_v2(state, events, seats)
    diffs: list[FieldDiff] = []
    if "result" in data:
        diffs = _result_diffs_v2(data["result"], _all_result_fields(state.result, seats))
    forced = bool(data.get("ramsch", False))
    game = JsonGame(data, rules, meta, state, version=2, variant=variant, forced_ramsch=forced)
    return game, diffs


def _new_state(variant: str, deal_text: str, rules: Rules, data: dict[str, Any]) -> AnyState:
    if variant == "officers":
        null = data.get("null", True)
        if not isinstance(null, bool):
            raise JsonRecordError(f"null: must be true or false, not {_short(null)}")
        try:
            layout = OfficersDeal.parse(deal_text)
        except ValueError as exc:
            raise JsonRecordError(f"deal: {_line(exc)}") from None
        return OfficersState(layout, rules, null=null)
    try:
        deal = Deal.parse(deal_text)
    except ValueError as exc:
        raise JsonRecordError(f"deal: {_line(exc)}") from None
    if variant == "skat":
        ramsch = data.get("ramsch", False)
        if not isinstance(ramsch, bool):
            raise JsonRecordError(f"ramsch: must be true or false, not {_short(ramsch)}")
        return GameState(deal, rules, ramsch=ramsch)
    if variant == "strohmann":
        dummy = data.get("dummy", 1)
        if type(dummy) is not int or dummy not in (0, 1, 2):
            raise JsonRecordError(f"dummy: the dummy's seat is 0, 1 or 2, not {_short(dummy)}")
        try:
            return StrohmannState(deal, rules, dummy=dummy)
        except ValueError as exc:
            raise JsonRecordError(f"rules: {_line(exc)}") from None
    top = data.get("top")
    card: Card | None = None
    if top is not None:
        if not isinstance(top, str) or len(top) > _MAX_TEXT:
            raise JsonRecordError(f"top: must be a card of the skat, not {_short(top)}")
        try:
            card = Card.parse(top)
        except ValueError as exc:
            raise JsonRecordError(f"top: {_line(exc)}") from None
        if not deal.skat_mask & card.bit:
            raise JsonRecordError(f"top: {card} is not in the skat ({deal.skat})")
    try:
        return TourneeState(deal, rules, top=card)
    except ValueError as exc:
        raise JsonRecordError(f"rules: {_line(exc)}") from None


def _replay_v2(state: AnyState, events: list[Any], seats: int) -> None:
    parse = parse_tournee_action if isinstance(state, TourneeState) else parse_action
    history = state.history
    for i, ev in enumerate(events):
        seat, text = _event_shape(ev, i, seats, _MAX_TEXT)
        if text.upper() == "RE":
            raise JsonRecordError(
                f"events[{i}]: RE is ambiguous: write RE.{seat} to resign, rekontra to double"
            )
        try:
            action = parse(text)
        except ActionParseError as exc:
            raise JsonRecordError(f"events[{i}]: {_line(exc)}") from None
        if len(history) > i:  # recorded by the state itself (a Strohmann dummy's pass)
            done = history[i]
            if done.seat != seat or done.action != action:
                raise JsonReplayError(
                    f"events[{i}]: the game records {done.seat} {done.action} by itself here, "
                    f"not {seat} {text}"
                )
            continue
        if state.is_over:
            raise JsonReplayError(f"events[{i}]: the game is over after {i} events")
        try:
            state.apply(action, seat)  # type: ignore[arg-type]
        except ValueError as exc:
            raise JsonReplayError(f"events[{i}]: {_line(exc)}") from None
    if len(history) > len(events):
        done = history[len(events)]
        raise JsonReplayError(
            f"events[{len(events)}]: missing: the game records {done.seat} {done.action} here"
        )
    if not state.is_over:
        raise JsonReplayError(
            f"events: the record ends before the game is over (after {len(events)} events)"
        )


_BOOL: Final = ("bool",)
_INT: Final = ("int",)
_RESULT_TYPES_V2: Final[dict[str, tuple[str, ...]]] = {
    "passed": _BOOL,
    "seat_scores": ("ints",),
    "declarer": ("int", "null"),
    "contract": ("str", "null"),
    "bid": _INT,
    "won": _BOOL,
    "score": _INT,
    "value": _INT,
    "level": _INT,
    "matadors": _INT,
    "overbid": _BOOL,
    "points": _INT,
    "tricks": _INT,
    "defender_tricks": _INT,
    "schneider": _BOOL,
    "schwarz": _BOOL,
    "resigned": _BOOL,
    "kontra": _INT,
    "multiplier": _INT,
    "spitze": _INT,
    "extra_levels": ("strs",),
    "schenken": _BOOL,
    "violation": ("str", "null"),
    "violator": ("int", "null"),
    "required": _INT,
    "kind": ("str", "null"),
    "base": ("int", "null"),
    "second_card": ("bool", "null"),
    "ramsch": ("str", "null"),
    "seat_points": ("ints", "null"),
    "ramsch_scores": ("ints", "null"),
    "jungfrau": _INT,
    "durchmarsch": _BOOL,
    "pushes": _INT,
}


def _has_type(value: object, kinds: tuple[str, ...]) -> bool:
    for kind in kinds:
        if kind == "null" and value is None:
            return True
        if kind == "bool" and type(value) is bool:
            return True
        if kind == "int" and type(value) is int:
            return True
        if kind == "str" and type(value) is str:
            return True
        if kind == "ints" and type(value) is list and all(type(x) is int for x in value):
            return True
        if kind == "strs" and type(value) is list and all(type(x) is str for x in value):
            return True
    return False


def _result_diffs_v2(given: object, computed: dict[str, Any]) -> list[FieldDiff]:
    if not isinstance(given, Mapping):
        raise JsonRecordError(f"result: must be an object, not {_kind(given)}")
    diffs = []
    for key, value in given.items():
        kinds = _RESULT_TYPES_V2.get(key) if isinstance(key, str) else None
        if kinds is None:
            raise JsonRecordError(f"result.{_key(key)}: unknown field")
        if not _has_type(value, kinds):
            raise JsonRecordError(f"result.{key}: has the wrong type ({_kind(value)})")
        if computed[key] != value:
            diffs.append(FieldDiff(key, value, computed[key]))
    return diffs


# ---------------------------------------------------------------------------------------------
# meta


_META_STRINGS: Final = ("id", "date", "place", "comment")
_SERIES_FIELDS: Final = ("id", "game", "dealer", "players", "state")


def _check_meta(meta: dict[str, Any], version: int, seats: int) -> None:
    for key in (*_META_STRINGS, "series") if version == 1 else _META_STRINGS:
        if key in meta and meta[key] is not None and not isinstance(meta[key], str):
            raise JsonRecordError(f"meta.{key}: must be a string, not {_kind(meta[key])}")
    count = "three" if seats == 3 else "two"
    for key in ("players", "ratings"):
        v = meta.get(key)
        if v is not None and (
            not isinstance(v, list) or len(v) != seats or not all(isinstance(x, str) for x in v)
        ):
            raise JsonRecordError(f"meta.{key}: must be a list of {count} strings")
    iss = meta.get("iss")
    if iss is not None and (
        not isinstance(iss, Mapping)
        or not all(isinstance(k, str) and isinstance(v, str) for k, v in iss.items())
    ):
        raise JsonRecordError("meta.iss: must be an object of strings")
    if version >= 2 and meta.get("series") is not None:
        _check_series(meta["series"], seats)


def _check_series(series: object, seats: int) -> None:
    """``meta.series``: where the game stands in its series."""
    if not isinstance(series, Mapping):
        raise JsonRecordError(
            f"meta.series: must be an object ({', '.join(_SERIES_FIELDS)}), not {_kind(series)}"
        )
    for key in series:
        if key not in _SERIES_FIELDS:
            raise JsonRecordError(
                f"meta.series.{_key(key)}: unknown field (known: {', '.join(_SERIES_FIELDS)})"
            )
    for key in _SERIES_FIELDS[:4]:
        if key not in series:
            raise JsonRecordError(f"meta.series.{key}: missing")
    if not isinstance(series["id"], str) or not series["id"]:
        raise JsonRecordError(
            f"meta.series.id: must be a non-empty string, not {_short(series['id'])}"
        )
    game = series["game"]
    if type(game) is not int or not 1 <= game < _INT_RANGE:
        raise JsonRecordError(f"meta.series.game: must be a number from 1, not {_short(game)}")
    if not isinstance(series["dealer"], str):
        raise JsonRecordError(
            f"meta.series.dealer: must be the dealer's name, not {_kind(series['dealer'])}"
        )
    players = series["players"]
    if (
        not isinstance(players, list)
        or len(players) != seats
        or not all(isinstance(x, str) for x in players)
    ):
        count = "three" if seats == 3 else "two"
        raise JsonRecordError(
            f"meta.series.players: must be a list of {count} names (by seat), not {_short(players)}"
        )
    state = series.get("state", {})
    if not isinstance(state, Mapping):
        raise JsonRecordError(f"meta.series.state: must be an object, not {_kind(state)}")
    for key, value in state.items():
        if not isinstance(key, str) or not key or len(key) > 100:
            raise JsonRecordError(f"meta.series.state: a key must be a short name: {_short(key)}")
        if type(value) not in (str, int, bool):
            raise JsonRecordError(
                f"meta.series.state.{_key(key)}: must be a string, number or boolean, "
                f"not {_kind(value)}"
            )
        if type(value) is int and not -_INT_RANGE <= value < _INT_RANGE:
            raise JsonRecordError(f"meta.series.state.{_key(key)}: the number is out of range")


# ---------------------------------------------------------------------------------------------
# ISS output


def json_to_iss(source: str | bytes | Mapping[str, Any] | JsonGame) -> str:
    """The ISS line of a JSON record; the result field is computed by the engine.

    A version 2 game under other rules than its place's gets ``RU[<rules>]``; one the ISS
    format cannot express raises :class:`~skat.records.iss.IssWriteError` naming what.
    """
    game = source if isinstance(source, JsonGame) else load_json(source)
    meta = game.meta
    rep = game.replay
    players = meta.get("players")
    ratings = meta.get("ratings")
    props = dict(meta.get("iss") or {})
    series = meta.get("series")
    if isinstance(series, Mapping):
        series = series["id"]
    if game.version >= 2:
        if game.rules == rules_for(meta.get("place")):
            props.pop("RU", None)
        else:
            props["RU"] = str(game.rules)
    record = IssRecord(
        moves=rep.iss_moves(),
        result=rep.fields,
        place=meta.get("place"),
        series=series,
        id=meta.get("id"),
        date=meta.get("date"),
        players=tuple(players) if players is not None else None,
        ratings=tuple(ratings) if ratings is not None else None,
        comment=meta.get("comment"),
        properties=props,
    )
    return format_iss(record)


# ---------------------------------------------------------------------------------------------
# Files of JSON records


def split_json(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """The JSON documents in a stream of lines, each with the number of its first line: one a
    line (JSON Lines), or one spread over several lines (pretty-printed).  Blank lines are
    skipped.  A document that never completes is given as it is (it fails to load) once a
    line starting with ``{`` at the left margin begins the next one, or at the end.

    >>> list(split_json(['{"a": 1}', '', '{', '  "b": [1,', '  2]', '}', '{"c"', '{"d": 4}']))
    [(1, '{"a": 1}'), (3, '{\\n  "b": [1,\\n  2]\\n}'), (7, '{"c"'), (8, '{"d": 4}')]
    """
    buffer: list[str] = []
    start = 0
    for line_no, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if not buffer:
            if not line.strip():
                continue
            start = line_no
        elif line.startswith(("{", "[")):
            yield start, "\n".join(buffer)  # the document before never completed
            buffer, start = [], line_no
        buffer.append(line)
        if line.rstrip().endswith(("}", "]")):
            text = "\n".join(buffer)
            try:
                json.loads(text)
            except (ValueError, RecursionError):
                continue
            yield start, text
            buffer = []
    if buffer:
        yield start, "\n".join(buffer)


# ---------------------------------------------------------------------------------------------
# Messages


def _key(key: object) -> str:
    text = key if isinstance(key, str) else _short(key)
    if text.isidentifier():
        return text
    return _short(text)


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
    """A value as JSON, cut to 40 characters; safe for huge numbers and deep nesting."""
    if type(value) is int and value.bit_length() > 128:
        return f"a number of {len(str(value >> (value.bit_length() - 128)))}+ digits"
    if isinstance(value, (list, dict)) and len(value) > 20:
        return f"{_kind(value)} of {len(value)} items"
    if isinstance(value, str) and len(value) > 200:
        value = value[:60]
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        try:
            text = repr(value)
        except (ValueError, RecursionError):
            text = type(value).__name__
    text = " ".join(text.split())
    return text if len(text) <= 40 else text[:40] + "..."


def _line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 300 else text[:300] + "..."
