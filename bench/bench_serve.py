"""What a refresh of `mafvote serve` costs in a 20-day game (issue 17): CPU time, side by side in one run.

    python bench/bench_serve.py [--days 20] [--per-day 170] [--repeat 5]

The game is the seeded test game of tests/support/seeded_game.py (votes, edits, deletions, a replacement), played
to day `--days` (every earlier day closed and every night resolved), `--per-day` posts a game day (the soak's rate).
Each refresh writes both views' pages of the game into the folders `mafvote serve` serves:

- before: `mafvote serve` up to this change (`pages.write_all_pages` with the caches kept, a new store and service
  at each refresh: every closed day counted again each time);
- now: `mafvote.serve_pages.ServedPages`, the first refresh (the server's start: everything made) and the next ones
  with nothing new, with one new post in the running day and with one late post of the day before, each stored by
  another connection (the daemon's crawl).

CPU time of the whole process (`time.process_time`, every thread: the refresh runs on a thread of its own), the
least of `--repeat`; the count_day calls of one refresh beside it (counts, not timings: the load does not change them).
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "bench")]

import support.seeded_game as seeded  # noqa: E402
from bench_tally import machine  # noqa: E402
from mafvote.config import load_config  # noqa: E402
from mafvote.game import counting  # noqa: E402
from mafvote.pages import write_all_pages  # noqa: E402
from mafvote.serve_pages import ServedPages  # noqa: E402
from support.game_dir import game_service  # noqa: E402

DAYS_COUNTED: list[int] = []
_count_day = counting.count_day


def _counting_day(posts, state, *args, **kw):  # noqa: ANN001, ANN002, ANN003
    DAYS_COUNTED.append(state.day)
    return _count_day(posts, state, *args, **kw)


counting.count_day = _counting_day


def cpu(fn) -> tuple[float, int]:  # noqa: ANN001
    """CPU ms of one call of `fn`, and the count_day calls it made."""
    gc.collect()
    DAYS_COUNTED.clear()
    t = time.process_time()
    fn()
    return (time.process_time() - t) * 1000, len(DAYS_COUNTED)


def line(what: str, runs: list[tuple[float, int]]) -> None:
    times = [t for t, _ in runs]
    print(f"{what:<58} {min(times):9.1f} ms best, {statistics.median(times):9.1f} median; count_day × {runs[0][1]}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", type=int, default=20)
    ap.add_argument("--per-day", type=int, default=170, help="posts a game day (the soak's rate)")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    print(machine())
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    seeded.DAYS = args.days
    with tempfile.TemporaryDirectory() as tmp:
        store, svc = game_service(Path(tmp))
        with store:
            thread = seeded.Thread(store)
            seeded.fill(thread, per_day=args.per_day)
            made = time.perf_counter()
            svc.resolve_night(1, now=seeded.start(1) + timedelta(minutes=5))
            for day in range(1, args.days):
                if day == 2:
                    svc.replace_player("Puss", "Кот", now=seeded.REPLACED_AT)
                thread.until(seeded.deadline(day) + timedelta(minutes=5))
                svc.close_day(day, now=seeded.deadline(day) + timedelta(minutes=5))
                svc.resolve_night(day + 1, now=seeded.start(day + 1) + timedelta(minutes=5))
            now = seeded.start(args.days) + timedelta(hours=6)
            thread.until(now)
            posts = len(store.posts(game_id="ny", include_deleted=True, html=False))
            print(f"the game: day {args.days} running, {args.days - 1} days closed, {posts} posts stored "
                  f"(played in {time.perf_counter() - made:.0f} s)")
            config = load_config(Path(tmp) / "config.toml")
            clock = [now]

            caches: dict = {}
            before = [cpu(lambda: write_all_pages(config, now=clock[0], caches=caches)) for _ in range(args.repeat + 1)]
            line("before: a refresh (each one alike; the first left out)", before[1:])

            first, again, new_post, late_post = [], [], [], []
            for r in range(args.repeat):
                served = ServedPages(config, now=lambda: clock[0])
                try:
                    first.append(cpu(served))
                    for _ in range(3):
                        clock[0] += timedelta(seconds=30)
                        again.append(cpu(served))
                    clock[0] += timedelta(minutes=1)
                    thread.write("vote", "Соня", clock[0] - timedelta(seconds=30),
                                               seeded.red("Ronin") + f" {r}")
                    thread.until(clock[0])
                    new_post.append(cpu(served))
                    clock[0] += timedelta(minutes=1)
                    late = thread.write("vote", "Enzo", seeded.deadline(args.days - 1) - timedelta(hours=1),
                                        seeded.red("Соня") + f" {r}")
                    thread.planned = [(clock[0], late, "post", seeded.red("Соня") + f" {r}")]
                    thread.until(clock[0])
                    late_post.append(cpu(served))
                finally:
                    served.close()
            line("now: the first refresh (the server's start)", first)
            line("now: the next refresh, nothing new", again)
            line("now: the next refresh, one new post (another process)", new_post)
            line(f"now: the next refresh, one late post of day {args.days - 1}", late_post)


if __name__ == "__main__":
    main()
