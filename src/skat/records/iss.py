"""ISS game records: one game a line, as published by the International Skat Server.

A record is a line ``(;GM[Skat]PC[...]ID[...]...MV[<moves>]R[<result>] ;)``; see
``tests/data/iss/FORMAT.md`` for the format and the server's conventions.  This module reads
lines into :class:`IssRecord` objects (:func:`parse_iss_line`), streams whole files with
:func:`read_iss` (bad lines become :class:`RecordError` items and the rest go on), and writes
records (:func:`format_iss`, :func:`write_iss`).

>>> line = ("(;GM[Skat]PC[International Skat Server]SE[1]ID[42]DT[2020-01-01/00:00:00/UTC]"
...         "P0[a]P1[b]P2[c]MV[w CJ.SJ.HJ.DJ.CA.CT.CK.CQ.C9.C8.C7.SA.ST.SK.SQ.S9.S8.S7.HA.HT."
...         "HK.HQ.H9.H8.H7.DA.DT.DK.DQ.D9.D8.D7 1 p 2 p 0 p ]R[passed] ;)")
>>> rec = parse_iss_line(line)
>>> rec.id, rec.players, rec.moves[1:], rec.result.passed
('42', ('a', 'b', 'c'), [('1', 'p'), ('2', 'p'), ('0', 'p')], True)
>>> format_iss(rec) == line
True
>>> parse_iss_line("(;GM[Skat]MV[w CJ 1]")
Traceback (most recent call last):
...
skat.records.iss.IssParseError: a record ends with ";)" (truncated line?)
"""

from __future__ import annotations

import bz2
import gzip
import io
import os
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, Final, cast

from skat.core.actions import (
    Bid,
    Declare,
    Discard,
    Double,
    Hold,
    LayOpen,
    Pass,
    PickUp,
    Resign,
    Schenken,
    ShowCards,
    ShowSkat,
    Spitze,
    Violation,
    describe,
)
from skat.core.cards import Card
from skat.core.contracts import NULL, Contract
from skat.core.rules import ISS, ISS2, Rules
from skat.core.scoring import Result
from skat.core.state import GameState, Phase

__all__ = [
    "RESULT_KEYS",
    "IssParseError",
    "IssRecord",
    "IssResult",
    "IssWriteError",
    "RecordError",
    "format_iss",
    "iss_moves",
    "iss_unwritable",
    "open_text",
    "parse_iss_line",
    "parse_iss_result",
    "read_iss",
    "record_rules",
    "rules_for",
    "write_iss",
]


class IssParseError(ValueError):
    """A line that is no well-formed ISS record; the message is one line."""


class IssWriteError(ValueError):
    """A game the ISS format cannot express; the message is one line naming what."""


# ---------------------------------------------------------------------------------------------
# The result field R[...]

RESULT_KEYS: Final = ("d", "outcome", "v", "m", "bid", "p", "t", "s", "z", "p0", "p1", "p2")
"""Keys of :attr:`IssResult.fields` in the order they are written, before ``l to r``."""

_INT_KEYS: Final = frozenset(("d", "v", "m", "p", "t", "s", "z", "p0", "p1", "p2", "l", "to", "r"))
_ORDER: Final = (*RESULT_KEYS, "l", "to", "r")
_WORDS: Final = {
    "win": ("outcome", "win"),
    "loss": ("outcome", "loss"),
    "penalty": ("outcome", "penalty"),
    "bidok": ("bid", "bidok"),
    "overbid": ("bid", "overbid"),
}


@dataclass(frozen=True)
class IssResult:
    """The result field ``R[...]`` of a record.

    ``fields`` maps the record's keys to values: ``d v m p t s z p0 p1 p2 l to r`` to ints,
    ``outcome`` to ``win``/``loss``/``penalty`` and ``bid`` to ``bidok``/``overbid``.  Only the
    fields the record holds are there.  ``extra`` keeps tokens this reader does not know.

    >>> r = parse_iss_result("d:2 loss v:-54 m:-2 bidok p:59 t:4 s:0 z:0 p0:0 p1:0 p2:0 l:-1 to:-1 r:0")
    >>> r.declarer, r.won, r.score, r.fields["p"], str(r).split()[:3]
    (2, False, -54, 59, ['d:2', 'loss', 'v:-54'])
    >>> str(parse_iss_result("passed"))
    'passed'
    """

    passed: bool = False
    fields: dict[str, int | str] = field(default_factory=dict)
    extra: tuple[str, ...] = ()

    @property
    def declarer(self) -> int | None:
        """``d:``: the declarer's seat, ``None`` for ``-1`` or when absent."""
        d = self.fields.get("d")
        return d if isinstance(d, int) and d >= 0 else None

    @property
    def outcome(self) -> str | None:
        """``win``, ``loss`` or ``penalty`` (``None`` when passed or absent)."""
        o = self.fields.get("outcome")
        return o if isinstance(o, str) else None

    @property
    def won(self) -> bool:
        """True when the declarer won."""
        return self.fields.get("outcome") == "win"

    @property
    def score(self) -> int | None:
        """``v:``: the declarer's list score."""
        v = self.fields.get("v")
        return v if isinstance(v, int) else None

    def __str__(self) -> str:
        if self.passed:
            return " ".join(("passed", *self.extra))
        out = []
        for key in _ORDER:
            if key in self.fields:
                v = self.fields[key]
                out.append(str(v) if key in ("outcome", "bid") else f"{key}:{v}")
        out.extend(self.extra)
        return " ".join(out)


def parse_iss_result(text: str) -> IssResult:
    """Read the text of an ``R[...]`` field.

    >>> parse_iss_result("d:x win")
    Traceback (most recent call last):
    ...
    skat.records.iss.IssParseError: result field d: is not a number: 'x'
    """
    tokens = text.split()
    if tokens and tokens[0] == "passed":
        return IssResult(passed=True, extra=tuple(tokens[1:]))
    fields: dict[str, int | str] = {}
    extra: list[str] = []
    for tok in tokens:
        word = _WORDS.get(tok)
        if word is not None:
            key, value = word
            if key in fields:
                raise IssParseError(f"result field {key} given twice")
            fields[key] = value
            continue
        key, sep, raw = tok.partition(":")
        if sep and key in _INT_KEYS:
            if key in fields:
                raise IssParseError(f"result field {key}: given twice")
            try:
                fields[key] = int(raw)
            except ValueError:
                raise IssParseError(f"result field {key}: is not a number: {raw!r}") from None
        else:
            extra.append(tok)
    return IssResult(False, fields, tuple(extra))


# ---------------------------------------------------------------------------------------------
# Rules of a record


def rules_for(place: str | None) -> Rules:
    """The rules of a server by its ``PC[...]``: ``ISS2`` → ``iss2``, anything else → ``iss``.

    >>> str(rules_for("ISS2")), str(rules_for("International Skat Server"))
    ('iss2', 'iss')
    """
    return ISS2 if (place or "").strip().upper() == "ISS2" else ISS


def record_rules(record: IssRecord) -> Rules:
    """The rules a record was played under: its ``RU[...]`` property (a rules string this
    library writes for games not played under its server's rules), else by ``PC``.

    >>> str(record_rules(parse_iss_line("(;GM[Skat]PC[x]RU[isko]MV[] ;)")))
    'isko'
    """
    text = record.properties.get("RU")
    if text is not None and text.strip():
        try:
            return Rules.parse(text)
        except ValueError as exc:
            raise IssParseError(f"RU: {exc}") from None
    return rules_for(record.place)


# ---------------------------------------------------------------------------------------------
# Records


@dataclass(slots=True)
class IssRecord:
    """One ISS record.

    ``moves`` are ``(who, text)`` pairs, ``who`` being ``w`` (the server) or a seat ``0 1 2``.
    ``properties`` holds every ``KEY[value]`` of the line in order (``MV`` and ``R`` included),
    so nothing is lost; the attributes are the usual ones.  ``result`` is ``None`` when the
    record has no (or an empty) ``R[...]``.
    """

    moves: list[tuple[str, str]]
    result: IssResult | None = None
    place: str | None = None
    series: str | None = None
    id: str | None = None
    date: str | None = None
    players: tuple[str, str, str] | None = None
    ratings: tuple[str, str, str] | None = None
    comment: str | None = None
    properties: dict[str, str] = field(default_factory=dict)
    line_no: int | None = None

    @property
    def label(self) -> str:
        """How messages name the record: ``ID 1234``, else ``line 12``."""
        if self.id:
            return f"ID {self.id}"
        return f"line {self.line_no}" if self.line_no is not None else "record"


@dataclass(frozen=True, slots=True)
class RecordError:
    """A line :func:`read_iss` could not read: its number and a one-line reason."""

    line_no: int
    reason: str
    source: str = ""

    @property
    def label(self) -> str:
        """``file:12`` or ``line 12``."""
        return f"{self.source}:{self.line_no}" if self.source else f"line {self.line_no}"

    def __str__(self) -> str:
        return f"{self.label}: {self.reason}"


_VALUE = r"(?:[^\[\]\\]|\\.)*"
_PROP: Final = re.compile(r"\s*([A-Za-z][A-Za-z0-9]*)\[(" + _VALUE + r")\]", re.DOTALL)
_WHO: Final = frozenset(("w", "0", "1", "2"))
_ESCAPED: Final = re.compile(r"\\(.)", re.DOTALL)


def _unescape(value: str) -> str:
    return _ESCAPED.sub(r"\1", value) if "\\" in value else value


def _escape(value: str) -> str:
    if any(c in value for c in "[]\\"):
        return value.replace("\\", "\\\\").replace("]", "\\]").replace("[", "\\[")
    return value


def parse_iss_line(line: str, line_no: int | None = None) -> IssRecord:
    """Read one record line; raises :class:`IssParseError` with a one-line reason.

    >>> parse_iss_line("(;GM[Skat]MV[w CJ.SJ 1 18 x p];)").moves
    Traceback (most recent call last):
    ...
    skat.records.iss.IssParseError: MV: move 3 is by 'x', not w, 0, 1 or 2
    >>> parse_iss_line("(;GM[Skat]MV[1 p]R[d:1 win];)").result.won
    True
    """
    if not isinstance(line, str):
        raise IssParseError(f"a record is text, not {type(line).__name__}")
    s = line.strip()
    if not s.startswith("(;"):
        raise IssParseError('a record starts with "(;"')
    if not s.endswith(";)"):
        raise IssParseError('a record ends with ";)" (truncated line?)')
    body = s[2:-2]
    props: dict[str, str] = {}
    pos = 0
    n = len(body)
    match = _PROP.match
    while pos < n:
        m = match(body, pos)
        if m is None:
            rest = body[pos:].strip()
            if not rest:
                break
            raise IssParseError(f"bad property at column {pos + 3}: {_clip(rest)!r}")
        key = m.group(1).upper()
        if key in props:
            raise IssParseError(f"property {key} given twice")
        props[key] = _unescape(m.group(2))
        pos = m.end()
    gm = props.get("GM")
    if gm is not None and gm.strip().lower() != "skat":
        raise IssParseError(f"not a Skat record: GM[{_clip(gm)}]")
    if "MV" not in props:
        raise IssParseError("no move list MV[...]")
    tokens = props["MV"].split()
    if len(tokens) % 2:
        raise IssParseError(f"MV: odd number of tokens ({len(tokens)}); a move is '<who> <action>'")
    moves = []
    for i in range(0, len(tokens), 2):
        who = tokens[i]
        if who not in _WHO:
            raise IssParseError(f"MV: move {i // 2 + 1} is by {_clip(who)!r}, not w, 0, 1 or 2")
        moves.append((who, tokens[i + 1]))
    r_text = props.get("R")
    result = parse_iss_result(r_text) if r_text and r_text.strip() else None
    return IssRecord(
        moves=moves,
        result=result,
        place=props.get("PC"),
        series=props.get("SE"),
        id=props.get("ID"),
        date=props.get("DT"),
        players=_triple(props, "P"),
        ratings=_triple(props, "R"),
        comment=props.get("CO"),
        properties=props,
        line_no=line_no,
    )


def _triple(props: dict[str, str], prefix: str) -> tuple[str, str, str] | None:
    keys = (f"{prefix}0", f"{prefix}1", f"{prefix}2")
    if not any(k in props for k in keys):
        return None
    return (props.get(keys[0], ""), props.get(keys[1], ""), props.get(keys[2], ""))


def _clip(text: str, n: int = 24) -> str:
    return text if len(text) <= n else text[:n] + "..."


# ---------------------------------------------------------------------------------------------
# Reading files


def open_text(path: str | os.PathLike[str]) -> IO[str]:
    """Open a record file for reading text: plain, bzip2 or gzip (by content), ``-`` = stdin.

    Undecodable bytes become U+FFFD, so a bad line fails as a record, not as the file.
    """
    if str(path) == "-":
        return _wrap(sys.stdin.buffer)
    return _wrap(open(path, "rb"))


def _wrap(raw: IO[bytes]) -> IO[str]:
    head = b""
    while len(head) < 3:  # a pipe may deliver fewer bytes at a time
        chunk = raw.read(3 - len(head))
        if not chunk:
            break
        head += chunk
    buffered = io.BufferedReader(_Prefixed(head, raw))
    stream: IO[bytes] = buffered
    if head == b"BZh":
        stream = cast(IO[bytes], bz2.BZ2File(buffered))
    elif head[:2] == b"\x1f\x8b":
        stream = cast(IO[bytes], gzip.GzipFile(fileobj=buffered))
    return io.TextIOWrapper(stream, encoding="utf-8", errors="replace", newline=None)


class _Prefixed(io.RawIOBase):
    """A byte stream that first returns ``head``, then the rest of ``raw``; closes ``raw``."""

    def __init__(self, head: bytes, raw: IO[bytes]) -> None:
        super().__init__()
        self._head = head
        self._raw = raw

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self._head:
            n = min(len(view), len(self._head))
            view[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._raw.read(len(view))
        view[: len(data)] = data
        return len(data)

    def close(self) -> None:
        if not self.closed and self._raw is not sys.stdin.buffer:
            self._raw.close()
        super().close()


def read_iss(
    source: str | os.PathLike[str] | Iterable[str] | Iterable[bytes],
) -> Iterator[IssRecord | RecordError]:
    """Stream the records of a file (path, ``-`` for stdin, ``.sgf``/``.sgf.bz2``) or of an
    iterable of lines.

    Yields an :class:`IssRecord` for each good line and a :class:`RecordError` (line number
    and reason) for each bad one; blank lines and lines starting with ``#`` are skipped.
    Nothing is kept between lines, so memory stays flat on files of any size.  Errors of the
    file itself (missing, unreadable, corrupt compression) are raised as :class:`OSError`
    or :class:`EOFError`.

    >>> lines = ["# a comment", "(;GM[Skat]ID[5]MV[w x];)", "(;GM[Skat", ""]
    >>> [getattr(x, "id", None) or str(x) for x in read_iss(lines)]
    ['5', 'line 3: a record ends with ";)" (truncated line?)']
    """
    if isinstance(source, (str, os.PathLike)):
        name = str(source)
        f = open_text(source)
        try:
            yield from _read_lines(f, "<stdin>" if name == "-" else name)
        finally:
            if name != "-":
                f.close()
        return
    yield from _read_lines(source, "")


def _read_lines(
    lines: Iterable[str] | Iterable[bytes], source: str
) -> Iterator[IssRecord | RecordError]:
    for line_no, raw in enumerate(cast(Iterable[str | bytes], lines), 1):
        line = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        try:
            yield parse_iss_line(s, line_no)
        except ValueError as exc:
            yield RecordError(line_no, _one_line(str(exc)), source)


def _one_line(text: str) -> str:
    return " ".join(text.split()) or "bad record"


# ---------------------------------------------------------------------------------------------
# Writing

_HEADER_ORDER: Final = ("GM", "PC", "CO", "SE", "ID", "DT", "P0", "P1", "P2", "R0", "R1", "R2")


def format_iss(record: IssRecord) -> str:
    """The record as one line; attributes win over ``properties``, which keeps other keys.

    >>> rec = IssRecord(moves=[("w", "x"), ("1", "p")], id="7", players=("a", "b", "c"))
    >>> format_iss(rec)
    '(;GM[Skat]ID[7]P0[a]P1[b]P2[c]MV[w x 1 p ]R[] ;)'
    """
    props = dict(record.properties)
    props.setdefault("GM", "Skat")
    for key, value in (
        ("PC", record.place),
        ("SE", record.series),
        ("ID", record.id),
        ("DT", record.date),
        ("CO", record.comment),
    ):
        if value is not None:
            props[key] = value
        else:
            props.pop(key, None)
    for prefix, triple in (("P", record.players), ("R", record.ratings)):
        for i in range(3):
            if triple is not None:
                props[f"{prefix}{i}"] = triple[i]
            else:
                props.pop(f"{prefix}{i}", None)
    props.pop("MV", None)
    props.pop("R", None)
    keys = [k for k in _HEADER_ORDER if k in props] + [k for k in props if k not in _HEADER_ORDER]
    head = "".join(f"{k}[{_escape(props[k])}]" for k in keys)
    mv = "".join(f"{who} {text} " for who, text in record.moves)
    res = str(record.result) if record.result is not None else ""
    return f"(;{head}MV[{mv}]R[{res}] ;)"


def iss_moves(state: GameState) -> list[tuple[str, str]]:
    """The ISS moves of a game played with the engine: the deal, the auction, ``s`` and the
    skat, the declaration with the discards in one move, the cards, ``SC`` and ``RE``.

    >>> g = GameState(seed=3)
    >>> for a in ("p", "p", "18", "s", "CJ.SJ"):
    ...     _ = g.apply(a)
    >>> _ = g.apply("G")
    >>> iss_moves(g)[1:]
    [('1', 'p'), ('2', 'p'), ('0', '18'), ('0', 's'), ('w', 'ST.HT'), ('0', 'G.CJ.SJ')]
    """
    moves: list[tuple[str, str]] = [("w", state.deal.iss())]
    skat = ".".join(c.name for c in state.deal.skat)
    history = state.history
    i = 0
    while i < len(history):
        ev = history[i]
        a = ev.action
        who = str(ev.seat)
        if isinstance(a, Discard):
            text = str(a)
            if i + 1 < len(history) and isinstance(history[i + 1].action, Declare):
                text = f"{history[i + 1].action}.{text}"
                i += 1
            moves.append((who, text))
        elif isinstance(a, Resign):
            moves.append((str(a.seat), "RE"))
        elif isinstance(a, ShowCards):
            moves.append((who, "SC"))
        else:
            moves.append((who, str(a)))
            if str(a) == "s":
                moves.append(("w", skat))
        i += 1
    return moves


def engine_result(
    state: GameState,
    *,
    ended_by: str | None = None,
    seat: int | None = None,
) -> IssResult:
    """The ``R[...]`` fields of a game the engine played, by the server's conventions.

    ``ended_by`` is ``TI`` or ``LE`` (with the ``seat`` that timed out or left) when the game
    ended that way, ``RE`` when it ended by resignation; ``None`` lets the state say.  A
    game that ended by ``TI``/``LE`` before it was declared is a penalty record.
    """
    r = state.result
    left = seat if ended_by == "LE" and seat is not None else -1
    timeout = seat if ended_by == "TI" and seat is not None else -1
    if r is None:
        if ended_by not in ("TI", "LE") or seat is None:
            raise ValueError("the game is not over")
        return _penalty_result(state.declarer, seat, left, timeout)
    if r.passed:
        return IssResult(passed=True)
    c = r.contract
    assert c is not None and r.declarer is not None
    if ended_by is None:
        ended_by = "RE" if r.resigned else None
    if _on_board(state, r, c):
        s, z = r.schneider, r.schwarz
    else:
        s = r.schneider and not c.schneider_announced
        z = r.schwarz and not c.schwarz_announced
    return IssResult(
        False,
        {
            "d": r.declarer,
            "outcome": "win" if r.won else "loss",
            "v": r.score,
            "m": r.matadors,
            "bid": "overbid" if r.overbid else "bidok",
            "p": r.points,
            "t": r.tricks,
            "s": int(s),
            "z": int(z),
            "p0": 0,
            "p1": 0,
            "p2": 0,
            "l": left,
            "to": timeout,
            "r": int(ended_by == "RE"),
        },
    )


def _penalty_result(d: int | None, seat: int, left: int, timeout: int) -> IssResult:
    """A penalty record: ``seat`` timed out or left before the game was declared (the mark
    on him if he is the declarer or there is none yet, else on both defenders)."""
    marks = [0, 0, 0]
    if d is None or d == seat:
        marks[seat] = 1
    else:
        for s in range(3):
            if s != d:
                marks[s] = 1
    fields: dict[str, int | str] = {
        "d": -1 if d is None else d,
        "outcome": "penalty",
        "v": 0,
        "m": 0,
        "bid": "bidok",
        "p": 0,
        "t": 0,
        "s": 0,
        "z": 0,
        "p0": marks[0],
        "p1": marks[1],
        "p2": marks[2],
        "l": left,
        "to": timeout,
        "r": 0,
    }
    return IssResult(False, fields)


def _on_board(state: GameState, r: Result, c: Contract) -> bool:
    """Whether the declarer made what he played for on the board (the server writes the
    Schneider and Schwarz he made then, else only those he did not announce): won, or lost
    only by overbidding."""
    if r.won:
        return True
    if not r.overbid:
        return False
    if r.resigned:
        return not _decl_resigned(state)
    if c.game_type == NULL:
        return r.tricks == 0
    return (
        r.points >= 61
        and (not c.schneider_announced or r.points >= 90)
        and (not c.schwarz_announced or r.defender_tricks == 0)
    )


def _decl_resigned(state: GameState) -> bool:
    d = state.declarer
    return any(isinstance(ev.action, Resign) and ev.action.seat == d for ev in state.history)


_NOT_ISS: Final = (
    (Double, "{name}"),
    (Spitze, "Spitze"),
    (ShowSkat, "showing the skat"),
    (LayOpen, "laying the cards open"),
    (Schenken, "Schenken"),
    (Violation, "a rule violation"),
)


_ISS_KINDS: Final = (Bid, Hold, Pass, PickUp, Discard, Declare, Card, ShowCards, Resign)
"""The kinds of action an ISS record holds."""


def iss_unwritable(state: object) -> str | None:
    """Why the ISS format cannot express a game (``None``: it can).

    ISS records are Skat for three with an auction, the skat, a declaration, the cards,
    showing the cards and resigning (a declarer's resignation with a defender's consent is
    written ``RE``: the consent is not recorded).  They cannot hold another variant, a Ramsch
    (nor a Ramsch round's game without an auction, nor a Grand Hand instead of a
    Schieberamsch), nor the house rules' actions: Kontra and the doublings after it, Spitze,
    showing the skat, laying the cards open, Schenken, a rule violation, or the answers
    (``p``/``y``) they ask for during the play.

    >>> g = GameState(seed=3)
    >>> for a in ("p", "p", "p"): _ = g.apply(a)
    >>> iss_unwritable(g) is None
    True
    """
    variant = getattr(state, "variant", None)  # skat.core.game.GameLike.variant
    if variant != "skat" or not isinstance(state, GameState):
        name = variant.capitalize() if isinstance(variant, str) else type(state).__name__
        return f"a {name} game (ISS records are Skat)"
    r = state.result
    if r is not None and r.ramsch is not None:
        kind = {"gewinner": "Gewinner-Ramsch"}.get(r.ramsch, r.ramsch.capitalize())
        return f"a {kind} (ISS records have no Ramsch)"
    history = state.history
    if history and history[0].seat != 1:  # every auction starts with Middlehand
        return "a game without an auction (a Ramsch round's game)"
    if state.declarer is not None and state.bid == 0:
        return "a Grand Hand played instead of a Schieberamsch"
    auction = True
    for i, ev in enumerate(history):
        a = ev.action
        for cls, what in _NOT_ISS:
            if isinstance(a, cls):
                name = what.format(name=getattr(a, "name", ""))
                return f"{name} (events[{i}]: {a})"
        if not isinstance(a, _ISS_KINDS):  # a house rule's own kind of action
            return f"{describe(a)} (events[{i}]: {a})"
        if isinstance(a, (Hold, Pass)):  # a bid, y or p of the auction, or an answer
            if not auction:
                return f"an answer during the play (events[{i}]: {ev.seat} {a})"
        elif not isinstance(a, Bid):
            auction = False
    return None


def write_iss(
    state: GameState,
    *,
    place: str | None = None,
    series: str | None = None,
    id: str | None = None,
    date: str | None = None,
    players: tuple[str, str, str] | None = None,
    ratings: tuple[str, str, str] | None = None,
    comment: str | None = None,
    ended: tuple[str, int] | None = None,
) -> str:
    """One ISS line for a finished game played with the engine; the result field is the
    engine's.  ``ended`` = (``TI`` or ``LE``, seat): the game ended because that seat ran out
    of time or left.  During the play the server ended it by the resignations at the end of
    the game's history (the declarer's, or both defenders'), which the record tells as
    ``w TI.<seat>`` (the ISS's own record of it, replayed the same way); before the game was
    declared (the state not over) it is a penalty record (``d:-1 penalty`` in the auction,
    else ``d:<declarer> penalty``).

    When the rules are not those of ``place`` (``iss``, or ``iss2`` for
    ``PC[ISS2]``), they are written as ``RU[<rules>]`` so the record replays the same.
    A game the format cannot express (:func:`iss_unwritable`) raises :class:`IssWriteError`.

    >>> import random
    >>> rng = random.Random(5)
    >>> from skat.core import Deal
    >>> g = GameState(Deal.random(rng))
    >>> while not g.is_over:
    ...     _ = g.apply(rng.choice(g.legal_actions()))
    >>> line = write_iss(g, id="1", players=("a", "b", "c"))
    >>> parse_iss_line(line).moves[0][0], line.endswith(";)")
    ('w', True)
    """
    penalty = ended is not None and state.phase != Phase.PLAY and state.result is None
    if not state.is_over and not penalty:
        raise ValueError("the game is not over: only finished games can be written")
    reason = iss_unwritable(state)
    if reason is not None:
        raise IssWriteError(f"not expressible as an ISS record: {reason}")
    props = {} if state.rules == rules_for(place) else {"RU": str(state.rules)}
    moves = iss_moves(state)
    if ended is not None:
        how, seat = ended
        if how not in ("TI", "LE") or seat not in (0, 1, 2):
            raise ValueError(f"ended is (TI or LE, seat 0..2), not {ended!r}")
        while moves and moves[-1][1] == "RE":
            moves.pop()
        moves.append(("w", f"{how}.{seat}"))
    record = IssRecord(
        moves=moves,
        result=engine_result(state, ended_by=ended[0], seat=ended[1])
        if ended
        else engine_result(state),
        place=place,
        series=series,
        id=id,
        date=date,
        players=players,
        ratings=ratings,
        comment=comment,
        properties=props,
    )
    return format_iss(record)
