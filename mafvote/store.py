"""The SQLite store: every topic, page, post and post version mafvote has seen, and every crawl run.

Data flow: the crawler (`scraper.crawl`) fetches a page, the parser turns it into a `ParsedPage`, and
`Store.upsert_page` writes that page's posts in **one transaction** (a crash never leaves half a
page). Readers (`mafvote posts`, the tally) get `StoredPost` records back through `Store.posts`.

Rules the store keeps:
- Posts are keyed by forum + the forum's own post id, never by page/position, so a post that moves
  across a page boundary after a deletion is one post, not two.
- Version 1 of a post is its content as first seen and is never overwritten: a vote as first seen
  must stay provable (issue 2 item 4). A changed content hash appends version n+1.
- A post that disappears is marked deleted (`deleted_at`), never removed.
- The config is the truth for addresses: a topic whose URL changed there (the forum moved) has its stored
  pages moved to the new address by `ensure_topic`, so the crawl never goes back to the old one.
- Times are ISO 8601 UTC text (`2026-12-30T17:00:00+00:00`), always this width (`to_db_time`: UTC,
  whole seconds, a four-digit year), so they sort as text and compare as text in SQL.

The schema is versioned: `MIGRATIONS` is an ordered list of functions; the store applies the ones
after the recorded `schema_version`. To change the schema, append a function — never edit one that
has shipped.

Several processes share one file (the GM's `mafvote crawl` while `mafvote run` crawls): every
transaction takes the write lock when it begins (`BEGIN IMMEDIATE`), so a writer waits its turn (up to
`BUSY_TIMEOUT` seconds) instead of failing the moment another one committed; a store still locked then
is a `StoreError`. A file this user cannot write is opened read-only: reading commands work on it,
writing ones get a `StoreError` saying so. A file that is not a mafvote store is refused untouched.
"""
from __future__ import annotations

import contextlib
import errno
import json
import os
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Sequence

import sqlite3
import time

import sqlite_utils

if TYPE_CHECKING:       # scraper.fetch imports httpx (≈ 80 ms), which a command reading the store never needs
    from scraper.fetch import FetchedMeta

from .errors import OperationFailed
from .secret_registry import scrub_known

__all__ = [
    "AlertDeliveryRow",
    "BUSY_TIMEOUT",
    "CrawlRun",
    "MIGRATIONS",
    "NoStore",
    "PageChanges",
    "PostVersion",
    "PublishState",
    "Store",
    "StoreError",
    "StoredPhase",
    "StoredPage",
    "StoredPost",
    "Topic",
    "database_problem",
    "to_db_time",
    "from_db_time",
]


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


# --- times -------------------------------------------------------------------------------------

def to_db_time(dt: datetime | None) -> str | None:
    """Aware datetime -> ISO 8601 UTC text with second precision (sorts as text)."""
    if dt is None:
        return None
    if dt.tzinfo is None:
        raise ValueError(f"naive datetime {dt!r} given to the store; pass an aware datetime")
    return dt.astimezone(timezone.utc).isoformat(timespec="seconds")


def from_db_time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def _db_time_up(dt: datetime) -> str:
    """`dt` rounded up to the whole second, as stored text. Post times are whole seconds, so for a stored
    time t: t >= dt exactly when t >= this, and t < dt exactly when t < this (`to_db_time` truncates)."""
    if dt.microsecond:
        dt = dt.replace(microsecond=0) + timedelta(seconds=1)
    return to_db_time(dt)  # type: ignore[return-value]


# --- records -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Topic:
    id: int                       # the store's own row id
    forum: str                    # forum id from the config
    topic_id: str                 # the forum's topic id (tid)
    url: str
    kind: str                     # "vote" | "game"
    game_id: str | None
    title: str | None
    pages_known: int              # highest page number stored
    last_crawl_at: datetime | None
    last_reread_at: datetime | None


@dataclass(frozen=True)
class StoredPage:
    topic: int
    page: int
    url: str
    etag: str | None
    last_modified: str | None
    content_hash: str | None
    next_url: str | None
    post_ids: tuple[int, ...]
    fetched_at: datetime


@dataclass(frozen=True)
class PageChanges:
    """What one stored page changed: post ids new to the store, with new content, back from deleted."""

    page: int
    new: tuple[int, ...] = ()
    changed: tuple[int, ...] = ()
    restored: tuple[int, ...] = ()
    seen: tuple[int, ...] = ()


@dataclass(frozen=True)
class PostVersion:
    n: int                        # 1 = first seen, never overwritten
    seen_at: datetime
    html: str
    content_hash: str
    edited: bool                  # the forum showed an edit notice with this content
    edit_at: datetime | None
    edit_by: str | None
    edit_reason: str | None
    reading: str | None = None    # tally.recognise.Flat as JSON, made by this mafvote's reading code (else None)


@dataclass(frozen=True)
class StoredPost:
    post_id: int
    forum: str
    topic: str                    # the forum's topic id
    kind: str                     # "vote" | "game"
    game_id: str | None
    page: int
    position: int
    author: str
    author_id: str | None
    time: datetime                # aware, UTC
    html: str                     # current content (latest version, or latest as of `as_of`)
    first_html: str               # content as first seen
    versions: tuple[PostVersion, ...]
    edited: bool                  # the forum shows an edit notice, or we saw the content change
    edit_at: datetime | None      # when the forum says it was last edited
    deleted: bool
    deleted_at: datetime | None
    first_seen: datetime
    last_seen: datetime

    @property
    def versions_count(self) -> int:
        return len(self.versions)


@dataclass(frozen=True)
class CrawlRun:
    id: int
    topic: int
    started_at: datetime
    finished_at: datetime | None
    requests: int
    bytes: int
    pages: int
    new: int
    changed: int
    deleted: int
    error: str | None

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def ok(self) -> bool:
        """Finished without an error: the topic was read to its end."""
        return self.finished and self.error is None


@dataclass(frozen=True)
class AlertDeliveryRow:
    """One recorded alert on one channel (the alert log's two tables joined); `mafvote.alerts.AlertLog` makes
    its `Delivery` of it."""

    game: str
    key: str
    kind: str
    phase: str
    text: str
    time: datetime
    post_url: str | None
    channel: str
    sent_at: datetime | None
    attempts: int
    last_try_at: datetime | None
    next_try_at: datetime | None
    last_error: str | None


@dataclass(frozen=True)
class PublishState:
    """The running count post of one game (published_counts; `mafvote.publish.PublishLog`)."""

    game: str
    forum: str | None = None
    topic: str | None = None
    day: int | None = None               # the day the running post counts
    post_id: int | None = None           # the running count post
    posted_at: datetime | None = None    # when it was created
    updated_at: datetime | None = None   # last successful post or edit
    content_hash: str | None = None      # of the text last published
    last_try_at: datetime | None = None
    not_before: datetime | None = None   # the forum's flood limit
    last_error: str | None = None


@dataclass(frozen=True)
class StoredPhase:
    """One applied step of a game as stored (game_phases): times in UTC, the resolver's state and the outcome as
    plain data; `mafvote.game.GameService.applied` makes its `AppliedPhase` of it."""

    seq: int
    number: int
    kind: str
    start: datetime | None
    deadline: datetime | None
    state: dict[str, Any]
    outcome: dict[str, Any]
    applied_at: datetime | None
    how: str


# --- schema migrations -------------------------------------------------------------------------

def _m001_initial(db: sqlite_utils.Database) -> None:
    db["forums"].create(
        {"id": str, "engine": str, "base_url": str, "timezone": str}, pk="id")
    db["topics"].create(
        {"id": int, "forum": str, "topic_id": str, "url": str, "kind": str, "game_id": str,
         "title": str, "pages_known": int, "last_crawl_at": str, "last_reread_at": str},
        pk="id", not_null={"forum", "topic_id", "url", "kind"}, defaults={"pages_known": 0})
    db["topics"].create_index(["forum", "topic_id"], unique=True)
    db["pages"].create(
        {"topic": int, "page": int, "url": str, "etag": str, "last_modified": str,
         "content_hash": str, "next_url": str, "post_ids": str, "fetched_at": str},
        pk=("topic", "page"), not_null={"url", "fetched_at"})
    db["posts"].create(
        {"forum": str, "post_id": int, "topic": int, "page": int, "position": int,
         "author": str, "author_id": str, "time": str, "first_seen": str, "last_seen": str,
         "deleted_at": str, "version": int, "edited": int, "edit_at": str, "edit_by": str,
         "edit_reason": str},
        pk=("forum", "post_id"),
        not_null={"topic", "page", "position", "author", "time", "first_seen", "last_seen", "version"})
    db["posts"].create_index(["topic", "page", "position"])
    db["posts"].create_index(["topic", "time"])
    db["post_versions"].create(
        {"forum": str, "post_id": int, "n": int, "html": str, "content_hash": str, "edited": int,
         "edit_at": str, "edit_by": str, "edit_reason": str, "seen_at": str},
        pk=("forum", "post_id", "n"), not_null={"html", "content_hash", "seen_at"})
    db["crawl_runs"].create(
        {"id": int, "topic": int, "started_at": str, "finished_at": str, "requests": int,
         "bytes": int, "pages": int, "new": int, "changed": int, "deleted": int, "error": str},
        pk="id", not_null={"topic", "started_at"})
    db["crawl_runs"].create_index(["topic", "started_at"])


def _m002_game_phases(db: sqlite_utils.Database) -> None:
    # mafvote.game: every applied step of a game in order (a resolved night, a closed day, a modkill,
    # a replacement, a state the GM set by hand) with the GameState after it; `undo` drops the last.
    db["game_phases"].create(
        {"game_id": str, "seq": int, "number": int, "kind": str, "start": str, "deadline": str,
         "state": str, "outcome": str, "applied_at": str, "how": str},
        pk=("game_id", "seq"), not_null={"number", "kind", "state", "applied_at", "how"})


def _m003_alerts_and_publishing(db: sqlite_utils.Database) -> None:
    # mafvote.alerts: each alert once per (game, key), and its delivery per channel ("log" included)
    # with attempts, the last error (scrubbed of secrets) and when to try again.
    db["alerts"].create(
        {"game": str, "key": str, "kind": str, "phase": str, "text": str, "time": str,
         "post_url": str, "recorded_at": str},
        pk=("game", "key"), not_null={"kind", "phase", "text", "time", "recorded_at"})
    db["alert_deliveries"].create(
        {"game": str, "key": str, "channel": str, "sent_at": str, "attempts": int,
         "last_try_at": str, "next_try_at": str, "last_error": str},
        pk=("game", "key", "channel"), defaults={"attempts": 0})
    db["alert_deliveries"].create_index(["channel", "sent_at"])
    # mafvote.publish: the running count post of each game on its forum, so a restart edits it.
    db["published_counts"].create(
        {"game": str, "forum": str, "topic": str, "day": int, "post_id": int, "posted_at": str,
         "updated_at": str, "content_hash": str, "last_try_at": str, "not_before": str,
         "last_error": str},
        pk="game")


def _m004_posts_by_author(db: sqlite_utils.Database) -> None:
    # `Store.posts(before=..., last_per_author=True)`: a count asks for each author's latest post before its
    # day (when a player last wrote, for the 24 h silence). With this index that is a few seeks per author
    # instead of a pass over every earlier post of the game, which grows day after day.
    db["posts"].create_index(["topic", "author", "time"])


def _m005_crawl_runs_by_topic_and_id(db: sqlite_utils.Database) -> None:
    # `Store.failing_runs`: the daemon asks after every crawl of a topic for its failures since the last
    # success. Newest first through this index, that read stops at the last success; without it, it went
    # through every run the topic ever had (one a poll: ~1,400 a day per topic at a 1-minute interval).
    db["crawl_runs"].create_index(["topic", "id"])


def _m006_post_readings(db: sqlite_utils.Database) -> None:
    # Each post version's reading (`tally.recognise.Flat` as JSON: its text without quotes, spoilers and
    # signatures, the colour and boldness of each character) made when the version is stored, and the version
    # of the reading code that made it (`READING_VERSION`): a count reads these instead of parsing HTML. A store
    # from before has none; `Store` reads them at its next writable open, as it does any of older code.
    db["post_versions"].add_column("reading", str)
    db["post_versions"].add_column("reading_code", int)
    db["post_versions"].create_index(["reading_code"])


# Append new migrations at the end; the index + 1 is the schema version they bring the file to.
MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [
    _m001_initial, _m002_game_phases, _m003_alerts_and_publishing, _m004_posts_by_author,
    _m005_crawl_runs_by_topic_and_id, _m006_post_readings]


def _reading_code():
    # tally's package imports the count and rich: only a store that stores or reads posts needs it
    from tally.recognise import READING_VERSION, flatten

    return READING_VERSION, flatten


# --- the store ---------------------------------------------------------------------------------

_IDS_PER_QUERY = 500      # post ids per `in (...)` lookup, well under SQLite's variable limit


_LOCKED = ("SQLITE_BUSY", "SQLITE_LOCKED")
_READ_ONLY = ("SQLITE_READONLY",)


def _sqlite_code(exc: BaseException) -> str:
    name = getattr(exc, "sqlite_errorname", None) or ""
    if not name:      # older SQLite bindings: only the message
        text = str(exc)
        if "locked" in text:
            name = "SQLITE_BUSY"
        elif "readonly" in text:
            name = "SQLITE_READONLY"
    return name


def _locked_message(path: Path) -> str:
    return (f"store {path} is locked: another program kept writing it for {BUSY_TIMEOUT:g} s (a second "
            "`mafvote crawl`, `mafvote run`, or an SQLite tool with a transaction open); try again when it "
            "is done")


def _disk_full(path: Path, exc: BaseException) -> bool:
    """SQLITE_FULL, ENOSPC, or an I/O error of SQLite while the store's disk has no room left (SQLite says
    "disk I/O error" when it cannot even grow its -wal or -shm file)."""
    code = _sqlite_code(exc)
    if code == "SQLITE_FULL" or getattr(exc, "errno", None) == errno.ENOSPC:
        return True
    if code.startswith("SQLITE_IOERR") or "disk I/O error" in str(exc):
        try:
            stat = os.statvfs(Path(path).resolve().parent)
        except OSError:
            return False
        return stat.f_bavail * stat.f_frsize < 1024 * 1024
    return False


def _disk_full_message(path: Path, what: object) -> str:
    # Never "damaged": SQLite rolls the failed change back, and moving the store away would lose the game.
    return (f"store {path}: the disk is full ({what}); free space and run again; the store is intact (the change "
            "that did not fit was not written)")


def _damaged_message(path: Path, what: object) -> str:
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
    code = _sqlite_code(exc)
    if _disk_full(path, exc):
        return StoreError(_disk_full_message(path, exc))
    if code.startswith(_LOCKED):
        return StoreError(_locked_message(path))
    if code.startswith(_READ_ONLY):
        return StoreError(_read_only_message(path))
    if code == "SQLITE_NOTADB":
        return StoreError(f"not a mafvote store: {path} is not an SQLite database ({exc}); check [store].path "
                          "in the config")
    return StoreError(_damaged_message(path, exc))


def _read_only_message(path: Path) -> str:
    return (f"store {path} is read-only (this user cannot write the file or its folder, or the disk is "
            "mounted read-only): this command needs to write it; make both writable (chmod u+w), run mafvote "
            "as the user who owns them, or point [store].path at a writable copy. Commands that only read "
            "(state, tally, posts, votes, render, status) work on it as it is")


class _Database(sqlite_utils.Database):
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
    def atomic(self) -> Iterator["_Database"]:
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
            raise StoreError(_damaged_message(self.store_path, f"SQLite's check found: {problem}") +
                             "; nothing was written")
        self.checked = True

    def execute(self, sql: str, parameters: Sequence | dict[str, Any] | None = None) -> sqlite3.Cursor:
        try:
            return super().execute(sql, parameters)
        except sqlite3.OperationalError as exc:
            raise self._store_error(exc) from exc

    def _store_error(self, exc: sqlite3.OperationalError) -> Exception:
        code = _sqlite_code(exc)
        if _disk_full(self.store_path, exc):
            return StoreError(_disk_full_message(self.store_path, exc))
        if code.startswith(_LOCKED):
            return StoreError(_locked_message(self.store_path))
        if code.startswith(_READ_ONLY):
            return StoreError(_read_only_message(self.store_path))
        return exc


_SCHEMAS: dict[int, dict[str, set[str]]] = {}


def _expected_schema(count: int) -> dict[str, set[str]]:
    """table -> columns of a store made by the first `count` of `MIGRATIONS`, worked out once per process on an
    empty store in memory."""
    if count not in _SCHEMAS:
        db = sqlite_utils.Database(memory=True)
        db["schema_version"].create({"id": int, "version": int, "migrated_at": str}, pk="id")
        for migration in MIGRATIONS[:count]:
            migration(db)
        _SCHEMAS[count] = {t.name: {c.name for c in t.columns} for t in db.tables}
        db.close()
    return _SCHEMAS[count]


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
        return sqlite3.connect(str(path), timeout=BUSY_TIMEOUT)
    uri = path.resolve().as_uri()
    try:
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=BUSY_TIMEOUT)
        conn.execute("select count(*) from sqlite_master").fetchone()
        return conn
    except sqlite3.OperationalError as exc:
        # A WAL-mode file on a read-only disk opens with mode=ro only where SQLite can make its -shm
        # file. With no -wal content to lose, `immutable` reads the file as it is; with some, it would
        # miss the last writes, so the error stands.
        wal = path.with_name(path.name + "-wal")
        if _sqlite_code(exc) != "SQLITE_CANTOPEN" or (wal.exists() and wal.stat().st_size > 0):
            raise
    return sqlite3.connect(f"{uri}?immutable=1", uri=True, timeout=BUSY_TIMEOUT)


class Store:
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
            raise StoreError(f"store {self.path} is a folder, not a file; check [store].path in the config "
                             "(it names the SQLite file, e.g. mafvote.db)")
        if exists and not memory and _stays_empty(self.path):
            # SQLite takes an empty file for a new database, but mafvote never leaves one: its store has a header
            # and a schema from its first use on. An empty one was truncated (a full disk, a copy cut short);
            # opening it as new would show the GM a game of night 1 with everyone alive.
            raise StoreError(f"store {self.path} is empty (0 bytes): it was truncated (a full disk? a copy cut "
                             "short?); restore it from a backup, or delete the file to start a new store (the "
                             "nights resolved and days closed would have to be entered again)")
        self.read_only = bool(read_only) if read_only is not None else (exists and not memory
                                                                         and not _writable(self.path))
        try:
            if not memory and not exists:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = _connect(self.path, read_only=self.read_only) if not memory else sqlite3.connect(":memory:")
            # Python's implicit transactions (a lone write outside `atomic`) take the write lock up front too.
            conn.isolation_level = "IMMEDIATE"
            self.db = _Database(conn)
            self.db.store_path = self.path
            self._refuse_foreign()
            if not self.read_only:
                self._enable_wal()
            # In WAL mode NORMAL still commits each page atomically; only the last commits before a
            # power cut (not a process kill) may be rolled back, and the next crawl re-reads them.
            self.db.execute("PRAGMA synchronous = NORMAL")
            self._migrate(list(migrations))
            self._check_schema(list(migrations))
            if not self.read_only and len(migrations) >= 6 and migrations[5] is _m006_post_readings:
                self._read_stale_readings()
        except StoreError:
            self._close_quietly()
            raise
        except (OSError, sqlite3.DatabaseError) as exc:
            self._close_quietly()
            raise StoreError(self._open_problem(exc)) from exc

    def _open_problem(self, exc: BaseException) -> str:
        code = _sqlite_code(exc)
        if _disk_full(self.path, exc):
            return _disk_full_message(self.path, exc)
        if code.startswith(_LOCKED):
            return _locked_message(self.path)
        if code == "SQLITE_NOTADB":
            return (f"not a mafvote store: {self.path} is not an SQLite database ({exc}); check [store].path "
                    "in the config")
        if code == "SQLITE_CORRUPT":
            return _damaged_message(self.path, exc)
        return (f"store {self.path}: cannot open ({exc}); check [store].path in the config and the "
                "folder's permissions")

    def _check_schema(self, migrations: list[Callable[[sqlite_utils.Database], None]]) -> None:
        """Every table and column the migrations make is there: `schema_version` alone does not prove it (a table
        dropped by hand, a store copied in part); a command would fail half-way with "no such table"."""
        # mafvote's own migrations only (a test's appended one is not run twice to learn its tables)
        own = 0
        while own < min(len(migrations), len(MIGRATIONS)) and migrations[own] is MIGRATIONS[own]:
            own += 1
        expected = _expected_schema(own)
        found: dict[str, set[str]] = {}
        for (table,) in self.db.conn.execute("select name from sqlite_master where type = 'table'"):
            found[table] = {r[1] for r in self.db.conn.execute(f"PRAGMA table_info([{table}])")}
        for table, columns in expected.items():
            if table not in found:
                raise StoreError(_damaged_message(self.path, f"table {table} is missing"))
            missing = sorted(columns - found[table])
            if missing:
                raise StoreError(_damaged_message(self.path, f"table {table} has no column {', '.join(missing)}"))

    def _enable_wal(self) -> None:
        """WAL mode, once per file. Switching a new file's journal mode needs it to itself, and SQLite answers
        "locked" at once, without waiting, when two first uses of a new store switch it together; so the
        switch is tried again for up to the busy timeout (a file already in WAL mode is not switched)."""
        deadline = time.monotonic() + BUSY_TIMEOUT
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
            shown = ", ".join(tables[:6]) + (f" and {len(tables) - 6} more" if len(tables) > 6 else "")
            raise StoreError(f"not a mafvote store: {self.path} has tables {shown} and no mafvote schema; "
                             "check [store].path in the config")

    def _close_quietly(self) -> None:
        db = getattr(self, "db", None)
        if db is not None:
            with contextlib.suppress(sqlite3.Error):
                db.close()

    # -- lifecycle --
    def _clean(self, text: str | None) -> str | None:
        """Free text on its way into the store, without secrets."""
        return self._scrub(text) if text else text

    def _clean_json(self, value: Any) -> str:
        # each string inside is scrubbed, not the JSON text: a secret holding `"` or `\` is escaped in JSON
        return json.dumps(_scrub_strings(value, self._scrub), ensure_ascii=False)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        if not self.db["schema_version"].exists():
            return 0
        rows = list(self.db.query("select version from schema_version where id = 1"))
        return rows[0]["version"] if rows else 0

    def _migrate(self, migrations: list[Callable[[sqlite_utils.Database], None]]) -> None:
        current = self.schema_version           # read without the write lock: most opens change nothing
        if current > len(migrations):
            raise StoreError(
                f"store {self.path} has schema version {current}, newer than this mafvote "
                f"knows ({len(migrations)}); upgrade mafvote or point [store].path elsewhere")
        if current == len(migrations):
            return
        if self.read_only:
            raise StoreError(
                f"store {self.path} is read-only and needs an upgrade to schema version {len(migrations)} "
                f"(it has {current}): make it and its folder writable and run any mafvote command once")
        with self.db.atomic():
            if not self.db["schema_version"].exists():
                self.db["schema_version"].create(
                    {"id": int, "version": int, "migrated_at": str}, pk="id")
            current = self.schema_version       # again under the lock: another process may have just done it
            for version, migration in enumerate(migrations[current:], start=current + 1):
                migration(self.db)
                self.db["schema_version"].upsert(
                    {"id": 1, "version": version,
                     "migrated_at": to_db_time(datetime.now(timezone.utc))}, pk="id")

    # Post versions read again per transaction: a store of 30,000 posts from before the readings (or after a
    # change of the reading code) is read in a few seconds at its first open, in steps another process can
    # interleave with.
    _READINGS_PER_STEP = 500

    def _read_stale_readings(self) -> None:
        """Every post version whose stored reading is missing or was made by another version of the reading code
        (`tally.recognise.READING_VERSION`) read again from its HTML: a count never trusts a reading of other
        code. Each open looks for one such version through the index on `reading_code`; most find none."""
        code, flatten = _reading_code()
        stale = ("select forum, post_id, n, html from post_versions where reading_code is null or reading_code < ? "
                 "or reading_code > ? limit ?")
        while True:
            rows = list(self.db.query(stale, [code, code, self._READINGS_PER_STEP]))
            if not rows:
                return
            with self.db.atomic():
                for r in rows:
                    self.db.execute("update post_versions set reading = ?, reading_code = ? "
                                    "where forum = ? and post_id = ? and n = ?",
                                    [flatten(r["html"]).to_json(), code, r["forum"], r["post_id"], r["n"]])

    # -- forums and topics --
    def ensure_forum(self, forum_id: str, *, engine: str, base_url: str, timezone_name: str) -> None:
        with self.db.atomic():
            self.db["forums"].upsert({"id": forum_id, "engine": engine, "base_url": base_url,
                                      "timezone": timezone_name}, pk="id")

    def ensure_topic(self, forum: str, topic_id: str, *, url: str, kind: str,
                     game_id: str | None) -> Topic:
        """The topic row for (forum, topic_id), created on first use; url/kind/game follow the config.
        A topic whose URL changed in the config (the forum moved to https, a new domain or port) has its
        stored page addresses moved with it (`_follow_url`), so the next crawl resumes at the new address."""
        with self.db.atomic():
            existing = self.topic(forum, topic_id)
            if existing is None:
                self.db["topics"].insert({"forum": forum, "topic_id": topic_id, "url": url,
                                          "kind": kind, "game_id": game_id, "pages_known": 0})
            else:
                if existing.url != url:
                    self._follow_url(existing.id, existing.url, url)
                self.db.execute("update topics set url = ?, kind = ?, game_id = ? where id = ?",
                                [url, kind, game_id, existing.id])
        topic = self.topic(forum, topic_id)
        assert topic is not None
        return topic

    def url_changes(self, forum_id: str, base_url: str, game_id: str,
                    topics: Iterable[tuple[str, str]]) -> list[tuple[str, str, str]]:
        """What the config moved since the store last followed it: ("forum", old, new) for the forum's
        `base_url` and (kind, old, new) for each (kind, url) of the game's topics whose stored URL differs.
        Read only: `ensure_forum` / `ensure_topic` (the crawl) make the store follow."""
        out: list[tuple[str, str, str]] = []
        rows = list(self.db.query("select base_url from forums where id = ?", [forum_id]))
        if rows and rows[0]["base_url"] != base_url:
            out.append(("forum", rows[0]["base_url"], base_url))
        stored = [t for t in self.topics(game_id) if t.forum == forum_id]
        for kind, url in topics:
            mine = [t for t in stored if t.kind == kind]
            if mine and all(t.url != url for t in mine):
                out.append((kind, mine[-1].url, url))
        return out

    def _follow_url(self, tid: int, old: str, new: str) -> None:
        """Move a topic's stored page addresses from its old URL to the new one (inside a transaction). Only
        addresses change: posts stay keyed by the forum's post id, so nothing is lost or read twice. A page
        whose address cannot be moved (it does not start like the old topic URL) is forgotten: the crawl then
        reads from the new URL's first page, and the posts it finds again are the same stored posts."""
        roots = _url_roots(old, new)

        def move(url: str) -> str | None:
            if url == old:
                return new
            return _rebase(url, *roots) if roots is not None else None

        for page in self.pages(tid):
            url = move(page.url)
            next_url = move(page.next_url) if page.next_url else None
            if url is None or (page.next_url and next_url is None):
                self.db.execute("delete from pages where topic = ? and page = ?", [tid, page.page])
            else:
                self.db.execute("update pages set url = ?, next_url = ? where topic = ? and page = ?",
                                [url, next_url, tid, page.page])

    def topic(self, forum: str, topic_id: str) -> Topic | None:
        rows = list(self.db.query("select * from topics where forum = ? and topic_id = ?",
                                  [forum, str(topic_id)]))
        return _topic(rows[0]) if rows else None

    def topic_by_id(self, topic: int) -> Topic:
        return _topic(next(self.db.query("select * from topics where id = ?", [topic])))

    def topics(self, game_id: str | None = None) -> list[Topic]:
        if game_id is None:
            rows = self.db.query("select * from topics order by id")
        else:
            rows = self.db.query("select * from topics where game_id = ? order by id", [game_id])
        return [_topic(r) for r in rows]

    def set_topic_crawled(self, topic: Topic | int, at: datetime, *, reread: bool = False) -> None:
        tid = _tid(topic)
        with self.db.atomic():
            self.db.execute("update topics set last_crawl_at = ? where id = ?", [to_db_time(at), tid])
            if reread:
                self.db.execute("update topics set last_reread_at = ? where id = ?",
                                [to_db_time(at), tid])

    # -- pages --
    def pages(self, topic: Topic | int) -> list[StoredPage]:
        rows = self.db.query("select * from pages where topic = ? order by page", [_tid(topic)])
        return [_page(r) for r in rows]

    def page(self, topic: Topic | int, page: int) -> StoredPage | None:
        rows = list(self.db.query("select * from pages where topic = ? and page = ?",
                                  [_tid(topic), page]))
        return _page(rows[0]) if rows else None

    def last_page(self, topic: Topic | int) -> StoredPage | None:
        """The stored page with the highest number: where the newest stored post is."""
        rows = list(self.db.query(
            "select * from pages where topic = ? order by page desc limit 1", [_tid(topic)]))
        return _page(rows[0]) if rows else None

    def first_page_since(self, topic: Topic | int, since: datetime) -> int | None:
        """The lowest page holding a live post whose time is at or after `since`."""
        rows = list(self.db.query(
            "select min(page) as p from posts where topic = ? and time >= ? and deleted_at is null",
            [_tid(topic), to_db_time(since)]))
        return rows[0]["p"] if rows and rows[0]["p"] is not None else None

    def touch_page(self, topic: Topic | int, page: int, fetched_at: datetime) -> None:
        """A page answered "not modified" (or byte-identical): its posts were seen again."""
        tid, at = _tid(topic), to_db_time(fetched_at)
        with self.db.atomic():
            self.db.execute("update pages set fetched_at = ? where topic = ? and page = ?",
                            [at, tid, page])
            self.db.execute(
                "update posts set last_seen = ? where topic = ? and page = ? and deleted_at is null",
                [at, tid, page])

    def drop_pages_after(self, topic: Topic | int, last_page: int) -> None:
        """The topic now ends at `last_page` (posts were deleted): forget the page rows past it."""
        tid = _tid(topic)
        with self.db.atomic():
            self.db.execute("delete from pages where topic = ? and page > ?", [tid, last_page])
            self.db.execute("update topics set pages_known = ? where id = ?", [last_page, tid])

    def upsert_page(self, topic: Topic | int, parsed, fetched: FetchedMeta) -> PageChanges:
        """Store one parsed page (a `scraper.ParsedPage`) and its posts in one transaction."""
        tid = _tid(topic)
        row = next(self.db.query("select forum from topics where id = ?", [tid]))
        forum = row["forum"]
        seen_at = to_db_time(fetched.fetched_at)
        new: list[int] = []
        changed: list[int] = []
        restored: list[int] = []
        with self.db.atomic():
            for post in parsed.posts:
                status = self._upsert_post(forum, tid, post, seen_at)
                if status == "new":
                    new.append(post.post_id)
                elif status == "changed":
                    changed.append(post.post_id)
                elif status == "restored":
                    restored.append(post.post_id)
            self.db["pages"].upsert({
                "topic": tid, "page": parsed.page, "url": fetched.url, "etag": fetched.etag,
                "last_modified": fetched.last_modified, "content_hash": fetched.content_hash,
                "next_url": parsed.next_url,
                "post_ids": ",".join(str(p.post_id) for p in parsed.posts),
                "fetched_at": seen_at}, pk=("topic", "page"))
            self.db.execute(
                "update topics set pages_known = max(pages_known, ?), title = coalesce(?, title) "
                "where id = ?", [parsed.page, parsed.title, tid])
        return PageChanges(page=parsed.page, new=tuple(new), changed=tuple(changed),
                           restored=tuple(restored), seen=tuple(p.post_id for p in parsed.posts))

    def _upsert_post(self, forum: str, tid: int, post, seen_at: str) -> str:
        edit = post.edit
        edit_fields = {
            "edited": int(edit is not None),
            "edit_at": to_db_time(edit.at) if edit is not None and edit.at is not None else None,
            "edit_by": edit.by if edit is not None else None,
            "edit_reason": edit.reason if edit is not None else None,
        }
        rows = list(self.db.query(
            "select p.version, p.deleted_at, v.content_hash from posts p join post_versions v "
            "on v.forum = p.forum and v.post_id = p.post_id and v.n = p.version "
            "where p.forum = ? and p.post_id = ?", [forum, post.post_id]))
        common = {"topic": tid, "page": post.page, "position": post.position,
                  "author": post.author, "author_id": post.author_id,
                  "time": to_db_time(post.time), "last_seen": seen_at, **edit_fields}
        if not rows:
            self._insert("posts", {"forum": forum, "post_id": post.post_id, **common,
                                   "first_seen": seen_at, "deleted_at": None, "version": 1})
            self._insert("post_versions", {"forum": forum, "post_id": post.post_id, "n": 1,
                                           "html": post.html, "content_hash": post.content_hash,
                                           "seen_at": seen_at, **edit_fields, **_reading(post.html)})
            return "new"
        version, deleted_at, current_hash = rows[0]["version"], rows[0]["deleted_at"], rows[0]["content_hash"]
        status = "seen"
        if current_hash != post.content_hash:
            version += 1
            # Never overwrite: version 1 is the vote as first seen (issue 2 item 4).
            self._insert("post_versions", {"forum": forum, "post_id": post.post_id, "n": version,
                                           "html": post.html, "content_hash": post.content_hash,
                                           "seen_at": seen_at, **edit_fields, **_reading(post.html)})
            status = "changed"
        elif deleted_at is not None:
            status = "restored"
        sets = ", ".join(f"{k} = ?" for k in common)
        self.db.execute(f"update posts set {sets}, version = ?, deleted_at = null "
                        f"where forum = ? and post_id = ?",
                        [*common.values(), version, forum, post.post_id])
        return status

    def _insert(self, table: str, row: dict) -> None:
        # Plain INSERT (no ON CONFLICT): a second row for a key is a bug and must fail loudly.
        # sqlite-utils' insert() re-reads the table's schema per call, which is most of a page's cost.
        columns = ", ".join(row)
        marks = ", ".join("?" * len(row))
        self.db.execute(f"insert into {table} ({columns}) values ({marks})", list(row.values()))

    # -- deletions --
    def live_post_ids(self, topic: Topic | int, *, min_page: int | None = None) -> list[int]:
        sql = "select post_id from posts where topic = ? and deleted_at is null"
        params: list[object] = [_tid(topic)]
        if min_page is not None:
            sql += " and page >= ?"
            params.append(min_page)
        return [r["post_id"] for r in self.db.query(sql + " order by post_id", params)]

    def mark_deleted(self, topic: Topic | int, post_ids: Iterable[int], at: datetime) -> list[int]:
        """Mark posts of `topic` as deleted at `at` (kept, with every version). Returns the ids marked."""
        tid = _tid(topic)
        forum = next(self.db.query("select forum from topics where id = ?", [tid]))["forum"]
        marked = []
        with self.db.atomic():
            for pid in post_ids:
                cur = self.db.execute(
                    "update posts set deleted_at = ? where forum = ? and post_id = ? and topic = ? "
                    "and deleted_at is null", [to_db_time(at), forum, pid, tid])
                if cur.rowcount:
                    marked.append(pid)
        return marked

    # -- crawl runs --
    def start_crawl(self, topic: Topic | int, started_at: datetime) -> int:
        with self.db.atomic():
            table = self.db["crawl_runs"].insert({
                "topic": _tid(topic), "started_at": to_db_time(started_at), "requests": 0,
                "bytes": 0, "pages": 0, "new": 0, "changed": 0, "deleted": 0})
        return int(table.last_pk)

    def finish_crawl(self, run_id: int, finished_at: datetime, *, requests: int, bytes: int,
                     pages: int, new: int, changed: int, deleted: int, error: str | None) -> None:
        with self.db.atomic():
            self.db["crawl_runs"].update(run_id, {
                "finished_at": to_db_time(finished_at), "requests": requests, "bytes": bytes,
                "pages": pages, "new": new, "changed": changed, "deleted": deleted, "error": self._clean(error)})

    def crawl_runs(self, topic: Topic | int | None = None) -> list[CrawlRun]:
        if topic is None:
            rows = self.db.query("select * from crawl_runs order by id")
        else:
            rows = self.db.query("select * from crawl_runs where topic = ? order by id", [_tid(topic)])
        return [_crawl_run(r) for r in rows]

    def last_crawl_run(self, *, game_id: str, kind: str) -> CrawlRun | None:
        """The latest crawl run of the game's topic of this kind ("vote" | "game"), finished or not: a run
        with no `finished_at` was cut off (Ctrl-C, a kill) or is going on now."""
        rows = list(self.db.query(
            "select r.* from topics t cross join crawl_runs r on r.topic = t.id "
            "where t.game_id = ? and t.kind = ? order by r.id desc limit 1", [game_id, kind]))
        return _crawl_run(rows[0]) if rows else None

    def vote_thread_read(self, game_id: str) -> bool:
        """The game's vote thread has been crawled to its end at least once (a finished run without an error)."""
        rows = self.db.query(
            "select 1 from crawl_runs r join topics t on t.id = r.topic where t.game_id = ? and t.kind = 'vote' "
            "and r.finished_at is not null and r.error is null limit 1", [game_id])
        return any(True for _ in rows)

    def game_changes(self, game_id: str) -> tuple:
        """What a count of the game depends on that any process may change: its applied steps (count, last
        seq) and the last crawl of its vote thread that changed anything. Equal values: nothing to recount."""
        phases = next(self.db.query("select count(*) as n, max(seq) as s from game_phases where game_id = ?",
                                    [game_id]))
        crawled = next(self.db.query(
            "select max(r.id) as id from crawl_runs r join topics t on t.id = r.topic where t.game_id = ? and "
            "t.kind = 'vote' and (coalesce(r.new, 0) + coalesce(r.changed, 0) + coalesce(r.deleted, 0)) > 0",
            [game_id]))
        return phases["n"], phases["s"], crawled["id"]

    def failing_runs(self, topic: Topic | int) -> list[CrawlRun]:
        """The topic's current run of failed crawls, newest first: the runs with an error since its last
        finished run without one (runs still going, or cut off without a word, are skipped)."""
        out = []
        for r in self.db.query("select * from crawl_runs where topic = ? order by id desc", [_tid(topic)]):
            if r["error"] is None:
                if r["finished_at"] is not None:
                    break
                continue
            out.append(_crawl_run(r))
        return out

    def latest_run(self, topic: Topic | int) -> CrawlRun | None:
        """The topic's latest crawl run, finished or not (`mafvote status`: a run with no `finished_at` and no
        error was cut off or is going on now)."""
        rows = list(self.db.query("select * from crawl_runs where topic = ? order by id desc limit 1", [_tid(topic)]))
        return _crawl_run(rows[0]) if rows else None

    def latest_failed_run(self, topic: Topic | int) -> CrawlRun | None:
        """The topic's latest crawl run that ended with an error (`mafvote status`: the last problem)."""
        rows = list(self.db.query("select * from crawl_runs where topic = ? and error is not null "
                                  "order by id desc limit 1", [_tid(topic)]))
        return _crawl_run(rows[0]) if rows else None

    def phase_counts(self) -> tuple[tuple[str, int, int], ...]:
        """(game, applied steps, last step's seq) of every game, by game: it changes whenever a GM applies or
        undoes a step in any process (the daemon's scheduler then recomputes its deadline jobs)."""
        rows = self.db.query("select game_id, count(*) as n, max(seq) as s from game_phases group by game_id")
        return tuple(sorted((r["game_id"], r["n"], r["s"]) for r in rows))

    def alert_count(self, game_id: str) -> int:
        """How many alerts the game has had recorded (`mafvote status`)."""
        return next(self.db.query("select count(*) as n from alerts where game = ?", [game_id]))["n"]

    # -- game journal (game_phases: the steps a GM applied, `mafvote.game.GameService`) --
    def game_phases(self, game_id: str) -> list[StoredPhase]:
        """The game's applied steps in the order they were applied."""
        rows = self.db.query("select * from game_phases where game_id = ? order by seq", [game_id])
        return [StoredPhase(seq=r["seq"], number=r["number"], kind=r["kind"], start=from_db_time(r["start"]),
                            deadline=from_db_time(r["deadline"]), state=json.loads(r["state"]),
                            outcome=json.loads(r["outcome"] or "{}"), applied_at=from_db_time(r["applied_at"]),
                            how=r["how"])
                for r in rows]

    def append_game_phase(self, game_id: str, *, number: int, kind: str, start: datetime | None,
                          deadline: datetime | None, state: Mapping[str, Any], outcome: Mapping[str, Any],
                          applied_at: datetime, how: str) -> int:
        """Store one applied step after the game's last; its seq."""
        with self.db.atomic():
            rows = list(self.db.query("select max(seq) as m from game_phases where game_id = ?", [game_id]))
            seq = (rows[0]["m"] or 0) + 1
            self.db.execute(
                "insert into game_phases (game_id, seq, number, kind, start, deadline, state, outcome, applied_at, how) "
                "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [game_id, seq, number, kind, to_db_time(start), to_db_time(deadline),
                 self._clean_json(state), self._clean_json(outcome), to_db_time(applied_at), self._clean(how)])
        return seq

    def drop_game_phase(self, game_id: str, seq: int) -> None:
        with self.db.atomic():
            self.db.execute("delete from game_phases where game_id = ? and seq = ?", [game_id, seq])

    # -- alert log (`mafvote.alerts.AlertLog`: what was alerted, and its delivery on each channel) --
    def has_tables(self, *names: str) -> bool:
        return all(self.db[name].exists() for name in names)

    def record_alert(self, *, game: str, key: str, kind: str, phase: str, text: str, time: datetime,
                     post_url: str | None, channels: Iterable[str], now: datetime) -> bool:
        """The alert with a pending delivery per channel; False (and nothing written) when the game already has
        an alert with this key."""
        with self.db.atomic():
            cur = self.db.execute(
                "insert or ignore into alerts (game, key, kind, phase, text, time, post_url, recorded_at) "
                "values (?, ?, ?, ?, ?, ?, ?, ?)",
                [game, key, kind, phase, self._clean(text), to_db_time(time), post_url, to_db_time(now)])
            if cur.rowcount == 0:
                return False
            for channel in channels:
                self.db.execute("insert into alert_deliveries (game, key, channel, attempts) values (?, ?, ?, 0)",
                                [game, key, channel])
        return True

    def alert_recorded(self, game: str, key: str) -> bool:
        return bool(list(self.db.query("select 1 from alerts where game = ? and key = ?", [game, key])))

    def mark_delivery_sent(self, game: str, key: str, channel: str, *, at: datetime, attempts: int) -> None:
        with self.db.atomic():
            self.db.execute(
                "update alert_deliveries set sent_at = ?, attempts = attempts + ?, last_try_at = ?, "
                "next_try_at = null where game = ? and key = ? and channel = ?",
                [to_db_time(at), attempts, to_db_time(at), game, key, channel])

    def mark_delivery_failed(self, game: str, key: str, channel: str, *, at: datetime, attempts: int, error: str,
                             next_try_at: datetime | None) -> None:
        with self.db.atomic():
            self.db.execute(
                "update alert_deliveries set attempts = attempts + ?, last_try_at = ?, next_try_at = ?, "
                "last_error = ? where game = ? and key = ? and channel = ?",
                [attempts, to_db_time(at), to_db_time(next_try_at), self._clean(error), game, key, channel])

    def alert_deliveries(self, *, game: str | None = None, pending_only: bool = False,
                         channel: str | None = None) -> list[AlertDeliveryRow]:
        """The deliveries in the order the alerts were recorded, then by channel."""
        where, params = ["1 = 1"], []
        if game is not None:
            where.append("d.game = ?")
            params.append(game)
        if pending_only:
            where.append("d.sent_at is null")
        if channel is not None:
            where.append("d.channel = ?")
            params.append(channel)
        rows = self.db.query(
            "select a.*, d.channel, d.sent_at, d.attempts, d.last_try_at, d.next_try_at, d.last_error "
            "from alert_deliveries d join alerts a on a.game = d.game and a.key = d.key "
            f"where {' and '.join(where)} order by a.recorded_at, a.rowid, d.channel", params)
        return [AlertDeliveryRow(game=r["game"], key=r["key"], kind=r["kind"], phase=r["phase"], text=r["text"],
                                 time=from_db_time(r["time"]), post_url=r["post_url"], channel=r["channel"],
                                 sent_at=from_db_time(r["sent_at"]), attempts=r["attempts"] or 0,
                                 last_try_at=from_db_time(r["last_try_at"]),
                                 next_try_at=from_db_time(r["next_try_at"]), last_error=r["last_error"])
                for r in rows]

    # -- published counts (`mafvote.publish.PublishLog`: the running count post of each game) --
    def published_state(self, game: str) -> PublishState:
        rows = list(self.db.query("select * from published_counts where game = ?", [game]))
        if not rows:
            return PublishState(game)
        r = rows[0]
        return PublishState(game=game, forum=r["forum"], topic=r["topic"], day=r["day"], post_id=r["post_id"],
                            posted_at=from_db_time(r["posted_at"]), updated_at=from_db_time(r["updated_at"]),
                            content_hash=r["content_hash"], last_try_at=from_db_time(r["last_try_at"]),
                            not_before=from_db_time(r["not_before"]), last_error=r["last_error"])

    def save_published_state(self, state: PublishState) -> None:
        with self.db.atomic():
            self.db["published_counts"].upsert({
                "game": state.game, "forum": state.forum, "topic": state.topic, "day": state.day,
                "post_id": state.post_id,
                "posted_at": to_db_time(state.posted_at), "updated_at": to_db_time(state.updated_at),
                "content_hash": state.content_hash, "last_try_at": to_db_time(state.last_try_at),
                "not_before": to_db_time(state.not_before), "last_error": self._clean(state.last_error)}, pk="game")

    def published_post_ids(self, game_id: str) -> set[int]:
        """The ids of the game's running count posts mafvote published (none in a store without the table)."""
        if not self.db["published_counts"].exists():
            return set()
        return {r["post_id"] for r in self.db.query(
            "select post_id from published_counts where game = ? and post_id is not null", [game_id])}

    # -- readers --
    def post_versions(self, post: StoredPost | tuple[str, int]) -> list[PostVersion]:
        forum, post_id = (post.forum, post.post_id) if isinstance(post, StoredPost) else post
        rows = self.db.query("select * from post_versions where forum = ? and post_id = ? order by n",
                             [forum, post_id])
        return [_version(r) for r in rows]

    def posts(self, *, game_id: str | None = None, topic: Topic | int | None = None,
              kind: str | None = None, include_deleted: bool = False,
              as_of: datetime | None = None, since: datetime | None = None,
              before: datetime | None = None, last_per_author: bool = False) -> list[StoredPost]:
        """Stored posts in thread order: by topic, then by forum post id (page and position go
        stale for pages a poll did not re-read, ids do not).

        `as_of` answers "what did mafvote know then": only posts first seen by then, the latest
        version seen by then, and deleted only if the deletion was seen by then.

        `since` / `before` keep the posts whose time is at or after `since` / before `before`. A post's
        time is when it was written: an edit keeps it, so a day's window never loses an edited post.
        `last_per_author` keeps only each author's latest post of each topic among the rest (the author
        as the forum spells it; as of `as_of`, a deleted one only with `include_deleted`): when each
        account last wrote, all a count needs of the posts before its day (`GameService.count_inputs`).
        Without `since`, `before` and `last_per_author`: every post, as always.
        """
        as_of_text = to_db_time(as_of) if as_of is not None else None
        rows = self._post_rows(game_id=game_id, topic=topic, kind=kind, as_of_text=as_of_text,
                               include_deleted=include_deleted, since=since, before=before,
                               last_per_author=last_per_author)
        versions = self._versions_of(rows, as_of_text)
        out = []
        for r in rows:
            deleted_at = r["deleted_at"]
            if as_of_text is not None and deleted_at is not None and deleted_at > as_of_text:
                deleted_at = None
            if deleted_at is not None and not include_deleted:
                continue
            vs = tuple(versions.get((r["forum"], r["post_id"]), ()))
            current = vs[-1]
            out.append(StoredPost(
                post_id=r["post_id"], forum=r["forum"], topic=r["topic_key"], kind=r["kind"],
                game_id=r["game_id"], page=r["page"], position=r["position"], author=r["author"],
                author_id=r["author_id"], time=from_db_time(r["time"]), html=current.html,
                first_html=vs[0].html, versions=vs,
                edited=bool(current.edited) or len(vs) > 1,
                edit_at=current.edit_at, deleted=deleted_at is not None,
                deleted_at=from_db_time(deleted_at), first_seen=from_db_time(r["first_seen"]),
                last_seen=from_db_time(r["last_seen"])))
        return out

    def _post_rows(self, *, game_id: str | None, topic: Topic | int | None, kind: str | None,
                   as_of_text: str | None, include_deleted: bool, since: datetime | None,
                   before: datetime | None, last_per_author: bool) -> list[dict]:
        """The post rows of `posts`. A game has a handful of topics: the queries go topic by topic
        (`cross join` keeps SQLite from scanning every post first) and reach the posts through an index,
        so a time-bounded or per-author read does not grow with the rest of the game."""
        tw, tp = _where([("t.game_id = ?", game_id), ("t.id = ?", None if topic is None else _tid(topic)),
                         ("t.kind = ?", kind)])                                     # which topics
        pw, pp = _where([("p.first_seen <= ?", as_of_text),                         # which posts
                         ("p.time >= ?", None if since is None else _db_time_up(since)),
                         ("p.time < ?", None if before is None else _db_time_up(before))])
        if not last_per_author:
            return list(self.db.query(
                "select p.*, t.topic_id as topic_key, t.kind, t.game_id from topics t cross join posts p "
                "on p.topic = t.id where " + " and ".join(tw + pw) + " order by p.topic, p.post_id", tp + pp))
        if not include_deleted:
            # the latest of the posts the caller gets back: a deletion seen by `as_of` rules a post out here
            if as_of_text is None:
                pw.append("p.deleted_at is null")
            else:
                pw.append("(p.deleted_at is null or p.deleted_at > ?)")
                pp.append(as_of_text)
        # Each topic's authors by jumping from one to the next in the (topic, author, time) index, then each
        # author's latest matching post from the end of their stretch of it: a few index seeks per author.
        return list(self.db.query(
            "with recursive a(topic, author) as ("
            "select t.id, (select min(p.author) from posts p where p.topic = t.id) from topics t where "
            + " and ".join(tw) + " union all "
            "select a.topic, (select min(p.author) from posts p where p.topic = a.topic and p.author > a.author) "
            "from a where a.author is not null) "
            "select r.*, t.topic_id as topic_key, t.kind, t.game_id from a cross join posts r on r.rowid = ("
            "select p.rowid from posts p where p.topic = a.topic and p.author = a.author and "
            + " and ".join(pw) + " order by p.time desc, p.rowid desc limit 1) "
            "join topics t on t.id = r.topic order by r.topic, r.post_id", tp + pp))

    def _versions_of(self, rows: list[dict], as_of_text: str | None) -> dict[tuple[str, int], list[PostVersion]]:
        """The versions of these post rows (seen by `as_of`), looked up by key: a day's posts are a small
        part of the game's, and the key lookup never scans the versions of the others."""
        out: dict[tuple[str, int], list[PostVersion]] = {}
        code = _reading_code()[0] if rows else None
        by_forum: dict[str, list[int]] = {}
        for r in rows:
            by_forum.setdefault(r["forum"], []).append(r["post_id"])
        for forum, ids in by_forum.items():
            for i in range(0, len(ids), _IDS_PER_QUERY):
                chunk = ids[i:i + _IDS_PER_QUERY]
                vrows = self.db.query(
                    "select * from post_versions where forum = ? and post_id in (" + ", ".join("?" * len(chunk))
                    + ") order by post_id, n", [forum, *chunk])
                for v in vrows:
                    if as_of_text is None or v["seen_at"] <= as_of_text:
                        out.setdefault((v["forum"], v["post_id"]), []).append(_version(v, code))
        return out


def _scrub_strings(value: Any, scrub: Callable[[str], str]) -> Any:
    """`value` (JSON-like) with `scrub` applied to every string in it, keys included; iterative, since a
    journal note is user text of any depth."""
    if isinstance(value, str):
        return scrub(value)
    if not isinstance(value, (dict, list, tuple)):
        return value
    root: list[Any] = [None]
    todo: list[tuple[Any, list | dict, Any]] = [(value, root, 0)]
    while todo:
        item, parent, slot = todo.pop()
        if isinstance(item, dict):
            out: Any = {}
            for k, v in item.items():
                key = scrub(k) if isinstance(k, str) else k
                out[key] = None
                todo.append((v, out, key))
        elif isinstance(item, (list, tuple)):
            out = [None] * len(item)
            todo.extend((v, out, i) for i, v in enumerate(item))
        else:
            out = scrub(item) if isinstance(item, str) else item
        parent[slot] = out
    return root[0]


def _where(conditions: list[tuple[str, Any]]) -> tuple[list[str], list[Any]]:
    """SQL conditions and their parameters, for the ones whose value is given (None: no condition)."""
    given = [(clause, value) for clause, value in conditions if value is not None]
    return ["1 = 1", *(clause for clause, _ in given)], [value for _, value in given]


def _url_roots(old: str, new: str) -> tuple[str, str] | None:
    """The parts of two addresses of one topic that differ, cut at a `/`: `http://a:1/t.php?tid=2` and
    `https://b/forum/t.php?tid=2` give (`http://a:1`, `https://b/forum`); a page `http://a:1/t.php?tid=2&page=3`
    then moves to `https://b/forum/t.php?tid=2&page=3`. None without a common tail from a `/` (`tid=2` ->
    `tid=2&page=1`): appending to the old URL could make an address the forum reads otherwise."""
    n = 0
    while n < min(len(old), len(new)) and old[-1 - n] == new[-1 - n]:
        n += 1
    tail = old[len(old) - n:]
    cut = tail.find("/")
    if cut < 0:
        return None
    keep = n - cut
    return old[:len(old) - keep], new[:len(new) - keep]


def _rebase(url: str, old_root: str, new_root: str) -> str | None:
    """`url` with `old_root` replaced by `new_root`, or None when `url` does not start with it (at a boundary)."""
    if url == old_root:
        return new_root
    if url.startswith(old_root) and url[len(old_root)] in "/?&#":
        return new_root + url[len(old_root):]
    return None


def _crawl_run(r: dict) -> CrawlRun:
    return CrawlRun(id=r["id"], topic=r["topic"], started_at=from_db_time(r["started_at"]),
                    finished_at=from_db_time(r["finished_at"]), requests=r["requests"] or 0,
                    bytes=r["bytes"] or 0, pages=r["pages"] or 0, new=r["new"] or 0,
                    changed=r["changed"] or 0, deleted=r["deleted"] or 0, error=r["error"])


def _tid(topic: Topic | int) -> int:
    return topic.id if isinstance(topic, Topic) else int(topic)


def _topic(r: dict) -> Topic:
    return Topic(id=r["id"], forum=r["forum"], topic_id=r["topic_id"], url=r["url"], kind=r["kind"],
                 game_id=r["game_id"], title=r["title"], pages_known=r["pages_known"] or 0,
                 last_crawl_at=from_db_time(r["last_crawl_at"]),
                 last_reread_at=from_db_time(r["last_reread_at"]))


def _page(r: dict) -> StoredPage:
    ids = tuple(int(x) for x in (r["post_ids"] or "").split(",") if x)
    return StoredPage(topic=r["topic"], page=r["page"], url=r["url"], etag=r["etag"],
                      last_modified=r["last_modified"], content_hash=r["content_hash"],
                      next_url=r["next_url"], post_ids=ids, fetched_at=from_db_time(r["fetched_at"]))


def _reading(html: str) -> dict[str, Any]:
    """The reading columns of a post version stored now (migration 6)."""
    code, flatten = _reading_code()
    return {"reading": flatten(html).to_json(), "reading_code": code}


def _version(r: dict, code: int | None = None) -> PostVersion:
    # a reading made by another version of the reading code is never handed on (a read-only store keeps it
    # until a writable open reads it again): the count then reads the HTML
    return PostVersion(n=r["n"], seen_at=from_db_time(r["seen_at"]), html=r["html"],
                       content_hash=r["content_hash"], edited=bool(r["edited"]),
                       edit_at=from_db_time(r["edit_at"]), edit_by=r["edit_by"],
                       edit_reason=r["edit_reason"],
                       reading=r.get("reading") if code is not None and r.get("reading_code") == code else None)
