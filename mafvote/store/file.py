"""`Store`: one SQLite file, opened, checked and migrated; its methods come from the families of tables.

Several processes share one file (the GM's `mafvote crawl` while `mafvote run` crawls): every transaction takes the
write lock when it begins (`BEGIN IMMEDIATE`, `mafvote.store.database`), so a writer waits its turn (up to
`BUSY_TIMEOUT` seconds) instead of failing the moment another one committed; a store still locked then is a
`StoreError`. A file this user cannot write is opened read-only: reading commands work on it, writing ones get a
`StoreError` saying so. A file that is not a mafvote store is refused untouched, and so is an empty one.
"""
from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence

from .. import messages
from ..secret_registry import scrub_known
from . import errors
from .alert_log import AlertTables
from .crawl_log import CrawlRunTables
from .database import StoreDatabase
from .errors import (LOCKED, NoStore, StoreError, damaged_message, disk_full, disk_full_message, locked_message,
                     not_sqlite_message, sqlite_code, sqlite_said)
from .journal import JournalTables
from .posts import PostTables
from .published import PublishedCountTables
from .readings import ReadingTables
from .schema import MIGRATIONS, expected_schema
from .times import to_db_time
from .topics import TopicTables

if TYPE_CHECKING:
    import sqlite_utils

__all__ = ["Store"]


# A store file is empty only for the moment between its creation and its first write by the process making it.
_NEW_FILE = 2.0


def _stays_empty(path: Path) -> bool:
    """The file is empty and not one another process is creating right now (it would have a header within
    milliseconds): a file empty for longer was truncated."""
    while True:
        try:
            info = path.stat()
        except OSError:
            return False
        if info.st_size > 0 or any(_fresh(path.with_name(path.name + end)) for end in ("-journal", "-wal")):
            return False        # being written: SQLite's journal or log is there now (a lock is reported as such)
        if time.time() - info.st_mtime >= _NEW_FILE:
            return True         # (an old -wal or -journal beside an empty store is what a truncation left)
        time.sleep(0.02)


def _fresh(side: Path) -> bool:
    """A journal or log file that a process is writing now (younger than a new file takes to get its header)."""
    try:
        return time.time() - side.stat().st_mtime < _NEW_FILE
    except OSError:
        return False


def _writable(path: Path) -> bool:
    # SQLite writes the -wal and -shm files beside the store, so its folder must be writable too.
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def _connect(path: Path, *, read_only: bool) -> sqlite3.Connection:
    if not read_only:
        return sqlite3.connect(str(path), timeout=errors.BUSY_TIMEOUT)
    uri = path.resolve().as_uri()
    try:
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=errors.BUSY_TIMEOUT)
        conn.execute("select count(*) from sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError as exc:
        # A WAL-mode file on a read-only disk opens with mode=ro only where SQLite can make its -shm
        # file. With no -wal content to lose, `immutable` reads the file as it is; with some, it would
        # miss the last writes, so the error stands.
        wal = path.with_name(path.name + "-wal")
        if sqlite_code(exc) != "SQLITE_CANTOPEN" or (wal.exists() and wal.stat().st_size > 0):
            raise
    return sqlite3.connect(f"{uri}?immutable=1", uri=True, timeout=errors.BUSY_TIMEOUT)


class Store(TopicTables, PostTables, ReadingTables, CrawlRunTables, JournalTables, AlertTables,
            PublishedCountTables):
    """One SQLite file (WAL mode). Not thread-safe: one Store per thread/process; several processes may
    share the file (each transaction waits for the others' up to `BUSY_TIMEOUT` seconds).

    `create=False` raises `NoStore` instead of creating a missing file (for commands that only read).
    `read_only` opens without writing anything (default: when this user cannot write the file or its
    folder); then a write raises `StoreError`. The path ":memory:" is an empty store in memory.

    `scrub` takes the secrets out of every free text the store writes (crawl errors, alert texts and
    delivery errors, the publisher's last error, the journal's notes): by default every secret registered
    in `secret_registry` at the time of the write, so a password an error page echoed never reaches the
    file, whichever caller forgot to scrub it (issue 13)."""

    def __init__(self, path: str | Path,
                 migrations: Sequence[Callable[[sqlite_utils.Database], None]] = MIGRATIONS, *,
                 create: bool = True, read_only: bool | None = None,
                 scrub: Callable[[str], str] = scrub_known):
        self.path = Path(path)
        self._scrub = scrub
        memory = str(path) == ":memory:"
        exists = memory or self.path.exists()
        if not exists and not create:
            raise NoStore(self.path)
        if self.path.is_dir():
            raise StoreError(messages.text("store.folder", path=self.path))
        if exists and not memory and _stays_empty(self.path):
            # SQLite takes an empty file for a new database, but mafvote never leaves one: its store has a header
            # and a schema from its first use on. An empty one was truncated (a full disk, a copy cut short);
            # opening it as new would show the GM a game of night 1 with everyone alive.
            raise StoreError(messages.text("store.empty", path=self.path))
        self.read_only = bool(read_only) if read_only is not None else (exists and not memory
                                                                         and not _writable(self.path))
        try:
            if not memory and not exists:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = _connect(self.path, read_only=self.read_only) if not memory else sqlite3.connect(":memory:")
            # Python's implicit transactions (a lone write outside `atomic`) take the write lock up front too.
            conn.isolation_level = "IMMEDIATE"
            self.db = StoreDatabase(conn, self.path)
            self._refuse_foreign()
            if not self.read_only:
                self._enable_wal()
            # In WAL mode NORMAL still commits each page atomically; only the last commits before a
            # power cut (not a process kill) may be rolled back, and the next crawl re-reads them.
            self.db.execute("PRAGMA synchronous = NORMAL")
            self._migrate(list(migrations))
            self._check_schema(list(migrations))
            if not self.read_only and len(migrations) >= 6 and migrations[5] is MIGRATIONS[5]:
                self._read_stale_readings()
        except StoreError:
            self._close_quietly()
            raise
        except (OSError, sqlite3.DatabaseError) as exc:
            self._close_quietly()
            raise StoreError(self._open_problem(exc)) from exc

    def _open_problem(self, exc: BaseException) -> str:
        code = sqlite_code(exc)
        if disk_full(self.path, exc):
            return disk_full_message(self.path, exc)
        if code.startswith(LOCKED):
            return locked_message(self.path)
        if code == "SQLITE_NOTADB":
            return not_sqlite_message(self.path, exc)
        if code == "SQLITE_CORRUPT":
            return damaged_message(self.path, sqlite_said(exc))
        return messages.text("store.cannot_open", path=self.path, error=exc)

    def _check_schema(self, migrations: list[Callable[[sqlite_utils.Database], None]]) -> None:
        """Every table and column the migrations make is there: `schema_version` alone does not prove it (a table
        dropped by hand, a store copied in part); a command would fail half-way with "no such table"."""
        # mafvote's own migrations only (a test's appended one is not run twice to learn its tables)
        own = 0
        while own < min(len(migrations), len(MIGRATIONS)) and migrations[own] is MIGRATIONS[own]:
            own += 1
        expected = expected_schema(own)
        found: dict[str, set[str]] = {}
        for (table,) in self.db.conn.execute("select name from sqlite_master where type = 'table'"):
            found[table] = {r[1] for r in self.db.conn.execute(f"PRAGMA table_info([{table}])")}
        for table, columns in expected.items():
            if table not in found:
                raise StoreError(damaged_message(self.path, messages.text("store.damaged.no_table", table=table)))
            missing = sorted(columns - found[table])
            if missing:
                raise StoreError(damaged_message(self.path, messages.text("store.damaged.no_column", table=table,
                                                                          columns=", ".join(missing))))

    def _enable_wal(self) -> None:
        """WAL mode, once per file. Switching a new file's journal mode needs it to itself, and SQLite answers
        "locked" at once, without waiting, when two first uses of a new store switch it together; so the
        switch is tried again for up to the busy timeout (a file already in WAL mode is not switched)."""
        deadline = time.monotonic() + errors.BUSY_TIMEOUT
        while True:
            mode = self.db.conn.execute("PRAGMA journal_mode").fetchone()[0]
            if str(mode).lower() == "wal":
                return
            try:
                self.db.enable_wal()
                return
            except StoreError:
                if time.monotonic() >= deadline:
                    raise
                time.sleep(0.02)

    def _refuse_foreign(self) -> None:
        """A SQLite file with tables and no mafvote schema is someone else's: never touch it (not even its
        journal mode), whatever [store].path points at by mistake."""
        tables = [r[0] for r in self.db.conn.execute(
            "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")]
        if tables and "schema_version" not in tables:
            more = messages.text("store.foreign.more", n=len(tables) - 6) if len(tables) > 6 else ""
            raise StoreError(messages.text("store.foreign", path=self.path, tables=", ".join(tables[:6]), more=more))

    def _close_quietly(self) -> None:
        db = getattr(self, "db", None)
        if db is not None:
            with contextlib.suppress(sqlite3.Error):
                db.close()


    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        if not self.db.table_exists("schema_version"):
            return 0
        rows = list(self.db.query("select version from schema_version where id = 1"))
        return rows[0]["version"] if rows else 0

    def _migrate(self, migrations: list[Callable[[sqlite_utils.Database], None]]) -> None:
        current = self.schema_version           # read without the write lock: most opens change nothing
        if current > len(migrations):
            raise StoreError(messages.text("store.newer", path=self.path, found=str(current),
                                           known=str(len(migrations))))
        if current == len(migrations):
            return
        if self.read_only:
            raise StoreError(messages.text("store.read_only.upgrade", path=self.path, version=str(len(migrations)),
                                           found=str(current)))
        with self.db.atomic():
            # the migrations are written in sqlite-utils' table API (imported now: a store to migrate)
            tables = self.db.tables
            if not self.db.table_exists("schema_version"):
                tables["schema_version"].create(
                    {"id": int, "version": int, "migrated_at": str}, pk="id")
            current = self.schema_version       # again under the lock: another process may have just done it
            for version, migration in enumerate(migrations[current:], start=current + 1):
                migration(tables)
                tables["schema_version"].upsert(
                    {"id": 1, "version": version,
                     "migrated_at": to_db_time(datetime.now(timezone.utc))}, pk="id")
