"""The SQLite store: every topic, page, post and post version mafvote has seen, every crawl run, and each game's
journal, alerts and running count post. The one home of mafvote's SQL: nothing outside this package talks to the
database (`tests/test_sql_only_in_store.py`); the rest asks `Store` for typed records.

Data flow: the crawler (`scraper.crawl`) fetches a page, the parser turns it into a `ParsedPage`, and
`Store.upsert_page` writes that page's posts in **one transaction** (a crash never leaves half a page). Readers
(`mafvote posts`, the tally) get `StoredPost` records back through `Store.posts`. What the crawler needs of a store
is `scraper.sink.CrawlStore`, which `Store` satisfies structurally (the crawler imports nothing from mafvote).

One module per family of tables, each a class `Store` is made of:

- `file`: `Store` itself, opening the file (read-only, empty, foreign, locked), WAL, migrating, closing;
- `schema`: the numbered migrations (`MIGRATIONS`) and the tables they make;
- `database`: the connection's transactions (`BEGIN IMMEDIATE`, the check before the first write);
- `errors`: `StoreError`, `NoStore` and `database_problem`, the one line a GM gets for each SQLite failure;
- `times`: times as stored text;
- `topics`: forums, topics and pages (the crawl's addresses, followed when the config moves them);
- `posts`: posts and their versions (version 1 never overwritten, deletions marked, never removed);
- `readings`: each version's stored reading and the code version that made it (issue 17);
- `crawl_log`: the crawl runs;
- `journal`: the game's applied steps (`game_phases`);
- `alert_log`: alerts and their deliveries;
- `published`: the running count post of each game;
- `output_rows`, `topic_rows`, `post_rows`: the records of the alert log, the published counts, the topics, the
  pages, the stored posts and their versions and a stored page's changes, loaded on first use (issue 17).

Every free text a family writes goes through the store's scrubber first (issue 13), so no secret reaches the file.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .crawl_log import CrawlRun
from .errors import BUSY_TIMEOUT, NoStore, StoreError, database_problem
from .file import Store
from .journal import StoredPhase
from .posts import CountRead
from .schema import MIGRATIONS
from .times import from_db_time, to_db_time

if TYPE_CHECKING:
    from .output_rows import AlertDeliveryRow, PublishState
    from .post_rows import PageChanges, PostVersion, StoredPost
    from .topic_rows import StoredPage, Topic

__all__ = [
    "AlertDeliveryRow",
    "BUSY_TIMEOUT",
    "CountRead",
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

# records a count never makes load on first use (mafvote.store.output_rows, .topic_rows, .post_rows)
_LAZY = frozenset({"AlertDeliveryRow", "PublishState"})
_LAZY_TOPICS = frozenset({"StoredPage", "Topic"})
_LAZY_POSTS = frozenset({"PageChanges", "PostVersion", "StoredPost"})


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from . import output_rows  # start-up: two record classes (≈ 13 M instructions) `mafvote tally` never makes

        return getattr(output_rows, name)
    if name in _LAZY_TOPICS:
        from . import topic_rows  # start-up: two record classes `mafvote tally` never makes

        return getattr(topic_rows, name)
    if name in _LAZY_POSTS:
        from . import post_rows  # start-up: three record classes `mafvote tally` never makes (a count: `CountRead`)

        return getattr(post_rows, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
