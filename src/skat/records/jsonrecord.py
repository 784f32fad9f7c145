"""Versioned JSON game records.

A record is one JSON object with ``"format": "skat-game"`` and a ``version``.  The full field
tables are in ``docs/decisions/0004-json-game-records.md``; in short:

**Version 2** (:data:`VERSION`, written by :func:`state_to_json`) carries every game the engine
plays, replayed directly with the engine's actions::

    {"format": "skat-game", "version": 2, "variant": "skat", "rules": "pub",
     "deal": "<32 cards>", "events": [[1, "18"], [0, "y"], ..., [1, "kontra"], ...],
     "result": {...}, "meta": {...}}

- ``variant``: ``skat`` (the default: :class:`~skat.core.state.GameState` with every house
  rule), ``strohmann``, ``officers`` or ``tournee`` (the two-player and Tournee states of
  :mod:`skat.variants`): a name of the registry.
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

This module writes version 2 (every variant through its registry entry,
:func:`skat.variants.find_variant`: the deal, the setup fields and the action parser) and loads
either version; the parts live beside it: :mod:`~skat.records.jsongame` (the loaded game, the
versions), :mod:`~skat.records.jsonv1`, :mod:`~skat.records.jsonresult` (the ``result`` fields),
:mod:`~skat.records.jsonmeta` and :mod:`~skat.records.jsonerrors` (the errors and their
messages).

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
skat.records.jsonerrors.JsonRecordError: version: 3 is not supported (this reader knows versions 1 and 2)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Final

from skat.core.game import GameLike
from skat.core.rules import Rules
from skat.records.iss import IssRecord, format_iss, rules_for
from skat.records.jsonerrors import (
    JsonRecordError,
    JsonReplayError,
    event_shape,
    key_text,
    kind_of,
    one_line,
    short,
)
from skat.records.jsongame import (
    FORMAT,
    ISS_VERSION,
    VERSION,
    VERSIONS,
    JsonGame,
    read_deal_text,
    read_rules,
)
from skat.records.jsonmeta import check_meta
from skat.records.jsonresult import all_result_fields, result_diffs, result_fields
from skat.records.jsonv1 import load_v1, record_to_json, replay_to_json, result_to_json
from skat.records.replay import FieldDiff
from skat.variants import SetupError, Variant, find_variant, variant_names
from skat.variants.variant import NO_VALUE

__all__ = [
    "FORMAT",
    "ISS_VERSION",
    "VARIANTS",
    "VERSION",
    "VERSIONS",
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

VARIANTS: Final = variant_names()
"""``variant`` values of version 2: every registered variant (:func:`skat.variants.variant_names`)."""

_MAX_TEXT: Final = 40  # the longest action text is violation.0.looked_at_skat (26)
_SETUP: Final = {key: name for name in VARIANTS for key in find_variant(name).setup}
"""Each variant's own setup field, and the variant it belongs to."""
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


# ---------------------------------------------------------------------------------------------
# Writing version 2 (games played with the engine)


def state_to_json(state: GameLike[Any], meta: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The version 2 JSON record of a finished game of any registered variant.

    The variant's registry entry writes the deal and its setup fields.  ``meta`` is validated
    as the loader does (:class:`JsonRecordError` naming the field).

    >>> import random
    >>> from skat.core import Deal, GameState
    >>> rng = random.Random(2)
    >>> g = GameState(Deal.random(rng))
    >>> while not g.is_over:
    ...     _ = g.apply(rng.choice(g.legal_actions()))
    >>> load_json(state_to_json(g)).result == g.result
    True
    """
    entry = _variant_of(state)
    if not state.is_over:
        raise JsonRecordError("state: the game is not over")
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if entry.name != "skat":
        data["variant"] = entry.name
    data["rules"] = str(state.rules)
    data["deal"] = entry.deal_text(state)
    data.update(entry.record_setup(state))
    data["events"] = [[ev.seat, str(ev.action)] for ev in state.history]
    data["result"] = result_fields(state.result, entry.name)
    if meta:
        checked = dict(meta)
        check_meta(checked, VERSION, entry.seats)
        data["meta"] = checked
    return data


def _variant_of(state: object) -> Variant:
    name = getattr(state, "variant", None)
    if not isinstance(name, str) or name not in VARIANTS or not isinstance(state, GameLike):
        raise JsonRecordError(f"state: not a game of a known variant ({type(state).__name__})")
    return find_variant(name)


def dumps(data: Mapping[str, Any]) -> str:
    """One line of JSON (UTF-8 text, no ASCII escapes)."""
    return json.dumps(data, ensure_ascii=False, separators=(", ", ": "))


# ---------------------------------------------------------------------------------------------
# Loading


def load_json(source: str | bytes | Mapping[str, Any], *, check_result: bool = True) -> JsonGame:
    """Validate a JSON record (text or an already decoded object) and replay it.

    Raises :class:`JsonRecordError` with one line naming the field at fault (and
    :class:`JsonReplayError` when the engine refuses an event).  A ``result`` in the record is
    checked against the replay unless ``check_result`` is false (its types are checked anyway).

    >>> load_json('{"format": "skat-game", "version": 1, "rules": "iss", "deal": "CJ"}')
    Traceback (most recent call last):
    ...
    skat.records.jsonerrors.JsonRecordError: deal: a deal is 32 cards (...), got 1
    """
    game, diffs = _load_checked(source)
    if check_result and diffs:
        d = diffs[0]
        if d.field == "passed" and game.version == 1 and d.record is False:
            raise JsonRecordError("result.passed: the record says no, the replay: passed in")
        raise JsonRecordError(
            f"result.{d.field}: the record says {short(d.record)}, the replay gives "
            f"{short(d.engine)}"
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
        raise JsonReplayError(one_line(exc)) from None  # one line, whatever the data held
    except JsonRecordError as exc:
        raise JsonRecordError(one_line(exc)) from None
    except RecursionError:
        raise JsonRecordError("the record is nested too deeply") from None


def _load(source: str | bytes | Mapping[str, Any]) -> tuple[JsonGame, list[FieldDiff]]:
    if isinstance(source, (str, bytes, bytearray)):
        try:
            data = json.loads(source)
        except (ValueError, RecursionError) as exc:
            raise JsonRecordError(f"not JSON: {one_line(exc)}") from None
    else:
        data = source
    if not isinstance(data, Mapping):
        raise JsonRecordError(f"a record is a JSON object, not {kind_of(data)}")
    data = dict(data)
    if data.get("format") != FORMAT:
        raise JsonRecordError(f"format: must be {FORMAT!r}, not {short(data.get('format'))}")
    version = data.get("version")
    if type(version) is not int or version not in VERSIONS:
        raise JsonRecordError(
            f"version: {short(version)} is not supported (this reader knows versions 1 and 2)"
        )
    if version == 1:
        return load_v1(data)
    return _load_v2(data)


# ---------------------------------------------------------------------------------------------
# Version 2: the engine's actions, replayed directly


def _load_v2(data: dict[str, Any]) -> tuple[JsonGame, list[FieldDiff]]:
    for key in data:
        if key not in _V2_FIELDS:
            raise JsonRecordError(
                f"{key_text(key)}: unknown field (version 2 has {', '.join(_V2_FIELDS)})"
            )
    name = data.get("variant", "skat")
    if not isinstance(name, str) or name not in VARIANTS:
        raise JsonRecordError(f"variant: must be one of {', '.join(VARIANTS)}, not {short(name)}")
    entry = find_variant(name)
    for key, owner in _SETUP.items():
        if key in data and owner != name:
            raise JsonRecordError(f"{key}: only a {owner} record has it, not a {name} record")
    rules = read_rules(data)
    deal_text = read_deal_text(data)
    meta = data.get("meta", {})
    if not isinstance(meta, Mapping):
        raise JsonRecordError(f"meta: must be an object, not {kind_of(meta)}")
    meta = dict(meta)
    check_meta(meta, 2, entry.seats)
    state = _new_state(entry, deal_text, rules, data)
    events = data.get("events")
    if not isinstance(events, list):
        raise JsonRecordError(f"events: must be a list of [seat, text], not {kind_of(events)}")
    _replay_v2(entry, state, events)
    diffs: list[FieldDiff] = []
    if "result" in data:
        diffs = result_diffs(data["result"], all_result_fields(state.result, name))
    forced = bool(data.get("ramsch", False))
    game = JsonGame(data, rules, meta, state, version=2, variant=name, forced_ramsch=forced)
    return game, diffs


def _new_state(entry: Variant, deal_text: str, rules: Rules, data: dict[str, Any]) -> GameLike[Any]:
    fields = {key: data[key] for key in entry.setup if key in data}
    try:
        return entry.from_record(deal_text, rules, fields)
    except SetupError as exc:
        shown = "" if exc.value is NO_VALUE else f", not {short(exc.value)}"
        raise JsonRecordError(f"{exc.field}: {exc.problem}{shown}") from None


def _replay_v2(entry: Variant, state: GameLike[Any], events: list[Any]) -> None:
    history = state.history
    for i, ev in enumerate(events):
        seat, text = event_shape(ev, i, entry.seats, _MAX_TEXT)
        if text.upper() == "RE":
            raise JsonRecordError(
                f"events[{i}]: RE is ambiguous: write RE.{seat} to resign, rekontra to double"
            )
        try:
            action = entry.parse_action(text)
        except ValueError as exc:
            raise JsonRecordError(f"events[{i}]: {one_line(exc)}") from None
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
            state.apply(action, seat)
        except ValueError as exc:
            raise JsonReplayError(f"events[{i}]: {one_line(exc)}") from None
    if len(history) > len(events):
        done = history[len(events)]
        raise JsonReplayError(
            f"events[{len(events)}]: missing: the game records {done.seat} {done.action} here"
        )
    if not state.is_over:
        raise JsonReplayError(
            f"events: the record ends before the game is over (after {len(events)} events)"
        )


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
