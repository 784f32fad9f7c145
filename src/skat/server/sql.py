"""The SQL the server's two databases share (:mod:`skat.server.storage` opens one): the
schema, the errors, what a stored table is, the interface the server needs
(:class:`Storage`) and its implementation in plain SQL (:class:`SqlStorage`), which
:class:`~skat.server.storage.SqliteStorage` and
:class:`~skat.server.postgres.PostgresStorage` give a connection and a placeholder."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol, TypeVar

T = TypeVar("T")

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
        serialises them across processes, see :meth:`~skat.server.postgres.PostgresStorage.create_schema`)."""
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

        >>> from skat.server.storage import open_storage
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


def first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
