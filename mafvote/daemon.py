"""The daemon's core (issue 6): crawl on a schedule, keep the count current, alert the GM, publish.

    Daemon.tick(now) ── for each game whose crawl is due ──> crawl(game, now)
         │                    scraper.crawl.crawl_game -> store; a changed vote thread marks the game dirty
         └─> process(game, now)
               crawl health (from the store's crawl_runs) ─────────────> alert_rules.crawl_alerts
               the day that is running (game state + schedule, `active_day`)
               dirty, or a T−60/T−15/deadline moment not yet alerted:
                  GameService.count(day, gm/public) ─> alert_rules.day_alerts (+ the suggested day post)
                                                    └─> publish: files, the forum (when enabled)
               AlertSender.send(alerts)   the store's alert log drops keys already sent (restarts too)
         each call runs with the cyclic collector paused; one that did work (posts found, a count, files written):
         heap.collect_young() (the call's own cycles), then heap.give_back(), once, after all its games

The clock is never read here: every entry point takes `now`, so tests drive a whole game day with a
fake clock, and `mafvote.jobs` (APScheduler) is a thin layer that calls the same methods with the real
time. Nothing the daemon decides lives only in memory: what was alerted is in `alerts`, what was
posted in `published_counts`, crawl failures in `crawl_runs`; a new `Daemon` over the same store file
carries on without repeating anything.

The schedule (`active_day`, `deadline_plan`, the alert key a moment makes due) and `collect_status` (for
`mafvote status`) are in mafvote/daemon_status.py and use the same phase logic, so the jobs `status` lists are the
jobs `run` schedules.

Imports inside functions (issue 17's start-up rule): `mafvote status` loads this module but neither crawls,
renders nor publishes, so the forum client and the crawler (`scraper.fetch`, `scraper.crawl`: +0.75-1.15 s) and
the themes and publishing (`mafvote.render`, `.publish`, `.pages`, jinja2: +0.6-1.3 s, on top of 6-8 s for the
config and this module, measured under load 14 on this project's 2-core machine) load where `run` first needs
them. Each such import says `start-up` beside it; anything else is imported here at the top.
"""
from __future__ import annotations

import html as _html
import logging
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Mapping

import httpx

from mafvote_tally import Tally, format_bbcode

from . import heap, messages
from .alert_rules import crawl_alerts, day_alerts, flag_alerts, publish_login_alerts, publish_write_alerts
from .alerts import Alert, AlertLog, AlertSender, Channel, channels_from_config
from .crawl_text import describe
from .daemon_status import (
    CRAWL_NOT_FINISHED, DaemonError, GameStatus, PlannedJob, active_day, collect_status, crawl_health, deadline_plan,
    due_key, early_close, format_left, game_plan, game_service, phase_key, url_changes_text,
)
from .errors import MafvoteError
from .game import GameService, Phase, phase_of_index
from .links import post_linker, topic_key
from .secret_registry import config_secrets, register
from .shown_names import public_names, roster_from_config, roster_with_replacements
from .store import Store, database_problem

# the schedule and `mafvote status` live in mafvote/daemon_status.py; their names stay importable from here
__all__ = [
    "CRAWL_NOT_FINISHED", "Daemon", "DaemonError", "GameStatus", "PlannedJob", "TickReport", "active_day", "collect_status",
    "crawl_health", "deadline_plan", "early_close", "format_left", "url_changes_text",
]

log = logging.getLogger("mafvote.daemon")

CRAWL_FAILURE_THRESHOLD = 3     # failed crawls in a row before the GM is alerted (alert_rules default)


# --- the runtime -----------------------------------------------------------------------------------

@dataclass
class TickReport:
    """What one `tick`/`crawl`/`process` did (the demo and the tests read it)."""

    crawled: list[str] = field(default_factory=list)                 # game ids
    changed: list[str] = field(default_factory=list)                 # games whose vote thread changed
    counts: dict[str, Tally] = field(default_factory=dict)          # game id -> the GM-view count made
    alerts: list[Alert] = field(default_factory=list)                # newly recorded
    published: list[str] = field(default_factory=list)               # files written, forum posts
    errors: list[str] = field(default_factory=list)
    # what the GM reads that is not a failure (`run --once` exits 0): the forum's count waits for its interval
    notes: list[str] = field(default_factory=list)

    def merge(self, other: "TickReport") -> None:
        for name in ("crawled", "changed", "alerts", "published", "errors", "notes"):
            getattr(self, name).extend(getattr(other, name))
        self.counts.update(other.counts)


@dataclass
class _Game:
    cfg: Any                         # GameConfig
    forum: Any                       # ForumConfig
    service: GameService
    theme: str
    post_url: Callable[[int], str]
    publisher: Any = None            # publish.ForumPublisher when [publish].forum
    next_crawl: datetime | None = None
    dirty: bool = True               # the thread changed (or the daemon just started): count again
    night_checked: str = ""          # the night whose under-active alerts were looked at
    seen: tuple | None = None        # the store's state the last count was made from (`Store.game_changes`)
    last_error: str | None = None
    counted: tuple | None = None     # (day, {view: Tally}, CountInputs) of this tick, for the pages
    publish_retry_at: datetime | None = None   # the forum's count waited (interval, flood limit): post it then
    # the count files / pages: since when they cannot be written (None: they can), and this tick's tries
    write_failing: datetime | None = None
    write_errors: list = field(default_factory=list)    # this tick's `publish.PublishError`s of writing
    write_tried: bool = False
    staged: Any = None               # publish.StagedCount: this tick's count files, put in place after the pages
    render_memo: dict = field(default_factory=dict)     # what the themed count page keeps (`render`'s `memo`)
    # a crawl of this daemon made the store follow the config's addresses (`ensure_forum`, `ensure_topic`); the config
    # does not change in a daemon's life, so later ticks need not compare them again (0.2 ms a tick, issue 17)
    addresses_followed: bool = False
    # the vote thread was crawled to its end once (`Store.vote_thread_read`): a finished run stays in the store, so
    # it is asked until it says yes, not twice a tick (issue 17)
    thread_read: bool = False
    # the store's row of each topic (kind -> id), once it is there: a topic row is never removed or re-keyed (a moved
    # address is followed in place), so the crawl's health is read by it without finding the topic each tick
    topic_rows: dict[str, int] = field(default_factory=dict)


def _give_back_after(report: TickReport) -> None:
    # a call that counted, wrote or found posts freed its transients (pages, counts, parsed posts): glibc keeps
    # them in its arenas and RSS would follow the largest so far (mafvote.heap); once per call, after all its games,
    # and after the call's own reference cycles are collected (it ran with the collector paused)
    if report.changed or report.counts or report.published:
        heap.collect_young()
        heap.give_back()


def _theme_of(game, ruleset) -> str:
    # as `mafvote render` (cli/render.py theme_of): the game's theme, else its ruleset's [game].theme
    return getattr(game, "theme", None) or getattr(ruleset, "theme", "") or ruleset.name


class Daemon:
    """Every game of a config in one process: one store, one `ForumClient` per forum, one alert sender.

    `client_factory(forum)` makes the forum clients (tests pass one with a no-op sleep); `channels`
    replaces the configured alert channels (tests); `sleep` is what the alert retries wait with."""

    def __init__(self, config, *, store: Store | None = None, channels: Mapping[str, Channel] | None = None,
                 client_factory: Callable[[Any], Any] | None = None, http: httpx.Client | None = None,
                 sleep: Callable[[float], None] | None = None, environ: Mapping[str, str] | None = None,
                 forum_publisher_factory: Callable[..., Any] | None = None):
        from mafvote_scraper.fetch import ForumClient  # start-up (module docstring)

        self.config = config
        # known to the scrubber (logs and store) before the first request, whatever opened the daemon
        register(config_secrets(config, environ))
        self._own_store = store is None
        self.store = store or Store(config.store.path)
        if self.store.read_only:
            # every poll would fail to store what it read
            raise DaemonError(messages.text("store.read_only.daemon", path=config.store.path))
        self._now: datetime | None = None
        self._page_caches: dict = {}          # mafvote.pages: the closed days' pages, per game and view
        self._gm_dir: Path | None = None      # mafvote.pages.gm_pages_dir, once it was found right
        self.stop_requested = False
        self._own_http = http is None and channels is None
        self._http = http if http is not None else (httpx.Client(timeout=20.0) if channels is None else None)
        try:
            factory = client_factory or ForumClient.for_forum
            self.clients = {}
            self.games: dict[str, _Game] = {}
            for game in config.games:
                forum = config.forum(game.forum)
                if forum.id not in self.clients:
                    self.clients[forum.id] = factory(forum)
                service = game_service(config, game, self.store)
                self.games[game.id] = _Game(game, forum, service, _theme_of(game, service.ruleset),
                                            post_linker(forum.engine, game.vote_thread, forum.base_url))
            if channels is None:
                channels = channels_from_config(config.alerts, client=self._http, environ=environ)
            kwargs = {"sleep": sleep} if sleep is not None else {}
            self.sender = AlertSender(AlertLog(self.store), channels, clock=self._clock, **kwargs)
            if config.publish.forum:
                from .publish import ForumPublisher  # start-up (module docstring)
                make = forum_publisher_factory or ForumPublisher
                for g in self.games.values():
                    g.publisher = make(self.store, game=g.cfg.id, forum=g.forum, vote_thread=g.cfg.vote_thread,
                                       interval=config.publish.interval, clock=self._clock)
        except BaseException:
            self.close()
            raise

    # -- lifecycle --
    def close(self) -> None:
        for g in getattr(self, "games", {}).values():
            if g.publisher is not None:
                g.publisher.close()
        for client in getattr(self, "clients", {}).values():
            client.close()
        if self._own_http and self._http is not None:
            self._http.close()
        if self._own_store:
            self.store.close()

    def cancel_requests(self) -> None:
        """Stop every forum request under way and refuse new ones (SIGINT/SIGTERM; see mafvote.jobs)."""
        for client in getattr(self, "clients", {}).values():
            if hasattr(client, "cancel"):
                client.cancel()
        for g in getattr(self, "games", {}).values():
            if g.publisher is not None and hasattr(g.publisher, "cancel"):
                g.publisher.cancel()

    def __enter__(self) -> "Daemon":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _clock(self) -> datetime:
        assert self._now is not None, "the daemon's clock is set by tick/crawl/process"
        return self._now

    # -- the whole cycle --
    def tick(self, now: datetime) -> TickReport:
        """Crawl every game whose crawl is due, then look at every game (alerts, deadlines, publishing)."""
        report = TickReport()
        with heap.collector_paused():
            for game_id, g in self.games.items():
                if self.stop_requested:
                    break
                crawl_due = g.next_crawl is None or now >= g.next_crawl
                report.merge(self._guarded(game_id, now, self._crawl if crawl_due else self.process))
                if crawl_due:
                    g.next_crawl = now + g.cfg.poll_interval
        _give_back_after(report)
        return report

    def _guarded(self, game_id: str, now: datetime, step: Callable[[str, datetime], TickReport]) -> TickReport:
        # A bug met by one game (not a forum or a GM problem: those are handled where they happen) is
        # logged with its traceback and the other games carry on.
        try:
            return step(game_id, now)
        except MafvoteError as exc:
            # not a bug: the store stayed locked by another writer, a file became unreadable; one line, and the
            # next poll tries again
            log.error("game %s: %s", game_id, exc)
            return TickReport(errors=[f"{game_id}: {exc}"])
        except sqlite3.DatabaseError as exc:
            # the store went bad under the daemon (a malformed page, a table gone): the GM's problem, not a bug;
            # one line naming the file and what to do, and the other games carry on
            problem = database_problem(self.config.store.path, exc)
            if problem is None:
                log.exception("game %s: internal error, the other games carry on", game_id)
                return TickReport(errors=[self._internal(game_id, exc)])
            message = f"game {game_id}: {problem}"
            g = self.games.get(game_id)
            if g is None or g.last_error != message:      # one line per problem, not one per poll
                log.error("%s", message)
            if g is not None:
                g.last_error = message
            return TickReport(errors=[f"{game_id}: {problem}"])
        except Exception as exc:  # noqa: BLE001
            log.exception("game %s: internal error, the other games carry on", game_id)
            return TickReport(errors=[self._internal(game_id, exc)])

    def _internal(self, game_id: str, exc: BaseException) -> str:
        """A bug met by one game, as the tick's line in the GM's language (the log has the traceback)."""
        return messages.text("daemon.internal", self.config.alerts.language, game=game_id, name=type(exc).__name__,
                             detail=str(exc))

    def crawl(self, game_id: str, now: datetime, *, process: bool = True) -> TickReport:
        """One crawl of the game's two topics, then `process` (unless told not to)."""
        with heap.collector_paused():
            report = self._crawl(game_id, now, process=process)
        _give_back_after(report)
        return report

    def _crawl(self, game_id: str, now: datetime, *, process: bool = True) -> TickReport:
        from mafvote_scraper.crawl import crawl_game  # start-up (module docstring)

        self._now = now
        g = self.games[game_id]
        report = TickReport(crawled=[game_id])
        moved = None if g.addresses_followed else url_changes_text(self.store, g.cfg, g.forum)
        if moved is not None:
            # said once, as `mafvote crawl` says it: this crawl makes the store follow, the next finds nothing moved
            log.warning("crawl %s: the address changed in %s: %s; reading the new address from now on (the stored "
                        "posts are kept)", game_id, Path(self.config.path).name, moved)
        results = crawl_game(g.cfg, g.forum, self.clients[g.forum.id], self.store, now=now)
        g.addresses_followed = True
        for r in results:
            if getattr(r, "note", None):
                log.warning("crawl %s %s: %s", game_id, r.kind, r.note)
            if r.error:
                log.warning("crawl %s %s failed: %s", game_id, r.kind, r.error)
                report.errors.append(self._crawl_failed(game_id, r))
                continue
            touched = len(r.new) + len(r.changed) + len(r.deleted) + len(r.restored)
            if touched or r.first:
                log.info("crawl %s %s: %d new, %d edited, %d deleted, %d restored (%d pages, %d requests)",
                         game_id, r.kind, len(r.new), len(r.changed), len(r.deleted), len(r.restored),
                         r.pages, r.requests)
            else:
                log.debug("crawl %s %s: no change (%d requests)", game_id, r.kind, r.requests)
            if touched and r.kind == "vote":
                g.dirty = True
                report.changed.append(game_id)
        if process:
            report.merge(self.process(game_id, now))
        return report

    def _crawl_failed(self, game_id: str, r) -> str:
        """A failed topic as `mafvote demo` shows the GM the tick's problems: in the GM's language, as `mafvote crawl`
        says it (the log line above keeps the crawler's English)."""
        language = self.config.alerts.language
        error = describe(r.exception, language) if r.exception is not None else r.error
        return messages.text("crawl.error.failed_topic", language, game=game_id,
                             topic=messages.text(f"crawl.topic.{r.kind}", language), error=error)

    def run_due(self, now: datetime) -> TickReport:
        """Look at every game without crawling (the deadline jobs and the watcher call this)."""
        report = TickReport()
        with heap.collector_paused():
            for game_id in self.games:
                if self.stop_requested:
                    break
                report.merge(self._guarded(game_id, now, self.process))
        _give_back_after(report)
        return report

    # -- one game --
    def _following(self, g: _Game, current: Phase, applied) -> Phase:
        kind, number = phase_of_index(current.index + 1, g.cfg.schedule.starts_with)
        return g.service.phase(kind, number, applied)

    def process(self, game_id: str, now: datetime) -> TickReport:
        """Alerts, the deadline and publishing for one game as of `now`; never raises for a game's
        problem (it is logged once and shown by `mafvote status`), so one game cannot stop the others."""
        self._now = now
        g = self.games[game_id]
        report = TickReport()
        alerts: list[Alert] = []
        try:
            state = self.store.game_changes(g.cfg.id)
            if state != g.seen:
                # the GM applied, undid or set something, or crawled the thread from another process
                # (`mafvote crawl` beside `mafvote run`): the published count and the alerts follow
                g.dirty, g.seen = True, state
            if g.publish_retry_at is not None and now >= g.publish_retry_at:
                # the count waited for the forum ([publish].interval, its flood limit): post it now, not only
                # after the next vote
                g.dirty, g.publish_retry_at = True, None
            if g.write_failing is not None:
                g.dirty = True      # files that could not be written are tried again each poll, until they are
            g.write_errors, g.write_tried = [], False
            applied = g.service.applied()
            current = g.service.current_phase(applied)
            following = self._following(g, current, applied)
            day = active_day(current, following, now)
            alerts += self._crawl_alerts(g, now, phase_key(day or current))
            if g.service.winner(applied) is not None:
                pass              # the game is over (RULES.md §5): no more deadlines, counts or night checks
            elif day is None:
                alerts += self._night_alerts(g, current, applied, now)
            else:
                key = due_key(day, self.config.alerts.before_deadline, now)
                if g.dirty or (key is not None and not self.sender.log_store.seen(game_id, key)):
                    alerts += self._day(g, day, following if day is current else None, applied, now, report)
            if g.dirty or g.counted is not None:
                # after a change, and at the moments the day was counted anyway (T−60, T−15, the deadline: the
                # pages' time left and the closed day follow without waiting for a post)
                report.published += self._pages(g, now)
            report.published[:0] = self._count_files_in_place(g)      # first, as when written before the pages
            alerts += self._write_health(g, now, phase_key(day or current), report)
            g.dirty = False
            if g.last_error is not None:
                log.info("game %s: working again", game_id)
                g.last_error = None
        except MafvoteError as exc:
            message = f"game {game_id}: {exc}"
            report.errors.append(f"{game_id}: {exc}")      # the tick's line as `_guarded` writes it, no English frame
            if message != g.last_error:      # one line per problem, not one per poll
                log.error("%s", message)
                g.last_error = message
        finally:
            if g.staged is not None:         # the tick stopped between the count files and the pages
                report.published[:0] = self._count_files_in_place(g)
        sent = self.sender.send(alerts)      # also retries deliveries still pending
        report.alerts.extend(sent.recorded)
        return report

    def _crawl_alerts(self, g: _Game, now: datetime, phase: str) -> list[Alert]:
        found: dict[str, list[Alert]] = {}
        for kind, url in (("game", g.cfg.game_topic), ("vote", g.cfg.vote_thread)):
            row = g.topic_rows.get(kind)
            if row is None:
                topic = self.store.topic(g.forum.id, topic_key(g.forum.engine, url))
                if topic is None:
                    continue
                row = g.topic_rows[kind] = topic.id
            health = crawl_health(self.store, row, kind=kind, url=url)
            found[kind] = crawl_alerts(g.cfg.id, health, now=now, phase=phase, threshold=CRAWL_FAILURE_THRESHOLD,
                                       tz=g.cfg.schedule.tz, language=self.config.alerts.language)
        # A forum that is down fails both topics: the GM gets one alert (the vote thread's, which is
        # what the count needs); the game topic alone failing (moved, deleted) is alerted for itself.
        return found.get("vote") or found.get("game") or []

    def _night_alerts(self, g: _Game, night: Phase, applied, now: datetime) -> list[Alert]:
        """During a night: the players of the closed day under the activity minimum (RULES.md §3.13), until
        the night's deadline. Looked at once per night per run: the alert log keeps them once anyway."""
        if g.night_checked == night.label and not g.dirty:
            return []
        g.night_checked = night.label
        closed = [r for r in applied if r.how == "close"]
        if not closed or now >= night.deadline:
            return []
        count = g.service.count(closed[-1].number, view="gm", now=now)
        return [a for a in flag_alerts(g.cfg.id, count, now=now, post_url=g.post_url, night_deadline=night.deadline,
                                       tz=g.cfg.schedule.tz, language=self.config.alerts.language,
                                       names=self._gm_names(g, applied))
                if a.kind == "under_active"]

    def _day(self, g: _Game, day: Phase, night: Phase | None, applied, now: datetime,
             report: TickReport) -> list[Alert]:
        both, inputs = g.service.count_views(day.number, views=("gm", "public"), now=now)  # one read of the store
        g.counted = (day.number, both, inputs)          # the pages of this tick draw from the same count
        gm, public = both["gm"], both["public"]
        report.counts[g.cfg.id] = gm
        ended = now >= day.deadline or (gm.closed and gm.closed_early is not None)
        tz = g.cfg.schedule.tz
        day_post = None
        if ended and not self.sender.log_store.seen(g.cfg.id, f"deadline:day{day.number}"):
            day_post = self._day_post(g, day, public, applied, now)
            log.info("deadline %s day %d: final count made, suggested day post ready", g.cfg.id, day.number)
        alerts = day_alerts(g.cfg.id, gm, now=now, deadline=day.deadline,
                            before_deadline=self.config.alerts.before_deadline, post_url=g.post_url,
                            thread_url=g.cfg.vote_thread, day_post=day_post,
                            night_deadline=night.deadline if night is not None else None, tz=tz,
                            language=self.config.alerts.language, names=self._gm_names(g, applied))
        report.published += self._publish(g, public, now, final=ended, report=report, alerts=alerts,
                                          applied=applied)
        leaders = ", ".join(f"{c.player} {c.total}" for c in gm.candidates[:3]) or "no votes"
        log.info("count %s day %d: %s; not voted %d", g.cfg.id, day.number, leaders, len(gm.not_voted))
        return alerts

    def _day_post(self, g: _Game, day: Phase, public: Tally, applied, now: datetime) -> str:
        """The suggested day post: the day's result in the game's theme when the day can be closed by
        the count (every role known: `day close --dry-run`), else the final public count."""
        from .render import RenderError, build_data, render  # start-up (module docstring)

        kind, number = phase_of_index(day.index + 1, g.cfg.schedule.starts_with)
        try:
            close = g.service.close_day(day.number, now=now, dry_run=True)
            data = build_data(outcome=close.outcome.to_json(), tally=public.to_json(), game=g.cfg,
                              ruleset=g.service.ruleset, now=now, phase=day.number,
                              deadline=g.service.phase(kind, number, applied).deadline.astimezone(g.cfg.schedule.tz),
                              replacements=g.service.state(applied).replacements)
            return render(g.theme, "day", data, fmt="bbcode",
                          templates_dir=getattr(g.cfg, "templates_dir", None)).rstrip("\n")
        except (MafvoteError, RenderError) as exc:
            log.info("deadline %s day %d: no themed day post (%s); suggesting the final count", g.cfg.id,
                     day.number, exc)
        return format_bbcode(public, now, names=self._names(g)).rstrip("\n")

    def _names(self, g: _Game, applied=None) -> dict[str, str]:  # noqa: ANN001 - the applied steps read this tick
        """What the public count calls each slot: the mask in mask games, the account playing it now."""
        return public_names(g.cfg.players, g.service.state(applied).replacements)

    def _gm_names(self, g: _Game, applied) -> dict[str, str]:
        """What the GM's alerts call each slot: the account playing it now (after a replacement the
        silent-player alert named the replaced account). Not the mask: the GM writes to the account."""
        roster = roster_with_replacements(roster_from_config(g.cfg.players), g.service.state(applied).replacements)
        return {e["nick"]: (e.get("replaced_by") or {}).get("nick") or e["nick"] for e in roster}

    def _publish(self, g: _Game, public: Tally, now: datetime, *, final: bool, report: TickReport | None = None,
                 alerts: list[Alert] | None = None, applied=None) -> list[str]:  # noqa: ANN001
        """Write the count files and post the count; a forum post that failed is an error of the tick (`run --once`
        exits 1) and a refused login an alert to the GM (issue 12: the count silently stayed off the forum)."""
        out: list[str] = []
        pub = self.config.publish
        if pub.dir is None and g.publisher is None:
            return out
        if not self._thread_read(g):
            # a count of a thread never read says «nobody voted» and puts the penalty on everyone: players
            # must not see that while the forum is down on the daemon's first start
            return out
        # the count's JSON once: the BBCode and the themed HTML both read it (each made its own before; issue 17)
        shown = public.to_json()
        bbcode = format_bbcode(shown, now, names=self._names(g, applied))
        if pub.dir is not None:
            from .publish import PublishError, stage_count_files  # start-up (module docstring)

            try:
                # flushed to the disk while the pages are made, put in place with them (`_count_files_in_place`)
                staged = stage_count_files(Path(pub.dir), g.cfg.id, bbcode=bbcode,
                                           html_body=self._html(g, public, now, applied, shown=shown),
                                           # the players' page: Russian, whatever the GM's language
                                           title=messages.text("daemon.count_page.title", "ru",
                                                               title=g.cfg.title or g.cfg.id, day=public.day))
                if g.staged is not None:
                    g.staged.discard()
                g.staged = staged
            except PublishError as exc:
                self._write_failed(g, exc)
        if g.publisher is not None:
            result = g.publisher.publish(bbcode, view="public", day=public.day)
            g.publish_retry_at = result.retry_at
            if result.status in ("posted", "edited"):
                out.append(f"forum:{result.status}:{result.post_id}")
            elif result.status in ("too_soon", "flood"):
                # not a failure: the daemon posts the count itself at `retry_at`; the GM reads when, in the game's zone
                if report is not None:
                    report.notes.append(messages.text("publish.waiting", self.config.alerts.language, game=g.cfg.id,
                                                      text=result.text(self.config.alerts.language,
                                                                       g.cfg.schedule.tz)))
            elif result.status == "failed":
                # the GM reads the failure in the alerts' language; the log line (publish.py) keeps the English
                language = self.config.alerts.language
                error = result.text(language)
                if report is not None:
                    report.errors.append(messages.text("publish.failed", language, game=g.cfg.id, error=error))
                if result.login_refused and alerts is not None and g.forum.login is not None:
                    alerts += publish_login_alerts(
                        g.cfg.id, forum=g.forum.id, user=g.forum.login.user, env=g.forum.login.password_env,
                        error=error, day=public.day, now=now, phase=f"day{public.day}",
                        thread_url=g.cfg.vote_thread, language=language)
        return out

    def _thread_read(self, g: _Game) -> bool:
        g.thread_read = g.thread_read or self.store.vote_thread_read(g.cfg.id)
        return g.thread_read

    def _count_files_in_place(self, g: _Game) -> list[str]:
        """The count files `_publish` staged this tick, renamed over the old ones (once their flush is done)."""
        staged, g.staged = g.staged, None
        if staged is None:
            return []
        from .publish import PublishError  # start-up (module docstring)

        try:
            written = [str(p) for p in staged.commit()]
        except PublishError as exc:
            self._write_failed(g, exc)
            return []
        g.write_tried = True
        return written

    def _pages(self, g: _Game, now: datetime) -> list[str]:
        """The game's pages (mafvote.pages): public ones in `[publish].dir`, the GM's in `gm_dir`, after a change."""
        pub = self.config.publish
        if pub.dir is None and pub.gm_dir is None:
            return []
        if not self._thread_read(g):
            return []                 # as `_publish`: no page of a thread never read
        from .pages import PublishError, gm_pages_dir, publish_pages  # start-up (module docstring)

        try:
            if self._gm_dir is None:
                # the config's folders do not change in a daemon's life: resolved once, not at every tick (issue 17)
                self._gm_dir = gm_pages_dir(self.config)
            counted, g.counted = g.counted, None
            written = publish_pages([x.service for x in self.games.values()], public_dir=pub.dir,
                                    gm_dir=self._gm_dir, now=now, caches=self._page_caches,
                                    only=g.cfg.id, counted={g.cfg.id: counted} if counted else None,
                                    coming=g.staged.paths if g.staged is not None else ())
        except PublishError as exc:
            self._write_failed(g, exc)
            return []
        except MafvoteError as exc:
            log.error("pages %s: %s", g.cfg.id, exc)
            return []
        g.write_tried = True
        return [str(p) for files in written.values() for p in files]

    def _write_failed(self, g: _Game, exc) -> None:
        # `exc`: a `publish.PublishError` (write_count, write_pages), worded for the GM by `_write_health`
        if g.write_failing is None:          # logged once per run of failures, not once per poll
            log.error("publish %s: %s", g.cfg.id, exc)
        g.write_errors.append(exc)

    def _write_health(self, g: _Game, now: datetime, phase: str, report: TickReport) -> list[Alert]:
        """The count files or pages that could not be written this tick: a line of the tick (`run --once` exits 1)
        and one alert per run of failures (the same key until a tick writes them again: then the next failure is
        a new alert). Not kept in the store: after a restart a folder still failing is alerted once more."""
        errors = g.write_errors
        language = self.config.alerts.language
        if not errors:
            if g.write_tried and g.write_failing is not None:
                log.info("publish %s: the files are written again", g.cfg.id)
                g.write_failing = None
            return []
        if g.write_failing is None:
            g.write_failing = now
        texts = [e.text(language) for e in errors]
        report.errors += [messages.text("publish.write_failed", language, game=g.cfg.id, error=text) for text in texts]
        return publish_write_alerts(g.cfg.id, errors=texts, since=g.write_failing, phase=phase, now=now,
                                    tz=g.cfg.schedule.tz, language=language)

    def _html(self, g: _Game, public: Tally, now: datetime, applied=None,  # noqa: ANN001
              shown: Mapping[str, Any] | None = None) -> str:
        """The count's HTML: the theme's whole page (`votecount.html.j2`, written as it is), or, when the theme
        cannot render it, the BBCode text as a fragment that `write_count_files` wraps in a page (the
        themed page was wrapped again, two documents in one file). `shown`: `public.to_json()`, when made already."""
        from .render import RenderError, build_data, render  # start-up (module docstring)

        try:
            ruleset, replacements = g.service.ruleset, g.service.state(applied).replacements
            kept = g.render_memo.get("data")
            if kept is None or kept[0] is not g.cfg or kept[1] is not ruleset or kept[2] != replacements:
                # the game's players, roles and sides as `render` reads them, made once while the config, the
                # ruleset and the replacements stay (they were made again after every new post, issue 17); the
                # same objects each time, so `render`'s memo of the players finds them equal at once
                kept = g.render_memo["data"] = (g.cfg, ruleset, replacements,
                                                build_data(game=g.cfg, ruleset=ruleset, replacements=replacements))
            data = {**kept[3], **build_data(tally=shown if shown is not None else public.to_json(), now=now,
                                            deadline=public.deadline)}
            return render(g.theme, "votecount", data, fmt="html", templates_dir=getattr(g.cfg, "templates_dir", None),
                          memo=g.render_memo)
        except RenderError as exc:
            log.warning("publish %s: the themed HTML count failed (%s); writing the BBCode as text", g.cfg.id, exc)
            return f"<pre>{_html.escape(format_bbcode(public, now, names=self._names(g, applied)))}</pre>"

    # -- what `status` and the scheduler need --
    def plan(self, now: datetime) -> list[PlannedJob]:
        """The deadline jobs of every game still ahead of `now` (the scheduler's date jobs)."""
        out: list[PlannedJob] = []
        for g in self.games.values():
            out += game_plan(g.service, g.cfg, self.config.alerts.before_deadline, now)
        return out

    def phase_signature(self) -> tuple:
        """Changes when the GM applies or undoes a phase: the scheduler recomputes its deadline jobs."""
        return self.store.phase_counts()
