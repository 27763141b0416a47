"""Soak of the daemon (issue 6 "Done when"): one process, 10 games on 3 local forums, hours of wall time
with the game clock compressed — no growth in memory or open files, no duplicate alert, every deadline
honoured.

    python bench/bench_soak.py [--wall 3600] [--games 10] [--forums 3] [--step 2] [--json out.json]

The forums (`mafvote.forumsim.ForumSim`, MyBB markup) run in child processes, so the memory and the
file descriptors measured are the daemon's own. The daemon is the real one (`mafvote.daemon.Daemon`:
crawler, store, tally, alert rules, alert log, published files), driven by a fake clock that advances
`--step` game minutes per tick as fast as the machine allows. Players post votes at random (a seeded
stream per game, each post's text its own); a scripted GM closes each day after its deadline alert and resolves
each night at its deadline, so the games run day after day.

Checks, printed at the end (and as JSON with --json):
- memory: Python allocations (tracemalloc, after a gc) and RSS (/proc/self/status) sampled over the
  run; growth from the end of the warm-up (first 10 % of the run) to the end; beside them what SQLite
  holds (`sqlite3_status64` MEMORY_USED, of which page caches PAGECACHE_OVERFLOW, on the libsqlite3
  `_sqlite3` loaded) and glibc's allocator (`mallinfo2`: `uordblks` in use, `fordblks` freed but held,
  `arena` + `hblkhd` taken from the system) and the main heap's resident size (`[heap]` in /proc/self/smaps:
  freed memory that `malloc_trim` gave back is no longer resident though `fordblks` counts it), so RSS can be
  told apart into Python, SQLite and the allocator;
- open files: /proc/self/fd sampled, first vs last vs max;
- alerts: every (game, key) the channel received, which must be unique;
- deadlines: every day deadline that passed got its `deadline:dayN` alert, at the first tick at or
  after the deadline (latency in game minutes).
"""
from __future__ import annotations

import argparse
import ctypes
import gc
import json
import logging
import multiprocessing as mp
import os
import platform
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mafvote.config import load_config  # noqa: E402
from mafvote.daemon import Daemon  # noqa: E402
from mafvote.errors import MafvoteError  # noqa: E402
from mafvote.forumsim import ForumSim  # noqa: E402
from mafvote_scraper.fetch import ForumClient  # noqa: E402

MSK = ZoneInfo("Europe/Moscow")
T0 = datetime(2026, 12, 30, 10, 0, tzinfo=MSK)
ROLES = ["Санта Клаус", "Снеговик", "Дед Мороз", "Снегурочка", "Снежинка", "Герда", "Хлопушка", "Злой тролль"]
VOTE = 'Голосую <span style="color: red;" class="mycode_color">{target}</span>{early}<br />\n{said}'
# what players say beside their votes and in the game's thread: each post's text differs from every other's (a
# running number), so what the daemon keeps per distinct post (the name matcher's readings, the crawl's hashes) grows
# as in a real game, where posts do not repeat a few texts (issue 17's soak, rss13)
SAID = ["Думаю", "Подозреваю всех", "Мне кажется, тут что-то не так", "Слежу за голосованием", "Не верю никому",
        "Соглашусь с предыдущим", "Посмотрим, что скажет ночь", "Это слишком тихо", "Вчера было странно"]


def _said(rng: random.Random, n: int) -> str:
    return f"{rng.choice(SAID)}… ({n}, {rng.randrange(10 ** 6)})"


def _serve(conn, per_page: int, sim: dict | None = None) -> None:
    """A forum in a child process: topics and posts added on command (`sim`: more of ForumSim's arguments)."""
    forum = ForumSim(per_page=per_page, **(sim or {})).start()
    conn.send(forum.base_url)
    while True:
        command = conn.recv()
        if command == "stop":
            break
        if command == "sync":          # the sender waits until the forum has taken every command before this one
            conn.send("ok")
            continue
        kind, tid, *rest = command
        if kind == "topic":
            forum.add_topic(tid, rest[0])
        elif kind == "post":
            author, html, when = rest
            forum.add_post(tid, author, html, time=when)
    forum.stop()


class Forum:
    def __init__(self, per_page: int = 20, **sim) -> None:
        self.conn, child = mp.get_context("fork").Pipe()
        self.proc = mp.get_context("fork").Process(target=_serve, args=(child, per_page, sim), daemon=True)
        self.proc.start()
        self.base_url = self.conn.recv()

    def send(self, *command) -> None:
        self.conn.send(command)

    def sync(self) -> None:
        self.conn.send("sync")
        self.conn.recv()

    def stop(self) -> None:
        self.conn.send("stop")
        self.proc.join(5)


def _config(workdir: Path, forums: list[Forum], games: int) -> Path:
    parts = ['[store]\npath = "mafvote.db"\n']
    for f, forum in enumerate(forums):
        parts.append(f'[[forums]]\nid = "f{f}"\nengine = "mybb"\nbase_url = "{forum.base_url}"\n'
                     f'timezone = "Europe/Moscow"\nmin_delay = 0\ntimeout = 10\nretries = 1\n')
    for g in range(games):
        base = forums[g % len(forums)].base_url
        # staggered deadlines: game g closes its day at 22:00 + 7 g minutes
        day = (datetime(2026, 1, 1, 22, 0) + timedelta(minutes=7 * g)).time()
        night = (datetime(2026, 1, 1, 22, 0) + timedelta(minutes=7 * g + 90)).time()
        first = T0.replace(hour=day.hour, minute=day.minute)
        parts.append(
            f'[[games]]\nid = "g{g}"\ntitle = "Игра {g}"\nforum = "f{g % len(forums)}"\nruleset = "new_year"\n'
            f'game_topic = "{base}showthread.php?tid={100 + 2 * g}"\n'
            f'vote_thread = "{base}showthread.php?tid={101 + 2 * g}"\ngm = ["Ведущий"]\npoll_interval = "2m"\n'
            f'[games.schedule]\ntimezone = "Europe/Moscow"\nstart = "{T0:%Y-%m-%dT%H:%M}"\nstarts_with = "day"\n'
            f'first_deadline = "{first:%Y-%m-%dT%H:%M}"\nday_deadline = "{day:%H:%M}"\nnight_deadline = "{night:%H:%M}"\n')
        for p, role in enumerate(ROLES):
            parts.append(f'[[games.players]]\nnick = "Игрок{g}_{p}"\nrole = "{role}"\n')
    parts.append(f'[alerts]\nbefore_deadline = ["60m", "15m"]\n\n[publish]\ndir = "{(workdir / "public").as_posix()}"\n')
    path = workdir / "config.toml"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


class Counting:
    """The alert channel of the soak: records (game, key) and the game time each alert was sent at, a line each in a
    file of the soak's folder (opened for each line, so the open files measured stay the daemon's), read back once at
    the end (`close`). Kept in a list, the record was the one thing in the process that grew with every alert, ≈ 9,000
    tuples with their key strings in the hour's soak (≈ 0.08 MiB a game day of the RSS it measures, the harness's own,
    made in the middle of each tick's work; issue 17, rss16)."""

    name = "webhook"

    def __init__(self, clock: list, path: Path) -> None:
        self.clock, self.path = clock, path
        path.write_text("", encoding="utf-8")

    def send(self, alert) -> None:
        with open(self.path, "a", encoding="utf-8") as out:
            out.write(json.dumps([alert.game, alert.key, self.clock[0].isoformat()], ensure_ascii=False) + "\n")

    def close(self) -> list[tuple[str, str, datetime]]:
        """Every alert received, in order, as (game, key, game time)."""
        with open(self.path, encoding="utf-8") as lines:
            return [(game, key, datetime.fromisoformat(at)) for game, key, at in map(json.loads, lines)]


def _rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _heap_rss_kib() -> int | None:
    """What of glibc's main heap (the `[heap]` mapping) is resident. `malloc_trim(0)` (mafvote.heap) returns the
    freed pages inside the heap too, but `mallinfo2().fordblks` still counts them as freed and held: the heap's
    resident size against malloc's in use says how much of the freed memory RSS really carries (rss13)."""
    try:
        with open("/proc/self/smaps", encoding="ascii", errors="replace") as smaps:
            in_heap = False
            for line in smaps:
                if line[0] in "0123456789abcdef" and "-" in line.split(" ", 1)[0]:
                    in_heap = line.rstrip().endswith("[heap]")
                elif in_heap and line.startswith("Rss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


class _Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def _loaded(name: str) -> str | None:
    """The path of the shared library `name` this process has mapped (the one `_sqlite3` links), else None."""
    with open("/proc/self/maps", encoding="ascii", errors="replace") as maps:
        for line in maps:
            path = line.split()[-1]
            if f"/{name}" in path:
                return path
    return None


def _native_meters():  # noqa: ANN202 - returns a sampler or None
    """What SQLite and glibc's malloc hold, read through ctypes; None where either is not there (not Linux/glibc)."""
    sqlite3.connect(":memory:").close()          # `_sqlite3` (and its libsqlite3) loaded
    path = _loaded("libsqlite3.so")
    try:
        libsqlite = ctypes.CDLL(path) if path else None
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _Mallinfo2
    except (OSError, AttributeError):
        return None

    def status(op: int) -> int | None:
        if libsqlite is None:
            return None
        current, high = ctypes.c_int64(), ctypes.c_int64()
        libsqlite.sqlite3_status64(op, ctypes.byref(current), ctypes.byref(high), 0)
        return current.value // 1024

    def sample() -> dict:
        m = libc.mallinfo2()
        return {"sqlite_kib": status(0),             # SQLITE_STATUS_MEMORY_USED: all sqlite3_malloc'd memory
                "sqlite_pagecache_kib": status(2),   # SQLITE_STATUS_PAGECACHE_OVERFLOW: page caches (no static pool)
                "malloc_inuse_kib": m.uordblks // 1024 + m.hblkhd // 1024,
                "malloc_free_kib": m.fordblks // 1024,
                "malloc_system_kib": (m.arena + m.hblkhd) // 1024}
    return sample


def _fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def _machine() -> str:
    cpu = ""
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo", encoding="ascii")
                   if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    nproc = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    return f"Python {platform.python_version()}, {cpu or platform.processor()}, nproc {nproc}, {platform.system()} {platform.release()}"


def soak(wall: float, games: int, forums_n: int, step_minutes: int, sample_every: float, trace: bool) -> dict:
    # the alerts are counted by the channel; their log lines (WARNING) would flood the terminal
    logging.getLogger("mafvote").addHandler(logging.NullHandler())
    forums = [Forum() for _ in range(forums_n)]
    rngs = [random.Random(f"soak:{g}") for g in range(games)]
    clock = [T0]
    samples = []
    gm_actions = Counter()
    gm_errors: list[str] = []
    deadlines: dict[tuple[str, int], datetime] = {}
    with tempfile.TemporaryDirectory(prefix="mafvote-soak-") as tmp:
        workdir = Path(tmp)
        config = load_config(_config(workdir, forums, games))
        for g in range(games):
            forum = forums[g % forums_n]
            forum.send("topic", 100 + 2 * g, f"Игра {g}")
            forum.send("topic", 101 + 2 * g, f"Голосование {g}")
            forum.send("post", 100 + 2 * g, "Ведущий", "День первый.", T0)
            forum.send("post", 101 + 2 * g, "Ведущий", "Голосование открыто.", T0)
        channel = Counting(clock, workdir / "alerts-sent.jsonl")
        native = _native_meters()
        if trace:
            tracemalloc.start()
        daemon = Daemon(config, channels={"webhook": channel},
                        client_factory=lambda f: ForumClient.for_forum(f, sleep=lambda s: None),
                        sleep=lambda s: None)
        started = time.monotonic()
        next_sample = started
        warm_snapshot = None
        growth: list[str] = []
        ticks = posts = 0
        step = timedelta(minutes=step_minutes)
        try:
            while time.monotonic() - started < wall:
                now = clock[0]
                # players post: about one vote per game per 12 game minutes, some final (досрочно)
                for g, rng in enumerate(rngs):
                    if rng.random() < step_minutes / 12:
                        who, target = rng.sample(range(len(ROLES)), 2)
                        early = "<br />\nдосрочно" if rng.random() < 0.05 else ""
                        vote = VOTE.format(target=f"Игрок{g}_{target}", early=early, said=_said(rng, posts))
                        forums[g % forums_n].send("post", 101 + 2 * g, f"Игрок{g}_{who}", vote, now)
                        posts += 1
                    if rng.random() < step_minutes / 30:
                        who = rng.randrange(len(ROLES))
                        forums[g % forums_n].send("post", 100 + 2 * g, f"Игрок{g}_{who}", _said(rng, posts), now)
                        posts += 1
                time.sleep(0.002)          # let the forum processes take the posts in
                daemon.tick(now)
                ticks += 1
                # the GM: closes a day once its deadline has passed, resolves a night at its deadline
                for game_id, g in daemon.games.items():
                    service = g.service
                    current = service.current_phase()
                    if now < current.deadline:
                        continue
                    try:
                        if current.kind == "day":
                            deadlines[(game_id, current.number)] = current.deadline
                            service.close_day(current.number, now=now, nobody=True)
                            gm_actions["day close"] += 1
                        else:
                            service.resolve_night(current.number, now=now)
                            gm_actions["night resolve"] += 1
                    except MafvoteError as exc:
                        gm_errors.append(f"{game_id} {current.label}: {exc}")
                if trace and warm_snapshot is None and time.monotonic() - started >= wall * 0.25:
                    gc.collect()
                    warm_snapshot = tracemalloc.take_snapshot()
                if time.monotonic() >= next_sample:
                    gc.collect()
                    samples.append({"t": round(time.monotonic() - started, 1), "ticks": ticks,
                                    "game_time": now.isoformat(), "rss_kib": _rss_kib(), "fds": _fds(), "heap_rss_kib": _heap_rss_kib(),
                                    "traced_kib": tracemalloc.get_traced_memory()[0] // 1024 if trace else None,
                                    "posts": posts, "game_days": round((now - T0).total_seconds() / 86400, 2),
                                    **(native() if native else {})})
                    next_sample += sample_every
                clock[0] = now + step
        finally:
            daemon.close()
            if trace:
                if warm_snapshot is not None:
                    # where the Python allocations that grew after the first quarter of the run were made
                    gc.collect()
                    diff = tracemalloc.take_snapshot().compare_to(warm_snapshot, "lineno")
                    growth = [str(stat) for stat in diff[:8]]
                tracemalloc.stop()
            for forum in forums:
                forum.stop()
            sent = channel.close()
    elapsed = time.monotonic() - started
    keys = Counter((game, key) for game, key, _ in sent)
    duplicates = sorted(f"{g} {k} ×{n}" for (g, k), n in keys.items() if n > 1)
    sent_at = {(game, key): at for game, key, at in sent}
    late, missing, latency = [], [], []
    for (game, day), deadline in sorted(deadlines.items()):
        at = sent_at.get((game, f"deadline:day{day}"))
        if at is None:
            missing.append(f"{game} day {day}")
            continue
        minutes = (at - deadline).total_seconds() / 60
        latency.append(minutes)
        if minutes >= step_minutes:
            late.append(f"{game} day {day}: {minutes:.0f} min")
    warm = samples[max(0, len(samples) // 10)] if samples else {}
    last = samples[-1] if samples else {}
    return {
        "machine": _machine(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "wall_s": round(elapsed, 1), "games": games, "forums": forums_n, "ticks": ticks,
        "game_time": f"{T0.isoformat()} .. {clock[0].isoformat()}",
        "game_days": round((clock[0] - T0).total_seconds() / 86400, 2), "posts": posts,
        "alerts": len(sent), "alert_kinds": dict(Counter(k.split(":")[0] for _, k, _ in sent)),
        "duplicates": duplicates, "deadlines_passed": len(deadlines), "deadlines_missing": missing,
        "deadlines_late": late, "deadline_latency_min_max": max(latency) if latency else None,
        "gm_actions": dict(gm_actions), "gm_errors": gm_errors[:10],
        "rss_kib": {"warm": warm.get("rss_kib"), "end": last.get("rss_kib"),
                    "max": max((s["rss_kib"] for s in samples), default=None)},
        "traced_kib": {"warm": warm.get("traced_kib"), "end": last.get("traced_kib"),
                       "max": max((s["traced_kib"] or 0 for s in samples), default=None)},
        **{key: {"warm": warm.get(key), "end": last.get(key)} for key in _NATIVE if key in last},
        "game_days_warm": warm.get("game_days"),
        "fds": {"first": samples[0]["fds"] if samples else None, "end": last.get("fds"),
                "max": max((s["fds"] for s in samples), default=None)},
        "tick_ms_first_last": _tick_times(samples),
        "traced_growth_top": growth,
        "samples": samples,
    }


_NATIVE = ("sqlite_kib", "sqlite_pagecache_kib", "malloc_inuse_kib", "malloc_free_kib", "malloc_system_kib",
           "heap_rss_kib")


def _tick_times(samples: list[dict]) -> list[float | None]:
    """Mean wall ms per tick over the first and the last tenth of the run."""
    if len(samples) < 3:
        return [None, None]
    n = max(1, len(samples) // 10)

    def rate(a: dict, b: dict) -> float:
        return round(1000 * (b["t"] - a["t"]) / max(1, b["ticks"] - a["ticks"]), 1)
    return [rate(samples[0], samples[n]), rate(samples[-1 - n], samples[-1])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wall", type=float, default=3600, help="wall seconds to run (default one hour)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--forums", type=int, default=3)
    parser.add_argument("--step", type=int, default=2, help="game minutes per tick (= the poll interval)")
    parser.add_argument("--sample", type=float, default=30, help="wall seconds between samples")
    parser.add_argument("--no-tracemalloc", action="store_true", help="RSS only (tracemalloc slows the run)")
    parser.add_argument("--json", type=Path, default=None, help="write every figure and sample here")
    args = parser.parse_args()
    result = soak(args.wall, args.games, args.forums, args.step, args.sample, not args.no_tracemalloc)
    if args.json:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
    shown = {k: v for k, v in result.items() if k != "samples"}
    print(json.dumps(shown, ensure_ascii=False, indent=1))
    ok = not result["duplicates"] and not result["deadlines_missing"] and not result["deadlines_late"]
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
