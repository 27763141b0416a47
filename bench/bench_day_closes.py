"""What the pages count and how high Python's memory peaks at each step of a game (issue 17, the soak's RSS steps).

    python bench/bench_day_closes.py [--days 6] [--per-day 170]

The test game of tests/app/test_count_window.py (its seeded thread: votes, edits, deletions, a replacement), played
day after day in one process as the daemon does: after each poll the pages of both views are made again
(`mafvote.pages.publish_pages`, caches kept from call to call), and at each day close and night resolution. For each
step it prints how many days `GameService.count_views` counted (calls, and which days) and tracemalloc's peak during
the regeneration above what was allocated before it. Counts and bytes, not timings: the load does not change them.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import tracemalloc
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "app")]

import test_count_window as tcw  # noqa: E402
from mafvote.pages import publish_pages  # noqa: E402
from support.game_dir import game_service  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", type=int, default=6)
    ap.add_argument("--per-day", type=int, default=170, help="posts a game day (the soak's rate)")
    args = ap.parse_args()
    tcw.DAYS = args.days
    with tempfile.TemporaryDirectory() as tmp:
        store, svc = game_service(Path(tmp))
        with store:
            thread = tcw.Thread(store)
            tcw.fill(thread, per_day=args.per_day)
            calls: list[int] = []
            count_views = svc.count_views

            def counting(day=None, **kw):
                calls.append(day)
                return count_views(day, **kw)

            svc.count_views = counting
            caches: dict = {}
            folder = Path(tmp) / "pages"

            def pages(what: str, now) -> None:
                thread.until(now)
                calls.clear()
                tracemalloc.reset_peak()
                base = tracemalloc.get_traced_memory()[0]
                publish_pages([svc], public_dir=folder / "public", gm_dir=folder / "gm", now=now, caches=caches)
                peak = tracemalloc.get_traced_memory()[1] - base
                print(f"{what:<28} counts {len(calls):>2} (days {sorted(set(calls))}), peak {peak / 1024:8.0f} KiB")

            tracemalloc.start()
            svc.resolve_night(1, now=tcw.start(1) + timedelta(minutes=5))
            for day in range(1, args.days + 1):
                if day == 2:
                    svc.replace_player("Puss", "Кот", now=tcw.REPLACED_AT)
                pages(f"day {day}, a poll", tcw.start(day) + timedelta(hours=6))
                pages(f"day {day}, the next poll", tcw.start(day) + timedelta(hours=6, minutes=2))
                svc.close_day(day, now=tcw.deadline(day) + timedelta(minutes=5))
                pages(f"day {day} closed", tcw.deadline(day) + timedelta(minutes=6))
                pages(f"night {day + 1}, a poll", tcw.deadline(day) + timedelta(minutes=30))
                svc.resolve_night(day + 1, now=tcw.start(day + 1) + timedelta(minutes=5))
                pages(f"night {day + 1} resolved", tcw.start(day + 1) + timedelta(minutes=6))


if __name__ == "__main__":
    main()
