"""`StoreDatabase`: sqlite-utils' `Database` with the store's transactions (the write lock taken when a
transaction begins, SQLite's check before the first write of a connection, a lock, a full disk or a read-only
file surfaced as a `StoreError` naming the file). Every family of tables writes through it."""
from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import Any, Iterator, Sequence

import sqlite_utils

from .. import messages
from .errors import (LOCKED, READ_ONLY, StoreError, damaged_message, disk_full, disk_full_message, locked_message,
                     read_only_message, sqlite_code)

__all__ = ["StoreDatabase"]


class StoreDatabase(sqlite_utils.Database):
    """sqlite-utils' `Database` with the store's transactions: `atomic()` takes the write lock when it
    begins, and a lock or a read-only file surfaces as a `StoreError` naming the file.

    sqlite-utils begins with a plain (deferred) `BEGIN`: the transaction reads first and asks for the
    write lock at its first write. In WAL mode that upgrade fails at once, without waiting, when another
    process committed since the read (SQLITE_BUSY_SNAPSHOT), so two crawlers of one store died with
    "database is locked". `BEGIN IMMEDIATE` waits for the lock up to the busy timeout instead,
    and every caller of `store.db.atomic()` (games, alerts, publishing) gets it too."""

    store_path: Path = Path()
    checked: bool = False

    @contextlib.contextmanager
    def atomic(self) -> Iterator["StoreDatabase"]:
        if self.conn.in_transaction:
            with super().atomic():          # nested: a savepoint inside the outer transaction
                yield self
            return
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise self._store_error(exc) from exc
        if not self.checked:
            self._check_before_writing()
        try:
            yield self
        except BaseException:
            self.rollback()
            raise
        try:
            self.conn.execute("COMMIT")
        except BaseException as exc:
            self.rollback()
            if isinstance(exc, sqlite3.OperationalError):
                raise self._store_error(exc) from exc
            raise

    def _check_before_writing(self) -> None:
        """Nothing is written into a damaged file (an `undo` on a malformed store "succeeded" and made it worse):
        the first write of each connection runs SQLite's `quick_check` under the write lock. It reads every page
        once: 20–40 ms for a store of 10,000 posts (23 MB), once per command or per daemon start."""
        try:
            rows = [r[0] for r in self.conn.execute("PRAGMA quick_check(3)")]
        except sqlite3.DatabaseError as exc:
            rows = [str(exc)]
        if rows != ["ok"]:
            self.rollback()
            found = [line.strip() for row in rows for line in str(row).splitlines()
                     if line.strip() and not line.startswith("*** in database")]
            problem = "; ".join(found[:2]) + ("; ..." if len(found) > 2 else "")
            raise StoreError(damaged_message(self.store_path, messages.text("store.damaged.check", problem=problem))
                             + messages.text("store.damaged.nothing_written"))
        self.checked = True

    def execute(self, sql: str, parameters: Sequence | dict[str, Any] | None = None) -> sqlite3.Cursor:
        try:
            return super().execute(sql, parameters)
        except sqlite3.OperationalError as exc:
            raise self._store_error(exc) from exc

    def rows(self, sql: str, parameters: Sequence = ()) -> list[sqlite3.Row]:
        """The rows of a query as `sqlite3.Row`s (by column name, like `query`'s dicts): made in C, a third of
        the cost of `query`'s dicts on a count's few thousand post versions (issue 17)."""
        try:
            cursor = self.conn.cursor()
            cursor.row_factory = sqlite3.Row
            return cursor.execute(sql, parameters).fetchall()
        except sqlite3.OperationalError as exc:
            raise self._store_error(exc) from exc

    def _store_error(self, exc: sqlite3.OperationalError) -> Exception:
        code = sqlite_code(exc)
        if disk_full(self.store_path, exc):
            return StoreError(disk_full_message(self.store_path, exc))
        if code.startswith(LOCKED):
            return StoreError(locked_message(self.store_path))
        if code.startswith(READ_ONLY):
            return StoreError(read_only_message(self.store_path))
        return exc
