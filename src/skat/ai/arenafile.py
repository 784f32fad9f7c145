"""An arena's record file read back: the games of every deal, checked against the run's
settings, so that a long arena can be resumed (``skat arena --out FILE --resume``) or played in
pieces and merged (``skat arena --deal-range A:B``, ``skat arena-merge``) with the figures of
one run.

Each record of ``skat arena --out`` holds in ``meta.arena`` the run's settings
(:mod:`skat.ai.arenasettings`), the deal number, the seat arrangement and the decisions that fell
back.  Reading a file replays every game on the deal of its number (with :mod:`skat.core` alone:
:mod:`skat.ai` does not import :mod:`skat.records`), so a record that does not replay is
refused, and rebuilds each game's :class:`~skat.ai.arena.GameOutcome`: the statistics of a deal
read back are those of the deal played.  A deal counts once all six of its games are there; a
last line cut off by a killed run is dropped with a notice, and so are the games of a deal left
incomplete.

>>> spans([0, 1, 2, 5, 7, 8])
'0-2, 5, 7-8'
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from skat.ai.arena import ARRANGEMENTS, GameOutcome, deal_of, labels
from skat.ai.arenasettings import FIELDS, differences
from skat.core.rules import Rules
from skat.core.state import GameState

GAMES: Final = len(ARRANGEMENTS)
"""The games of one deal."""


class ArenaFileError(ValueError):
    """A record file that cannot be used: unreadable, corrupt, of another run (one line);
    ``setting`` names the first setting that differs, if that is the reason."""

    def __init__(self, message: str, setting: str = "") -> None:
        super().__init__(message)
        self.setting = setting


@dataclass
class ArenaFile:
    """The games of one record file, by deal and arrangement (with their lines)."""

    path: str
    settings: dict[str, Any] | None = None
    games: dict[int, dict[int, tuple[GameOutcome, str]]] = field(default_factory=dict)
    notices: list[str] = field(default_factory=list)
    tidy: bool = True  # the file holds exactly the lines of its complete deals

    def complete(self) -> dict[int, list[GameOutcome]]:
        """The deals with all six games, each as its outcomes in arrangement order."""
        return {
            deal: [games[n][0] for n in range(GAMES)]
            for deal, games in sorted(self.games.items())
            if len(games) == GAMES
        }

    def kept_lines(self) -> list[str]:
        """The lines of the complete deals, in deal and arrangement order."""
        return [
            games[n][1]
            for _, games in sorted(self.games.items())
            if len(games) == GAMES
            for n in range(GAMES)
        ]


def read_arena_file(
    path: str,
    wanted: Mapping[str, Any] | None = None,
    *,
    any_code: bool = False,
    wanted_by: str = "this run",
) -> ArenaFile:
    """Read and check the records of ``path``: every record must have the settings
    ``wanted`` (or, without it, those of the file's first record); ``any_code`` accepts
    records of other code; ``wanted_by`` names who wants them in the error.  Raises
    :class:`ArenaFileError` (one line naming the line)."""
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError as exc:
        raise ArenaFileError(f"{path}: {exc.strerror or exc}") from exc  # the cause: its reason
    file = ArenaFile(path, dict(wanted) if wanted is not None else None)
    lines = data.split(b"\n")
    last = len(lines) - 1 if lines[-1] else len(lines) - 2
    file.tidy = not lines[-1]
    for number, raw in enumerate(lines, start=1):
        if not raw.strip():
            file.tidy = file.tidy and number == len(lines)
            continue
        record = _decode(raw, path, number, torn_ok=number - 1 == last)
        if record is None:
            file.notices.append(
                f"{path}: line {number} is cut off (a run killed while writing it); dropped"
            )
            file.tidy = False
            continue
        _add(file, record, raw.decode("utf-8"), number, (any_code, wanted_by))
    for deal, games in sorted(file.games.items()):
        if len(games) < GAMES:
            file.notices.append(
                f"{path}: deal {deal} has {len(games)} of its {GAMES} games; they are dropped"
            )
            file.tidy = False
    return file


def _decode(raw: bytes, path: str, number: int, *, torn_ok: bool) -> dict[str, Any] | None:
    """One line as a JSON object; ``None`` for a cut-off last line."""
    try:
        record = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as exc:
        if torn_ok:
            return None
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ArenaFileError(f"{path} line {number}: not a JSON record ({reason})") from None
    if not isinstance(record, dict):
        raise ArenaFileError(f"{path} line {number}: not a JSON record (a JSON object)")
    return record


def _add(
    file: ArenaFile, record: dict[str, Any], line: str, number: int, check: tuple[bool, str]
) -> None:
    """Check one record and file its game under its deal and arrangement."""
    where = f"{file.path} line {number}"
    meta = record.get("meta")
    arena = meta.get("arena") if isinstance(meta, dict) else None
    if not isinstance(arena, dict) or not all(key in arena for key in FIELDS):
        raise ArenaFileError(
            f"{where}: not a record of skat arena --out with its settings (meta.arena)"
        )
    if file.settings is None:
        file.settings = {key: arena[key] for key in FIELDS}
    diffs = differences(arena, file.settings, any_code=check[0], wanted_by=check[1])
    if diffs:
        more = f" (and {len(diffs) - 1} more)" if len(diffs) > 1 else ""
        raise ArenaFileError(
            f"{where}: played with other settings: {diffs[0]}{more}", diffs[0].split(":")[0]
        )
    deal, number_of_game, fallbacks = _place(arena, where)
    games = file.games.setdefault(deal, {})
    if number_of_game in games:
        raise ArenaFileError(f"{where}: game {number_of_game} of deal {deal} is there twice")
    games[number_of_game] = (_outcome(record, arena, deal, number_of_game, fallbacks, where), line)


def _place(arena: Mapping[str, Any], where: str) -> tuple[int, int, tuple[int, int, int]]:
    """The deal, arrangement and fallbacks of a record's ``meta.arena``."""
    deal, number, fallbacks = arena.get("deal"), arena.get("arrangement"), arena.get("fallbacks")
    if type(deal) is not int or deal < 0:
        raise ArenaFileError(f"{where}: meta.arena.deal must be a deal number, not {deal!r}")
    if type(number) is not int or not 0 <= number < GAMES:
        raise ArenaFileError(f"{where}: meta.arena.arrangement must be 0-5, not {number!r}")
    if (
        not isinstance(fallbacks, list)
        or len(fallbacks) != 3
        or not all(type(f) is int and f >= 0 for f in fallbacks)
    ):
        raise ArenaFileError(f"{where}: meta.arena.fallbacks must be three counts")
    return deal, number, (fallbacks[0], fallbacks[1], fallbacks[2])


def _outcome(
    record: dict[str, Any],
    arena: Mapping[str, Any],
    deal: int,
    number: int,
    fallbacks: tuple[int, int, int],
    where: str,
) -> GameOutcome:
    """Replay a record and rebuild its game's outcome, checking its deal and players."""
    state = _replay(record, arena, deal, where)
    seats = ARRANGEMENTS[number]
    names = labels(arena["agents"])
    meta = record["meta"]
    if meta.get("players") != [names[who] for who in seats]:
        raise ArenaFileError(f"{where}: meta.players are not those of arrangement {number}")
    return GameOutcome.of(state, deal, number, seats, fallbacks)  # load_json replays to the end


def _replay(
    record: Mapping[str, Any], arena: Mapping[str, Any], deal: int, where: str
) -> GameState:
    """The game of a version 2 Skat record replayed on the deal of its number (the engine's
    own parser reads the events, as :mod:`skat.records.jsonrecord` writes them)."""
    if record.get("format") != "skat-game" or record.get("version") != 2 or "variant" in record:
        raise ArenaFileError(f"{where}: not a Skat game record (format skat-game, version 2)")
    cards = deal_of(arena["seed"], deal)
    if record.get("deal") != cards.iss():
        raise ArenaFileError(f"{where}: the cards are not those of deal {deal}")
    if record.get("rules") != arena["rules"]:
        raise ArenaFileError(f"{where}: rules {record.get('rules')!r}, not {arena['rules']!r}")
    events = record.get("events")
    if not isinstance(events, list):
        raise ArenaFileError(f"{where}: events must be a list of [seat, text]")
    state = GameState(cards, Rules.parse(arena["rules"]))
    for i, event in enumerate(events):
        try:
            seat, text = event
            state.apply(text, seat)
        except (ValueError, TypeError) as exc:
            reason = str(exc).splitlines()[0] if str(exc) else "not [seat, text]"
            raise ArenaFileError(f"{where}: events[{i}]: {reason}") from None
    if not state.is_over:
        raise ArenaFileError(f"{where}: the events end before the game is over")
    return state


def rewrite(file: ArenaFile) -> None:
    """Write back only the complete deals' lines of ``file`` (through a temporary file
    renamed over it, so a kill while writing leaves the old file or the new one)."""
    temporary = f"{file.path}.tmp"
    try:
        with open(temporary, "w", encoding="utf-8") as out:
            out.writelines(line + "\n" for line in file.kept_lines())
        os.replace(temporary, file.path)
    except OSError as exc:
        raise ArenaFileError(f"{file.path}: {exc.strerror or exc}") from None
    file.tidy = True


def merge(files: Sequence[ArenaFile], deals: int | None = None) -> dict[int, list[GameOutcome]]:
    """The complete deals of several files of one run: no deal in two files, none missing from
    0 to ``deals`` − 1 (default: up to the highest there)."""
    out: dict[int, list[GameOutcome]] = {}
    where: dict[int, str] = {}
    for file in files:
        for deal, outcomes in file.complete().items():
            if deal in out:
                raise ArenaFileError(f"deal {deal} is in both {where[deal]} and {file.path}")
            out[deal], where[deal] = outcomes, file.path
    top = deals if deals is not None else max(out, default=-1) + 1
    if top < 1:
        raise ArenaFileError("no complete deal in the files")
    missing = [deal for deal in range(top) if deal not in out]
    if missing:
        first, last = missing[0], missing[-1]
        raise ArenaFileError(
            f"deals missing: {spans(missing)} (play them with --deal-range {first}:{last + 1})"
            if last - first + 1 == len(missing)
            else f"deals missing: {spans(missing)}"
        )
    beyond = [deal for deal in out if deal >= top]
    if beyond:
        raise ArenaFileError(f"the files hold deals beyond --deals {top}: {spans(sorted(beyond))}")
    return out


def spans(numbers: Sequence[int]) -> str:
    """Sorted numbers as runs: ``0-2, 5``."""
    parts = []
    start = prev = None
    for n in numbers:
        if prev is not None and n == prev + 1:
            prev = n
            continue
        if start is not None:
            parts.append(f"{start}-{prev}" if prev != start else f"{start}")
        start = prev = n
    if start is not None:
        parts.append(f"{start}-{prev}" if prev != start else f"{start}")
    return ", ".join(parts)
