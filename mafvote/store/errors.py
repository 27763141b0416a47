"""The store's errors, and the one line a GM gets for each way an SQLite file can fail.

`StoreError` (an `OperationFailed`: exit 1) names the file and what to do. `database_problem` maps an SQLite error
met anywhere (the CLI's edge, the daemon's tick) to one; the store's own opening and transactions use the same
messages (`mafvote.store.file`, `mafvote.store.database`). `BUSY_TIMEOUT` is read from this module at each use, so a
test may shorten it here.
"""
from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from ..errors import OperationFailed

__all__ = ["BUSY_TIMEOUT", "LOCKED", "NoStore", "READ_ONLY", "StoreError", "damaged_message", "database_problem",
           "disk_full", "disk_full_message", "locked_message", "read_only_message", "sqlite_code"]


class StoreError(OperationFailed):
    """The database file cannot be opened, is not a mafvote store, is newer than this mafvote, is
    read-only for a command that writes, or stayed locked by another writer."""


class NoStore(StoreError):
    """A command that only reads found no store file (it never creates an empty one)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        super().__init__(f"no store at {self.path} yet: run `mafvote crawl` first (or check [store].path "
                         f"in the config)")


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


def locked_message(path: Path) -> str:
    return (f"store {path} is locked: another program kept writing it for {BUSY_TIMEOUT:g} s (a second "
            "`mafvote crawl`, `mafvote run`, or an SQLite tool with a transaction open); try again when it "
            "is done")


def disk_full(path: Path, exc: BaseException) -> bool:
    """SQLITE_FULL, ENOSPC, or an I/O error of SQLite while the store's disk has no room left (SQLite says
    "disk I/O error" when it cannot even grow its -wal or -shm file)."""
    code = sqlite_code(exc)
    if code == "SQLITE_FULL" or getattr(exc, "errno", None) == errno.ENOSPC:
        return True
    if code.startswith("SQLITE_IOERR") or "disk I/O error" in str(exc):
        try:
            stat = os.statvfs(Path(path).resolve().parent)
        except OSError:
            return False
        return stat.f_bavail * stat.f_frsize < 1024 * 1024
    return False


def disk_full_message(path: Path, what: object) -> str:
    # Never "damaged": SQLite rolls the failed change back, and moving the store away would lose the game.
    return (f"store {path}: the disk is full ({what}); free space and run again; the store is intact (the change "
            "that did not fit was not written)")


def damaged_message(path: Path, what: object) -> str:
    return (f"store {path} is damaged ({what}); restore it from a backup, or move it away and run "
            "`mafvote crawl` to read the topics again (the nights resolved and days closed are in it too "
            "and would have to be entered again)")


# sqlite3's errors that are mafvote's own bugs (a wrong statement, a closed connection, a broken constraint), not
# the file's state: they keep their traceback.
_BUGS = (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError, sqlite3.DataError,
         sqlite3.NotSupportedError, sqlite3.InternalError)


def database_problem(path: str | Path, exc: sqlite3.DatabaseError) -> StoreError | None:
    """The one line a GM gets for an SQLite error met while using the store at `path` (the CLI's edge and the
    daemon's tick catch them): locked, read-only, or damaged (a malformed page, a table or column missing: a
    mafvote store always has its whole schema). None for an error that is a bug of mafvote's own."""
    if isinstance(exc, _BUGS):
        return None
    path = Path(path)
    code = sqlite_code(exc)
    if disk_full(path, exc):
        return StoreError(disk_full_message(path, exc))
    if code.startswith(LOCKED):
        return StoreError(locked_message(path))
    if code.startswith(READ_ONLY):
        return StoreError(read_only_message(path))
    if code == "SQLITE_NOTADB":
        return StoreError(f"not a mafvote store: {path} is not an SQLite database ({exc}); check [store].path "
                          "in the config")
    return StoreError(damaged_message(path, exc))


def read_only_message(path: Path) -> str:
    return (f"store {path} is read-only (this user cannot write the file or its folder, or the disk is "
            "mounted read-only): this command needs to write it; make both writable (chmod u+w), run mafvote "
            "as the user who owns them, or point [store].path at a writable copy. Commands that only read "
            "(state, tally, posts, votes, render, status) work on it as it is")
