"""The store's errors, and the one line a GM gets for each way an SQLite file can fail.

`StoreError` (an `OperationFailed`: exit 1) names the file and what to do. `database_problem` maps an SQLite error
met anywhere (the CLI's edge, the daemon's tick) to one; the store's own opening and transactions use the same
messages (`mafvote.store.file`, `mafvote.store.database`). `BUSY_TIMEOUT` is read from this module at each use, so a
test may shorten it here.

Every message is a text of the catalogue (`store.*` in `mafvote/messages/*_errors.py`), worded when the error is
raised, in the current language (the config's, once the command read it; Russian before).
"""
from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from .. import messages
from ..errors import OperationFailed

__all__ = ["BUSY_TIMEOUT", "LOCKED", "NoStore", "READ_ONLY", "StoreError", "damaged_message", "database_problem",
           "disk_full", "disk_full_message", "locked_message", "not_sqlite_message", "read_only_message",
           "sqlite_code", "sqlite_said"]


class StoreError(OperationFailed):
    """The database file cannot be opened, is not a mafvote store, is newer than this mafvote, is
    read-only for a command that writes, or stayed locked by another writer."""


class NoStore(StoreError):
    """A command that only reads found no store file (it never creates an empty one)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        super().__init__(messages.text("store.none", path=self.path))


# How long a writer waits for another one's transaction (a page of a crawl takes milliseconds).
BUSY_TIMEOUT = 10.0


LOCKED = ("SQLITE_BUSY", "SQLITE_LOCKED")
READ_ONLY = ("SQLITE_READONLY",)


def sqlite_code(exc: BaseException) -> str:
    name = getattr(exc, "sqlite_errorname", None) or ""
    if not name:      # older SQLite bindings: only the message
        text = str(exc)
        if "locked" in text:
            name = "SQLITE_BUSY"
        elif "readonly" in text:
            name = "SQLITE_READONLY"
    return name


def locked_message(path: Path | str) -> str:
    return messages.text("store.locked", path=path, seconds=f"{BUSY_TIMEOUT:g}")


def disk_full(path: Path | None, exc: BaseException) -> bool:
    """SQLITE_FULL, ENOSPC, or an I/O error of SQLite while the store's disk has no room left (SQLite says
    "disk I/O error" when it cannot even grow its -wal or -shm file)."""
    code = sqlite_code(exc)
    if code == "SQLITE_FULL" or getattr(exc, "errno", None) == errno.ENOSPC:
        return True
    if path is None:          # no file to look at the disk of
        return False
    if code.startswith("SQLITE_IOERR") or "disk I/O error" in str(exc):
        try:
            stat = os.statvfs(Path(path).resolve().parent)
        except OSError:
            return False
        return stat.f_bavail * stat.f_frsize < 1024 * 1024
    return False


def disk_full_message(path: Path | str, what: object) -> str:
    # Never "damaged": SQLite rolls the failed change back, and moving the store away would lose the game.
    return messages.text("store.disk_full", path=path, what=what)


def sqlite_said(exc: BaseException) -> str:
    """What SQLite said, quoted as it said it (`store.damaged`'s `what`)."""
    return messages.text("store.damaged.sqlite", error=exc)


def damaged_message(path: Path | str, what: object) -> str:
    """`what` is worded already: `sqlite_said(exc)` or one of the `store.damaged.*` texts."""
    return messages.text("store.damaged", path=path, what=what)


def not_sqlite_message(path: Path | str, exc: BaseException) -> str:
    return messages.text("store.not_sqlite", path=path, error=exc)


# sqlite3's errors that are mafvote's own bugs (a wrong statement, a closed connection, a broken constraint), not
# the file's state: they keep their traceback.
_BUGS = (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError, sqlite3.DataError,
         sqlite3.NotSupportedError, sqlite3.InternalError)


def database_problem(path: str | Path | None, exc: sqlite3.DatabaseError) -> StoreError | None:
    """The one line a GM gets for an SQLite error met while using the store at `path` (the CLI's edge and the
    daemon's tick catch them): locked, read-only, or damaged (a malformed page, a table or column missing: a
    mafvote store always has its whole schema). None for an error that is a bug of mafvote's own. No `path` (the
    command read no config): the store is named by where its path is set (`store.unnamed`)."""
    if isinstance(exc, _BUGS):
        return None
    file = Path(path) if path is not None else None
    name = file if file is not None else messages.text("store.unnamed")
    code = sqlite_code(exc)
    if disk_full(file, exc):
        return StoreError(disk_full_message(name, exc))
    if code.startswith(LOCKED):
        return StoreError(locked_message(name))
    if code.startswith(READ_ONLY):
        return StoreError(read_only_message(name))
    if code == "SQLITE_NOTADB":
        return StoreError(not_sqlite_message(name, exc))
    return StoreError(damaged_message(name, sqlite_said(exc)))


def read_only_message(path: Path | str) -> str:
    return messages.text("store.read_only", path=path)
