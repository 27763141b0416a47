"""The polite fetcher: one `ForumClient` per forum (issue 2 item 5).

It waits `min_delay` seconds between two requests to the forum, sends conditional requests
(If-None-Match / If-Modified-Since) and reports "not modified", retries timeouts, connection
errors, 5xx and 429 with exponential backoff and jitter (honouring `Retry-After`), and counts the
requests and bytes it cost the forum. After the last retry it raises `FetchError` naming the URL
and the last failure. Every httpx request error ends as a `FetchError` (never a traceback): a
redirect loop, a non-http address and an invalid URL at once (they answer the same every time),
the others (connection, protocol, proxy, a broken compressed body) after the retries.

The clock, the sleep and the jitter's randomness are injected, so tests run without waiting and
without global randomness.
"""
from __future__ import annotations

import hashlib
import random
import re
import time as _time
from dataclasses import dataclass
from datetime import datetime, timezone
from email.utils import parsedate_to_datetime
from functools import lru_cache
from typing import Callable

import httpx

from .model import FetchError
from .netguard import (DEFAULT_MAX_PAGE_BYTES, Guard, GuardedTransport, PageTooBig, UnknownEncoding, read_capped,
                       same_origin, show_origin)

__all__ = ["FetchedMeta", "FetchResult", "ForumClient", "USER_AGENT", "off_origin_error", "page_too_big_error"]

USER_AGENT = "mafvote/0.1 (forum mafia vote counter; polite crawler)"

# Statuses worth trying again: the forum is overloaded or restarting, or asks us to slow down.
_RETRY_STATUSES = frozenset({429, 500, 502, 503, 504, 520, 521, 522, 523, 524})


@dataclass(frozen=True)
class FetchResult:
    url: str                        # the URL asked for
    final_url: str                  # after redirects
    status: int
    content: bytes                  # b"" when not modified
    not_modified: bool
    etag: str | None
    last_modified: str | None
    encoding: str | None            # charset from Content-Type, if the server named one
    attempts: int


@dataclass(frozen=True)
class FetchedMeta:
    """What the store keeps about a fetched page besides its posts (for the next conditional GET)."""

    url: str
    fetched_at: datetime
    etag: str | None = None
    last_modified: str | None = None
    content_hash: str | None = None      # sha256 of the response body (its engine's volatile parts left out)

    @staticmethod
    def body_hash(body: bytes, volatile: tuple[str, ...] = ()) -> str:
        """sha256 of the body, with what matches the engine's `volatile` patterns blanked first (a real MyBB page
        carries a new form token at every request: its whole-page hash never matched, so every poll parsed)."""
        for pattern in volatile:
            rx, head = _volatile_rx(pattern)
            if not head:
                body = rx.sub(rb"\g<1>" if rx.groups else b"", body)     # group 1, if any, is what stays
            elif head in body:
                body = _blank(rx, head, body)
        return hashlib.sha256(body).hexdigest()


@lru_cache(maxsize=32)
def _volatile_rx(pattern: str) -> tuple[re.Pattern[bytes], bytes]:
    return re.compile(pattern.encode("ascii")), _literal_head(pattern).encode("ascii")


def _blank(rx: re.Pattern[bytes], head: bytes, body: bytes) -> bytes:
    """`rx.sub(group 1 or nothing, body)` for a pattern whose every match starts with `head`: the places to try are
    found with `bytes.find` (≈ 20x faster than the regex's own scan, which walks a 47 KiB page byte by byte in
    each of MyBB's 7 passes: 0.45 ms of a poll's page; issue 17, the no-change tick against a real MyBB)."""
    out: list[bytes] = []
    pos = 0
    at = body.find(head)
    while at != -1:
        m = rx.match(body, at)
        if m is None:
            at = body.find(head, at + 1)
            continue
        out.append(body[pos:at])
        if rx.groups:
            out.append(m.group(1) or b"")
        pos = m.end()
        at = body.find(head, pos)
    out.append(body[pos:])
    return b"".join(out)


_SPECIAL = set(".^$*+?{}[]()|\\")


def _literal_head(pattern: str) -> str:
    """The literal text every match of `pattern` starts with ("" when that is not plain from the pattern): read up
    to its first special character, inside a leading capture group too; none when an alternation or a quantifier
    could leave it out (`a|b`, `(ab|c)d`, `(ab)?c`, `ab?`)."""
    start = 1 if pattern.startswith("(") and not pattern.startswith("(?") else 0
    depth, i, closes = 0, 0, None
    while i < len(pattern):        # the pattern's alternations and where a leading group closes
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":                # a class, to its closing bracket (one first in it, after any `^`, is a member)
            i += 2 if pattern[i + 1:i + 2] == "^" else 1
            i += 1 if pattern[i:i + 1] == "]" else 0
            while i < len(pattern) and pattern[i] != "]":
                i += 2 if pattern[i] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0 and start and closes is None:
                closes = i
        elif c == "|" and depth <= start:
            return ""
        i += 1
    if start and (closes is None or pattern[closes + 1:closes + 2] in ("?", "*", "{")):
        return ""
    head = []
    i = start
    while i < len(pattern) and pattern[i] not in _SPECIAL:
        head.append(pattern[i])
        i += 1
    if i < len(pattern) and pattern[i] in "?*{":
        head = head[:-1]            # the last character is optional
    return "".join(head)


@lru_cache(maxsize=256)
def _address(url: str) -> httpx.URL:
    # a poll asks for the same few pages again and again: each address parsed once (an `httpx.URL` is immutable),
    # not twice a request as `build_request` does from a string (87 of its 152 µs; issue 17, the tick's poll)
    return httpx.URL(url)


class _AnswerCookies(httpx.Cookies):
    """httpx's cookie jar that looks into an answer only when the answer sets a cookie. httpx's own builds a
    `urllib` request and an `email` message of every answer's headers for the standard library's jar, which reads
    nothing but `Set-Cookie` and `Set-Cookie2` from them (≈ 0.28 M instructions a request, 11 % of an unchanged
    poll of both topics; issue 17, the tick). An answer that sets one is read as before."""

    def extract_cookies(self, response: httpx.Response) -> None:
        headers = response.headers
        if "set-cookie" in headers or "set-cookie2" in headers:
            super().extract_cookies(response)


class ForumClient:
    """HTTP access to one forum. Use as a context manager or call `close()`."""

    def __init__(self, *, min_delay: float = 1.0, timeout: float = 20.0, retries: int = 4,
                 backoff: float = 1.0, max_backoff: float = 60.0, max_retry_after: float = 300.0,
                 clock: Callable[[], float] = _time.monotonic,
                 sleep: Callable[[float], object] | None = None,
                 jitter: Callable[[], float] | None = None,
                 wallclock: Callable[[], datetime] = lambda: datetime.now(timezone.utc),
                 transport: httpx.BaseTransport | None = None,
                 headers: dict[str, str] | None = None, origin: str | None = None,
                 max_page_bytes: int = DEFAULT_MAX_PAGE_BYTES, max_redirects: int = 20):
        self.min_delay = min_delay
        self.timeout = timeout
        # The forum's base_url: no request, redirect included, leaves its origin (None: the origin of
        # each URL asked for).
        self.origin = origin
        self.max_page_bytes = max_page_bytes
        self.max_redirects = max_redirects
        self.guard = Guard()
        self.retries = retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.max_retry_after = max_retry_after
        self._clock = clock
        # The default sleep wakes up at once when `cancel()` is called (SIGINT/SIGTERM of `mafvote run`).
        self._sleep = sleep if sleep is not None else self.guard.cancelled.wait
        # A private stream, never the global `random` (STYLE.md 6).
        self._jitter = jitter if jitter is not None else random.Random().random
        self._wallclock = wallclock
        self._last_request: float | None = None
        self.requests = 0
        self.bytes = 0
        # Redirects are followed by `get`, one by one, so that none leaves the forum's origin.
        self._http = httpx.Client(
            timeout=httpx.Timeout(timeout), follow_redirects=False,
            transport=transport if transport is not None else GuardedTransport(self.guard),
            headers={"User-Agent": USER_AGENT, "Accept-Encoding": "gzip, deflate",
                     **(headers or {})})
        # httpx keeps its jar in `_cookies` (its `cookies` setter would copy ours into a plain `Cookies`); were it
        # moved by a later httpx, the client keeps httpx's own jar and reads every answer as before
        if isinstance(getattr(self._http, "_cookies", None), httpx.Cookies):
            self._http._cookies = _AnswerCookies()

    @classmethod
    def for_forum(cls, forum, **kwargs) -> "ForumClient":
        """A client with a `mafvote.config.ForumConfig`'s delay, timeout and retries."""
        kwargs.setdefault("origin", forum.base_url)
        size = getattr(forum, "max_page_mb", None)
        if size is not None:
            kwargs.setdefault("max_page_bytes", int(size * 1024 * 1024))
        return cls(min_delay=forum.min_delay, timeout=forum.timeout, retries=forum.retries, **kwargs)

    def cancel(self) -> None:
        """Stop: the request under way ends within a fraction of a second, later ones fail at once."""
        self.guard.cancel()

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "ForumClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _wait_turn(self) -> None:
        if self._last_request is not None:
            wait = self._last_request + self.min_delay - self._clock()
            if wait > 0:
                self._sleep(wait)
        self._last_request = self._clock()

    def _backoff(self, attempt: int) -> float:
        # Exponential with "equal jitter": half fixed, half random, so retries from several
        # mafvote instances spread out but never come back sooner than half the step.
        step = min(self.max_backoff, self.backoff * (2 ** attempt))
        return step / 2 + step / 2 * self._jitter()

    def _retry_after(self, response: httpx.Response) -> float | None:
        value = response.headers.get("Retry-After")
        if not value:
            return None
        value = value.strip()
        if value.isdigit():
            return float(value)
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        # Measure against the server's own clock when it sent one, so clock skew does not matter.
        now = self._wallclock()
        if response.headers.get("Date"):
            try:
                now = parsedate_to_datetime(response.headers["Date"])
            except (TypeError, ValueError):
                pass
        return max(0.0, (when - now).total_seconds())

    def get(self, url: str, *, etag: str | None = None,
            last_modified: str | None = None) -> FetchResult:
        """GET `url`; with `etag`/`last_modified` a conditional GET (not_modified on 304)."""
        home = self.origin or url
        if not same_origin(url, home):
            raise off_origin_error(url, url, home, link=True)
        headers = {}
        if etag:
            headers["If-None-Match"] = etag
        if last_modified:
            headers["If-Modified-Since"] = last_modified
        last_failure = "no attempt made"
        failure: tuple[str, dict] = ("none", {})
        attempts = self.retries + 1
        for attempt in range(attempts):
            self._check_stopped(url)
            self._wait_turn()
            self._check_stopped(url)
            self.requests += 1
            wait: float | None = None
            # One deadline for the whole attempt, redirects and body included (netguard.Guard).
            self.guard.start(self.timeout)
            try:
                outcome = self._attempt(url, home, headers, etag, last_modified, attempt + 1)
            except httpx.TimeoutException as exc:
                self._check_stopped(url)
                if self.guard.expired():
                    last_failure = f"timed out (no whole answer in {self.timeout:g} s)"
                    failure = ("timeout", {"seconds": f"{self.timeout:g}"})
                else:
                    last_failure = f"timed out ({type(exc).__name__})"
                    failure = ("timeout.kind", {"name": type(exc).__name__})
            except httpx.UnsupportedProtocol as exc:
                # Not worth a retry: the address (or a redirect's target) is not http(s).
                raise FetchError(f"cannot read {url}: {exc} (the forum redirected to a non-web address, "
                                 f"or the URL lacks http://); check the topic URL in the config",
                                 "fetch.unsupported", url=url, detail=str(exc)) from None
            except httpx.TransportError as exc:
                self._check_stopped(url)
                last_failure = f"connection failed ({exc or type(exc).__name__})"
                failure = ("connection", {"detail": str(exc) or type(exc).__name__})
            except httpx.DecodingError as exc:
                # A compressed body cut short on the way: worth another try.
                last_failure = f"the forum's compressed answer could not be unpacked ({exc})"
                failure = ("decoding", {"detail": str(exc)})
            except httpx.RequestError as exc:
                # Any request error a later httpx adds: say what it was rather than crash.
                last_failure = f"{type(exc).__name__}: {exc}"
                failure = ("request", {"name": type(exc).__name__, "detail": str(exc)})
            except httpx.InvalidURL as exc:
                raise FetchError(f"cannot read {url}: not a valid URL ({exc}); fix the topic URL "
                                 f"in the config", "fetch.invalid_url", url=url, detail=str(exc)) from None
            else:
                if isinstance(outcome, FetchResult):
                    return outcome
                response = outcome
                last_failure = f"HTTP {response.status_code} {response.reason_phrase}"
                failure = ("http", {"status": str(response.status_code), "reason": response.reason_phrase})
                if response.status_code not in _RETRY_STATUSES:
                    raise FetchError(f"cannot read {url}: {last_failure}; check the topic URL in "
                                     f"the config (is the topic public to guests?)", "fetch.status", url=url,
                                     **failure[1])
                wait = self._retry_after(response)
                if wait is not None and wait > self.max_retry_after:
                    raise FetchError(f"cannot read {url}: {last_failure}, the forum asks to wait "
                                     f"{wait:.0f} s (more than {self.max_retry_after:.0f} s); "
                                     f"try again later", "fetch.wait", url=url, wait=f"{wait:.0f}",
                                     most=f"{self.max_retry_after:.0f}", **failure[1])
            finally:
                self.guard.clear()
            if attempt + 1 < attempts:
                self._sleep(wait if wait is not None else self._backoff(attempt))
        raise FetchError(f"cannot read {url} after {attempts} attempts: {last_failure}", "fetch.attempts", url=url,
                         attempts=attempts, failure=failure)

    def _check_stopped(self, url: str) -> None:
        if self.guard.cancelled.is_set():
            raise FetchError(f"{url}: reading stopped: mafvote is stopping (SIGINT/SIGTERM)", "fetch.stopped", url=url)

    def _attempt(self, url: str, home: str, headers: dict[str, str], etag: str | None,
                 last_modified: str | None, attempts: int) -> "FetchResult | httpx.Response":
        """One request, its redirects followed within the forum's origin. The result, or the (closed)
        response of a failed status, whose body is never read."""
        request = self._http.build_request("GET", _address(url), headers=headers)
        for _ in range(self.max_redirects + 1):
            response = self._http.send(request, stream=True)
            try:
                # What crossed the wire (compressed), i.e. what the poll cost the forum.
                if response.next_request is not None:
                    target = str(response.next_request.url)
                    if not same_origin(target, home):
                        raise off_origin_error(str(request.url), target, home)
                    request = response.next_request
                    continue
                if response.status_code == 304:
                    if not (etag or last_modified):
                        # "Not modified" answers a conditional request only: to a plain one (a broken cache on
                        # the way, or a hostile forum) it says nothing of the page, and there is no stored copy
                        # it could point at. Not retried: the same request gets the same answer.
                        raise FetchError(f'{url}: the forum answered "304 Not Modified" to a request that compared '
                                         "nothing (mafvote sent neither ETag nor Last-Modified): the page was not "
                                         "read; if this repeats, open the address in a browser: a cache or a proxy "
                                         "on the way to the forum answers in its place", "fetch.not_modified",
                                         url=url)
                    # A 304 has no body (RFC 9110, section 15.4.5; h11 frames it so, whatever Content-Length
                    # says): reading its end hands the connection back to the pool. Closed unread, httpcore drops
                    # the connection and the next request pays a new connect (half the cost of an unchanged poll).
                    for _ in response.iter_raw():
                        break
                    return FetchResult(url, str(response.url), 304, b"", True,
                                       response.headers.get("ETag") or etag,
                                       response.headers.get("Last-Modified") or last_modified,
                                       None, attempts)
                if not response.is_success:
                    return response      # closed below, unread: a huge error page costs nothing
                try:
                    body = read_capped(response, self.max_page_bytes)
                except PageTooBig:
                    raise page_too_big_error(url, self.max_page_bytes) from None
                except UnknownEncoding as exc:
                    raise FetchError(f"cannot read {url}: the forum packed its answer as {exc}, which "
                                     f"mafvote did not ask for (it asks for gzip or deflate)", "fetch.encoding",
                                     url=url, encoding=str(exc)) from None
                return FetchResult(url, str(response.url), response.status_code, body, False,
                                   response.headers.get("ETag"), response.headers.get("Last-Modified"),
                                   response.charset_encoding, attempts)
            finally:
                response.close()
                self.bytes += response.num_bytes_downloaded
        raise FetchError(f"cannot read {url}: redirect loop (more than {self.max_redirects} "
                         f"redirects, the last to {request.url}; a login wall or a moved topic?): open the URL "
                         f"in a browser and put the topic's own address in the config", "fetch.redirect_loop",
                         url=url, most=self.max_redirects, last=str(request.url))


def off_origin_error(url: str, target: str, base: str, *, link: bool = False) -> FetchError:
    """Why the crawl stopped at a redirect or a link to another origin, and what to do if the forum moved (the
    publisher refuses the same way: mafvote words it, `crawl.error.fetch.off_origin`)."""
    how = "a link leads" if link else "the forum redirected"
    return FetchError(
        f"{url}: {how} to {target}, another address ({show_origin(target)}; the forum's address in the config is "
        f"{show_origin(base)}). mafvote goes to no other address and sends it neither pages nor the password. If "
        "the forum really moved, change base_url in its [[forums]] and the game's topic addresses (game_topic, "
        "vote_thread) to the new ones", "fetch.off_origin", url=url,
        how=("off_origin.link" if link else "off_origin.redirect", {}), target=target, origin=show_origin(target),
        home=show_origin(base))


def page_too_big_error(url: str, limit: int) -> FetchError:
    mb = f"{limit / 1024 / 1024:g}"
    return FetchError(f"cannot read {url}: the answer is larger than {mb} MiB (max_page_mb in [[forums]]); no forum "
                      "page weighs that much: check the topic URL, or, if the page really is that big, raise "
                      "max_page_mb", "fetch.too_big", url=url, mb=mb)
