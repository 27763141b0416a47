"""The records of the posts tables (`posts`) that a count never makes: `PageChanges` (what `upsert_page` stored),
`StoredPost` and `PostVersion` (what `Store.posts` reads back), made on first use so that `mafvote tally`, which
reads a count's posts through `count_posts` (`CountRead`), does not create the three classes (issue 17, start-up);
`mafvote.store` names them lazily."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .times import from_db_time

__all__ = ["PageChanges", "PostVersion", "StoredPost", "version_of_row"]


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
    """One version of a post's content as first seen (1 is the original; an edit adds one)."""
    n: int                        # 1 = first seen, never overwritten
    seen_at: datetime
    html: str | None              # None only from `posts(html=False)`, for a version with a current reading
    content_hash: str
    edited: bool                  # the forum showed an edit notice with this content
    edit_at: datetime | None
    edit_by: str | None
    edit_reason: str | None
    reading: str | None = None    # tally.recognise.Flat as JSON, made by this mafvote's reading code (else None)


@dataclass(frozen=True)
class StoredPost:
    """A stored post: where it was posted, its author and time, and its versions."""
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
    html: str | None              # current content (latest version, or latest as of `as_of`); None: html=False
    first_html: str | None        # content as first seen
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


def version_of_row(r, code: int | None = None) -> PostVersion:
    # a reading made by another version of the reading code is never handed on (a read-only store keeps it
    # until a writable open reads it again): the count then reads the HTML
    return PostVersion(n=r["n"], seen_at=from_db_time(r["seen_at"]), html=r["html"],
                       content_hash=r["content_hash"], edited=bool(r["edited"]),
                       edit_at=from_db_time(r["edit_at"]), edit_by=r["edit_by"],
                       edit_reason=r["edit_reason"],
                       reading=r["reading"] if code is not None and r["reading_code"] == code else None)
