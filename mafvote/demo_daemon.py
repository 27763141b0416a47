"""`mafvote demo --daemon`: the daemon over the bundled «Новогодняя мафия» vote thread, replayed post by
post on the demo forum while a fake clock runs the day in about a minute (an hour of game time per
second by default). No internet, no real channels: the alerts go to the console.

    bundled MyBB pages ──parse──> 45 posts (author, time, body)
    fake clock, 20-minute steps ──> each post appears on the local forum (ForumSim.add_post) once the clock
                                    passes its time ──> Daemon.tick(now): crawl, count, alerts, files
    console: crawls that found posts, the count when it changes, every alert in full, the deadline post

The demo game is the thread's day as day 1 (from 30.12 20:00 to the 01.01 18:00 deadline), so that it
needs no applied phases; the count is the one `mafvote tally` gives for the bundled thread's day.
"""
from __future__ import annotations

import logging
import re
import time as _time
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Callable
from zoneinfo import ZoneInfo

from mafvote_scraper.fetch import ForumClient
from mafvote_scraper.parse import parse_page

from . import messages
from .alert_texts import game_time
from .config import load_config
from .daemon import Daemon
from .demo import start_demo_forum, write_demo_config
from .messages import text as t

__all__ = ["DemoConsole", "run_daemon_demo"]

MSK = ZoneInfo("Europe/Moscow")
DAY_START = datetime(2026, 12, 30, 20, 0, tzinfo=MSK)
DEADLINE = datetime(2027, 1, 1, 18, 0, tzinfo=MSK)
STEP = timedelta(minutes=15)


@dataclass
class DemoConsole:
    """The demo's alert channel: prints each alert in full."""

    echo: Callable[[str], None]
    name: str = "console"

    def send(self, alert) -> None:
        shown = game_time(alert.time, MSK)      # as every time a GM reads: «01.01 18:00 МСК»
        self.echo("\n" + t("demo.daemon.alert", kind=t(f"demo.daemon.kind.{alert.kind}") if messages.has(
            f"demo.daemon.kind.{alert.kind}") else alert.kind, at=shown))
        for line in alert.message().splitlines():
            self.echo(f"  │ {line}")
        self.echo("")


def _bundled_posts(forum):
    """(time, author, body HTML) of every post of the bundled vote thread, in order."""
    posts = []
    for n, page in enumerate(forum.vote_pages, start=1):
        parsed = parse_page(page, url=forum.sim.url_of(2, n), profile="mybb", tz=MSK, now=DEADLINE + timedelta(days=3))
        posts += [(p.time, p.author, p.html) for p in parsed.posts]
    return posts


def _demo_config(workdir: Path, base_url: str) -> Path:
    path = write_demo_config(workdir, base_url)
    text = path.read_text(encoding="utf-8")
    # The bundled thread's day, as the first phase of the demo game; a poll per step of the clock.
    text = re.sub(r'(?m)^start = ".*?"', f'start = "{DAY_START:%Y-%m-%dT%H:%M}"', text)
    text = re.sub(r'(?m)^starts_with = ".*?"', 'starts_with = "day"', text)
    text = re.sub(r'(?m)^first_deadline = ".*?"', f'first_deadline = "{DEADLINE:%Y-%m-%dT%H:%M}"', text)
    text = re.sub(r'(?m)^poll_interval = ".*?"', 'poll_interval = "15m"', text)
    text = re.sub(r"(?m)^min_delay = [0-9.]+", "min_delay = 0", text)
    path.write_text(text, encoding="utf-8")
    return path


def run_daemon_demo(workdir: Path, echo: Callable[[str], None], *, seconds_per_hour: float = 1.0,
                    sleep: Callable[[float], None] = _time.sleep) -> dict:
    """Run the demo day; returns what happened (alert keys, crawls, final count) for tests."""
    forum = start_demo_forum(initial_pages=5)
    quiet = logging.NullHandler()           # the console channel shows the alerts; no duplicate log lines
    logging.getLogger("mafvote").addHandler(quiet)
    summary = {"alerts": [], "crawls": 0, "final": None, "files": []}
    try:
        posts = _bundled_posts(forum)
        forum.sim.add_topic(2, "Голосование — День 2")     # the thread starts empty and grows post by post
        config_path = _demo_config(workdir, forum.base_url)
        config = load_config(config_path)
        echo(t("demo.daemon.forum", url=forum.base_url, path=config_path))
        echo(t("demo.daemon.replay", start=f"{DAY_START:%d.%m %H:%M}", deadline=f"{DEADLINE:%d.%m %H:%M}",
               step=STEP.seconds // 60, speed=f"{seconds_per_hour:g}") + "\n")
        pending = list(posts)
        last_shown = None
        with Daemon(config, channels={"console": DemoConsole(echo)},
                    client_factory=lambda f: ForumClient.for_forum(f, sleep=lambda s: None),
                    sleep=lambda s: None) as daemon:
            now = DAY_START
            while now <= DEADLINE + timedelta(minutes=40):
                while pending and pending[0][0] <= now:
                    when, author, body = pending.pop(0)
                    forum.sim.add_post(2, author, body, time=when)
                report = daemon.tick(now)
                stamp = now.astimezone(MSK).strftime("%d.%m %H:%M")
                if report.crawled:
                    summary["crawls"] += 1
                for message in report.errors:
                    echo(t("demo.daemon.problem", at=stamp, text=message))
                for message in report.notes:
                    echo(t("demo.daemon.note", at=stamp, text=message))
                count = report.counts.get(config.games[0].id)
                if count is not None:
                    # votes only (red minus blue): the non-voters' penalties are added at the deadline
                    votes = sorted(((c.total - c.penalty, c.player) for c in count.candidates if c.voters),
                                   key=lambda v: (-v[0], v[1]))
                    line = ", ".join(f"{player} {n}" for n, player in votes) or t("demo.daemon.no_votes")
                    if line != last_shown:
                        posts_seen = len(posts) - len(pending)
                        echo(t("demo.daemon.crawl", at=stamp, posts=posts_seen, count=line,
                               not_voted=len(count.not_voted)))
                        last_shown = line
                    summary["final"] = count
                summary["alerts"] += [a.key for a in report.alerts]
                summary["files"] += report.published
                sleep(seconds_per_hour * STEP.total_seconds() / 3600)
                now += STEP
        public = Path(config.publish.dir) if config.publish.dir else None
        if public is not None:
            stem = public / ("votecount-" + config.games[0].id)
            echo(t("demo.daemon.files", path=f"{stem}.bbcode", html=f"{stem}.html"))
        echo(t("demo.daemon.summary", crawls=summary["crawls"], alerts=len(summary["alerts"])))
    finally:
        logging.getLogger("mafvote").removeHandler(quiet)
        forum.stop()
    return summary
