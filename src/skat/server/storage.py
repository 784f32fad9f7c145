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
skat.server.storage.StorageError: table t1: move 0 is stored already
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Protocol, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

T = TypeVar("T")
log: Final = logging.getLogger("skat.server.storage")

SCHEMA: Final = (
    """CREATE TABLE IF NOT EXISTS tables (
        id TEXT PRIMARY KEY, config TEXT NOT NULL, claims TEXT NOT NULL DEFAULT '{}',
        created DOUBLE PRECISION NOT NULL, finished INTEGER NOT NULL DEFAULT 0)""",
    """CREATE TABLE IF NOT EXISTS actions (
        table_id TEXT NOT NULL, counter INTEGER NOT NULL, player INTEGER NOT NULL,
        action TEXT NOT NULL, PRIMARY KEY (table_id, counter))""",
    """CREATE TABLE IF NOT EXISTS records (
        table_id TEXT NOT NULL, number INTEGER NOT NULL, json TEXT NOT NULL, iss TEXT,
        PRIMARY KEY (table_id, number))""",
    # the lobby lists finished tables a page at a time, newest first
    "CREATE INDEX IF NOT EXISTS tables_by_state ON tables (finished, created)",
)
MIGRATIONS: Final = (
    # the creator's key of a computer-only table (a token hash: he may delete it)
    "ALTER TABLE tables ADD COLUMN creator TEXT NOT NULL DEFAULT ''",
    # who opened a computer-only table (a hash of the address: the limit per address)
    "ALTER TABLE tables ADD COLUMN origin TEXT NOT NULL DEFAULT ''",
    # a finished table's line in the lobby (JSON), written when it finishes: the lobby reads
    # it instead of the table (empty: a table finished by an older version, made on demand)
    "ALTER TABLE tables ADD COLUMN summary TEXT NOT NULL DEFAULT ''",
)


LOG_BATCH: Final = 500
"""Tables whose logs one statement reads at a start."""
POOL_SIZE: Final = 8
"""Connections a server process keeps to PostgreSQL by default (``--pg-pool-size``)."""


class StorageError(Exception):
    """The database refused something (a move stored twice, a missing table, no server)."""


class TableGone(StorageError):
    """The table was deleted: a move or record for it is not stored."""


class Full(StorageError):
    """An address runs as many computer-only tables as it may (:meth:`SqlStorage.create_table`)."""


@dataclass(frozen=True)
class StoredTable:
    """One table as stored: configuration, claimed places (player -> token hash), the log."""

    id: str
    config: dict[str, Any]
    claims: dict[int, str]
    created: float
    finished: bool
    actions: list[tuple[int, str]]
    creator: str = ""


@dataclass(frozen=True)
class StoredRecord:
    """A finished game: its number in the series, JSON v2 record, ISS line (or ``None``)."""

    table_id: str
    number: int
    json: str
    iss: str | None


class Storage(Protocol):
    """What the server needs from a database."""

    def create_table(
        self,
        table_id: str,
        config: dict[str, Any],
        created: float,
        creator: str = "",
        origin: str = "",
        limit: int = 0,
    ) -> None:
        """Store a new table (``creator``: the hash of its creator's key, or empty;
        ``origin``: who opened it; :class:`Full` when ``origin`` runs ``limit`` computer-only
        tables already)."""
        ...

    def delete_table(self, table_id: str) -> None:
        """Remove a table, its log and its records in one transaction."""
        ...

    def save_claims(self, table_id: str, claims: dict[int, str]) -> None:
        """Store who holds which place (token hashes)."""
        ...

    def append_action(self, table_id: str, counter: int, player: int, action: str) -> None:
        """Store move ``counter`` of a table (committed when this returns; :class:`TableGone`
        when the table was deleted)."""
        ...

    def add_record(
        self,
        table_id: str,
        number: int,
        json_text: str,
        iss: str | None,
        finished: bool,
        summary: str = "",
    ) -> None:
        """Store a finished game; ``finished``: it was the last of the series (``summary``:
        the table's line in the lobby from now on)."""
        ...

    def finish_table(self, table_id: str, summary: str = "") -> None:
        """Mark a table's series over (it ended before its last game)."""
        ...

    def load_tables(self) -> list[StoredTable]:
        """Every table still being played (not finished) with its log, oldest first."""
        ...

    def load_table(self, table_id: str) -> StoredTable | None:
        """One table with its log, finished or not (``None``: there is none)."""
        ...

    def finished_page(self, limit: int, offset: int) -> list[tuple[str, str]]:
        """Finished tables, newest first, ``limit`` from ``offset``: (id, lobby summary)."""
        ...

    def save_summary(self, table_id: str, summary: str) -> None:
        """Store a finished table's lobby line (made on demand for an older table)."""
        ...

    def records(self, table_id: str) -> list[StoredRecord]:
        """The finished games of a table, in order."""
        ...

    def close(self) -> None:
        """Release the connection."""
        ...


class SqlStorage:
    """The SQL both backends share; subclasses give the connection and the placeholder."""

    placeholder = "?"
    duplicate: tuple[type[BaseException], ...] = (sqlite3.IntegrityError,)
    add_column = "ADD COLUMN"
    key_share = ""
    """The lock a move takes on its table's row while it is stored (PostgreSQL)."""
    origin_lock: str | None = None
    """A statement that serialises the creation of one origin's tables (PostgreSQL)."""
    inline = False
    """True when a call is so fast (a local file) that the server makes it on its event loop;
    else it runs in worker threads (``threads`` of them, one connection each)."""
    threads = 1

    def __init__(self, conn: Any) -> None:
        self._conn = conn
        self.create_schema(SCHEMA)
        self._migrate()

    def create_schema(self, statements: Sequence[str]) -> None:
        """Run ``CREATE TABLE IF NOT EXISTS`` ``statements`` (a server's start; PostgreSQL
        serialises them across processes, see :meth:`PostgresStorage.create_schema`)."""
        for statement in statements:
            self._run(statement)

    def _migrate(self) -> None:
        """Add the columns a database made by an older version lacks."""
        have = {str(r[0]).lower() for r in self._columns("tables")}
        for statement in MIGRATIONS:
            column = statement.split("ADD COLUMN ")[1].split()[0]
            if column not in have:  # PostgreSQL: another process may add it meanwhile
                self._run(statement.replace("ADD COLUMN", self.add_column))

    def _columns(self, table: str) -> list[Any]:
        return [(r[1],) for r in self._rows(f"PRAGMA table_info({table})")]

    @property
    def conn(self) -> Any:
        """The connection to use in this thread."""
        return self._conn

    @property
    def where(self) -> str:
        """Where the data is, for people (the server's banner)."""
        return type(self).__name__

    def transaction(self, work: Callable[[Any], T]) -> T:
        """``work(connection)`` in one transaction, committed (rolled back if it raises);
        on PostgreSQL retried on a new connection while the database is away (the work must
        be safe to run again).  Statements use this backend's :attr:`placeholder`.

        >>> store = open_storage(":memory:")
        >>> store.transaction(lambda c: c.execute("SELECT count(*) FROM tables").fetchone()[0])
        0
        """
        try:
            result = work(self.conn)
        except BaseException:
            self.conn.rollback()
            raise
        self.conn.commit()
        return result

    def _sql(self, statement: str) -> str:
        return statement if self.placeholder == "?" else statement.replace("?", self.placeholder)

    def _run(self, statement: str, params: tuple[Any, ...] = ()) -> None:
        self.conn.execute(self._sql(statement), params)
        self.conn.commit()

    def _rows(self, statement: str, params: tuple[Any, ...] = ()) -> list[Any]:
        rows = list(self.conn.execute(self._sql(statement), params).fetchall())
        self.conn.commit()
        return rows

    def create_table(
        self,
        table_id: str,
        config: dict[str, Any],
        created: float,
        creator: str = "",
        origin: str = "",
        limit: int = 0,
    ) -> None:
        text = json.dumps(config)
        insert = self._sql(
            "INSERT INTO tables (id, config, created, creator, origin) VALUES (?, ?, ?, ?, ?)"
        )
        running = self._sql(
            "SELECT count(*) FROM tables WHERE origin = ? AND creator <> '' AND finished = 0"
        )

        def work(c: Any) -> None:
            if limit:  # counted and inserted in one transaction, whichever process asks
                if self.origin_lock:
                    c.execute(self.origin_lock, (origin,))
                if c.execute(running, (origin,)).fetchone()[0] >= limit:
                    raise Full(origin)
            c.execute(insert, (table_id, text, created, creator, origin))

        try:
            self.transaction(work)
        except self.duplicate:
            same = self._rows(
                "SELECT 1 FROM tables WHERE id = ? AND config = ? AND created = ? AND creator = ?",
                (table_id, text, created, creator),
            )
            if not same:  # else: a retried write that had been committed already
                raise StorageError(f"table {table_id} exists already") from None

    def delete_table(self, table_id: str) -> None:
        # the table's row first: a move being stored meanwhile holds a lock on it
        # (``key_share``), so it is either stored before and deleted here, or refused after
        statements = [
            self._sql(f"DELETE FROM {name} WHERE {key} = ?")
            for name, key in (("tables", "id"), ("actions", "table_id"), ("records", "table_id"))
        ]

        def work(c: Any) -> None:
            for statement in statements:
                c.execute(statement, (table_id,))

        self.transaction(work)

    def save_claims(self, table_id: str, claims: dict[int, str]) -> None:
        self._run(
            "UPDATE tables SET claims = ? WHERE id = ?",
            (json.dumps({str(k): v for k, v in claims.items()}), table_id),
        )

    def append_action(self, table_id: str, counter: int, player: int, action: str) -> None:
        try:
            stored = self._guarded(
                "INSERT INTO actions (table_id, counter, player, action) SELECT ?, ?, ?, ?",
                (table_id, counter, player, action),
                table_id,
            )
        except self.duplicate:
            self._rollback()
            same = self._rows(
                "SELECT 1 FROM actions WHERE table_id = ? AND counter = ? AND player = ? "
                "AND action = ?",
                (table_id, counter, player, action),
            )
            if not same:  # else: a retried write that had been committed already
                raise StorageError(f"table {table_id}: move {counter} is stored already") from None
            return
        if not stored:
            raise TableGone(f"table {table_id} was deleted")

    def add_record(
        self,
        table_id: str,
        number: int,
        json_text: str,
        iss: str | None,
        finished: bool,
        summary: str = "",
    ) -> None:
        if not self._guarded(
            "INSERT INTO records (table_id, number, json, iss) SELECT ?, ?, ?, ?",
            (table_id, number, json_text, iss),
            table_id,
        ):
            raise TableGone(f"table {table_id} was deleted")
        if finished:
            self.finish_table(table_id, summary)

    def finish_table(self, table_id: str, summary: str = "") -> None:
        self._run("UPDATE tables SET finished = 1, summary = ? WHERE id = ?", (summary, table_id))

    def finished_page(self, limit: int, offset: int) -> list[tuple[str, str]]:
        return [
            (str(i), str(s))
            for i, s in self._rows(
                "SELECT id, summary FROM tables WHERE finished = 1 "
                "ORDER BY created DESC, id LIMIT ? OFFSET ?",
                (limit, offset),
            )
        ]

    def save_summary(self, table_id: str, summary: str) -> None:
        self._run("UPDATE tables SET summary = ? WHERE id = ?", (summary, table_id))

    def _guarded(self, insert: str, params: tuple[Any, ...], table_id: str) -> bool:
        """``insert`` (``INSERT … SELECT values``) only while the table exists: False when it
        was deleted.  On PostgreSQL the table's row is locked (``FOR KEY SHARE``, as a
        foreign key would) until the commit, so a deletion waits for the row or removes it."""
        sql = self._sql(
            f"{insert} WHERE EXISTS (SELECT 1 FROM tables WHERE id = ?{self.key_share})"
        )
        return bool(self.transaction(lambda c: c.execute(sql, (*params, table_id)).rowcount))

    def load_tables(self) -> list[StoredTable]:
        # the finished tables stay in the database: a start reads the live ones only
        tables = self._rows(
            "SELECT id, config, claims, created, finished, creator FROM tables "
            "WHERE finished = 0 ORDER BY created, id"
        )
        logs: dict[str, list[tuple[int, str]]] = {t[0]: [] for t in tables}
        ids = list(logs)
        for at in range(0, len(ids), LOG_BATCH):  # by the log's key: never the whole log
            chunk = ids[at : at + LOG_BATCH]
            marks = ", ".join("?" * len(chunk))
            for table_id, player, action in self._rows(
                "SELECT table_id, player, action FROM actions "
                f"WHERE table_id IN ({marks}) ORDER BY table_id, counter",
                tuple(chunk),
            ):
                logs[table_id].append((int(player), str(action)))
        return [_stored(t, logs[t[0]]) for t in tables]

    def load_table(self, table_id: str) -> StoredTable | None:
        rows = self._rows(
            "SELECT id, config, claims, created, finished, creator FROM tables WHERE id = ?",
            (table_id,),
        )
        if not rows:
            return None
        moves = self._rows(
            "SELECT player, action FROM actions WHERE table_id = ? ORDER BY counter", (table_id,)
        )
        return _stored(rows[0], [(int(p), str(a)) for p, a in moves])

    def table_exists(self, table_id: str) -> bool:
        """Is a table (running or finished) stored under ``table_id``?"""
        return bool(self._rows("SELECT 1 FROM tables WHERE id = ?", (table_id,)))

    def record_numbers(self, table_id: str) -> set[int]:
        """The numbers of a table's stored games (without reading the records)."""
        rows = self._rows("SELECT number FROM records WHERE table_id = ?", (table_id,))
        return {int(r[0]) for r in rows}

    def records(self, table_id: str) -> list[StoredRecord]:
        return [
            StoredRecord(table_id, int(n), j, i)
            for n, j, i in self._rows(
                "SELECT number, json, iss FROM records WHERE table_id = ? ORDER BY number",
                (table_id,),
            )
        ]

    def _rollback(self) -> None:
        self.conn.rollback()

    def close(self) -> None:
        self.conn.close()


def _stored(row: Sequence[Any], actions: list[tuple[int, str]]) -> StoredTable:
    """A row ``(id, config, claims, created, finished, creator)`` and its log."""
    return StoredTable(
        id=str(row[0]),
        config=json.loads(row[1]),
        claims={int(k): v for k, v in json.loads(row[2]).items()},
        created=float(row[3]),
        finished=bool(row[4]),
        actions=actions,
        creator=str(row[5]),
    )


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


class PostgresStorage(SqlStorage):
    """PostgreSQL through psycopg 3 and a connection pool (``psycopg_pool``, the ``web``
    extra): several tables' moves are committed at once (one table's moves stay in order: the
    server holds the table's lock until its move is stored).  A connection the server lost
    (a database restart) is replaced, and the statement retried for up to ``patience``
    seconds; a write that was committed before the connection broke is recognised when it is
    retried (the same row is there), so nothing is stored twice.  ``schema`` keeps the
    server's tables in their own schema (the tests use one per test)."""

    placeholder = "%s"
    add_column = "ADD COLUMN IF NOT EXISTS"
    key_share = " FOR KEY SHARE"
    origin_lock = "SELECT pg_advisory_xact_lock(hashtext(%s))"
    threads = POOL_SIZE
    patience = 30.0
    """Seconds a statement is retried while the database cannot be reached."""

    def __init__(
        self,
        url: str,
        schema: str | None = None,
        pool_size: int = POOL_SIZE,
        pgbouncer: bool = False,
    ) -> None:
        try:
            import psycopg
            import psycopg_pool
        except ImportError:  # pragma: no cover - the web extra installs them
            raise StorageError("PostgreSQL needs psycopg: pip install 'skat[web]'") from None
        if schema and not schema.replace("_", "").isalnum():
            raise StorageError(f"schema name {schema!r}: letters, digits and _ only")
        if not 1 <= pool_size <= 1000:
            raise StorageError(f"the PostgreSQL pool has 1 to 1000 connections, not {pool_size}")
        if pgbouncer and schema:
            raise StorageError(
                "pgbouncer=1 keeps no session settings: give the server a database of its own "
                "instead of ?schema="
            )
        self.threads = pool_size
        self.pgbouncer = pgbouncer
        self._psycopg = psycopg
        self.url = url
        self.schema = schema
        self.duplicate = (psycopg.errors.UniqueViolation,)
        try:  # one plain connection first: a wrong URL is one clear line at once
            psycopg.connect(url).close()
        except psycopg.Error as exc:
            raise StorageError(f"cannot connect to PostgreSQL: {_first_line(exc)}") from None
        self._pool = psycopg_pool.ConnectionPool(
            url,
            min_size=1,
            max_size=self.threads,
            # behind PgBouncer's transaction pooling no prepared statements (they belong to
            # one server connection; PgBouncer before 1.21 does not carry them over)
            kwargs={"autocommit": False, **({"prepare_threshold": None} if pgbouncer else {})},
            configure=self._configure,
            reconnect_timeout=0,  # never give up reconnecting (a long database outage)
            open=False,
            name="skat",
        )
        try:
            self._pool.open(wait=True, timeout=10.0)
        except (psycopg.Error, psycopg_pool.PoolTimeout) as exc:
            self._pool.close()
            raise StorageError(f"cannot connect to PostgreSQL: {_first_line(exc)}") from None
        super().__init__(None)

    def _configure(self, conn: Any) -> None:
        if self.schema:
            conn.execute(f"CREATE SCHEMA IF NOT EXISTS {self.schema}")
            conn.execute(f"SET search_path TO {self.schema}")
            conn.commit()

    def _columns(self, table: str) -> list[Any]:
        return self._rows(
            "SELECT column_name FROM information_schema.columns "
            "WHERE table_name = ? AND table_schema = current_schema()",
            (table,),
        )

    def _retrying(self, work: Callable[[Any], T]) -> T:
        """``work(connection)`` in a transaction of its own, committed; retried on a fresh
        connection while the database cannot be reached (up to :attr:`patience` seconds)."""
        import psycopg_pool

        deadline = time.monotonic() + self.patience
        pause = 0.05
        while True:
            try:
                with self._pool.connection(timeout=max(0.1, deadline - time.monotonic())) as c:
                    return work(c)
            except (self._psycopg.OperationalError, psycopg_pool.PoolTimeout) as exc:
                if time.monotonic() + pause > deadline:
                    raise StorageError(f"PostgreSQL unreachable: {_first_line(exc)}") from None
                time.sleep(pause)
                pause = min(1.0, pause * 2)

    def _run(self, statement: str, params: tuple[Any, ...] = ()) -> None:
        sql = self._sql(statement)
        self._retrying(lambda c: c.execute(sql, params))

    def _rows(self, statement: str, params: tuple[Any, ...] = ()) -> list[Any]:
        sql = self._sql(statement)
        return self._retrying(lambda c: list(c.execute(sql, params).fetchall()))

    def _rollback(self) -> None:
        """Nothing to do: a failed statement's transaction is rolled back by the pool."""

    def create_schema(self, statements: Sequence[str]) -> None:
        """The statements in one transaction under an advisory lock: PostgreSQL's ``CREATE
        TABLE IF NOT EXISTS`` is no guard against another server process creating the same
        table at the same moment (``DuplicateTable`` or a ``UniqueViolation`` on its type)."""

        def work(c: Any) -> None:
            c.execute("SELECT pg_advisory_xact_lock(hashtext('skat.schema'))")
            for statement in statements:
                c.execute(self._sql(statement))

        self._retrying(work)

    def transaction(self, work: Callable[[Any], T]) -> T:
        return self._retrying(work)

    @property
    def conn(self) -> Any:
        raise AttributeError("PostgresStorage has a pool, not one connection: transaction()")

    def close(self) -> None:
        self._pool.close()

    def drop_schema(self) -> None:
        """Remove the schema and everything in it (tests)."""
        if self.schema:
            self._run(f"DROP SCHEMA IF EXISTS {self.schema} CASCADE")

    @property
    def where(self) -> str:
        """Where the data is, for people, without the password: ``PostgreSQL skat@db/skat``."""
        parts = urlsplit(self.url)
        user = f"{parts.username}@" if parts.username else ""
        host = parts.hostname or "localhost"
        port = f":{parts.port}" if parts.port else ""
        schema = f" (schema {self.schema})" if self.schema else ""
        return f"PostgreSQL {user}{host}{port}{parts.path}{schema}"

    def __repr__(self) -> str:
        return f"PostgresStorage(schema={self.schema!r})"


def sqlite_fault(exc: BaseException) -> str:
    """What a player is told of a SQLite fault: the server could not save, nothing was lost.

    >>> sqlite_fault(sqlite3.OperationalError("database or disk is full"))
    "the server's disk is full: nothing was stored (the game is as it was); try again in a minute"
    """
    text = _first_line(exc)
    if "full" in text:
        what = "the server's disk is full"
    elif "locked" in text or "busy" in text:
        what = "the server's database is busy"
    else:
        what = f"the server's database failed ({text})"
    return f"{what}: nothing was stored (the game is as it was); try again in a minute"


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


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
    skat.server.storage.StorageError: unknown database URL scheme 'mysql://' (supported: ...)
    >>> open_storage("sqlite://")
    Traceback (most recent call last):
    ...
    skat.server.storage.StorageError: sqlite:// needs a path: sqlite:///relative.sqlite3 or ...
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
