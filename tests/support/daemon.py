"""The daemon's day: a local MyBB forum whose vote thread grows, a fake clock, channels that record or fail."""
from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from mafvote.alerts import ChannelError
from mafvote.config import load_config
from mafvote.daemon import Daemon
from mafvote.forumsim import ForumSim
from mafvote_scraper.fetch import ForumClient
from support.paths import MOSCOW, RED

DAEMON_CONFIG = """
[store]
path = "state/mafvote.db"

[[forums]]
id = "sim"
engine = "mybb"
base_url = "{base}"
timezone = "Europe/Moscow"
min_delay = 0
timeout = 5
retries = 0

[[games]]
id = "ny"
title = "Новогодняя мафия"
forum = "sim"
ruleset = "new_year"
game_topic = "{base}showthread.php?tid=1"
vote_thread = "{base}showthread.php?tid=2"
gm = ["Ведущий"]
poll_interval = "{poll}"

[games.schedule]
timezone = "Europe/Moscow"
start = "2026-12-30T10:00"
starts_with = "day"
first_deadline = "2026-12-30T22:00"
day_deadline = "22:00"
night_deadline = "23:30"

[[games.players]]
nick = "Ronin"
aliases = ["Ронин"]
role = "Санта Клаус"
[[games.players]]
nick = "Соня"
gender = "f"
role = "Снеговик"
[[games.players]]
nick = "Puss"
role = "Дед Мороз"
[[games.players]]
nick = "Alisa"
gender = "f"
role = "Снегурочка"

[alerts]
before_deadline = ["60m", "15m"]
language = "en"

[publish]
dir = "public"
"""


def msk(hhmm: str, day: int = 30) -> datetime:
    h, m = map(int, hhmm.split(":"))
    return datetime(2026, 12, day, h, m, tzinfo=MOSCOW)


def vote(target: str, early: bool = False) -> str:
    return f"Голосую {RED.format(target)}" + ("<br />\nдосрочно" if early else "")


# The day's thread: (time the post is written, author, post HTML).
DAY = [
    ("10:07", "Ronin", vote("Соня", early=True)),
    ("12:02", "Соня", vote("Ronin", early=True)),
    ("13:40", "Puss", "Я пока думаю."),
    ("15:31", "Puss", vote("Соня", early=True)),
    # Alisa votes between T−60 and T−15: the T−60 warning names her as not voted; her final vote makes
    # every living player's vote final -> the early-close alert (new_year: the GM closes, rule 5.1).
    ("21:30", "Alisa", vote("Соня", early=True)),
    ("22:05", "Ronin", vote("Alisa")),          # after the deadline: not counted
]


class Recorder:
    """A channel that keeps what it was given."""

    name = "webhook"

    def __init__(self) -> None:
        self.sent = []

    def send(self, alert) -> None:
        self.sent.append(alert)

    def keys(self) -> list[str]:
        return [a.key for a in self.sent]


class Broken:
    """A channel that always fails (a dead SMTP server)."""

    name = "email"

    def __init__(self) -> None:
        self.tries = 0

    def send(self, alert) -> None:
        self.tries += 1
        raise ChannelError("email", "smtp.example.org:587: ConnectionRefusedError: [Errno 111] refused",
                           key="email.failed", facts={"host": "smtp.example.org", "port": 587,
                                                      "name": "ConnectionRefusedError",
                                                      "detail": "[Errno 111] refused"})


def write_daemon_config(tmp_path: Path, base: str, poll: str = "5m") -> Path:
    path = tmp_path / "config.toml"
    path.write_text(DAEMON_CONFIG.format(base=base, poll=poll), encoding="utf-8")
    return path


def quick_client(forum):
    return ForumClient.for_forum(forum, sleep=lambda seconds: None)


def daemon_for(config_path: Path, channels) -> Daemon:
    return Daemon(load_config(config_path), channels=channels, client_factory=quick_client,
                  sleep=lambda seconds: None)


def run_day(daemon: Daemon, forum: ForumSim, start: datetime, end: datetime, step: timedelta, script=DAY,
        reports=None):
    """Tick from `start` to `end`; a scripted post appears on the forum once the clock reaches its time."""
    pending = [(msk(t), who, body) for t, who, body in script]
    now = start
    while now <= end:
        for item in [p for p in pending if p[0] <= now]:
            forum.add_post(2, item[1], item[2], time=item[0])
            pending.remove(item)
        report = daemon.tick(now)
        if reports is not None:
            reports.append((now, report))
        now += step
    return now
