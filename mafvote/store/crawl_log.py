"""The crawl log: one row per crawl of a topic (`crawl_runs`), with what it read and how it ended.

A failed run keeps the scraper's English (`error`: the daemon's log, `status --format json`'s `error`) and, when the
scraper gave one, the error's catalogue key and facts (`error_phrase`, JSON), which `mafvote.crawl_text` words in the
GM's language; a fact that is itself a phrase is a `(key, facts)` pair, stored as a two-item list."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, ContextManager

from .family import Phrase, TableFamily, read_phrase
from .times import from_db_time, to_db_time
from .topics import topic_row_id

if TYPE_CHECKING:
    from .topic_rows import Topic

__all__ = ["CrawlRun", "CrawlRunTables", "ErrorPhrase"]

# an error's catalogue key (`crawl.error.<key>`) and its facts
ErrorPhrase = Phrase


@dataclass(frozen=True)
class CrawlRun:
    """One crawl of a topic: when it ran, its requests and what it stored or why it stopped."""
    id: int
    topic: int
    started_at: datetime
    finished_at: datetime | None
    requests: int
    bytes: int
    pages: int
    new: int
    changed: int
    deleted: int
    error: str | None
    error_phrase: ErrorPhrase | None = None     # None: no key (a run from before issue 14, or an error without one)

    @property
    def finished(self) -> bool:
        return self.finished_at is not None

    @property
    def ok(self) -> bool:
        """Finished without an error: the topic was read to its end."""
        return self.finished and self.error is None


class CrawlRunTables(TableFamily):
    """`crawl_runs`: each crawl of a topic, started and finished (`scraper.crawl`), and what `mafvote status` and
    the daemon ask of them."""

    def transaction(self) -> ContextManager[object]:
        """The writes made inside are one write transaction (`CrawlStore.transaction`: a crawl's end)."""
        return self.db.atomic()

    def start_crawl(self, topic: Topic | int, started_at: datetime) -> int:
        # plain SQL: sqlite-utils' insert and update read the table's schema on every call, twice a poll (issue 17)
        with self.db.atomic():
            cursor = self.db.execute(
                "insert into crawl_runs (topic, started_at, requests, bytes, pages, new, changed, deleted) "
                "values (?, ?, 0, 0, 0, 0, 0, 0)", [topic_row_id(topic), to_db_time(started_at)])
        return int(cursor.lastrowid)  # type: ignore[arg-type]

    def finish_crawl(self, run_id: int, finished_at: datetime, *, requests: int, bytes: int,
                     pages: int, new: int, changed: int, deleted: int, error: str | None,
                     error_phrase: ErrorPhrase | None = None) -> None:
        phrase = self._phrase_json(error_phrase)
        with self.db.atomic():
            cursor = self.db.execute(
                "update crawl_runs set finished_at = ?, requests = ?, bytes = ?, pages = ?, new = ?, changed = ?, "
                "deleted = ?, error = ?, error_phrase = ? where id = ?",
                [to_db_time(finished_at), requests, bytes, pages, new, changed, deleted, self._clean(error), phrase,
                 run_id])
            if cursor.rowcount != 1:
                raise LookupError(f"no crawl run {run_id} in the store to finish")

    def crawl_runs(self, topic: Topic | int | None = None) -> list[CrawlRun]:
        if topic is None:
            rows = self.db.query("select * from crawl_runs order by id")
        else:
            rows = self.db.query("select * from crawl_runs where topic = ? order by id", [topic_row_id(topic)])
        return [_crawl_run(r) for r in rows]

    def last_crawl_run(self, *, game_id: str, kind: str) -> CrawlRun | None:
        """The latest crawl run of the game's topic of this kind ("vote" | "game"), finished or not: a run
        with no `finished_at` was cut off (Ctrl-C, a kill) or is going on now."""
        rows = list(self.db.query(
            "select r.* from topics t cross join crawl_runs r on r.topic = t.id "
            "where t.game_id = ? and t.kind = ? order by r.id desc limit 1", [game_id, kind]))
        return _crawl_run(rows[0]) if rows else None

    def vote_thread_read(self, game_id: str) -> bool:
        """The game's vote thread has been crawled to its end at least once (a finished run without an error)."""
        rows = self.db.query(
            "select 1 from crawl_runs r join topics t on t.id = r.topic where t.game_id = ? and t.kind = 'vote' "
            "and r.finished_at is not null and r.error is null limit 1", [game_id])
        return any(True for _ in rows)

    def failing_runs(self, topic: Topic | int) -> list[CrawlRun]:
        """The topic's current run of failed crawls, newest first: the runs with an error since its last
        finished run without one (runs still going, or cut off without a word, are skipped)."""
        out = []
        for r in self.db.query("select * from crawl_runs where topic = ? order by id desc", [topic_row_id(topic)]):
            if r["error"] is None:
                if r["finished_at"] is not None:
                    break
                continue
            out.append(_crawl_run(r))
        return out

    def latest_run(self, topic: Topic | int) -> CrawlRun | None:
        """The topic's latest crawl run, finished or not (`mafvote status`: a run with no `finished_at` and no
        error was cut off or is going on now)."""
        rows = list(self.db.query("select * from crawl_runs where topic = ? order by id desc limit 1",
                                  [topic_row_id(topic)]))
        return _crawl_run(rows[0]) if rows else None

    def latest_failed_run(self, topic: Topic | int) -> CrawlRun | None:
        """The topic's latest crawl run that ended with an error (`mafvote status`: the last problem)."""
        rows = list(self.db.query("select * from crawl_runs where topic = ? and error is not null "
                                  "order by id desc limit 1", [topic_row_id(topic)]))
        return _crawl_run(rows[0]) if rows else None


def _crawl_run(r: dict) -> CrawlRun:
    return CrawlRun(id=r["id"], topic=r["topic"], started_at=from_db_time(r["started_at"]),
                    finished_at=from_db_time(r["finished_at"]), requests=r["requests"] or 0,
                    bytes=r["bytes"] or 0, pages=r["pages"] or 0, new=r["new"] or 0,
                    changed=r["changed"] or 0, deleted=r["deleted"] or 0, error=r["error"],
                    error_phrase=read_phrase(r.get("error_phrase")))

