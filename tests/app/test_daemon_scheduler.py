"""The APScheduler layer of `mafvote run` (mafvote.jobs), tested lightly: the jobs it schedules, deadlines
recomputed when a phase is applied, missed runs coalesced after a sleep, SIGTERM finishing the current
job, and the real `mafvote run` process against a local forum stopping cleanly on SIGTERM."""
from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace

from apscheduler.triggers.interval import IntervalTrigger

from mafvote.config import load_config
from mafvote.forumsim import ForumSim
from mafvote.game import open_service
from mafvote.jobs import MISFIRE_GRACE, Runner
from support.config import game_config
from support.daemon import Recorder, daemon_for, msk, write_daemon_config


def test_the_jobs_of_a_day_and_the_next_days_deadlines_after_the_gm_closes_it(tmp_path):
    config = write_daemon_config(tmp_path, "http://127.0.0.1:9/")
    now = msk("20:30")
    with daemon_for(config, {"webhook": Recorder()}) as daemon:
        runner = Runner(daemon, config_path=config, clock=lambda: now)
        scheduler = runner.build()
        jobs = {j.id: j for j in scheduler.get_jobs()}
        crawl = jobs["crawl:ny"]
        assert isinstance(crawl.trigger, IntervalTrigger)
        assert crawl.trigger.interval == timedelta(minutes=5)
        assert crawl.trigger.jitter == 30
        assert crawl.coalesce is True and crawl.misfire_grace_time == MISFIRE_GRACE
        deadline_jobs = sorted((j.trigger.run_date, j.name) for j in jobs.values() if j.id.startswith("deadline"))
        assert deadline_jobs == [(msk("21:00"), "day 1 T−60m"), (msk("21:45"), "day 1 T−15m"),
                                 (msk("22:00"), "day 1 deadline")]

        # The GM closes day 1 at 22:10: the watcher sees the new phase and plans day 2 (31.12 22:00).
        store, service = open_service(load_config(config), load_config(config).games[0])
        try:
            service.close_day(1, now=msk("22:10"), nobody=True)
        finally:
            store.close()
        now = msk("22:10")
        runner.watch(now)
        ahead = sorted((j.trigger.run_date, j.name) for j in scheduler.get_jobs()
                       if j.id.startswith("deadline") and j.trigger.run_date > now)
        assert ahead == [(msk("21:00", 31), "day 2 T−60m"), (msk("21:45", 31), "day 2 T−15m"),
                         (msk("22:00", 31), "day 2 deadline")]


class FakeDaemon:
    """Just what Runner calls, with a record of the calls (no store, so it may run in another thread)."""

    def __init__(self, games=("ny",), on_crawl=None):
        self.games = {g: SimpleNamespace(cfg=SimpleNamespace(poll_interval=timedelta(minutes=5))) for g in games}
        self.crawls: list[tuple[str, str]] = []
        self.stop_requested = False
        self.on_crawl = on_crawl

    def plan(self, now):
        return []

    def phase_signature(self):
        return ()

    def crawl(self, game, now):
        self.crawls.append((game, "started"))
        if self.on_crawl:
            self.on_crawl(game)
        self.crawls.append((game, "written"))

    def run_due(self, now):
        pass


def _start(runner: Runner) -> threading.Thread:
    thread = threading.Thread(target=runner.start, daemon=True)
    thread.start()
    return thread


def test_polls_missed_while_the_machine_slept_run_once_not_one_by_one():
    daemon = FakeDaemon()
    slept_since = datetime.now(timezone.utc) - timedelta(minutes=50)     # ten 5-minute polls missed
    runner = Runner(daemon, clock=lambda: slept_since)
    runner.build()
    thread = _start(runner)
    time.sleep(1.0)
    runner.request_stop()
    thread.join(5)
    assert not thread.is_alive()
    assert daemon.crawls == [("ny", "started"), ("ny", "written")]


def test_sigterm_during_a_crawl_lets_it_finish_then_stops_before_the_next_job():
    runner: Runner

    def signal_arrives(game):
        runner.request_stop(signal.SIGTERM)

    daemon = FakeDaemon(games=("ny", "pc"), on_crawl=signal_arrives)
    runner = Runner(daemon, clock=lambda: datetime.now(timezone.utc))
    runner.build()
    thread = _start(runner)
    thread.join(5)
    assert not thread.is_alive()
    # the first crawl finished its write; the second game's crawl, due at the same time, never started
    assert daemon.crawls == [("ny", "started"), ("ny", "written")]
    assert daemon.stop_requested is True


def run_config(base: str, start: datetime, deadline: datetime) -> str:
    """One game on the local forum, its day running from `start` to `deadline` (UTC), a webhook channel at the
    forum's address and a Telegram channel whose token must never reach the log."""
    return game_config(
        base, store="state/mafvote.db",
        forum={"id": "sim", "min_delay": 0, "timeout": 5, "retries": 0},
        game={"id": "ny", "poll_interval": "2m"},
        schedule={"timezone": "UTC", "start": f"{start:%Y-%m-%dT%H:%M}", "starts_with": "day",
                  "first_deadline": f"{deadline:%Y-%m-%dT%H:%M}", "night_deadline": "23:30"},
        players=[{"nick": "Ronin"}, {"nick": "Соня"}],
        alerts={"channels": ["webhook"], "webhook": {"url": f"{base}hook"},
                "telegram": {"token_env": "MAFVOTE_TEST_TG_TOKEN", "chat_id": "1"}})


def test_mafvote_run_crawls_logs_one_line_per_event_and_stops_cleanly_on_sigterm(tmp_path):
    now = datetime.now(timezone.utc).replace(microsecond=0)
    with ForumSim(per_page=5) as forum:
        forum.add_topic(1, "Игра")
        forum.add_topic(2, "Голосование")
        forum.add_post(1, "Ведущий", "День первый.", time=now - timedelta(hours=1))
        forum.add_post(2, "Ronin", 'Голосую <span style="color: red;" class="mycode_color">Соня</span>',
                       time=now - timedelta(minutes=30))
        config = tmp_path / "config.toml"
        config.write_text(run_config(forum.base_url, now - timedelta(hours=2), now + timedelta(hours=5)),
                          encoding="utf-8")
        secret = "123456:SECRET-token-never-in-the-log"
        env = {**os.environ, "MAFVOTE_TEST_TG_TOKEN": secret}
        proc = subprocess.Popen([sys.executable, "-c", "from mafvote.cli import main; main()", "run", "-c",
                                 str(config), "--log-level", "DEBUG"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
        try:
            db = tmp_path / "state" / "mafvote.db"
            deadline = time.monotonic() + 30
            finished = 0
            while time.monotonic() < deadline and finished < 2:
                time.sleep(0.2)
                if db.exists():
                    try:
                        with sqlite3.connect(db) as conn:
                            finished = conn.execute("select count(*) from crawl_runs where finished_at is not null").fetchone()[0]
                    except sqlite3.OperationalError:
                        pass
            assert finished == 2, "the daemon did not crawl both topics within 30 s"
            time.sleep(0.3)
            proc.send_signal(signal.SIGTERM)
            out, err = proc.communicate(timeout=20)
        finally:
            if proc.poll() is None:
                proc.kill()
    assert proc.returncode == 0, err
    lines = err.splitlines()
    assert any(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ INFO mafvote\.daemon: crawl ny vote: 1 new, 0 edited, "
                            r"0 deleted, 0 restored \(1 pages, 1 requests\)", line) for line in lines), err
    assert any(line.endswith("INFO mafvote.daemon: получен SIGTERM: mafvote останавливается (запрос к форуму, "
                            "если он идёт, прерывается)") for line in lines)
    assert lines[-1].endswith("INFO mafvote.daemon: `mafvote run` остановлен штатно")
    assert all(re.match(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ (DEBUG|INFO|WARNING|ERROR) ", line) for line in lines), err
    assert secret not in err


def test_a_changed_config_reloads_and_a_broken_one_is_refused_with_the_old_one_kept(tmp_path, caplog):
    config = write_daemon_config(tmp_path, "http://127.0.0.1:9/")
    with daemon_for(config, {"webhook": Recorder()}) as daemon:
        runner = Runner(daemon, config_path=config, clock=lambda: msk("20:30"))
        runner.build()
        good = config.read_text(encoding="utf-8")

        config.write_text(good.replace('poll_interval = "5m"', 'pol_interval = "5m"'), encoding="utf-8")
        os.utime(config, (time.time() + 5, time.time() + 5))
        runner.watch(msk("20:31"))
        assert runner.reload_requested is False
        assert "has problems; keeping the running config" in caplog.text
        assert "pol_interval" in caplog.text

        config.write_text(good.replace('poll_interval = "5m"', 'poll_interval = "3m"'), encoding="utf-8")
        os.utime(config, (time.time() + 10, time.time() + 10))
        runner.watch(msk("20:32"))
        assert runner.reload_requested is True
        assert runner.scheduler.stop_pending is True      # the loop stops after this round; run_forever reloads
