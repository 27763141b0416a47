"""A small local forum for tests, the demo and the benchmarks: MyBB 1.8 pages served on 127.0.0.1.

`ForumSim` keeps topics as lists of posts that can change while it runs (add, edit, delete) and
renders them with the markup of a real MyBB 1.8 board (`fixtures/html/mybb/showthread_tid2_page*.html`):
`#posts > div.post`, `span.post_date` with `span.post_edit`, `div.post_body#pid_N`, `div.pagination`
windowed as MyBB windows it (page 1, five links around the current page, the last page, «…» between; read on a
real board) with `a.pagination_next`; N posts per page; no pagination block on a one-page topic; a page past
the end answered with page 1 and HTTP 200, as MyBB does. Dates are absolute (`12-30-2026, 08:00 PM`)
in the board's time zone.

It speaks HTTP like a careful forum: ETag and Last-Modified with 304 answers; and like a struggling
one on demand: `fail_next` (503/500/429 with Retry-After for the next k requests), `fail_for`
(a time window of errors), `delay_next` (answers slower than a client's timeout), `slow` (every
answer delayed). It counts requests (`requests`, `log`).

    with ForumSim(per_page=10) as forum:
        forum.add_topic(2, "Голосование — День 2")
        forum.add_post(2, "Ronin", '<span style="color: red;" class="mycode_color">Соня</span>')
        url = forum.url_of(2)
"""
from __future__ import annotations

import hashlib
import html as _html
import threading
import time as _time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime, parsedate_to_datetime
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit
from zoneinfo import ZoneInfo

from .http_server import LocalHTTPServer

__all__ = ["ForumSim", "SimPost"]

_BASE_TIME = datetime(2026, 12, 30, 17, 0, tzinfo=timezone.utc)


@dataclass
class SimPost:
    pid: int
    author: str
    uid: int
    time: datetime
    html: str
    edited_at: datetime | None = None
    edited_by: str | None = None
    edit_reason: str | None = None


@dataclass
class _Topic:
    tid: int
    title: str
    posts: list[SimPost] = field(default_factory=list)
    version: int = 0              # bumped on every change; drives Last-Modified
    static: list[bytes] | None = None   # pages served as they are (captured pages of a real board)


@dataclass
class _Fault:
    status: int = 0               # 0 = no status fault
    retry_after: str | None = None
    delay: float = 0.0


class ForumSim:
    def __init__(self, *, per_page: int = 10, timezone_name: str = "Europe/Moscow",
                 etag: bool = True, last_modified: bool = True, slow: float = 0.0, tokens: bool = False):
        self.per_page = per_page
        # True: each answer carries a new form token (`my_post_key`) and the footer's clock, as a real MyBB's page
        # does for a guest: two answers of an unchanged page are never byte-identical (with etag and
        # last_modified False, what a real MyBB 1.8 sends: it has neither header on showthread.php)
        self.tokens = tokens
        self._answers = 0
        self.tz = ZoneInfo(timezone_name)
        self.send_etag = etag
        self.send_last_modified = last_modified
        self.slow = slow
        # True: pages render as after a theme change the profile does not know (no `div.post`),
        # for "layout not recognised" tests.
        self.unknown_theme = False
        self.requests = 0
        self.connections = 0                          # TCP connections accepted (keep-alive reuses one)
        self.log: list[tuple[str, int]] = []          # (path with query, status)
        self._topics: dict[int, _Topic] = {}
        self._uids: dict[str, int] = {}
        self._next_pid = 1
        self._faults: list[_Fault] = []
        self._fail_until = 0.0
        self._fail_status = 503
        self._lock = threading.RLock()
        self._server: LocalHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle --
    def start(self) -> "ForumSim":
        sim = self

        class Handler(_Handler):
            forum = sim

        self._server = LocalHTTPServer(("127.0.0.1", 0), Handler)
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True,
                                        name="forumsim")
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> "ForumSim":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        assert self._server is not None, "call start() first"
        return f"http://127.0.0.1:{self._server.server_address[1]}/"

    def url_of(self, tid: int, page: int | None = None) -> str:
        url = f"{self.base_url}showthread.php?tid={tid}"
        return url if page is None or page == 1 else f"{url}&page={page}"

    # -- content --
    def add_topic(self, tid: int, title: str) -> None:
        with self._lock:
            self._topics[tid] = _Topic(tid, title)

    def set_static_pages(self, tid: int, pages: list[bytes], title: str = "") -> None:
        """Serve topic `tid` from captured pages (page 1 first) instead of rendering it; a request
        past the last page gets page 1, as MyBB does. Call again to make the topic grow."""
        with self._lock:
            topic = self._topics.setdefault(tid, _Topic(tid, title))
            topic.static = list(pages)
            topic.version += 1

    def add_post(self, tid: int, author: str, html: str, *, time: datetime | None = None,
                 uid: int | None = None, pid: int | None = None) -> int:
        """Append a post; returns its pid. Default time: one minute after the topic's last post."""
        with self._lock:
            topic = self._topics[tid]
            if pid is None:
                pid = self._next_pid
            self._next_pid = max(self._next_pid, pid + 1)
            if uid is None:
                uid = self._uids.setdefault(author, len(self._uids) + 1)
            if time is None:
                time = (topic.posts[-1].time if topic.posts else _BASE_TIME) + timedelta(minutes=1)
            topic.posts.append(SimPost(pid, author, uid, time, html))
            topic.version += 1
            return pid

    def edit_post(self, pid: int, html: str, *, at: datetime | None = None,
                  by: str | None = None, reason: str | None = None) -> None:
        with self._lock:
            topic, post = self._find(pid)
            post.html = html
            post.edited_at = at or (post.time + timedelta(minutes=5))
            post.edited_by = by or post.author
            post.edit_reason = reason
            topic.version += 1

    def delete_post(self, pid: int) -> None:
        with self._lock:
            topic, post = self._find(pid)
            topic.posts.remove(post)
            topic.version += 1

    def posts(self, tid: int) -> list[SimPost]:
        with self._lock:
            return list(self._topics[tid].posts)

    def page_count(self, tid: int) -> int:
        with self._lock:
            topic = self._topics[tid]
            if topic.static is not None:
                return len(topic.static)
            return max(1, -(-len(topic.posts) // self.per_page))

    def _find(self, pid: int) -> tuple[_Topic, SimPost]:
        for topic in self._topics.values():
            for post in topic.posts:
                if post.pid == pid:
                    return topic, post
        raise KeyError(f"no post {pid}")

    # -- faults --
    def fail_next(self, k: int = 1, status: int = 503, retry_after: str | float | None = None) -> None:
        """The next k requests get `status` (with a Retry-After header if given)."""
        with self._lock:
            ra = None if retry_after is None else str(retry_after)
            self._faults.extend(_Fault(status=status, retry_after=ra) for _ in range(k))

    def delay_next(self, k: int = 1, seconds: float = 5.0) -> None:
        """The next k requests are answered after `seconds` (longer than a client timeout)."""
        with self._lock:
            self._faults.extend(_Fault(delay=seconds) for _ in range(k))

    def fail_for(self, seconds: float, status: int = 503) -> None:
        """Every request in the next `seconds` gets `status`."""
        with self._lock:
            self._fail_until = _time.monotonic() + seconds
            self._fail_status = status

    def reset_counts(self) -> None:
        with self._lock:
            self.requests = 0
            self.connections = 0
            self.log.clear()

    # -- serving --
    def _respond(self, path: str, headers) -> tuple[int, dict[str, str], bytes, float]:
        """(status, headers, body, delay) for one request; pure apart from the fault queue."""
        with self._lock:
            self.requests += 1
            delay = self.slow
            if self._faults:
                fault = self._faults.pop(0)
                delay += fault.delay
                if fault.status:
                    extra = {"Retry-After": fault.retry_after} if fault.retry_after else {}
                    return fault.status, extra, b"forum is busy", delay
            if _time.monotonic() < self._fail_until:
                return self._fail_status, {}, b"forum is down", delay
            parts = urlsplit(path)
            query = parse_qs(parts.query)
            if parts.path.rstrip("/").split("/")[-1] != "showthread.php" or "tid" not in query:
                return 404, {}, b"not found", delay
            try:
                tid = int(query["tid"][0])
                page = int(query.get("page", ["1"])[0])
            except ValueError:
                return 404, {}, b"not found", delay
            topic = self._topics.get(tid)
            if topic is None:
                return 404, {}, b"no such thread", delay
            pages = self.page_count(tid)
            if page < 1 or page > pages:
                page = 1          # MyBB answers a page past the end with page 1, HTTP 200
            if topic.static is not None:
                body = topic.static[page - 1]
            else:
                body = self._render(topic, page, pages).encode("utf-8")
            out = {"Content-Type": "text/html; charset=UTF-8"}
            etag = '"' + hashlib.sha1(body).hexdigest()[:20] + '"'
            modified = _BASE_TIME + timedelta(seconds=topic.version)
            if self.send_etag:
                out["ETag"] = etag
            if self.send_last_modified:
                out["Last-Modified"] = format_datetime(modified, usegmt=True)
            inm = headers.get("If-None-Match")
            ims = headers.get("If-Modified-Since")
            if self.send_etag and inm is not None:
                if inm == etag:
                    return 304, out, b"", delay
            elif self.send_last_modified and ims is not None:
                try:
                    if parsedate_to_datetime(ims) >= modified:
                        return 304, out, b"", delay
                except (TypeError, ValueError):
                    pass
            return 200, out, body, delay

    def _render(self, topic: _Topic, page: int, pages: int) -> str:
        start = (page - 1) * self.per_page
        posts = topic.posts[start:start + self.per_page]
        title = _html.escape(topic.title)
        pagination = self._pagination(topic.tid, page, pages)
        body = "".join(self._postbit(topic, p, start + i + 1) for i, p in enumerate(posts))
        if self.unknown_theme:
            body = body.replace('<div class="post " style="" id="post_', '<div class="message" id="msg_')
        head = footer = ""
        if self.tokens:
            self._answers += 1
            key = hashlib.md5(f"{id(self)}:{self._answers}".encode()).hexdigest()
            head = f'<script type="text/javascript">\n\tvar my_post_key = "{key}";\n</script>\n'
            footer = (f'\t\t\t<span id="current_time"><strong>Current time:</strong> '
                      f'{self._date(_BASE_TIME + timedelta(minutes=self._answers))}</span>\n')
        return _PAGE.format(title=title, tid=topic.tid, pagination=pagination, posts=body, head=head,
                            footer=footer)

    def _pagination(self, tid: int, page: int, pages: int) -> str:
        """The block MyBB 1.8.37 prints above and below the posts: `multipage()` of its inc/functions.php with the
        default theme's `multipage*` templates and the default settings (`maxmultipagelinks` 5, jump-to-page on),
        read on a real board (`../shared/live-forums`, a 16-page thread; tests/data/mybb_windowed/ holds its pages
        1, 8 and 16, and a test compares this block with theirs). A window of 5 page links around the current
        one, page 1 (`pagination_first`) and the last page (`pagination_last`) with «…» when the window leaves
        them out: a 1,500-page thread's last page is as big as its second, as on a real board."""
        if pages <= 1:
            return ""        # a one-page MyBB thread has no div.pagination at all

        def href(n: int) -> str:
            return f"showthread.php?tid={tid}" if n == 1 else f"showthread.php?tid={tid}&amp;page={n}"

        def bit(template: str, text: str) -> str:   # MyBB's template comments (tplhtmlcomments, on by default)
            return f"<!-- start: {template} -->\n{text}\n<!-- end: {template} -->"

        links = _MULTIPAGE_LINKS
        first, last = page - links // 2, page + links // 2
        if first <= 0:
            first, last = 1, links
        if last > pages:
            last, first = pages, max(1, pages - links + 1)
        bits = []
        if page > 1:
            bits.append(bit("multipage_prevpage",
                            f'<a href="{href(page - 1)}" class="pagination_previous">&laquo; Previous</a>'))
        if first > 1:
            dots = "" if first == 2 else " &hellip;"
            bits.append(bit("multipage_start", f'<a href="{href(1)}" class="pagination_first">1</a> {dots}'))
        for n in range(first, last + 1):
            if n == page:
                bits.append(bit("multipage_page_current", f' <span class="pagination_current">{n}</span>'))
            else:
                bits.append(bit("multipage_page", f'<a href="{href(n)}" class="pagination_page">{n}</a>'))
        if last < pages:
            dots = "" if last + 1 == pages else "&hellip; "
            bits.append(bit("multipage_end", f'{dots} <a href="{href(pages)}" class="pagination_last">{pages}</a>'))
        if page < pages:
            bits.append(bit("multipage_nextpage",
                            f'<a href="{href(page + 1)}" class="pagination_next">Next &raquo;</a>'))
        if pages > links + 1:
            bits.append(bit("multipage_jump_page", _JUMP_PAGE.format(
                url=f"showthread.php?tid={tid}", page=page, pages=pages, base=self.base_url)))
        return (f'<div class="pagination">\n<span class="pages">Pages ({pages}):</span>\n'
                + "".join(bits) + "\n</div>")

    def _date(self, dt: datetime) -> str:
        return dt.astimezone(self.tz).strftime("%m-%d-%Y, %I:%M %p")

    def _postbit(self, topic: _Topic, post: SimPost, number: int) -> str:
        edit = ""
        if post.edited_at is not None:
            reason = ""
            if post.edit_reason:
                reason = (f"<!-- start: postbit_editedby_editreason -->\n <em>Edit Reason: "
                          f"{_html.escape(post.edit_reason)}</em>\n"
                          f"<!-- end: postbit_editedby_editreason -->")
            editor_uid = self._uids.get(post.edited_by or "", post.uid)
            edit = (f'<!-- start: postbit_editedby -->\n<span class="edited_post">(This post was last '
                    f'modified: {self._date(post.edited_at)} by <a href="{self.base_url}member.php?'
                    f'action=profile&amp;uid={editor_uid}">{_html.escape(post.edited_by or "")}</a>.'
                    f'{reason})</span>\n<!-- end: postbit_editedby -->')
        return _POSTBIT.format(
            pid=post.pid, uid=post.uid, author=_html.escape(post.author), base=self.base_url,
            number=number, tid=topic.tid, title=_html.escape(topic.title),
            date=self._date(post.time), edit=edit, message=post.html)


class _Handler(BaseHTTPRequestHandler):
    forum: ForumSim
    protocol_version = "HTTP/1.1"
    # One write per answer and no Nagle delay: otherwise every keep-alive request waits ~40 ms
    # for a delayed ACK and the benchmarks measure TCP, not mafvote.
    disable_nagle_algorithm = True
    wbufsize = 1 << 16

    def setup(self) -> None:
        super().setup()
        with self.forum._lock:
            self.forum.connections += 1

    def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
        status, headers, body, delay = self.forum._respond(self.path, self.headers)
        with self.forum._lock:
            self.forum.log.append((self.path, status))
        if delay:
            _time.sleep(delay)
        try:
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if body:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass          # the client gave up waiting (a timeout test): nothing to answer

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass              # quiet: tests and the demo print their own output


# MyBB's `maxmultipagelinks` setting (default 5): the page links shown around the current page
_MULTIPAGE_LINKS = 5
# the default theme's `multipage_jump_page` template (English pack), shown when a thread has more than 6 pages
_JUMP_PAGE = """<div class="popup_menu drop_go_page" style="display: none;">
\t<form action="{url}" method="post">
\t\t<label for="page">Jump to page:</label> <input type="number" class="textbox" name="page" value="{page}" size="4" min="1" max="{pages}" />
\t\t<input type="submit" class="button" value="Go" />
\t</form>
</div>
<a href="javascript:void(0)" class="go_page" title="Jump to page"><img src="{base}images/arrow_down.png" alt="Jump to page" /></a>&nbsp;
<script type="text/javascript">
\tvar go_page = 'go_page_' + $(".go_page").length;
\t$(".go_page").last().attr('id', go_page);
\t$(".drop_go_page").last().attr('id', go_page + '_popup');
\t$('#' + go_page).popupMenu(false).on('click', function() {{
\t\tvar drop_go_page = $(this).prev('.drop_go_page');
\t\tif (drop_go_page.is(':visible')) {{
\t\t\tdrop_go_page.find('.textbox').trigger('focus');
\t\t}}
\t}});
</script>"""

_PAGE = """<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><!-- start: showthread -->
<html xml:lang="en" lang="en" xmlns="http://www.w3.org/1999/xhtml">
<head>
<title>{title}</title>
<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />
{head}</head>
<body>
<div id="container">
<a name="top" id="top"></a>
<div id="content">
<div class="wrapper">
<div class="navigation">
<a href="index.php">Мафия-клуб</a>
&rsaquo;
<a href="forumdisplay.php?fid=2">Текущие игры</a>
<br /><img src="images/nav_bit.png" alt="" />
<span class="active">{title}</span>
</div>
<br />
	<div class="float_left">
		<!-- start: multipage -->
{pagination}
<!-- end: multipage -->
	</div>
	<table border="0" cellspacing="0" cellpadding="5" class="tborder tfixed clear">
		<tr>
			<td class="thead">
				<div>
					<strong>{title}</strong>
				</div>
			</td>
		</tr>
<tr><td id="posts_container">
	<div id="posts">
		{posts}
	</div>
</td></tr>
	</table>
	<div class="float_left">
		<!-- start: multipage -->
{pagination}
<!-- end: multipage -->
	</div>
</div>
</div>
<div id="footer"><div class="lower"><div class="wrapper">
{footer}<span id="copyright">Powered By <a href="https://mybb.com" target="_blank" rel="noopener">MyBB</a>, &copy; 2002-2027 <a href="https://mybb.com" target="_blank" rel="noopener">MyBB Group</a>.</span>
</div></div></div>
</div>
</body>
</html>
<!-- end: showthread -->
"""

_POSTBIT = """<!-- start: postbit -->

<a name="pid{pid}" id="pid{pid}"></a>
<div class="post " style="" id="post_{pid}">
<div class="post_author">
	<div class="author_avatar"><a href="member.php?action=profile&amp;uid={uid}"><img src="{base}images/default_avatar.png" alt="" width="55" height="55" /></a></div>
	<div class="author_information">
			<strong><span class="largetext"><a href="{base}member.php?action=profile&amp;uid={uid}">{author}</a></span></strong> <!-- start: postbit_offline -->
<img src="{base}images/buddy_offline.png" title="Offline" alt="Offline" class="buddy_status" />
<!-- end: postbit_offline --><br />
			<span class="smalltext">
				Junior Member<br />
			</span>
	</div>
	<div class="author_statistics">
	Posts: 5<br />
	Threads: 0<br />
	Joined: Nov 2026
	</div>
</div>
<div class="post_content">
	<div class="post_head">
		<!-- start: postbit_posturl -->
<div class="float_right" style="vertical-align: top">
<strong><a href="showthread.php?tid={tid}&amp;pid={pid}#pid{pid}" title="RE: {title}">#{number}</a></strong>

</div>
<!-- end: postbit_posturl -->
		
		<span class="post_date">{date} <span class="post_edit" id="edited_by_{pid}">{edit}</span></span>
		
	</div>
	<div class="post_body scaleimages" id="pid_{pid}">
		{message}
	</div>
	<div class="post_meta" id="post_meta_{pid}">
		<div class="float_right">
		</div>
	</div>
</div>
<div class="post_controls">
	<div class="postbit_buttons author_buttons float_left">
<a href="search.php?action=finduser&amp;uid={uid}" title="Find all posts by this user" class="postbit_find"><span>Find</span></a>
	</div>
	<div class="postbit_buttons post_management_buttons float_right">
<a href="newreply.php?tid={tid}&amp;replyto={pid}" title="Quote this message in a reply" class="postbit_quote postbit_mirage"><span>Reply</span></a>
	</div>
</div>
</div>
<!-- end: postbit -->"""
