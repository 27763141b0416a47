"""Helpers of the live tier (see conftest.py): boards started from ../shared/live-forums and mafvote run
against them under the board's clock."""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

REPO = Path(__file__).resolve().parents[2]
LIVE = Path(os.environ.get("MAFVOTE_LIVE_FORUMS") or REPO.parent / "shared" / "live-forums")
ENGINES = ("mybb", "punbb", "phpbb", "smf")
MOSCOW = "Europe/Moscow"


def live_available() -> bool:
    return (LIVE / "start_board.sh").is_file() and (LIVE / "engines").is_dir()


def _boards_module():
    if str(LIVE) not in sys.path:
        sys.path.insert(0, str(LIVE))
    import boards  # the live-forums driver (httpx only)
    return boards


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def faketime_lib() -> str:
    found = sorted(Path("/usr/lib").glob("*/faketime/libfaketime.so.1"))
    if not found:
        raise RuntimeError("libfaketime.so.1 not found: install the Debian package libfaketime")
    return str(found[0])


@dataclass
class LiveBoard:
    engine: str
    info: dict
    workdir: Path
    driver: object            # boards.MyBB | PunBB | PhpBB | SMF

    @property
    def base_url(self) -> str:
        return self.info["base_url"]

    @property
    def version(self) -> str:
        return self.info["version"]

    @property
    def clock(self):
        return self.driver.clock

    def set_clock(self, when: datetime | str, exact: bool = False) -> None:
        self.driver.clock.set(when, exact=exact)

    def offset(self) -> int:
        """The board's clock as libfaketime's offset from the real clock, whole seconds."""
        return self.driver.clock.offset()

    def now(self) -> datetime:
        return self.driver.clock.now()


# The board's own database is the ground truth for what a page only shows (ids, the stored instants):
# (users: id, name), (posts: id, author id, posted unix time, last edit unix time or 0/NULL)
_TRUTH = {
    "mybb": ("select uid, username from mybb_users", "select pid, uid, dateline, edittime from mybb_posts"),
    "punbb": ("select id, username from users", "select id, poster_id, posted, edited from posts"),
    "phpbb": ("select user_id, username from phpbb_users",
              "select post_id, poster_id, post_time, post_edit_time from phpbb_posts"),
    "smf": ("select id_member, member_name from smf_members",
            "select id_msg, id_member, poster_time, modified_time from smf_messages"),
}
_DB_FILE = {"mybb": "mybb.db", "punbb": "punbb.db", "phpbb": "phpbb.sqlite3"}


def _query(board: LiveBoard, sql: str) -> list[tuple]:
    if board.engine in _DB_FILE:
        import sqlite3
        conn = sqlite3.connect(f"file:{board.workdir / _DB_FILE[board.engine]}?mode=ro", uri=True)
        try:
            return conn.execute(sql).fetchall()
        finally:
            conn.close()
    from urllib.parse import urlsplit
    db = urlsplit(board.info["db"])      # mysql://smf:smfpass@127.0.0.1:PORT/smf
    out = subprocess.run(["mariadb", "-h", db.hostname, "-P", str(db.port), "-u", db.username,
                          f"-p{db.password}", db.path.lstrip("/"), "-B", "-N", "-e", sql],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    return [tuple(line.split("\t")) for line in out.splitlines() if line]


def board_users(board: LiveBoard) -> dict[str, str]:
    """{user name: the board's user id}, from its database."""
    return {str(name): str(uid) for uid, name in _query(board, _TRUTH[board.engine][0])}


@dataclass(frozen=True)
class TruePost:
    post_id: int
    author_id: str
    posted: datetime           # UTC
    edited: datetime | None    # UTC, the last edit the board recorded


def board_posts(board: LiveBoard) -> dict[int, TruePost]:
    """{post id: what the board's database holds of it}."""
    def at(value) -> datetime | None:
        n = int(value or 0) if str(value or "0") not in ("NULL", "None") else 0
        return datetime.fromtimestamp(n, timezone.utc) if n else None
    return {int(pid): TruePost(int(pid), str(uid), at(posted), at(edited))
            for pid, uid, posted, edited in _query(board, _TRUTH[board.engine][1])}


def start_board(engine: str, workdir: Path) -> LiveBoard:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD" and not k.startswith("FAKETIME")}
    done = subprocess.run([str(LIVE / "start_board.sh"), engine, str(workdir), str(port)],
                          capture_output=True, text=True, env=env, timeout=600)
    if done.returncode != 0:
        raise RuntimeError(f"start_board.sh {engine} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    info = json.loads(done.stdout.strip().splitlines()[-1])
    boards = _boards_module()
    # SMF's 10-second registration gate is passed by moving the board's clock, not by sleeping
    driver = boards.connect(info, wait="clock")
    return LiveBoard(engine=engine, info=info, workdir=workdir, driver=driver)


def stop_board(board: LiveBoard) -> None:
    subprocess.run([str(LIVE / "stop_board.sh"), str(board.workdir)], capture_output=True, text=True,
                   timeout=120)


def scratch_root() -> Path | None:
    """Where boards and stores live: memory (/dev/shm) when there is room, else None (pytest's tmp).

    The engines' installers and SQLite/MariaDB sync every write; on a disk shared with other jobs a MyBB
    install took 48 s instead of 11 s (measured here, 2 cores, load 7). $MAFVOTE_LIVE_TMP chooses the place."""
    chosen = os.environ.get("MAFVOTE_LIVE_TMP")
    if chosen:
        return Path(chosen)
    shm = Path("/dev/shm")
    try:
        if shm.is_dir() and os.access(shm, os.W_OK) and shutil.disk_usage(shm).free > 1 << 30:
            return shm
    except OSError:
        pass
    return None


@contextmanager
def scratch(tmp_path_factory, name: str) -> Iterator[Path]:
    """A new empty folder, removed afterwards when it is in memory (pytest keeps its own tmp folders)."""
    root = scratch_root()
    if root is None:
        yield tmp_path_factory.mktemp(name)
        return
    folder = Path(tempfile.mkdtemp(prefix=f"mafvote-live-{name}-", dir=root))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def board_for(engine: str, tmp_path_factory) -> Iterator[LiveBoard]:
    """A fresh board of `engine` for as long as the generator runs; stopped however the tests end."""
    with scratch(tmp_path_factory, f"board-{engine}") as workdir:
        board = start_board(engine, workdir)
        try:
            yield board
        finally:
            stop_board(board)


# --- mafvote against a board -------------------------------------------------------------------

CONFIG = """\
[store]
path = "mafvote.db"

[[forums]]
id = "live"
engine = "{engine}"
base_url = "{base}"
timezone = "{timezone}"
min_delay = 0
timeout = 20
retries = 0
{login}
[[games]]
id = "g"
title = "Живая игра"
forum = "live"
ruleset = "{ruleset}"
game_topic = "{game_topic}"
vote_thread = "{vote_thread}"
gm = {gm}
reread_interval = "{reread_interval}"

[games.schedule]
timezone = "{timezone}"
start = "{start}"
starts_with = "{starts_with}"
first_deadline = "{first_deadline}"
day_deadline = "{day_deadline}"
night_deadline = "{night_deadline}"
{players}"""

# `mafvote crawl`'s head line per topic, in the GM's default language (the message catalogue's "crawl.head").
_CRAWL_LINE = re.compile(r"^g, (тема голосования|игровая тема) (\S+): новых — (\d+), изменённых — (\d+), "
                         r"удалённых — (\d+) \((\d+) страни\w*, (\d+) запрос\w*", re.M)
_TOPIC_KIND = {"тема голосования": "vote", "игровая тема": "game"}


@dataclass(frozen=True)
class CrawlLine:
    """What `mafvote crawl` printed for one topic."""
    kind: str
    url: str
    new: int
    edited: int
    deleted: int
    pages: int
    requests: int


class Mafvote:
    """One game's config in `folder` pointing at `board`, and the CLI run under the board's clock."""

    def __init__(self, folder: Path, board: LiveBoard):
        self.folder, self.board = folder, board
        self.config = folder / "config.toml"

    def write_config(self, *, engine: str, game_topic: str, vote_thread: str, players: list[str],
                     gm: list[str], start: str, first_deadline: str, day_deadline: str = "18:00",
                     night_deadline: str = "20:00", ruleset: str = "new_year", login: str = "",
                     timezone: str = MOSCOW, starts_with: str = "night", reread_interval: str = "1h") -> None:
        roster = "".join(f'\n[[games.players]]\nnick = {json.dumps(nick, ensure_ascii=False)}\n'
                         for nick in players)
        self.config.write_text(CONFIG.format(
            engine=engine, base=self.board.base_url, timezone=timezone, login=login, ruleset=ruleset,
            game_topic=game_topic, vote_thread=vote_thread, gm=json.dumps(gm, ensure_ascii=False),
            start=start, first_deadline=first_deadline, day_deadline=day_deadline,
            night_deadline=night_deadline, players=roster, starts_with=starts_with,
            reread_interval=reread_interval), encoding="utf-8")

    def env(self, extra: dict | None = None) -> dict:
        env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD" and not k.startswith("FAKETIME")}
        offset = self.board.offset()
        # the board's clock: real + offset, running (libfaketime "+Ns"); UTC so nothing depends on the host's zone
        env.update(LD_PRELOAD=faketime_lib(), FAKETIME=f"{offset:+d}s", TZ="UTC", NO_COLOR="1",
                   PYTHONIOENCODING="utf-8", COLUMNS="200")
        env.update(extra or {})
        return env

    def run(self, *args: str, extra_env: dict | None = None, check: bool = True,
            timeout: float = 300) -> subprocess.CompletedProcess:
        done = subprocess.run([sys.executable, "-c", "from mafvote.cli import main; main()",
                               "-c", str(self.config), *args],
                              capture_output=True, text=True, cwd=self.folder, env=self.env(extra_env),
                              timeout=timeout)
        if check and done.returncode != 0:
            raise AssertionError(f"mafvote {' '.join(args)} exited {done.returncode}:\n"
                                 f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
        return done

    def crawl(self, check: bool = True) -> dict[str, CrawlLine]:
        done = self.run("crawl", check=check)
        lines = {_TOPIC_KIND[m.group(1)]: CrawlLine(_TOPIC_KIND[m.group(1)], m.group(2), *map(int, m.groups()[2:]))
                 for m in _CRAWL_LINE.finditer(done.stdout)}
        if check:
            assert set(lines) == {"vote", "game"}, done.stdout + done.stderr
        return lines

    def posts(self, topic: str = "vote") -> list[dict]:
        return json.loads(self.run("posts", "--topic", topic, "--format", "json").stdout)

    def tally(self, *args: str) -> dict:
        return json.loads(self.run("tally", "--format", "json", *args).stdout)


# Engines whose pages give a post's time to the second (PunBB's text, phpBB's <time datetime>); the others
# show minutes. An edit's time to the second: PunBB only.
SHOWS_SECONDS = frozenset({"punbb", "phpbb"})
EDIT_SHOWS_SECONDS = frozenset({"punbb"})


def shown(at: datetime, seconds: bool) -> str:
    """An instant as a page shows it (to the second, or to the minute), in Moscow time, ISO 8601."""
    from zoneinfo import ZoneInfo
    at = at.astimezone(ZoneInfo(MOSCOW))
    return (at if seconds else at.replace(second=0)).isoformat()
