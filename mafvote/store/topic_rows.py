"""The records of the topics and pages tables (`topics`): `Topic` and `StoredPage`, made by `TopicTables` on first
use, so that `mafvote tally` (which reads posts by their topic's row id) does not create the two classes (issue 17,
start-up); `mafvote.store` names them lazily."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = ["StoredPage", "Topic"]


@dataclass(frozen=True)
class Topic:
    """A stored topic: the forum, the topic's id and address, and whether it is the vote or the game topic."""
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
    """A topic page as last fetched: its address, validators and digest."""
    topic: int
    page: int
    url: str
    etag: str | None
    last_modified: str | None
    content_hash: str | None
    next_url: str | None
    post_ids: tuple[int, ...]
    fetched_at: datetime
