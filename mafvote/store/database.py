"""`StoreDatabase`: the store's connection with its transactions (the write lock taken when a transaction begins,
SQLite's check before the first write of a connection, a lock, a full disk or a read-only file surfaced as a
`StoreError` naming the file). Every family of tables writes through it.

It speaks `sqlite3` alone: `execute`, `query` and `atomic` behave as sqlite-utils' `Database` methods of the same
names did when `StoreDatabase` was one (a lone write commits at once, `query` yields dicts, a nested `atomic` is a
savepoint), and sqlite-utils' table API (`db["posts"].create(...)`, what the migrations are written in) is made on
first use over the same connection (`tables`). A command that only reads never imports sqlite-utils: importing it
(with dateutil and pluggy) was the largest single cost of `mafvote tally`'s start (issue 17)."""
from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Sequence

from .. import messages
from .errors import (LOCKED, READ_ONLY, StoreError, damaged_message, disk_full, disk_full_message, locked_message,
                     read_only_message, sqlite_code)

if TYPE_CHECKING:
    import sqlite_utils

__all__ = ["StoreDatabase"]

# statements that end or begin a transaction themselves: `execute` never commits after them
_TRANSACTION_CONTROL = {"BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"}


def _first_keyword(sql: str) -> str:
    """The statement's first word, upper-cased, past blanks, `;` and comments ("" when there is none)."""
    i, n = 0, len(sql)
    while i < n:
        if sql[i].isspace() or sql[i] in (";", "\ufeff"):
            i += 1
        elif sql.startswith("--", i):
            end = sql.find("\n", i)
            i = n if end < 0 else end + 1
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            i = n if end < 0 else end + 2
        else:
            break
    j = i
    while j < n and (sql[j].isalnum() or sql[j] == "_"):
        j += 1
    return sql[i:j].upper()


def _unique_keys(keys: Iterable[str]) -> list[str]:
    """Column names made unique as sqlite-utils' `query` makes them (`id`, `id_2`, ...): a join's two `id`s."""
    keys = list(keys)
    taken = set(keys)
    if len(taken) == len(keys):
        return keys
    seen: set[str] = set()
    out = []
    for key in keys:
        if key in seen:
            n = 2
            while f"{key}_{n}" in taken:
                n += 1
            key = f"{key}_{n}"
            taken.add(key)
        seen.add(key)
        out.append(key)
    return out


class StoreDatabase:
    """The store's connection: `atomic()` takes the write lock when it begins, and a lock or a read-only file
    surfaces as a `StoreError` naming the file.

    sqlite-utils begins with a plain (deferred) `BEGIN`: the transaction reads first and asks for the
    write lock at its first write. In WAL mode that upgrade fails at once, without waiting, when another
    process committed since the read (SQLITE_BUSY_SNAPSHOT), so two crawlers of one store died with
    "database is locked". `BEGIN IMMEDIATE` waits for the lock up to the busy timeout instead,
    and every caller of `store.db.atomic()` (games, alerts, publishing) gets it too, as do sqlite-utils'
    table methods (`tables`)."""

    def __init__(self, conn: sqlite3.Connection, store_path: Path = Path()):
        self.conn = conn
        self.store_path = store_path
        self.checked = False
        self._savepoints = 0
        self._tables: sqlite_utils.Database | None = None

    # --- transactions ---------------------------------------------------------------------------------------

    @contextlib.contextmanager
    def atomic(self) -> Iterator["StoreDatabase"]:
        if self.conn.in_transaction:
            # nested: a savepoint inside the outer transaction
            self._savepoints += 1
            name = f"mafvote_{self._savepoints}"
            self.conn.execute(f"SAVEPOINT {name}")
            try:
                yield self
            except BaseException:
                # an error that destroyed the whole transaction took the savepoint with it: nothing to undo
                if self.conn.in_transaction:
                    self.conn.execute(f"ROLLBACK TO SAVEPOINT {name}")
                    self.conn.execute(f"RELEASE SAVEPOINT {name}")
                raise
            else:
                self.conn.execute(f"RELEASE SAVEPOINT {name}")
            finally:
                self._savepoints -= 1
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

    def rollback(self) -> None:
        """Roll the open transaction back (nothing when none is open)."""
        if self.conn.in_transaction:
            self.conn.execute("ROLLBACK")

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

    # --- statements -----------------------------------------------------------------------------------------

    def execute(self, sql: str, parameters: Sequence | dict[str, Any] | None = None) -> sqlite3.Cursor:
        """One statement. A write outside `atomic` is committed at once (the connection's implicit transaction is
        never left open to swallow later writes); inside, it is part of the transaction."""
        was_in_transaction = self.conn.in_transaction
        try:
            cursor = self.conn.execute(sql, parameters) if parameters is not None else self.conn.execute(sql)
        except Exception as exc:
            if not was_in_transaction and self.conn.in_transaction:
                self.conn.execute("ROLLBACK")       # the failed statement's implicit transaction
            if isinstance(exc, sqlite3.OperationalError):
                raise self._store_error(exc) from exc
            raise
        if (not was_in_transaction and self.conn.in_transaction and cursor.description is None
                and _first_keyword(sql) not in _TRANSACTION_CONTROL):
            self.conn.execute("COMMIT")
        return cursor

    def query(self, sql: str, params: Sequence | dict[str, Any] | None = None) -> Iterator[dict[str, Any]]:
        """The rows of a query as dicts by column name (fetched as they are iterated)."""
        cursor = self.conn.execute(sql, params) if params is not None else self.conn.execute(sql)
        if cursor.description is None:
            raise ValueError("query() can only be used with SQL that returns rows - use execute() for other "
                             "statements")
        keys = _unique_keys(d[0] for d in cursor.description)
        return (dict(zip(keys, row)) for row in cursor)

    def rows(self, sql: str, parameters: Sequence = ()) -> list[sqlite3.Row]:
        """The rows of a query as `sqlite3.Row`s (by column name, like `query`'s dicts): made in C, a third of
        the cost of `query`'s dicts on a count's few thousand post versions (issue 17)."""
        try:
            cursor = self.conn.cursor()
            cursor.row_factory = sqlite3.Row
            return cursor.execute(sql, parameters).fetchall()
        except sqlite3.OperationalError as exc:
            raise self._store_error(exc) from exc

    def tuples(self, sql: str, parameters: Sequence = ()) -> list[tuple]:
        """The rows of a query as plain tuples, for a reader that takes its columns by position (a count's posts,
        issue 17: no `sqlite3.Row` made for each)."""
        try:
            return self.conn.execute(sql, parameters).fetchall()
        except sqlite3.OperationalError as exc:
            raise self._store_error(exc) from exc

    def table_exists(self, name: str) -> bool:
        return self.conn.execute("select 1 from sqlite_master where type = 'table' and name = ?",
                                 [name]).fetchone() is not None

    def enable_wal(self) -> None:
        """WAL mode (the journal mode can only change outside a transaction, with no implicit one opened)."""
        if str(self.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal":
            return
        level = self.conn.isolation_level
        self.conn.isolation_level = None
        try:
            self.execute("PRAGMA journal_mode=wal")
        finally:
            self.conn.isolation_level = level

    def close(self) -> None:
        self.conn.close()

    # --- sqlite-utils' table API, for the migrations and a few writes ---------------------------------------

    @property
    def tables(self) -> "sqlite_utils.Database":
        """sqlite-utils' `Database` over this connection (its table API: `create`, `create_index`, `add_column`,
        `insert`, `upsert`, `columns_dict`), its transactions and statements going through this object's."""
        if self._tables is None:
            # a command that reads never gets here:
            # start-up: sqlite-utils (with dateutil and pluggy) only for a migration or a table-API write
            from .table_api import store_tables
            self._tables = store_tables(self)
        return self._tables

    def __getitem__(self, name: str):
        return self.tables[name]

    def _store_error(self, exc: sqlite3.OperationalError) -> Exception:
        code = sqlite_code(exc)
        if disk_full(self.store_path, exc):
            return StoreError(disk_full_message(self.store_path, exc))
        if code.startswith(LOCKED):
            return StoreError(locked_message(self.store_path))
        if code.startswith(READ_ONLY):
            return StoreError(read_only_message(self.store_path))
        return exc
