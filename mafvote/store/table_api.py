"""sqlite-utils' table API over the store's connection (`StoreDatabase.tables`): what the migrations are written in
(`db["posts"].create(...)`, `create_index`, `add_column`) and the few writes made through it. Imported only when
one of those runs, so a command that only reads never pays for sqlite-utils (issue 17)."""
from __future__ import annotations

import contextlib
import sqlite3
from typing import Any, Iterator, Sequence

import sqlite_utils

__all__ = ["store_tables"]


class _StoreTables(sqlite_utils.Database):
    """sqlite-utils' `Database` whose transactions and statements are the store's: its table methods take the
    write lock as the store's own transactions do (`BEGIN IMMEDIATE`) and a lock or a read-only file reaches the
    GM as the store's `StoreError`."""

    def __init__(self, store_db: Any):
        # store_db: the `StoreDatabase` this API belongs to (not imported here: it imports this module)
        self.store_db = store_db
        # no plugins: they add SQL functions for sqlite-utils' own command line, which the store's SQL never uses,
        # and finding them reads every installed package's entry points (≈ 40 ms, issue 17)
        super().__init__(store_db.conn, execute_plugins=False)

    @contextlib.contextmanager
    def atomic(self) -> Iterator["_StoreTables"]:
        with self.store_db.atomic():
            yield self

    def execute(self, sql: str, parameters: Sequence | dict[str, Any] | None = None) -> sqlite3.Cursor:
        return self.store_db.execute(sql, parameters)


def store_tables(db: Any) -> sqlite_utils.Database:
    return _StoreTables(db)
