"""Forums, topics and pages: where each topic of a game is and what the crawl last read of each page.

The config is the truth for addresses: a topic whose URL changed there (the forum moved) has its stored pages
moved to the new address by `ensure_topic`, so the crawl never goes back to the old one.
"""
from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Iterable

from .family import TableFamily
from .times import from_db_time, to_db_time

__all__ = ["TopicTables", "topic_row_id"]

if TYPE_CHECKING:
    from datetime import datetime

    from .topic_rows import StoredPage, Topic


class TopicTables(TableFamily):
    """`forums`, `topics` and `pages`: where the crawl reads each topic and what it last read of each page."""

    def ensure_forum(self, forum_id: str, *, engine: str, base_url: str, timezone_name: str) -> None:
        # plain SQL, written only when something differs: the daemon calls this on every poll, and sqlite-utils'
        # upsert reads the table's schema each time (most of a poll that finds nothing new, issue 17); as the config
        # says already: not even a write transaction
        if [tuple(r) for r in self.db.rows("select engine, base_url, timezone from forums where id = ?",
                                           [forum_id])] == [(engine, base_url, timezone_name)]:
            return
        with self.db.atomic():
            self.db.execute(
                "insert into forums (id, engine, base_url, timezone) values (?, ?, ?, ?) on conflict (id) do update "
                "set engine = excluded.engine, base_url = excluded.base_url, timezone = excluded.timezone "
                "where engine is not excluded.engine or base_url is not excluded.base_url "
                "or timezone is not excluded.timezone", [forum_id, engine, base_url, timezone_name])

    def ensure_topic(self, forum: str, topic_id: str, *, url: str, kind: str,
                     game_id: str | None) -> Topic:
        """The topic row for (forum, topic_id), created on first use; url/kind/game follow the config.
        A topic whose URL changed in the config (the forum moved to https, a new domain or port) has its
        stored page addresses moved with it (`_follow_url`), so the next crawl resumes at the new address."""
        existing = self.topic(forum, topic_id)
        if existing is not None and (existing.url, existing.kind, existing.game_id) == (url, kind, game_id):
            return existing       # as the config says: no write (asked at every poll of the topic, issue 17)
        with self.db.atomic():
            existing = self.topic(forum, topic_id)
            if existing is None:
                self.db.execute("insert into topics (forum, topic_id, url, kind, game_id, pages_known) "
                                "values (?, ?, ?, ?, ?, 0)", [forum, topic_id, url, kind, game_id])
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
        rows = self.db.rows("select base_url from forums where id = ?", [forum_id])
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
        rows = self.db.rows("select * from topics where forum = ? and topic_id = ?", [forum, str(topic_id)])
        return _topic(rows[0]) if rows else None

    def topic_by_id(self, topic: int) -> Topic:
        return _topic(next(self.db.query("select * from topics where id = ?", [topic])))

    def topics(self, game_id: str | None = None) -> list[Topic]:
        if game_id is None:
            rows = self.db.rows("select * from topics order by id")
        else:
            rows = self.db.rows("select * from topics where game_id = ? order by id", [game_id])
        return [_topic(r) for r in rows]

    def set_topic_crawled(self, topic: Topic | int, at: datetime, *, reread: bool = False) -> None:
        tid = topic_row_id(topic)
        with self.db.atomic():
            self.db.execute("update topics set last_crawl_at = ? where id = ?", [to_db_time(at), tid])
            if reread:
                self.db.execute("update topics set last_reread_at = ? where id = ?",
                                [to_db_time(at), tid])

    def pages(self, topic: Topic | int) -> list[StoredPage]:
        rows = self.db.query("select * from pages where topic = ? order by page", [topic_row_id(topic)])
        return [_page(r) for r in rows]

    def page(self, topic: Topic | int, page: int) -> StoredPage | None:
        rows = self.db.rows("select * from pages where topic = ? and page = ?", [topic_row_id(topic), page])
        return _page(rows[0]) if rows else None

    def last_page(self, topic: Topic | int) -> StoredPage | None:
        """The stored page with the highest number: where the newest stored post is."""
        rows = self.db.rows("select * from pages where topic = ? order by page desc limit 1", [topic_row_id(topic)])
        return _page(rows[0]) if rows else None

    def first_page_since(self, topic: Topic | int, since: datetime) -> int | None:
        """The lowest page holding a live post whose time is at or after `since`."""
        rows = list(self.db.query(
            "select min(page) as p from posts where topic = ? and time >= ? and deleted_at is null",
            [topic_row_id(topic), to_db_time(since)]))
        return rows[0]["p"] if rows and rows[0]["p"] is not None else None

    def touch_page(self, topic: Topic | int, page: int, fetched_at: datetime) -> None:
        """A page answered "not modified" (or byte-identical): its posts were seen again."""
        tid, at = topic_row_id(topic), to_db_time(fetched_at)
        with self.db.atomic():
            self.db.execute("update pages set fetched_at = ? where topic = ? and page = ?",
                            [at, tid, page])
            self.db.execute(
                "update posts set last_seen = ? where topic = ? and page = ? and deleted_at is null",
                [at, tid, page])

    def drop_pages_after(self, topic: Topic | int, last_page: int) -> None:
        """The topic now ends at `last_page` (posts were deleted): forget the page rows past it."""
        tid = topic_row_id(topic)
        if self.db.rows("select 1 from topics where id = ? and pages_known = ? and not exists "
                        "(select 1 from pages where topic = ? and page > ?)", [tid, last_page, tid, last_page]):
            return                # nothing past it, as after most polls: no write transaction (issue 17)
        with self.db.atomic():
            self.db.execute("delete from pages where topic = ? and page > ?", [tid, last_page])
            self.db.execute("update topics set pages_known = ? where id = ?", [last_page, tid])


def topic_row_id(topic: Topic | int) -> int:
    if isinstance(topic, int):
        return int(topic)
    # a `Topic` was made, so its module is loaded: asked of `sys.modules`, not by an import statement, which costs
    # ≈ 9.5 K instructions at every call (12 a poll, issue 17: the daemon's tick)
    rows = sys.modules.get(_ROWS)
    return topic.id if rows is not None and isinstance(topic, rows.Topic) else int(topic)


_ROWS = f"{__package__}.topic_rows"


def _rows():
    rows = sys.modules.get(_ROWS)
    if rows is None:
        from . import topic_rows as rows  # start-up: the record classes (≈ 5 M instructions), which a count never makes
    return rows


def _topic(r: dict) -> Topic:
    return _rows().Topic(id=r["id"], forum=r["forum"], topic_id=r["topic_id"], url=r["url"], kind=r["kind"],
                 game_id=r["game_id"], title=r["title"], pages_known=r["pages_known"] or 0,
                 last_crawl_at=from_db_time(r["last_crawl_at"]),
                 last_reread_at=from_db_time(r["last_reread_at"]))


def _page(r: dict) -> StoredPage:
    ids = tuple(int(x) for x in (r["post_ids"] or "").split(",") if x)
    return _rows().StoredPage(topic=r["topic"], page=r["page"], url=r["url"], etag=r["etag"],
                      last_modified=r["last_modified"], content_hash=r["content_hash"],
                      next_url=r["next_url"], post_ids=ids, fetched_at=from_db_time(r["fetched_at"]))


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
