"""The records the scraper produces: one parsed page of a topic and the posts on it.

Parsing is pure (HTML + URL + profile + the clock's "now" -> ParsedPage); fetching and storing
happen elsewhere, so these records are the only thing the rest of mafvote sees of a forum page.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


@dataclass(frozen=True)
class EditNotice:
    """What the forum says about a post's last edit ("Отредактировано X (дата)")."""

    at: datetime | None = None
    by: str | None = None
    reason: str | None = None


@dataclass(frozen=True)
class ParsedPost:
    """One post as a topic page shows it: ids, where it stands, author, time, HTML and edit notice."""
    post_id: int                 # the forum's own post id (stable across pages)
    topic_id: str                # the forum's topic id as in the URL (tid / t / topic)
    page: int                    # 1-based page number the post was seen on
    position: int                # 0-based position on that page
    author: str
    author_id: str | None        # profile id, when the page links the profile
    time: datetime               # timezone-aware
    html: str                    # message body HTML, signature removed
    edit: EditNotice | None      # None: the page shows no edit notice
    content_hash: str            # sha256 of the normalised message html

    @property
    def edited(self) -> bool:
        return self.edit is not None


@dataclass(frozen=True)
class ParsedPage:
    """One topic page as parsed: its posts, its page number and how many pages the topic has."""
    url: str
    engine: str                  # profile name that parsed it
    topic_id: str
    page: int                    # page number this page says it is (current page in pagination)
    last_page: int | None        # highest page number shown in the pagination, if any
    next_url: str | None         # absolute URL of the next page; None on the last page
    posts: list[ParsedPost] = field(default_factory=list)
    title: str | None = None
    first_url: str | None = None  # absolute URL of page 1 as the pagination links it (None: not linked)


class ScraperError(Exception):
    """Base of every error the scraper raises; the CLI turns these into one line for the GM.

    `str()` is the scraper's own English (what `crawl_runs.error` keeps, the daemon logs, scripts and the alerts'
    cause reader read): never another language. The scraper never picks one: an error a GM reads also carries a
    `key` and its `facts` (`phrase`, which `crawl_runs` keeps beside the English), and the application words it in
    the GM's language (`mafvote.crawl_text`); a fact that is itself a phrase is a `(key, facts)` pair too. No key:
    the application shows the English."""

    def __init__(self, message: str, key: str | None = None, **facts: object):
        super().__init__(message)
        self.key, self.facts = key, facts

    @property
    def phrase(self) -> tuple[str, dict[str, object]] | None:
        """`(key, facts)`, what a crawl log keeps beside the English; None when the error has no key."""
        return (self.key, self.facts) if self.key else None


class LayoutNotRecognised(ScraperError):
    """The page is not the layout the engine's profile describes. `missing` says what was not found, in English;
    `detail` is the same as a `(key, facts)` pair when the scraper knows its kind."""

    def __init__(self, url: str, engine: str, missing: str, detail: tuple[str, dict] | None = None):
        self.url, self.engine, self.missing = url, engine, missing
        super().__init__(f"layout not recognised: {url} (engine {engine}): {missing}", "layout", url=url,
                         engine=engine, missing=missing, detail=detail)


class FetchError(ScraperError):
    """The forum could not be read (after retries): down, timing out, refusing."""
