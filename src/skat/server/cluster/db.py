"""What the processes of a cluster share in PostgreSQL beside the server's own tables: the
owners' leases, forwarded moves waiting for their table's owner, and reads of one table.

A lease is a row ``(table_id, owner, until)``: a process owns a table while ``until`` (the
database's clock, so the processes' clocks do not matter) lies ahead; it renews all its
leases in one statement every second, and a lease that ran out (its owner died) can be taken
by anyone (:meth:`ClusterDb.acquire`).  A forwarded move is a row of ``requests``: Redis
carries only its id, the owner takes the row (``DELETE … RETURNING``: exactly one of the owner
and a sender that gave up gets it), so the action text never travels through Redis.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from typing import Any, Final

from skat.server.storage import StorageError
from skat.server.table import token_hash

log: Final = logging.getLogger("skat.server.cluster")

SCHEMA: Final = (
    """CREATE TABLE IF NOT EXISTS leases (
        table_id TEXT PRIMARY KEY, owner TEXT NOT NULL, until TIMESTAMPTZ NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS requests (
        id TEXT PRIMARY KEY, table_id TEXT NOT NULL, player INTEGER NOT NULL,
        counter INTEGER NOT NULL, action TEXT NOT NULL,
        created TIMESTAMPTZ NOT NULL DEFAULT now())""",
    # the process a forwarded move waits for, and the one that sent it: while Redis is away
    # the owner finds its moves here (``waiting_for``) and leaves the answers in ``answers``
    "ALTER TABLE requests ADD COLUMN IF NOT EXISTS owner TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE requests ADD COLUMN IF NOT EXISTS sender TEXT NOT NULL DEFAULT ''",
    "CREATE INDEX IF NOT EXISTS requests_by_owner ON requests (owner)",
    """CREATE TABLE IF NOT EXISTS answers (
        id TEXT PRIMARY KEY, code TEXT, created TIMESTAMPTZ NOT NULL DEFAULT now())""",
)
PREPARE_LOCK: Final = 0x5E47_C1D5
"""The advisory lock under which a process creates the cluster's tables."""


class ClusterDb:
    """The cluster's statements on PostgreSQL, one connection per calling thread (autocommit:
    every statement is its own transaction unless it says otherwise).  A broken connection
    (the database restarted) is dropped and the next call opens a new one."""

    def __init__(self, url: str, schema: str | None) -> None:
        import psycopg

        self._psycopg = psycopg
        self.url = url
        self.schema = schema
        self._local = threading.local()
        self._lock = threading.Lock()
        self._all: list[Any] = []

    def _conn(self) -> Any:
        conn = getattr(self._local, "conn", None)
        if conn is not None and not conn.closed:
            return conn
        try:
            # no prepared statements: they belong to one server connection, and PgBouncer's
            # transaction pooling hands each statement to any of them
            conn = self._psycopg.connect(self.url, autocommit=True, prepare_threshold=None)
        except self._psycopg.Error as exc:
            raise StorageError(f"cannot connect to PostgreSQL: {exc}".splitlines()[0]) from None
        if self.schema:
            conn.execute(f"SET search_path TO {self.schema}")
        self._local.conn = conn
        with self._lock:
            self._all.append(conn)
        return conn

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        conn = self._conn()
        try:
            cur = conn.execute(sql, params)
            return list(cur.fetchall()) if cur.description else []
        except self._psycopg.Error as exc:  # a fresh connection next time
            self._local.conn = None
            conn.close()
            raise StorageError(f"PostgreSQL: {exc}".splitlines()[0]) from None

    def prepare(self) -> None:
        """Create the cluster's tables (once, before the processes start)."""
        conn = self._conn()  # one transaction, its lock ends with it (PgBouncer too)
        try:
            with conn.transaction():
                conn.execute("SELECT pg_advisory_xact_lock(%s)", (PREPARE_LOCK,))
                for statement in SCHEMA:  # processes start at once
                    conn.execute(statement)
        except self._psycopg.Error as exc:
            self._local.conn = None
            conn.close()
            raise StorageError(f"PostgreSQL: {exc}".splitlines()[0]) from None

    def close(self) -> None:
        """Close every connection."""
        with self._lock:
            for conn in self._all:
                conn.close()
            self._all.clear()

    # ------------------------------------------------------------------ leases

    def acquire(self, table_id: str, owner: str, seconds: float) -> bool:
        """Take (or renew) the lease of a table; False while another owner's lease runs."""
        rows = self._rows(
            """INSERT INTO leases (table_id, owner, until)
               VALUES (%s, %s, now() + make_interval(secs => %s))
               ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, until = EXCLUDED.until
               WHERE leases.owner = EXCLUDED.owner OR leases.until < now()
               RETURNING owner""",
            (table_id, owner, seconds),
        )
        return bool(rows)

    def renew(self, owner: str, seconds: float) -> set[str]:
        """Renew every lease ``owner`` still holds; the tables it holds."""
        rows = self._rows(
            """UPDATE leases SET until = now() + make_interval(secs => %s)
               WHERE owner = %s AND until >= now()
               AND EXISTS (SELECT 1 FROM tables t WHERE t.id = leases.table_id)
               RETURNING table_id""",
            (seconds, owner),
        )
        return {r[0] for r in rows}

    def release(self, owner: str) -> None:
        """Give up every lease of ``owner`` (a clean stop: the others take over at once)."""
        self._rows(
            "UPDATE leases SET until = now() - interval '1 second' WHERE owner = %s", (owner,)
        )

    def owner_of(self, table_id: str) -> str | None:
        """The process whose lease on the table runs now, if any."""
        rows = self._rows(
            "SELECT owner FROM leases WHERE table_id = %s AND until >= now()", (table_id,)
        )
        return str(rows[0][0]) if rows else None

    def orphans(self) -> list[str]:
        """Unfinished tables nobody holds a running lease on."""
        rows = self._rows(
            """SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id
               WHERE t.finished = 0 AND (l.owner IS NULL OR l.until < now())"""
        )
        return [r[0] for r in rows]

    def forget(self, table_id: str) -> None:
        """A deleted table: its lease and the moves waiting for it go too."""
        self._rows("DELETE FROM leases WHERE table_id = %s", (table_id,))
        self._rows("DELETE FROM requests WHERE table_id = %s", (table_id,))

    # ------------------------------------------------------------------ forwarded moves

    def put_request(
        self, rid: str, table_id: str, player: int, counter: int, action: str,
        owner: str = "", sender: str = "",
    ) -> None:  # fmt: skip
        """Leave a move for the table's owner (``owner``), sent by process ``sender``."""
        self._rows(
            "INSERT INTO requests (id, table_id, player, counter, action, owner, sender) "
            "VALUES (%s, %s, %s, %s, %s, %s, %s)",
            (rid, table_id, player, counter, action, owner, sender),
        )

    def take_request(self, rid: str) -> tuple[str, int, int, str] | None:
        """The owner takes a waiting move: (table, player, counter, action), ``None`` if the
        sender gave up (or another took it)."""
        rows = self._rows(
            "DELETE FROM requests WHERE id = %s RETURNING table_id, player, counter, action",
            (rid,),
        )
        return (
            (str(rows[0][0]), int(rows[0][1]), int(rows[0][2]), str(rows[0][3])) if rows else None
        )

    def waiting_for(self, owner: str) -> list[tuple[str, str]]:
        """The forwarded moves waiting for process ``owner``: (id, sender) each (it looks here
        itself when their message through Redis may be lost)."""
        rows = self._rows("SELECT id, sender FROM requests WHERE owner = %s", (owner,))
        return [(str(r[0]), str(r[1])) for r in rows]

    def answer(self, rid: str, code: str | None) -> None:
        """The owner's answer to a forwarded move its sender cannot hear through Redis."""
        self._rows(
            "INSERT INTO answers (id, code) VALUES (%s, %s) ON CONFLICT (id) DO NOTHING",
            (rid, code),
        )

    def answer_of(self, rid: str) -> tuple[bool, str | None]:
        """The answer left for a forwarded move (taken): (found, refusal code or ``None``)."""
        rows = self._rows("DELETE FROM answers WHERE id = %s RETURNING code", (rid,))
        return (True, rows[0][0]) if rows else (False, None)

    def sweep(self) -> None:
        """Drop answers nobody read and moves nobody took for a minute."""
        self._rows("DELETE FROM answers WHERE created < now() - interval '1 minute'")
        self._rows("DELETE FROM requests WHERE created < now() - interval '1 minute'")

    def cancel_request(self, rid: str) -> bool:
        """The sender gives up: True when the owner had not taken the move."""
        return bool(self._rows("DELETE FROM requests WHERE id = %s RETURNING id", (rid,)))

    # ------------------------------------------------------------------ tables

    def moves_since(self, table_id: str, counter: int) -> list[tuple[int, int, str]]:
        """The stored moves of a table from move ``counter`` on: (counter, player, action)."""
        rows = self._rows(
            """SELECT counter, player, action FROM actions WHERE table_id = %s AND counter >= %s
               ORDER BY counter""",
            (table_id, counter),
        )
        return [(int(c), int(p), str(a)) for c, p, a in rows]

    def heads(self) -> dict[str, tuple[dict[int, str], int]]:
        """Every running table's claimed places and number of stored moves (to catch up
        after Redis was away; the finished ones are read on demand)."""
        rows = self._rows(
            """SELECT t.id, t.claims, (SELECT count(*) FROM actions a WHERE a.table_id = t.id)
               FROM tables t WHERE t.finished = 0"""
        )
        return {tid: (_claims(claims), int(count)) for tid, claims, count in rows}

    def claims(self, table_id: str) -> dict[int, str]:
        """Who holds which place of a table (token hashes)."""
        rows = self._rows("SELECT claims FROM tables WHERE id = %s", (table_id,))
        return _claims(rows[0][0]) if rows else {}

    def claim(self, table_id: str, humans: list[int], place: int | None) -> tuple[int, str] | str:
        """Give a free human place a new token in one transaction (any process may: the row
        is locked): (player, token), or why not (``full``, ``taken``)."""
        try:
            return self._claim(table_id, humans, place)
        except self._psycopg.Error as exc:
            self._local.conn = None
            raise StorageError(f"PostgreSQL: {exc}".splitlines()[0]) from None

    def _claim(self, table_id: str, humans: list[int], place: int | None) -> tuple[int, str] | str:
        conn = self._conn()
        with conn.transaction():
            rows = conn.execute(
                "SELECT claims FROM tables WHERE id = %s FOR UPDATE", (table_id,)
            ).fetchall()
            claims = _claims(rows[0][0]) if rows else {}
            free = [p for p in humans if p not in claims]
            if place is None:
                if not free:
                    return "full"
                place = free[0]
            if place not in free:
                return "taken"
            token = secrets.token_urlsafe(18)
            claims[place] = token_hash(token)
            conn.execute(
                "UPDATE tables SET claims = %s WHERE id = %s",
                (json.dumps({str(k): v for k, v in claims.items()}), table_id),
            )
        return place, token


def _claims(text: str) -> dict[int, str]:
    return {int(k): str(v) for k, v in json.loads(text).items()}
