"""The lock a server holds on its SQLite database while it serves: two servers on one data
folder would each keep their own copy of a tournament in memory and overwrite each other,
so the second is refused in one line (``skat serve`` takes the lock; PostgreSQL, where
several processes are meant to share the database, needs none).

The lock is an ``flock`` on ``skat.sqlite3.lock`` beside the database: the operating system
releases it when the process ends, however it ends (a killed server leaves no stale lock).
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass

from skat.server.storage import SqliteStorage, SqlStorage, StorageError


@dataclass
class DataLock:
    """A held lock (``fd`` is ``None`` for a storage that needs none)."""

    fd: int | None
    path: str = ""

    def release(self) -> None:
        """Let another server use the data (the process's end does this too)."""
        if self.fd is not None:
            with contextlib.suppress(OSError):
                os.close(self.fd)
            self.fd = None


def hold_data(storage: SqlStorage) -> DataLock:
    """Lock ``storage``'s SQLite file for this process, or raise :class:`StorageError`
    saying another server uses it."""
    if not isinstance(storage, SqliteStorage) or storage.path == ":memory:":
        return DataLock(None)
    import fcntl

    path = storage.path + ".lock"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StorageError(
            f"another skat serve uses {os.path.dirname(storage.path) or storage.path} "
            f"(lock {path}): stop it first, or give this one its own --data folder"
        ) from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return DataLock(fd, path)
