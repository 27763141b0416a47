"""What the crawl needs of a store (`CrawlStore`), named as a typed protocol so anything can be crawled into.

`scraper.crawl` decides which pages to ask for and what the answers mean; where the pages and posts go is the
caller's. mafvote's SQLite store (`mafvote.store.Store`) satisfies `CrawlStore` structurally (the crawler imports
nothing from mafvote); a test crawls a forum into a few dicts the same way
(`tests/scraper/test_crawl_store_protocol.py`).

The store hands the crawl back its own topic records (`TopicRecord`: whatever type it likes, with the two times
the crawl reads) and takes them again in every call about that topic; the crawl never looks inside them
otherwise. Pages come back as `PageRecord`s, and what one stored page changed as `PageStored`.
"""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, ContextManager, Iterable, Protocol, TypeVar

if TYPE_CHECKING:       # scraper.fetch imports httpx: a module that only names the protocol never needs it
    from .fetch import FetchedMeta
    from .model import ParsedPage

__all__ = ["CrawlStore", "PageRecord", "PageStored", "TopicRecord", "TopicT"]


class TopicRecord(Protocol):
    """A stored topic as the crawl sees it."""

    @property
    def last_crawl_at(self) -> datetime | None:
        """When a crawl last read the topic to its end (None: never; the first crawl goes on)."""

    @property
    def last_reread_at(self) -> datetime | None:
        """When the pages of the last day were last read again (`reread_since`)."""


class PageRecord(Protocol):
    """A stored page: where it was read, what the forum said of it (for the next conditional request), its
    posts and its `next` link."""

    @property
    def page(self) -> int: ...
    @property
    def url(self) -> str: ...
    @property
    def etag(self) -> str | None: ...
    @property
    def last_modified(self) -> str | None: ...
    @property
    def content_hash(self) -> str | None: ...
    @property
    def next_url(self) -> str | None: ...
    @property
    def post_ids(self) -> tuple[int, ...]: ...


class PageStored(Protocol):
    """What storing one parsed page changed: ids of posts new to the store, with new content, back from deleted,
    and every id on the page."""

    @property
    def new(self) -> tuple[int, ...]: ...
    @property
    def changed(self) -> tuple[int, ...]: ...
    @property
    def restored(self) -> tuple[int, ...]: ...
    @property
    def seen(self) -> tuple[int, ...]: ...


# the store's own type of topic record, given back to it unchanged
TopicT = TypeVar("TopicT", bound=TopicRecord)


class CrawlStore(Protocol[TopicT]):
    """Every call `crawl_game` and `crawl_topic` make on their store, and nothing else. Posts are keyed by the
    forum's post id; a page is written whole or not at all (`upsert_page`); a post that disappears is marked
    deleted, never removed."""

    def ensure_forum(self, forum_id: str, *, engine: str, base_url: str, timezone_name: str) -> None:
        """Record the forum as the config gives it."""

    def ensure_topic(self, forum: str, topic_id: str, *, url: str, kind: str, game_id: str | None) -> TopicT:
        """The topic, created on first use; its address, kind and game follow the config."""

    def start_crawl(self, topic: TopicT, started_at: datetime) -> int:
        """Log a crawl of the topic beginning; the run's id for `finish_crawl`."""

    def finish_crawl(self, run_id: int, finished_at: datetime, *, requests: int, bytes: int, pages: int, new: int,
                     changed: int, deleted: int, error: str | None,
                     error_phrase: tuple[str, dict[str, Any]] | None = None) -> None:
        """Log how the crawl ended (`error` None: it read what it meant to): the error's English and, when it has
        one, its key and facts (`ScraperError.key`, `.facts`) for the application to word in the GM's language."""

    def page(self, topic: TopicT, page: int) -> PageRecord | None: ...

    def last_page(self, topic: TopicT) -> PageRecord | None:
        """The stored page with the highest number (None: nothing stored, this is the first crawl)."""

    def first_page_since(self, topic: TopicT, since: datetime) -> int | None:
        """The lowest page holding a live post written at or after `since`."""

    def touch_page(self, topic: TopicT, page: int, fetched_at: datetime) -> None:
        """The page answered "not modified": its posts were seen again."""

    def upsert_page(self, topic: TopicT, parsed: ParsedPage, fetched: FetchedMeta) -> PageStored:
        """Store one parsed page and its posts, all or nothing."""

    def live_post_ids(self, topic: TopicT, *, min_page: int | None = None) -> list[int]:
        """Ids of the topic's posts not marked deleted (on `min_page` and after), ascending."""

    def mark_deleted(self, topic: TopicT, post_ids: Iterable[int], at: datetime) -> list[int]:
        """Mark these posts deleted at `at`; the ids that were live until now."""

    def drop_pages_after(self, topic: TopicT, last_page: int) -> None:
        """The topic now ends at `last_page`: forget the pages after it."""

    def set_topic_crawled(self, topic: TopicT, at: datetime, *, reread: bool = False) -> None:
        """A crawl read the topic to its end at `at` (`reread`: and read the last day's pages again)."""

    def transaction(self) -> ContextManager[object]:
        """The calls made inside are written all at once or not at all: the end of a crawl (its pages seen again,
        its deletions, the topic's stamps and the run's log) is one write, not one per call."""
