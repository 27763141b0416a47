"""The store's schema: the numbered migrations, and the tables and columns they make.

`MIGRATIONS` is an ordered list of functions; the store applies the ones after the recorded `schema_version`
(`mafvote.store.file`). To change the schema, append a function — never edit one that has shipped.
`expected_schema` works out what a store of a given version must hold, so an open can tell a damaged file.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable

from mafvote_scraper.untrusted import visible

from .family import map_strings

if TYPE_CHECKING:
    import sqlite_utils

__all__ = ["MIGRATIONS", "expected_schema"]


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


def _m007_visible_stored_texts(db: sqlite_utils.Database) -> None:
    # Issue 13: the parser removes control characters (C0 and C1 but tab and newline) and bidi controls from every
    # post, nick and topic title it reads (`scraper.untrusted.visible`); a store filled before kept them. The same
    # function cleans what such a store holds: each post version's html, each post's author, each topic's title,
    # and every string in the game journal's states and outcomes (nicks read from posts). A version whose html
    # changed loses its reading: the store reads it again from the clean html at this same open (`readings`).
    # The content hash stays the body's as served, as the parser keeps it: the next crawl sees no edit.
    db.conn.create_function("mafvote_visible", 1, _visible_or_none, deterministic=True)
    db.execute("update post_versions set html = mafvote_visible(html), reading = null, reading_code = null "
               "where html != mafvote_visible(html)")
    db.execute("update posts set author = mafvote_visible(author) where author != mafvote_visible(author)")
    db.execute("update topics set title = mafvote_visible(title) where title != mafvote_visible(title)")
    for row in list(db.query("select game_id, seq, state, outcome from game_phases")):
        cleaned = {column: _visible_json(row[column]) for column in ("state", "outcome")}
        if any(cleaned[column] != row[column] for column in cleaned):
            db.execute("update game_phases set state = ?, outcome = ? where game_id = ? and seq = ?",
                       [cleaned["state"], cleaned["outcome"], row["game_id"], row["seq"]])


def _visible_or_none(text: Any) -> Any:
    return visible(text) if isinstance(text, str) else text


def _visible_json(text: str | None) -> str | None:
    """A journal's JSON text with every string in it made `visible`, written as the store writes it; the text as it
    was when nothing in it changes."""
    if text is None:
        return None
    value = json.loads(text)
    cleaned = map_strings(value, visible)
    return text if cleaned == value else json.dumps(cleaned, ensure_ascii=False)


def _m008_crawl_error_phrase(db: sqlite_utils.Database) -> None:
    # Issue 14: a failed crawl keeps its error's catalogue key and facts beside the scraper's English (`error`, which
    # the daemon's log and scripts read), as JSON `{"key": ..., "facts": {...}}`, so that `mafvote status` and the
    # crawl alerts word it in the GM's language (`mafvote.crawl_text`). Rows from before have none: shown as written.
    # A store whose recorded version was set back by hand (tests/app/test_hostile_posts.py plays a mafvote from before
    # migration 7 that way) has the column already: adding it again would stop every command.
    if "error_phrase" not in db["crawl_runs"].columns_dict:
        db["crawl_runs"].add_column("error_phrase", str)


def _m009_delivery_error_phrase(db: sqlite_utils.Database) -> None:
    # Issue 14: a failed alert delivery keeps its error's catalogue key and facts beside the channel's English
    # (`last_error`), as JSON `{"key": ..., "facts": {...}}`, so that `mafvote status` words it in the GM's language
    # (`mafvote.alerts.describe_delivery_error`). Rows from before have none: quoted as an older version's error.
    if "last_error_phrase" not in db["alert_deliveries"].columns_dict:
        db["alert_deliveries"].add_column("last_error_phrase", str)


def _m010_publish_error_phrase(db: sqlite_utils.Database) -> None:
    # Issue 14: the forum count post's last failure keeps its catalogue key and facts beside the publisher's English
    # (`published_counts.last_error`), as JSON `{"key": ..., "facts": {...}}`, so that `mafvote status` words it in
    # the GM's language (`mafvote.publish_text`). Rows from before have none: quoted as an older version's error.
    if "last_error_phrase" not in db["published_counts"].columns_dict:
        db["published_counts"].add_column("last_error_phrase", str)


# Append new migrations at the end; the index + 1 is the schema version they bring the file to.
MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [
    _m001_initial, _m002_game_phases, _m003_alerts_and_publishing, _m004_posts_by_author,
    _m005_crawl_runs_by_topic_and_id, _m006_post_readings, _m007_visible_stored_texts,
    _m008_crawl_error_phrase, _m009_delivery_error_phrase, _m010_publish_error_phrase]


# table -> its columns, of a store made by all of `MIGRATIONS` (the key: how many): what `expected_schema` works out,
# written down so that opening a store runs no migration in memory and imports no sqlite-utils (issue 17).
# tests/app/test_store.py checks it against the migrations; after appending one, add its line (until then the open
# works it out, slower).
_MADE_BY: dict[int, dict[str, str]] = {
    10: {
        "schema_version": "id version migrated_at",
        "forums": "id engine base_url timezone",
        "topics": "id forum topic_id url kind game_id title pages_known last_crawl_at last_reread_at",
        "pages": "topic page url etag last_modified content_hash next_url post_ids fetched_at",
        "posts": "forum post_id topic page position author author_id time first_seen last_seen deleted_at version "
                 "edited edit_at edit_by edit_reason",
        "post_versions": "forum post_id n html content_hash edited edit_at edit_by edit_reason seen_at reading "
                         "reading_code",
        "crawl_runs": "id topic started_at finished_at requests bytes pages new changed deleted error error_phrase",
        "game_phases": "game_id seq number kind start deadline state outcome applied_at how",
        "alerts": "game key kind phase text time post_url recorded_at",
        "alert_deliveries": "game key channel sent_at attempts last_try_at next_try_at last_error last_error_phrase",
        "published_counts": "game forum topic day post_id posted_at updated_at content_hash last_try_at not_before "
                            "last_error last_error_phrase",
    },
}

_SCHEMAS: dict[int, dict[str, set[str]]] = {count: {table: set(columns.split()) for table, columns in made.items()}
                                            for count, made in _MADE_BY.items()}


def expected_schema(count: int) -> dict[str, set[str]]:
    """table -> columns of a store made by the first `count` of `MIGRATIONS`: written down above for all of them,
    else worked out once per process on an empty store in memory."""
    if count not in _SCHEMAS:
        _SCHEMAS[count] = made_by_migrations(count)
    return _SCHEMAS[count]


def made_by_migrations(count: int) -> dict[str, set[str]]:
    """table -> columns of an empty store in memory after the first `count` of `MIGRATIONS`."""
    # start-up: sqlite-utils (the migrations' table API) only when the schema is not written down above
    import sqlite_utils
    db = sqlite_utils.Database(memory=True, execute_plugins=False)   # no plugins: see store.table_api
    db["schema_version"].create({"id": int, "version": int, "migrated_at": str}, pk="id")
    for migration in MIGRATIONS[:count]:
        migration(db)
    made = {t.name: {c.name for c in t.columns} for t in db.tables}
    db.close()
    return made
