"""The `en` catalogue's error texts of the CLI's edge (see `ru_errors`); the same keys as `ru_errors`: the English
mafvote always printed."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- the lead of every error line the CLI prints (mafvote/cli/__init__.py, common.py)
    "cli.error": "error: {message}",
    # --- the store (mafvote/store/errors.py, file.py, database.py)
    "store.none": "no store at {path} yet: run `mafvote crawl` first (or check [store].path in the config)",
    "store.folder": "store {path} is a folder, not a file; check [store].path in the config (it names the SQLite "
                    "file, e.g. mafvote.db)",
    "store.empty": "store {path} is empty (0 bytes): it was truncated (a full disk? a copy cut short?); restore it "
                   "from a backup, or delete the file to start a new store (the nights resolved and days closed "
                   "would have to be entered again)",
    "store.locked": "store {path} is locked: another program kept writing it for {seconds} s (a second `mafvote "
                    "crawl`, `mafvote run`, or an SQLite tool with a transaction open); try again when it is done",
    "store.disk_full": "store {path}: the disk is full ({what}); free space and run again; the store is intact (the "
                       "change that did not fit was not written)",
    "store.damaged": "store {path} is damaged ({what}); restore it from a backup, or move it away and run "
                     "`mafvote crawl` to read the topics again (the nights resolved and days closed are in it too "
                     "and would have to be entered again)",
    "store.damaged.sqlite": "{error}",
    "store.damaged.no_table": "table {table} is missing",
    "store.damaged.no_column": "table {table} has no column {columns}",
    "store.damaged.check": "SQLite's check found: {problem}",
    "store.damaged.nothing_written": "; nothing was written",
    "store.not_sqlite": "not a mafvote store: {path} is not an SQLite database ({error}); check [store].path in the "
                        "config",
    "store.foreign": "not a mafvote store: {path} has tables {tables}{more} and no mafvote schema; check "
                     "[store].path in the config",
    "store.foreign.more": " and {n} more",
    "store.cannot_open": "store {path}: cannot open ({error}); check [store].path in the config and the folder's "
                         "permissions",
    "store.newer": "store {path} has schema version {found}, newer than this mafvote knows ({known}); upgrade "
                   "mafvote or point [store].path elsewhere",
    "store.read_only.upgrade": "store {path} is read-only and needs an upgrade to schema version {version} (it has "
                               "{found}): make it and its folder writable and run any mafvote command once",
    "store.read_only": "store {path} is read-only (this user cannot write the file or its folder, or the disk is "
                       "mounted read-only): this command needs to write it; make both writable (chmod u+w), run "
                       "mafvote as the user who owns them, or point [store].path at a writable copy. Commands that "
                       "only read (state, tally, posts, votes, render, status) work on it as it is",
    "store.read_only.daemon": "mafvote run needs to write the store {path}, which is read-only for this user; run "
                              "it as the store's owner or fix the file's permissions",
    # --- a time typed on the command line (mafvote/cli/common.py parse_cli_time)
    "cli.time.date_only": "{label}{quoted} has no time of day; write {accepted}",
    "cli.time.bad": "{label}{quoted} is not a time; write {accepted}",
    "cli.time.accepted": "ISO 8601 such as 2026-12-28T22:00 (the game's time zone) or 2026-12-28T22:00+03:00",
}
