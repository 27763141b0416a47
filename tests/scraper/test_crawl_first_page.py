"""A topic's first crawl starts at its first page whatever link the config gives (issue 12): a page-2 link, a
post link (SMF `index.php?topic=1402.msg20#msg20`, phpBB `viewtopic.php?p=25`, MyBB `showthread.php?pid=19`,
PunBB `viewtopic.php?pid=…`), on every engine. Before, SMF's first crawl began at the page the link opened
and never read page 1's votes, with no warning.

Every engine's fixture thread (fixtures/html/<engine>/, expected.json lists its pages and posts) is served by a
client that answers each page's URL with the page, and each post's link (the engine's own form, as
`scraper.profile.post_link` writes it) with the page holding the post; MyBB's is the real capture.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote.store import Store
from mafvote_scraper.crawl import crawl_topic, topic_key
from mafvote_scraper.fetch import FetchResult
from mafvote_scraper.profile import post_link
from mafvote_scraper.profiles import get_profile

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "html"
MYBB_REAL = "http://127.0.0.1:8081/"


@dataclass
class Thread:
    folder: Path
    engine: str
    pages: list[dict]            # expected.json's pages: url, file, posts
    now: datetime
    tz: ZoneInfo


def _generic(rel: str) -> Thread:
    folder = FIXTURES / rel
    expected = json.loads((folder / "expected.json").read_text("utf-8"))
    meta = json.loads((folder / "meta.json").read_text("utf-8"))
    return Thread(folder, expected["engine"], expected["pages"], datetime.fromisoformat(meta["now"]),
                  ZoneInfo(meta["timezone"]))


def _mybb() -> Thread:
    folder = FIXTURES / "mybb"
    truth = json.loads((folder / "expected.json").read_text("utf-8"))["vote_thread"]["posts"]
    pages = [{"url": MYBB_REAL + "showthread.php?tid=2" + (f"&page={n}" if n > 1 else ""),
              "file": f"showthread_tid2_page{n}.html",
              "posts": [{"post_id": p["pid"]} for p in truth if p["page"] == n]} for n in range(1, 6)]
    return Thread(folder, "mybb", pages, datetime(2027, 1, 1, 15, 40, tzinfo=timezone.utc),
                  ZoneInfo("Europe/Moscow"))


class Client:
    """Answers a page URL with its page and a post's link with the page holding the post; counts requests."""

    def __init__(self, thread: Thread, extra: dict[str, int] | None = None) -> None:
        self.thread, self.requests, self.bytes, self.asked = thread, 0, 0, []
        self.urls = {p["url"]: i for i, p in enumerate(thread.pages)}
        self.urls.update(extra or {})

    def get(self, url: str, *, etag=None, last_modified=None) -> FetchResult:
        self.requests += 1
        self.asked.append(url)
        key = url.split("#")[0]
        index = self.urls.get(key, self.urls.get(url))
        if index is None:
            # the page-1 link of a pagination may spell the URL its own way (`./viewtopic.php?f=2&t=7`, `…?topic=1402.0`)
            index = next((i for u, i in self.urls.items() if _same(u, key)), None)
        assert index is not None, f"the crawl asked for {url}, which this forum does not have"
        body = (self.thread.folder / self.thread.pages[index]["file"]).read_bytes()
        self.bytes += len(body)
        return FetchResult(url=url, final_url=url, status=200, content=body, not_modified=False, etag=None,
                           last_modified=None, encoding=None, attempts=1)


def _same(a: str, b: str) -> bool:
    return a.replace("/./", "/").replace("&amp;", "&") == b.replace("/./", "/").replace("&amp;", "&")


def _crawl(thread: Thread, url: str, client: Client, tmp_path: Path):
    store = Store(tmp_path / f"{abs(hash(url))}.db")
    try:
        result = crawl_topic(client, store, forum="f", url=url, kind="vote", game_id="g",
                             profile=thread.engine, tz=thread.tz, now=thread.now)
        ids = sorted(p.post_id for p in store.posts(game_id="g"))
        pages = [(p.page, p.url) for p in store.pages(store.topic("f", topic_key(url, get_profile(thread.engine))))]
    finally:
        store.close()
    return result, ids, pages


# `*/live`: pages captured from the real engines of ../shared/live-forums (MyBB 1.8.37, SMF 2.1.4, phpBB 3.3.15,
# PunBB 1.4.4; fixtures/tools/capture_live.py); the others are the generated or reconstructed fixture threads
ENGINES = ["mybb/live", "smf/live", "phpbb/live", "punbb/live",
           "smf", "phpbb", "phpbb/v30", "phpbb/phpbb2", "punbb", "punbb/mybbru", "vbulletin/vb3", "vbulletin/vb4",
           "vbulletin/vb5", "ipb/ipb3", "ipb/ips4", "xenforo/xf1", "xenforo/xf2", "ucoz", "mybb"]


def _thread(rel: str) -> Thread:
    return _mybb() if rel == "mybb" else _generic(rel)


def _every_post(thread: Thread) -> list[int]:
    return sorted(p["post_id"] for page in thread.pages for p in page["posts"])


@pytest.mark.parametrize("rel", ENGINES)
def test_a_page_2_link_is_crawled_from_page_1(rel, tmp_path):
    thread = _thread(rel)
    assert len(thread.pages) >= 3
    client = Client(thread)
    result, ids, pages = _crawl(thread, thread.pages[1]["url"], client, tmp_path)
    assert result.ok, result.error
    assert ids == _every_post(thread)
    assert [n for n, _ in pages] == list(range(1, len(thread.pages) + 1))
    # one request more than the pages: the page the link opened, read to find page 1
    assert client.requests == len(thread.pages) + 1


# uCoz links a post as its page's own URL + `#post339`: a page link, tested above
@pytest.mark.parametrize("rel", [e for e in ENGINES if e != "ucoz"])
def test_a_post_link_on_a_later_page_is_crawled_from_page_1(rel, tmp_path):
    thread = _thread(rel)
    profile = get_profile(thread.engine)
    first_url = thread.pages[0]["url"]
    pid = thread.pages[-1]["posts"][0]["post_id"]
    link = post_link(profile, topic_url=first_url, post_id=pid, topic=topic_key(first_url, profile),
                     base_url=first_url)
    client = Client(thread, {link.split("#")[0]: len(thread.pages) - 1})
    result, ids, _ = _crawl(thread, link, client, tmp_path)
    assert result.ok, result.error
    assert ids == _every_post(thread)
    assert client.asked[0] == link and client.requests == len(thread.pages) + 1


def test_smf_post_link_and_offset_link_as_a_gm_copies_them(tmp_path):
    thread = _thread("smf")
    base = thread.pages[0]["url"].split("?")[0]
    pid = thread.pages[1]["posts"][3]["post_id"]
    for link in (f"{base}?topic=1402.msg{pid}#msg{pid}", f"{base}?topic=1402.15", f"{base}?topic=1402.30"):
        index = 2 if link.endswith(".30") else 1
        client = Client(thread, {link.split("#")[0]: index})
        result, ids, pages = _crawl(thread, link, client, tmp_path)
        assert result.ok, result.error
        assert ids == _every_post(thread), link
        assert pages[0] == (1, f"{base}?topic=1402.0")


def test_a_later_page_that_links_no_page_1_is_an_error_naming_the_fix(tmp_path):
    thread = _thread("mybb")
    client = Client(thread)
    raw = (thread.folder / "showthread_tid2_page3.html").read_bytes()
    # a theme whose pagination shows no "1" (only neighbours): the crawl cannot know page 1
    doctored = raw.replace(b'<a href="showthread.php?tid=2" class="pagination_page">1</a>', b"")
    client.get = _answer(doctored, client)  # type: ignore[method-assign]
    result, ids, _ = _crawl(thread, thread.pages[2]["url"], client, tmp_path)
    assert not result.ok and ids == []
    assert result.error == (f"layout not recognised: {thread.pages[2]['url']} (engine mybb): first page: this link "
                            "opens page 3 of the topic and the page links no page 1; give the topic's first page as "
                            "its URL in the config")


def _answer(body: bytes, client: Client):
    def get(url: str, *, etag=None, last_modified=None) -> FetchResult:
        client.requests += 1
        return FetchResult(url=url, final_url=url, status=200, content=body, not_modified=False, etag=None,
                           last_modified=None, encoding=None, attempts=1)
    return get
