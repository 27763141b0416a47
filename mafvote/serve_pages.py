"""`mafvote serve`'s pages written from the store at a refresh, with what the last refresh made kept (issue 17).

    refresh ──> ServedPages() ──(its own thread)──> publish_pages(the kept services, the kept PageCaches)

The games' services (`GameService`, over one `Store` for the server's life) and their pages' caches (`PageCache`)
live as long as the server, so a refresh costs what changed since the last one: a finished day is counted again
only when a step its count reads, or a post dated in it, changed. What another process wrote in between (the
daemon's crawls, `day close`, `undo`, `night resolve` in a terminal) is seen by the store's marks: SQLite's
`data_version` (`Store.journal_mark`: the journal parsed again) and the posts' states compared
(`GameService.compare_post_states`). Before, each refresh opened a new store, so every closed day of every game
was counted again: the GM of a 20-day game waited for twenty counts at each refresh.

Every use of the store is on one thread of its own: the server answers each request on a thread, and a SQLite
connection belongs to the thread that opened it. A refresh that fails lets the store and services go, so the next
one starts afresh (as each refresh did before).
"""
from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from pathlib import Path
from typing import Callable

from .game import GameService, service_for
from .pages import PageCache, gm_pages_dir, public_pages_dir, publish_pages
from .store import Store

__all__ = ["ServedPages"]


class ServedPages:
    """Call it to write every game's pages, both views (`PagesServer`'s `write`); `close()` when the server stops."""

    def __init__(self, config, *, now: Callable[[], datetime]):
        self.config, self._now = config, now
        self.caches: dict[tuple[str, str], PageCache] = {}
        self._store: Store | None = None
        self._services: list[GameService] = []
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mafvote-serve-pages")
        self._closed = threading.Event()

    def __call__(self) -> dict[str, list[Path]]:
        return self._thread.submit(self._write).result()

    def services(self) -> list[GameService]:
        """The games' services the refreshes use (opened on the first)."""
        return self._thread.submit(self._open).result()

    def close(self) -> None:
        if not self._closed.is_set():
            self._closed.set()
            self._thread.submit(self._let_go).result()
            self._thread.shutdown()

    def _open(self) -> list[GameService]:
        if self._store is None:
            store = Store(self.config.store.path)
            try:
                services = [service_for(self.config, game, store) for game in self.config.games]
            except BaseException:
                store.close()
                raise
            for service in services:
                service.compare_post_states = True
            self._store, self._services = store, services
        return self._services

    def _write(self) -> dict[str, list[Path]]:
        try:
            return publish_pages(self._open(), public_dir=public_pages_dir(self.config),
                                 gm_dir=gm_pages_dir(self.config), now=self._now(), caches=self.caches)
        except BaseException:
            self._let_go()
            raise

    def _let_go(self) -> None:
        if self._store is not None:
            self._store.close()
        self._store, self._services = None, []
        self.caches.clear()
