"""A seeded four-day game in a store, as the crawler leaves it (tests of the count's window and of finished days):
the test game of tests/data/game (New Year rules) with a vote thread and game topic filled by `fill`: votes, talk,
GM proxy votes, edits, deletions, votes after the deadline and during the nights, a player silent since day 1 and a
replaced account that goes on posting as a spectator. `seeded_game` is the store and service with the thread
planned; `Thread.until(now)` stores what happened by `now`."""
from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from mafvote_scraper.fetch import FetchedMeta
from mafvote_scraper.model import ParsedPage, ParsedPost
from support.game_dir import GAME_BASE, game_service

MSK = ZoneInfo("Europe/Moscow")
GM = "Ведущий"
# the roster of tests/data/game/config.toml; Гафф writes once on day 1, Puss is replaced during day 2
TALKERS = ["РэдДи", "King Eciton", "Соня", "Trusiki Kayfa", "Алукард", "Nejka", "Enzo", "Nevermore", "Alisa",
           "Ronin", "Puss"]
TARGETS = ["РэдДи", "King Eciton", "Соня", "Trusiki Kayfa", "Алукард", "Nejka", "Enzo", "Nevermore", "Alisa",
           "Ronin"]
SILENT_SINCE = datetime(2026, 12, 30, 21, 5, 7, tzinfo=MSK)          # Гафф's only post
REPLACED_AT = datetime(2026, 12, 31, 23, 0, tzinfo=MSK)             # Puss -> Кот, during day 2
PUSS_LAST = datetime(2026, 12, 31, 22, 41, 3, tzinfo=MSK)           # Puss's last post before that
DAYS = 4


def start(day: int) -> datetime:
    """Day N runs from 20:00 to 18:00 the next evening (night N+1: 18:00-20:00)."""
    return datetime(2026, 12, 30, 20, 0, tzinfo=MSK) + timedelta(days=day - 1)


def deadline(day: int) -> datetime:
    return start(day) + timedelta(hours=22)


def red(name: str) -> str:
    return f'Голосую <span style="color: red;" class="mycode_color">{name}</span>'


def blue(name: str) -> str:
    return f'В защиту <span style="color: blue;" class="mycode_color">{name}</span>'


class Thread:
    """The store's vote thread and game topic as the crawler leaves them: a post is captured 3 minutes
    after it was written, each on a page of its own. `fill` plans the game's posts, edits and deletions;
    `until(now)` stores those that happened by `now`, so a live count never sees a post from its future."""

    def __init__(self, store) -> None:
        self.store = store
        store.ensure_forum("hyper", engine="mybb", base_url=GAME_BASE, timezone_name="Europe/Moscow")
        self.topics = {kind: store.ensure_topic("hyper", tid, url=f"{GAME_BASE}showthread.php?tid={tid}", kind=kind,
                                                game_id="ny") for kind, tid in (("game", "1"), ("vote", "2"))}
        self.pages = 0
        self.next_pid = 1000
        self.written: dict[int, tuple[str, str, datetime]] = {}
        self.planned: list[tuple[datetime, int, str, str]] = []     # (when seen, post id, "post"/"delete", html)

    def write(self, kind: str, author: str, when: datetime, html: str) -> int:
        """Plan a post written at `when`; `until` stores it."""
        pid, self.next_pid = self.next_pid, self.next_pid + 1
        self.written[pid] = (kind, author, when)
        self.planned.append((when + timedelta(minutes=3), pid, "post", html))
        return pid

    def edit(self, pid: int, html: str, seen: datetime) -> None:
        self.planned.append((seen, pid, "post", html))

    def delete(self, pid: int, at: datetime) -> None:
        self.planned.append((at, pid, "delete", ""))

    def until(self, now: datetime) -> "Thread":
        due = sorted((e for e in self.planned if e[0] <= now), key=lambda e: (e[0], e[1]))
        self.planned = [e for e in self.planned if e[0] > now]
        for seen, pid, what, html in due:
            kind, author, when = self.written[pid]
            if what == "delete":
                self.store.mark_deleted(self.topics[kind], [pid], seen)
                continue
            tid = "1" if kind == "game" else "2"
            self.pages += 1
            url = f"{GAME_BASE}showthread.php?tid={tid}&page={self.pages}"
            post = ParsedPost(post_id=pid, topic_id=tid, page=self.pages, position=0, author=author,
                              author_id=None, time=when, html=html, edit=None, content_hash=f"h:{html}")
            page = ParsedPage(url=url, engine="mybb", topic_id=tid, page=self.pages, last_page=None,
                              next_url=None, posts=[post], title="Новогодняя мафия")
            self.store.upsert_page(self.topics[kind], page, FetchedMeta(url, seen))
        return self


def chatter(thread: Thread, rng: random.Random, day: int, n: int) -> list[int]:
    """`n` posts around day `day` (from 2 h before its start to 1 h after its deadline), by the talkers
    (Puss before the replacement, and after it as a spectator)."""
    pids = []
    first, last = start(day) - timedelta(hours=2), deadline(day) + timedelta(hours=1)
    span = int((last - first).total_seconds())
    for _ in range(n):
        when = first + timedelta(seconds=rng.randrange(span))
        author = rng.choice(TALKERS)
        if author == "Puss" and abs((when - PUSS_LAST).total_seconds()) < 3600 * 3:
            author = "Ronin"   # Puss's last post before the replacement is PUSS_LAST, nothing near it
        roll = rng.random()
        if roll < 0.45:
            html = red(rng.choice(TARGETS)) + ("<br />\nдосрочно" if rng.random() < 0.1 else "")
            kind = "vote"
        elif roll < 0.55:
            html, kind = blue(rng.choice(TARGETS)), "vote"
        elif roll < 0.6:
            html, kind = f"{rng.choice(TALKERS)} голосует {rng.choice(TARGETS)} красным", "vote"
            author = GM
        elif roll < 0.75:
            html, kind = rng.choice(["Я пока думаю.", "Кто что думает?", "Мирная я"]), "vote"
        else:
            html, kind = rng.choice(["Доброе утро!", "Кто убит?", "Подозреваю Соню"]), "game"
        pids.append(thread.write(kind, author, when, html))
    return pids


def fill(thread: Thread, seed: int = 7, per_day: int = 45) -> None:
    rng = random.Random(seed)
    thread.write("game", "Гафф", SILENT_SINCE, "Всем привет, я тут")
    thread.write("vote", "Puss", PUSS_LAST, red("Nejka"))
    thread.write("vote", "Puss", REPLACED_AT + timedelta(hours=2), "Меня заменили, удачи всем")   # a spectator now
    for i, who in enumerate(TALKERS):     # every talker says hello in both topics on the first evening
        thread.write("game", who, start(1) + timedelta(minutes=10 + i), "Всем привет!")
        thread.write("vote", who, start(1) + timedelta(minutes=40 + i), "Я тут")
    for day in range(1, DAYS + 1):
        pids = chatter(thread, rng, day, per_day)
        for pid in rng.sample(pids, 4):       # edited an hour after it was written
            thread.edit(pid, red(rng.choice(TARGETS)) + " (исправлено)", thread.written[pid][2] + timedelta(hours=1))
        for pid in rng.sample(pids, 2):       # deleted two hours after it was written
            thread.delete(pid, thread.written[pid][2] + timedelta(hours=2))


def seeded_game(tmp_path: Path) -> Iterator[tuple]:
    """(store, service, thread) of the test game with `fill`'s posts planned, the store open (a fixture's body)."""
    store, svc = game_service(tmp_path)
    with store:
        thread = Thread(store)
        fill(thread)
        yield store, svc, thread


def close_days(svc, thread: Thread, last: int) -> dict:  # noqa: ANN001 - GameService
    """Resolve night 1 (no actions), then close days 1..`last` five minutes after each deadline with what was posted
    by then, resolving the night after each; each close's result by its day."""
    svc.resolve_night(1, now=start(1) + timedelta(minutes=5))
    closes = {}
    for n in range(1, last + 1):
        thread.until(deadline(n) + timedelta(minutes=5))
        closes[n] = svc.close_day(n, now=deadline(n) + timedelta(minutes=5))
        svc.resolve_night(n + 1, now=start(n + 1) + timedelta(minutes=5))
    return closes
