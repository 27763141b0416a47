"""The crawl needs of its store exactly `scraper.sink.CrawlStore` (issue 16, STYLE.md 11): a forum is crawled into a
few dicts as it is into SQLite, and mafvote's `Store` offers every call of the protocol with the protocol's
parameters. The forum is the local MyBB simulation (`mafvote.forumsim`), read by the real client and parser."""
from __future__ import annotations

import contextlib
import inspect
import sqlite3
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from typing import Any, Iterable
from zoneinfo import ZoneInfo

import pytest

from mafvote.forumsim import ForumSim
from mafvote.store import Store
from mafvote_scraper.crawl import crawl_topic
from mafvote_scraper.fetch import FetchedMeta, ForumClient
from mafvote_scraper.model import ParsedPage
from mafvote_scraper.sink import CrawlStore

NOW = datetime(2027, 1, 1, 15, 40, tzinfo=timezone.utc)
MSK = ZoneInfo("Europe/Moscow")


@dataclass(frozen=True)
class DictTopic:
    forum: str
    topic_id: str
    last_crawl_at: datetime | None = None
    last_reread_at: datetime | None = None


@dataclass(frozen=True)
class DictPage:
    page: int
    url: str
    etag: str | None
    last_modified: str | None
    content_hash: str | None
    next_url: str | None
    post_ids: tuple[int, ...]


@dataclass(frozen=True)
class DictChanges:
    new: tuple[int, ...] = ()
    changed: tuple[int, ...] = ()
    restored: tuple[int, ...] = ()
    seen: tuple[int, ...] = ()


class DictStore:
    """A `CrawlStore` in a few dicts: topics by (forum, topic id), pages by (topic, number), each post's versions
    of html by post id, and the crawl runs as they were logged."""

    def __init__(self) -> None:
        self.forums: dict[str, str] = {}
        self.topics: dict[tuple[str, str], DictTopic] = {}
        self.pages: dict[tuple[tuple[str, str], int], DictPage] = {}
        self.versions: dict[int, list[str]] = {}
        self.where: dict[int, tuple[tuple[str, str], int, str]] = {}     # post id -> (topic, page, author)
        self.deleted: dict[int, datetime] = {}
        self.runs: list[dict] = []

    def ensure_forum(self, forum_id: str, *, engine: str, base_url: str, timezone_name: str) -> None:
        self.forums[forum_id] = base_url

    def ensure_topic(self, forum: str, topic_id: str, *, url: str, kind: str, game_id: str | None) -> DictTopic:
        return self.topics.setdefault((forum, topic_id), DictTopic(forum, topic_id))

    def start_crawl(self, topic: DictTopic, started_at: datetime) -> int:
        self.runs.append({"topic": topic.topic_id, "started_at": started_at})
        return len(self.runs)

    def finish_crawl(self, run_id: int, finished_at: datetime, *, requests: int, bytes: int, pages: int, new: int,
                     changed: int, deleted: int, error: str | None,
                     error_phrase: tuple[str, dict[str, Any]] | None = None) -> None:
        self.runs[run_id - 1].update(requests=requests, pages=pages, new=new, changed=changed, deleted=deleted,
                                     error=error, error_phrase=error_phrase)

    def page(self, topic: DictTopic, page: int) -> DictPage | None:
        return self.pages.get((_key(topic), page))

    def last_page(self, topic: DictTopic) -> DictPage | None:
        numbers = [n for (t, n) in self.pages if t == _key(topic)]
        return self.pages[(_key(topic), max(numbers))] if numbers else None

    def first_page_since(self, topic: DictTopic, since: datetime) -> int | None:
        raise AssertionError("no re-read is asked for in these tests")

    def touch_page(self, topic: DictTopic, page: int, fetched_at: datetime) -> None:
        pass

    def upsert_page(self, topic: DictTopic, parsed: ParsedPage, fetched: FetchedMeta) -> DictChanges:
        new, changed, restored = [], [], []
        for post in parsed.posts:
            versions = self.versions.setdefault(post.post_id, [])
            if not versions:
                new.append(post.post_id)
            elif versions[-1] != post.html:
                changed.append(post.post_id)
            elif self.deleted.pop(post.post_id, None) is not None:
                restored.append(post.post_id)
            if not versions or versions[-1] != post.html:
                versions.append(post.html)
            self.where[post.post_id] = (_key(topic), post.page, post.author)
        self.pages[(_key(topic), parsed.page)] = DictPage(
            parsed.page, fetched.url, fetched.etag, fetched.last_modified, fetched.content_hash, parsed.next_url,
            tuple(p.post_id for p in parsed.posts))
        return DictChanges(tuple(new), tuple(changed), tuple(restored), tuple(p.post_id for p in parsed.posts))

    def live_post_ids(self, topic: DictTopic, *, min_page: int | None = None) -> list[int]:
        return sorted(pid for pid, (t, page, _) in self.where.items()
                      if t == _key(topic) and pid not in self.deleted and (min_page is None or page >= min_page))

    def mark_deleted(self, topic: DictTopic, post_ids: Iterable[int], at: datetime) -> list[int]:
        marked = [pid for pid in post_ids if pid not in self.deleted]
        self.deleted.update((pid, at) for pid in marked)
        return marked

    def drop_pages_after(self, topic: DictTopic, last_page: int) -> None:
        for key in [k for k in self.pages if k[0] == _key(topic) and k[1] > last_page]:
            del self.pages[key]

    def transaction(self) -> contextlib.AbstractContextManager[object]:
        return contextlib.nullcontext()

    def set_topic_crawled(self, topic: DictTopic, at: datetime, *, reread: bool = False) -> None:
        stored = self.topics[_key(topic)]
        self.topics[_key(topic)] = replace(stored, last_crawl_at=at,
                                           last_reread_at=at if reread else stored.last_reread_at)


def _key(topic: DictTopic) -> tuple[str, str]:
    return topic.forum, topic.topic_id


def _protocol_calls() -> dict[str, inspect.Signature]:
    return {name: inspect.signature(member) for name, member in vars(CrawlStore).items()
            if inspect.isfunction(member) and not name.startswith("_")}


def _parameters(signature: inspect.Signature) -> list[tuple[str, object]]:
    return [(p.name, p.kind) for p in signature.parameters.values()]


@pytest.fixture
def forum():
    with ForumSim(per_page=5) as f:
        f.add_topic(2, "Голосование — День 2")
        yield f


def crawl(forum: ForumSim, store: DictStore):
    with ForumClient(min_delay=0, sleep=lambda s: None, jitter=lambda: 0.0, timeout=2.0) as client:
        return crawl_topic(client, store, forum="hyper", url=forum.url_of(2), kind="vote", game_id="ny",
                           profile="mybb", tz=MSK, now=NOW)


def test_a_forum_is_crawled_into_a_dict_store_without_sqlite(forum, monkeypatch):
    def no_sqlite(*args, **kwargs):
        raise AssertionError("the crawl opened an SQLite database")
    monkeypatch.setattr(sqlite3, "connect", no_sqlite)
    authors = ["Ronin", "Соня", "Алукард", "Puss"]
    pids = [forum.add_post(2, authors[i % 4], f'Голосую <span style="color: red;">{authors[(i + 1) % 4]}</span> ({i})')
            for i in range(13)]                                                    # pages of 5: 5 + 5 + 3
    store = DictStore()

    first = crawl(forum, store)
    assert first.ok and first.first and first.new == tuple(pids) and (first.pages, first.requests) == (3, 3)
    assert {pid: (page, author) for pid, (_, page, author) in store.where.items()} == {
        pid: (i // 5 + 1, authors[i % 4]) for i, pid in enumerate(pids)}
    assert ">Соня</span> (0)" in store.versions[pids[0]][0]
    assert [store.pages[(("hyper", "2"), n)].post_ids for n in (1, 2, 3)] == [
        tuple(pids[:5]), tuple(pids[5:10]), tuple(pids[10:])]
    assert store.topics[("hyper", "2")].last_crawl_at == NOW
    assert store.runs == [{"topic": "2", "started_at": NOW, "requests": 3, "pages": 3, "new": 13, "changed": 0,
                           "deleted": 0, "error": None, "error_phrase": None}]

    # a poll: nothing changed (page 3 answers 304), then the last page loses one post, gets an edit and a new one
    unchanged = crawl(forum, store)
    assert unchanged.ok and (unchanged.requests, unchanged.new, unchanged.deleted) == (1, (), ())
    forum.delete_post(pids[11])
    forum.edit_post(pids[12], "Голосую <b>Puss</b>", at=NOW - timedelta(minutes=1))
    added = forum.add_post(2, "Enzo", "Голосую Ronin")
    poll = crawl(forum, store)
    assert (poll.new, poll.changed, poll.deleted) == ((added,), (pids[12],), (pids[11],))
    assert store.deleted == {pids[11]: NOW}
    assert store.versions[pids[12]][0].endswith("(12)") and store.versions[pids[12]][1] == "Голосую <b>Puss</b>"
    assert [run["new"] for run in store.runs] == [13, 0, 1]


def test_the_dict_store_and_the_sqlite_store_offer_every_call_of_the_protocol():
    calls = _protocol_calls()
    assert sorted(calls) == ["drop_pages_after", "ensure_forum", "ensure_topic", "finish_crawl", "first_page_since",
                             "last_page", "live_post_ids", "mark_deleted", "page", "set_topic_crawled",
                             "start_crawl", "touch_page", "transaction", "upsert_page"]
    for store_class in (DictStore, Store):
        for name, signature in calls.items():
            assert _parameters(inspect.signature(getattr(store_class, name))) == _parameters(signature), (
                f"{store_class.__name__}.{name}")
