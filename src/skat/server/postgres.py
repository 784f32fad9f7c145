"""The server's tables in PostgreSQL (psycopg 3 and its pool: the ``web`` extra), opened by
:func:`skat.server.storage.open_storage` for a ``postgresql://`` URL."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar
from urllib.parse import urlsplit

from skat.server.sql import (
    POOL_SIZE,
    SqlStorage,
    StorageError,
    first_line,
)

T = TypeVar("T")


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
            raise StorageError(f"cannot connect to PostgreSQL: {first_line(exc)}") from None
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
            raise StorageError(f"cannot connect to PostgreSQL: {first_line(exc)}") from None
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
                    raise StorageError(f"PostgreSQL unreachable: {first_line(exc)}") from None
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
