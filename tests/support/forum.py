"""The local forum side: `mafvote crawl`'s config against a local forum, the store's pages built by hand, and
the hostile server (a forum that misbehaves on purpose, 127.0.0.1)."""
from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs

from mafvote.config import ForumConfig, LoginConfig
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

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
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
