"""The incremental crawl of one forum topic (issue 2 item 4), I/O at the edge.

The client (`ForumClient`), the store (any `scraper.sink.CrawlStore`: in mafvote, its SQLite store), the
parser and `now` are passed in; this module only decides which pages to ask for and what the answers mean:

- **First crawl** (nothing stored): the topic URL, then every `next` link, with a progress callback.
  A URL that opens a later page (a page-2 link, a post link: `topic=3.msg20`, `viewtopic.php?p=25`,
  `showthread.php?pid=19`) is read once to find page 1 in its pagination, and the crawl starts there.
- **Poll**: start at the stored page with the highest number (where the newest stored post is),
  with a conditional request (ETag / Last-Modified), and follow `next` links to new pages only. A page
  answered in full is parsed only when its digest changed: the body without what the engine changes at
  every answer (`EngineProfile.volatile`: MyBB's form token, its relative dates and clock), since a real
  MyBB sends neither ETag nor Last-Modified and never the same bytes twice (issue 17).
  A crawl that failed midway left its pages stored, so the next poll resumes from the last one.
- **Re-read** (`reread_since`): start instead at the first page holding a post at or after
  `since`, so edits and deletions on older pages of the current day are caught.
- A page past the end answered with page 1 (MyBB does this when posts were deleted and the topic
  shrank) is recognised by `ParsedPage.page == 1` and never stored as page N; the crawl steps back
  one page and tries again.
- **Deletions** are decided by id range over the contiguous run of pages read in this crawl up to
  the topic's last page: a stored live post with an id inside the run's range (from the smallest id
  seen, or from the start of the topic when the run began at page 1) that was not seen is deleted.
  A post that merely moved to the page before the run has an id below the range, so it is not.
- **One origin**: a `next` link to another origin than the topic's stops the crawl with a `FetchError`
  naming both addresses (issue 13); the client refuses redirects elsewhere the same way.
- **Page cap**: one crawl reads at most `max_pages` pages of a topic; then it stops with a `note` (not an
  error: what it read is stored) and the next poll goes on from the last stored page.
- `LayoutNotRecognised` and `FetchError` stop the topic's crawl; they are recorded in `crawl_runs` (the English
  and the error's key and facts) and returned as `CrawlResult.error`, never as "no new posts".
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Callable, Protocol
from zoneinfo import ZoneInfo

from .fetch import FetchedMeta, FetchResult, off_origin_error
from .model import LayoutNotRecognised, ParsedPage, ScraperError
from .netguard import same_origin
from .parse import decode_html, parse_page
from .profile import EngineProfile, auto_topic_key, stored_topic_key, topic_key
from .profiles import detect_engine, get_profile
from .sink import CrawlStore, TopicT

__all__ = ["CrawlResult", "ProgressCallback", "auto_topic_key", "crawl_game", "crawl_topic", "reread_due", "topic_key"]

# progress(pages done, pages in the topic if known)
ProgressCallback = Callable[[int, "int | None"], None]


class _Client(Protocol):
    requests: int
    bytes: int

    def get(self, url: str, *, etag: str | None = None,
            last_modified: str | None = None) -> FetchResult: ...


@dataclass(frozen=True)
class CrawlResult:
    forum: str
    topic_id: str
    url: str
    kind: str
    new: tuple[int, ...] = ()
    changed: tuple[int, ...] = ()
    deleted: tuple[int, ...] = ()
    restored: tuple[int, ...] = ()
    pages: int = 0                 # pages answered (200 or 304) in this crawl
    requests: int = 0              # HTTP requests, retries included
    bytes: int = 0
    first: bool = False            # this was the topic's first crawl
    reread: bool = False           # the crawl re-read the pages since `reread_since`
    error: str | None = None
    note: str | None = None        # the crawl stopped at `max_pages`; the next poll goes on (English, as logged)
    exception: ScraperError | None = field(default=None, compare=False, repr=False)
    # the note's catalogue key (`crawl.note.<key>`) and facts, for the GM's language (`mafvote.crawl_text`)
    note_phrase: tuple[str, dict[str, int]] | None = field(default=None, compare=False, repr=False)

    @property
    def ok(self) -> bool:
        return self.error is None


def reread_due(last_reread_at: datetime | None, now: datetime, interval: timedelta) -> bool:
    return last_reread_at is None or now - last_reread_at >= interval


def _default_parse():
    return parse_page


def _resolve_profile(profile: EngineProfile | str) -> EngineProfile | str:
    if isinstance(profile, str) and profile != "auto":
        return get_profile(profile)
    return profile


def crawl_topic(client: _Client, store: CrawlStore[TopicT], *, forum: str, url: str, kind: str,
                game_id: str | None, profile: EngineProfile | str, tz: ZoneInfo,
                now: datetime | Callable[[], datetime], reread_since: datetime | None = None,
                reread_every: tuple[timedelta, timedelta] | None = None,
                parse: Callable[..., ParsedPage] | None = None,
                progress: ProgressCallback | None = None, max_pages: int | None = None) -> CrawlResult:
    """Crawl one topic into `store`; never raises for a forum or layout problem (see `error`). `reread_every`
    (interval, window): re-read the pages since `window` ago when the topic's last re-read is `interval` old (the
    topic row is read here once, issue 17); `reread_since`: re-read from then, whatever the last re-read."""
    clock = now if callable(now) else (lambda: now)
    parse = parse or _default_parse()
    profile = _resolve_profile(profile)
    tkey = stored_topic_key(url, profile)
    topic = store.ensure_topic(forum, tkey, url=url, kind=kind, game_id=game_id)
    started = clock()
    if (reread_since is None and reread_every is not None and topic.last_crawl_at is not None
            and reread_due(topic.last_reread_at, started, reread_every[0])):
        reread_since = started - reread_every[1]
    run_id = store.start_crawl(topic, started)
    req0, bytes0 = client.requests, client.bytes

    new: list[int] = []
    changed: list[int] = []
    restored: list[int] = []
    deleted: list[int] = []
    seen: set[int] = set()
    pages_done = 0
    error: str | None = None
    note: str | None = None        # the crawl stopped at `max_pages`; the next poll goes on
    note_phrase: tuple[str, dict[str, int]] | None = None
    exception: ScraperError | None = None

    last = store.last_page(topic)
    first = last is None
    # Until one crawl has reached the end of the topic, every crawl continues the initial one.
    initial = first or topic.last_crawl_at is None
    if first:
        page_no, page_url = 1, url
    else:
        page_no = last.page
        if reread_since is not None:
            since_page = store.first_page_since(topic, reread_since)
            if since_page is not None and since_page < page_no:
                page_no = since_page
        row = last if page_no == last.page else store.page(topic, page_no)
        page_url = row.url if row is not None else url
        if row is None:
            page_no = 1
    run_start = page_no
    reached_end_at: int | None = None
    restarted = False              # a first crawl given a later page went back to page 1
    # pages answered unchanged (page, when): stamped with the run's end, in its one write transaction
    touched: list[tuple[int, datetime]] = []
    known = row if not first else None     # the stored page `page_no` when already read (the loop's first)

    try:
        while True:
            row = known if known is not None and known.page == page_no else store.page(topic, page_no)
            known = None
            conditional = row is not None and row.url == page_url
            result = client.get(page_url, etag=row.etag if conditional else None,
                                last_modified=row.last_modified if conditional else None)
            at = clock()
            # the page's digest without what changes at every answer (`EngineProfile.volatile`): a real board sends
            # no ETag and a new page each time, and a page whose posts did not change need not be parsed again
            body_hash = None if result.not_modified else FetchedMeta.body_hash(
                result.content, profile.volatile if isinstance(profile, EngineProfile) else ())
            if result.not_modified or (conditional and body_hash == row.content_hash):
                # Unchanged since we stored it: its posts are all still there.
                touched.append((page_no, at))
                seen.update(row.post_ids)
                next_url = row.next_url
                total = None
            else:
                if profile == "auto":
                    profile = _detect(result)
                # Parse against the URL the forum answered from (after redirects), so relative
                # links resolve as a browser would resolve them.
                page_url = result.final_url or page_url
                parsed = parse(result.content, url=page_url, profile=profile, tz=tz, now=at,
                               encoding=result.encoding)
                if first and pages_done == 0 and parsed.page > 1:
                    # The config names a later page or a post on one (what a GM copies from the address bar):
                    # the first crawl goes to page 1 first, or page 1's votes are never read (issue 12).
                    if restarted or not parsed.first_url or parsed.first_url == page_url:
                        raise LayoutNotRecognised(
                            page_url, parsed.engine,
                            f"first page: this link opens page {parsed.page} of the topic and the page links no "
                            "page 1; give the topic's first page as its URL in the config",
                            ("first_page", {"page": str(parsed.page)}))
                    if not same_origin(parsed.first_url, url):
                        raise off_origin_error(page_url, parsed.first_url, url, link=True)
                    restarted = True
                    page_url, page_no = parsed.first_url, 1
                    continue
                if page_no > 1 and parsed.page == 1:
                    # Past the end: the forum answered page 1 (MyBB). The topic shrank below
                    # page_no (posts deleted) or a next link overshot; never store it as page N.
                    if page_no == run_start:
                        page_no -= 1
                        run_start = page_no
                        prev = store.page(topic, page_no)
                        page_url = prev.url if prev is not None else url
                        continue
                    reached_end_at = page_no - 1
                    break
                if pages_done == 0:
                    # Engines that clamp a page past the end to the last page (phpBB's start=)
                    # answer a lower page than asked: the run starts where the forum says.
                    run_start = min(run_start, parsed.page)
                page_no = parsed.page
                changes = store.upsert_page(topic, parsed, FetchedMeta(
                    url=page_url, fetched_at=at, etag=result.etag,
                    last_modified=result.last_modified, content_hash=body_hash))
                new.extend(changes.new)
                changed.extend(changes.changed)
                restored.extend(changes.restored)
                seen.update(changes.seen)
                next_url = parsed.next_url
                total = parsed.last_page
            pages_done += 1
            if progress is not None:
                progress(pages_done, total if total is not None else (page_no if next_url is None else None))
            if next_url is None:
                reached_end_at = page_no
                break
            if not same_origin(next_url, url):
                raise off_origin_error(page_url, next_url, url, link=True)
            if max_pages is not None and pages_done >= max_pages:
                note = (f"read {pages_done} pages of the topic in one crawl (the limit max_pages = {max_pages} in "
                        f"[[forums]]); the rest, from page {page_no + 1} on, is read at the next poll")
                note_phrase = ("page_cap", {"pages": pages_done, "most": max_pages, "next": page_no + 1})
                break
            page_url, page_no = next_url, page_no + 1
    except ScraperError as exc:
        error, exception = str(exc), exc
    except Exception as exc:  # recorded so `mafvote status` shows it, then raised: it is our bug
        _internal(store, run_id, clock, client, req0, bytes0, pages_done, new, changed, deleted, exc)
        raise
    try:
        # The run's end in one write transaction (a poll that found nothing new writes once, issue 17): the
        # pages answered unchanged, the deletions, the topic's stamps and the run's log, all or none.
        with store.transaction():
            for page, at in touched:
                store.touch_page(topic, page, at)
            if reached_end_at is not None and seen:
                # Deletion by id range (see the module docstring); only posts stored on the pages of
                # this run are candidates, so a page we did not read can never lose a post.
                low = None if run_start == 1 else min(seen)
                candidates = [pid for pid in store.live_post_ids(topic, min_page=run_start)
                              if pid not in seen and (low is None or pid >= low)]
                if candidates:
                    deleted = store.mark_deleted(topic, candidates, clock())
                store.drop_pages_after(topic, reached_end_at)
            if reached_end_at is not None:
                store.set_topic_crawled(topic, clock(), reread=initial or reread_since is not None)
            store.finish_crawl(run_id, clock(), requests=client.requests - req0, bytes=client.bytes - bytes0,
                               pages=pages_done, new=len(new), changed=len(changed), deleted=len(deleted),
                               error=error, error_phrase=exception.phrase if exception is not None else None)
    except Exception as exc:  # the end could not be written (rolled back): recorded if it can be, then raised
        _internal(store, run_id, clock, client, req0, bytes0, pages_done, new, changed, [], exc)
        raise
    return CrawlResult(forum=forum, topic_id=tkey, url=url, kind=kind, new=tuple(new),
                       changed=tuple(changed), deleted=tuple(deleted), restored=tuple(restored),
                       pages=pages_done, requests=client.requests - req0,
                       bytes=client.bytes - bytes0, first=first,
                       reread=reread_since is not None and not first, error=error, note=note,
                       exception=exception, note_phrase=note_phrase)


def _internal(store, run_id: int, clock, client: _Client, req0: int, bytes0: int, pages: int, new: list[int],
              changed: list[int], deleted: list[int], exc: Exception) -> None:
    """Log the run as ended by our own bug (`mafvote status` shows it); the caller raises the exception."""
    store.finish_crawl(run_id, clock(), requests=client.requests - req0, bytes=client.bytes - bytes0, pages=pages,
                       new=len(new), changed=len(changed), deleted=len(deleted),
                       error=f"internal error: {type(exc).__name__}: {exc}",
                       error_phrase=("internal", {"name": type(exc).__name__, "detail": str(exc)}))


def _detect(result: FetchResult) -> EngineProfile:
    text = decode_html(result.content, result.encoding, url=result.final_url or result.url, engine="auto")
    return get_profile(detect_engine(text, url=result.url))


def crawl_game(game, forum, client: _Client, store: CrawlStore[TopicT], *, now: datetime | Callable[[], datetime],
               reread_window: timedelta = timedelta(hours=24),
               parse: Callable[..., ParsedPage] | None = None,
               progress_for: Callable[[str, str], ProgressCallback | None] | None = None,
               ) -> list[CrawlResult]:
    """One crawl of a game's two topics (game topic, then vote thread).

    `game` and `forum` are `mafvote.config.GameConfig` / `ForumConfig`. The re-read of the current
    day's pages is due when `game.reread_interval` has passed since the topic's last re-read; it
    covers the pages holding posts of the last `reread_window` (a game day and night).
    `progress_for(kind, url)` may return a progress callback for that topic's crawl.
    """
    clock = now if callable(now) else (lambda: now)
    store.ensure_forum(forum.id, engine=forum.engine, base_url=forum.base_url,
                       timezone_name=forum.timezone)
    profile = _resolve_profile(forum.engine)
    results = []
    for kind, url in (("game", game.game_topic), ("vote", game.vote_thread)):
        results.append(crawl_topic(
            client, store, forum=forum.id, url=url, kind=kind, game_id=game.id, profile=profile,
            tz=forum.tz, now=clock, reread_every=(game.reread_interval, reread_window), parse=parse,
            progress=progress_for(kind, url) if progress_for is not None else None,
            max_pages=getattr(forum, "max_pages", None)))
    return results
