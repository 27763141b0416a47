"""Games in a hand-filled store or on a local forum: 000 (PeculiarGame) with hand-written posts, small New
Year and Time Machine rosters over a store filled as the crawler leaves it (StoreGame, CliGame), and a game on
a local MyBB forum (ForumGame)."""
from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from click.testing import CliRunner

from mafvote import rulesets
from mafvote.cli import cli
from mafvote.config import load_config
from mafvote.forumsim import ForumSim
from mafvote.game import GameService, clock_at
from mafvote.store import Store
from mafvote_scraper.fetch import FetchedMeta
from mafvote_scraper.model import ParsedPage, ParsedPost
from support.cli import ok
from support.config import game_config
from support.count import MSK
from support.paths import MOSCOW, RED


def msk_at(text: str) -> datetime:
    """An ISO time without offset, in Moscow time."""
    return datetime.fromisoformat(text).replace(tzinfo=MOSCOW)


def red_span(name: str, final: bool = False) -> str:
    """A red vote as MyBB marks it up; `final`: with «досрочно»."""
    return RED.format(name) + (" досрочно" if final else "")


def blue_span(name: str) -> str:
    return f'<span style="color: blue;" class="mycode_color">{name}</span>'


# 000 («Странные дети», ruleset peculiar) with seven accounts, a store filled with hand-written posts (no forum).
# Phases: night 1 until 11.01 22:00, day 1 until 12.01 22:30, night 2 until 12.01 23:00, day 2 until 13.01 22:30,
# night 3 until 13.01 23:00
PECULIAR_BASE = "http://127.0.0.1:8099/"
PECULIAR_NOW = datetime(2027, 1, 20, 12, 0, tzinfo=timezone.utc)        # after every deadline below
PECULIAR_GAME = {"title": "Странные дети", "ruleset": "peculiar", "gm": ["ГМ"]}
PECULIAR_SCHEDULE = {"timezone": "Europe/Moscow", "start": "2027-01-10T20:00", "first_deadline": "2027-01-11T22:00",
                     "day_deadline": "22:30", "night_deadline": "23:00"}
PECULIAR_PLAYERS = [("Франклин", "m", "Мистер Барон"), ("Бетти", "f", "Мистер Арчер"), ("Алтея", "f", "Енох О'Коннор"),
                    ("Рики", "m", "Странный ребёнок"), ("Юна", "f", "Странный ребёнок"), ("Дельта", "f", "Эмма Блум"),
                    ("Бетси", "f", "Миллард Наллингс")]


class PeculiarGame:
    """The game's folder: config, store, and posts written into the store as a crawl would."""

    def __init__(self, path: Path):
        self.path = path
        self.next_id = 100
        text = game_config(PECULIAR_BASE, store="state/m.db", game=PECULIAR_GAME, schedule=PECULIAR_SCHEDULE,
                           players=[{"nick": n, "gender": g, "role": r} for n, g, r in PECULIAR_PLAYERS])
        (path / "config.toml").write_text(text, encoding="utf-8")
        self.db = path / "state" / "m.db"
        self.db.parent.mkdir()
        with Store(self.db) as s:
            s.ensure_forum("f", engine="mybb", base_url=PECULIAR_BASE, timezone_name="Europe/Moscow")

    def posts(self, topic: str, *items: tuple[str, str, str]) -> list[int]:
        """Add (author, "DD HH:MM" of January 2027 Moscow time, html) to the game topic or the vote thread."""
        tid, kind = ("1", "game") if topic == "game" else ("2", "vote")
        ids, posts = [], []
        for author, when, html in items:
            self.next_id += 1
            day, hm = when.split()
            t = datetime.fromisoformat(f"2027-01-{day}T{hm}").replace(tzinfo=MSK)
            posts.append(ParsedPost(self.next_id, tid, 1, len(posts), author, None, t, html, None,
                                    hashlib.sha256(html.encode()).hexdigest()))
            ids.append(self.next_id)
        url = f"{PECULIAR_BASE}showthread.php?tid={tid}&page=1&batch={self.next_id}"
        with Store(self.db) as s:
            topic_row = s.ensure_topic("f", tid, url=f"{PECULIAR_BASE}showthread.php?tid={tid}", kind=kind, game_id="g")
            # each batch is its own "page" so earlier batches are not marked deleted
            page = ParsedPage(url, "mybb", tid, self.next_id, None, None, posts)
            s.upsert_page(topic_row, page, FetchedMeta(url, datetime(2027, 1, 15, tzinfo=timezone.utc)))
        return ids

    def votes(self, *items: tuple[str, str, str]) -> list[int]:
        """(voter, "DD HH:MM", target): a red vote."""
        return self.posts("vote", *((a, w, RED.format(t)) for a, w, t in items))

    def chat(self, author: str, *times: str) -> None:
        self.posts("game", *((author, w, "обсуждаем") for w in times))


def quiet_night(n: int) -> None:
    # the boss asks the GM a question: no death, the night is resolved
    ok("night", "add", "--night", str(n), "--actor", "Франклин", "Вопрос: есть ли Джейкоб?")
    ok("night", "resolve", "--night", str(n))


STORE_GAME_BASE = "http://127.0.0.1:9/"
# new_year (001): Вася is Снеговик, whose blue counts 3 (hidden); Соня is Герда, whose red counts 2 (hidden)
NEW_YEAR_ROSTER = [("Ronin", "Санта Клаус"), ("Соня", "Герда"), ("Вася", "Снеговик"), ("Петя", "Кай"),
                   ("Маша", "Снежинка"), ("Дима", "Дед Мороз"), ("Катя", "Снегурочка"), ("Ёжик", "мирная зверюшка"),
                   ("Oleg", "Щелкунчик")]
TIME_MACHINE_ROSTER = [("Маф1", "Мафиозо"), ("Маф2", "Мафиозо"), ("Ком", "Комиссар"), ("Док", "Доктор"),
                       ("Ман", "Маньяк"), ("Мир1", "Мирный житель"), ("Мир2", "Мирный житель"),
                       ("Мир3", "Мирный житель")]


def store_game_config(base: str, ruleset: str, *, start: str, first: str, starts_with: str, night: str,
                      players=()) -> str:
    """A small game (title «Тест») on the forum at `base`, read without waiting, its schedule in Moscow time."""
    return game_config(base, forum={"min_delay": 0, "timeout": 5, "retries": 0},
                       game={"title": "Тест", "ruleset": ruleset},
                       schedule={"timezone": "Europe/Moscow", "start": start, "starts_with": starts_with,
                                 "first_deadline": first, "night_deadline": night}, players=players)


def store_vote_page(store, topic, pid: int, author: str, when: datetime, html: str) -> None:
    """Post `pid` of the vote thread (tid=2 at STORE_GAME_BASE) alone on page `pid - 100`, stored as the crawler
    leaves it: first seen a minute after it was written."""
    page_no = pid - 100
    url = f"{STORE_GAME_BASE}showthread.php?tid=2&page={page_no}"
    post = ParsedPost(post_id=pid, topic_id="2", page=page_no, position=0, author=author, author_id=None,
                      time=when, html=html, edit=None, content_hash=f"h:{pid}")
    page = ParsedPage(url=url, engine="mybb", topic_id="2", page=page_no, last_page=None, next_url=None,
                      posts=[post], title="Голосование")
    store.upsert_page(topic, page, FetchedMeta(url, when + timedelta(minutes=1)))


# time_machine (003) from day 1 on 01.11 12:00 MSK, days to 22:00, nights to 12:00: day 3 is 03.11 12:00 to 22:00
TIME_MACHINE_SCHEDULE = dict(start="2026-11-01T12:00", first="2026-11-01T22:00", starts_with="day", night="12:00")


def time_machine_day_3(g, targets: dict[str, str]) -> int:
    """Days 1 and 2 closed with nobody hanged, nights 1 and 2 resolved with no action entered; then day 3's votes,
    each voter's red vote for its target marked final (досрочно), from 14:53 a minute apart. `g`: a StoreGame or a
    CliGame over TIME_MACHINE_ROSTER and TIME_MACHINE_SCHEDULE. Returns the last vote's post id."""
    for n, (closed, resolved) in enumerate((("2026-11-01T23:00", "2026-11-02T13:00"),
                                            ("2026-11-02T23:00", "2026-11-03T12:30")), 1):
        g.svc.close_day(n, now=msk_at(closed), nobody=True)
        g.svc.resolve_night(n, now=msk_at(resolved))
    last = 0
    for i, (voter, target) in enumerate(targets.items()):
        last = g.post(voter, msk_at("2026-11-03T14:53") + timedelta(minutes=i), red_span(target, final=True))
    return last


class StoreGame:
    """A config file and its store, the vote thread filled post by post (each on a page of its own, first
    seen a minute after it was written), and the service over them."""

    def __init__(self, tmp_path: Path, ruleset: str, roster, *, start: str, first: str, starts_with: str,
                 night: str) -> None:
        text = store_game_config(STORE_GAME_BASE, ruleset, start=start, first=first, starts_with=starts_with,
                                 night=night, players=roster)
        self.path = tmp_path / "config.toml"
        self.path.write_text(text, encoding="utf-8")
        config = load_config(self.path)
        self.game = config.games[0]
        self.store = Store(config.store.path)
        self.store.ensure_forum("f", engine="mybb", base_url=STORE_GAME_BASE, timezone_name="Europe/Moscow")
        self.topic = self.store.ensure_topic("f", "2", url=f"{STORE_GAME_BASE}showthread.php?tid=2", kind="vote",
                                             game_id="g")
        self.svc = GameService(self.store, self.game, rulesets.load(self.game.ruleset_path),
                               nights_dir=tmp_path / "nights", engine="mybb", base_url=STORE_GAME_BASE)
        self.pid = 100

    def post(self, author: str, when: datetime, html: str) -> int:
        self.pid += 1
        store_vote_page(self.store, self.topic, self.pid, author, when, html)
        return self.pid

    def cli(self, moment: datetime, *args: str) -> tuple[int, str, str]:
        """A mafvote command run at `moment` (the store is shared: SQLite, one file)."""
        with clock_at(moment):
            result = CliRunner().invoke(cli, ["-c", str(self.path), *args], catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr


# a game run through the `mafvote` command over a hand-filled store (CliGame); written out in full because the
# config tests replace its lines (poll_interval, timeout) and read back the line numbers of the problems
CLI_GAME_CONFIG = """
[store]
path = "{store}"

[[forums]]
id = "f"
engine = "mybb"
base_url = "{base}"
timezone = "Europe/Moscow"
min_delay = 0
timeout = 5
retries = 0

[[games]]
id = "g"
title = "Тест"
forum = "f"
ruleset = "{ruleset}"
game_topic = "{base}showthread.php?tid=1"
vote_thread = "{base}showthread.php?tid=2"
gm = ["Ведущий"]
poll_interval = "2m"

[games.schedule]
timezone = "Europe/Moscow"
start = "{start}"
starts_with = "{starts_with}"
first_deadline = "{first}"
day_deadline = "22:00"
night_deadline = "{night}"
"""


class CliGame:
    """A config file and its store; the vote thread filled post by post (a page each); the service over them."""

    def __init__(self, tmp_path: Path, ruleset: str = "new_year", roster=NEW_YEAR_ROSTER, *, store: str = "m.db",
                 start: str = "2026-11-10T23:00", first: str = "2026-11-11T22:30", starts_with: str = "night",
                 night: str = "22:30", extra: str = "") -> None:
        text = CLI_GAME_CONFIG.format(store=store, base=STORE_GAME_BASE, ruleset=ruleset, start=start, first=first,
                             starts_with=starts_with, night=night)
        text += "".join(f'[[games.players]]\nnick = "{n}"\nrole = "{r}"\n' for n, r in roster) + extra
        self.dir = tmp_path
        self.path = tmp_path / "config.toml"
        self.path.write_text(text, encoding="utf-8")
        self.config = load_config(self.path)
        self.game = self.config.games[0]
        self.db = Path(self.config.store.path)
        self.pid = 100

    def open(self) -> CliGame:
        self.store = Store(self.db)
        self.store.ensure_forum("f", engine="mybb", base_url=STORE_GAME_BASE, timezone_name="Europe/Moscow")
        self.topic = self.store.ensure_topic("f", "2", url=f"{STORE_GAME_BASE}showthread.php?tid=2", kind="vote", game_id="g")
        self.svc = GameService(self.store, self.game, rulesets.load(self.game.ruleset_path),
                               nights_dir=self.dir / "nights", engine="mybb", base_url=STORE_GAME_BASE)
        return self

    def post(self, author: str, when: datetime, html: str) -> int:
        self.pid += 1
        store_vote_page(self.store, self.topic, self.pid, author, when, html)
        return self.pid

    def cli(self, *args: str, moment: datetime | None = None) -> tuple[int, str, str]:
        """A mafvote command as the GM runs it (at `moment`, when given)."""
        runner = CliRunner()
        if moment is None:
            result = runner.invoke(cli, ["-c", str(self.path), *args], catch_exceptions=False)
        else:
            with clock_at(moment):
                result = runner.invoke(cli, ["-c", str(self.path), *args], catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr


FORUM_GAME_NOW = datetime(2026, 11, 22, 12, 0, tzinfo=MOSCOW)      # after day 1's deadline (21.11 22:00)


class ForumGame:
    """A game on a ForumSim: config.toml in a folder, votes posted, commands run through the CLI."""

    def __init__(self, folder: Path, forum: ForumSim, ruleset: str, players: list[tuple[str, str, str]]):
        self.forum = forum
        forum.add_topic(1, "Игра")
        forum.add_topic(2, "Голосование")
        forum.add_post(1, "ГМ", "Старт игры", time=msk_at("2026-11-20T20:00"))
        forum.add_post(2, "ГМ", "Тема голосования", time=msk_at("2026-11-20T20:00"))
        u = forum.base_url
        cfg = game_config(u, store="store.db", forum={"min_delay": 0.01},
                          game={"title": "test", "ruleset": ruleset, "gm": ["ГМ"]},
                          schedule={"timezone": "Europe/Moscow", "start": "2026-11-20T20:00",
                                    "first_deadline": "2026-11-20T23:30", "night_deadline": "23:30"},
                          players=[{"nick": n, "role": r, "gender": g} for n, r, g in players],
                          alerts={"channels": []})
        (folder / "config.toml").write_text(cfg, encoding="utf-8")

    def vote(self, who: str, html: str, when: str) -> None:
        self.forum.add_post(2, who, html, time=msk_at(when))

    def run(self, *args: str) -> tuple[int, str, str]:
        result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    def ok(self, *args: str) -> str:
        code, out, err = self.run(*args)
        assert code == 0, err
        return out

    def json(self, *args: str) -> dict:
        return json.loads(self.ok(*args, "--format", "json"))
