"""Where the server keeps its tables: SQLite in a data folder, or PostgreSQL.

Three tables: ``tables`` (configuration and claimed places), ``actions`` (the log: one row
per move, keyed by table and move number, written and committed *before* anyone sees the move)
and ``records`` (each finished game as a JSON v2 record and, where the format can say it, an
ISS line).  A restart reads every running table and its log back (:meth:`Storage.load_tables`)
and replays it; a finished table stays in the database (:meth:`Storage.load_table` reads it on
demand) with its line for the lobby (``summary``).

>>> store = open_storage(":memory:")
>>> store.create_table("t1", {"rules": "isko"}, created=0.0)
>>> store.append_action("t1", 0, 1, "18")
>>> [(t.id, t.actions) for t in store.load_tables()]
[('t1', [(1, '18')])]
>>> store.append_action("t1", 0, 1, "20")
Traceback (most recent call last):
...
skat.server.sql.StorageError: table t1: move 0 is stored already
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from skat.server.postgres import PostgresStorage as PostgresStorage
from skat.server.sql import LOG_BATCH as LOG_BATCH
from skat.server.sql import MIGRATIONS as MIGRATIONS
from skat.server.sql import POOL_SIZE as POOL_SIZE
from skat.server.sql import SCHEMA as SCHEMA
from skat.server.sql import Full as Full
from skat.server.sql import SqlStorage as SqlStorage
from skat.server.sql import Storage as Storage
from skat.server.sql import StorageError as StorageError
from skat.server.sql import StoredRecord as StoredRecord
from skat.server.sql import StoredTable as StoredTable
from skat.server.sql import TableGone as TableGone
from skat.server.sql import first_line

T = TypeVar("T")
log: Final = logging.getLogger("skat.server.storage")


class SqliteStorage(SqlStorage):
    """SQLite (standard library) in one file; WAL journal, every move its own commit (about
    0.1 ms: the server makes these calls on its event loop).  A fault of the file (its disk
    full, an I/O error, the file locked) rolls the transaction back and is a
    :class:`StorageError` saying so in one line: nothing half-stored, and the server answers
    it as a database that is away (``storage`` to the player, ``503`` over HTTP)."""

    inline = True

    def transaction(self, work: Callable[[Any], T]) -> T:
        with self._faults():
            return super().transaction(work)

    def _run(self, statement: str, params: tuple[Any, ...] = ()) -> None:
        with self._faults():
            super()._run(statement, params)

    def _rows(self, statement: str, params: tuple[Any, ...] = ()) -> list[Any]:
        with self._faults():
            return super()._rows(statement, params)

    @contextlib.contextmanager
    def _faults(self) -> Iterator[None]:
        """SQLite's errors as :class:`StorageError` (a duplicate row stays an
        ``IntegrityError``: the callers recognise a write made twice)."""
        try:
            yield
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as exc:
            with contextlib.suppress(sqlite3.Error):
                self.conn.rollback()
            log.error("SQLite %s: %s", self.path, exc)
            raise StorageError(sqlite_fault(exc)) from None

    def __init__(self, path: str | Path) -> None:
        conn = sqlite3.connect(str(path), check_same_thread=False, isolation_level="DEFERRED")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL: a killed process loses nothing
        self.path = str(path)
        super().__init__(conn)

    @property
    def where(self) -> str:
        """Where the data is, for people: ``SQLite skat-data/skat.sqlite3``."""
        return f"SQLite {self.path}"

    def __repr__(self) -> str:
        return f"SqliteStorage({self.path!r})"


def sqlite_fault(exc: BaseException) -> str:
    """What a player is told of a SQLite fault: the server could not save, nothing was lost.

    >>> sqlite_fault(sqlite3.OperationalError("database or disk is full"))
    "the server's disk is full: nothing was stored (the game is as it was); try again in a minute"
    """
    text = first_line(exc)
    if "full" in text:
        what = "the server's disk is full"
    elif "locked" in text or "busy" in text:
        what = "the server's database is busy"
    else:
        what = f"the server's database failed ({text})"
    return f"{what}: nothing was stored (the game is as it was); try again in a minute"


def open_storage(where: str | Path, pool_size: int = POOL_SIZE) -> SqlStorage:
    """The storage at ``where``: a ``postgresql://`` URL (``?schema=NAME`` picks a schema,
    ``?pgbouncer=1`` says PgBouncer pools its connections by transaction; ``pool_size``
    connections at most),
    a ``sqlite:///path`` URL, a SQLite file (``.sqlite``, ``.sqlite3``, ``.db``), a data
    folder (``skat.sqlite3`` in it is created), or ``:memory:``.  Any other URL scheme is
    refused in one line:

    >>> open_storage("mysql://skat@localhost/skat")
    Traceback (most recent call last):
    ...
    skat.server.sql.StorageError: unknown database URL scheme 'mysql://' (supported: ...)
    >>> open_storage("sqlite://")
    Traceback (most recent call last):
    ...
    skat.server.sql.StorageError: sqlite:// needs a path: sqlite:///relative.sqlite3 or ...
    """
    text = str(where)
    if text.startswith(("postgresql://", "postgres://")):
        parts = urlsplit(text)
        query = parse_qsl(parts.query)
        schema = next((v for k, v in query if k == "schema"), None)
        bouncer = next((v for k, v in query if k == "pgbouncer"), "0")
        if bouncer not in ("0", "1"):
            raise StorageError(
                f"pgbouncer=1 (PgBouncer pools by transaction) or 0, not {bouncer!r}"
            )
        rest = urlencode([(k, v) for k, v in query if k not in ("schema", "pgbouncer")])
        url = urlunsplit(parts._replace(query=rest))
        return PostgresStorage(url, schema, pool_size, pgbouncer=bouncer == "1")
    if text.startswith("sqlite://"):
        # SQLAlchemy's form: sqlite:///relative/path, sqlite:////absolute/path
        text = text.removeprefix("sqlite://").removeprefix("/")
        if not text:
            raise StorageError(
                "sqlite:// needs a path: sqlite:///relative.sqlite3 or sqlite:////absolute.sqlite3"
            )
        if text == ":memory:":
            return SqliteStorage(text)
        return _open_sqlite_file(Path(text))
    scheme = _SCHEME.match(text)
    if scheme:
        raise StorageError(
            f"unknown database URL scheme {scheme.group(0)!r} (supported: a SQLite file or data "
            "folder, sqlite:///path, postgresql://...)"
        )
    if text == ":memory:":
        return SqliteStorage(text)
    path = Path(text)
    if path.suffix not in SQLITE_SUFFIXES:
        try:
            path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(f"cannot create the data folder {path}: {exc.strerror}") from None
        path = path / "skat.sqlite3"
    return _open_sqlite_file(path)


SQLITE_SUFFIXES: Final = (".sqlite", ".sqlite3", ".db")
_SCHEME: Final = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def _open_sqlite_file(path: Path) -> SqliteStorage:
    if path.is_dir():
        raise StorageError(f"{path} is a folder, not a SQLite file")
    _private(path)
    try:
        return SqliteStorage(path)
    except sqlite3.Error as exc:
        raise StorageError(f"cannot open the database {path}: {exc}") from None


def _private(path: Path) -> None:
    """Create the database file (and its WAL companions, if there) readable by the owner only
    (0600): it holds every table's seed and so every deal still to come."""
    for p in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if p == path and not p.exists():
            with contextlib.suppress(OSError):
                os.close(os.open(p, os.O_CREAT | os.O_WRONLY, 0o600))
        with contextlib.suppress(OSError):
            if p.exists() and p.stat().st_mode & 0o077:
                p.chmod(0o600)
