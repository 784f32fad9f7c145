"""Where the server keeps its tournaments: one row each in the server's own database (SQLite
or PostgreSQL, :mod:`skat.server.storage`), holding the tournament's JSON archive
(:mod:`skat.tournament.archive`, the same file ``skat tournament`` reads) and the web state
beside it (:class:`WebState`: the director's key hash, the table links' secret, confirmations,
locked series, the correction log).

>>> from skat.server.storage import open_storage
>>> from skat.tournament import Tournament
>>> store = TournamentStore(open_storage(":memory:"))
>>> state = WebState.new("secret-key")
>>> store.create("t1", Tournament("Cup"), state, created=0.0)
>>> t, got = store.load("t1")
>>> t.name, got.is_director("secret-key"), got.is_director("guess")
('Cup', True, False)
>>> store.load("t2")
Traceback (most recent call last):
...
KeyError: 't2'
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from dataclasses import asdict, dataclass, field
from typing import Any, Final

from skat.server.storage import SqlStorage, StorageError
from skat.tournament import Tournament, loads, to_dict

SCHEMA: Final = """CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY, archive TEXT NOT NULL, state TEXT NOT NULL,
    created DOUBLE PRECISION NOT NULL)"""


def _archive(t: Tournament) -> str:
    """The archive as stored: compact (a table's every entry rewrites it; four times faster
    than the indented file ``skat tournament`` writes, which reads both)."""
    return json.dumps(to_dict(t), ensure_ascii=False, separators=(",", ":"))


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@dataclass
class Correction:
    """One director's change of a table's list, as the log shows it."""

    at: str
    series: int
    table: int
    before: str
    after: str
    reason: str


@dataclass
class WebState:
    """What the web app keeps beside the archive.  ``confirmed`` maps ``"series:table"`` to
    the players who confirmed the closing total; ``version`` grows with every change (the live
    pages poll it)."""

    director: str
    secret: str
    confirmed: dict[str, list[str]] = field(default_factory=dict)
    locked: list[int] = field(default_factory=list)
    published: bool = False
    log: list[Correction] = field(default_factory=list)
    version: int = 0

    @classmethod
    def new(cls, director_key: str) -> WebState:
        """A fresh state whose director holds ``director_key``."""
        return cls(_hash(director_key), secrets.token_hex(16))

    def is_director(self, key: str | None) -> bool:
        """Does ``key`` open the director's page?"""
        return key is not None and hmac.compare_digest(_hash(key), self.director)

    def table_key(self, tid: str, series: int, table: int) -> str:
        """The key of a table's link (derived, so it need not be stored).

        >>> s = WebState("x", "00")
        >>> s.table_key("t", 1, 2) == s.table_key("t", 1, 2) != s.table_key("t", 1, 3)
        True
        """
        mac = hmac.new(self.secret.encode(), f"{tid}:{series}:{table}".encode(), "sha256")
        return mac.hexdigest()[:20]

    def is_table(self, tid: str, series: int, table: int, key: str | None) -> bool:
        """Does ``key`` open table ``table`` of series ``series``?"""
        return key is not None and hmac.compare_digest(key, self.table_key(tid, series, table))

    def to_json(self) -> str:
        """The state as stored."""
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> WebState:
        """The state back from :meth:`to_json`."""
        data: dict[str, Any] = json.loads(text)
        data["log"] = [Correction(**c) for c in data.get("log", [])]
        return cls(**data)


class TournamentStore:
    """Tournaments in the server's database, beside its tables."""

    def __init__(self, storage: SqlStorage) -> None:
        self.storage = storage
        storage.create_schema([SCHEMA])  # several server processes may start at once

    def create(self, tid: str, t: Tournament, state: WebState, created: float) -> None:
        """Store a new tournament."""
        try:
            self.storage._run(
                "INSERT INTO tournaments (id, archive, state, created) VALUES (?, ?, ?, ?)",
                (tid, _archive(t), state.to_json(), created),
            )
        except self.storage.duplicate:
            self.storage._rollback()
            raise StorageError(f"tournament {tid} exists already") from None

    def save(self, tid: str, t: Tournament, state: WebState) -> None:
        """Store a changed tournament (committed when this returns)."""
        self.storage._run(
            "UPDATE tournaments SET archive = ?, state = ? WHERE id = ?",
            (_archive(t), state.to_json(), tid),
        )

    def load(self, tid: str) -> tuple[Tournament, WebState]:
        """The tournament ``tid`` and its state (``KeyError`` when there is none)."""
        rows = self.storage._rows("SELECT archive, state FROM tournaments WHERE id = ?", (tid,))
        if not rows:
            raise KeyError(tid)
        return loads(rows[0][0]), WebState.from_json(rows[0][1])
