"""The incremental crawl against a local MyBB forum (`mafvote.forumsim`) whose pages change between
polls, parsed by the real MyBB profile (issue 2 items 4 and 5)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote.forumsim import ForumSim
from mafvote.store import Store
from mafvote_scraper.crawl import crawl_topic
from mafvote_scraper.fetch import ForumClient
from mafvote_scraper.parse import parse_page

NOW = datetime(2027, 1, 1, 15, 40, tzinfo=timezone.utc)
MSK = ZoneInfo("Europe/Moscow")
AUTHORS = ["Ronin", "Соня", "Алукард", "Puss"]
LONG_AGO = datetime(2026, 1, 1, tzinfo=timezone.utc)


def vote(i: int) -> str:
    return f'Голосую <span style="color: red;" class="mycode_color">{AUTHORS[(i + 1) % 4]}</span> ({i})'


class Crawler:
    """One store + one client against the forum; `run()` is one crawl of topic 2."""

    def __init__(self, forum: ForumSim, store: Store, **client_kw) -> None:
        self.forum, self.store = forum, store
        self.sleeps: list[float] = []
        client_kw.setdefault("timeout", 2.0)
        self.client = ForumClient(min_delay=0, sleep=self.sleeps.append, jitter=lambda: 0.0,
                                  **client_kw)
        self.progress: list[tuple[int, int | None]] = []

    def run(self, *, reread_since: datetime | None = None, tid: int = 2):
        return crawl_topic(self.client, self.store, forum="hyper", url=self.forum.url_of(tid),
                           kind="vote", game_id="ny", profile="mybb", tz=MSK, now=NOW,
                           reread_since=reread_since,
                           progress=lambda done, total: self.progress.append((done, total)))

    def stored(self, include_deleted: bool = False):
        return self.store.posts(game_id="ny", include_deleted=include_deleted)


@pytest.fixture
def forum():
    with ForumSim(per_page=5) as f:
        f.add_topic(2, "Голосование — День 2")
        yield f


@pytest.fixture
def crawler(forum, tmp_path):
    store = Store(tmp_path / "mafvote.db")
    c = Crawler(forum, store)
    yield c
    c.client.close()
    store.close()


def fill(forum: ForumSim, n: int) -> list[int]:
    return [forum.add_post(2, AUTHORS[i % 4], vote(i)) for i in range(n)]


def test_first_crawl_reads_every_page_with_progress(forum, crawler):
    pids = fill(forum, 13)                       # pages of 5: 5 + 5 + 3
    result = crawler.run()
    assert result.ok and result.first
    assert result.new == tuple(pids) and result.changed == () and result.deleted == ()
    assert (result.pages, result.requests) == (3, 3)
    assert crawler.progress == [(1, 3), (2, 3), (3, 3)]
    posts = crawler.stored()
    assert [(p.post_id, p.page, p.position, p.author) for p in posts][:6] == [
        (1, 1, 0, "Ronin"), (2, 1, 1, "Соня"), (3, 1, 2, "Алукард"), (4, 1, 3, "Puss"),
        (5, 1, 4, "Ronin"), (6, 2, 0, "Соня")]
    assert posts[12].time == datetime(2026, 12, 30, 17, 13, tzinfo=timezone.utc)
    assert ">Соня</span> (0)" in posts[0].html
    assert [pg.page for pg in crawler.store.pages(crawler.store.topics()[0])] == [1, 2, 3]
    (run,) = crawler.store.crawl_runs()
    assert (run.requests, run.pages, run.new, run.error) == (3, 3, 13, None)
    assert run.bytes == result.bytes > 0


def test_first_crawl_given_a_middle_page_of_a_windowed_thread_starts_at_page_1(forum, crawler):
    # 12 pages of 5: MyBB links page 1 from page 8 only as `pagination_first` («1 …», a window of 5 around 8), and
    # the thread's length only as `pagination_last`
    pids = fill(forum, 58)
    result = crawl_topic(crawler.client, crawler.store, forum="hyper", url=forum.url_of(2, 8), kind="vote",
                         game_id="ny", profile="mybb", tz=MSK, now=NOW,
                         progress=lambda done, total: crawler.progress.append((done, total)))
    assert result.ok and result.new == tuple(pids) and (result.pages, result.requests) == (12, 13)
    assert crawler.progress == [(n, 12) for n in range(1, 13)]
    assert forum.log[:2] == [("/showthread.php?tid=2&page=8", 200), ("/showthread.php?tid=2", 200)]


def test_unchanged_topic_costs_one_request_answered_304(forum, crawler):
    fill(forum, 13)
    crawler.run()
    forum.reset_counts()
    result = crawler.run()
    assert result.ok and result.new == () and result.changed == () and result.deleted == ()
    assert result.requests == 1 and result.bytes == 0
    assert forum.log == [("/showthread.php?tid=2&page=3", 304)]


def test_unchanged_topic_without_etag_uses_last_modified(tmp_path):
    with ForumSim(per_page=5, etag=False) as forum:
        forum.add_topic(2, "Голосование")
        fill(forum, 7)
        with Store(tmp_path / "m.db") as store:
            c = Crawler(forum, store)
            c.run()
            forum.reset_counts()
            assert c.run().requests == 1
            assert forum.log == [("/showthread.php?tid=2&page=2", 304)]


@pytest.fixture
def real_mybb(tmp_path):
    """A forum answering as a real MyBB 1.8 does: no ETag, no Last-Modified, and a new form token and footer clock
    in every answer (no two answers byte-identical); `parsed` counts the pages the crawl parsed."""
    with ForumSim(per_page=5, etag=False, last_modified=False, tokens=True) as forum, \
            Store(tmp_path / "m.db") as store:
        forum.add_topic(2, "Голосование")
        c = Crawler(forum, store)
        c.parsed = []

        def run(**kw):
            def parse(content, **pkw):
                c.parsed.append(pkw["url"])
                return parse_page(content, **pkw)
            return crawl_topic(c.client, store, forum="hyper", url=forum.url_of(2), kind="vote", game_id="ny",
                               profile="mybb", tz=MSK, now=NOW, parse=parse, **kw)
        c.run = run
        yield forum, c
        c.client.close()


def test_a_page_answered_anew_with_the_same_posts_is_not_parsed_again(real_mybb):
    forum, crawler = real_mybb
    fill(forum, 13)
    crawler.run()
    forum.reset_counts()
    crawler.parsed.clear()
    result = crawler.run()
    assert (result.new, result.changed, result.deleted, result.requests) == ((), (), (), 1)
    assert forum.log == [("/showthread.php?tid=2&page=3", 200)] and crawler.parsed == []


def test_an_edit_on_a_page_answered_anew_is_seen_on_the_next_poll(real_mybb):
    forum, crawler = real_mybb
    fill(forum, 13)
    crawler.run()
    crawler.run()
    forum.edit_post(12, 'Голосую <span style="color: blue;" class="mycode_color">Puss</span>',
                    at=datetime(2026, 12, 30, 17, 20, tzinfo=timezone.utc))
    assert crawler.run().changed == (12,)
    # the same text, only a later edit stamp: the page is read again
    crawler.parsed.clear()
    forum.edit_post(12, 'Голосую <span style="color: blue;" class="mycode_color">Puss</span>',
                    at=datetime(2026, 12, 30, 17, 25, tzinfo=timezone.utc))
    result = crawler.run()
    # parsed and handed to the store, which versions a post by its text (its stamp alone makes no new version)
    assert crawler.parsed == [forum.url_of(2, 3)] and result.changed == ()


def test_a_deletion_and_a_new_page_on_pages_answered_anew_are_seen_on_the_next_poll(real_mybb):
    forum, crawler = real_mybb
    fill(forum, 15)                              # three full pages
    crawler.run()
    crawler.run()
    forum.delete_post(14)
    assert crawler.run().deleted == (14,)
    added = [forum.add_post(2, "Enzo", vote(40 + i)) for i in range(2)]   # page 3 full again, page 4 appears
    result = crawler.run()
    assert result.new == tuple(added)
    assert [(p.post_id, p.page) for p in crawler.stored()][-3:] == [(15, 3), (16, 3), (17, 4)]


def test_poll_after_new_posts_on_the_last_page(forum, crawler):
    fill(forum, 12)
    crawler.run()
    forum.reset_counts()
    added = [forum.add_post(2, "Enzo", vote(20 + i)) for i in range(3)]   # page 3: 2 -> 5 posts
    result = crawler.run()
    assert result.new == tuple(added) and result.requests == 1
    assert forum.log == [("/showthread.php?tid=2&page=3", 200)]
    assert [p.post_id for p in crawler.stored()] == list(range(1, 16))


def test_an_edit_of_the_same_length_under_the_same_stamp_on_a_page_answered_anew_is_seen(real_mybb):
    # the page's digest is of its bytes, not of its length or its edit stamp: one letter changed is a new version
    forum, crawler = real_mybb
    fill(forum, 13)
    stamp = datetime(2026, 12, 30, 17, 20, tzinfo=timezone.utc)
    forum.edit_post(12, "Голосую Puss", at=stamp)
    crawler.run()
    crawler.run()
    forum.edit_post(12, "Голосую Russ", at=stamp)
    crawler.parsed.clear()
    assert crawler.run().changed == (12,)
    assert crawler.parsed == [forum.url_of(2, 3)]
    assert crawler.store.posts(game_id="ny")[-2].html == "Голосую Russ"


def test_a_poll_that_finds_nothing_new_writes_the_store_twice_and_logs_its_run(crawler, forum):
    # the run's start (kept even if the poll is cut off: `status` says so) and its end, in one write: the page seen
    # again, the topic's stamp and the run's log
    fill(forum, 13)
    crawler.run()
    statements: list[str] = []
    crawler.store.db.conn.set_trace_callback(statements.append)
    try:
        result = crawler.run()
    finally:
        crawler.store.db.conn.set_trace_callback(None)
    assert (result.new, result.changed, result.deleted, result.requests) == ((), (), (), 1)
    assert [s for s in statements if s.startswith("BEGIN")] == ["BEGIN IMMEDIATE", "BEGIN IMMEDIATE"]
    runs = crawler.store.crawl_runs()
    assert [(r.pages, r.new, r.ok) for r in runs] == [(3, 13, True), (1, 0, True)]
    assert crawler.store.topics("ny")[0].last_crawl_at == NOW


def test_a_crawls_end_that_cannot_be_written_is_written_not_at_all_and_its_run_says_why(crawler, forum, monkeypatch):
    pids = fill(forum, 13)
    crawler.run()
    before = crawler.store.topics("ny")[0]
    forum.delete_post(pids[-1])
    finish = crawler.store.finish_crawl
    calls = []

    def finish_once_broken(*args, **kwargs):
        calls.append(kwargs["error"])
        if len(calls) == 1:
            raise RuntimeError("disk gone")
        return finish(*args, **kwargs)
    monkeypatch.setattr(crawler.store, "finish_crawl", finish_once_broken)
    with pytest.raises(RuntimeError, match="disk gone"):
        crawler.run()
    # the deletion, the topic's stamp and the run's end were one write: none of it is in the store
    assert [p.post_id for p in crawler.stored()] == pids
    assert crawler.store.topics("ny")[0] == before
    assert calls == [None, "internal error: RuntimeError: disk gone"]
    assert [(r.deleted, r.error) for r in crawler.store.crawl_runs()] == [
        (0, None), (0, "internal error: RuntimeError: disk gone")]
    # the next poll sees the deletion
    monkeypatch.undo()
    assert crawler.run().deleted == (pids[-1],)


def test_poll_after_a_new_page(forum, crawler):
    fill(forum, 10)                              # exactly two full pages
    crawler.run()
    forum.reset_counts()
    added = [forum.add_post(2, "Enzo", vote(30 + i)) for i in range(3)]   # page 3 appears
    result = crawler.run()
    assert result.new == tuple(added)
    assert [path for path, _ in forum.log] == ["/showthread.php?tid=2&page=2",
                                               "/showthread.php?tid=2&page=3"]
    assert [(p.post_id, p.page) for p in crawler.stored()][-3:] == [(11, 3), (12, 3), (13, 3)]


def test_edited_post_gets_a_new_version_and_the_first_is_kept(forum, crawler):
    fill(forum, 13)
    crawler.run()
    forum.edit_post(3, 'Голосую <span style="color: blue;" class="mycode_color">Puss</span>',
                    at=datetime(2026, 12, 30, 17, 20, tzinfo=timezone.utc), reason="передумал")
    result = crawler.run(reread_since=LONG_AGO)
    assert result.changed == (3,) and result.new == () and result.deleted == ()
    post = {p.post_id: p for p in crawler.stored()}[3]
    assert post.versions_count == 2 and post.edited
    assert "Puss" in post.html and "blue" in post.html
    assert post.first_html == post.versions[0].html and ">Puss</span> (2)" in post.first_html
    assert post.edit_at == datetime(2026, 12, 30, 17, 20, tzinfo=timezone.utc)
    assert post.versions[1].edit_reason == "передумал"


def test_a_poll_does_not_reread_old_pages(forum, crawler):
    fill(forum, 13)
    crawler.run()
    forum.edit_post(3, "другой текст")           # page 1; a plain poll reads page 3 only
    forum.reset_counts()
    result = crawler.run()
    assert result.changed == ()
    assert [path for path, _ in forum.log] == ["/showthread.php?tid=2&page=3"]


def test_reread_starts_at_the_first_page_holding_posts_since(forum, crawler):
    fill(forum, 13)
    crawler.run()
    forum.reset_counts()
    since = datetime(2026, 12, 30, 17, 7, tzinfo=timezone.utc)       # post 7, page 2
    crawler.run(reread_since=since)
    assert [path for path, _ in forum.log] == ["/showthread.php?tid=2&page=2",
                                               "/showthread.php?tid=2&page=3"]


def test_deleted_post_shifting_a_page_boundary_is_marked_deleted_nothing_duplicated(forum, crawler):
    fill(forum, 13)
    crawler.run()
    forum.delete_post(4)                         # page 1: posts 6 and 11 move back a page
    result = crawler.run(reread_since=LONG_AGO)
    assert result.deleted == (4,) and result.new == () and result.changed == ()
    live = crawler.stored()
    assert [p.post_id for p in live] == [1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13]
    assert {p.post_id: p.page for p in live}[6] == 1 and {p.post_id: p.page for p in live}[11] == 2
    everything = crawler.stored(include_deleted=True)
    assert len(everything) == 13 == len({p.post_id for p in everything})
    (gone,) = [p for p in everything if p.deleted]
    assert gone.post_id == 4 and gone.deleted_at == NOW and "(3)" in gone.html


def test_post_moved_to_the_previous_page_is_not_taken_for_deleted(forum, crawler):
    fill(forum, 13)
    crawler.run()
    forum.delete_post(4)                         # 11 moves from page 3 to page 2
    result = crawler.run()                       # plain poll: page 3 only (12, 13)
    assert result.deleted == () and result.new == ()
    assert [p.post_id for p in crawler.stored()] == list(range(1, 14))
    # the next re-read finds the real deletion
    assert crawler.run(reread_since=LONG_AGO).deleted == (4,)


def test_deleted_post_on_the_last_page_is_found_by_a_poll(forum, crawler):
    fill(forum, 13)
    crawler.run()
    forum.delete_post(12)
    result = crawler.run()
    assert result.deleted == (12,) and result.requests == 1


def test_past_the_end_page_answered_with_page_1_is_not_stored_twice(forum, crawler):
    fill(forum, 11)                              # page 3 holds only post 11
    crawler.run()
    forum.delete_post(11)                        # the topic shrinks to 2 pages
    forum.reset_counts()
    result = crawler.run()
    # page 3 is answered with page 1 (MyBB); the crawl steps back to page 2
    assert [path for path, _ in forum.log] == ["/showthread.php?tid=2&page=3",
                                               "/showthread.php?tid=2&page=2"]
    assert result.ok and result.deleted == (11,) and result.new == ()
    topic = crawler.store.topics()[0]
    assert [pg.page for pg in crawler.store.pages(topic)] == [1, 2]
    assert [p.page for p in crawler.stored()] == [1] * 5 + [2] * 5
    assert crawler.store.page(topic, 1).post_ids == (1, 2, 3, 4, 5)


def test_crawl_failing_midway_keeps_its_pages_and_the_next_resumes(forum, tmp_path):
    fill(forum, 13)
    with Store(tmp_path / "m.db") as store:
        c = Crawler(forum, store, retries=2)

        def break_after_page_2(done: int, total: int | None) -> None:
            if done == 2:
                forum.fail_for(60)               # the forum goes down before page 3
        c.progress = []
        first = crawl_topic(c.client, store, forum="hyper", url=forum.url_of(2), kind="vote",
                            game_id="ny", profile="mybb", tz=MSK, now=NOW,
                            progress=break_after_page_2)
        assert not first.ok and first.new == tuple(range(1, 11))
        assert first.error.startswith("cannot read http://127.0.0.1:")
        assert first.error.endswith("page=3 after 3 attempts: HTTP 503 Service Unavailable")
        assert c.sleeps == [0.5, 1.0]             # backoff 1 s, 2 s with equal jitter at 0
        assert store.crawl_runs()[-1].error == first.error
        assert [p.post_id for p in c.stored()] == list(range(1, 11))
        forum.fail_for(0)
        forum.reset_counts()
        second = c.run()
        assert second.ok and second.new == (11, 12, 13)
        assert forum.log == [("/showthread.php?tid=2&page=2", 304), ("/showthread.php?tid=2&page=3", 200)]
        assert [p.post_id for p in c.stored()] == list(range(1, 14))


def test_503_429_and_timeout_during_a_crawl_are_retried(forum, tmp_path):
    fill(forum, 13)
    with Store(tmp_path / "m.db") as store:
        # a real timeout against a real clock: 2 s leaves every other answer, even on a loaded machine, far
        # inside it, and the delayed one (6 s) far outside
        c = Crawler(forum, store, timeout=2.0)
        forum.fail_next(1, status=503)
        forum.fail_next(1, status=429, retry_after=3)
        forum.delay_next(1, seconds=6.0)
        result = c.run()
        assert result.ok and result.new == tuple(range(1, 14))
        assert result.requests == 6 and result.pages == 3
        assert c.sleeps == [0.5, 3.0, 2.0]          # backoff, Retry-After: 3, backoff after timeout
        assert [s for _, s in forum.log][:3] == [503, 429, 200]


def test_layout_not_recognised_is_an_error_not_no_new_posts(forum, crawler):
    fill(forum, 13)
    crawler.run()
    forum.add_post(2, "Enzo", vote(40))
    forum.unknown_theme = True
    result = crawler.run()
    assert not result.ok and result.new == ()
    assert result.error.startswith("layout not recognised: http://127.0.0.1:")
    assert "(engine mybb): no posts" in result.error
    run = crawler.store.crawl_runs()[-1]
    assert run.error == result.error and run.new == 0
    forum.unknown_theme = False
    assert crawler.run().new == (14,)


def test_first_crawl_of_a_one_page_topic(forum, crawler):
    fill(forum, 3)
    result = crawler.run()
    assert result.new == (1, 2, 3) and result.pages == 1
    forum.reset_counts()
    assert crawler.run().requests == 1 and forum.log[0][1] == 304


def test_reread_every_rereads_the_window_once_the_last_reread_is_an_interval_old(forum, crawler):
    fill(forum, 13)
    crawler.run()                                # the first crawl reads everything: a re-read as of NOW
    since = datetime(2026, 12, 30, 17, 7, tzinfo=timezone.utc)       # post 7, page 2
    paths = []
    for minutes in (29, 30):
        at = NOW + timedelta(minutes=minutes)
        forum.reset_counts()
        result = crawl_topic(crawler.client, crawler.store, forum="hyper", url=forum.url_of(2), kind="vote",
                             game_id="ny", profile="mybb", tz=MSK, now=at,
                             reread_every=(timedelta(minutes=30), NOW + timedelta(minutes=30) - since))
        paths.append(([path for path, _ in forum.log], result.reread))
    assert paths == [(["/showthread.php?tid=2&page=3"], False),
                     (["/showthread.php?tid=2&page=2", "/showthread.php?tid=2&page=3"], True)]
    assert crawler.store.topic("hyper", "2").last_reread_at == NOW + timedelta(minutes=30)


def test_reread_due():
    from mafvote_scraper.crawl import reread_due

    assert reread_due(None, NOW, timedelta(minutes=30))
    assert not reread_due(NOW - timedelta(minutes=29), NOW, timedelta(minutes=30))
    assert reread_due(NOW - timedelta(minutes=30), NOW, timedelta(minutes=30))


# --- the real MyBB board's pages (fixtures/html/mybb), served as they were captured ---------------

MYBB = Path(__file__).resolve().parents[2] / "fixtures" / "html" / "mybb"
REAL_PIDS = [8, *range(10, 54)]


def real_pages(n: int) -> list[bytes]:
    return [(MYBB / f"showthread_tid2_page{i}.html").read_bytes() for i in range(1, n + 1)]


def test_real_mybb_thread_crawled_as_it_grows(forum, crawler):
    # Three pages online; page 3 still links a page 4 that is not there yet: the forum answers
    # page 1 for it (MyBB), which must end the crawl, not add page 1 again as page 4.
    forum.set_static_pages(2, real_pages(3), title="Голосование — День 2")
    first = crawler.run()
    assert first.ok and first.new == tuple(REAL_PIDS[:30]) and first.pages == 3
    assert [path for path, _ in forum.log] == [
        "/showthread.php?tid=2", "/showthread.php?tid=2&page=2", "/showthread.php?tid=2&page=3",
        "/showthread.php?tid=2&page=4"]
    topic = crawler.store.topics()[0]
    assert [pg.page for pg in crawler.store.pages(topic)] == [1, 2, 3]
    assert topic.title == "Голосование — День 2"

    forum.set_static_pages(2, real_pages(5))
    forum.reset_counts()
    second = crawler.run()
    assert second.ok and second.new == tuple(REAL_PIDS[30:]) and second.deleted == ()
    assert forum.log == [("/showthread.php?tid=2&page=3", 304), ("/showthread.php?tid=2&page=4", 200),
                         ("/showthread.php?tid=2&page=5", 200)]
    posts = crawler.stored()
    assert [p.post_id for p in posts] == REAL_PIDS
    by_id = {p.post_id: p for p in posts}
    # pid 10 "РэдДи", 12-30-2026 08:07 PM Moscow
    assert by_id[10].author == "РэдДи" and by_id[10].author_id == "2"
    assert by_id[10].time == datetime(2026, 12, 30, 17, 7, tzinfo=timezone.utc)
    assert by_id[28].edited and not by_id[10].edited
    assert by_id[8].author == "Ведущий"


def test_engine_auto_recognises_mybb_from_the_first_page(forum, crawler):
    fill(forum, 7)
    result = crawl_topic(crawler.client, crawler.store, forum="hyper", url=forum.url_of(2),
                         kind="vote", game_id="ny", profile="auto", tz=MSK, now=NOW)
    assert result.ok and result.topic_id == "2" and result.new == tuple(range(1, 8))


def test_crawl_health_counts_the_failures_since_the_last_success_of_that_topic_only(tmp_path):
    """The daemon's `crawl_failing` alert reads this after every crawl: failures since the last finished run
    without an error, newest error first; runs still going (no end, no error) are skipped; other topics'
    runs never count."""
    from mafvote.daemon import crawl_health

    store = Store(tmp_path / "s.sqlite")
    store.ensure_forum("f", engine="mybb", base_url="http://f/", timezone_name="UTC")
    vote = store.ensure_topic("f", "2", url="http://f/t2", kind="vote", game_id="g")
    game = store.ensure_topic("f", "1", url="http://f/t1", kind="game", game_id="g")
    t0 = datetime(2026, 12, 30, 10, 0, tzinfo=timezone.utc)

    def run(topic, minute, error=None, finished=True):
        run_id = store.start_crawl(topic, t0 + timedelta(minutes=minute))
        if finished:
            store.finish_crawl(run_id, t0 + timedelta(minutes=minute, seconds=5), requests=1, bytes=0, pages=1,
                               new=0, changed=0, deleted=0, error=error)

    health = lambda: crawl_health(store, vote.id, kind="vote", url=vote.url)  # noqa: E731
    assert health().failures_in_a_row == 0                      # never crawled
    run(vote, 0, "HTTP 503")                                    # failures before the last success are forgiven
    run(vote, 2)
    assert health().failures_in_a_row == 0
    run(vote, 4, "HTTP 503")
    run(game, 5, "timeout")                                     # another topic
    run(vote, 6, finished=False)                                # a run cut off without a word
    run(vote, 8, "layout not recognised: http://f/t2 (mybb): no posts")
    h = health()
    assert (h.failures_in_a_row, h.first_failure_at, h.layout_unrecognised) == (2, t0 + timedelta(minutes=4), True)
    assert h.last_error.startswith("layout not recognised")
    run(vote, 10)
    assert health().failures_in_a_row == 0
