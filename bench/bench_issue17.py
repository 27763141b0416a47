"""Issue 17's figures, side by side in one run: start-up, the count from stored readings, the daemon's tick.

    python bench/bench_issue17.py [--rounds 7] [--only startup,count,tick] [--tree DIR] [--steps] [--profile]
                                  [--sizes 1000,30000] [--forum etag,mybb]

(1) start-up: wall time of `mafvote --version`, `mafvote --help` and `mafvote tally` on the demo's store (made
    with `mafvote demo --keep` into a temporary folder first) against `sqlite-utils --version` (installed with
    mafvote), each a fresh process, interleaved round by round; best and median wall, and the ratio to
    sqlite-utils in the same round. Targets: --version and --help <= 0.15 s, tally <= 0.30 s, --version's
    ratio <= 1.0. `tally` runs with its config's cache (written by the untimed round); "config just edited" is
    `tally` after an edit of the config (validated again, the cache rewritten). `--baseline DIR` adds the same
    commands run with an older checkout's code (DIR/.venv/bin/mafvote when DIR has its own venv). Run it without
    PYTHONDONTWRITEBYTECODE (as a `pip install` leaves mafvote: its modules byte-compiled).
(2) the count of a 3,000-post day, 20 players (bench_tally's thread), from a store that has its readings:
    `Store.count_posts` (else `Store.posts(html=False)` + `Post.from_stored`) + the readings given to a fresh
    matcher (`recognise.add_stored`: decoded as the count reads each post; what `GameService` does) + `count_day`, cold
    (target <= 50 ms), with the cyclic garbage collector paused where the tree's `GameService.count_views` pauses it,
    and its two parts: the store's read, and `count_day` alone (the issue's own "cold count": its "Why" gives the
    cold count, 138 ms, beside "store → count 200 ms"); the first reading of the 3,000 posts (`flatten`, what storing them costs once); the cold
    count from the HTML as before (no stored readings); the warm re-count (target <= 10 ms). CPU time of the
    process (`process_time`), not wall: on a machine shared with other work the wall time measures the others.
(3) the daemon's tick per game (`Daemon.crawl` of one game: the poll of both topics over HTTP, the store, the
    count of both views when something changed, the alerts and the published files) for two games side by side
    in one daemon, one with 1,000 stored posts and one with 30,000 (all but the day's 300 older than the day, as
    past days' are): with no change (target <= 5 ms) and with one new post (target <= 20 ms). The forum is
    `mafvote.forumsim.ForumSim` (MyBB) in a child process, as in bench_soak. Wall time, and beside it the CPU
    time of the daemon's process (`process_time`: its own work, the fsync threads included, not the forum's).
    `--forum etag,mybb` (both by default, one after the other): ForumSim as before, with ETags (an unchanged page
    answers 304), and as a real MyBB 1.8 answers (no ETag or Last-Modified, a new form token and clock in every
    answer: what GMs run against). Beside the times: the SQL of 3 untimed ticks with no change (statements, write
    transactions, rows written); `--steps` also splits the poll (HTTP, parsing); `--profile` also profiles 5 more
    ticks with no change (CPU time).

To compare with an older revision, copy this file into a `git worktree` of it and run it there ((2) leaves out
the stored readings where the tree has none); (1) runs the `mafvote` installed beside this Python.
"""
from __future__ import annotations

import argparse
import contextlib
import gc
import logging
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(1, str(HERE))


def _best_median(times: list[float]) -> str:
    return f"best {min(times) * 1e3:.1f} ms, median {statistics.median(times) * 1e3:.1f} ms"


# --- (1) start-up ---------------------------------------------------------------------------------------------

def startup(rounds: int, baseline: str | None) -> None:
    bindir = Path(sys.executable).parent
    mafvote, sqlite_utils = str(bindir / "mafvote"), str(bindir / "sqlite-utils")
    with tempfile.TemporaryDirectory(prefix="mafvote-bench-") as tmp:
        keep = Path(tmp) / "demo"
        subprocess.run([mafvote, "demo", "--keep", str(keep)], check=True, capture_output=True)
        config = str(keep / "config.toml")
        commands = {
            "sqlite-utils --version": [sqlite_utils, "--version"],
            "mafvote --version": [mafvote, "--version"],
            "mafvote --help": [mafvote, "--help"],
            "mafvote tally (demo store)": [mafvote, "tally", "-c", config],
        }
        # the config's cache (mafvote.config.cache, when this mafvote has one) is written by the untimed round; this
        # row times `tally` after an edit of the config (a comment changed each round): validated, cache rewritten
        edited = [mafvote, "tally", "-c", config]
        commands["mafvote tally, config just edited"] = edited
        if baseline:
            # the same commands with another checkout's code (its own demo store: an older store schema): its own
            # venv's `mafvote` when it has one (`DIR/.venv`, an editable install of DIR), else DIR on sys.path
            own = Path(baseline) / ".venv" / "bin" / "mafvote"
            old = [str(own)] if own.exists() else [
                sys.executable, "-c", f"import sys; sys.path.insert(0, {baseline!r}); from mafvote.cli import main; "
                "main(sys.argv[1:])"]
            subprocess.run([*old, "demo", "--keep", str(Path(tmp) / "old")], check=True, capture_output=True)
            commands |= {"baseline --version": [*old, "--version"], "baseline --help": [*old, "--help"],
                         "baseline tally (demo store)": [*old, "tally", "-c", str(Path(tmp) / "old" / "config.toml")]}
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        for argv in commands.values():            # once before timing: byte-code caches written, files cached
            subprocess.run(argv, check=True, capture_output=True, env=env)
        times: dict[str, list[float]] = {k: [] for k in commands}
        cpu: dict[str, list[float]] = {k: [] for k in commands}
        text = Path(config).read_text(encoding="utf-8")
        for r in range(rounds):
            for name, argv in commands.items():
                if argv is edited:
                    Path(config).write_text(text + f"# edited {r}\n", encoding="utf-8")
                before = os.times()
                t = time.perf_counter()
                subprocess.run(argv, check=True, capture_output=True, env=env)
                times[name].append(time.perf_counter() - t)
                after = os.times()
                cpu[name].append(after.children_user - before.children_user
                                 + after.children_system - before.children_system)
                if argv is edited:
                    Path(config).write_text(text, encoding="utf-8")
                    subprocess.run(argv, check=True, capture_output=True, env=env)     # untimed: the cache of `text` again
    base = times["sqlite-utils --version"]
    print(f"(1) start-up, {rounds} interleaved rounds, wall time of a fresh process:")
    for name, ts in times.items():
        ratios = [t / b for t, b in zip(ts, base)]
        print(f"    {name:28} {_best_median(ts)}; CPU best {min(cpu[name]) * 1e3:.0f} ms, median "
              f"{statistics.median(cpu[name]) * 1e3:.0f} ms; × sqlite-utils: median {statistics.median(ratios):.2f}, "
              f"best/best {min(ts) / min(base):.2f}, CPU best/best {min(cpu[name]) / min(cpu['sqlite-utils --version']):.2f}")


# --- (2) the count --------------------------------------------------------------------------------------------

def count(rounds: int) -> None:
    import bench_tally
    from mafvote_tally import DayState, Player, Post, Roster, RosterMatcher, Tally, VoteRules, count_day

    stored_readings = hasattr(__import__("mafvote_tally.recognise").recognise, "Flat")
    try:    # what `GameService.count_views` does around a count, where the tree has it
        from mafvote.heap import collector_paused
    except ImportError:
        try:
            from mafvote.game.counting import collector_paused
        except ImportError:
            collector_paused = contextlib.nullcontext
    rnd = random.Random(3)
    roster = Roster(tuple(Player(p) for p in bench_tally.PLAYERS), gms=(bench_tally.GM,))
    state = DayState(day=2, deadline=bench_tally.START + timedelta(hours=22), alive=tuple(bench_tally.PLAYERS),
                     start=bench_tally.START)
    rules = VoteRules(early_close_from_day=1)
    with tempfile.TemporaryDirectory() as tmp:
        posts_html = bench_tally.thread(3000, rnd)
        store = bench_tally.build_store(Path(tmp) / "bench.db", posts_html)

        # the cold count from the stored readings in its two parts: the store's read (and the readings handed to the
        # matcher) and `count_day` itself. The "cold count" (its "Why": 138 ms, beside "store → count 200 ms")
        # is the second; this bench's target line holds the two together to it
        split: dict[str, list[float]] = {"read": [], "count": []}

        def from_store(with_readings: bool) -> Tally:
            # with the readings: the posts without their HTML, each version's reading under its content key, as
            # `GameService.count_inputs` and `_count` read them (issue 17): `Store.count_posts` where the tree has
            # it, else `Store.posts(html=False)` and `Post.from_stored`
            matcher = RosterMatcher.from_roster(roster)
            if not with_readings:
                posts = [Post.from_stored(p) for p in store.posts(kind="vote")]
                return count_day(posts, state, roster, rules, matcher=matcher)
            from mafvote_tally import recognise
            t_read = time.process_time()
            if hasattr(store, "count_posts"):
                read = store.count_posts("bench")
                posts, readings = list(read.posts.values()), read.readings
            else:
                stored = store.posts(kind="vote", html=False)
                posts = [Post.from_stored(p) for p in stored]
                readings = {Post.key_of(v): v.reading for p in stored for v in p.versions if v.reading is not None}
            if hasattr(recognise, "add_stored"):
                recognise.add_stored(matcher, readings)         # decoded when the count reads the post
            else:
                for key, reading in readings.items():
                    if key not in matcher.flats:
                        matcher.flats[key] = recognise.Flat.from_json(reading)
            t_count = time.process_time()
            tally = count_day(posts, state, roster, rules, matcher=matcher)
            split["read"].append(t_count - t_read)
            split["count"].append(time.process_time() - t_count)
            return tally

        html_only = from_store(False)
        print(f"(2) sanity: {sum(v.counted for v in html_only.votes)} counted votes, outcome "
              f"{html_only.outcome.reason} {html_only.outcome.eliminated}, {len(html_only.flags)} flags")
        if stored_readings:
            assert from_store(True).to_json() == html_only.to_json(), "stored readings count differently"
            split["read"].clear()
            split["count"].clear()
        stored = store.posts(kind="vote")
        posts = [Post.from_stored(p) for p in stored]
        res: dict[str, list[float]] = {k: [] for k in ("read", "first", "cold_stored", "cold_html", "count_only",
                                                       "warm")}
        warm_matcher = RosterMatcher.from_roster(roster)
        count_day(posts, state, roster, rules, matcher=warm_matcher)
        for _ in range(rounds):
            gc.collect()
            t = time.process_time()
            store.posts(kind="vote")
            res["read"].append(time.process_time() - t)
            if stored_readings:
                from mafvote_tally.recognise import flatten
                t = time.process_time()
                for _, html in posts_html:
                    flatten(html).to_json()
                res["first"].append(time.process_time() - t)
                t = time.process_time()
                with collector_paused():
                    from_store(True)
                res["cold_stored"].append(time.process_time() - t)
            t = time.process_time()
            from_store(False)
            res["cold_html"].append(time.process_time() - t)
            t = time.process_time()
            count_day(posts, state, roster, rules)
            res["count_only"].append(time.process_time() - t)
            t = time.process_time()
            with collector_paused():
                count_day(posts, state, roster, rules, view="public", matcher=warm_matcher)
            res["warm"].append(time.process_time() - t)
        store.close()
    print(f"(2) a 3,000-post day, 20 players, {rounds} rounds, CPU time of this process (process_time):")
    if stored_readings:
        print(f"    store → count, cold, from the stored readings: {_best_median(res['cold_stored'])} (target <= 50)")
        print(f"      of which the store's read (count_posts):   {_best_median(split['read'])}")
        print(f"      of which count_day, cold:                  {_best_median(split['count'])} (the issue's "
              "cold count: target <= 50)")
        print(f"    the first reading of the 3,000 posts (flatten + JSON, paid once when stored): "
              f"{_best_median(res['first'])}")
    print(f"    store → count, cold, from the HTML:            {_best_median(res['cold_html'])}")
    print(f"    of which Store.posts:                          {_best_median(res['read'])}")
    print(f"    count_day alone, cold, from the HTML:          {_best_median(res['count_only'])}")
    print(f"    re-count, warm (the matcher of the last count): {_best_median(res['warm'])} (target <= 10)")


# --- (3) the daemon's tick ------------------------------------------------------------------------------------

# the soak's forums, games and players (bench_soak: T0 is the games' start, day 1)
from bench_soak import ROLES, T0, Forum, _config  # noqa: E402

VOTE = 'Голосую <span style="color: red;" class="mycode_color">{target}</span>'
DAY_POSTS = 300
PROFILE = "--profile" in sys.argv
STEPS = "--steps" in sys.argv
# (3) --steps: CPU of this process in each part of a tick, by (game, "still"/"one"); the parts are methods every
# tree since session 8 has (the count files are rendered and written in `_publish`, the pages in `_pages`)
_steps: dict[tuple[int, str], dict[str, list[float]]] = {}
_ticks: dict[tuple[int, str], int] = {}          # the ticks timed so far, by (game, kind)
_step_of: list[tuple[int, str] | None] = [None]


def _step_done(key: tuple[int, str]) -> None:
    """A timed tick ended: each part's next slot (a part a tick did not reach took 0 ms in it)."""
    _ticks[key] = _ticks.get(key, 0) + 1
    for acc in _steps.get(key, {}).values():
        acc.append(0.0)


def _time_steps() -> None:
    import mafvote.daemon as daemon
    import mafvote_scraper.crawl as crawl
    from mafvote.alerts import AlertSender
    from mafvote.game.counting import Counting
    from mafvote_scraper.fetch import ForumClient

    def wrap(owner, name: str, label: str) -> None:
        inner = getattr(owner, name)

        def timed(*args, **kwargs):
            c = time.process_time()
            try:
                return inner(*args, **kwargs)
            finally:
                key = _step_of[0]
                if key is not None:
                    parts = _steps.setdefault(key, {})
                    if label not in parts:
                        parts[label] = [0.0] * (_ticks.get(key, 0) + 1)
                    parts[label][-1] += time.process_time() - c
        setattr(owner, name, timed)

    wrap(crawl, "crawl_game", "poll: both topics over HTTP, parsed, stored")
    wrap(ForumClient, "get", "  of which HTTP (ForumClient.get)")
    wrap(crawl, "parse_page", "  of which pages parsed")
    wrap(daemon, "url_changes_text", "the config's addresses against the store")
    wrap(Counting, "count_views", "count of both views (store read + count_day ×2)")
    wrap(daemon, "day_alerts", "the day's alerts")
    wrap(daemon.Daemon, "_publish", "count files: BBCode, themed HTML, written")
    wrap(daemon.Daemon, "_pages", "pages: both views built and written")
    wrap(AlertSender, "send", "alert sender")


def _thread(g: int, n: int, rnd: random.Random) -> list[tuple[str, str, datetime]]:
    """n posts of game g's vote thread: all but the day's DAY_POSTS before the day (as past days' are), the day's
    posts one every 2 minutes from its start."""
    old = n - DAY_POSTS
    out = []
    for i in range(n):
        who, target = rnd.sample(range(len(ROLES)), 2)
        when = (T0 - timedelta(days=30) + timedelta(seconds=i * (30 * 86400 // max(old, 1))) if i < old
                else T0 + timedelta(minutes=2 * (i - old)))
        html = VOTE.format(target=f"Игрок{g}_{target}") if rnd.random() < 0.4 else f"Думаю... #{i}"
        out.append((f"Игрок{g}_{who}", f"{html}<br />\n<i>#{i}</i>", when))
    return out


# (3)'s forums: ForumSim as the bench always ran it (an ETag and Last-Modified on each page, so an unchanged page is
# answered 304), and as a real MyBB 1.8 answers (neither header, a new form token and clock in every answer: every
# page comes back in full and differs from the last answer; what GMs run against)
FORUMS = {"etag": ("ForumSim with ETags (304s)", {}),
          "mybb": ("real MyBB 1.8: no ETag, a new token each answer", {"etag": False, "last_modified": False,
                                                                       "tokens": True})}


def _sql_of(daemon, game_id: str, now: datetime) -> tuple[int, int, int]:
    """One untimed tick with the store's statements traced: (statements, write transactions begun, rows written)."""
    conn = daemon.store.db.conn
    statements: list[str] = []
    changes = conn.total_changes
    conn.set_trace_callback(statements.append)
    try:
        daemon.crawl(game_id, now)
    finally:
        conn.set_trace_callback(None)
    begins = sum(1 for s in statements if s.lstrip().upper().startswith("BEGIN"))
    return len(statements), begins, conn.total_changes - changes


def tick(rounds: int, sizes: list[int], mode: str = "etag") -> None:
    from mafvote.config import load_config
    from mafvote.daemon import Daemon
    from mafvote_scraper.fetch import ForumClient

    logging.getLogger("mafvote").addHandler(logging.NullHandler())
    logging.getLogger("mafvote").propagate = False
    _steps.clear()
    _ticks.clear()
    title, sim = FORUMS[mode]
    forum = Forum(per_page=20, **sim)

    def send(kind: str, tid: int, posts: list[tuple[str, str, datetime]]) -> None:
        for author, html, when in posts:
            forum.send("post", tid, author, html, when)
        forum.sync()

    class Quiet:
        name = "webhook"

        def send(self, alert) -> None:
            pass

    rnd = random.Random(17)
    try:
        with tempfile.TemporaryDirectory(prefix="mafvote-tick-") as tmp:
            config = load_config(_config(Path(tmp), [forum], len(sizes)))
            for g, n in enumerate(sizes):
                forum.send("topic", 100 + 2 * g, f"Игра {g}")
                forum.send("topic", 101 + 2 * g, f"Голосование {g}")
                send("posts", 100 + 2 * g, [("Ведущий", "День первый.", T0)])
                posts = _thread(g, n, rnd)
                for i in range(0, len(posts), 1000):
                    send("posts", 101 + 2 * g, posts[i:i + 1000])
            now = T0 + timedelta(minutes=2 * DAY_POSTS + 1)
            with Daemon(config, channels={"webhook": Quiet()},
                        client_factory=lambda f: ForumClient.for_forum(f, sleep=lambda s: None),
                        sleep=lambda s: None) as daemon:
                t = time.perf_counter()
                stored: dict[int, int] = {}
                for g in range(len(sizes)):
                    # the first crawl, polls after polls: one reads at most the forum's `max_pages` pages
                    while True:
                        daemon.crawl(f"g{g}", now)
                        n = len(daemon.store.posts(game_id=f"g{g}"))
                        if n == stored.get(g):
                            break
                        stored[g] = n
                first = time.perf_counter() - t
                for _ in range(3):                              # warm: a few polls as the daemon would make
                    now += timedelta(minutes=2)
                    for g in range(len(sizes)):
                        daemon.crawl(f"g{g}", now)
                still: dict[int, list[float]] = {g: [] for g in range(len(sizes))}
                one: dict[int, list[float]] = {g: [] for g in range(len(sizes))}
                # CPU of this process (the daemon's own work; the forum is another process), beside the wall time
                still_cpu: dict[int, list[float]] = {g: [] for g in range(len(sizes))}
                one_cpu: dict[int, list[float]] = {g: [] for g in range(len(sizes))}
                counted: dict[int, int] = {g: 0 for g in range(len(sizes))}
                for r in range(rounds):
                    now += timedelta(minutes=2)
                    for g in range(len(sizes)):
                        gc.collect()
                        _step_of[0] = (g, "still")
                        t, c = time.perf_counter(), time.process_time()
                        report = daemon.crawl(f"g{g}", now)
                        _step_of[0] = None
                        still[g].append(time.perf_counter() - t)
                        still_cpu[g].append(time.process_time() - c)
                        _step_done((g, "still"))
                        counted[g] += len(report.counts)
                    now += timedelta(minutes=2)
                    for g in range(len(sizes)):
                        who, target = rnd.sample(range(len(ROLES)), 2)
                        send("posts", 101 + 2 * g, [(f"Игрок{g}_{who}", VOTE.format(target=f"Игрок{g}_{target}"),
                                                     now - timedelta(minutes=1))])
                        gc.collect()
                        if PROFILE and r == rounds - 1:
                            import cProfile
                            import pstats
                            prof = cProfile.Profile()
                            report = prof.runcall(daemon.crawl, f"g{g}", now)
                            print(f"--- profile of a tick with one new post, game {g}")
                            pstats.Stats(prof).sort_stats("cumtime").print_stats(45)
                            continue
                        _step_of[0] = (g, "one")
                        t, c = time.perf_counter(), time.process_time()
                        report = daemon.crawl(f"g{g}", now)
                        _step_of[0] = None
                        one[g].append(time.perf_counter() - t)
                        one_cpu[g].append(time.process_time() - c)
                        _step_done((g, "one"))
                        assert report.counts, "a new post was not counted"
                # untimed ticks with no change: the store's statements (3 ticks: one may be a re-read, which reads
                # the day's pages again) and, with --profile, where 5 more ticks' time goes
                sql: dict[int, list[tuple[int, int, int]]] = {g: [] for g in range(len(sizes))}
                for _ in range(3):
                    now += timedelta(minutes=2)
                    for g in range(len(sizes)):
                        sql[g].append(_sql_of(daemon, f"g{g}", now))
                if PROFILE:
                    import cProfile
                    import pstats
                    profs = {g: cProfile.Profile(time.process_time) for g in range(len(sizes))}
                    for _ in range(5):
                        now += timedelta(minutes=2)
                        for g in range(len(sizes)):
                            profs[g].runcall(daemon.crawl, f"g{g}", now)
                    for g in range(len(sizes)):
                        print(f"--- profile of 5 ticks with no change, game {g} ({title})")
                        pstats.Stats(profs[g]).sort_stats("cumtime").print_stats(60)
    finally:
        forum.stop()
    print(f"(3) the daemon's tick for one game, {rounds} rounds, forum: {title} (first crawl of all games "
          f"{first:.1f} s):")
    for g, n in enumerate(sizes):
        print(f"    {stored[g]:>6,} stored posts (the day's {DAY_POSTS}): no change {_best_median(still[g])} "
              f"(counts made: {counted[g]}); one new post {_best_median(one[g])}")
        print(f"    {'':>6}  CPU of the daemon's process: no change {_best_median(still_cpu[g])}; "
              f"one new post {_best_median(one_cpu[g])}")
        print(f"    {'':>6}  SQL of 3 ticks with no change (statements, write transactions, rows written): "
              + "; ".join(f"{n}, {w}, {c}" for n, w, c in sql[g]))
        for kind, title in (("one", "one new post"), ("still", "no change")):
            parts = _steps.get((g, kind))
            if parts:
                print(f"    {'':>6}  where a tick's CPU goes ({title}; median of the rounds, ms):")
                for label, ts in parts.items():
                    ts = ts[:-1] or [0.0]      # the last slot is the next tick's, empty
                    print(f"    {'':>10}{label:52} {statistics.median(ts) * 1e3:6.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--only", default="startup,count,tick")
    ap.add_argument("--profile", action="store_true", help="(3): profile the last tick with a new post")
    ap.add_argument("--steps", action="store_true", help="(3): the CPU of each part of a tick (median of the rounds)")
    ap.add_argument("--baseline", default=None, help="(1): also time the commands with this checkout's code")
    ap.add_argument("--sizes", default="1000,30000", help="stored posts of each game of the tick bench")
    ap.add_argument("--forum", default="etag,mybb", help="(3): the forums to tick against, of " + ", ".join(
        f"{k} ({v[0]})" for k, v in FORUMS.items()))
    args = ap.parse_args()
    from bench_tally import machine

    print(machine(), f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    only = set(args.only.split(","))
    if "startup" in only:
        startup(args.rounds, args.baseline)
    if "count" in only:
        count(args.rounds)
    if "tick" in only:
        if args.steps:
            _time_steps()
        for mode in args.forum.split(","):
            tick(args.rounds, [int(s) for s in args.sizes.split(",")], mode)


if __name__ == "__main__":
    main()
