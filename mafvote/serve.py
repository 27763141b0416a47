"""`mafvote serve`: the pages on a local web server (the standard library's `http.server`).

    GET /…          the public pages (`[publish].dir`), to anyone who can reach the chosen address
    GET /gm/…       the GM's pages (`[publish].gm_dir`): only to a client on 127.0.0.1 (::1), or, when the server was
                    started with a token (`--gm-token-env VAR`), to a client that presents it once as `?token=…`
                    (then a cookie for /gm/ only) or as `Authorization: Bearer …`; anyone else gets 403

Before serving, and again on a request at most every `refresh` seconds, the pages are written from the store
(`write` — the same files the daemon writes), so the pages follow the GM's commands without a daemon running.

Why `http.server`: the job is a handful of static files to a few readers on a LAN; the standard library serves
them with no dependency, a threaded server is enough, and the one rule of our own (who may read /gm/) is a few
lines in `gm_allowed`. A WSGI/ASGI stack would add a dependency and a process model for nothing we need.
"""
from __future__ import annotations

import hmac
import ipaddress
import logging
import threading
import time
from functools import partial
from http import HTTPStatus
from http.cookies import SimpleCookie
from http.server import SimpleHTTPRequestHandler
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs, urlsplit

from .http_server import LocalHTTPServer

__all__ = ["GM_PREFIX", "PagesServer", "gm_allowed", "is_local_client"]

log = logging.getLogger("mafvote.serve")

GM_PREFIX = "/gm/"
_COOKIE = "mafvote_gm"
# nothing but this server: the pages load no font, script or image from anywhere (the browser enforces it)
_CSP = ("default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src 'self' data:; "
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


def is_local_client(address: str) -> bool:
    """Whether a peer address is this computer's 127.0.0.1 (or ::1, or 127.0.0.1 mapped into IPv6); other
    127.x addresses are not: the rule says 127.0.0.1, and a proxy or a container may hand out others."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip in (ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("::1"))


def gm_allowed(client: str, token: str | None, presented: str | None) -> bool:
    """The access rule of the GM's pages: a client on 127.0.0.1, or one that presents the token the server has."""
    if is_local_client(client):
        return True
    if not token or not presented:
        return False
    return hmac.compare_digest(token.encode("utf-8"), presented.encode("utf-8"))


class _Handler(SimpleHTTPRequestHandler):
    server: "PagesServer"
    # the pages are UTF-8 (Russian): said in the header too, not only in their <meta>; the count's BBCode file
    # (votecount-<game>.bbcode) is shown as text rather than downloaded
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".html": "text/html; charset=utf-8",
                      ".bbcode": "text/plain; charset=utf-8"}
    error_message_format = ("<!doctype html><html lang=\"ru\"><meta charset=\"utf-8\"><title>%(code)d</title>"
                            "<p>Ошибка %(code)d: %(explain)s</p></html>")
    error_content_type = "text/html; charset=utf-8"
    _EXPLAIN = {400: "неверный запрос", 403: "доступ закрыт", 404: "нет такой страницы", 405: "метод не разрешён",
                501: "метод не поддерживается"}

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        # the status line stays the standard English (it must be Latin-1); the page says it in Russian
        super().send_error(code, None, self._EXPLAIN.get(int(code), explain))

    def _presented(self) -> tuple[str | None, bool]:
        """The token the request carries, and whether it came in the URL (then it is kept in a cookie)."""
        query = parse_qs(urlsplit(self.path).query)
        if query.get("token"):
            return query["token"][0], True
        auth = self.headers.get("Authorization", "")
        if auth.startswith("Bearer "):
            return auth[7:].strip(), False
        cookie = SimpleCookie(self.headers.get("Cookie", ""))
        return (cookie[_COOKIE].value if _COOKIE in cookie else None), False

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self._serve(head=False)

    def do_HEAD(self) -> None:  # noqa: N802
        self._serve(head=True)

    def _serve(self, *, head: bool) -> None:
        path = urlsplit(self.path).path
        self._set_cookie = None
        if path == "/gm":
            self.send_response(HTTPStatus.MOVED_PERMANENTLY)
            self.send_header("Location", GM_PREFIX)
            self.end_headers()
            return
        gm = path.startswith(GM_PREFIX)
        if gm:
            presented, in_url = self._presented()
            if not gm_allowed(self.client_address[0], self.server.token, presented):
                self._refuse()
                return
            if in_url and gm_allowed("", self.server.token, presented):
                self._set_cookie = self.server.token   # only ever the server's own token goes into a header
            self.directory = str(self.server.gm_dir)
            self.path = self.path[len(GM_PREFIX) - 1:]
        else:
            self.directory = str(self.server.public_dir)
        self.server.refresh_pages()
        if head:
            super().do_HEAD()
        else:
            super().do_GET()

    def _refuse(self) -> None:
        body = ("<!doctype html><html lang=\"ru\"><meta charset=\"utf-8\"><title>Доступ закрыт</title>"
                "<p>Страницы ведущего открываются только на этом компьютере (127.0.0.1)"
                + (" или по ссылке с токеном" if self.server.token else "") + ".</p></html>").encode("utf-8")
        self.send_response(HTTPStatus.FORBIDDEN)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy", _CSP)
        if urlsplit(self.path).path.startswith("/") and self.directory == str(self.server.gm_dir):
            self.send_header("X-Robots-Tag", "noindex, nofollow")
        if getattr(self, "_set_cookie", None):
            self.send_header("Set-Cookie", f"{_COOKIE}={self._set_cookie}; Path={GM_PREFIX}; HttpOnly; SameSite=Strict")
        super().end_headers()

    def list_directory(self, path):  # noqa: ANN001, ANN201 - no folder listings: only the pages
        self.send_error(HTTPStatus.NOT_FOUND)
        return None

    def log_message(self, format: str, *args) -> None:  # noqa: A002, ANN002
        log.info("%s %s", self.address_string(), format % args)


class PagesServer(LocalHTTPServer):
    """Serves `public_dir` at / and `gm_dir` at /gm/ (see the module's docstring)."""

    def __init__(self, address: tuple[str, int], *, public_dir: Path, gm_dir: Path, token: str | None = None,
                 write: Callable[[], object] | None = None, refresh: float = 30.0):
        self.public_dir, self.gm_dir, self.token = Path(public_dir), Path(gm_dir), token or None
        self._write, self._refresh = write, refresh
        self._written_at = float("-inf")
        self._lock = threading.Lock()
        self.public_dir.mkdir(parents=True, exist_ok=True)
        self.gm_dir.mkdir(parents=True, exist_ok=True)
        super().__init__(address, partial(_Handler, directory=str(self.public_dir)))

    def refresh_pages(self, *, force: bool = False) -> None:
        """Write the pages from the store when the last write is older than `refresh` seconds."""
        if self._write is None:
            return
        with self._lock:
            if not force and time.monotonic() - self._written_at < self._refresh:
                return
            try:
                self._write()
            except Exception as exc:  # noqa: BLE001 - the pages on disk are still served; the log says why
                log.error("serve: the pages could not be written: %s", exc)
            self._written_at = time.monotonic()
