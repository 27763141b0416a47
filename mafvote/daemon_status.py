"""What the daemon plans and what `mafvote status` shows (issue 6), apart from the daemon's runtime
(mafvote/daemon.py): the schedule of each game (pure: the day running now, the T−offset warnings and the
deadline, the alert key a moment makes due), each topic's crawl health from the store's `crawl_runs`, and each
game's status for `mafvote status` (the same plan `mafvote run` schedules).

    the stored phases + the schedule ──> active_day / deadline_plan / due_key ──> Daemon (jobs, alerts)
    the store's crawl_runs ─────────────> crawl_health ────────────────────────> Daemon (crawl alerts)
    config + store + now ───────────────> collect_status ──────────────────────> `mafvote status`
    the store's published_counts ───────> forum_post ───────────────────────────> `mafvote status` (the count post)

Reads the store only; imports neither the forum client nor the themes (`mafvote status` loads none of them).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Sequence

from .alert_rules import offset_label
from .crawl_health import CrawlHealth
from .alerts import AlertLog, describe_delivery_error
from . import messages
from .config import format_duration
from .crawl_text import describe_stored
from .errors import MafvoteError, OperationFailed
from .game import GameError, GameService, Phase, phase_of_index, service_for
from .links import topic_key
from .publish_text import publish_text
from .store import CrawlRun, PublishState, Store, to_db_time

__all__ = [
    "CRAWL_NOT_FINISHED", "DaemonError", "ForumPost", "GameStatus", "PlannedJob", "active_day", "collect_status",
    "crawl_health", "deadline_plan", "due_key", "early_close", "format_left", "forum_post", "game_plan", "game_service",
    "phase_key", "url_changes_text",
]


class DaemonError(OperationFailed):
    """The daemon cannot start or run as configured; the message says what to fix."""


# --- the schedule: pure -------------------------------------------------------------------------

@dataclass(frozen=True)
class PlannedJob:
    """One job the daemon runs: a crawl, a warning before a day deadline, the deadline itself."""

    game: str
    kind: str               # crawl | deadline_soon | deadline
    at: datetime
    label: str              # "day 2 T−60m", "day 2 deadline", "crawl every 2m"
    # the label's facts, for the GM's language (mafvote.gm_text.job): the day's number, the offset or interval
    day: int | None = None
    every: timedelta | None = None

    def to_json(self) -> dict:
        return {"game": self.game, "kind": self.kind, "at": self.at.astimezone(timezone.utc).isoformat(),
                "label": self.label}


def active_day(current: Phase, following: Phase, now: datetime) -> Phase | None:
    """The day whose votes count now. The stored phase moves on only when the GM applies a night or
    a day, but the forum does not wait: once the night's deadline has passed, the next day is running
    (its posts count) even if the GM has not resolved the night yet. During a night: None."""
    if current.kind == "day":
        return current
    if now >= current.deadline and following.kind == "day":
        return following
    return None


def deadline_plan(game: str, day: Phase, before_deadline: Sequence[timedelta],
                  after: datetime | None = None) -> list[PlannedJob]:
    """The T−offset warnings and the deadline of `day`, in time order (only those after `after`)."""
    jobs = [PlannedJob(game, "deadline_soon", day.deadline - o, f"{day.label} T−{offset_label(o)}", day.number, o)
            for o in set(before_deadline)]
    jobs.append(PlannedJob(game, "deadline", day.deadline, f"{day.label} deadline", day.number))
    return sorted((j for j in jobs if after is None or j.at > after), key=lambda j: j.at)


def due_key(day: Phase, before_deadline: Sequence[timedelta], now: datetime) -> str | None:
    """The alert key the clock makes due now for `day` (alert_rules' keys): the deadline, else the
    nearest warning reached."""
    label = f"day{day.number}"
    if now >= day.deadline:
        return f"deadline:{label}"
    due = [o for o in before_deadline if day.deadline - o <= now]
    return f"deadline_soon:{label}:{offset_label(min(due))}" if due else None


def format_left(delta: timedelta) -> str:
    """`2 h 05 min`, `15 min`, `3 d 4 h`, `passed 3 min ago`."""
    seconds = int(delta.total_seconds())
    minutes = (-seconds) // 60 if seconds < 0 else -(-seconds // 60)
    if minutes >= 48 * 60:
        text = f"{minutes // 1440} d {minutes % 1440 // 60} h"
    elif minutes >= 60:
        text = f"{minutes // 60} h {minutes % 60:02d} min"
    else:
        text = f"{minutes} min"
    return f"passed {text} ago" if seconds < 0 else text


def phase_key(phase: Phase | None) -> str:
    return f"{phase.kind}{phase.number}" if phase is not None else ""


# --- crawl health from the store ----------------------------------------------------------------

def crawl_health(store: Store, topic_row_id: int, *, kind: str, url: str) -> CrawlHealth:
    """The topic's current run of failed crawls, read from `crawl_runs`: the count since the last
    success and when the run began (stable across restarts, so its alert key is too)."""
    failing = store.failing_runs(topic_row_id)
    if not failing:
        return CrawlHealth(topic=kind, failures_in_a_row=0, first_failure_at=None, url=url)
    last = failing[0]
    error = last.error or ""
    # the key says it since issue 14; a run stored before has only the English to go by
    layout = last.error_phrase[0] == "layout" if last.error_phrase else error.startswith("layout not recognised")
    return CrawlHealth(topic=kind, failures_in_a_row=len(failing), first_failure_at=min(r.started_at for r in failing),
                       last_error=error, layout_unrecognised=layout, url=url, last_error_phrase=last.error_phrase)


def game_service(config, game, store: Store) -> GameService:
    """The game's service over the daemon's one store (`service_for`, as every command opens it); a ruleset that
    cannot be loaded stops the daemon naming the game."""
    try:
        return service_for(config, game, store)
    except GameError as exc:
        raise DaemonError(messages.text("daemon.game_error", game=game.id, error=exc)) from None



def game_plan(service: GameService, cfg, before_deadline, now: datetime) -> list[PlannedJob]:
    applied = service.applied()
    if service.winner(applied) is not None:
        return []             # the game is over: no day to warn about (RULES.md §5)
    current = service.current_phase(applied)
    kind, number = phase_of_index(current.index + 1, cfg.schedule.starts_with)
    following = service.phase(kind, number, applied)
    running = active_day(current, following, now)
    if running is not None and early_close(service, running, applied, now) is not None:
        return []             # RULES.md §3.11: the day is over (досрочно); no warning of its deadline is due
    day = running if running is not None else (following if following.kind == "day" else None)
    return deadline_plan(cfg.id, day, before_deadline, after=now) if day is not None else []


def early_close(service: GameService, day: Phase, applied, now: datetime) -> datetime | None:
    """When the running `day` closed by itself (RULES.md §3.11, 000/003 досрочно: the count closes it at the
    closing post) before the GM applied its close; None while it runs, or when the count cannot be made now
    (the daemon's tick reports that problem)."""
    if any(r.how == "close" and r.number == day.number for r in applied):
        return None
    try:
        count = service.count(day.number, view="gm", now=now)
    except MafvoteError:
        return None
    return count.closed_early if count.closed and count.closed_early is not None else None


def url_changes_text(store: Store, game, forum) -> str | None:
    """The addresses the config moved since the store last followed it (`Store.url_changes`), as one clause:
    `forum hyper http://a/ -> https://a/; vote topic … -> …`; None when nothing moved."""
    changes = store.url_changes(forum.id, forum.base_url, game.id,
                                (("game", game.game_topic), ("vote", game.vote_thread)))
    if not changes:
        return None
    return "; ".join(f"{f'forum {forum.id}' if kind == 'forum' else f'{kind} topic'} {old} -> {new}"
                     for kind, old, new in changes)


# --- status ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameStatus:
    """`mafvote status` for one game."""

    game: str
    title: str
    phase: Phase
    active_day: Phase | None
    now: datetime
    # per topic: kind, url, started_at, finished_at, ok, error (English), error_text (the GM's language), new, requests
    last_crawls: list[dict]
    last_error: dict | None           # the latest failed crawl: kind, at, error, error_text
    failures_in_a_row: int
    next_jobs: list[PlannedJob]
    # pending deliveries: key, kind, channel, attempts, last_error (English), last_error_text (the GM's language),
    # next_try_at
    unsent: list[dict]
    alerts_sent: int
    winner: str | None = None         # RULES.md §5: the side that won (GameService.winner); None while it goes on
    winner_text: str | None = None    # «победа мафии»
    # the running day closed by itself (RULES.md §3.11, досрочно) at this moment; the GM has yet to `day close` it
    closed_early: datetime | None = None
    # the last crawl is older than 3 poll intervals: no daemon is crawling (`mafvote run` is not running)
    no_crawl_for: timedelta | None = None
    poll_interval: timedelta | None = None
    # the running count post on the forum (`[publish] forum`; `forum_post`): None when the game posts none
    forum_post: ForumPost | None = None

    @property
    def crawl_overdue_text(self) -> str | None:
        if self.no_crawl_for is None or self.poll_interval is None:
            return None
        return (f"no crawl for {format_left(self.no_crawl_for)} (poll every {format_duration(self.poll_interval)}): "
                "is `mafvote run` running?")

    @property
    def deadline(self) -> datetime:
        """When the running phase ends: its deadline, or the moment the day closed early."""
        return self.closed_early or (self.active_day or self.phase).deadline

    def to_json(self) -> dict:
        left = self.deadline - self.now
        return {
            "game": self.game, "title": self.title, "phase": self.phase.to_json() | {"label": self.phase.label},
            "active_day": self.active_day.number if self.active_day is not None else None,
            "deadline": self.deadline.isoformat(), "time_left_seconds": int(left.total_seconds()),
            "time_left": format_left(left), "last_crawls": self.last_crawls, "last_error": self.last_error,
            "failures_in_a_row": self.failures_in_a_row, "next_jobs": [j.to_json() for j in self.next_jobs],
            "unsent_alerts": self.unsent, "alerts_sent": self.alerts_sent,
            "game_over": self.winner is not None, "winner": self.winner, "winner_text": self.winner_text,
            "closed_early": self.closed_early.isoformat() if self.closed_early is not None else None,
            "crawl_overdue": None if self.no_crawl_for is None else {
                "seconds": int(self.no_crawl_for.total_seconds()),
                "poll_interval_seconds": int(self.poll_interval.total_seconds()) if self.poll_interval else None,
                "text": self.crawl_overdue_text},
            "forum_post": self.forum_post.to_json() if self.forum_post is not None else None,
        }


@dataclass(frozen=True)
class ForumPost:
    """The game's running count post on the forum as the store has it (`published_counts`), for `mafvote status`:
    the post, when it was last updated, when posting waits until and why (the forum's flood limit,
    `[publish].interval`), the last failure (English, and in the GM's language)."""

    post_id: int | None
    day: int | None
    updated_at: datetime | None
    last_try_at: datetime | None
    waits_until: datetime | None
    wait: str | None                   # flood | interval
    last_error: str | None
    last_error_text: str | None

    def to_json(self) -> dict:
        def moment(value: datetime | None) -> str | None:
            return value.isoformat() if value is not None else None
        return {"post_id": self.post_id, "day": self.day, "updated_at": moment(self.updated_at),
                "last_try_at": moment(self.last_try_at), "waits_until": moment(self.waits_until), "wait": self.wait,
                "last_error": self.last_error, "last_error_text": self.last_error_text}


def forum_post(state: PublishState, interval: timedelta, now: datetime, tz, language: str) -> ForumPost:
    """What `status` says of the running count post: a flood limit the forum set (`not_before`) is waited first,
    then `[publish].interval` after the last update (`mafvote.publish.ForumPublisher.publish`). The last error is
    worded from its stored key and facts; one stored before store migration 10 is quoted as an older version's."""
    waits_until, wait = None, None
    if state.not_before is not None and state.not_before > now:
        waits_until, wait = state.not_before, "flood"
    elif state.updated_at is not None and state.updated_at + interval > now:
        waits_until, wait = state.updated_at + interval, "interval"
    text = None
    if state.last_error:
        text = (publish_text(state.last_error, state.last_error_phrase, language, tz)
                if state.last_error_phrase is not None
                else messages.text("crawl.error.legacy", language=language, text=state.last_error))
    return ForumPost(state.post_id, state.day, state.updated_at, state.last_try_at, waits_until, wait,
                     state.last_error, text)


# What `mafvote status` says of a crawl run that never recorded its end (stopped by Ctrl-C or a kill, or
# still going on in another process).
CRAWL_NOT_FINISHED = "did not finish (stopped, or still running)"


def _error_text(run: CrawlRun, language: str) -> str | None:
    """The run's error in the GM's language (`[alerts] language`); `error` beside it stays the crawler's English."""
    return describe_stored(run.error, run.error_phrase, language) if run.error is not None else None


def collect_status(config, store: Store, now: datetime) -> list[GameStatus]:
    """Per game: the phase, the deadline and time left, the last crawls, the last error, the next jobs
    (the same plan `mafvote run` schedules) and the alerts not yet delivered. Reads the store only. A crawl's
    `error` is the crawler's English (for scripts); `error_text` is the same in the GM's language."""
    out = []
    alert_log = AlertLog(store)
    language = config.alerts.language
    for game in config.games:
        forum = config.forum(game.forum)
        service = game_service(config, game, store)
        applied = service.applied()
        current = service.current_phase(applied)
        kind, number = phase_of_index(current.index + 1, game.schedule.starts_with)
        following = service.phase(kind, number, applied)
        day = active_day(current, following, now)
        closed_early = early_close(service, day, applied, now) if day is not None else None
        crawls, last_error, failures = [], None, 0
        last_started: datetime | None = None
        for topic_kind, url in (("game", game.game_topic), ("vote", game.vote_thread)):
            topic = store.topic(forum.id, topic_key(forum.engine, url))
            if topic is None:
                continue
            run = store.latest_run(topic)
            if run is not None:
                crawls.append({"topic": topic_kind, "url": url, "started_at": to_db_time(run.started_at),
                               "finished_at": to_db_time(run.finished_at), "ok": run.ok, "error": run.error,
                               "error_text": _error_text(run, language),
                               "new": run.new, "changed": run.changed, "deleted": run.deleted,
                               "requests": run.requests})
                last_started = max(last_started, run.started_at) if last_started else run.started_at
            failed = store.latest_failed_run(topic)
            err = {"at": to_db_time(failed.started_at), "error": failed.error,
                   "error_text": _error_text(failed, language), "finished": True} if failed else None
            if run is not None and run.finished_at is None and run.error is None:
                # a crawl cut off (Ctrl-C, a kill) is the latest problem too, though it left no error
                err = {"at": to_db_time(run.started_at), "error": CRAWL_NOT_FINISHED,
                       "error_text": messages.text("status.unfinished", language), "finished": False}
            if err and (last_error is None or err["at"] >= last_error["at"]):
                last_error = {"topic": topic_kind, **err}
            failures = max(failures, crawl_health(store, topic.id, kind=topic_kind, url=url).failures_in_a_row)
        next_crawl = (last_started + game.poll_interval) if last_started is not None else now
        silent = now - last_started if last_started is not None else None
        jobs = [PlannedJob(game.id, "crawl", max(next_crawl, now), f"crawl every {format_duration(game.poll_interval)}",
                           every=game.poll_interval)]
        jobs += game_plan(service, game, config.alerts.before_deadline, now)
        unsent = [{"key": d.alert.key, "kind": d.alert.kind, "channel": d.channel, "attempts": d.attempts,
                   "last_error": d.last_error,
                   "last_error_text": describe_delivery_error(d.last_error, d.last_error_phrase, d.channel, language)
                   if d.last_error else None,
                   "next_try_at": d.next_try_at.isoformat() if d.next_try_at else None}
                  for d in alert_log.pending(game.id) if d.channel != "log"]
        sent = store.alert_count(game.id)
        winner = service.winner(applied)
        overdue = silent if silent is not None and silent > 3 * game.poll_interval and winner is None else None
        posted = store.published_state(game.id)
        post = (forum_post(posted, config.publish.interval, now, game.schedule.tz, language)
                if config.publish.forum or posted != PublishState(game.id) else None)
        out.append(GameStatus(game.id, game.title, current, day, now, crawls, last_error, failures,
                              sorted(jobs, key=lambda j: j.at), unsent, sent, winner,
                              service.winner_text(winner) if winner else None,
                              no_crawl_for=overdue, poll_interval=game.poll_interval, closed_early=closed_early,
                              forum_post=post))
    return out
