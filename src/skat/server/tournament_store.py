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
    seen: dict[str, list[str]] = field(default_factory=dict)
    """The client ids of the entries each table (``"series:table"``) sent: a repeated
    submission (a double tap, a retry after a lost answer) is acknowledged, never stored
    twice."""
    address: str = ""
    """The address players reach the server at (``http://192.168.1.20:8080``): the table
    links and their QR codes carry it; empty: the address the director's browser used."""
    rev: str = ""
    """A random token renewed with every change: the stored state text differs after every
    change, so a write can check that nobody changed the tournament since it was read."""

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

    def save(self, tid: str, t: Tournament, state: WebState, read: str) -> bool:
        """Store a changed tournament if its stored state is still ``read`` (the state text
        the change started from; every change renews it): ``True`` when stored and
        committed, ``False`` when another process changed it meanwhile (nothing stored:
        read it again and redo the change).  Several server processes on one database
        (``skat serve --workers N``) thus never overwrite each other's entries.

        A write committed just before the connection broke is retried by the storage; it
        then finds its own state stored, which counts as stored."""
        text = state.to_json()
        sql = self.storage._sql("UPDATE tournaments SET archive = ?, state = ? "
                                "WHERE id = ? AND state = ?")  # fmt: skip

        def work(c: Any) -> bool:
            if c.execute(sql, (_archive(t), text, tid, read)).rowcount == 1:
                return True
            now = c.execute(self.storage._sql("SELECT state FROM tournaments WHERE id = ?"),
                            (tid,)).fetchall()  # fmt: skip
            return bool(now) and now[0][0] == text

        return self.storage.transaction(work)

    def state_text(self, tid: str) -> str:
        """The stored state's text (cheap: the archive stays in the database), to see
        whether a tournament changed (``KeyError`` when there is none)."""
        rows = self.storage._rows("SELECT state FROM tournaments WHERE id = ?", (tid,))
        if not rows:
            raise KeyError(tid)
        return str(rows[0][0])

    def load_text(self, tid: str) -> tuple[Tournament, str]:
        """The tournament ``tid`` and its stored state's text (``KeyError`` when none)."""
        rows = self.storage._rows("SELECT archive, state FROM tournaments WHERE id = ?", (tid,))
        if not rows:
            raise KeyError(tid)
        return loads(rows[0][0]), str(rows[0][1])

    def load(self, tid: str) -> tuple[Tournament, WebState]:
        """The tournament ``tid`` and its state (``KeyError`` when there is none)."""
        t, text = self.load_text(tid)
        return t, WebState.from_json(text)
