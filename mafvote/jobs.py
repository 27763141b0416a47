"""`mafvote run`: the APScheduler 3 layer over `mafvote.daemon.Daemon`, with the real clock.

    BlockingScheduler (jobs run in the main thread: the SQLite store is one connection, one thread)
      crawl:<game>              IntervalTrigger(poll_interval, jitter)  -> Daemon.crawl(game, now)
      deadline_soon/deadline    DateTrigger at T−60, T−15, the deadline  -> Daemon.run_due(now)
      watch                     every 30 s: the config file's mtime (changed: reload everything), the
                                applied phases (changed: plan the new deadlines), Daemon.run_due(now)
                                (catches up after a sleep and retries pending alert deliveries)

Every job has `coalesce=True` and a `misfire_grace_time`: after a laptop slept through five polls, the
crawl runs once, not five times. Deadline jobs are never removed, only added: a stale one (the GM moved
a phase) fires once and finds nothing due, because the daemon decides from the store what is due.

SIGINT/SIGTERM: a job that is running finishes (its writes are transactions; a forum request under way is
cut off within a fraction of a second and counts as a failed crawl) and then the scheduler
stops; when the scheduler is idle it stops at once. The exit is clean (status 0). The stop itself is
done by the scheduler's own loop after a round of jobs (`_Scheduler`), never inside a job or a signal
handler: APScheduler's shutdown empties the job store, which a round still running would trip over.
"""
from __future__ import annotations

import logging
import signal
import threading
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable

from apscheduler.executors.debug import DebugExecutor
from apscheduler.schedulers.base import STATE_STOPPED
from apscheduler.schedulers.blocking import BlockingScheduler
from apscheduler.triggers.date import DateTrigger
from apscheduler.triggers.interval import IntervalTrigger

from .config import ConfigError, load_config
from .daemon import Daemon
from .messages import text as t

__all__ = ["MISFIRE_GRACE", "WATCH_INTERVAL", "Runner", "run_forever"]

log = logging.getLogger("mafvote.daemon")

# A job missed by up to this much (the machine slept) still runs, once; later ones are skipped, and the
# watcher's run_due covers what they would have done.
MISFIRE_GRACE = 3600
WATCH_INTERVAL = 30.0


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


class _Scheduler(BlockingScheduler):
    """A BlockingScheduler that stops between rounds of jobs when asked (`stop_pending`)."""

    stop_pending = False

    def _process_jobs(self):
        wait = None if self.stop_pending else super()._process_jobs()
        if self.stop_pending and self.state != STATE_STOPPED:
            self.shutdown(wait=False)
        return wait


_JOB = {"coalesce": True, "misfire_grace_time": MISFIRE_GRACE, "max_instances": 1}


class Runner:
    """One scheduler over one `Daemon`. `build()` adds the jobs; `start()` blocks until stopped."""

    def __init__(self, daemon: Daemon, *, config_path: Path | None = None, clock: Callable[[], datetime] = _utcnow,
                 watch_interval: float = WATCH_INTERVAL):
        self.daemon = daemon
        self.config_path = Path(config_path) if config_path is not None else None
        self.clock = clock
        self.watch_interval = watch_interval
        self.scheduler = _Scheduler(executors={"default": DebugExecutor()}, timezone=timezone.utc,
                                    job_defaults=_JOB)
        self.stop_requested = False
        self.reload_requested = False
        self._in_job = False
        self._mtime = self._config_mtime()
        self._phases = daemon.phase_signature()

    # -- building --
    def build(self) -> BlockingScheduler:
        now = self.clock()
        for game_id, g in self.daemon.games.items():
            poll = g.cfg.poll_interval.total_seconds()
            # Jitter spreads the polls of several games and instances; a tenth of the interval, ≤ 30 s.
            self.scheduler.add_job(self._job, IntervalTrigger(seconds=poll, jitter=min(30, int(poll / 10)),
                                                              timezone=timezone.utc),
                                   args=["crawl", game_id], id=f"crawl:{game_id}", name=f"crawl {game_id}",
                                   next_run_time=now, **_JOB)
        self.scheduler.add_job(self._job, IntervalTrigger(seconds=self.watch_interval, timezone=timezone.utc),
                               args=["watch", None], id="watch", name="watch config and phases",
                               next_run_time=now + timedelta(seconds=self.watch_interval), **_JOB)
        self.plan_deadlines(now)
        return self.scheduler

    def plan_deadlines(self, now: datetime) -> list[str]:
        """Add a date job for every T−offset warning and deadline ahead; returns the ids added."""
        added = []
        for job in self.daemon.plan(now):
            job_id = f"{job.kind}:{job.game}:{job.at.isoformat()}"
            if self.scheduler.get_job(job_id) is not None:
                continue
            self.scheduler.add_job(self._job, DateTrigger(run_date=job.at, timezone=timezone.utc),
                                   args=[job.kind, job.game], id=job_id, name=job.label, **_JOB)
            added.append(job_id)
            log.debug("scheduled %s %s at %s", job.game, job.label, job.at.isoformat())
        return added

    # -- running --
    def start(self) -> None:
        if self.stop_requested:
            return
        self.scheduler.start()          # blocks until shutdown

    def request_stop(self, signum: int | None = None, frame=None) -> None:  # noqa: ANN001
        """The signal handler: stop after the running job, or at once when idle."""
        if signum is not None:
            log.info("%s", t("run.signal", signal=signal.Signals(signum).name))
        self.stop_requested = True
        self.daemon.stop_requested = True
        # A request under way (a forum answering one byte a second) ends within a fraction of a second
        # instead of at its deadline; from another thread, for the same reason as below.
        cancel = getattr(self.daemon, "cancel_requests", None)
        if cancel is not None:
            threading.Thread(target=cancel, daemon=True).start()
        self._stop_after_round()

    def _stop_after_round(self) -> None:
        self.scheduler.stop_pending = True
        if not self._in_job and self.scheduler.running:
            # Wake the idle loop from another thread: Event.set inside a signal handler could deadlock
            # on the lock the interrupted Event.wait holds.
            threading.Thread(target=self.scheduler.wakeup, daemon=True).start()

    def _job(self, kind: str, game_id: str | None) -> None:
        if self.stop_requested:
            return
        self._in_job = True
        try:
            now = self.clock()
            if kind == "crawl":
                self.daemon.crawl(game_id, now)
            elif kind == "watch":
                self.watch(now)
            else:
                self.daemon.run_due(now)
        except Exception:
            # A bug in one job must not end the daemon: logged (scrubbed), the next job runs.
            log.exception("job %s %s failed", kind, game_id or "")
        finally:
            self._in_job = False
        if self.stop_requested or self.reload_requested:
            self._stop_after_round()

    def watch(self, now: datetime) -> None:
        mtime = self._config_mtime()
        if mtime != self._mtime:
            self._mtime = mtime
            try:
                load_config(self.config_path)
            except ConfigError as exc:
                log.error("config %s changed but has problems; keeping the running config: %s",
                          self.config_path, str(exc).replace("\n", "; "))
            else:
                log.info("config %s changed: reloading", self.config_path)
                self.reload_requested = True
                self._stop_after_round()
                return
        phases = self.daemon.phase_signature()
        if phases != self._phases:
            self._phases = phases
            added = self.plan_deadlines(now)
            log.info("a phase was applied or undone: %d deadline job(s) planned", len(added))
        self.daemon.run_due(now)

    def _config_mtime(self) -> float | None:
        if self.config_path is None:
            return None
        try:
            return self.config_path.stat().st_mtime
        except OSError:
            return None


def run_forever(config_path: Path, *, daemon_factory: Callable[..., Daemon] = Daemon,
                install_signals: bool = True) -> int:
    """Load the config, run until SIGINT/SIGTERM; a changed config restarts the scheduler with it."""
    while True:
        config = load_config(config_path)
        daemon = daemon_factory(config)
        try:
            runner = Runner(daemon, config_path=config_path)
            runner.build()
            if install_signals:
                signal.signal(signal.SIGINT, runner.request_stop)
                signal.signal(signal.SIGTERM, runner.request_stop)
            games = ", ".join(f"{g} (every {daemon.games[g].cfg.poll_interval})" for g in daemon.games)
            log.info("mafvote run: %d game(s): %s; store %s", len(daemon.games), games, config.store.path)
            runner.start()
        finally:
            daemon.close()
        if runner.stop_requested or not runner.reload_requested:
            log.info("%s", t("run.stopped"))
            return 0
