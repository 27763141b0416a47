"""What keeps a hostile or broken forum server from holding mafvote (issue 13): one origin per forum,
a deadline for the whole request, a cap on the body, and a stop that interrupts a request at once.

- **Origin** (`origin_of`, `same_origin`): scheme, host and port, as a browser's same-origin rule. The
  crawler and the publisher never follow a redirect or a link to another origin: a forum's password and
  its game's pages come only from the `base_url` the GM wrote.
- **Deadline** (`Guard`): httpx's read timeout restarts with every byte, so a server sending one byte a
  second, in its headers or its body, never timed out. `GuardedTransport` gives httpx sockets whose every
  connect, read and write is cut to what is left of the request's whole deadline, read in slices of
  `SLICE` seconds so that `Guard.cancel()` (SIGINT/SIGTERM) ends a request within a slice. The steps that
  block in one system call (the name lookup and the TCP connect, the TLS handshake) run in a helper thread
  that the request waits for in slices: a black-holed host or a server that never answers the handshake
  holds a stopping `mafvote run` no longer than a slice either (`_interruptible`).
- **Size** (`read_capped`): the body is unpacked here, with zlib's `max_length`, so a gzip bomb never
  inflates past the cap in memory: the page stops at `limit` bytes of unpacked text, whatever the
  Content-Length says or does not say.
"""
from __future__ import annotations

import socket
import threading
import time
import zlib
from functools import lru_cache
from typing import Callable, Iterable
from urllib.parse import urlsplit

import httpcore
import httpx

__all__ = ["DEFAULT_MAX_PAGE_BYTES", "SLICE", "Guard", "GuardedTransport", "PageTooBig", "UnknownEncoding",
           "origin_of", "read_capped", "same_origin", "show_origin"]

DEFAULT_MAX_PAGE_BYTES = 16 * 1024 * 1024
SLICE = 0.25                 # seconds: how soon a cancelled request notices


@lru_cache(maxsize=256)
def origin_of(url: str) -> tuple[str, str, int | None]:
    """(scheme, host, port) with the scheme's default port filled in; host lower-cased. An address that
    is not a URL at all is its own origin (httpx refuses to send it). Kept for the few addresses a poll asks for
    again and again (each request and each next-page link checks its origin against the forum's: issue 17)."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return "", url, None
    scheme = parts.scheme.lower()
    try:
        port = parts.port
    except ValueError:
        port = None
    if port is None:
        port = {"http": 80, "https": 443}.get(scheme)
    return scheme, (parts.hostname or "").lower(), port


def same_origin(url: str, other: str) -> bool:
    return origin_of(url) == origin_of(other)


def show_origin(url: str) -> str:
    scheme, host, port = origin_of(url)
    default = {"http": 80, "https": 443}.get(scheme)
    return f"{scheme}://{host}" + ("" if port == default else f":{port}")


class Guard:
    """The deadline and the stop of the requests of one client (one request at a time)."""

    def __init__(self) -> None:
        self.deadline: float | None = None       # time.monotonic() when the running request must end
        self.cancelled = threading.Event()

    def start(self, seconds: float) -> None:
        self.deadline = time.monotonic() + seconds

    def clear(self) -> None:
        self.deadline = None

    def cancel(self) -> None:
        self.cancelled.set()

    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() >= self.deadline

    def bound(self, timeout: float | None) -> float | None:
        """`timeout` cut to what is left of the deadline."""
        if self.cancelled.is_set():
            raise httpcore.ReadTimeout("stopped")
        if self.deadline is None:
            return timeout
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise httpcore.ReadTimeout("the whole request took longer than its deadline")
        return left if timeout is None else min(timeout, left)


def _interruptible(guard: Guard, step: Callable[[], httpcore.NetworkStream], *,
                   on_abandon: Callable[[], None] | None = None) -> httpcore.NetworkStream:
    """`step()` (a connect or a TLS handshake, bounded by its own timeout) in a helper thread, waited for in
    slices: a stop or the request's deadline raises `httpcore.ConnectTimeout` within a slice. The step left
    behind ends by its own timeout (`on_abandon` may hurry it) and closes the stream it made, if any."""
    lock = threading.Lock()
    done = threading.Event()
    box: dict = {}

    def run() -> None:
        try:
            box["stream"] = step()
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread, or dropped with the request
            box["error"] = exc
        with lock:
            done.set()
            abandoned = box.get("abandoned", False)
        if abandoned and "stream" in box:
            box["stream"].close()

    threading.Thread(target=run, name="mafvote-connect", daemon=True).start()
    while not done.wait(SLICE):
        if guard.cancelled.is_set() or guard.expired():
            with lock:
                if not done.is_set():
                    box["abandoned"] = True
            if box.get("abandoned"):
                if on_abandon is not None:
                    on_abandon()
                raise httpcore.ConnectTimeout("stopped" if guard.cancelled.is_set()
                                              else "the whole request took longer than its deadline")
    if "error" in box:
        raise box["error"]
    return box["stream"]


def _shutdown(stream: httpcore.NetworkStream) -> Callable[[], None]:
    """Wakes a thread blocked on `stream`'s socket (a handshake left behind): it fails at once and closes it."""
    def shut() -> None:
        sock = stream.get_extra_info("socket")
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
    return shut


class _Stream(httpcore.NetworkStream):
    def __init__(self, inner: httpcore.NetworkStream, guard: Guard):
        self._inner, self._guard = inner, guard

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        # Slices: a cancel or the deadline is noticed between two waits, never after a whole read timeout.
        started = time.monotonic()
        while True:
            bound = self._guard.bound(timeout)
            try:
                return self._inner.read(max_bytes, min(SLICE, bound) if bound is not None else SLICE)
            except httpcore.ReadTimeout:
                if timeout is not None and time.monotonic() - started >= timeout:
                    raise

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, self._guard.bound(timeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context, server_hostname: str | None = None,
                  timeout: float | None = None) -> httpcore.NetworkStream:
        bound = self._guard.bound(timeout)
        return _Stream(_interruptible(self._guard, lambda: self._inner.start_tls(ssl_context, server_hostname, bound),
                                      on_abandon=_shutdown(self._inner)), self._guard)

    def get_extra_info(self, info: str):
        return self._inner.get_extra_info(info)


class _Backend(httpcore.NetworkBackend):
    def __init__(self, guard: Guard):
        self._inner, self._guard = httpcore.SyncBackend(), guard

    def connect_tcp(self, host: str, port: int, timeout: float | None = None, local_address: str | None = None,
                    socket_options: Iterable | None = None) -> httpcore.NetworkStream:
        bound = self._guard.bound(timeout)
        return _Stream(_interruptible(self._guard, lambda: self._inner.connect_tcp(host, port, bound, local_address,
                                                                                   socket_options)), self._guard)

    def connect_unix_socket(self, path: str, timeout: float | None = None,
                            socket_options: Iterable | None = None) -> httpcore.NetworkStream:
        return _Stream(self._inner.connect_unix_socket(path, self._guard.bound(timeout), socket_options),
                       self._guard)

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


class GuardedTransport(httpx.HTTPTransport):
    """httpx's own transport over sockets that keep `guard`'s deadline and stop."""

    def __init__(self, guard: Guard, **kwargs):
        super().__init__(**kwargs)
        # httpx builds its connection pool without a way to pass a network backend; the pool (httpcore 1.x)
        # takes one and keeps it here. Fail loudly if a later httpcore moved it, rather than run unguarded.
        if not hasattr(self._pool, "_network_backend"):
            raise RuntimeError("httpcore's connection pool has no _network_backend: update scraper/netguard.py")
        self._pool._network_backend = _Backend(guard)


class PageTooBig(Exception):
    def __init__(self, limit: int):
        self.limit = limit
        super().__init__(limit)


class UnknownEncoding(Exception):
    pass


def read_capped(response: httpx.Response, limit: int) -> bytes:
    """The body of a streamed `response`, unpacked (gzip, deflate), at most `limit` bytes: `PageTooBig`
    as soon as the unpacked body passes it (the rest is never read). A broken packed body raises
    `httpx.DecodingError`, as httpx's own decoder would."""
    length = response.headers.get("Content-Length", "").strip()
    encoding = response.headers.get("Content-Encoding", "identity").strip().lower() or "identity"
    if length.isdigit() and int(length) > limit:
        raise PageTooBig(limit)          # even packed, it would unpack to more
    if encoding not in ("identity", "gzip", "x-gzip", "deflate"):
        raise UnknownEncoding(encoding)
    out = bytearray()
    unpack = None
    if encoding in ("gzip", "x-gzip"):
        unpack = zlib.decompressobj(zlib.MAX_WBITS | 16)
    elif encoding == "deflate":
        unpack = zlib.decompressobj(zlib.MAX_WBITS)
    first = True
    for chunk in response.iter_raw():
        if unpack is None:
            out += chunk
        else:
            if first and encoding == "deflate":
                # Some servers send a raw deflate stream without the zlib header (httpx does the same).
                try:
                    zlib.decompressobj(zlib.MAX_WBITS).decompress(chunk[:64], 1)
                except zlib.error:
                    unpack = zlib.decompressobj(-zlib.MAX_WBITS)
            first = False
            data = chunk
            try:
                while data and not unpack.eof:
                    out += unpack.decompress(data, limit - len(out) + 1)
                    if len(out) > limit:
                        break
                    data = unpack.unconsumed_tail
            except zlib.error as exc:
                raise httpx.DecodingError(str(exc), request=response.request) from None
        if len(out) > limit:
            raise PageTooBig(limit)
    return bytes(out)
