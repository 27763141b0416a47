"""The local forum side: `mafvote crawl`'s config against a local forum, the store's pages built by hand, and
the hostile server (a forum that misbehaves on purpose, 127.0.0.1)."""
from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs

import httpx

from mafvote.config import ForumConfig, LoginConfig
from mafvote.http_server import LocalHTTPServer
from mafvote.publish import ForumPublisher
from mafvote.store import Store
from mafvote_scraper.crawl import crawl_topic
from mafvote_scraper.fetch import FetchedMeta
from mafvote_scraper.model import EditNotice, ParsedPage, ParsedPost
from support.config import game_config
from support.game_dir import CAPTURE
from support.paths import DATA, MOSCOW


def crawl_config(base: str, *, store: str = "state/mafvote.db", forum: dict | None = None, game: dict | None = None,
                 schedule: dict | None = None, players=(), **tables: dict) -> str:
    """The New Year game («Новогодняя мафия», id ny) on the forum `sim` at `base`, read without a pause between
    requests, one try, a 5 s timeout: what `mafvote crawl` and the daemon read from a local forum."""
    return game_config(base, store=store,
                       forum={"id": "sim", "min_delay": 0, "timeout": 5, "retries": 0, **(forum or {})},
                       game={"id": "ny", "title": "Новогодняя мафия", **(game or {})},
                       schedule={"first_deadline": "2026-12-28T10:00", "day_deadline": "18:00",
                                 "night_deadline": "20:00", **(schedule or {})},
                       players=players, **tables)


CRAWL_CONFIG = crawl_config("{base}")      # a template: .format(base=the forum's address)
# Posts of the last hours, so that the re-read window of `mafvote crawl` (the last 24 h) holds them.
CRAWL_T0 = datetime.now(timezone.utc).replace(second=0, microsecond=0) - timedelta(hours=3)


STORE_T0 = datetime(2027, 1, 1, 12, 0, tzinfo=timezone.utc)


def store_post(pid: int, page: int, pos: int, html: str = "", *, author: str = "Ronin",
         edit: EditNotice | None = None) -> ParsedPost:
    html = html or f"пост {pid}"
    return ParsedPost(post_id=pid, topic_id="2", page=page, position=pos, author=author,
                      author_id="7", time=STORE_T0 - timedelta(hours=1, minutes=-pid), html=html, edit=edit,
                      content_hash=f"h:{html}")


def store_page(n: int, posts: list[ParsedPost], next_url: str | None = None) -> ParsedPage:
    return ParsedPage(url=f"http://f/showthread.php?tid=2&page={n}", engine="mybb", topic_id="2",
                      page=n, last_page=None, next_url=next_url, posts=posts, title="Голосование")


def store_meta(n: int, at: datetime = STORE_T0) -> FetchedMeta:
    return FetchedMeta(url=f"http://f/showthread.php?tid=2&page={n}", fetched_at=at, etag=f'"e{n}"')

# ----------------------------------------------- the hostile server (a forum that misbehaves on purpose, 127.0.0.1)

PUBLISH = DATA / "publish"
SECRET = "s3cr3t-Пароль!"


class HostileServer:
    """`routes[path_prefix](handler, body)` answers a request; every request is recorded as (method, path,
    body)."""

    def __init__(self, routes: dict[str, Callable] | None = None):
        self.routes = routes or {}
        self.requests: list[tuple[str, str, bytes]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _any(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                outer.requests.append((self.command, self.path, body))
                for prefix, route in outer.routes.items():
                    if self.path.startswith(prefix):
                        try:
                            route(self, body)
                        except (BrokenPipeError, ConnectionResetError):
                            pass
                        return
                self.send_error(404)

            do_GET = do_POST = _any

            def log_message(self, *args):
                pass

        # our client stops reading what is over its limits: no traceback on the test run's terminal for that
        self.server = LocalHTTPServer(("127.0.0.1", 0), Handler)
        self.server.block_on_close = False
        self.port = self.server.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def send(handler, status: int, body: bytes = b"", headers: dict[str, str] | None = None, *,
         length: bool = True) -> None:
    handler.send_response(status)
    for k, v in (headers or {}).items():
        handler.send_header(k, v)
    if length:
        handler.send_header("Content-Length", str(len(body)))
    else:
        handler.send_header("Connection", "close")
        handler.close_connection = True
    handler.end_headers()
    handler.wfile.write(body)


def html(handler, text: str, status: int = 200) -> None:
    send(handler, status, text.encode(), {"Content-Type": "text/html; charset=UTF-8"})


def login_page(action: str | None = None) -> str:
    text = (PUBLISH / "phpbb3_login.html").read_text(encoding="utf-8")
    if action is not None:
        text = text.replace('action="./ucp.php?mode=login&amp;sid=5c1e9f0a7b3d2e4f6a8b0c1d2e3f4a5b"',
                            f'action="{action}"')
    return text


def echoing_login(h, body) -> None:
    """A login that answers a refused form with an error box echoing the submitted form, password included."""
    if h.command == "GET":
        html(h, login_page())
    else:
        echoed = parse_qs(body.decode())
        html(h, f'<html><body><p class="error">Неверный вход: username={echoed["username"][0]}&amp;'
                f'password={echoed["password"][0]}</p></body></html>')


def publisher(base: str, tmp_path: Path) -> ForumPublisher:
    forum = ForumConfig(id="club", engine="phpbb", base_url=base, timezone="Europe/Moscow", timeout=5,
                        login=LoginConfig(user="mafvote-bot", password_env="MAFVOTE_CLUB_PASSWORD"))
    return ForumPublisher(Store(tmp_path / "m.db"), game="ny", forum=forum,
                          vote_thread=base + "viewtopic.php?f=2&t=7", interval=timedelta(minutes=10),
                          clock=lambda: CAPTURE, sleep=lambda s: None, password=lambda: SECRET, form_delay=0)


def crawl(client, store, url):
    return crawl_topic(client, store, forum="f", url=url, kind="vote", game_id="g", profile="mybb",
                       tz=MOSCOW, now=CAPTURE)


# ----------------------------------------------- a phpBB forum that fails one step of publishing (httpx.MockTransport)

FAILING_FORUM = "http://forum.test/"
FAILING_THREAD = FAILING_FORUM + "viewtopic.php?f=2&t=7"


def _answer(status: int, body: str | bytes = b"", headers: dict[str, str] | None = None) -> httpx.Response:
    """An answer as the network gives it (a stream the publisher reads itself, not a body read already)."""
    data = body.encode() if isinstance(body, str) else body
    return httpx.Response(status, headers={"content-type": "text/html; charset=UTF-8", **(headers or {})},
                          stream=httpx.ByteStream(data))


def _failing_forum(case: str):
    """A phpBB forum (the recorded prosilver pages) that logs the bot in and takes its reply, except the step `case`
    breaks; what a GM meets when publishing fails (issue 14: each is worded in the GM's language)."""
    login = (PUBLISH / "phpbb3_login.html").read_text(encoding="utf-8")
    reply_form = (PUBLISH / "phpbb3_posting_reply.html").read_text(encoding="utf-8")
    message = '<html><body><div class="panel" id="message"><div class="inner"><p>{}</p></div></div></body></html>'

    def answer(request: httpx.Request) -> httpx.Response:
        path, mode = request.url.path.lstrip("/"), request.url.params.get("mode")
        post = request.method == "POST"
        if case == "network":
            raise httpx.ConnectError("[Errno 111] Connection refused", request=request)
        if path == "ucp.php" and mode == "login":
            if case == "server_error":
                return _answer(503)
            if case == "no_login_form":
                return _answer(200, "<html><body><h1>Добро пожаловать</h1></body></html>")
            if case == "redirects":
                return _answer(302, headers={"location": "./ucp.php?mode=login"})
            if case == "off_origin" and not post:
                return _answer(302, headers={"location": "http://mirror.example/ucp.php?mode=login"})
            if case == "form_off_origin":
                return _answer(200, login.replace(
                    'action="./ucp.php?mode=login&amp;sid=5c1e9f0a7b3d2e4f6a8b0c1d2e3f4a5b"',
                    'action="http://mirror.example/steal.php"'))
            if case == "encoding":
                return _answer(200, b"\x00\x01", headers={"content-encoding": "zstd"})
            if not post:
                return _answer(200, login)
            if case == "login_refused":
                return _answer(200, (PUBLISH / "phpbb3_login_error.html").read_text(encoding="utf-8"))
            if case == "login_silent":
                return _answer(200, "<html><body><p>Вход…</p></body></html>")
            return _answer(302, headers={"location": "./index.php?sid=1"})
        if path == "index.php":
            return _answer(200, (PUBLISH / "phpbb3_index_logged_in.html").read_text(encoding="utf-8"))
        if path == "posting.php" and mode == "reply":
            if case == "logged_out":
                return _answer(200, login)
            if case == "no_form":
                return _answer(200, message.format("Эта тема закрыта, вы не можете отвечать в ней."))
            if not post:
                return _answer(200, reply_form)
            if case == "post_server_error":
                return _answer(502)
            if case == "flood":
                return _answer(200, (PUBLISH / "phpbb3_posting_flood.html").read_text(encoding="utf-8"))
            if case == "refused":
                return _answer(200, reply_form.replace(
                    '<form ', '<p class="error">Сообщение слишком длинное.</p><form ', 1))
            if case == "no_post_id":
                return _answer(200, message.format("Сообщение отправлено на проверку модератору."))
            return _answer(302, headers={"location": "./viewtopic.php?p=1212#p1212"})
        return _answer(404)
    return answer


# every step of publishing that can fail, as `publish_failure` drives it
PUBLISH_FAILURES = ("server_error", "no_login_form", "redirects", "off_origin", "form_off_origin", "encoding",
                    "login_refused", "login_silent", "logged_out", "no_form", "post_server_error", "flood", "refused",
                    "no_post_id", "topic_id", "network")


def publish_failure(case: str, tmp_path: Path):
    """What `ForumPublisher.publish` gives when the step `case` (one of PUBLISH_FAILURES) fails; the bot's password
    is SECRET."""
    forum = ForumConfig(id="club", engine="phpbb", base_url=FAILING_FORUM, timezone="Europe/Moscow", timeout=5,
                        login=LoginConfig(user="mafvote-bot", password_env="MAFVOTE_CLUB_PASSWORD"))
    thread = FAILING_FORUM + "viewtopic.php?f=2" if case == "topic_id" else FAILING_THREAD
    with httpx.Client(transport=httpx.MockTransport(_failing_forum(case))) as client:
        pub = ForumPublisher(Store(tmp_path / "m.db"), game="ny", forum=forum, vote_thread=thread,
                             interval=timedelta(minutes=10), client=client, clock=lambda: CAPTURE,
                             sleep=lambda s: None, password=lambda: SECRET, form_delay=0)
        return pub.publish("[b]Голосование, день 3[/b]", view="public")
