"""Saving a series and resuming it exactly.

A saved series is one JSON object::

    {"format": "skat-series", "version": 1, "rules": "tournament",
     "players": ["Anna", "Ben", "Cora"], "seed": 7, "games": 36, "limit": 501,
     "list": [{"number": 1, "dealer": 0, "turn": 0, "rounds": [],
               "deal": "<32 cards>", "events": [[1, "18"], [0, "y"], ...],
               "result": {...}, "entries": [0, 48, 0]}, ...],
     "current": {"deal": "<32 cards>", "events": [...]} or null}

- ``rules`` is the :class:`~skat.core.rules.Rules` string, ``seed`` the series seed: every deal
  is drawn again from it and must equal the saved ``deal``.
- each game of ``list`` carries its series position before the game (``number``, ``dealer``
  (player index), ``turn`` (dealer turns played), ``rounds`` (pending Bock/Ramsch rounds)),
  the events as ``[seat, text]`` in the engine's notation, a result summary and the list
  entries.  A game entered from its result alone has ``"deal": null, "events": null``.
- ``current`` is the unfinished game, if any.

Loading replays every game through the engine and checks the position, the deal, the result
and the entries against the file.  Whatever is wrong raises :class:`SeriesFileError` with one
line naming it.  Scores this version corrects (a failed claim, ISkO 4.4; a Gewinner-Ramsch
or Durchmarsch as a won game) are taken as replayed, so a series saved before stays readable.
Saving writes a temporary file beside the target and renames it over the target, so a crash
leaves either the old file or the new one, never half of one.

>>> import random
>>> from skat.core import Rules
>>> s = Series(["Anna", "Ben", "Cora"], Rules.parse("tournament"), seed=3, games=6)
>>> moves = random.Random(5)
>>> for _ in range(4): _ = s.play(lambda g: moves.choice(g.legal_actions()))
>>> again = loads_series(dumps_series(s))
>>> again.totals == s.totals and again.records == s.records and again.dealer == s.dealer
True
>>> loads_series('{"format": "skat-series", "version": 1, "rules": "isko", "players": ["A", "B"],'
...              ' "seed": 1, "games": 36, "limit": 501, "list": []}')
Traceback (most recent call last):
...
skat.series.storage.SeriesFileError: series file: players: a Skat table needs at least 3 players, got 2
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import tempfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Final

from skat.core.deal import Deal
from skat.core.rules import ISKO, Rules
from skat.core.scoring import Result
from skat.core.state import GameState
from skat.series.seating import SeatingError
from skat.series.series import Series, SeriesError

FORMAT: Final = "skat-series"
VERSION: Final = 1


class SeriesFileError(SeriesError):
    """A saved series that cannot be resumed; the message names what is wrong, in one line."""


# ---------------------------------------------------------------------- writing


def result_summary(result: Result) -> dict[str, Any]:
    """The result as saved in the list: :meth:`Result.to_dict <skat.core.scoring.Result.to_dict>`."""
    return result.to_dict()


def _game_events(events: tuple[tuple[int, str], ...] | None) -> list[list[object]] | None:
    return None if events is None else [[seat, text] for seat, text in events]


def rules_text(rules: Rules) -> str:
    """A rules string that reads back to ``rules`` (``str(Rules)`` round-trips).

    >>> rules_text(Rules.parse("isko,ramsch=ramsch,bock=on,ramsch_rounds=on,pot=5"))
    'isko,ramsch=ramsch,bock=on,ramsch_rounds=on,pot=5'
    """
    return str(rules)


def series_to_dict(series: Series) -> dict[str, Any]:
    """The JSON object of a series (see the module doc)."""
    current = series.current
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": rules_text(series.rules),
        "players": list(series.players),
        "seed": series.seed,
        "games": series.planned,
        "limit": series.limit,
        "list": [
            {
                "number": r.number,
                "dealer": r.dealer,
                "turn": r.turn,
                "rounds": r.rounds.to_list(),
                "deal": None if r.deal is None else str(r.deal),
                "events": _game_events(r.events),
                "result": result_summary(r.result),
                "entries": list(r.entries),
            }
            for r in series.records
        ],
        "current": None
        if current is None
        else {
            "deal": str(current.deal),
            "events": [[e.seat, str(e.action)] for e in current.history],
        },
    }


def dumps_series(series: Series) -> str:
    """The saved form of a series as text."""
    return json.dumps(series_to_dict(series), ensure_ascii=False, indent=1) + "\n"


def _umask() -> int:
    """The process's umask, read without changing it where Linux tells it (``/proc``); else
    by setting and restoring it."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def new_file_mode(target: str | Path) -> int:
    """The permission bits a file written to ``target`` gets: the existing file's, else those
    of a file ``open()`` creates (0666 less the umask; 0644 under the usual umask 022).

    The temporary file of :func:`atomic_path` is created 0600 (:func:`tempfile.mkstemp`), and a
    rename keeps that mode: without this a club's ``results.html`` could not be served.
    """
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return 0o666 & ~_umask()


@contextlib.contextmanager
def atomic_path(path: str | Path, suffix: str = ".tmp") -> Iterator[Path]:
    """A temporary path beside ``path`` to write to; renamed over ``path`` when the block
    ends without an exception (with :func:`new_file_mode`'s mode), removed otherwise.  A
    crash leaves the old file or the new one, never half of one."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=suffix, dir=target.parent)
    os.close(fd)
    try:
        yield Path(tmp)
        os.chmod(tmp, new_file_mode(target))
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where possible
        dir_fd = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def atomic_write(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` through :func:`atomic_path`."""
    with atomic_path(path) as tmp, open(tmp, "wb") as f:
        f.write(data.encode("utf-8") if isinstance(data, str) else data)
        f.flush()
        os.fsync(f.fileno())


def save_series(series: Series, path: str | Path) -> None:
    """Save a series atomically (the text is built before the file is touched)."""
    atomic_write(path, dumps_series(series))


# ---------------------------------------------------------------------- reading


def _fail(where: str, message: str) -> SeriesFileError:
    text = " ".join(f"series file{where}: {message}".split())
    return SeriesFileError(text)


def _get(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise _fail(where, f"{key!r} is missing")
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds:
        raise _fail(where, f"{key} must be {_kind_name(kinds)}, not {_short(value)}")
    if not isinstance(value, kinds):
        raise _fail(where, f"{key} must be {_kind_name(kinds)}, not {_short(value)}")
    return value


def _kind_name(kinds: tuple[type, ...]) -> str:
    names = {
        int: "a whole number",
        str: "a text",
        list: "a list",
        dict: "an object",
        bool: "true or false",
        type(None): "null",
    }
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _short(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def result_from_summary(data: Mapping[str, Any], where: str = "", rules: Rules = ISKO) -> Result:
    """Rebuild a result from its saved form (for games entered from their result alone):
    :meth:`Result.from_dict <skat.core.scoring.Result.from_dict>`, which reads the older
    summaries too."""
    try:
        return Result.from_dict(data, rules)
    except ValueError as exc:
        raise _fail(where, str(exc)) from None


def _replay(series: Series, data: Mapping[str, Any], where: str) -> GameState:
    deal_text = _get(data, "deal", str, where)
    try:
        deal = Deal.parse(deal_text)
    except ValueError as exc:
        raise _fail(where, f"deal: {exc}") from None
    if deal != series.deal:
        raise _fail(where, f"the deal is not the one seed {series.seed} gives for this game")
    try:
        state = series.next_game()
    except SeriesError as exc:
        raise _fail(where, str(exc)) from None
    events = _get(data, "events", list, where)
    for i, event in enumerate(events, 1):
        if (
            not isinstance(event, list)
            or len(event) != 2
            or not isinstance(event[0], int)
            or isinstance(event[0], bool)
            or event[0] not in (0, 1, 2)
            or not isinstance(event[1], str)
        ):
            raise _fail(where, f"event {i} must be [seat 0..2, text], not {_short(event)}")
        if state.is_over:
            raise _fail(where, f"event {i} ({event[1]!r}) comes after the end of the game")
        try:
            state.apply(event[1], event[0])
        except ValueError as exc:
            raise _fail(f"{where}, event {i} ({event[0]} {event[1]!r})", str(exc)) from None
    return state


def _load_game(series: Series, data: Mapping[str, Any], where: str) -> None:
    for key, want in (
        ("number", series.number),
        ("dealer", series.dealer),
        ("turn", series.turn),
    ):
        got = _get(data, key, int, where)
        if got != want:
            raise _fail(where, f"{key} is {got}, the series is at {want}")
    rounds = _get(data, "rounds", list, where)
    if rounds != series.rounds.to_list():
        raise _fail(
            where, f"rounds are {_short(rounds)}, the series has {_short(series.rounds.to_list())}"
        )
    summary = _get(data, "result", dict, where)
    if data.get("events") is None:
        if data.get("deal") is not None:
            raise _fail(where, "a game with a deal needs its events")
        result = result_from_summary(summary, where)
        try:
            record = series.add(result)
        except SeriesError as exc:
            raise _fail(where, str(exc)) from None
    else:
        state = _replay(series, data, where)
        if not state.is_over or state.result is None:
            raise _fail(where, "the events end before the game is over")
        replayed = state.result.to_dict(every=True)
        rescored = _rescored(state)
        for key, value in replayed.items():
            if key in summary and summary[key] != value and not rescored:
                raise _fail(
                    where,
                    f"result {key} is {_short(summary[key])} in the file, {_short(value)} "
                    "when replayed",
                )
        record = series.record(state)
    entries = _get(data, "entries", list, where)
    if entries != list(record.entries) and not _rescored_entries(record.result, rescored):
        raise _fail(
            where, f"entries are {_short(entries)}, the list gives {_short(list(record.entries))}"
        )


def _rescored(state: GameState) -> bool:
    """A game whose score this version corrects from what an earlier one saved: a failed
    claim now hands every trick from the claim on to the other party (ISkO 4.4).  Its
    events replay exactly; the replayed result and entries count (the file's are the old
    engine's), so that no saved series is refused for the correction."""
    return state.course.claimed or state.course.claimer >= 0


def _rescored_entries(result: Result, rescored: bool) -> bool:
    """Entries this version writes differently from an earlier one: a rescored game, and a
    Gewinner-Ramsch or Durchmarsch, now a won game (+ 50 on a Seeger-Fabian list)."""
    return rescored or result.ramsch == "gewinner" or result.durchmarsch


def series_from_dict(data: object) -> Series:
    """Resume a series from its JSON object (see the module doc)."""
    if not isinstance(data, dict):
        raise _fail("", f"expected a JSON object, not {_short(data)}")
    if data.get("format") != FORMAT:
        raise _fail("", f"format must be {FORMAT!r}, not {_short(data.get('format'))}")
    version = data.get("version")
    if version != VERSION:
        raise _fail("", f"version {_short(version)} is not supported (this reader knows {VERSION})")
    rules_text = _get(data, "rules", str, "")
    try:
        rules = Rules.parse(rules_text)
    except ValueError as exc:
        raise _fail("", f"rules: {exc}") from None
    players = _get(data, "players", list, "")
    seed = _get(data, "seed", int, "")
    planned = _get(data, "games", int, "")
    limit = _get(data, "limit", int, "")
    try:
        series = Series(players, rules, seed=seed, games=planned, limit=limit)
    except SeatingError as exc:
        raise _fail("", f"players: {exc}") from None
    except SeriesError as exc:
        raise _fail("", str(exc)) from None
    games = _get(data, "list", list, "")
    for i, game in enumerate(games, 1):
        where = f" game {i}"
        if not isinstance(game, dict):
            raise _fail(where, f"expected an object, not {_short(game)}")
        if series.is_over:
            raise _fail(where, f"the series was over after {i - 1} games")
        _load_game(series, game, where)
    current = data.get("current")
    if current is not None:
        where = " current game"
        if not isinstance(current, dict):
            raise _fail(where, f"expected an object or null, not {_short(current)}")
        if series.is_over:
            raise _fail(where, "the series is over: there is no current game")
        _replay(series, current, where)  # it stays series.current (finished or not) to record
    return series


def loads_series(text: str | bytes, name: str = "") -> Series:
    """Resume a series from its saved text; ``name`` (a file name) is only for messages."""
    where = f" {name}" if name else ""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        data = json.loads(text)
    except UnicodeDecodeError:
        raise _fail(where, "not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise _fail(
            where, f"not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from None
    except RecursionError:
        raise _fail(where, "not JSON (nested too deeply)") from None
    except ValueError as exc:  # e.g. a number with more digits than Python converts
        raise _fail(where, f"not JSON ({exc})") from None
    try:
        return series_from_dict(data)
    except SeriesFileError as exc:
        if name:
            raise SeriesFileError(
                str(exc).replace("series file", f"series file {name}", 1)
            ) from None
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        # a safety net: a file this reader did not foresee still gets one line, no traceback
        raise _fail(where, f"{type(exc).__name__}: {exc}") from None


def load_series(path: str | Path) -> Series:
    """Read and resume a saved series (``OSError`` when the file cannot be read)."""
    p = Path(path)
    return loads_series(p.read_bytes(), p.name)
